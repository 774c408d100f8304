// Stands in for theme-common in the doc and API page layouts (src/plugins/hydrate-in-place): the desktop table of contents stays mounted on phones, where the theme's CSS hides it.
export * from '@tessera/theme-common';

/**
 * The two layouts read the window size for one decision: render the desktop table of contents
 * unless the window is narrower than 997 px. The server renders it (the size is unknown there),
 * so on a phone the first effect after hydration changed the size to "mobile" and removed it in
 * an update React cannot slice, though the theme's CSS already hides it at that width. Answering
 * "ssr" keeps the server's markup, with no state, no effect and no resize listener.
 */
export function useWindowSize(): 'ssr' {
  return 'ssr';
}
