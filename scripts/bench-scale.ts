/**
 * `npm run bench:scale`: what the site costs when its API grows. Builds the site as it is (1×) and
 * with a corpus `scale` times its operations (scripts/generate-scale-corpus.ts: the vendored real
 * providers' files that fit plus synthetic ones, added through config/openapi.ts like any API), each into
 * build-scale/<n>x/ (build/ is left alone), and prints the two side by side:
 *
 * - first-load JS (gzipped) of each page type (scripts/measure/page-types.ts), served by nginx;
 * - HTML bytes of a docs page and of an API operation page; main.js and the route count;
 * - search: bytes and time to the first result on the throttled phone (scripts/bench-search.ts);
 * - generation and build time, and their max RSS (GNU time, Debian's `time` package);
 * - total build size (precompressed copies excluded).
 *
 *   npm run bench:scale                           1× and the smallest scale that holds every vendored file
 *                                                 (15×: Adyen's and Stripe's), everything, then each vendored
 *                                                 provider file added alone (GitHub's, Square's and Plaid's too;
 *                                                 about 45 minutes alone)
 *   npm run bench:scale -- --scale 2 --synthetic-only --bytes-only
 *                                                 the small corpus `npm run test:scale` uses: no browser
 *   ... --bytes-only --base-build build           1× read from build/ (as built by `npm run build`), not built again
 *   npm run bench:scale -- --each-file            only each vendored provider file added alone with one list
 *                                                 entry (TESSERA_OPENAPI_ADD): generation and build time and max RSS
 *                                                 against its number of operations (about 30 minutes)
 *   ... --no-each-file                            only the scale comparison
 *
 * Afterwards the API pages are generated again at 1×, so `npm run start`/`build` see the site as it is.
 * Writes bench/runs/scale-<timestamp>.json (not committed) and bench/scale-latest.md.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {pageTypes} from './measure/page-types';
import type {PageWeightSummary} from './measure/page-weight';
import {scaleEnv} from '../config/scale-corpus';
import {providerFixtures, scaleHoldingEveryVendoredFile, writeScaleCorpus} from './generate-scale-corpus';
import {loadApiDocumentOnce, operationCount} from '../src/lib/openapi';
import {writeLatestReport} from './measure/latest-report';
import {timed, type StepCost} from './measure/timed';

const siteDir = path.resolve(import.meta.dirname, '..');
const KB = 1024;

export type ScaleOptions = {
  scale: number;
  syntheticOnly: boolean;
  bytesOnly: boolean;
  searchRuns: number;
  /** Each vendored provider file built alone: after the scale comparison (the default), alone (`--each-file`) or not (`--no-each-file`). */
  eachFile?: 'also' | 'only' | 'no';
  /**
   * With bytesOnly: the 1× figures are read from this build of the site as it is (e.g. build/, just
   * built by `npm run build`) instead of building it again. The bytes are the same; one build less.
   */
  baseBuild?: string;
};

export type ScaleFigures = {
  scale: number;
  operations: number | null;
  routes: number;
  generation: StepCost;
  build: StepCost;
  totalBuildBytes: number;
  mainJsGzip: number;
  /** The bundler's runtime (runtime~main.js), which every page loads too: its chunk maps grow with the chunks. */
  runtimeJsGzip: number;
  /**
   * The runtime's raw size. Its growth per added page is what the route-cost budget holds: most of
   * the runtime is chunk names and content hashes, whose gzipped size moves by tens of bytes when
   * any page's content (so its hash) changes, the structure unchanged.
   */
  runtimeJsBytes: number;
  docsPageHtmlBytes: number;
  docsPageHtmlGzip: number;
  apiPageHtmlBytes: number;
  pages?: Record<string, PageWeightSummary>;
  search?: {version: string; query: string; bytes: number; medianMs: number; wholeQueryMs: number; throttling: string}[];
};

const outDirOf = (scale: number) => path.join(siteDir, 'build-scale', `${scale}x`);

function* filesUnder(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, {withFileTypes: true})) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

const gzipBytes = (file: string) => gzipSync(readFileSync(file), {level: 9}).length;
/** The HTML file of a page: trailingSlash is false, so `/docs/x` is `docs/x.html`. */
const htmlFileOf = (outDir: string, pagePath: string) => path.join(outDir, pagePath === '/' ? 'index.html' : `${pagePath}.html`);

/** Byte figures read from the build output: no browser needed. */
function outputFigures(
  outDir: string,
): Pick<
  ScaleFigures,
  | 'routes'
  | 'totalBuildBytes'
  | 'mainJsGzip'
  | 'runtimeJsGzip'
  | 'runtimeJsBytes'
  | 'docsPageHtmlBytes'
  | 'docsPageHtmlGzip'
  | 'apiPageHtmlBytes'
> {
  const files = [...filesUnder(outDir)].filter((file) => !/\.(br|gz)$/.test(file));
  const mainJs = files.find((file) => /assets\/js\/main\.[0-9a-f]+\.js$/.test(file));
  if (!mainJs) throw new Error(`no main.js in ${outDir}`);
  const runtimeJs = files.find((file) => /assets\/js\/runtime~main\.[0-9a-f]+\.js$/.test(file));
  if (!runtimeJs) throw new Error(`no runtime~main.js in ${outDir}`);
  const guide = pageTypes.find((pageType) => pageType.id === 'guide')!;
  const api = pageTypes.find((pageType) => pageType.id === 'api')!;
  return {
    routes: files.filter((file) => file.endsWith('.html')).length,
    totalBuildBytes: files.reduce((total, file) => total + statSync(file).size, 0),
    mainJsGzip: gzipBytes(mainJs),
    runtimeJsGzip: gzipBytes(runtimeJs),
    runtimeJsBytes: statSync(runtimeJs).size,
    docsPageHtmlBytes: statSync(htmlFileOf(outDir, guide.path)).size,
    docsPageHtmlGzip: gzipBytes(htmlFileOf(outDir, guide.path)),
    apiPageHtmlBytes: statSync(htmlFileOf(outDir, api.path)).size,
  };
}

/** Generates the API pages for `scale` (1: the site as it is) and builds into build-scale/<scale>x/. */
function buildAtScale(scale: number, syntheticOnly: boolean, bytesOnly: boolean): Omit<ScaleFigures, 'pages' | 'search'> {
  console.log(`\n${scale}×:`);
  const env = {...process.env};
  let operations: number | null = null;
  if (scale > 1) {
    const manifest = writeScaleCorpus(scale, syntheticOnly);
    operations = manifest.operations;
    env[scaleEnv] = String(scale);
    console.log(`  corpus: ${manifest.operations} operations (${manifest.sourcePaths.map((file) => path.basename(file)).join(', ')})`);
  } else delete env[scaleEnv];
  const tsx = path.join(siteDir, 'node_modules/.bin/tsx');
  // `--force`: the generation skips inputs it has already generated from, which would time nothing.
  const generation = timed('gen-api', tsx, ['scripts/generate-api-docs.ts', '--force'], env, siteDir);
  const postman = timed('gen-postman', tsx, ['scripts/generate-postman-collections.ts'], env, siteDir);
  // The "Try it" console's modules of the APIs listed at this scale, as `npm run build` makes them.
  const sandbox = timed('gen-sandbox', tsx, ['scripts/sandbox/build-sandbox.ts'], env, siteDir);
  if (!existsSync(path.join(siteDir, 'static/diagrams'))) timed('gen-diagrams', tsx, ['scripts/render-diagrams.ts'], env, siteDir);
  const outDir = outDirOf(scale);
  rmSync(outDir, {recursive: true, force: true});
  mkdirSync(path.dirname(outDir), {recursive: true});
  const build = timed('build', tsx, ['scripts/build-site.ts', '--out-dir', outDir], env, siteDir);
  // What nginx needs to serve the build as production does; the byte figures read the files themselves.
  if (!bytesOnly) {
    timed('postbuild', tsx, ['scripts/write-host-headers.ts', '--root', outDir], env, siteDir);
    timed('precompress', tsx, ['scripts/precompress.ts', '--root', outDir], env, siteDir);
  }
  return {
    scale,
    operations,
    generation: {
      seconds: generation.seconds + postman.seconds + sandbox.seconds,
      maxRssMB: Math.max(generation.maxRssMB ?? 0, postman.maxRssMB ?? 0, sandbox.maxRssMB ?? 0) || null,
    },
    build,
    ...outputFigures(outDir),
  };
}

/** First-load JS per page type and the search figures, from the build served by nginx. */
async function browserFigures(scale: number, searchRuns: number): Promise<Pick<ScaleFigures, 'pages' | 'search'>> {
  // Loaded here so that --bytes-only needs neither Chromium nor nginx.
  const {measureWeights} = await import('./bench');
  const {benchSearch, workerCpuNote} = await import('./bench-search');
  const {startNginx} = await import('./nginx-server');
  const server = await startNginx({root: outDirOf(scale), port: Number(process.env.E2E_PORT ?? 0)});
  try {
    const {weights} = await measureWeights(server.url);
    const rows = await benchSearch(server.url, {runs: searchRuns});
    return {
      pages: Object.fromEntries([...weights].map(([id, weight]) => [id, weight.summary])),
      search: rows.map((row) => ({
        version: row.version,
        query: row.query,
        bytes: row.bytes,
        medianMs: row.median,
        wholeQueryMs: row.wholeQueryMedian,
        throttling: workerCpuNote(row.worker),
      })),
    };
  } finally {
    await server.stop();
  }
}

/** Bytes each added route costs: the growth of main.js (gzipped) and of a docs page's HTML, per added page. */
export function perRouteCost(
  base: ScaleFigures,
  scaled: ScaleFigures,
): {routes: number; mainJsGzipPerRoute: number; runtimeJsGzipPerRoute: number; runtimeJsBytesPerRoute: number; docsHtmlPerRoute: number} {
  const routes = scaled.routes - base.routes;
  if (routes <= 0) throw new Error('the scaled build has no more pages than the base build');
  return {
    routes,
    mainJsGzipPerRoute: (scaled.mainJsGzip - base.mainJsGzip) / routes,
    runtimeJsGzipPerRoute: (scaled.runtimeJsGzip - base.runtimeJsGzip) / routes,
    runtimeJsBytesPerRoute: (scaled.runtimeJsBytes - base.runtimeJsBytes) / routes,
    docsHtmlPerRoute: (scaled.docsPageHtmlBytes - base.docsPageHtmlBytes) / routes,
  };
}

export async function benchScale(options: ScaleOptions): Promise<{base: ScaleFigures; scaled: ScaleFigures}> {
  try {
    // The scaled build first, so the tree ends at 1× as the base build leaves it.
    const scaled: ScaleFigures = buildAtScale(options.scale, options.syntheticOnly, options.bytesOnly);
    if (!options.bytesOnly) Object.assign(scaled, await browserFigures(options.scale, options.searchRuns));
    if (options.baseBuild !== undefined) {
      if (!options.bytesOnly) throw new Error('a base build is read for bytes only');
      regenerateAtOneTimes();
      const notBuilt = {seconds: 0, maxRssMB: null};
      return {base: {scale: 1, operations: null, generation: notBuilt, build: notBuilt, ...outputFigures(options.baseBuild)}, scaled};
    }
    const base: ScaleFigures = buildAtScale(1, options.syntheticOnly, options.bytesOnly);
    if (!options.bytesOnly) Object.assign(base, await browserFigures(1, options.searchRuns));
    return {base, scaled};
  } catch (error) {
    // Whatever failed, leave the API pages as the site has them.
    console.error('Regenerating the API pages at 1× after the failure ...');
    regenerateAtOneTimes();
    throw error;
  }
}

/** One provider file added alone: its operations, and what generating and building the site with it cost. */
export type FileFigures = {sourcePath: string; operations: number; routes: number; generation: StepCost; build: StepCost};

/**
 * Builds the site with each vendored provider file added by itself, as a maintainer adds one
 * (TESSERA_OPENAPI_ADD, config/openapi.ts), into build-scale/file-<name>/.
 */
export function buildEachFile(): FileFigures[] {
  const tsx = path.join(siteDir, 'node_modules/.bin/tsx');
  const figures: FileFigures[] = [];
  try {
    // The largest first: it is the one that tells whether a build stays within the memory budget.
    const bySize = [...providerFixtures].sort((a, b) => operationCount(loadApiDocumentOnce(b)) - operationCount(loadApiDocumentOnce(a)));
    for (const sourcePath of bySize) {
      console.log(`\n${sourcePath}:`);
      const env: NodeJS.ProcessEnv = {...process.env, TESSERA_OPENAPI_ADD: sourcePath};
      delete env[scaleEnv];
      const generation = timed('gen-api', tsx, ['scripts/generate-api-docs.ts', '--force'], env, siteDir);
      const postman = timed('gen-postman', tsx, ['scripts/generate-postman-collections.ts'], env, siteDir);
      const sandbox = timed('gen-sandbox', tsx, ['scripts/sandbox/build-sandbox.ts'], env, siteDir);
      const outDir = path.join(siteDir, 'build-scale', `file-${path.basename(sourcePath).replace(/\.json$/, '')}`);
      rmSync(outDir, {recursive: true, force: true});
      mkdirSync(path.dirname(outDir), {recursive: true});
      const build = timed('build', tsx, ['scripts/build-site.ts', '--out-dir', outDir], env, siteDir);
      figures.push({
        sourcePath,
        operations: operationCount(loadApiDocumentOnce(sourcePath)),
        routes: outputFigures(outDir).routes,
        generation: {
          seconds: generation.seconds + postman.seconds + sandbox.seconds,
          maxRssMB: Math.max(generation.maxRssMB ?? 0, postman.maxRssMB ?? 0, sandbox.maxRssMB ?? 0) || null,
        },
        build,
      });
    }
  } finally {
    regenerateAtOneTimes();
  }
  return figures;
}

const megabytes = (cost: StepCost) => (cost.maxRssMB === null ? '?' : cost.maxRssMB.toFixed(0));

/**
 * The table of each file added alone. With the site alone (`base`, the 1× of the same run), each
 * time is also given over the site's own, per operation the file adds: what the file costs.
 */
export function eachFileMarkdown(figures: FileFigures[], base?: Pick<ScaleFigures, 'generation' | 'build' | 'routes'>): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const perOperation = (seconds: number, baseSeconds: number | undefined, operations: number) =>
    (((seconds - (baseSeconds ?? 0)) * 1000) / operations).toFixed(0);
  const overBase = base ? ' over the site alone' : '';
  return [
    line([
      'File added alone',
      'Operations',
      'Pages',
      'Generation (s)',
      `Generation${overBase}, ms per operation`,
      'Generation max RSS (MB)',
      'Build (s)',
      `Build${overBase}, ms per operation`,
      'Build max RSS (MB)',
      'Within 4 GB',
    ]),
    line(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']),
    ...(base
      ? [
          line([
            '(the site alone, 1×)',
            '',
            String(base.routes),
            base.generation.seconds.toFixed(1),
            '',
            megabytes(base.generation),
            base.build.seconds.toFixed(1),
            '',
            megabytes(base.build),
            withinBudget(base.build),
          ]),
        ]
      : []),
    ...[...figures]
      .sort((a, b) => a.operations - b.operations)
      .map((file) =>
        line([
          path.basename(file.sourcePath),
          String(file.operations),
          String(file.routes),
          file.generation.seconds.toFixed(1),
          perOperation(file.generation.seconds, base?.generation.seconds, file.operations),
          megabytes(file.generation),
          file.build.seconds.toFixed(1),
          perOperation(file.build.seconds, base?.build.seconds, file.operations),
          megabytes(file.build),
          withinBudget(file.build),
        ]),
      ),
    '',
    `Generation: gen-api, gen-postman and gen-sandbox with the whole site. Build: the two docusaurus build processes of npm run build (scripts/build-site.ts) for the whole site; max RSS under GNU time is the larger process's, which must stay within ${buildBudgetMB / 1024} GB (SCALING.md). Each file is built after the one before it in one sitting; times vary with the machine's load, which the header gives.`,
  ].join('\n');
}

/** The build's memory budget: 4 GB max RSS with any provider's file added. */
const buildBudgetMB = 4 * 1024;
const withinBudget = (cost: StepCost) => (cost.maxRssMB === null ? '?' : cost.maxRssMB <= buildBudgetMB ? 'yes' : 'no');

/** The API pages, Postman collections and console modules of the site as it is, which `npm run start`/`build` and the unit tests read. */
function regenerateAtOneTimes(): void {
  const env = {...process.env};
  delete env[scaleEnv];
  for (const script of ['scripts/generate-api-docs.ts', 'scripts/generate-postman-collections.ts', 'scripts/sandbox/build-sandbox.ts']) {
    const result = spawnSync(path.join(siteDir, 'node_modules/.bin/tsx'), [script], {cwd: siteDir, env, stdio: 'inherit'});
    if (result.status !== 0) throw new Error(`${script} failed (exit ${result.status})`);
  }
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);
const change = (base: number, scaled: number, unit = '') => {
  const difference = scaled - base;
  const percent = base === 0 ? '' : ` (${difference >= 0 ? '+' : ''}${((difference / base) * 100).toFixed(0)} %)`;
  return `${difference >= 0 ? '+' : ''}${unit === 'KB' ? kb(difference) : difference.toFixed(unit === 's' ? 1 : 0)}${percent}`;
};

export function scaleMarkdown({base, scaled}: {base: ScaleFigures; scaled: ScaleFigures}): string {
  const n = `${scaled.scale}×`;
  const rows: string[][] = [];
  const row = (label: string, a: number, b: number, unit: 'KB' | 'B' | 's' | 'MB' | '') => {
    const format = (value: number) => (unit === 'KB' ? kb(value) : unit === 's' ? value.toFixed(1) : value.toFixed(0));
    rows.push([label, format(a), format(b), change(a, b, unit)]);
  };
  row('Pages (HTML files)', base.routes, scaled.routes, '');
  for (const pageType of pageTypes) {
    const a = base.pages?.[pageType.id];
    const b = scaled.pages?.[pageType.id];
    if (a && b) row(`First-load JS, ${pageType.label} (KB gz)`, a.firstLoadJs, b.firstLoadJs, 'KB');
  }
  const apiTheme = (figures: ScaleFigures) =>
    pageTypes
      .filter((pageType) => !pageType.id.startsWith('api') && figures.pages?.[pageType.id]?.libraries.length)
      .map((pageType) => `${pageType.id}: ${figures.pages![pageType.id]!.libraries.join('+')}`)
      .join('; ') || 'none';
  if (base.pages && scaled.pages) rows.push(['Deferred libraries on non-API pages', apiTheme(base), apiTheme(scaled), '']);
  row('main.js (KB gz)', base.mainJsGzip, scaled.mainJsGzip, 'KB');
  row('runtime~main.js (KB gz)', base.runtimeJsGzip, scaled.runtimeJsGzip, 'KB');
  row('Docs page HTML (KB raw)', base.docsPageHtmlBytes, scaled.docsPageHtmlBytes, 'KB');
  row('Docs page HTML (KB gz)', base.docsPageHtmlGzip, scaled.docsPageHtmlGzip, 'KB');
  row('API page HTML (KB raw)', base.apiPageHtmlBytes, scaled.apiPageHtmlBytes, 'KB');
  for (const search of base.search ?? []) {
    const other = scaled.search?.find((candidate) => candidate.version === search.version && candidate.query === search.query);
    if (!other) continue;
    const which = `Search ${search.version} "${search.query}"`;
    row(`${which}: first search downloads (KB)`, search.bytes, other.bytes, 'KB');
    row(`${which}: first result, median (ms)`, search.medianMs, other.medianMs, '');
    row(`${which}: the whole query's result after the last key, median (ms)`, search.wholeQueryMs, other.wholeQueryMs, '');
  }
  // A base read from an existing build (--base-build) has no times of its own.
  const baseBuilt = base.build.seconds > 0;
  if (baseBuilt) row('Generation: gen-api + gen-postman + gen-sandbox (s)', base.generation.seconds, scaled.generation.seconds, 's');
  if (base.generation.maxRssMB && scaled.generation.maxRssMB)
    row('Generation max RSS (MB)', base.generation.maxRssMB, scaled.generation.maxRssMB, 'MB');
  if (baseBuilt) row('build (s)', base.build.seconds, scaled.build.seconds, 's');
  if (base.build.maxRssMB && scaled.build.maxRssMB) row('build max RSS (MB)', base.build.maxRssMB, scaled.build.maxRssMB, 'MB');
  row('Total build size (KB, no .br/.gz)', base.totalBuildBytes, scaled.totalBuildBytes, 'KB');
  const cost = perRouteCost(base, scaled);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(['Figure', '1×', n, 'Change']),
    line(['---', '---:', '---:', '---:']),
    ...rows.map(line),
    '',
    `Per added page (${cost.routes} pages): main.js +${cost.mainJsGzipPerRoute.toFixed(1)} B gz, runtime~main.js +${cost.runtimeJsGzipPerRoute.toFixed(1)} B gz (${cost.runtimeJsBytesPerRoute.toFixed(1)} B raw), docs page HTML +${cost.docsHtmlPerRoute.toFixed(1)} B raw.`,
    `${n} corpus: ${scaled.operations ?? '?'} operations in all. KB = 1024 bytes; gzip level 9. Times vary with the machine's load; bytes do not.`,
    ...[base, scaled].flatMap((figures) =>
      figures.search?.[0]
        ? [`Search at ${figures.scale}×: the phone profile of scripts/bench-search.ts, CPU 4× slower (${figures.search[0].throttling}).`]
        : [],
    ),
  ].join('\n');
}

function parseArguments(argv: string[]): ScaleOptions {
  const options: ScaleOptions = {scale: 0, syntheticOnly: false, bytesOnly: false, searchRuns: 3, eachFile: 'also'};
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--scale') options.scale = Number(argv[++index]);
    else if (argument === '--synthetic-only') options.syntheticOnly = true;
    else if (argument === '--bytes-only') options.bytesOnly = true;
    else if (argument === '--search-runs') options.searchRuns = Number(argv[++index]);
    else if (argument === '--base-build') options.baseBuild = path.resolve(siteDir, argv[++index] ?? '');
    else if (argument === '--each-file') options.eachFile = 'only';
    else if (argument === '--no-each-file') options.eachFile = 'no';
    else
      throw new Error(
        `Unknown argument ${argument}. Usage: bench:scale [--scale N] [--synthetic-only] [--bytes-only [--base-build DIR]] [--search-runs N] [--each-file | --no-each-file]`,
      );
  }
  if (options.scale === 0) options.scale = scaleHoldingEveryVendoredFile();
  if (!(options.scale > 1)) throw new Error('--scale takes a number greater than 1');
  return options;
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const started = new Date();
  const loadAtStart = os.loadavg()[0]!;
  if (options.eachFile === 'only') {
    // The site alone first, for what each file adds over it.
    const base = buildAtScale(1, false, true);
    const markdown = `## Each provider file added alone\n\n${eachFileMarkdown(buildEachFile(), base)}`;
    console.log(`\n${markdown}\n`);
    writeLatestReport({
      file: path.join(siteDir, 'bench/scale-latest.md'),
      title: 'Latest scale benchmark',
      script: 'bench:scale',
      started,
      loadAtStart,
      markdown,
    });
    return;
  }
  const result = await benchScale(options);
  const files = options.eachFile === 'also' ? buildEachFile() : undefined;
  const markdown = [
    scaleMarkdown(result),
    ...(files ? ['', '## Each provider file added alone', '', eachFileMarkdown(files, result.base)] : []),
  ].join('\n');
  console.log(`\n${markdown}\n`);
  const runsDir = path.join(siteDir, 'bench/runs');
  mkdirSync(runsDir, {recursive: true});
  const stamp = started.toISOString().replace(/[:.]/g, '-');
  writeFileSync(path.join(runsDir, `scale-${stamp}.json`), `${JSON.stringify({options, ...result, files}, null, 2)}\n`);
  writeLatestReport({
    file: path.join(siteDir, 'bench/scale-latest.md'),
    title: 'Latest scale benchmark',
    script: 'bench:scale',
    started,
    loadAtStart,
    markdown,
  });
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
