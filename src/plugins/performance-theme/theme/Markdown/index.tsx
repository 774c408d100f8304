// Replaced: the OpenAPI theme renders API descriptions with react-markdown, remark and rehype (93 KB gzipped); marked renders them on the server, and the browser keeps that HTML.
import type {ReactNode} from 'react';
import {useMarkdownRenderer} from '@tessera/markdown-renderer';
import {keepServerChildren, useHydratedFromServerHtml} from '@site/src/plugins/hydrate-in-place/stand-ins/ServerMarkup';

/**
 * Markdown from the OpenAPI files (descriptions of operations, parameters and schema fields).
 * The text is ours, written in the repository, so its HTML can be inserted as is. A description
 * in the page's HTML keeps the server's markup for as long as it is mounted, so hydrating it
 * parses nothing; one the browser renders itself waits for marked (src/plugins/hydrate-in-place/stand-ins/MarkdownRenderer).
 */
export default function Markdown({children}: {children?: string}): ReactNode {
  const hydratedFromServer = useHydratedFromServerHtml();
  const render = useMarkdownRenderer(!hydratedFromServer && Boolean(children));
  if (!children) return null;
  if (hydratedFromServer) {
    return <div className="openapi-markdown" dangerouslySetInnerHTML={keepServerChildren} suppressHydrationWarning />;
  }
  return <div className="openapi-markdown" dangerouslySetInnerHTML={render ? {__html: render(children)} : undefined} />;
}
