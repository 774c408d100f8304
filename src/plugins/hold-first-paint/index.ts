/**
 * Holds a page's first paint until the top of its content is parsed, so that nothing painted early
 * moves when the rest of the page arrives.
 *
 * A busy phone may paint a page before it has parsed all of it. `<link rel="expect"
 * blocking="render">` holds painting until the element it names is in the document (Chromium 124+;
 * other browsers ignore it), or until the whole page is parsed where there is no such element.
 * - The status line that ends the copy-page row, which follows the breadcrumbs on every docs page:
 *   painted early, a breadcrumb item grew and wrapped to the next line, and its separator slid
 *   along. It comes about 4 KB (gzip) into a page, within the first packets, so the hold costs no
 *   round trip. A page without that row (home, search, not found, each under 5 KB) paints once it
 *   is parsed.
 * - The end of the first screen (first-screen.ts): after the content's blocks that end within its
 *   first 2,500 characters of source, and after a table that starts there, whose columns settle
 *   only once all its cells are parsed. A docs page the remark plugin does not see (a category
 *   index) has no marker and paints once parsed; such pages are short.
 *
 * A head tag from a plugin costs no JavaScript, where one from a component would ship in its chunk.
 * tests/e2e/budgets.spec.ts serves pages tag by tag and checks that nothing painted moves.
 */
import type {Plugin} from '@docusaurus/types';
import {copyPageStatusId} from '../../components/CopyPageMarkdown/labels';
import {firstScreenEndId} from './first-screen';

/** The ids of the elements the first paint waits for, in the order a page holds them. */
const firstPaintWaitsFor = [copyPageStatusId, firstScreenEndId];

export default function holdFirstPaintPlugin(): Plugin {
  return {
    name: 'hold-first-paint',
    injectHtmlTags: () => ({
      headTags: firstPaintWaitsFor.map((id) => ({tagName: 'link', attributes: {rel: 'expect', href: `#${id}`, blocking: 'render'}})),
    }),
  };
}
