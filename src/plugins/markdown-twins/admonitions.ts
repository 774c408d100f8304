/**
 * The admonitions written into a generated operation page's MDX under its endpoint (the "Moving
 * to V3" notice of every V1 operation, scripts/v1-successor-notices.ts), as Markdown quotes for
 * the page's twin. Operation twins are written from the OpenAPI file, not from the page, so
 * without this they would lose what the page says above the operation. Admonitions further down
 * come from the OpenAPI descriptions, which the twin writes itself.
 */

/** The endpoint the OpenAPI plugin writes under the title; the notices follow it. */
const endpointEnd = '</MethodEndpoint>';
/** One `:::caution[Moving to V3]` … `:::` block at the start of the text, after blank lines. */
const leadingAdmonition = /^\s*:::(\w+)(?:\[([^\]\n]*)\])?\n([\s\S]*?)\n:::[ \t]*(?:\n|$)/;

const capitalised = (word: string) => word.replace(/^\w/, (letter) => letter.toUpperCase());

/**
 * Each admonition right under the endpoint as a quote whose first line names its kind and title,
 * the form html-to-markdown.ts gives the admonitions of other pages. Site links go through `resolveHref`.
 */
export function admonitionQuotes(mdxSource: string, resolveHref: (href: string) => string = (href) => href): string[] {
  const at = mdxSource.indexOf(endpointEnd);
  let rest = at < 0 ? '' : mdxSource.slice(at + endpointEnd.length);
  const quotes: string[] = [];
  for (let match = leadingAdmonition.exec(rest); match; match = leadingAdmonition.exec(rest)) {
    const [whole, kind = 'note', title = '', body = ''] = match;
    const label = title && title.toLowerCase() !== kind ? `${capitalised(kind)}: ${title}` : capitalised(kind);
    const text = body.trim().replace(/\]\((\/[^)\s]*)\)/g, (_, href: string) => `](${resolveHref(href)})`);
    quotes.push([`**${label}**`, '', ...text.split('\n')].map((line) => (line ? `> ${line}` : '>')).join('\n'));
    rest = rest.slice(whole.length);
  }
  return quotes;
}
