/**
 * The response headers of the deployed site, in one place: security headers, the
 * Content-Security-Policy and the caching rules, in two formats read by different hosts from this
 * one policy:
 *
 * - for nginx, server directives rendered outside the build, by the deploy (scripts/deploy.ts) and
 *   the local server (scripts/nginx-server.ts) from the hashes they compute from the build's pages:
 *   nothing a build contains is ever read by nginx as configuration;
 * - `build/_headers`, the format of Netlify, Cloudflare Pages and similar CDNs, written after every
 *   build by scripts/write-host-headers.ts.
 *
 * The site loads nothing from another origin, so every directive allows 'self' at most. The only
 * inline scripts are the few the build writes into the pages (the theme's colour-mode script, the
 * app's script starter of config/ssr-template.ts, and on the home page Docusaurus's warning banner
 * for a wrong baseUrl); they are allowed by their SHA-256, computed from the built HTML files
 * (buildScriptHashes), so a changed script changes the policy instead of being blocked, and an
 * injected one is refused.
 */
import {createHash} from 'node:crypto';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseHtml, type DefaultTreeAdapterMap} from 'parse5';

/**
 * Where browsers send CSP violation reports: the site's own origin (nginx logs them,
 * deploy/nginx/tessera-docs.conf), so no request leaves it. `report-uri` for browsers without the
 * Reporting API, `report-to` with the Reporting-Endpoints header for the others.
 */
export const cspReportPath = '/csp-report';
export const cspReportGroup = 'csp';

/** Hashed files never change under their name: cached for a year, never revalidated. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';
/** Everything else (pages, downloads, the Markdown twins) is revalidated on every visit (ETag). */
export const revalidateCacheControl = 'no-cache';

/**
 * URL paths whose file names carry a hash of their content: Docusaurus's bundles and media
 * (`/assets/`), the drawn diagrams (`/diagrams/<content hash>.svg`, src/plugins/prerendered-diagrams)
 * and the search index files (`search-index-<hash>.json`, `search-doc-<hash>.json` and their
 * per-version variants such as `/docs/1.0.0/search-index-<hash>.json`, named by the search plugin's
 * `hashed: 'filename'`). Regular expressions
 * on the URL path, in nginx's PCRE and JavaScript alike.
 */
export const immutablePathPatterns = [
  String.raw`^/assets/`,
  String.raw`^/diagrams/[^/]+\.svg$`,
  String.raw`^/(.+/)?search-(index|doc)[^/]*-[0-9a-f]{8,}\.json$`,
] as const;

export function isImmutablePath(urlPath: string): boolean {
  return immutablePathPatterns.some((pattern) => new RegExp(pattern).test(urlPath));
}

/** A CSP source for one inline script: its SHA-256 in base64, as browsers compute it over the element's text. */
export function scriptHashSource(scriptText: string): string {
  return `'sha256-${createHash('sha256').update(scriptText, 'utf8').digest('base64')}'`;
}

/** Script types a browser runs; data blocks (`application/json`, `application/ld+json`) are not run, so CSP ignores them. */
const executableScriptTypes = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * The text of every inline script a browser would run in this HTML, as written (the hash covers
 * the exact characters). Docusaurus's minified output quotes attributes or not; both are read.
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1]!;
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    const typeValue = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
    if (!executableScriptTypes.has(typeValue)) continue;
    scripts.push(match[2]!);
  }
  return scripts;
}

type Parse5Node = DefaultTreeAdapterMap['node'];

/** Attributes whose URL a browser runs when it is a `javascript:` URL. */
const navigatingUrlAttributes = new Set(['href', 'xlink:href', 'src', 'action', 'formaction']);

/** A URL as the URL parser reads it: tabs and line breaks removed, leading controls and spaces dropped. */
function asUrlParserReads(value: string): string {
  const withoutBreaks = value.replace(/[\t\n\r]/g, '');
  let start = 0;
  while (start < withoutBreaks.length && withoutBreaks.charCodeAt(start) <= 0x20) start += 1;
  return withoutBreaks.slice(start);
}

/**
 * Inline event handlers (`onclick="…"`) and `javascript:` URLs: a hash cannot allow them, so the
 * build must have none. Read with parse5, the HTML standard's parser, so that attributes are
 * found as a browser finds them (after `/`, after a quoted value with no space, past a `>` inside
 * a quoted value), and URLs are compared as a browser's URL parser reads them (entities decoded,
 * tabs and line breaks removed).
 */
export function inlineHandlers(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Parse5Node): void => {
    if ('attrs' in node) {
      for (const {name, value} of node.attrs) {
        if (/^on/i.test(name)) found.push(name.toLowerCase());
        else if (navigatingUrlAttributes.has(name.toLowerCase()) && /^javascript:/i.test(asUrlParserReads(value)))
          found.push('javascript: URL');
      }
    }
    if ('content' in node) visit(node.content);
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(parseHtml(html));
  return found;
}

/**
 * The Content-Security-Policy for a build whose inline scripts have these hashes.
 * - `style-src 'unsafe-inline'`: React writes `style` attributes (the theme's and the OpenAPI
 *   theme's components) and mermaid's SVGs carry `<style>`; styles cannot run code.
 * - `img-src data:`: Infima and the OpenAPI theme draw icons as `data:` SVGs in their CSS.
 * - The search runs in a web worker bundled under /assets/, covered by `'self'`.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...[...scriptHashes].sort()],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['frame-src', "'none'"],
    ['frame-ancestors', "'none'"],
    ['form-action', "'self'"],
    ['report-uri', cspReportPath],
    ['report-to', cspReportGroup],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** The headers every response carries, pages, assets, redirects and errors alike. */
export function securityHeaders(scriptHashes: readonly string[]): [name: string, value: string][] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(scriptHashes)],
    // Two years, subdomains included: the docs are only ever served over HTTPS in production.
    ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    // For browsers without frame-ancestors.
    ['X-Frame-Options', 'DENY'],
    // The site needs no referrer, not even its own.
    ['Referrer-Policy', 'no-referrer'],
    // Powerful features a docs page never uses; only names Chromium recognises (an unknown one logs an error).
    ['Permissions-Policy', 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Reporting-Endpoints', `${cspReportGroup}="${cspReportPath}"`],
  ];
}

const generatedNotice = (format: string) =>
  `Generated by scripts/write-host-headers.ts from config/security-headers.ts (${format}); do not edit.`;

/** The nginx spelling of a header value (nginxValue's quoting). */
export const nginxQuoted = (value: string): string => `"${value.replaceAll('"', '\\"')}"`;

/** Characters nginx would read as syntax in a quoted string: `"` is escaped, the others are refused (none of our values has them). */
function nginxValue(value: string): string {
  if (/[\\$\n]/.test(value)) throw new Error(`Header value cannot be written for nginx: ${value}`);
  return nginxQuoted(value);
}

/** A regular expression in quotes: `$` may only end it (elsewhere nginx reads a variable), and `\\` would be unescaped. */
function nginxPattern(pattern: string): string {
  if (/["\n]|\\\\|\$(?!$)/.test(pattern)) throw new Error(`Pattern cannot be written for nginx: ${pattern}`);
  return `"${pattern}"`;
}

/**
 * The nginx form, for the server context (inside nginxReleaseConfig). The cache
 * rule is set in the server's rewrite phase, which nginx runs again after an internal redirect,
 * so a 404 for a missing asset is revalidated like the 404 page it serves.
 */
export function nginxHeaders(scriptHashes: readonly string[]): string {
  const lines = [
    `set $tessera_cache_control ${nginxValue(revalidateCacheControl)};`,
    ...immutablePathPatterns.map(
      (pattern) => `if ($uri ~ ${nginxPattern(pattern)}) { set $tessera_cache_control ${nginxValue(immutableCacheControl)}; }`,
    ),
    'add_header Cache-Control $tessera_cache_control always;',
    ...securityHeaders(scriptHashes).map(([name, value]) => `add_header ${name} ${nginxValue(value)} always;`),
  ];
  return `${lines.join('\n')}\n`;
}

/** A CSP script source as the build's pages produce it, and nothing else: the only text of a build that reaches nginx's configuration. */
const scriptHashSourcePattern = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/**
 * The server-context include of one release (scripts/deploy.ts writes it beside the release's files,
 * scripts/nginx-server.ts into its temporary prefix): the release's folder as `root`, and its headers.
 * Rendered from this module and the script hashes only, so that whoever writes a build controls the
 * files served, never a directive.
 */
export function nginxReleaseConfig({
  root,
  scriptHashes,
  generatedBy,
}: {
  root: string;
  scriptHashes: readonly string[];
  generatedBy: string;
}): string {
  if (!path.isAbsolute(root) || /[\s"'\\$;{}#]/.test(root)) throw new Error(`Release root cannot be written for nginx: ${root}`);
  for (const hash of scriptHashes) if (!scriptHashSourcePattern.test(hash)) throw new Error(`Not a script hash: ${hash}`);
  return `# Written by ${generatedBy} from config/security-headers.ts; do not edit.\nroot ${root};\n${nginxHeaders(scriptHashes)}`;
}

/**
 * The `_headers` form. Its path rules are globs, not regular expressions, so the immutable files
 * are listed by folder or as the build names them (`hashedPaths`: the search index files). `/*`
 * sets no Cache-Control: these hosts join the values of every rule that matches a path, and their
 * default for other files is already to revalidate.
 */
export function headersFile(scriptHashes: readonly string[], hashedPaths: readonly string[]): string {
  const block = (pattern: string, headers: [string, string][]) =>
    [pattern, ...headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return `${[
    `# ${generatedNotice('_headers')}`,
    block('/*', securityHeaders(scriptHashes)),
    ...['/assets/*', '/diagrams/*', ...hashedPaths].map((pattern) => block(pattern, [['Cache-Control', immutableCacheControl]])),
  ].join('\n\n')}\n`;
}

// Reading the build.

/** Today three (colour mode, script starter, base-URL banner); many more means a per-page script slipped in. */
export const maxDistinctInlineScripts = 6;

function* filesUnder(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, {withFileTypes: true})) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export type BuildScripts = {hashes: string[]; pages: number};

/** The hashes of the inline scripts of every HTML file under `root`. */
export function buildScriptHashes(root: string): BuildScripts {
  const hashes = new Set<string>();
  let pages = 0;
  for (const file of filesUnder(root)) {
    if (!file.endsWith('.html')) continue;
    pages += 1;
    const html = readFileSync(file, 'utf8');
    const handlers = inlineHandlers(html);
    if (handlers.length > 0) {
      throw new Error(
        `${path.relative(root, file)} has inline handlers (${handlers.join(', ')}), which the CSP refuses: use addEventListener in a bundled script.`,
      );
    }
    for (const script of inlineScripts(html)) hashes.add(scriptHashSource(script));
  }
  if (pages === 0) throw new Error(`No HTML files under ${root}: run the build first.`);
  if (hashes.size > maxDistinctInlineScripts) {
    throw new Error(
      `The pages have ${hashes.size} different inline scripts (at most ${maxDistinctInlineScripts}): an inline script that differs per page ` +
        'would put one CSP hash per page into every response. Pass per-page data in a JSON data block instead (see config/ssr-template.ts).',
    );
  }
  return {hashes: [...hashes].sort(), pages};
}

/** The hashed files outside /assets/ and /diagrams/, which a glob cannot pick out: the search index files. */
export function hashedFilePaths(root: string): string[] {
  return [...filesUnder(root)]
    .map((file) => `/${path.relative(root, file).split(path.sep).join('/')}`)
    .filter((urlPath) => isImmutablePath(urlPath) && !/^\/(assets|diagrams)\//.test(urlPath))
    .sort();
}
