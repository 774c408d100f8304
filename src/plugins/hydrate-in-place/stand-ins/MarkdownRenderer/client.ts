/**
 * In the browser, marked is fetched only when a description needs it: one the server did not
 * render (a schema level opened for the first time, a tab chosen, a client-side navigation).
 * Descriptions in the page's own HTML keep the server's markup (see @theme/Markdown).
 */
import {loadOnDemand} from '../../../../lib/load-on-demand';
import type {MarkdownRenderer} from './render';

/** The renderer once loaded; `needed` starts loading it. */
export const useMarkdownRenderer: (needed: boolean) => MarkdownRenderer | undefined = loadOnDemand(() =>
  // Prefetched when the page is idle (downloaded, not run), so opening a schema level finds it cached.
  import(/* webpackPrefetch: true */ './render').then(({renderMarkdown}) => renderMarkdown),
);
