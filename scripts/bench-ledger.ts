/**
 * `npm run bench:ledger`: what each unit of the performance layer gains on its own. Each variant
 * is the site built with the whole layer except one unit (`TESSERA_WITHOUT=<unit>`,
 * config/performance-layer.ts), compared with the whole layer, on the bench pages
 * (scripts/measure/page-types.ts):
 *
 *   npm run bench:ledger                                   every unit that can be switched off alone
 *   npm run bench:ledger -- --units ssr-template,lazy-details [--runs 5] [--pages home,api] [--reuse]
 *   npm run bench:ledger -- --report bench/runs/ledger-<timestamp>.json      report a stored run again
 *   npm run bench:ledger -- --units lazy-details+selected-tab-only             units switched off together
 *
 * A variant of units joined by `+` switches them off together, to see whether units that show
 * nothing alone gain together; such runs are reported in bench/ledger-groups-latest.md and leave
 * bench/ledger.json (one unit's own figures) alone. The loads do not throttle the network, so a
 * unit whose gain is a round trip is measured with scripts/bench-hydration.ts on its variant's build.
 *
 * - first-load JS per page type (gzip level 9, as `npm run bench`): deterministic, one load each;
 * - main-thread time on a throttled phone (Chromium's CPU throttled 4×, as Lighthouse's mobile
 *   preset, a phone viewport): the task time from navigation until the page has hydrated and been
 *   idle for a second (CDP Performance.getMetrics TaskDuration), the blocking time of its long
 *   tasks (each task's time over 50 ms, like TBT) and LCP and CLS as the page reports them; the
 *   median of `--runs` loads.
 *
 * The machine is shared, so the loads take turns: each round loads every page in every variant,
 * the variants in a rotated order, so a passing slowdown spreads over all of them; every load
 * records the load average. A time difference counts only when the runs of the two variants do not
 * overlap (every run of one is slower than every run of the other); the table says "noise"
 * otherwise. Builds go to build-ledger/<variant>/ (git-ignored; `--reuse` serves existing ones),
 * the figures to bench/runs/ledger-<timestamp>.json (every load), bench/ledger-latest.md (this run's
 * table) and bench/ledger.json (each unit's latest figures, which PERFORMANCE.md's Gain column shows).
 */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {chromium, devices, type Browser} from '@playwright/test';
import {chromiumFlags, chromiumPath} from '../config/chromium';
import {performanceLayer, stockSwitch, unitsTiedToGeneratedPages, withoutSwitch} from '../config/performance-layer';
import {performanceUnits} from '../config/upstream-modifications';
import {pageTypes} from './measure/page-types';
import {gzipBytes, hydratedSelector} from './measure/page-weight';
import {measureWeights} from './bench';
import {startNginx, type NginxServer} from './nginx-server';
import {cdnHeadersFile} from './write-host-headers';

const siteDir = path.resolve(import.meta.dirname, '..');
export const ledgerBuildsDir = 'build-ledger';
const fullLayer = 'full layer';
const KB = 1024;
const cpuSlowdown = 4;
/** How long a page must stay without network activity after hydrating before its main-thread time is read. */
const settleMs = 1000;

type Options = {units: string[]; runs: number; pages: string[]; reuse: boolean};

function parseArguments(argv: string[]): Options {
  const options: Options = {
    units: performanceUnits.filter((unit) => !unitsTiedToGeneratedPages.includes(unit)),
    runs: 3,
    pages: pageTypes.map((pageType) => pageType.id),
    reuse: false,
  };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    const list = () => (argv[++index] ?? '').split(',').filter(Boolean);
    if (argument === '--units') options.units = list();
    else if (argument === '--pages') options.pages = list();
    else if (argument === '--runs') options.runs = Number(argv[++index]);
    else if (argument === '--reuse') options.reuse = true;
    else throw new Error(`Unknown argument ${argument}: --units a,b --pages home,api --runs N --reuse`);
  }
  if (!Number.isInteger(options.runs) || options.runs < 3)
    throw new Error('--runs takes a whole number of at least 3 (a median of fewer says little)');
  const unknownPages = options.pages.filter((id) => !pageTypes.some((pageType) => pageType.id === id));
  if (unknownPages.length > 0) throw new Error(`No page type ${unknownPages.join(', ')} in scripts/measure/page-types.ts`);
  return options;
}

function run(args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(process.execPath, args, {cwd: siteDir, env, stdio: ['ignore', 'ignore', 'inherit']});
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed with exit code ${result.status}`);
}

const variantDir = (variant: string) => path.join(siteDir, ledgerBuildsDir, variant === fullLayer ? 'full' : variant);
/** The units a variant switches off: one, or several joined by `+`. */
const unitsOf = (variant: string) => (variant === fullLayer ? [] : variant.split('+'));

/** Builds one variant as `npm run build` does (its pre- and postbuild steps included), into its own folder. */
function buildVariant(variant: string, reuse: boolean): number {
  const outDir = variantDir(variant);
  if (reuse && existsSync(path.join(outDir, cdnHeadersFile))) return 0;
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== stockSwitch && name !== withoutSwitch));
  // Each variant compiles against other aliases: the persistent cache would serve one variant's modules to another.
  const variantEnv = {
    ...env,
    DOCUSAURUS_NO_PERSISTENT_CACHE: '1',
    ...(variant === fullLayer ? {} : {[withoutSwitch]: unitsOf(variant).join(',')}),
  };
  const started = performance.now();
  console.log(`Building ${variant} into ${path.relative(siteDir, outDir)} ...`);
  run([path.join('node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', outDir], variantEnv);
  run(['--import', 'tsx', 'scripts/write-host-headers.ts', '--root', outDir], variantEnv);
  run(['--import', 'tsx', 'scripts/precompress.ts', '--root', outDir], variantEnv);
  return (performance.now() - started) / 1000;
}

export type MainThreadRun = {
  taskMs: number;
  blockingMs: number;
  lcpMs: number;
  cls: number;
  loadAverage: number;
  /** The page's HTML, gzipped (level 9), and the elements in its body once it has settled. */
  htmlBytes?: number;
  elements?: number;
};

declare global {
  interface Window {
    ledgerFigures?: {blockingMs: number; lcpMs: number; cls: number};
  }
}

/** Runs in the page before its own scripts: sums long tasks' blocking time, the latest LCP candidate and layout shifts. */
function observePage(): void {
  const figures = {blockingMs: 0, lcpMs: 0, cls: 0};
  window.ledgerFigures = figures;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) figures.blockingMs += Math.max(0, entry.duration - 50);
  }).observe({type: 'longtask', buffered: true});
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    figures.lcpMs = entries[entries.length - 1]?.startTime ?? figures.lcpMs;
  }).observe({type: 'largest-contentful-paint', buffered: true});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {value: number; hadRecentInput: boolean})[]) {
      if (!entry.hadRecentInput) figures.cls += entry.value;
    }
  }).observe({type: 'layout-shift', buffered: true});
}

async function measureMainThread(browser: Browser, url: string): Promise<MainThreadRun> {
  const context = await browser.newContext({...devices['Pixel 5']});
  try {
    const page = await context.newPage();
    await page.addInitScript(observePage);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: cpuSlowdown});
    await cdp.send('Performance.enable');
    const loadAverage = os.loadavg()[0]!;
    const response = await page.goto(url, {waitUntil: 'load'});
    const htmlBytes = gzipBytes(await response!.body());
    await page.waitForSelector(hydratedSelector, {state: 'attached'});
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(settleMs);
    const {metrics} = await cdp.send('Performance.getMetrics');
    const taskSeconds = metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN;
    const figures = await page.evaluate(() => window.ledgerFigures!);
    const elements = await page.evaluate(() => document.body.getElementsByTagName('*').length);
    return {taskMs: taskSeconds * 1000, ...figures, loadAverage, htmlBytes, elements};
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** A difference in one figure: the median's, and whether the two sets of runs are apart (no overlap). */
export function compareRuns(layer: number[], without: number[]): {delta: number; apart: boolean} {
  const delta = median(without) - median(layer);
  const apart = Math.min(...without) > Math.max(...layer) || Math.max(...without) < Math.min(...layer);
  return {delta, apart};
}

/** One stored run of the bench (bench/runs/ledger-<timestamp>.json): every variant's figures. */
export type StoredRuns = {
  command: string;
  started: string;
  figures: Record<string, {bytes: Record<string, number>; runs: Record<string, MainThreadRun[]>; buildSeconds: number}>;
};

/** What one unit measured alone, as bench/ledger.json keeps it for PERFORMANCE.md (scripts/write-performance-md.ts). */
export type UnitFigures = {
  measured: string;
  /** What the unit saves on each page type whose first-load JS it changes, in bytes (negative: it costs). */
  bytesSaved: Record<string, number>;
  /** Per page measured: what the unit saves of each time figure (median difference), and whether the runs were apart. */
  mainThread: Record<string, Record<'taskMs' | 'blockingMs' | 'lcpMs' | 'cls', {saved: number; apart: boolean}>>;
  /** Per page measured, where it differs: the HTML bytes (gzip) and body elements the unit saves (medians). */
  page?: Record<string, {htmlBytes: number; elements: number}>;
  runs: number;
  loadAverage: [number, number];
};
export const ledgerFile = path.join(siteDir, 'bench', 'ledger.json');

const kb = (bytes: number) => (bytes / KB).toFixed(1);
const signed = (value: number, digits = 0) => `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(digits)}`;
/** Bytes as KB, or as bytes when under a tenth of a KB (which would round to 0.0). */
export const signedBytes = (bytes: number) => (Math.abs(bytes) < KB / 10 ? `${signed(bytes)} B` : `${signed(bytes / KB, 1)} KB`);
const timeFigures = ['taskMs', 'blockingMs', 'lcpMs', 'cls'] as const;

async function measure(options: Options): Promise<StoredRuns> {
  const started = new Date();
  const variants = [fullLayer, ...options.units];
  const figures: StoredRuns['figures'] = {};
  for (const variant of variants) figures[variant] = {bytes: {}, runs: {}, buildSeconds: buildVariant(variant, options.reuse)};

  const servers = new Map<string, NginxServer>();
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumFlags});
  try {
    for (const variant of variants) servers.set(variant, await startNginx({root: variantDir(variant), workers: 1}));
    for (const variant of variants) {
      console.log(`First-load JS, ${variant}:`);
      const {weights} = await measureWeights(servers.get(variant)!.url, {
        diagramsDrawnInBrowser: !performanceLayer(false, unitsOf(variant)).prerenderedDiagrams,
      });
      for (const [id, weight] of weights) figures[variant]!.bytes[id] = weight.summary.firstLoadJs;
    }
    const pages = pageTypes.filter((pageType) => options.pages.includes(pageType.id));
    for (let round = 0; round < options.runs; round++) {
      for (const pageType of pages) {
        // A rotated order per round and page: no variant always goes first, right after another page's load.
        const offset = (round + pages.indexOf(pageType)) % variants.length;
        for (const variant of [...variants.slice(offset), ...variants.slice(0, offset)]) {
          const measured = await measureMainThread(browser, servers.get(variant)!.url + pageType.path);
          (figures[variant]!.runs[pageType.id] ??= []).push(measured);
          console.log(
            `  round ${round + 1}/${options.runs} ${pageType.id.padEnd(13)} ${variant.padEnd(30)} tasks ${measured.taskMs.toFixed(0)} ms, ` +
              `blocking ${measured.blockingMs.toFixed(0)} ms, LCP ${measured.lcpMs.toFixed(0)} ms, CLS ${measured.cls.toFixed(3)} (load ${measured.loadAverage.toFixed(1)})`,
          );
        }
      }
    }
  } finally {
    await browser.close();
    for (const server of servers.values()) await server.stop();
  }
  const command = `npm run bench:ledger -- --units ${options.units.join(',')} --pages ${options.pages.join(',')} --runs ${options.runs}`;
  return {command, started: started.toISOString(), figures};
}

/** Each unit's figures against the whole layer. */
export function unitFigures(stored: StoredRuns): Record<string, UnitFigures> {
  const layer = stored.figures[fullLayer]!;
  const loads = Object.values(stored.figures).flatMap((variant) =>
    Object.values(variant.runs).flatMap((runs) => runs.map((run) => run.loadAverage)),
  );
  const units = Object.keys(stored.figures).filter((variant) => variant !== fullLayer);
  return Object.fromEntries(
    units.map((unit): [string, UnitFigures] => {
      const variant = stored.figures[unit]!;
      const bytesSaved = Object.fromEntries(
        Object.entries(variant.bytes)
          .map(([id, bytes]) => [id, bytes - layer.bytes[id]!] as const)
          .filter(([, delta]) => delta !== 0),
      );
      const mainThread = Object.fromEntries(
        Object.entries(layer.runs).map(([id, layerRuns]) => [
          id,
          Object.fromEntries(
            timeFigures.map((figure) => {
              const {delta, apart} = compareRuns(
                layerRuns.map((run) => run[figure]),
                variant.runs[id]!.map((run) => run[figure]),
              );
              return [figure, {saved: Number(delta.toFixed(figure === 'cls' ? 4 : 1)), apart}];
            }),
          ) as UnitFigures['mainThread'][string],
        ]),
      );
      const runs = Object.values(layer.runs)[0]?.length ?? 0;
      const pageSaved = Object.fromEntries(
        Object.entries(layer.runs)
          .filter(([, layerRuns]) => layerRuns.every((run) => run.htmlBytes !== undefined && run.elements !== undefined))
          .map(([id, layerRuns]) => {
            const saved = (pick: (run: MainThreadRun) => number) =>
              Math.round(median(variant.runs[id]!.map(pick)) - median(layerRuns.map(pick)));
            return [id, {htmlBytes: saved((run) => run.htmlBytes!), elements: saved((run) => run.elements!)}] as const;
          })
          .filter(([, saved]) => saved.htmlBytes !== 0 || saved.elements !== 0),
      );
      return [
        unit,
        {
          measured: stored.started.slice(0, 16).replace('T', ' '),
          bytesSaved,
          mainThread,
          ...(Object.keys(pageSaved).length > 0 ? {page: pageSaved} : {}),
          runs,
          loadAverage: [Number(Math.min(...loads).toFixed(1)), Number(Math.max(...loads).toFixed(1))],
        },
      ];
    }),
  );
}

export function ledgerMarkdown(stored: StoredRuns): string {
  const layer = stored.figures[fullLayer]!;
  const units = unitFigures(stored);
  const pages = Object.keys(layer.runs);
  const runs = Object.values(layer.runs)[0]?.length ?? 0;
  const loads = Object.values(stored.figures).flatMap((variant) =>
    Object.values(variant.runs).flatMap((pageRuns) => pageRuns.map((run) => run.loadAverage)),
  );
  const cell = ({saved, apart}: {saved: number; apart: boolean}, digits = 0) => `${signed(saved, digits)}${apart ? '' : ' (noise)'}`;
  const rows = Object.entries(units).flatMap(([unit, figures]) =>
    pages.map((id, index) => {
      const bytes = Object.entries(figures.bytesSaved).map(([page, delta]) => `${page} ${signedBytes(delta)}`);
      const time = figures.mainThread[id]!;
      const page = figures.page?.[id];
      const html = page ? `${signedBytes(page.htmlBytes)}, ${signed(page.elements)} elements` : 'none';
      return `| ${unit} | ${id} | ${index === 0 ? bytes.join(', ') || 'none' : '″'} | ${html} | ${cell(time.taskMs)} | ${cell(time.blockingMs)} | ${cell(time.lcpMs)} | ${cell(time.cls, 3)} |`;
    }),
  );
  const spread = (values: number[]) => `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
  const layerRows = pages.map((id) => {
    const pageRuns = layer.runs[id]!;
    return `| ${id} | ${kb(layer.bytes[id]!)} | ${spread(pageRuns.map((run) => run.taskMs))} | ${spread(pageRuns.map((run) => run.blockingMs))} | ${spread(pageRuns.map((run) => run.lcpMs))} | ${median(pageRuns.map((run) => run.cls)).toFixed(3)} |`;
  });
  return [
    '<!-- Generated by scripts/bench-ledger.ts (`npm run bench:ledger`): run it again rather than edit this file. -->',
    '',
    '# What each unit of the performance layer gains on its own',
    '',
    `Measured ${stored.started.slice(0, 16).replace('T', ' ')} UTC with \`${stored.command}\` on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()},`,
    `shared with other work: load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the loads (median ${median(loads).toFixed(1)}; each load's is in bench/runs/ledger-*.json).`,
    'Each unit is switched off alone (`TESSERA_WITHOUT=<unit>`) and compared with the whole layer: a positive difference is what the unit saves.',
    '',
    '## The whole layer',
    '',
    `Main thread: Chromium with its CPU throttled ${cpuSlowdown}×, phone viewport, served by nginx; median (min–max) of ${runs} loads.`,
    '',
    '| Page | First-load JS (KB) | Task time (ms) | Blocking time (ms) | LCP (ms) | CLS |',
    '|---|---:|---:|---:|---:|---:|',
    ...layerRows,
    '',
    '## Without one unit, compared with the whole layer',
    '',
    '| Unit switched off | Page | First-load JS it saves (every page type) | HTML (gzip) and body elements it saves | Task time it saves (ms) | Blocking time (ms) | LCP (ms) | CLS |',
    '|---|---|---|---|---:|---:|---:|---:|',
    ...rows,
    '',
    '- **First-load JS**: gzipped (level 9) bytes of the scripts a page ran, as `npm run bench` measures them; exact, so any change is real.',
    `- **Task time**: the main thread's task time from navigation until the page has hydrated and the network has been idle for ${settleMs / 1000} s (CDP TaskDuration); **blocking time**: the sum of each long task's time over 50 ms (as TBT counts it, over the whole load).`,
    "- **HTML and elements**: the page's HTML as served, gzipped, and the elements in its body once settled (medians); blank when the stored run predates these figures.",
    '- Differences of a few bytes on every page come from content hashes in file names, not from the unit.',
    "- **(noise)**: the two variants' runs overlap (some run of one lies between runs of the other), so the difference of the medians is within run-to-run noise on this shared machine. Without the mark, every run of one variant was slower than every run of the other; with 3 runs each that also happens by chance once in 10 comparisons (once in 126 with 5), so a lone unmarked figure on a page the unit does not touch is noise too. The variants' loads took turns, in a rotated order, so drift of the machine's load spreads over all of them.",
    '',
  ].join('\n');
}

/** Writes the report of a stored run, and its units' figures into bench/ledger.json (units measured before keep theirs). */
function report(stored: StoredRuns): void {
  const ledger = existsSync(ledgerFile) ? (JSON.parse(readFileSync(ledgerFile, 'utf8')) as Record<string, UnitFigures>) : {};
  const markdown = ledgerMarkdown(stored);
  if (Object.keys(stored.figures).some((variant) => unitsOf(variant).length > 1)) {
    writeFileSync(path.join(siteDir, 'bench', 'ledger-groups-latest.md'), markdown);
    console.log(`\n${markdown}\nWrote bench/ledger-groups-latest.md`);
    return;
  }
  const updated = {...ledger, ...unitFigures(stored)};
  const ordered = Object.fromEntries(performanceUnits.filter((unit) => unit in updated).map((unit) => [unit, updated[unit]!]));
  writeFileSync(ledgerFile, `${JSON.stringify(ordered, null, 2)}\n`);
  writeFileSync(path.join(siteDir, 'bench', 'ledger-latest.md'), markdown);
  console.log(`\n${markdown}\nWrote bench/ledger-latest.md and bench/ledger.json (npm run docs:performance puts it into PERFORMANCE.md)`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // `--report <file>`: report a stored run again, without building or measuring.
  if (argv[0] === '--report') {
    report(JSON.parse(readFileSync(argv[1]!, 'utf8')) as StoredRuns);
    return;
  }
  const stored = await measure(parseArguments(argv));
  mkdirSync(path.join(siteDir, 'bench', 'runs'), {recursive: true});
  writeFileSync(
    path.join(siteDir, 'bench', 'runs', `ledger-${stored.started.replaceAll(':', '')}.json`),
    `${JSON.stringify(stored, null, 2)}\n`,
  );
  report(stored);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
