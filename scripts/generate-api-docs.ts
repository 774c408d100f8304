/**
 * Regenerates the API reference pages of both versions from the OpenAPI files.
 * `npm run build` and `npm run start` run it first; its output is not committed.
 *
 * 1. Empties the output folders, because the plugin never overwrites a page.
 * 2. Writes a copy of each OpenAPI file with request samples in `x-codeSamples` (built here, so
 *    no page generates them in the browser) and runs the plugin's `gen-api-docs all` on it.
 * 3. Marks every generated page as generated, swaps the operation the plugin packs into each
 *    page's front matter for the small summary the page uses (src/lib/operation-summary.ts),
 *    writes the 1.0.0 sidebar JSON that Docusaurus needs for a versioned sidebar (it cannot import
 *    the generated sidebar.ts), and publishes the OpenAPI files and the SDK declarations for download.
 *    With TESSERA_STOCK=1 (config/performance-layer.ts) operation pages stay as the plugin wrote
 *    them, for the OpenAPI theme's own ApiItem: the summary and registration are for the layer's.
 */
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {inflateSync} from 'node:zlib';
import {parse} from 'yaml';
import {openApiDownloadPath, openApiSpecs} from '../config/openapi';
import {docsVersions} from '../config/site-constants';
import {withCodeSamples, type CodeSample, type JsonObject} from './request-samples';
import {requestSamplesExport, summarizeOperation} from '../src/lib/operation-summary';
import {addSuccessorNotices} from './v1-successor-notices';
import {withObjectLinks} from './reference/object-links';
import {docsRouteOf, writeReferencePages} from './reference/write-reference-pages';
import {overviewDescription, withPageDescription, withPlainPageDescription} from './reference/page-description';
import {isStockBuild} from '../config/performance-layer';

const siteDir = path.resolve(import.meta.dirname, '..');
const docusaurusBin = path.join(siteDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');

const legacySidebarFile = path.join(siteDir, 'versioned_sidebars', `version-${docsVersions.legacy.name}-sidebars.json`);

/**
 * Empties each output folder. On a clean clone the 1.0.0 docs folder and sidebar do not exist
 * yet, and Docusaurus refuses to start (even for this command) without them, so they are created.
 */
function prepareOutput(): void {
  for (const spec of Object.values(openApiSpecs)) {
    const outputDir = path.join(siteDir, spec.outputDir);
    rmSync(outputDir, {recursive: true, force: true});
    mkdirSync(outputDir, {recursive: true});
  }
  mkdirSync(path.dirname(legacySidebarFile), {recursive: true});
  writeFileSync(legacySidebarFile, '{}\n');
}

function writeSpecsWithSamples(): void {
  for (const spec of Object.values(openApiSpecs)) {
    const document = parse(readFileSync(path.join(siteDir, spec.sourcePath), 'utf8')) as JsonObject;
    const target = path.join(siteDir, spec.specPath);
    mkdirSync(path.dirname(target), {recursive: true});
    writeFileSync(target, JSON.stringify(withCodeSamples(withObjectLinks(document, docsRouteOf(spec)))));
  }
}

function runPluginGeneration(): void {
  const result = spawnSync(process.execPath, [docusaurusBin, 'gen-api-docs', 'all'], {
    cwd: siteDir,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    throw new Error(`gen-api-docs failed with exit code ${result.status}`);
  }
}

/**
 * The plugin's `api` front matter is the whole operation, zlib-deflated and base64-encoded; the
 * page ships it twice (its metadata and its module). JSON is YAML, so the summary goes in as is.
 * The request samples go in the page's body as an export instead (src/lib/operation-summary.ts
 * says why front matter would corrupt them).
 */
function withOperationSummary(frontMatter: string, file: string): {frontMatter: string; samplesExport: string} {
  const packed = /^api: (\S+)$/m.exec(frontMatter);
  if (!packed?.[1]) throw new Error(`${file} has no packed operation in its front matter`);
  const operation = JSON.parse(inflateSync(Buffer.from(packed[1], 'base64')).toString('utf8')) as Parameters<
    typeof summarizeOperation
  >[0] & {
    'x-codeSamples'?: CodeSample[];
  };
  return {
    frontMatter: frontMatter.replace(packed[0], () => `api: ${JSON.stringify(summarizeOperation(operation))}`),
    samplesExport: requestSamplesExport(operation['x-codeSamples'] ?? []),
  };
}

/**
 * Marks every page as generated (YAML front matter allows comments), and makes each operation
 * page import the module that registers ApiItem, so ApiItem loads with these pages only.
 */
function markGenerated(outputDir: string, sourcePath: string): number {
  const marker = `# Generated from ${sourcePath} by scripts/generate-api-docs.ts: edit the OpenAPI file, not this page.`;
  const registration = `import '@site/src/plugins/openapi-docs/api-item-registry/register';`;
  const pages = readdirSync(outputDir).filter((file) => file.endsWith('.mdx'));
  const document = parse(readFileSync(path.join(siteDir, sourcePath), 'utf8')) as Parameters<typeof overviewDescription>[0];
  for (const page of pages) {
    const file = path.join(outputDir, page);
    const text = readFileSync(file, 'utf8');
    const frontMatterEnd = text.indexOf('\n---\n', 4);
    if (!text.startsWith('---\n') || frontMatterEnd < 0) throw new Error(`${file} has no front matter`);
    const body = text.slice(frontMatterEnd + 5);
    const raw = text.slice(4, frontMatterEnd + 5);
    const frontMatter = page.endsWith('.api.mdx')
      ? withPlainPageDescription(raw, file)
      : withPageDescription(raw, overviewDescription(document, page, raw));
    if (page.endsWith('.api.mdx') && !isStockBuild()) {
      const operation = withOperationSummary(frontMatter, file);
      writeFileSync(file, `---\n${marker}\n${operation.frontMatter}\n${registration}\n\n${operation.samplesExport}\n${body}`);
    } else {
      writeFileSync(file, `---\n${marker}\n${frontMatter}${body}`);
    }
  }
  return pages.length;
}

type SidebarNode = {id?: string; items?: SidebarNode[]; link?: {id?: string}; [key: string]: unknown};

/** The plugin names 1.0.0 pages `version-1.0.0/api/…`; inside a versioned sidebar they are `api/…`. */
function rebaseIds(node: SidebarNode, prefix: string): SidebarNode {
  const rebase = (id: string) => (id.startsWith(prefix) ? id.slice(prefix.length) : id);
  return {
    ...node,
    ...(node.id ? {id: rebase(node.id)} : {}),
    ...(node.link?.id ? {link: {...node.link, id: rebase(node.link.id)}} : {}),
    ...(node.items ? {items: node.items.map((child) => rebaseIds(child, prefix))} : {}),
  };
}

async function writeLegacySidebar(): Promise<void> {
  const spec = openApiSpecs.tesseraV1;
  const generated = path.join(siteDir, spec.outputDir, 'sidebar.ts');
  const module = (await import(pathToFileURL(generated).href)) as {default: SidebarNode[] | {default: SidebarNode[]}};
  // tsx loads the generated ES module through CommonJS interop, which may nest the default export.
  const items = Array.isArray(module.default) ? module.default : module.default.default;
  const prefix = `version-${docsVersions.legacy.name}/`;
  const sidebar = {docs: items.map((item) => rebaseIds(item, prefix))};
  writeFileSync(legacySidebarFile, `${JSON.stringify(sidebar, null, 2)}\n`);
  rmSync(generated);
}

/** Readers download the OpenAPI files and the SDK's type declarations from the site itself. */
function publishDownloads(): void {
  const downloads = [
    ...Object.values(openApiSpecs).map((spec) => [spec.sourcePath, openApiDownloadPath(spec.sourcePath)] as const),
    ['sdk/tessera-sdk.d.ts', '/sdk/tessera-sdk.d.ts'] as const,
  ];
  for (const [source, sitePath] of downloads) {
    const target = path.join(siteDir, 'static', sitePath);
    mkdirSync(path.dirname(target), {recursive: true});
    copyFileSync(path.join(siteDir, source), target);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  prepareOutput();
  writeSpecsWithSamples();
  runPluginGeneration();
  const pageCounts = Object.values(openApiSpecs).map(
    (spec) => `${spec.version}: ${markGenerated(path.join(siteDir, spec.outputDir), spec.sourcePath)} pages`,
  );
  addSuccessorNotices(path.join(siteDir, openApiSpecs.tesseraV1.outputDir));
  await writeLegacySidebar();
  // Error catalogue, object pages and notifications (scripts/reference/write-reference-pages.ts).
  const referenceCounts = writeReferencePages(legacySidebarFile);
  publishDownloads();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const referencePages = referenceCounts.map(
    (count) => `${count.version}: ${count.errors} error codes, ${count.objects} objects, ${count.notifications} notification events`,
  );
  console.log(`API reference generated (${pageCounts.join(', ')}; ${referencePages.join('; ')}) in ${seconds} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
