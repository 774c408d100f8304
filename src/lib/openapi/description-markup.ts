/**
 * Angle brackets in descriptions that are not HTML. Providers write placeholders and example
 * markup as text: Stripe's "Basic <api_key>" and "<amount>200</amount>". The OpenAPI plugin
 * escapes `<` for MDX unless an allowed HTML tag's name follows it, but compares only the first
 * letters (lib/markdown/utils.js `lessThan`): `<api_key` and `</amount` pass as `<a`, and the page
 * fails to compile. `escapePseudoTags` escapes every `<` that does not open or close an HTML
 * element, outside code spans and fences (which the plugin leaves as they are), before the plugin
 * reads the text; real tags (`<p>`, `<a href="…">`, `<code>`) are left for it.
 */
import type {JsonObject} from './refs';

/** The elements of HTML that descriptions use, and the rest of HTML's phrasing and flow content. */
const htmlElements = new Set(
  (
    'a abbr address article aside b bdi bdo blockquote br caption cite code col colgroup dd del details dfn div dl dt em ' +
    'figcaption figure footer h1 h2 h3 h4 h5 h6 header hr i img ins kbd li main mark nav ol p pre q s samp section small ' +
    'span strike strong sub summary sup table tbody td tfoot th thead time tr u ul var wbr button center svg title bold'
  ).split(' '),
);

/** Code spans and fences, which are shown as written. */
const codeParts = /(```[\s\S]*?```|`[^`\n]+`)/g;

/** `<` and an optional `/`, then a name: what could open or close a tag. */
const tagStart = /<(\/?)([A-Za-z][\w.:-]*)/g;

/** The text with every `<` that does not start an HTML tag written as `&lt;`, code left as it is. */
export function escapePseudoTags(text: string): string {
  return text
    .split(codeParts)
    .map((part, index) =>
      // split() with a capturing group puts the code parts at odd indexes.
      index % 2 === 1
        ? part
        : part.replace(tagStart, (match, slash: string, name: string) =>
            htmlElements.has(name.toLowerCase()) ? match : `&lt;${slash}${name}`,
          ),
    )
    .join('');
}

/** Values that are data, not prose: left exactly as the file gives them. */
const dataKeys = new Set(['example', 'examples', 'default', 'enum', 'const', 'x-codeSamples']);

/** A copy of the document with `rewrite` applied to every `description` and `summary` outside example data. */
export function withProse(document: JsonObject, rewrite: (text: string) => string): JsonObject {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (dataKeys.has(key)) return [key, value];
        if ((key === 'description' || key === 'summary') && typeof value === 'string') return [key, rewrite(value)];
        return [key, visit(value)];
      }),
    );
  };
  return visit(document) as JsonObject;
}

/** A copy of the document with `escapePseudoTags` applied to every `description` and `summary` outside example data. */
export function withPseudoTagsEscaped(document: JsonObject): JsonObject {
  return withProse(document, escapePseudoTags);
}
