// Replaced (issue 5): the OpenAPI theme renders API descriptions with react-markdown, remark and rehype (93 KB gzipped on every operation page); marked renders the same Markdown in a few KB.
import type {ReactNode} from 'react';
import {marked} from 'marked';

/**
 * Markdown from the OpenAPI files (descriptions of operations, parameters and schema fields).
 * The text is ours, written in the repository, so its HTML can be inserted as is; the server and
 * the browser produce the same HTML, so the page hydrates without re-rendering.
 */
export default function Markdown({children}: {children?: string}): ReactNode {
  if (!children) return null;
  // Infima makes every table a horizontal scroll box; tabindex lets a keyboard reach and scroll it (as MDXComponents does).
  const html = marked.parse(children, {async: false, gfm: true}).replaceAll('<table>', '<table tabindex="0">');
  return <div className="openapi-markdown" dangerouslySetInnerHTML={{__html: html}} />;
}
