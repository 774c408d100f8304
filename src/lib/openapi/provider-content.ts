/**
 * What another provider's OpenAPI file needs before the OpenAPI plugin writes pages from it.
 * Providers write for their own site, and the plugin trusts the text it is given:
 *
 * - Titles: the plugin writes an operation's summary into double-quoted YAML front matter as it is,
 *   so a summary of several paragraphs (GitHub's webhooks) is front matter no YAML parser reads.
 * - Operation ids: the plugin names a page after its operationId (else its summary); two
 *   operations with the same name share one page, and the sidebar entry of the other opens it.
 * - Links: `/docs/errors/item` is relative to the provider's site, and a broken link on ours.
 * - Images: a logo or picture from the provider's host would be a request outside the site (spec 7).
 *
 * gen-api (scripts/generate-api-docs.ts) hands the plugin the document as `providerDocument`
 * returns it, and the Markdown twins read it the same way, so a page and its twin agree.
 */
import kebabCase from 'lodash/kebabCase.js';
import type {JsonObject} from './refs';
import {withProse} from './description-markup';
import {httpMethods} from '../http-methods';
import {schemeDescription} from './security';
import {withOperationErrorExamples} from './operation-error-examples';

/**
 * `rewrite` applied to each match of `pattern` outside code spans and fences, which are shown as
 * written. One pass over the text, code first: a link whose text is code
 * (``[`workflow_dispatch` webhook](/…)``) is still a link.
 */
function outsideCode(text: string, pattern: RegExp, rewrite: (match: string, ...groups: string[]) => string): string {
  const combined = new RegExp(`(\`\`\`[\\s\\S]*?\`\`\`|\`[^\`\\n]+\`)|${pattern.source}`, 'gi');
  return text.replace(combined, (match: string, code: string | undefined, ...rest: unknown[]) =>
    code ? match : rewrite(match, ...rest.slice(0, -2).map((group) => (typeof group === 'string' ? group : ''))),
  );
}

/** An address with a scheme (`https:`, `mailto:`) or protocol-relative (`//host/…`). */
const isAbsolute = (href: string) => /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href);

/**
 * The address a provider's relative links are resolved against: the entry's `linkBase`, else the
 * file's `externalDocs.url`, else the site of its terms of service or contact. Undefined when the
 * file names no site of its own.
 */
export function providerLinkBase(document: JsonObject, linkBase?: string): string | undefined {
  const info = (document.info ?? {}) as {termsOfService?: unknown; contact?: {url?: unknown}};
  const candidates = [linkBase, (document.externalDocs as {url?: unknown} | undefined)?.url, info.termsOfService, info.contact?.url];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
    } catch {
      // Not an address: the next candidate.
    }
  }
  return undefined;
}

/** Markdown links and images, `[text](href "title")`, and HTML `href` attributes. */
const markdownLink = /(!?)\[([^\]\n]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/;
const htmlHref = /\bhref=(?:"([^"]*)"|'([^']*)')/;

const keepsItsAddress = (href: string) => !href || href.startsWith('#') || isAbsolute(href);

/**
 * The text with each relative link made absolute against `base` (the provider's site), or, with no
 * base, written as its text: a provider's page is not one of ours. A link to an anchor (`#…`) is
 * written as its text too: it names a section of the provider's page, which ours does not have.
 */
export function withLinksResolved(text: string, base: string | undefined): string {
  const resolve = (href: string) => (base ? new URL(href, base).href : undefined);
  const links = outsideCode(text, markdownLink, (match, bang = '', label = '', href = '') => {
    if (bang || !href) return match;
    if (href.startsWith('#')) return label;
    if (isAbsolute(href)) return match;
    const absolute = resolve(href);
    return absolute ? `[${label}](${absolute})` : label;
  });
  return outsideCode(links, htmlHref, (match, doubleQuoted = '', singleQuoted = '') => {
    const href = doubleQuoted || singleQuoted;
    return keepsItsAddress(href) ? match : `href="${resolve(href) ?? '#'}"`;
  });
}

/** An HTML `<img>` element. */
const htmlImage = /<img\b[^>]*>/;
const altOf = (element: string) => /\balt=(["'])([^"']*)\1/i.exec(element)?.[2] ?? '';

/**
 * The text without its images, each written as its alt text. Every image of a provider's text is
 * on the provider's host (the site has no copy, and the build has no network to fetch one): shown,
 * it would be a request outside the site, over plain HTTP for Square's logo.
 */
export function withoutImages(text: string): string {
  const markdown = outsideCode(text, markdownLink, (match, bang = '', alt = '') => (bang ? alt : match));
  return outsideCode(markdown, htmlImage, (element) => altOf(element));
}

/** HTML elements that have no content, which MDX reads as JSX: `<br>` must be written `<br />`. */
const voidElement = /<(br|hr|wbr|col|input|source|area|embed)\b([^>]*?)\s*\/?>/;

/** The text with every void element closed (GitHub's `<br>` after a code fence stopped the page compiling). */
export function withVoidElementsClosed(text: string): string {
  return outsideCode(text, voidElement, (_element, name = '', attributes = '') => `<${name}${attributes} />`);
}

/**
 * A summary written as a page title: one line. The plugin writes titles into front matter on one
 * line each, which scripts/generated-pages.ts re-quotes; a line break would end the value.
 */
export const titleLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** How long a summary may be and still be a title (the longest of Tessera's is 48 characters). */
const titleLength = 120;

/** An operation of the document and where it is. */
type Located = {operation: JsonObject; method: string; where: string; group: 'paths' | 'webhooks' | 'x-webhooks'};

function operationsIn(document: JsonObject): Located[] {
  return (['paths', 'webhooks', 'x-webhooks'] as const).flatMap((group) =>
    Object.entries((document[group] ?? {}) as Record<string, JsonObject>).flatMap(([where, item]) =>
      httpMethods
        .filter((method) => item && typeof item[method] === 'object')
        .map((method) => ({operation: item[method] as JsonObject, method, where, group})),
    ),
  );
}

/**
 * Every summary as a title line. A summary that is prose rather than a title (several paragraphs, or
 * longer than a title: GitHub's webhooks put their whole explanation there) gives way to the
 * operation's id as the title and joins the description, so nothing it says is lost.
 */
function withTitleSummaries(document: JsonObject): JsonObject {
  const copy = structuredClone(document);
  for (const {operation} of operationsIn(copy)) {
    if (typeof operation.summary !== 'string') continue;
    const summary = operation.summary.trim();
    const isProse = /\n\s*\n/.test(summary) || summary.length > titleLength;
    if (isProse && typeof operation.operationId === 'string' && operation.operationId) {
      const description = typeof operation.description === 'string' ? operation.description.trim() : '';
      operation.description = description ? `${description}\n\n${summary}` : summary;
      operation.summary = titleLine(operation.operationId);
    } else operation.summary = titleLine(summary);
  }
  const info = copy.info as {title?: unknown} | undefined;
  if (info && typeof info.title === 'string') info.title = titleLine(info.title);
  return copy;
}

/** An operation given an id of its own, for gen-api to report. */
export type RenamedOperation = {method: string; where: string; was: string; pageId: string};

/**
 * A copy in which every operation has an operationId naming a page of its own. An operation
 * without one is named after its summary, as the plugin would name it; where two name the same
 * page, the first in the file keeps it and the later ones get the first segment of their path
 * (`ListPayments` on `/v1/…` becomes `ListPayments-v1`), else their method and path. `renamed`
 * lists them.
 */
export function withDistinctOperationIds(document: JsonObject): {document: JsonObject; renamed: RenamedOperation[]} {
  const copy = structuredClone(document);
  const taken = new Set<string>();
  const renamed: RenamedOperation[] = [];
  const nameOf = ({operation, where}: Located) =>
    typeof operation.operationId === 'string' && operation.operationId
      ? operation.operationId
      : typeof operation.summary === 'string' && operation.summary
        ? operation.summary
        : where;
  // In the file's order, as the plugin writes pages: the first keeps the page it had.
  for (const entry of operationsIn(copy)) {
    const name = nameOf(entry);
    const segment = entry.where.split('/').find(Boolean) ?? entry.method;
    const candidates = [name, `${name}-${segment}`, `${name}-${entry.method}-${entry.where}`];
    let id = candidates.find((candidate) => !taken.has(kebabCase(candidate)));
    for (let n = 2; !id; n += 1) if (!taken.has(kebabCase(`${name}-${n}`))) id = `${name}-${n}`;
    taken.add(kebabCase(id));
    if (id !== name) renamed.push({method: entry.method, where: entry.where, was: name, pageId: kebabCase(id)});
    if (id !== entry.operation.operationId) entry.operation.operationId = id;
  }
  return {document: copy, renamed};
}

/** A copy without `info`'s logos: the provider's images are not on the site. */
function withoutLogos(document: JsonObject): JsonObject {
  const info = document.info as JsonObject | undefined;
  if (!info || (!('x-logo' in info) && !('x-dark-logo' in info))) return document;
  const rest = {...info};
  delete rest['x-logo'];
  delete rest['x-dark-logo'];
  return {...document, info: rest};
}

/** A copy whose security schemes all have a description: the file's, else what the scheme is (src/lib/openapi/security.ts). */
function withSchemesDescribed(document: JsonObject): JsonObject {
  const components = document.components as {securitySchemes?: Record<string, JsonObject>} | undefined;
  if (!components?.securitySchemes) return document;
  const securitySchemes = Object.fromEntries(
    Object.entries(components.securitySchemes).map(([name, scheme]) => [
      name,
      typeof scheme.description === 'string' && scheme.description.trim() ? scheme : {...scheme, description: schemeDescription(scheme)},
    ]),
  );
  return {...document, components: {...components, securitySchemes}};
}

export type ProviderDocument = {document: JsonObject; renamed: RenamedOperation[]};

/**
 * The document as the site's pages are written from it: titles that are title lines and distinct
 * operation ids for every file; for a file added beside Tessera's own (`provider`), relative links
 * resolved against the provider's site (`providerLinkBase`), images dropped for their alt text,
 * `<br>` and the other void elements closed as MDX needs them, and
 * a description for each security scheme that has none (the overview lists them); for Tessera's
 * own files, each operation's 400, 401 and 403 examples written for it (operation-error-examples.ts).
 */
export function providerDocument(document: JsonObject, options: {provider: boolean; linkBase?: string}): ProviderDocument {
  const {document: named, renamed} = withDistinctOperationIds(withTitleSummaries(document));
  // Tessera's files share their 400, 401 and 403 responses; each operation's page shows them as its own.
  if (!options.provider) return {document: withOperationErrorExamples(named), renamed};
  const base = providerLinkBase(document, options.linkBase);
  return {
    document: withSchemesDescribed(
      withProse(withoutLogos(named), (text) => withVoidElementsClosed(withoutImages(withLinksResolved(text, base)))),
    ),
    renamed,
  };
}
