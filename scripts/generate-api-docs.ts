/**
 * Regenerates the API reference pages of both versions from the OpenAPI files listed in
 * config/openapi.ts. `npm run build` and `npm run start` run it first; its output is not committed.
 *
 * 1. Writes a copy of each OpenAPI file with request samples in `x-codeSamples` (built here, so
 *    no page generates them in the browser), one-line titles and an operationId per page, and for
 *    another provider's file its links resolved and its images left out
 *    (src/lib/openapi/provider-content.ts), and runs the plugin's `gen-api-docs all` on it, into
 *    an empty staging folder (the plugin never overwrites a page).
 * 2. Checks that every page's front matter parses (scripts/generated-pages.ts: a page that does
 *    not stops the run, naming the page, its operation and the reason), adds each operation's
 *    security requirement after its description, marks every generated page as generated, swaps
 *    the operation the plugin packs into each page's front matter for the small summary the page
 *    uses (src/lib/openapi/operation-summary.ts),
 *    shows an overview page's security schemes as sections (scripts/reference/security-schemes.ts),
 *    writes the 1.0.0 sidebar JSON that Docusaurus needs for a versioned sidebar (it cannot import
 *    the generated sidebar.ts) and the sidebar categories of added APIs (sidebars.ts reads them),
 *    gives each tag page its cards' descriptions (scripts/tag-page-cards.ts), and writes the
 *    reference pages of the files that have them (scripts/reference/).
 *    With TESSERA_STOCK=1 (config/performance-layer.ts) operation pages stay as the plugin wrote
 *    them, for the OpenAPI theme's own ApiItem: the summary and registration are for the layer's.
 * 3. Only when all of that succeeded, moves the staged output over the previous one, so a file the
 *    generation cannot read leaves the last good pages in place; then publishes the OpenAPI files
 *    and the SDK declarations for download.
 *
 * It does nothing when nothing it reads has changed since it last succeeded and its output is all
 * there (scripts/generation-inputs.ts); `npm run gen-api -- --force` regenerates regardless.
 */
import {spawn} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {inflateSync} from 'node:zlib';
import {openApiDownloadPath, openApiSpecs, openApiStagingEnv, operationPageRoute, type OpenApiSpec} from '../config/openapi';
import {docsVersions} from '../config/site-constants';
import {withCodeSamples} from '../src/lib/sample-languages';
import {
  type CodeSample,
  danglingRefs,
  inlinedSize,
  keepSchemaCyclesAsReferences,
  loadApiDocumentOnce,
  providerDocument,
  operationCount,
  withPseudoTagsEscaped,
  withFieldsAsShown,
  withReferencedObjectLinks,
  removeUnusedRequestSamplesFiles,
  requestSamplesExport,
  summarizeOperation,
  writeRequestSamplesFile,
} from '../src/lib/openapi';
import {authoredSampleTabSets} from '../src/plugins/sample-tabs/pages';
import {addSuccessorNotices} from './v1-successor-notices';
import {writeTagPageCards} from './tag-page-cards';
import {withObjectLinks} from './reference/object-links';
import {docsFolderOf, docsRouteOf, generatedEntries, referenceSpecs, writeReferencePages} from './reference/write-reference-pages';
import {overviewDescription, withPageDescription, withPlainPageDescription} from './reference/page-description';
import {withSecuritySchemeSections} from './reference/security-schemes';
import {addedApiSidebarsPath, generatedVersionSidebars, type AddedApiCategory, type AddedApiSidebars} from '../config/added-api-sidebars';
import {swapInStagedOutput} from './staged-output';
import {addedApiDownloads, otherApisSection, withOtherApis} from './api-downloads';
import {isStockBuild} from '../config/performance-layer';
import {generationDigest, lastGenerationDigest, recordGenerationDigest} from './generation-inputs';
import {GeneratedPageError, pageFrontMatter, withFieldsQuoted, withOneVersionBadge, withSecurityRequirement} from './generated-pages';

const siteDir = path.resolve(import.meta.dirname, '..');
const docusaurusBin = path.join(siteDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');

const legacySidebarFile = path.join(siteDir, 'versioned_sidebars', `version-${docsVersions.legacy.name}-sidebars.json`);

/** The generation writes here (relative to the site) and swaps the result in at the end. */
const stagingDir = '.generated/staging';
const staged = (relativePath: string) => path.join(siteDir, stagingDir, relativePath);
const specs = Object.values(openApiSpecs as Record<string, OpenApiSpec>);
const legacySidebarPath = path.relative(siteDir, legacySidebarFile);

/** Whether a file is an API added beside Tessera's own two (config/openapi.ts `addedApi`). */
function isAddedApi(spec: OpenApiSpec): boolean {
  return spec !== (openApiSpecs.tesseraV1 as OpenApiSpec) && spec !== (openApiSpecs.tesseraV3 as OpenApiSpec);
}

/**
 * Empties the staging folder and creates each output folder in it. On a clean clone the 1.0.0 docs
 * folder and sidebar do not exist yet, and Docusaurus refuses to start (even for this command)
 * without them, so they are created; an existing one stays until the swap.
 */
function prepareOutput(): void {
  rmSync(path.join(siteDir, stagingDir), {recursive: true, force: true});
  for (const spec of specs) mkdirSync(staged(spec.outputDir), {recursive: true});
  mkdirSync(path.dirname(legacySidebarFile), {recursive: true});
  if (!existsSync(legacySidebarFile)) writeFileSync(legacySidebarFile, '{}\n');
  mkdirSync(path.join(siteDir, openApiSpecs.tesseraV1.outputDir), {recursive: true});
  mkdirSync(path.dirname(staged(legacySidebarPath)), {recursive: true});
}

/**
 * The most objects a file may become with every `$ref` inlined (src/lib/openapi/refs.ts
 * `inlinedSize`), as the OpenAPI plugin inlines them before it writes a page: 50 times Tessera's
 * V3 file (18,311) or Adyen's Checkout API (20,826). Schemas that expand into one another without
 * end pass it within a second, where the plugin would run for hours and gigabytes.
 */
export const inlinedSizeLimit = 1_000_000;

/**
 * How long the plugin may take for all the files, after which gen-api stops it and names the
 * file it was on: two minutes, and two seconds an operation (Tessera's 35 take about five seconds
 * in all), or TESSERA_OPENAPI_TIME_LIMIT seconds. A backstop for what the size check above cannot foresee.
 */
const pluginTimeLimitMs = (operations: number) =>
  process.env.TESSERA_OPENAPI_TIME_LIMIT ? Number(process.env.TESSERA_OPENAPI_TIME_LIMIT) * 1000 : 120_000 + operations * 2_000;

let operationsInAll = 0;

function writeSpecsWithSamples(): void {
  for (const spec of specs) {
    // Parsed once a run: the page descriptions, sidebar categories and downloads table read it too, and none changes it.
    const document = loadApiDocumentOnce(spec.sourcePath);
    const dangling = danglingRefs(document);
    if (dangling.length > 0) throw new Error(`${spec.sourcePath}: $ref to nothing: ${dangling.join(', ')}`);
    operationsInAll += operationCount(document);
    const target = path.join(siteDir, spec.specPath);
    mkdirSync(path.dirname(target), {recursive: true});
    // Titles the front matter can hold, a page for every operation and, for another provider's
    // file, its links resolved against its own site and its images left out (src/lib/openapi/provider-content.ts).
    const pages = providerDocument(document, {provider: isAddedApi(spec), linkBase: spec.linkBase});
    if (pages.renamed.length > 0) {
      const renamed = pages.renamed.map((entry) => `${entry.method.toUpperCase()} ${entry.where} → ${entry.pageId}`);
      console.log(
        `${spec.sourcePath}: ${pages.renamed.length} operations share an operationId or summary with another, so get pages of their own: ${renamed.join(', ')}`,
      );
    }
    // Code spans link to Tessera's object, operation and error pages, and a field that is an id or
    // `null` to the object it identifies (src/lib/openapi/field-schemas.ts); an added API has none of them.
    const linked = spec.referencePages
      ? withObjectLinks(withReferencedObjectLinks(pages.document, docsRouteOf(spec)), docsRouteOf(spec))
      : pages.document;
    // Expandable objects (a charge holds its customer, the customer its default source…) are
    // shown once, not inlined into one another without end (src/lib/openapi/schema-cycles.ts), and
    // placeholders such as <api_key> in descriptions stay text (src/lib/openapi/description-markup.ts).
    // Samples built from schemas stop four levels down (exampleFromSchema), so building them
    // before the size check costs little even on a file the check refuses.
    // Each field is shown as what it is, with its own example (src/lib/openapi/field-schemas.ts):
    // a nullable reference as its type, nullable; a named string type as a string; a map as a map.
    const readable = withFieldsAsShown(withPseudoTagsEscaped(withCodeSamples(linked)));
    const forPlugin = keepSchemaCyclesAsReferences(readable, (operationId) => operationPageRoute(spec, operationId));
    if (inlinedSize(forPlugin, inlinedSizeLimit) > inlinedSizeLimit) {
      throw new Error(
        `${spec.sourcePath}: its schemas reference one another so that, with every $ref inlined as the OpenAPI plugin ` +
          `inlines them, it becomes more than ${inlinedSizeLimit.toLocaleString('en')} objects (the limit: scripts/generate-api-docs.ts), ` +
          'even with the schemas that reach themselves kept as references. The plugin would not finish on it. ' +
          'Take its entry out of config/openapi.ts.',
      );
    }
    try {
      writeFileSync(target, JSON.stringify(forPlugin));
    } catch (error) {
      throw new Error(`${spec.sourcePath}: ${error instanceof Error ? error.message : String(error)}`, {cause: error});
    }
  }
}

/** The first file the plugin has written no sidebar for: the one it was on when stopped. */
function fileInProgress(): string | undefined {
  return specs.find((spec) => !existsSync(staged(path.join(spec.outputDir, 'sidebar.ts'))))?.sourcePath;
}

async function runPluginGeneration(): Promise<void> {
  const limitMs = pluginTimeLimitMs(operationsInAll);
  const child = spawn(process.execPath, [docusaurusBin, 'gen-api-docs', 'all'], {
    cwd: siteDir,
    env: {...process.env, [openApiStagingEnv]: stagingDir},
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, limitMs);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  if (timedOut) {
    throw new Error(
      `${fileInProgress() ?? 'an OpenAPI file'}: the OpenAPI plugin did not finish generating its pages within ` +
        `${limitMs / 1000} s (the limit for ${operationsInAll} operations: scripts/generate-api-docs.ts), and was stopped.`,
    );
  }
  if (status !== 0) {
    process.stdout.write(output);
    throw new Error(`gen-api-docs failed with exit code ${status}`);
  }
}

/**
 * The plugin's `api` front matter is the whole operation, zlib-deflated and base64-encoded; the
 * page ships it twice (its metadata and its module). JSON is YAML, so the summary goes in as is.
 * The request samples go in the page's body as an export instead (src/lib/openapi/operation-summary.ts
 * says why front matter would corrupt them): the first language's, and the file that holds them all.
 */
/** The samples files the pages of this run name (the others are removed once the run succeeded). */
const requestSamplesFiles = new Set<string>();

type PackedOperation = Parameters<typeof summarizeOperation>[0] & {
  'x-codeSamples'?: CodeSample[];
  security?: unknown;
  securitySchemes?: unknown;
};

/** The operation the plugin packed into a page's `api` front matter. */
function packedOperation(frontMatter: string, file: string): {packed: string; operation: PackedOperation} {
  const packed = /^api: (\S+)$/m.exec(frontMatter);
  if (!packed?.[1]) throw new GeneratedPageError(file, 'it has no packed operation in its front matter');
  try {
    return {packed: packed[0], operation: JSON.parse(inflateSync(Buffer.from(packed[1], 'base64')).toString('utf8')) as PackedOperation};
  } catch (error) {
    throw new GeneratedPageError(file, `its packed operation does not unpack (${error instanceof Error ? error.message : String(error)})`);
  }
}

function withOperationSummary(
  frontMatter: string,
  packed: string,
  operation: PackedOperation,
): {frontMatter: string; samplesExport: string} {
  const samples = operation['x-codeSamples'] ?? [];
  // Only the first language's sample stays in the page; the rest load when a reader chooses one.
  const samplesFile = samples.length > 1 ? writeRequestSamplesFile(siteDir, samples) : undefined;
  if (samplesFile) requestSamplesFiles.add(samplesFile);
  return {
    frontMatter: frontMatter.replace(packed, () => `api: ${JSON.stringify(summarizeOperation(operation))}`),
    samplesExport: requestSamplesExport(samples, samplesFile),
  };
}

/**
 * Marks every page as generated (YAML front matter allows comments), and makes each operation
 * page import the module that registers ApiItem, so ApiItem loads with these pages only.
 * A page whose front matter no YAML parser reads stops the run here, naming the page and its
 * operation, before the pages of the last good run are replaced.
 */
function markGenerated(outputDir: string, {sourcePath, version}: OpenApiSpec): number {
  const marker = `# Generated from ${sourcePath} by scripts/generate-api-docs.ts: edit the OpenAPI file, not this page.`;
  const registration = `import '@site/src/plugins/openapi-docs/api-item-registry/register';`;
  const pages = readdirSync(outputDir).filter((file) => file.endsWith('.mdx'));
  const document = loadApiDocumentOnce(sourcePath) as Parameters<typeof overviewDescription>[0];
  for (const page of pages) {
    const file = path.join(outputDir, page);
    const {raw, body} = pageFrontMatter(file, withFieldsQuoted(readFileSync(file, 'utf8')), sourcePath);
    if (page.endsWith('.api.mdx')) {
      const {packed, operation} = packedOperation(raw, file);
      const frontMatter = withPlainPageDescription(raw, file);
      const withSecurity = withSecurityRequirement(body, operation);
      if (isStockBuild()) writeFileSync(file, `---\n${marker}\n${frontMatter}${withSecurity}`);
      else {
        const summarized = withOperationSummary(frontMatter, packed, operation);
        writeFileSync(file, `---\n${marker}\n${summarized.frontMatter}\n${registration}\n\n${summarized.samplesExport}\n${withSecurity}`);
      }
    } else {
      const frontMatter = withPageDescription(raw, overviewDescription(document, page, raw));
      const apiVersion = (document as {info?: {version?: unknown}}).info?.version;
      const overview = page.endsWith('.info.mdx') ? withOneVersionBadge(withSecuritySchemeSections(body), apiVersion, version) : body;
      writeFileSync(file, `---\n${marker}\n${frontMatter}${overview}`);
    }
  }
  return pages.length;
}

type SidebarNode = {id?: string; items?: SidebarNode[]; link?: {id?: string; [key: string]: unknown}; [key: string]: unknown};

/**
 * The plugin names 1.0.0 pages after their folder, `version-1.0.0/api/…` (behind the staging
 * folder's name while it writes there); inside a versioned sidebar they are `api/…`.
 */
function rebaseIds(node: SidebarNode, prefix: string): SidebarNode {
  const rebase = (id: string) => (id.includes(prefix) ? id.slice(id.indexOf(prefix) + prefix.length) : id);
  return {
    ...node,
    ...(node.id ? {id: rebase(node.id)} : {}),
    ...(node.link?.id ? {link: {...node.link, id: rebase(node.link.id)}} : {}),
    ...(node.items ? {items: node.items.map((child) => rebaseIds(child, prefix))} : {}),
  };
}

/** The sidebar items the plugin generated for one file (it writes them as a module, sidebar.ts). */
/**
 * The plugin names pages in its sidebar after their folder without its first segment (`docs/api`
 * gives `api/…`); written into the staging folder they would be `staging/docs/api/…`.
 */
function withFinalIds(spec: OpenApiSpec, sidebarFile: string): void {
  const withoutFirstSegment = (folder: string) => folder.slice(folder.indexOf('/', 1) + 1);
  const stagedBase = withoutFirstSegment(path.join(stagingDir, spec.outputDir));
  const finalBase = withoutFirstSegment(spec.outputDir);
  writeFileSync(sidebarFile, readFileSync(sidebarFile, 'utf8').replaceAll(`"${stagedBase}/`, `"${finalBase}/`));
}

async function generatedSidebar(spec: OpenApiSpec, keep: boolean): Promise<SidebarNode[]> {
  const generated = staged(path.join(spec.outputDir, 'sidebar.ts'));
  withFinalIds(spec, generated);
  let module: {default: SidebarNode[] | {default: SidebarNode[]}};
  try {
    module = (await import(pathToFileURL(generated).href)) as typeof module;
  } catch (error) {
    throw new Error(`${generated} (the sidebar the plugin wrote for ${spec.sourcePath}) does not load`, {cause: error});
  }
  if (!keep) rmSync(generated);
  // tsx loads the generated ES module through CommonJS interop, which may nest the default export.
  return Array.isArray(module.default) ? module.default : module.default.default;
}

/** An added API is one category of its version's API reference, titled like its file and opening at its info page. */
function addedApiCategory(spec: OpenApiSpec, items: SidebarNode[]): SidebarNode {
  const document = loadApiDocumentOnce(spec.sourcePath) as {info: {title: string}};
  const [info, ...rest] = items;
  const isInfoDoc = info?.type === 'doc' && typeof info.id === 'string';
  return {
    type: 'category',
    label: document.info.title,
    ...(isInfoDoc ? {link: {type: 'doc', id: info.id}} : {}),
    items: isInfoDoc ? rest : items,
  };
}

/**
 * Writes the 1.0.0 sidebars (Tessera V1's items with a link to each added 1.0.0 API, and each
 * added API's own) and the categories of the APIs added to each version, from which sidebars.ts
 * makes 3.0.0's the same way (config/added-api-sidebars.ts); and gives
 * each tag page its cards' descriptions (scripts/tag-page-cards.ts).
 */
async function writeSidebars(): Promise<void> {
  const added: AddedApiSidebars = {};
  const legacyItems: SidebarNode[] = [];
  const prefix = `version-${docsVersions.legacy.name}/`;
  for (const spec of specs) {
    const isTessera = !isAddedApi(spec);
    // sidebars.ts imports Tessera V3's generated sidebar module itself. Ids as the version's sidebar
    // names its docs (only 1.0.0 ones change).
    const items = (await generatedSidebar(spec, spec === (openApiSpecs.tesseraV3 as OpenApiSpec))).map((item) => rebaseIds(item, prefix));
    writeTagPageCards(staged(spec.outputDir), items);
    if (isTessera) {
      if (spec.version === docsVersions.legacy.path) legacyItems.push(...items);
    } else (added[spec.version] ??= []).push(addedApiCategory(spec, items));
  }
  const legacyAdded = (added[docsVersions.legacy.path] ?? []) as AddedApiCategory[];
  const sidebar = generatedVersionSidebars(legacyItems, legacyAdded, docsVersions.legacy.path);
  writeFileSync(staged(legacySidebarPath), `${JSON.stringify(sidebar, null, 2)}\n`);
  mkdirSync(path.dirname(staged(addedApiSidebarsPath)), {recursive: true});
  writeFileSync(staged(addedApiSidebarsPath), `${JSON.stringify(added, null, 2)}\n`);
}

/** The staged info page (the API's first page) of a file, and its id. */
function stagedInfoPage(spec: OpenApiSpec): {file: string; id: string} {
  const name = readdirSync(staged(spec.outputDir)).find((file) => file.endsWith('.info.mdx'));
  if (!name) throw new Error(`${spec.sourcePath}: the plugin wrote no info page`);
  const file = staged(path.join(spec.outputDir, name));
  const id = /^id: (\S+)$/m.exec(readFileSync(file, 'utf8'))?.[1];
  if (!id) throw new Error(`${file} has no id`);
  return {file, id};
}

/** Lists the added APIs and their downloads on the first page of Tessera's current API reference (scripts/api-downloads.ts). */
function writeOtherApis(): void {
  const added = specs
    .filter(isAddedApi)
    .map((spec) =>
      addedApiDownloads(spec, loadApiDocumentOnce(spec.sourcePath) as Parameters<typeof addedApiDownloads>[1], stagedInfoPage(spec).id),
    );
  const {file} = stagedInfoPage(openApiSpecs.tesseraV3);
  writeFileSync(file, withOtherApis(readFileSync(file, 'utf8'), otherApisSection(added), file));
}

/** Everything the generation owns (relative to the site): each swapped in as a whole. */
function generatedOutputs(): string[] {
  const outputs = [
    ...specs.map((spec) => spec.outputDir),
    ...referenceSpecs().flatMap((spec) =>
      generatedEntries(spec.version === docsVersions.current.path).map((entry) => path.join(docsFolderOf(spec), entry)),
    ),
    legacySidebarPath,
    addedApiSidebarsPath,
  ];
  // An added API's folder lies inside its version's API folder, which moves with it.
  return outputs.filter((output) => !outputs.some((other) => other !== output && output.startsWith(`${other}/`)));
}

/** Readers download the OpenAPI files and the SDK's type declarations from the site itself. */
function publishDownloads(): void {
  const downloads = [
    ...specs.map((spec) => [spec.sourcePath, openApiDownloadPath(spec.sourcePath)] as const),
    ['sdk/tessera-sdk.d.ts', '/sdk/tessera-sdk.d.ts'] as const,
  ];
  // A file taken off the list must not stay downloadable.
  rmSync(path.join(siteDir, 'static/openapi'), {recursive: true, force: true});
  for (const [source, sitePath] of downloads) {
    const target = path.join(siteDir, 'static', sitePath);
    mkdirSync(path.dirname(target), {recursive: true});
    copyFileSync(path.join(siteDir, source), target);
  }
}

/** The request samples files the generated operation pages of a folder load (`/assets/request-samples/….json`). */
function samplesFilesNamedIn(outputDir: string): string[] {
  const folder = path.join(siteDir, outputDir);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.api.mdx'))
    .flatMap((file) => [...readFileSync(path.join(folder, file), 'utf8').matchAll(/\/assets\/request-samples\/[0-9a-f]+\.json/g)])
    .map((match) => path.join('static', match[0]));
}

/**
 * The samples files of the authored pages' tab sets (src/plugins/sample-tabs): written here too,
 * so a build that reuses its cache of compiled pages, and so never runs the remark plugin, finds
 * them. Written on every run, a skipped one included (about 2 s): a page edit changes them.
 */
function writeAuthoredSamplesFiles(): void {
  for (const page of authoredSampleTabSets())
    for (const set of page.sets) if (set.file) requestSamplesFiles.add(writeRequestSamplesFile(siteDir, set.onDemand));
}

/** The outputs a skipped generation relies on, all present: pages, copies, downloads and the samples files the pages load. */
function outputsPresent(): boolean {
  const outputs = [
    ...generatedOutputs(),
    ...specs.map((spec) => spec.specPath),
    ...specs.map((spec) => path.join('static', openApiDownloadPath(spec.sourcePath))),
  ];
  if (!outputs.every((output) => existsSync(path.join(siteDir, output)))) return false;
  return specs.flatMap((spec) => samplesFilesNamedIn(spec.outputDir)).every((file) => existsSync(path.join(siteDir, file)));
}

async function main(): Promise<void> {
  const started = performance.now();
  // Nothing it reads has changed since the last generation succeeded (scripts/generation-inputs.ts):
  // its pages are current. `--force` (or TESSERA_OPENAPI_FORCE=1) generates anyway.
  const digest = generationDigest(
    siteDir,
    specs.map((spec) => spec.sourcePath),
  );
  if (
    !process.argv.includes('--force') &&
    !process.env.TESSERA_OPENAPI_FORCE &&
    digest !== undefined &&
    digest === lastGenerationDigest(siteDir) &&
    outputsPresent()
  ) {
    writeAuthoredSamplesFiles();
    console.log('API reference up to date: nothing it is generated from has changed (npm run gen-api -- --force regenerates it)');
    return;
  }
  // A run that fails part-way is no record of current pages.
  recordGenerationDigest(siteDir, undefined);
  prepareOutput();
  writeSpecsWithSamples();
  await runPluginGeneration();
  const pageCounts = specs.map((spec) => `${spec.sourcePath}: ${markGenerated(staged(spec.outputDir), spec)} pages`);
  addSuccessorNotices(staged(openApiSpecs.tesseraV1.outputDir));
  writeOtherApis();
  await writeSidebars();
  // Error catalogue, object pages and notifications (scripts/reference/write-reference-pages.ts).
  const referenceCounts = writeReferencePages(staged(legacySidebarPath), path.join(siteDir, stagingDir));
  swapInStagedOutput(siteDir, path.join(siteDir, stagingDir), generatedOutputs());
  writeAuthoredSamplesFiles();
  if (!isStockBuild()) removeUnusedRequestSamplesFiles(siteDir, requestSamplesFiles);
  publishDownloads();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const referencePages = referenceCounts.map(
    (count) => `${count.version}: ${count.errors} error codes, ${count.objects} objects, ${count.notifications} notification events`,
  );
  recordGenerationDigest(siteDir, digest);
  console.log(`API reference generated (${pageCounts.join(', ')}; ${referencePages.join('; ')}) in ${seconds} s`);
}

// A file gen-api cannot read is reported by name and reason, not as a stack trace; the pages of
// the last run that succeeded stay in place. TESSERA_DEBUG=1 prints the trace as well.
main().catch((error: unknown) => {
  const reasons: string[] = [];
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) reasons.push(cause.message);
  console.error(`gen-api failed: ${reasons.length > 0 ? [...new Set(reasons)].join(': ') : String(error)}`);
  console.error('The API pages of the last run that succeeded are left as they were.');
  if (process.env.TESSERA_DEBUG) console.error(error);
  process.exit(1);
});
