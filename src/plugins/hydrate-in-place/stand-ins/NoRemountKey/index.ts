// Stands in for `@docusaurus/useIsBrowser` in tabs and code blocks (src/plugins/hydrate-in-place), which use it only as a remount key.

/**
 * Tabs and code blocks remount their whole content once hydrated, keyed on `useIsBrowser()`:
 * tabs so that a choice restored from local storage or the URL can replace the server's default
 * (facebook/docusaurus#5653), code blocks so that Prism colours follow a colour mode other than
 * the server's. Neither needs it on this site: the one tab choice it restores, the sample language
 * in the URL's `lang` (spec 7 keeps it out of local storage), reaches the tabs as a state update
 * after hydration (`useTabsContextValue`'s layout effect), which re-renders the tab set without a
 * remount (tests/e2e/sample-language.spec.ts); and it has one colour mode (spec 4: dark, no
 * switch). The remount only rebuilt every tab and code block in one long task.
 */
export default function useConstantRemountKey(): boolean {
  return false;
}
