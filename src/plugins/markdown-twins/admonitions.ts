/**
 * The admonitions written into a generated operation page's MDX (the "Moving to V3" notice of
 * every V1 operation, scripts/v1-successor-notices.ts), as Markdown quotes for the page's twin.
 * Operation twins are written from the OpenAPI file, not from the page, so without this they
 * would lose what the page says above the operation.
 */

/** `:::caution[Moving to V3]` … `:::` blocks at the top level of an MDX source. */
const admonitionBlock = /^:::(\w+)(?:\[([^\]\n]*)\])?\n([\s\S]*?)\n:::$/gm;

const capitalised = (word: string) => word.replace(/^\w/, (letter) => letter.toUpperCase());

/**
 * Each admonition of the source as a quote whose first line names its kind and title, the form
 * html-to-markdown.ts gives the admonitions of other pages. Site links go through `resolveHref`.
 */
export function admonitionQuotes(mdxSource: string, resolveHref: (href: string) => string = (href) => href): string[] {
  return [...mdxSource.matchAll(admonitionBlock)].map(([, kind = 'note', title = '', body = '']) => {
    const label = title && title.toLowerCase() !== kind ? `${capitalised(kind)}: ${title}` : capitalised(kind);
    const text = body.trim().replace(/\]\((\/[^)\s]*)\)/g, (_, href: string) => `](${resolveHref(href)})`);
    return [`**${label}**`, '', ...text.split('\n')].map((line) => (line ? `> ${line}` : '>')).join('\n');
  });
}
