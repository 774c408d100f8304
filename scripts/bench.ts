/**
 * `npm run bench`: page weight and Lighthouse scores of each page type, measured on the
 * production build served by nginx with the shipped configuration (scripts/nginx-server.ts), as
 * readers get it, in Debian's Chromium; then a bounded load test of that nginx (scripts/load-test.ts).
 *
 *   npm run bench                 reuse build/ (or build it when absent); the build is not timed
 *   npm run bench -- --rebuild    cold build first (`docusaurus clear`, then `npm run build`), timed
 *
 * For each page type: first-load JS and CSS (gzipped; mermaid's chunks apart; which deferred
 * libraries such as Prism or marked loaded), and one Lighthouse 12 run with the mobile
 * preset: performance, accessibility, best practices, SEO, LCP, TBT and CLS. Prints a table and
 * writes bench/runs/<ISO timestamp>.json (git-ignored) and bench/latest.md (committed).
 *
 * Timings are noisy, so this is not part of `npm test` and enforces nothing: each page type's
 * targets (scripts/measure/page-types.ts) are shown beside the figures. The e2e tests assert the
 * deterministic byte budgets.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {chromium, devices, type Browser} from '@playwright/test';
import {chromiumFlags, chromiumPath} from '../config/chromium';
import {startLighthouse, type LighthouseRun} from './measure/lighthouse';
import {pageTypes, type Targets} from './measure/page-types';
import {medianRun} from './measure/median-run';
import {startNginx} from './nginx-server';
import {describeLoadTest, runLoadTest, type LoadTestFigures} from './load-test';
import {cdnHeadersFile} from './write-host-headers';
import {benchSearch, searchMarkdown, type SearchBenchRow} from './bench-search';
import {benchSandbox, describeSandbox, type SandboxFigures} from './bench-sandbox';
import {benchTryIt, describeTryIt, type TryItFigures} from './bench-try-it';
import {
  gzipLevel,
  hydratedSelector,
  measurePageWeight,
  diagramSelector,
  drawnDiagramSelector,
  summarizePageWeight,
  type LoadedResource,
  type PageWeightSummary,
} from './measure/page-weight';

const siteDir = path.resolve(import.meta.dirname, '..');
const buildDir = path.join(siteDir, 'build');
const benchDir = path.join(siteDir, 'bench');
const KB = 1024;

const coldBuildTargetSeconds = 90;

/** The median Lighthouse run of a page, and every run's performance score in run order. */
type LighthouseFigures = LighthouseRun & {performanceRuns: (number | null)[]};

type PageResult = {
  id: string;
  label: string;
  path: string;
  weight: PageWeightSummary;
  resources: LoadedResource[];
  lighthouse: LighthouseFigures;
  targets: Targets;
  /** Which targets the figures miss, e.g. "JS 2.0 MB > 150 KB". */
  misses: string[];
};

type BuildInfo = {mode: 'reused'} | {mode: 'built' | 'cold'; seconds: number; note?: string};

/** Lighthouse runs per page by default: its docs advise the median of several runs, as one run varies by a few points. */
const defaultRuns = 3;

function usage(): never {
  console.log(
    'Usage: npm run bench [-- --rebuild] [-- --runs N]\n' +
      '  --rebuild  cold build first (docusaurus clear + npm run build), timed\n' +
      `  --runs N   Lighthouse runs per page (default ${defaultRuns}); the table shows the median run`,
  );
  process.exit(0);
}

function parseArguments(argv: string[]): {rebuild: boolean; runs: number} {
  let rebuild = false;
  let runs = defaultRuns;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--rebuild') rebuild = true;
    else if (argument === '--runs') {
      runs = Number(argv[++index]);
      if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');
    } else if (argument === '--help' || argument === '-h') usage();
    else throw new Error(`Unknown argument ${argument} (try --help)`);
  }
  return {rebuild, runs};
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {cwd: siteDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}\n${result.stderr}`);
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
  }
}

/**
 * `docusaurus clear` deletes node_modules/.cache (the Rspack persistent cache) along with build/
 * and .docusaurus/. When node_modules is a symlink to a tree other checkouts share, that would
 * delete their cache too: then only build/ and .docusaurus/ go, and the timing says so.
 */
function clearForColdBuild(): string | undefined {
  if (lstatSync(path.join(siteDir, 'node_modules')).isSymbolicLink()) {
    rmSync(buildDir, {recursive: true, force: true});
    rmSync(path.join(siteDir, '.docusaurus'), {recursive: true, force: true});
    return 'node_modules is a shared symlink: its Rspack cache was kept, so this build was not fully cold';
  }
  run(process.execPath, [path.join(siteDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'clear']);
  return undefined;
}

function build(rebuild: boolean): BuildInfo {
  // A build from before postbuild wrote the headers cannot be served as production serves it.
  if (!rebuild && existsSync(path.join(buildDir, cdnHeadersFile))) {
    console.log('Reusing build/ (npm run bench -- --rebuild for a timed cold build)');
    return {mode: 'reused'};
  }
  const note = rebuild ? clearForColdBuild() : undefined;
  console.log(rebuild ? 'Cold build: npm run build ...' : 'No build/: npm run build ...');
  const started = performance.now();
  run('npm', ['run', 'build']);
  const seconds = (performance.now() - started) / 1000;
  console.log(`Built in ${seconds.toFixed(1)} s`);
  if (rebuild && !note) return {mode: 'cold', seconds};
  return {mode: 'built', seconds, ...(note ? {note} : {})};
}

export async function measureWeights(
  baseUrl: string,
  {diagramsDrawnInBrowser = false}: {diagramsDrawnInBrowser?: boolean} = {},
): Promise<{weights: Map<string, {summary: PageWeightSummary; resources: LoadedResource[]}>; chromiumVersion: string}> {
  const browser: Browser = await chromium.launch({executablePath: chromiumPath, args: ['--headless=new', ...chromiumFlags]});
  const weights = new Map<string, {summary: PageWeightSummary; resources: LoadedResource[]}>();
  try {
    for (const pageType of pageTypes) {
      // A fresh context per page: an empty HTTP cache, like a first visit.
      const context = await browser.newContext({...devices['Desktop Chrome']});
      try {
        const page = await context.newPage();
        const weight = await measurePageWeight(page, baseUrl + pageType.path, {
          // On a diagram page, wait for the diagram's image (drawn at build time, so no mermaid JS),
          // or for mermaid's drawing in a build without prerendered diagrams.
          waitFor: pageType.diagram
            ? [hydratedSelector, diagramsDrawnInBrowser ? drawnDiagramSelector : diagramSelector]
            : [hydratedSelector],
        });
        // A renamed route would otherwise be measured as the not-found page.
        if (weight.status !== (pageType.status ?? 200)) {
          throw new Error(
            `${pageType.path} answered ${weight.status}, expected ${pageType.status ?? 200}: update pageTypes in scripts/measure/page-types.ts`,
          );
        }
        const summary = summarizePageWeight(weight);
        weights.set(pageType.id, {summary, resources: weight.resources});
        console.log(
          `  ${pageType.label.padEnd(18)} JS ${kb(summary.firstLoadJs)} KB, mermaid ${kb(summary.mermaidJs)} KB, CSS ${kb(summary.css)} KB`,
        );
      } finally {
        await context.close();
      }
    }
    return {weights, chromiumVersion: browser.version()};
  } finally {
    await browser.close();
  }
}

/**
 * `runs` Lighthouse 12 runs per page, mobile preset (scripts/measure/lighthouse.ts), in one
 * Chromium. The pages take turns (page 1, 2, … then again), so a passing slowdown of the machine
 * spreads over pages instead of sinking one.
 */
async function runLighthouse(baseUrl: string, runs: number): Promise<{figures: Map<string, LighthouseFigures>; version: string}> {
  const lighthouse = await startLighthouse();
  const runsByPage = new Map<string, LighthouseRun[]>(pageTypes.map((pageType) => [pageType.id, []]));
  let version = '';
  try {
    for (let round = 1; round <= runs; round++) {
      for (const pageType of pageTypes) {
        const entry = await lighthouse.run(baseUrl + pageType.path, pageType);
        version = entry.version;
        runsByPage.get(pageType.id)!.push(entry);
        console.log(
          `  run ${round}/${runs} ${pageType.label.padEnd(18)} perf ${entry.performance} a11y ${entry.accessibility} bp ${entry.bestPractices} ` +
            `seo ${entry.seo} TBT ${show(entry.tbtMs)} ms (${entry.seconds.toFixed(0)} s)`,
        );
        if (entry.performance === null)
          console.log(`    no performance score: ${entry.runtimeError ?? (entry.warnings.join('; ') || 'no reason given')}`);
      }
    }
  } finally {
    lighthouse.close();
  }
  const figures = new Map(
    [...runsByPage].map(([id, pageRuns]): [string, LighthouseFigures] => [
      id,
      {...medianRun(pageRuns), performanceRuns: pageRuns.map((run) => run.performance)},
    ]),
  );
  return {figures, version};
}

function kb(bytes: number): string {
  return (bytes / KB).toFixed(1);
}

function missesOf(result: Omit<PageResult, 'misses'>): string[] {
  const {targets, weight, lighthouse: lh} = result;
  const misses: string[] = [];
  if (weight.firstLoadJs > targets.maxJsKB * KB) misses.push(`JS > ${targets.maxJsKB} KB`);
  if (lh.performance === null || lh.performance < targets.minPerformance) misses.push(`perf < ${targets.minPerformance}`);
  if (targets.minOthers !== undefined) {
    for (const [name, value] of [
      ['a11y', lh.accessibility],
      ['BP', lh.bestPractices],
      ['SEO', lh.seo],
    ] as const) {
      if (value === null || value < targets.minOthers) misses.push(`${name} < ${targets.minOthers}`);
    }
  }
  if (lh.cls === null || lh.cls > 0) misses.push('CLS > 0');
  return misses;
}

const show = (value: number | null, digits = 0) => (value === null ? '–' : value.toFixed(digits));

const columns = [
  'Page',
  'First-load JS (KB)',
  'Mermaid JS (KB)',
  'CSS (KB)',
  'Prefetched (KB)',
  'Deferred libs loaded',
  'Perf',
  'Perf, each run',
  'A11y',
  'BP',
  'SEO',
  'LCP (ms)',
  'TBT (ms)',
  'CLS',
  'Targets missed',
];

function rowOf(result: PageResult): string[] {
  const {weight, lighthouse: lh} = result;
  return [
    result.label,
    kb(weight.firstLoadJs),
    kb(weight.mermaidJs),
    kb(weight.css),
    kb(weight.prefetched),
    weight.libraries.join(', ') || 'none',
    show(lh.performance),
    lh.performanceRuns.map((value) => show(value)).join(' / '),
    show(lh.accessibility),
    show(lh.bestPractices),
    show(lh.seo),
    show(lh.lcpMs),
    show(lh.tbtMs),
    show(lh.cls, 3),
    result.misses.join(', ') || 'none',
  ];
}

function textTable(rows: string[][]): string {
  const widths = columns.map((column, index) => Math.max(column.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join('  ');
  return [line(columns), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

function markdownTable(rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const textColumns = new Set([0, 5, 7, columns.length - 1]);
  return [line(columns), line(columns.map((_, index) => (textColumns.has(index) ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

function buildLine(info: BuildInfo): string {
  if (info.mode === 'reused') return 'Build: existing build/ reused, not timed (`npm run bench -- --rebuild` times a cold build).';
  const label = info.mode === 'cold' ? 'Cold production build' : 'Production build';
  const target = info.mode === 'cold' ? ` (target ≤ ${coldBuildTargetSeconds} s)` : '';
  return `${label} (\`npm run build\`, API generation included): ${info.seconds.toFixed(1)} s${target}.${info.note ? ` ${info.note}.` : ''}`;
}

function machineDescription(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM, ${os.type()} ${os.release()} (${os.arch()}), Node ${process.version}`;
}

function packageVersion(name: string): string {
  const file = path.join(siteDir, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as {version: string}).version;
}

async function main(): Promise<void> {
  const {rebuild, runs} = parseArguments(process.argv.slice(2));
  const options = [...(rebuild ? ['--rebuild'] : []), ...(runs === defaultRuns ? [] : ['--runs', String(runs)])];
  const command = `npm run bench${options.length > 0 ? ` -- ${options.join(' ')}` : ''}`;
  const started = new Date();
  // Other work on the machine slows Lighthouse's runs and lowers its scores: the load is recorded.
  const loadAtStart = os.loadavg()[0]!;
  const buildInfo = build(rebuild);
  const phases = {pageWeight: 0, lighthouse: 0, loadTest: 0};

  const server = await startNginx({root: buildDir});
  const stopServer = () => {
    if (server.child.exitCode === null) server.child.kill('SIGTERM');
  };
  process.once('exit', stopServer);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopServer();
      process.exit(130);
    });
  }

  let results: PageResult[];
  let chromiumVersion: string;
  let lighthouseVersion: string;
  let loadTest: LoadTestFigures;
  let sandbox: SandboxFigures;
  let tryIt: TryItFigures;
  let searchRows: SearchBenchRow[];
  try {
    console.log(`Page weight (gzip level ${gzipLevel}), ${server.url}:`);
    let phase = performance.now();
    const measured = await measureWeights(server.url);
    phases.pageWeight = (performance.now() - phase) / 1000;
    chromiumVersion = measured.chromiumVersion;
    console.log(`Lighthouse 12, mobile preset, ${runs} run${runs === 1 ? '' : 's'} per page:`);
    phase = performance.now();
    const lighthouse = await runLighthouse(server.url, runs);
    phases.lighthouse = (performance.now() - phase) / 1000;
    lighthouseVersion = lighthouse.version;
    console.log('Search on a throttled phone (scripts/bench-search.ts):');
    searchRows = await benchSearch(server.url);
    results = pageTypes.map((pageType) => {
      const weight = measured.weights.get(pageType.id)!;
      const partial = {
        id: pageType.id,
        label: pageType.label,
        path: pageType.path,
        weight: weight.summary,
        resources: weight.resources,
        lighthouse: lighthouse.figures.get(pageType.id)!,
        targets: pageType.targets,
      };
      return {...partial, misses: missesOf(partial)};
    });
    // Last, so that its load cannot slow the Lighthouse runs.
    phase = performance.now();
    loadTest = await runLoadTest(server.url, buildDir, command);
    phases.loadTest = (performance.now() - phase) / 1000;
    console.log(`Load test: ${describeLoadTest(loadTest)}`);
    sandbox = await benchSandbox();
    console.log(`Sandbox: ${describeSandbox(sandbox)}`);
    console.log('The Try it console on a throttled phone (scripts/bench-try-it.ts):');
    tryIt = await benchTryIt(server.url, undefined, buildDir);
    console.log(`Try it: ${describeTryIt(tryIt)}`);
  } finally {
    await server.stop();
  }

  const finished = new Date();
  const seconds = (finished.getTime() - started.getTime()) / 1000;
  const rows = results.map(rowOf);
  const machine = machineDescription();
  const load = `load average ${loadAtStart.toFixed(1)} at start, ${os.loadavg()[0]!.toFixed(1)} at end`;
  const versions = {
    node: process.version,
    chromium: chromiumVersion,
    lighthouse: lighthouseVersion,
    docusaurus: packageVersion('@docusaurus/core'),
    playwright: packageVersion('@playwright/test'),
  };

  console.log(`\n${textTable(rows)}\n\n${searchMarkdown(searchRows)}\n`);
  console.log(buildLine(buildInfo));
  for (const result of results) {
    if (result.lighthouse.failedAudits.length > 0) console.log(`${result.label} failed: ${result.lighthouse.failedAudits.join(', ')}`);
  }
  console.log(
    `KB = 1024 bytes, gzip level ${gzipLevel}. Bench took ${seconds.toFixed(0)} s ` +
      `(page weight ${phases.pageWeight.toFixed(0)} s, Lighthouse ${phases.lighthouse.toFixed(0)} s, load test ${phases.loadTest.toFixed(0)} s; ${load}).`,
  );

  const stamp = started.toISOString().replaceAll(':', '');
  const runsDir = path.join(benchDir, 'runs');
  mkdirSync(runsDir, {recursive: true});
  const jsonFile = path.join(runsDir, `${stamp}.json`);
  const report = {
    command,
    startedAt: started.toISOString(),
    seconds,
    phases,
    machine,
    loadAverage: {start: loadAtStart, end: os.loadavg()[0]!},
    versions,
    gzipLevel,
    build: buildInfo,
    coldBuildTargetSeconds,
    pages: results,
    loadTest,
    search: searchRows,
    sandbox,
    tryIt,
  };
  writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);

  const markdown = [
    '# Latest benchmark (`npm run bench`)',
    '',
    `Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${command}\` on ${machine} (${load});`,
    `Chromium ${versions.chromium}, Lighthouse ${versions.lighthouse} (mobile preset, simulated throttling), Docusaurus ${versions.docusaurus}.`,
    'The build was served by nginx with the shipped configuration (`deploy/nginx/tessera-docs.conf`: precompressed brotli/gzip, the security headers), as readers get it.',
    '',
    markdownTable(rows),
    '',
    searchMarkdown(searchRows),
    '',
    buildLine(buildInfo),
    '',
    'Failed weighted audits (accessibility, best practices, SEO):',
    '',
    ...results.map((result) => `- ${result.label}: ${result.lighthouse.failedAudits.join(', ') || 'none'}`),
    '',
    `- **First-load JS**: gzipped (level ${gzipLevel}) size of every script the page ran, loaded without interaction until the network was idle, mermaid's own chunks excluded (they are the *Mermaid JS* column). KB = 1024 bytes.`,
    '- **Prefetched**: .js/.css Docusaurus prefetched for links in view (fetched at idle priority, not run); not in first-load JS. How much is prefetched before the network goes idle depends on timing.',
    "- **Deferred libs loaded**: which of the libraries the site loads only when a reader needs them (Prism, marked, Redux, the OpenAPI theme's request-sample generators, faker) a script the page ran holds; mermaid has its own column.",
    `- **Load test** (nginx on loopback, autocannon, \`${command}\`): ${describeLoadTest(loadTest)}.`,
    `- **Sandbox** (scripts/bench-sandbox.ts): ${describeSandbox(sandbox)}.`,
    `- **Try it console** (scripts/bench-try-it.ts): ${describeTryIt(tryIt)}.`,
    '- **Targets missed** (reported, not enforced): home, docs root, not found: JS ≤ 150 KB, perf ≥ 98, a11y/BP/SEO 100; guide and SDK pages with a diagram: JS ≤ 170 KB before the diagram loads, perf ≥ 95; API operation pages: JS ≤ 300 KB, perf ≥ 90; CLS 0 everywhere.',
    `- Lighthouse ran ${runs} time${runs === 1 ? '' : 's'} per page, the pages taking turns; every column but *Perf, each run* is the median run's (the run with the median performance score). Scores and timings vary by a few points from run to run; byte figures do not.`,
    '- Lighthouse scores a 404 page only when told the status is expected; its SEO score then loses the "HTTP status code" audit by design.',
    `- Full figures, every file: \`bench/runs/${path.basename(jsonFile)}\` (not committed). The bench took ${seconds.toFixed(0)} s.`,
    '',
  ].join('\n');
  writeFileSync(path.join(benchDir, 'latest.md'), markdown);
  console.log(`Wrote ${path.relative(siteDir, jsonFile)} and bench/latest.md`);
}

// Run as a script, not when another module imports this one.
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
