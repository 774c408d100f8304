/**
 * Which components may keep the HTML the server wrote for them: code blocks
 * (src/plugins/performance-theme/theme/CodeBlock/Content) and API descriptions (src/plugins/performance-theme/theme/Markdown) render an empty
 * innerHTML while React hydrates them, which React (production) leaves alone, so the server's
 * markup stays without being parsed or rebuilt.
 */
import {useState} from 'react';

/** An empty innerHTML: React keeps the element's children as they are. */
export const keepServerChildren = {__html: ''};

let pageHasServerHtml: boolean | undefined;

/**
 * Whether the page came with server-rendered HTML: the production build does; `npm start`
 * renders in the browser only, into an empty root. Read at the first render and remembered.
 */
function pageCameWithServerHtml(): boolean {
  pageHasServerHtml ??= (document.getElementById('__docusaurus')?.childElementCount ?? 0) > 0;
  return pageHasServerHtml;
}

let hydrationCommitted = false;

/**
 * A Docusaurus client-module lifecycle (the hydrate-in-place plugin registers this module): its
 * first call comes from a layout effect of the commit that hydrates the page, so every component
 * that mounts after it renders in the browser. `useIsBrowser()` cannot tell: it turns true in a
 * transition some time after hydration (stand-ins/BrowserContextInTransition), and a tab a reader
 * chooses in between (the click interrupts the transition) mounts a code block that has no server
 * markup to keep.
 */
export function onRouteDidUpdate(): void {
  hydrationCommitted = true;
}

/**
 * True for a component React is hydrating from the page's HTML, for as long as it stays mounted.
 * False on the server, after hydration (client-side navigation, a tab chosen, content opened
 * later) and in `npm start`: then the component must render its content itself.
 */
export function useHydratedFromServerHtml(): boolean {
  const [hydrated] = useState(() => typeof window !== 'undefined' && !hydrationCommitted && pageCameWithServerHtml());
  return hydrated;
}
