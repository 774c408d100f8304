/**
 * In the browser, Prism (about 33 KB gzipped) is fetched only when a code block needs it: a block
 * the server did not render, after a client-side navigation. Blocks in the page's own HTML keep
 * the server's highlighted markup (see @theme/CodeBlock/Content).
 */
import {loadOnDemand} from '../../../lib/load-on-demand';
import type {Highlighter} from './types';

/** The highlighter once loaded; `needed` starts loading it. */
export const useHighlighter: (needed: boolean) => Highlighter | undefined = loadOnDemand(() =>
  import('./prism').then(({Highlight}) => Highlight),
);
