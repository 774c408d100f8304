/**
 * Holds a page's first paint until the top of its content is parsed, so that nothing painted early
 * moves when the rest of the page arrives.
 *
 * A busy phone may paint a page before it has parsed all of it. At the top of a docs page, what
 * moved then was the breadcrumbs: an item painted before its text grew and wrapped to the next
 * line, and its separator slid along. `<link rel="expect" blocking="render">` holds painting until
 * the element it names is in the document (Chromium 124+; other browsers ignore it): here the
 * status line that ends the copy-page row, which follows the breadcrumbs on every docs page. It
 * comes about 4 KB (gzip) into a page, within the first packets, so the hold costs no round trip.
 * A page without that row (home, search, not found, each under 5 KB) paints once it is parsed.
 *
 * A head tag from a plugin costs no JavaScript, where one from a component would ship in its chunk.
 * tests/e2e/budgets.spec.ts serves pages tag by tag and checks that nothing painted moves.
 */
import type {Plugin} from '@docusaurus/types';
import {copyPageStatusId} from '../../components/CopyPageMarkdown/labels';

export default function holdFirstPaintPlugin(): Plugin {
  return {
    name: 'hold-first-paint',
    injectHtmlTags: () => ({
      headTags: [{tagName: 'link', attributes: {rel: 'expect', href: `#${copyPageStatusId}`, blocking: 'render'}}],
    }),
  };
}
