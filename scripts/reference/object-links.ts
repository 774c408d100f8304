/**
 * Links the names prose puts in code spans to their pages: objects (`OrderLine`), operations
 * (`readSession`) and error codes (`currency_mismatch`). Applied to the copy of the OpenAPI file
 * the pages are generated from, so the OpenAPI file stays plain (other tools read it too), and by
 * src/plugins/object-links to the guides. Names added to the file later are linked wherever they appear.
 */
import {referenceRoutes, type JsonObject} from '../../src/lib/openapi';

/** Keys whose string values are Markdown prose: OpenAPI descriptions and the error catalogue's advice. */
const proseKeys = new Set(['description', 'when', 'action']);

export function linkCodeSpans(markdown: string, routes: ReadonlyMap<string, string>): string {
  // Not inside an existing link text (`[`Cart`](…)`) and not in a fenced code block.
  return markdown
    .split(/(^```[\s\S]*?^```)/m)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/(?<!\[)`([A-Za-z][A-Za-z0-9_]*)`(?!\])/g, (whole, name: string) => {
            const route = routes.get(name);
            return route ? `[\`${name}\`](${route})` : whole;
          }),
    )
    .join('');
}

export function withObjectLinks<T extends JsonObject>(document: T, docsRoute: string): T {
  const routes = referenceRoutes(document, docsRoute);
  const visit = (node: unknown, key: string | undefined): unknown => {
    if (typeof node === 'string') return key && proseKeys.has(key) ? linkCodeSpans(node, routes) : node;
    if (Array.isArray(node)) return node.map((child) => visit(child, undefined));
    if (!node || typeof node !== 'object') return node;
    // Examples are data, not prose.
    return Object.fromEntries(
      Object.entries(node).map(([childKey, child]) => [
        childKey,
        childKey === 'examples' || childKey === 'example' ? child : visit(child, childKey),
      ]),
    );
  };
  return visit(document, undefined) as T;
}
