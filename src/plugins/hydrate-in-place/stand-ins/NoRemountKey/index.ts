// Stands in for `@docusaurus/useIsBrowser` in tabs and code blocks (src/plugins/hydrate-in-place), which use it only as a remount key.

/**
 * Tabs and code blocks remount their whole content once hydrated, keyed on `useIsBrowser()`:
 * tabs so that a choice restored from local storage or the URL can replace the server's default
 * (facebook/docusaurus#5653), code blocks so that Prism colours follow a colour mode other than
 * the server's. Neither happens on this site: it restores no tab choice (spec 7: local storage
 * holds only the theme, the announcement bar and the docs version) and has one colour mode (spec
 * 4: dark, no switch). The remount only rebuilt every tab and code block in one long task.
 */
export default function useConstantRemountKey(): boolean {
  return false;
}
