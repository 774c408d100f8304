/**
 * Which components may keep the HTML the server wrote for them: code blocks
 * (src/plugins/performance-theme/theme/CodeBlock/Content) and API descriptions (src/plugins/performance-theme/theme/Markdown) render an empty
 * innerHTML while React hydrates them, which React (production) leaves alone, so the server's
 * markup stays without being parsed or rebuilt.
 */
import {useState} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';

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

/**
 * True for a component React is hydrating from the page's HTML, for as long as it stays mounted.
 * False on the server, after hydration (client-side navigation, content opened later) and in
 * `npm start`: then the component must render its content itself.
 */
export function useHydratedFromServerHtml(): boolean {
  const isBrowser = useIsBrowser();
  const [hydrated] = useState(() => typeof window !== 'undefined' && !isBrowser && pageCameWithServerHtml());
  return hydrated;
}
