/** Markdown from the OpenAPI files to HTML, with marked (GitHub-flavoured). */
import {marked} from 'marked';

export type MarkdownRenderer = (markdown: string) => string;

export const renderMarkdown: MarkdownRenderer = (markdown) =>
  // Infima makes every table a horizontal scroll box; tabindex lets a keyboard reach and scroll it (as MDXComponents does).
  marked.parse(markdown, {async: false, gfm: true}).replaceAll('<table>', '<table tabindex="0">');
