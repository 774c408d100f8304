/**
 * Reading the pages the OpenAPI plugin wrote. Each step of scripts/generate-api-docs.ts that reads
 * one goes through here, so a page it cannot read stops the run with a message that names the
 * page, its operation and the reason, never with a parser's stack trace.
 */
import {inflateSync} from 'node:zlib';
import {parse} from 'yaml';
import {securitySentence} from '../src/lib/openapi/security';

/** A generated page that cannot be read: `file (operation): reason`. */
export class GeneratedPageError extends Error {
  constructor(file: string, reason: string, operation?: string) {
    super(`${file}${operation ? ` (${operation})` : ''}: ${reason}`);
    this.name = 'GeneratedPageError';
  }
}

/**
 * The operation a page documents, as a reader of the message finds it in the OpenAPI file:
 * `GET /repos/{owner}/{repo} in <file>`, from the operation the plugin packed into the page; its id
 * where that cannot be read.
 */
export function pageOperation(text: string, sourcePath?: string): string | undefined {
  const inFile = sourcePath ? ` in ${sourcePath}` : '';
  const packed = /^api: (\S+)$/m.exec(text)?.[1];
  if (packed) {
    try {
      // As the plugin wrote it (deflated, base64), or as gen-api left it (the summary's JSON).
      const json = packed.startsWith('{') ? packed : inflateSync(Buffer.from(packed, 'base64')).toString('utf8');
      const operation = JSON.parse(json) as {method?: unknown; path?: unknown};
      if (typeof operation.method === 'string' && typeof operation.path === 'string')
        return `${operation.method.toUpperCase()} ${operation.path}${inFile}`;
    } catch {
      // Named by its id below.
    }
  }
  const id = /^id: (\S+)$/m.exec(text)?.[1];
  return id ? `page ${id}${inFile}` : sourcePath;
}

/** The fields the plugin writes as `key: "…"` with the text inside as it is, double quotes and backslashes included. */
const quotedField = /^(title|description|sidebar_label): "(.*)"$/gm;

/**
 * The page with those fields quoted as YAML reads them. The plugin turns most double quotes of a
 * text into single ones, but not the second of two in a row (GitHub's `…organization).""`), and
 * leaves backslashes, which YAML reads as escapes: each value is the text between the line's
 * first and last quote, written again as a JSON string (JSON is YAML).
 */
export function withFieldsQuoted(text: string): string {
  const end = text.indexOf('\n---\n', 4);
  if (!text.startsWith('---\n') || end < 0) return text;
  const frontMatter = text.slice(0, end).replace(quotedField, (_line, key: string, value: string) => `${key}: ${JSON.stringify(value)}`);
  return frontMatter + text.slice(end);
}

/**
 * A page's front matter, checked to be YAML, and its body. `raw` is the front matter as written,
 * with its closing `---` line; `data` is what it says.
 */
export function pageFrontMatter(
  file: string,
  text: string,
  sourcePath?: string,
): {raw: string; body: string; data: Record<string, unknown>} {
  const end = text.indexOf('\n---\n', 4);
  if (!text.startsWith('---\n') || end < 0) throw new GeneratedPageError(file, 'it has no front matter', pageOperation(text, sourcePath));
  let data: unknown;
  try {
    data = parse(text.slice(4, end));
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new GeneratedPageError(file, `its front matter is not valid YAML (${reason})`, pageOperation(text, sourcePath));
  }
  if (!data || typeof data !== 'object')
    throw new GeneratedPageError(file, 'its front matter is not a mapping', pageOperation(text, sourcePath));
  return {raw: text.slice(4, end + 5), body: text.slice(end + 5), data: data as Record<string, unknown>};
}

/** The version badge the plugin puts above an API's title on its info page. */
const pluginVersionBadge =
  /<span\n\s*className=\{"theme-doc-version-badge badge badge--secondary"\}\n\s*children=\{("(?:[^"\\]|\\.)*")\}\n>\n<\/span>\n*/;
const infoHeadingEnd = /(className=\{"openapi__heading"\}[\s\S]*?<\/Heading>\n)/;

/**
 * An info page with one version badge, the site's (the docs version it belongs to). The plugin
 * adds the API's version as a second one; where that is another version than the docs' (Square's
 * `2.0` in 3.0.0), it is said under the title instead.
 */
export function withOneVersionBadge(body: string, apiVersion: unknown, docsVersion: string): string {
  const badge = pluginVersionBadge.exec(body);
  if (!badge) return body;
  const without = body.replace(badge[0], '');
  if (typeof apiVersion !== 'string' || !apiVersion.trim() || apiVersion.trim() === docsVersion) return without;
  return without.replace(infoHeadingEnd, (heading: string) => `${heading}\nAPI version: \`${apiVersion.trim().replace(/`/g, '')}\`\n`);
}

/** Where an operation page's body has its request (or, without one, its responses) section. */
const requestSection = /^<Heading\n\s*id=\{"request"\}|^<StatusCodes\b/m;

/**
 * The page body with the operation's security requirement after its description: the schemes,
 * all of them where a requirement combines several, and the OAuth scopes (src/lib/openapi/security.ts).
 */
export function withSecurityRequirement(
  body: string,
  operation: {method?: unknown; security?: unknown; securitySchemes?: unknown},
): string {
  if (operation.method === 'event') return body;
  const document = {components: {securitySchemes: operation.securitySchemes ?? {}}};
  const sentence = securitySentence(document, {security: operation.security});
  const at = body.search(requestSection);
  if (!sentence || at < 0) return body;
  return `${body.slice(0, at)}**Authentication:** ${sentence}\n\n${body.slice(at)}`;
}
