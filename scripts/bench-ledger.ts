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
 *   npm run bench:ledger -- --lighthouse --units ssr-template --pages guide,notifications --runs 7
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
 *   median of `--runs` loads;
 * - or, with `--lighthouse`, Lighthouse's own figures instead of those loads: each load is one
 *   Lighthouse mobile run (scripts/measure/lighthouse.ts, as `npm run bench` scores pages), and
 *   the unit's performance score, TBT, LCP and CLS are compared. The page's own observers see the
 *   tasks Chromium runs under a 4× slowdown; Lighthouse simulates a phone from an unthrottled trace
 *   (its TBT counts the tasks it would lengthen past 50 ms), and a unit that only shortens such tasks
 *   shows in one and not the other. These runs go to bench/ledger-lighthouse-latest.md and to the
 *   units' `lighthouse` figures in bench/ledger.json, beside the page loads' figures.
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
import {pageTypes, type PageType} from './measure/page-types';
import {gzipBytes, hydratedSelector} from './measure/page-weight';
import {measureWeights} from './bench';
import {startLighthouse, type LighthouseSession} from './measure/lighthouse';
import {startNginx, type NginxServer} from './nginx-server';
import {cdnHeadersFile} from './write-host-headers';

const siteDir = path.resolve(import.meta.dirname, '..');
export const ledgerBuildsDir = 'build-ledger';
const fullLayer = 'full layer';
const KB = 1024;
const cpuSlowdown = 4;
/** How long a page must stay without network activity after hydrating before its main-thread time is read. */
const settleMs = 1000;

type Options = {units: string[]; runs: number; pages: string[]; reuse: boolean; lighthouse: boolean};

function parseArguments(argv: string[]): Options {
  const options: Options = {
    units: performanceUnits.filter((unit) => !unitsTiedToGeneratedPages.includes(unit)),
    runs: 3,
    pages: pageTypes.map((pageType) => pageType.id),
    reuse: false,
    lighthouse: false,
  };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    const list = () => (argv[++index] ?? '').split(',').filter(Boolean);
    if (argument === '--units') options.units = list();
    else if (argument === '--pages') options.pages = list();
    else if (argument === '--runs') options.runs = Number(argv[++index]);
    else if (argument === '--reuse') options.reuse = true;
    else if (argument === '--lighthouse') options.lighthouse = true;
    else throw new Error(`Unknown argument ${argument}: --units a,b --pages home,api --runs N --reuse --lighthouse`);
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
  run(['--import', 'tsx', 'scripts/build-site.ts', '--out-dir', outDir], variantEnv);
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

/** One Lighthouse mobile run of a page, as the ledger keeps it. */
export type LighthouseLoad = {performance: number; tbtMs: number; lcpMs: number; cls: number; loadAverage: number};
const lighthouseFigures = ['performance', 'tbtMs', 'lcpMs', 'cls'] as const;
type LighthouseFigure = (typeof lighthouseFigures)[number];

/** One stored run of the bench (bench/runs/ledger-<timestamp>.json): every variant's figures. */
export type StoredRuns = {
  command: string;
  started: string;
  /** Which loads measured time: the page's own observers (the default), or Lighthouse (`--lighthouse`). */
  meter?: 'lighthouse';
  figures: Record<
    string,
    {
      bytes: Record<string, number>;
      runs: Record<string, MainThreadRun[]>;
      lighthouse?: Record<string, LighthouseLoad[]>;
      buildSeconds: number;
    }
  >;
};

/** Lighthouse's figures of one unit against the whole layer (`--lighthouse`). */
export type UnitLighthouseFigures = {
  measured: string;
  runs: number;
  loadAverage: [number, number];
  /** Per page measured: what the unit saves of each figure (median difference; a higher score is a saving too), and whether the runs were apart. */
  pages: Record<string, Record<LighthouseFigure, {saved: number; apart: boolean}>>;
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
  /** Measured with `--lighthouse`: kept beside the page loads' figures, each from its own latest run. */
  lighthouse?: UnitLighthouseFigures;
};
export const ledgerFile = path.join(siteDir, 'bench', 'ledger.json');

const kb = (bytes: number) => (bytes / KB).toFixed(1);
const signed = (value: number, digits = 0) => `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(digits)}`;
/** Bytes as KB, or as bytes when under a tenth of a KB (which would round to 0.0). */
export const signedBytes = (bytes: number) => (Math.abs(bytes) < KB / 10 ? `${signed(bytes)} B` : `${signed(bytes / KB, 1)} KB`);
const timeFigures = ['taskMs', 'blockingMs', 'lcpMs', 'cls'] as const;

/** Lighthouse now and then returns a run without one of its figures: such a run is repeated, twice at most. */
async function scoredLoad(lighthouse: LighthouseSession, url: string, pageType: PageType, loadAverage: number): Promise<LighthouseLoad> {
  const attempts = 3;
  for (let attempt = 1; ; attempt++) {
    const scored = await lighthouse.run(url, pageType);
    const {performance, tbtMs, lcpMs, cls} = scored;
    if (performance !== null && tbtMs !== null && lcpMs !== null && cls !== null) return {performance, tbtMs, lcpMs, cls, loadAverage};
    const missing = Object.entries({performance, tbtMs, lcpMs, cls}).flatMap(([name, value]) => (value === null ? [name] : []));
    const reason = [scored.runtimeError, ...scored.warnings].filter(Boolean).join('; ') || 'no error reported';
    if (attempt === attempts) throw new Error(`Lighthouse gave no ${missing.join(', ')} for ${url} in ${attempts} runs (${reason})`);
    console.log(`  Lighthouse gave no ${missing.join(', ')} for ${url} (${reason}); running it again`);
  }
}

async function measure(options: Options): Promise<StoredRuns> {
  const started = new Date();
  const variants = [fullLayer, ...options.units];
  const figures: StoredRuns['figures'] = {};
  for (const variant of variants) figures[variant] = {bytes: {}, runs: {}, buildSeconds: buildVariant(variant, options.reuse)};

  const servers = new Map<string, NginxServer>();
  // The loads are timed by Lighthouse (`--lighthouse`, its own Chromium) or in a Playwright browser.
  const lighthouse = options.lighthouse ? await startLighthouse() : undefined;
  const browser = lighthouse ? undefined : await chromium.launch({executablePath: chromiumPath, args: chromiumFlags});
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
          const url = servers.get(variant)!.url + pageType.path;
          if (lighthouse) {
            const loadAverage = os.loadavg()[0]!;
            const load = await scoredLoad(lighthouse, url, pageType, loadAverage);
            ((figures[variant]!.lighthouse ??= {})[pageType.id] ??= []).push(load);
            console.log(
              `  round ${round + 1}/${options.runs} ${pageType.id.padEnd(13)} ${variant.padEnd(30)} perf ${load.performance}, ` +
                `TBT ${load.tbtMs.toFixed(0)} ms, LCP ${load.lcpMs.toFixed(0)} ms, CLS ${load.cls.toFixed(3)} (load ${loadAverage.toFixed(1)})`,
            );
            continue;
          }
          const measured = await measureMainThread(browser!, url);
          (figures[variant]!.runs[pageType.id] ??= []).push(measured);
          console.log(
            `  round ${round + 1}/${options.runs} ${pageType.id.padEnd(13)} ${variant.padEnd(30)} tasks ${measured.taskMs.toFixed(0)} ms, ` +
              `blocking ${measured.blockingMs.toFixed(0)} ms, LCP ${measured.lcpMs.toFixed(0)} ms, CLS ${measured.cls.toFixed(3)} (load ${measured.loadAverage.toFixed(1)})`,
          );
        }
      }
    }
  } finally {
    lighthouse?.close();
    await browser?.close();
    for (const server of servers.values()) await server.stop();
  }
  const command = `npm run bench:ledger -- ${options.lighthouse ? '--lighthouse ' : ''}--units ${options.units.join(',')} --pages ${options.pages.join(',')} --runs ${options.runs}`;
  return {command, started: started.toISOString(), ...(options.lighthouse ? {meter: 'lighthouse' as const} : {}), figures};
}

/** The load average during every timed load of a stored run. */
const loadAverages = (stored: StoredRuns): number[] =>
  Object.values(stored.figures).flatMap((variant) => [
    ...Object.values(variant.runs).flatMap((runs) => runs.map((run) => run.loadAverage)),
    ...Object.values(variant.lighthouse ?? {}).flatMap((runs) => runs.map((run) => run.loadAverage)),
  ]);
const loadRange = (loads: number[]): [number, number] => [Number(Math.min(...loads).toFixed(1)), Number(Math.max(...loads).toFixed(1))];
const measuredAt = (stored: StoredRuns) => stored.started.slice(0, 16).replace('T', ' ');
/** A report cell: what a unit saves of a figure, marked "(noise)" unless its runs were apart. */
const savedCell = ({saved, apart}: {saved: number; apart: boolean}, digits = 0) => `${signed(saved, digits)}${apart ? '' : ' (noise)'}`;
/** Runs as "median (min–max)". */
const spread = (values: number[], digits = 0) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

/** Lighthouse's figures of one variant against the whole layer's; a higher performance score counts as saved, like a lower time. */
function lighthouseSavings(
  layer: Record<string, LighthouseLoad[]>,
  variant: Record<string, LighthouseLoad[]>,
): UnitLighthouseFigures['pages'] {
  return Object.fromEntries(
    Object.entries(layer).map(([id, layerRuns]) => [
      id,
      Object.fromEntries(
        lighthouseFigures.map((figure) => {
          const {delta, apart} = compareRuns(
            layerRuns.map((run) => run[figure]),
            variant[id]!.map((run) => run[figure]),
          );
          const saved = figure === 'performance' ? -delta : delta;
          return [figure, {saved: Number(saved.toFixed(figure === 'cls' ? 4 : 1)) || 0, apart}];
        }),
      ) as UnitLighthouseFigures['pages'][string],
    ]),
  );
}

/** Each unit's figures against the whole layer. */
export function unitFigures(stored: StoredRuns): Record<string, UnitFigures> {
  const layer = stored.figures[fullLayer]!;
  const loads = loadAverages(stored);
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
      const lighthouse: UnitLighthouseFigures | undefined =
        layer.lighthouse && variant.lighthouse
          ? {
              measured: measuredAt(stored),
              runs: Object.values(layer.lighthouse)[0]?.length ?? 0,
              loadAverage: loadRange(loads),
              pages: lighthouseSavings(layer.lighthouse, variant.lighthouse),
            }
          : undefined;
      return [
        unit,
        {
          measured: measuredAt(stored),
          bytesSaved,
          mainThread,
          ...(Object.keys(pageSaved).length > 0 ? {page: pageSaved} : {}),
          runs,
          loadAverage: loadRange(loads),
          ...(lighthouse ? {lighthouse} : {}),
        },
      ];
    }),
  );
}

/**
 * A unit's entry in bench/ledger.json after a run: a Lighthouse run replaces its bytes and
 * Lighthouse figures and keeps the page loads' figures of its last ordinary run, and the other way round.
 */
export function mergedUnitFigures(previous: UnitFigures | undefined, latest: UnitFigures): UnitFigures {
  if (!previous) return latest;
  if (latest.lighthouse) return {...previous, bytesSaved: latest.bytesSaved, lighthouse: latest.lighthouse};
  return previous.lighthouse ? {...latest, lighthouse: previous.lighthouse} : latest;
}

export function ledgerMarkdown(stored: StoredRuns): string {
  const layer = stored.figures[fullLayer]!;
  const units = unitFigures(stored);
  const pages = Object.keys(layer.runs);
  const runs = Object.values(layer.runs)[0]?.length ?? 0;
  const loads = loadAverages(stored);
  const rows = Object.entries(units).flatMap(([unit, figures]) =>
    pages.map((id, index) => {
      const bytes = Object.entries(figures.bytesSaved).map(([page, delta]) => `${page} ${signedBytes(delta)}`);
      const time = figures.mainThread[id]!;
      const page = figures.page?.[id];
      const html = page ? `${signedBytes(page.htmlBytes)}, ${signed(page.elements)} elements` : 'none';
      return `| ${unit} | ${id} | ${index === 0 ? bytes.join(', ') || 'none' : '″'} | ${html} | ${savedCell(time.taskMs)} | ${savedCell(time.blockingMs)} | ${savedCell(time.lcpMs)} | ${savedCell(time.cls, 3)} |`;
    }),
  );
  const layerRows = pages.map((id) => {
    const pageRuns = layer.runs[id]!;
    return `| ${id} | ${kb(layer.bytes[id]!)} | ${spread(pageRuns.map((run) => run.taskMs))} | ${spread(pageRuns.map((run) => run.blockingMs))} | ${spread(pageRuns.map((run) => run.lcpMs))} | ${median(pageRuns.map((run) => run.cls)).toFixed(3)} |`;
  });
  return [
    '<!-- Generated by scripts/bench-ledger.ts (`npm run bench:ledger`): run it again rather than edit this file. -->',
    '',
    '# What each unit of the performance layer gains on its own',
    '',
    `Measured ${measuredAt(stored)} UTC with \`${stored.command}\` on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()},`,
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

/** The report of a `--lighthouse` run: Lighthouse's figures for the whole layer, and what each unit saves of them. */
export function lighthouseLedgerMarkdown(stored: StoredRuns): string {
  const layer = stored.figures[fullLayer]!;
  const layerRuns = layer.lighthouse ?? {};
  const pages = Object.keys(layerRuns);
  const runs = Object.values(layerRuns)[0]?.length ?? 0;
  const loads = loadAverages(stored);
  const units = unitFigures(stored);
  const layerRows = pages.map((id) => {
    const pageRuns = layerRuns[id]!;
    return `| ${id} | ${kb(layer.bytes[id]!)} | ${spread(pageRuns.map((run) => run.performance))} | ${spread(pageRuns.map((run) => run.tbtMs))} | ${spread(pageRuns.map((run) => run.lcpMs))} | ${spread(
      pageRuns.map((run) => run.cls),
      3,
    )} |`;
  });
  const rows = Object.entries(units).flatMap(([unit, figures]) =>
    pages.map((id, index) => {
      const bytes = Object.entries(figures.bytesSaved).map(([page, delta]) => `${page} ${signedBytes(delta)}`);
      const saved = figures.lighthouse!.pages[id]!;
      const variantRuns = stored.figures[unit]!.lighthouse![id]!;
      return `| ${unit} | ${id} | ${index === 0 ? bytes.join(', ') || 'none' : '″'} | ${savedCell(saved.performance)} | ${savedCell(saved.tbtMs)} | ${savedCell(saved.lcpMs)} | ${savedCell(saved.cls, 3)} | ${variantRuns.map((run) => run.tbtMs.toFixed(0)).join(' / ')} |`;
    }),
  );
  return [
    '<!-- Generated by scripts/bench-ledger.ts (`npm run bench:ledger -- --lighthouse`): run it again rather than edit this file. -->',
    '',
    '# What each unit of the performance layer gains on its own, by Lighthouse',
    '',
    `Measured ${measuredAt(stored)} UTC with \`${stored.command}\` on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()},`,
    `load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the runs (median ${median(loads).toFixed(1)}; each run's is in bench/runs/ledger-*.json).`,
    'Each unit is switched off (`TESSERA_WITHOUT=<unit>`) and compared with the whole layer: a positive difference is what the unit saves (for the score, what it adds).',
    '',
    '## The whole layer',
    '',
    `Lighthouse mobile preset (simulated throttling), as \`npm run bench\` runs it; median (min–max) of ${runs} runs.`,
    '',
    '| Page | First-load JS (KB) | Performance | TBT (ms) | LCP (ms) | CLS |',
    '|---|---:|---:|---:|---:|---:|',
    ...layerRows,
    '',
    '## Without the unit, compared with the whole layer',
    '',
    '| Unit switched off | Page | First-load JS it saves (every page type) | Performance it adds | TBT it saves (ms) | LCP (ms) | CLS | TBT without it, each run (ms) |',
    '|---|---|---|---:|---:|---:|---:|---|',
    ...rows,
    '',
    "- **(noise)**: the two variants' runs overlap, so the difference of the medians is within run-to-run noise. Without the mark, every run of one variant was worse than every run of the other. The variants' runs took turns, in a rotated order.",
    "- Lighthouse's TBT and LCP are simulated: it records the page unthrottled and computes what a phone 4× slower on a slow 4G link would see, so a unit that shortens tasks near the 50 ms line shows here and not in the page loads' own figures (bench/ledger-latest.md).",
    '',
  ].join('\n');
}

/** Writes the report of a stored run, and its units' figures into bench/ledger.json (units measured before keep theirs). */
function report(stored: StoredRuns): void {
  const ledger = existsSync(ledgerFile) ? (JSON.parse(readFileSync(ledgerFile, 'utf8')) as Record<string, UnitFigures>) : {};
  const lighthouse = stored.meter === 'lighthouse';
  const markdown = lighthouse ? lighthouseLedgerMarkdown(stored) : ledgerMarkdown(stored);
  if (Object.keys(stored.figures).some((variant) => unitsOf(variant).length > 1)) {
    const file = lighthouse ? 'ledger-groups-lighthouse-latest.md' : 'ledger-groups-latest.md';
    writeFileSync(path.join(siteDir, 'bench', file), markdown);
    console.log(`\n${markdown}\nWrote bench/${file}`);
    return;
  }
  const latest = unitFigures(stored);
  const updated: Record<string, UnitFigures> = {...ledger};
  for (const [unit, figures] of Object.entries(latest)) updated[unit] = mergedUnitFigures(ledger[unit], figures);
  const ordered = Object.fromEntries(performanceUnits.filter((unit) => unit in updated).map((unit) => [unit, updated[unit]!]));
  const file = lighthouse ? 'ledger-lighthouse-latest.md' : 'ledger-latest.md';
  writeFileSync(ledgerFile, `${JSON.stringify(ordered, null, 2)}\n`);
  writeFileSync(path.join(siteDir, 'bench', file), markdown);
  console.log(`\n${markdown}\nWrote bench/${file} and bench/ledger.json (npm run docs:performance puts it into PERFORMANCE.md)`);
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
