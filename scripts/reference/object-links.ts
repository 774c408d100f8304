/**
 * Links every object a description names in a code span (`OrderLine`) to the object's page, in
 * the copy of the OpenAPI file the pages are generated from. The OpenAPI file stays plain (other
 * tools read it too), and a schema added later is linked wherever it is named.
 */
import {objectRoute} from './object-pages';
import type {JsonObject} from './openapi-model';

/** Keys whose string values are Markdown prose: OpenAPI descriptions and the error catalogue's advice. */
const proseKeys = new Set(['description', 'when', 'action']);

export function linkObjectNames(markdown: string, schemaNames: ReadonlySet<string>, docsRoute: string): string {
  // Not inside an existing link text (`[`Cart`](…)`) and not in a fenced code block.
  return markdown
    .split(/(^```[\s\S]*?^```)/m)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/(?<!\[)`([A-Z][A-Za-z0-9]*)`(?!\])/g, (whole, name: string) =>
            schemaNames.has(name) ? `[\`${name}\`](${objectRoute(docsRoute, name)})` : whole,
          ),
    )
    .join('');
}

export function withObjectLinks<T extends JsonObject>(document: T, docsRoute: string): T {
  const schemaNames = new Set(Object.keys(((document.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject));
  const visit = (node: unknown, key: string | undefined): unknown => {
    if (typeof node === 'string') return key && proseKeys.has(key) ? linkObjectNames(node, schemaNames, docsRoute) : node;
    if (Array.isArray(node)) return node.map((child) => visit(child, undefined));
    if (!node || typeof node !== 'object') return node;
    // Examples are data, not prose.
    return Object.fromEntries(
      Object.entries(node).map(([childKey, child]) => [childKey, childKey === 'examples' || childKey === 'example' ? child : visit(child, childKey)]),
    );
  };
  return visit(document, undefined) as T;
}
