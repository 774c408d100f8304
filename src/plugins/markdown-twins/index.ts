/**
 * Docs that developers' tools can read. After the build, every docs page of every version gets a
 * Markdown twin at its URL plus `.md` (front matter naming its version and canonical URL), and
 * the site gets `/llms.txt` (the pages as the sidebars group them, current version first) and
 * `/llms-full.txt` (the whole current version in one file, then each older operation's notice of
 * where it moved).
 *
 * - Operation pages: written from the OpenAPI file (operation-markdown.ts), with the admonitions
 *   of their generated MDX (admonitions.ts).
 * - Category index pages: written from the sidebar (site-map.ts).
 * - Every other page: its built HTML converted with rehype-remark (html-to-markdown.ts).
 *
 * The pages come from the docs plugin's loaded versions, so a page added by anyone (a guide, a
 * generated API page) gets its twin without a change here.
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent, LoadedVersion} from '@docusaurus/plugin-content-docs';
import {stringify} from 'yaml';
import {markdownTwinsOptions} from '../../../config/llms';
import {openApiSpecs, operationPageRoute, versionDocsFolder, type OpenApiSpec} from '../../../config/openapi';
import {docsVersions} from '../../../config/site-constants';
import type {JsonObject} from '../../lib/openapi/refs';
import {keepSchemaCyclesAsReferences} from '../../lib/openapi/schema-cycles';
import {sampleLanguageNames} from '../../lib/sample-languages/languages';
import {parseApiFile} from '../../lib/openapi/document';
import {providerDocument} from '../../lib/openapi/provider-content';
import {withReferencedObjectLinks} from '../../lib/openapi/field-schemas';
import type {CodeSample} from '../../lib/openapi/operation-summary';
import {admonitionQuotes} from './admonitions';
import {articleMarkdown} from './html-to-markdown';
import {operationMarkdown, operationsOf, type OperationEntry} from './operation-markdown';
import {
  allPages,
  generatedIndexMarkdown,
  llmsTxt,
  markdownPath,
  versionHeading,
  versionMap,
  type LlmsTxtOptions,
  type PageEntry,
  type VersionMap,
} from './site-map';

export type MarkdownTwinsOptions = Omit<LlmsTxtOptions, 'siteUrl' | 'downloads' | 'sitePages' | 'details'> & {
  /** The paragraphs after the summary, given what the site computes (config/ cannot import src/). */
  details: (facts: {sampleLanguages: string}) => LlmsTxtOptions['details'];
  /** The files llms.txt offers besides the pages, given the site's directory. */
  downloads: (siteDir: string) => LlmsTxtOptions['downloads'];
};

export const llmsTxtPath = '/llms.txt';
export const llmsFullTxtPath = '/llms-full.txt';

/** Operation pages are the OpenAPI plugin's `*.api.mdx` files. */
const isOperationPage = (sourcePath: string) => sourcePath.endsWith('.api.mdx');

/** The operations of the OpenAPI file that documents `versionName`, by page id. */
type TwinOperation = {document: JsonObject; entry: OperationEntry; sender: string};

function operationsFor(siteDir: string, versionName: string): Map<string, TwinOperation> {
  const result = new Map<string, TwinOperation>();
  for (const spec of Object.values(openApiSpecs as Record<string, OpenApiSpec>).filter((candidate) => candidate.version === versionName)) {
    // As gen-api hands it to the OpenAPI plugin: titles, operation ids, a provider's links and
    // images as its pages have them (src/lib/openapi/provider-content.ts), and a schema of a cycle
    // named and linked, not written out again inside another (src/lib/openapi/schema-cycles.ts).
    const source = parseApiFile(spec.sourcePath, readFileSync(path.join(siteDir, spec.sourcePath), 'utf8'));
    const pages = providerDocument(source, {provider: !spec.referencePages, linkBase: spec.linkBase});
    // A field that is an id or `null` links the object it identifies, as the page does.
    const linked = spec.referencePages
      ? withReferencedObjectLinks(pages.document, `/${docsVersions.routeBasePath}/${spec.version}`)
      : pages.document;
    const document = keepSchemaCyclesAsReferences(linked, (operationId) => operationPageRoute(spec, operationId));
    // Keyed by doc id (`api/create-session`, `api/adyen-checkout-v71/sessions`): two APIs may share an operationId.
    const folder = path.relative(versionDocsFolder(spec.version), spec.outputDir);
    const sender = spec.referencePages ? 'Tessera' : String((source.info as {title?: unknown} | undefined)?.title ?? 'The provider');
    for (const entry of operationsOf(document)) result.set(`${folder}/${entry.pageId}`, {document, entry, sender});
  }
  return result;
}

function htmlFileOf(outDir: string, permalink: string): string {
  const candidates = [path.join(outDir, permalink, 'index.html'), path.join(outDir, `${permalink.replace(/\/$/, '')}.html`)];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`markdown-twins: no HTML for ${permalink}`);
  return found;
}

export function frontMatter(page: PageEntry, siteUrl: string): string {
  const fields = {
    title: page.title,
    description: page.description.replace(/\s+/g, ' ').trim(),
    version: page.version.name,
    version_status: page.version.status,
    canonical_url: `${siteUrl}${page.permalink}`,
    markdown_url: `${siteUrl}${markdownPath(page.permalink)}`,
  };
  return `---\n${stringify(fields, {lineWidth: 0})}---\n\n`;
}

type Context = {siteDir: string; outDir: string; siteUrl: string; permalinks: Set<string>};

/** Links to our own pages point at their twins; every other site link becomes absolute. */
function resolveHref(context: Context, href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const [pathname = '', hash] = href.split('#');
  const target = context.permalinks.has(withoutTrailingSlash(pathname)) ? markdownPath(pathname) : pathname;
  return `${context.siteUrl}${target}${hash === undefined ? '' : `#${hash}`}`;
}

/** A page's twin body, and the notices written above its operation (operation pages only). */
type PageTwin = {body: string; notices: string[]};

function pageTwin(context: Context, page: PageEntry, version: LoadedVersion, operations: ReturnType<typeof operationsFor>): PageTwin {
  const {source} = page;
  if (source.kind === 'generated-index') return {body: generatedIndexMarkdown(page, version, context.siteUrl), notices: []};
  if (isOperationPage(source.sourcePath)) {
    const operation = operations.get(source.id);
    if (!operation)
      throw new Error(`markdown-twins: ${source.sourcePath} matches no operation of the OpenAPI file for ${page.version.name}`);
    const mdx = readFileSync(path.join(context.siteDir, source.sourcePath.replace(/^@site\//, '')), 'utf8');
    const notices = admonitionQuotes(mdx, (href) => resolveHref(context, href));
    return {body: operationMarkdown(operation.document, operation.entry, page.title, notices, operation.sender), notices};
  }
  const markdown = articleMarkdown(readFileSync(htmlFileOf(context.outDir, page.permalink), 'utf8'), {
    resolveHref: (href) => resolveHref(context, href),
    // The build's copy of a tab set's samples file (src/plugins/sample-tabs): twins carry every language.
    readSamplesFile: (url) => JSON.parse(readFileSync(path.join(context.outDir, url), 'utf8')) as CodeSample[],
  });
  if (!markdown) throw new Error(`markdown-twins: ${page.permalink} has no article to convert`);
  return {body: markdown, notices: []};
}

function writeFile(outDir: string, sitePath: string, content: string): void {
  const target = path.join(outDir, sitePath);
  mkdirSync(path.dirname(target), {recursive: true});
  writeFileSync(target, content);
}

type SitePage = {permalink: string};

/** `/docs/` and `/docs` are one page; the spec and the sitemap write it without the slash. */
const withoutTrailingSlash = (permalink: string) => (permalink === '/' ? permalink : permalink.replace(/\/+$/, ''));

/** One of the site's own pages (home, docs root, glossary): its content, titled as its h1 or <title>. */
function sitePageTwin(twinContext: Context, page: SitePage): {title: string; body: string} {
  const html = readFileSync(htmlFileOf(twinContext.outDir, page.permalink), 'utf8');
  const body = articleMarkdown(html, {page: 'site', resolveHref: (href) => resolveHref(twinContext, href)});
  if (!body) throw new Error(`markdown-twins: ${page.permalink} has no content to convert`);
  const title = /^# (.+)$/m.exec(body)?.[1] ?? /<title[^>]*>([^<|]+)/.exec(html)?.[1]?.trim() ?? page.permalink;
  return {title, body};
}

/**
 * Registered without options: what Docusaurus is given in docusaurus.config.ts ships to every page
 * in main.js, and the llms.txt texts are for the build only, so they come from config/llms.ts.
 */
export default function markdownTwinsPlugin(context: LoadContext): Plugin {
  const options: MarkdownTwinsOptions = markdownTwinsOptions;
  let versions: LoadedVersion[] = [];
  let sitePages: SitePage[] = [];
  return {
    name: 'markdown-twins',
    allContentLoaded({allContent}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      if (!docs) throw new Error('markdown-twins: the docs plugin has no content');
      // The current version first, then the others newest first, as the navbar lists them.
      versions = [...docs.loadedVersions].sort((a, b) => Number(b.isLast) - Number(a.isLast));
      sitePages = (allContent['docusaurus-plugin-content-pages']?.default as SitePage[] | undefined) ?? [];
    },
    async postBuild({outDir, siteConfig}) {
      const siteUrl = `${siteConfig.url.replace(/\/$/, '')}${siteConfig.baseUrl.replace(/\/$/, '')}`;
      const maps: VersionMap[] = versions.map(versionMap);
      const pages = allPages(maps);
      const twinContext: Context = {
        siteDir: context.siteDir,
        outDir,
        siteUrl,
        permalinks: new Set([...pages, ...sitePages].map((page) => withoutTrailingSlash(page.permalink))),
      };
      const twins = new Map<string, PageTwin>();
      for (const [index, version] of versions.entries()) {
        const operations = operationsFor(context.siteDir, maps[index]!.version.name);
        for (const section of maps[index]!.sections) {
          for (const page of section.pages) {
            const twin = pageTwin(twinContext, page, version, operations);
            twins.set(page.permalink, twin);
            const {body} = twin;
            writeFile(outDir, markdownPath(page.permalink), `${frontMatter(page, siteUrl)}${body}`);
          }
        }
      }
      const siteEntries = sitePages.map((page) => {
        const {title, body} = sitePageTwin(twinContext, page);
        const fields = {
          title,
          canonical_url: `${siteUrl}${withoutTrailingSlash(page.permalink)}`,
          markdown_url: `${siteUrl}${markdownPath(page.permalink)}`,
        };
        writeFile(outDir, markdownPath(page.permalink), `---\n${stringify(fields, {lineWidth: 0})}---\n\n${body}`);
        return {title, path: markdownPath(page.permalink), description: ''};
      });
      const llms = llmsTxt(maps, {
        ...options,
        siteUrl,
        sitePages: siteEntries,
        details: options.details({sampleLanguages: sampleLanguageNames()}),
        downloads: options.downloads(context.siteDir),
      });
      writeFile(outDir, llmsTxtPath, llms);
      const current = maps[0]!;
      // Older versions are not in full, but what their pages say about moving on is: a reader of
      // this file who meets a V1 call learns where it went.
      const olderNotices = maps.slice(1).flatMap((map) =>
        allPages([map])
          .filter((page) => (twins.get(page.permalink)?.notices.length ?? 0) > 0)
          .map((page) => ({page, version: map.version, notices: twins.get(page.permalink)!.notices})),
      );
      const full = [
        `# ${options.title}: ${versionHeading(current.version)}, every page`,
        '',
        `> ${options.summary.replace(/\s+/g, ' ').trim()}`,
        '',
        `Every page of version ${current.version.name} in the order of the sidebar. The index of all pages, older versions included, is ${siteUrl}${llmsTxtPath}.`,
        '',
        ...allPages([current]).flatMap((page) => [
          '---',
          '',
          `Source: ${siteUrl}${page.permalink}`,
          '',
          twins.get(page.permalink)!.body.trim(),
          '',
        ]),
        ...(olderNotices.length > 0 ? ['---', '', '# Older versions: where their operations moved', ''] : []),
        ...olderNotices.flatMap(({page, version, notices}) => [
          `## ${page.title} (${versionHeading(version)})`,
          '',
          `Page: ${siteUrl}${markdownPath(page.permalink)}`,
          '',
          ...notices.flatMap((notice) => [notice, '']),
        ]),
      ].join('\n');
      writeFile(outDir, llmsFullTxtPath, full);
      console.log(
        `[markdown-twins] ${pages.length} docs pages and ${siteEntries.length} site pages as Markdown, ${llmsTxtPath} and ${llmsFullTxtPath} written`,
      );
    },
  };
}
