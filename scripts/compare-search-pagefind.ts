/**
 * Our search against Pagefind (the devDependency's version) on the same built pages and the same
 * query sets (scripts/measure/search-queries.ts): how many queries find their page among the first
 * three results (for the definitions, as the first), and the bytes the searches fetch.
 *
 *   npx tsx scripts/compare-search-pagefind.ts [--build build] [--out bench/search-vs-pagefind.md]
 *
 * Pagefind indexes what ours indexes: the docs pages' article, without code samples, the API
 * schemas, buttons, tab lists, breadcrumbs and tables of contents (config/search.ts, the rules its
 * selectors can say). It runs twice: one index for every version, as Pagefind makes it by default,
 * and the same index with a `version` filter that each query sets to its version, as ours searches
 * the reader's version. Both are served from a copy of the build (hard links) with Pagefind's
 * bundle in /pagefind/, its text files precompressed as the build's are (Pagefind compresses its
 * index files itself), each file as its precompressed twin, as nginx serves the build. Pagefind needs WebAssembly, which the site's CSP
 * does not allow: its pages are opened with the CSP bypassed.
 *
 * Each query set runs in one fresh browser session per engine, query after query, as the e2e test
 * runs it (ours: the navbar box, the whole query at once; Pagefind: `search()`, then `data()` of
 * its first six results, what a results list shows, as ours shows six). Bytes are the response
 * bodies as sent (compressed), from the first search on, page loads left out; "first search" is
 * the set's first query alone.
 */
import {execFileSync} from 'node:child_process';
import {createServer, type Server} from 'node:http';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {brotliCompressSync, constants as zlibConstants, gzipSync} from 'node:zlib';
import {chromium, type Browser, type BrowserContext, type Page} from '@playwright/test';
import {chromiumFlags, testChromiumPath} from '../config/chromium';
import {hydratedSelector} from './measure/page-weight';
import {definitionsByVersion, phrasesByVersion, queriesByVersion, suggestionsFor} from './measure/search-queries';

type Case = {query: string; pages: string[]};
type CaseSet = {name: string; version: string; start: string; first: boolean; cases: Case[]};
type Engine = 'ours' | 'pagefind' | 'pagefind, version filter';
type SetResult = {hits: number; misses: string[]; bytes: number; firstSearchBytes: number};

const resultsShown = 6;

function caseSets(): CaseSet[] {
  const sets: CaseSet[] = [];
  for (const [kind, source] of [
    ['topics', queriesByVersion],
    ['phrases', phrasesByVersion],
  ] as const) {
    for (const {version, start, queries} of source) {
      sets.push({
        name: `${version} ${kind}`,
        version,
        start,
        first: false,
        cases: queries.map(([query, page]) => ({query, pages: [page]})),
      });
    }
  }
  for (const {version, start, queries} of definitionsByVersion) {
    sets.push({
      name: `${version} definitions (first result)`,
      version,
      start,
      first: true,
      cases: queries.map(([query, pages]) => ({query, pages})),
    });
  }
  return sets;
}

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1]!;
}

const docsVersionOf = (url: string) => /^\/docs\/(\d+\.\d+\.\d+)\//.exec(url)?.[1];

/** Selectors of config/search.ts's exclusions that Pagefind's HTML scanner can match, and the chrome outside the article. */
const pagefindExclusions = [
  'pre',
  '.theme-code-block',
  'details',
  '.openapi-tabs__schema',
  '.openapi-params',
  '.openapi-tabs__heading',
  'button',
  '[role="tablist"]',
  '.theme-doc-breadcrumbs',
  '.theme-doc-toc-mobile',
  'a.card',
];

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

/** Pagefind's bundle for the built docs pages, with each page's version as a filter, in `site`/pagefind. */
async function buildPagefindIndex(site: string): Promise<number> {
  // The package exports only an ES module.
  const pagefind = await import('pagefind');
  const {index} = await pagefind.createIndex({rootSelector: 'article', excludeSelectors: pagefindExclusions, forceLanguage: 'en'});
  if (!index) throw new Error('Pagefind did not start');
  let pages = 0;
  for (const file of htmlFiles(path.join(site, 'docs'))) {
    const url = `/${path.relative(site, file).split(path.sep).join('/')}`.replace(/\.html$/, '');
    const version = docsVersionOf(url);
    const html = readFileSync(file, 'utf8');
    if (!version || !html.includes('<article')) continue;
    const content = html.replace('<article', `<article data-pagefind-filter="version:${version}"`);
    const {errors} = await index.addHTMLFile({url, content});
    if (errors.length) throw new Error(`${url}: ${errors.join('; ')}`);
    pages++;
  }
  const {errors} = await index.writeFiles({outputPath: path.join(site, 'pagefind')});
  if (errors.length) throw new Error(errors.join('; '));
  await pagefind.close();
  // Its script and JSON, precompressed as scripts/precompress.ts does the build's; its index files are compressed already.
  for (const file of readdirSync(path.join(site, 'pagefind'))) {
    const full = path.join(site, 'pagefind', file);
    if (!/\.(js|json|css)$/.test(file) || statSync(full).size < 1024) continue;
    const body = readFileSync(full);
    writeFileSync(`${full}.gz`, gzipSync(body, {level: 9}));
    writeFileSync(`${full}.br`, brotliCompressSync(body, {params: {[zlibConstants.BROTLI_PARAM_QUALITY]: 11}}));
  }
  return pages;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/**
 * A static server for both engines: a file's precompressed twin when the browser takes its
 * encoding (brotli first), as nginx serves the build (deploy/nginx); the shipped nginx
 * configuration itself would refuse Pagefind's files (their extensions are not on its list).
 */
function startServer(root: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname);
    const candidates = pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}.html`];
    const file = candidates
      .map((candidate) => path.join(root, candidate))
      .find((candidate) => candidate.startsWith(root) && existsSync(candidate) && statSync(candidate).isFile());
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = [
      ['br', '.br'],
      ['gzip', '.gz'],
    ].find(([name, suffix]) => accepted.includes(name!) && existsSync(file + suffix));
    response.writeHead(200, {
      'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
      ...(encoding ? {'Content-Encoding': encoding[0]!, Vary: 'Accept-Encoding'} : {}),
    });
    response.end(readFileSync(encoding ? file + encoding[1] : file));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Records the bytes of the responses that arrive while `counting` is on (Docusaurus's link prefetches left out). */
function byteCounter(context: BrowserContext) {
  let counting = false;
  let bytes = 0;
  const pending = new Set<Promise<void>>();
  context.on('requestfinished', (request) => {
    if (!counting) return;
    const done = (async () => {
      if (await request.headerValue('sec-purpose')) return;
      const sizes = await request.sizes().catch(() => ({responseBodySize: 0}));
      bytes += sizes.responseBodySize;
    })();
    pending.add(done);
    void done.finally(() => pending.delete(done));
  });
  return {
    start: () => (counting = true),
    settle: async () => {
      while (pending.size) await Promise.all(pending);
      return bytes;
    },
  };
}

const normalize = (url: string) => new URL(url, 'http://site').pathname.replace(/\.html$/, '').replace(/\/$/, '');

async function pagefindResults(page: Page, query: string, version: string | undefined): Promise<string[]> {
  return page.evaluate(
    async ({query, version, shown}) => {
      type Pagefind = {
        search: (query: string, options?: object) => Promise<{results: {data: () => Promise<{url: string}>}[]}>;
      };
      const engine = (await import('/pagefind/pagefind.js' as string)) as Pagefind;
      const found = await engine.search(query, version ? {filters: {version}} : {});
      const data = await Promise.all(found.results.slice(0, shown).map((result) => result.data()));
      return data.map((entry) => entry.url);
    },
    {query, version, shown: resultsShown},
  );
}

async function runSet(browser: Browser, baseUrl: string, engine: Engine, set: CaseSet): Promise<SetResult> {
  const context = await browser.newContext({bypassCSP: engine !== 'ours'});
  try {
    const page = await context.newPage();
    const counter = byteCounter(context);
    await page.goto(baseUrl + set.start);
    await page.waitForSelector(hydratedSelector);
    await page.waitForLoadState('networkidle');
    counter.start();
    if (engine === 'ours') await page.locator('.navbar input.navbar__search-input').click();
    const misses: string[] = [];
    let hits = 0;
    let firstSearchBytes = 0;
    for (const [at, {query, pages}] of set.cases.entries()) {
      const found = (
        engine === 'ours'
          ? await suggestionsFor(page, query)
          : await pagefindResults(page, query, engine === 'pagefind' ? undefined : set.version)
      ).map(normalize);
      const wanted = pages.map((expected) => `/docs/${set.version}/${expected}`);
      const top = found.slice(0, set.first ? 1 : 3);
      if (top.some((url) => wanted.includes(url))) hits++;
      else misses.push(`"${query}" → ${wanted.join(' or ')}; got ${top.join(', ') || 'nothing'}`);
      if (at === 0) {
        await page.waitForLoadState('networkidle');
        firstSearchBytes = await counter.settle();
      }
    }
    await page.waitForLoadState('networkidle');
    return {hits, misses, bytes: await counter.settle(), firstSearchBytes};
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  const build = path.resolve(argument('--build', 'build'));
  const out = argument('--out', 'bench/search-vs-pagefind.md');
  const port = Number(argument('--port', '4791'));
  if (!existsSync(path.join(build, 'index.html'))) throw new Error(`No build in ${build}: run npm run build`);
  const site = mkdtempSync(path.join(tmpdir(), 'search-vs-pagefind-'));
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    // Hard links: the copy costs no space, and Pagefind's bundle goes into it, not into the build.
    execFileSync('cp', ['-al', `${build}/.`, site]);
    const pagefindPages = await buildPagefindIndex(site);
    server = await startServer(site, port);
    browser = await chromium.launch({executablePath: testChromiumPath, args: chromiumFlags});
    const baseUrl = `http://127.0.0.1:${port}`;
    const engines: Engine[] = ['ours', 'pagefind', 'pagefind, version filter'];
    const rows: string[] = [];
    const misses: string[] = [];
    const totals = new Map<Engine, {hits: number; bytes: number}>(engines.map((engine) => [engine, {hits: 0, bytes: 0}]));
    let queries = 0;
    for (const set of caseSets()) {
      queries += set.cases.length;
      const cells: string[] = [];
      for (const engine of engines) {
        const result = await runSet(browser, baseUrl, engine, set);
        const total = totals.get(engine)!;
        total.hits += result.hits;
        total.bytes += result.bytes;
        cells.push(`${result.hits}`, kb(result.bytes), kb(result.firstSearchBytes));
        misses.push(...result.misses.map((miss) => `- ${engine}, ${set.name}: ${miss}`));
        console.log(
          `${set.name}, ${engine}: ${result.hits}/${set.cases.length}, ${kb(result.bytes)} KB (first search ${kb(result.firstSearchBytes)} KB)`,
        );
      }
      rows.push(`| ${set.name} | ${set.cases.length} | ${cells.join(' | ')} |`);
    }
    const totalCells = engines.flatMap((engine) => [`${totals.get(engine)!.hits}`, kb(totals.get(engine)!.bytes), '']);
    const head = engines.flatMap((engine) => [`${engine}: found`, `${engine}: KB, whole set`, `${engine}: KB, first search`]);
    const markdown = [
      '<!-- Written by scripts/compare-search-pagefind.ts: run it again, do not edit. -->',
      '# Our search and Pagefind on the same pages',
      '',
      `${new Date().toISOString().slice(0, 10)}, \`npx tsx scripts/compare-search-pagefind.ts\`, build of this commit; Pagefind ${pagefindVersion()} over the ${pagefindPages} docs pages (ours indexes the same pages).`,
      "Found: the query's page among the first three results (definitions: the first). KB: response bodies as sent, compressed, from the first search on; page loads left out.",
      '',
      `| Query set | Queries | ${head.join(' | ')} |`,
      `| --- | ---: | ${head.map(() => '---:').join(' | ')} |`,
      ...rows,
      `| All | ${queries} | ${totalCells.join(' | ')} |`,
      '',
      '## Not found',
      '',
      ...(misses.length ? misses : ['None.']),
      '',
    ].join('\n');
    writeFileSync(out, markdown);
    console.log(`Wrote ${out}`);
  } finally {
    await browser?.close();
    server?.close();
    rmSync(site, {recursive: true, force: true});
  }
}

function pagefindVersion(): string {
  return (JSON.parse(readFileSync(path.join(process.cwd(), 'node_modules/pagefind/package.json'), 'utf8')) as {version: string}).version;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
