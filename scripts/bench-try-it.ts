/**
 * The "Try it" console's part of `npm run bench`: what opening it costs a reader on a phone, and how
 * long the answer to a tap on Send takes. Same phone as the search bench (scripts/bench-search.ts):
 * a 390 px touch screen, the network at Lighthouse's mobile link, the main thread 4× slower, and
 * the console's worker slowed by the kernel where it can be (scripts/measure/worker-throttle.ts).
 *
 * - Console size: the gzipped (level 9) bytes of what opening the console on a V3 page loads: the
 *   console's chunk, the worker and the V3 module (file, operations, precompiled validators); and
 *   what a V1 page's console loads besides, V1's module.
 * - Open: from the tap on "Try it" to the console ready to send (its request prefilled).
 * - Send: from the tap on Send to the answer on screen, for a createSession (the first send of the
 *   visit, then again with a new key), median of `runs` visits.
 *
 * `npx tsx scripts/bench-try-it.ts [--base-url <url>] [--runs <n>]` runs it alone against a served build.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {chromium, devices, type Browser} from '@playwright/test';
import {chromiumFlags, chromiumPath} from '../config/chromium';
import {median, searchThrottling, searchViewport, throttleLikePhone} from './bench-search';
import {hydratedSelector} from './measure/page-weight';
import {WorkerThrottle} from './measure/worker-throttle';
import {consoleUrlFolder} from '../src/lib/try-it/console-files';

const siteDir = path.resolve(import.meta.dirname, '..');
const benchPage = '/docs/3.0.0/api/create-session';
export const defaultTryItRuns = 3;

export type TryItFigures = {
  /** Gzipped bytes of each file opening the console loads. */
  files: {file: string; bytes: number}[];
  totalBytes: number;
  /** What a V1 page's console loads besides: V1's module. */
  v1Module: {file: string; bytes: number};
  openMs: {median: number; runs: number[]};
  firstSendMs: {median: number; runs: number[]};
  sendMs: {median: number; runs: number[]};
  workerThrottled: string;
};

/** Text only the console's chunk holds: chunks are named by their content hash (src/plugins/hash-named-chunks). */
const consoleChunkMarker = 'Starting the sandbox';

const gzipped = (buildDir: string, file: string) => ({file, bytes: gzipSync(readFileSync(path.join(buildDir, file)), {level: 9}).length});

/** A console file of a build by its name before the content hash (src/lib/try-it/console-files.ts). */
function builtConsoleFile(buildDir: string, base: string): string {
  const names = readdirSync(path.join(buildDir, consoleUrlFolder)).filter((name) =>
    new RegExp(`^${base}\\.[0-9a-f]{16}\\.mjs$`).test(name),
  );
  if (names.length !== 1) throw new Error(`expected one ${base} in ${consoleUrlFolder}, found ${names.length}`);
  return path.join(consoleUrlFolder, names[0]!);
}

/** What a V1 page's console loads besides what a V3 page's does, gzipped at level 9. */
export const v1ConsoleModule = (buildDir = path.join(siteDir, 'build')) => gzipped(buildDir, builtConsoleFile(buildDir, 'api-tessera-v1'));

/** The files opening the console on a V3 page loads, gzipped at level 9. */
export function consoleFiles(buildDir = path.join(siteDir, 'build')): {file: string; bytes: number}[] {
  const scripts = path.join(buildDir, 'assets/js');
  const chunks = readdirSync(scripts).filter(
    (name) => name.endsWith('.js') && readFileSync(path.join(scripts, name), 'utf8').includes(consoleChunkMarker),
  );
  if (chunks.length !== 1) throw new Error(`expected one chunk with the console, found ${chunks.length}`);
  const files = [
    ...chunks.map((name) => path.join('assets/js', name)),
    ...['worker', 'api-tessera-v3'].map((base) => builtConsoleFile(buildDir, base)),
  ];
  return files.map((file) => gzipped(buildDir, file));
}

async function oneVisit(browser: Browser, baseUrl: string): Promise<{openMs: number; firstSendMs: number; sendMs: number}> {
  const context = await browser.newContext({...devices['Pixel 7'], viewport: searchViewport});
  try {
    const page = await context.newPage();
    await throttleLikePhone(await context.newCDPSession(page));
    await page.goto(baseUrl + benchPage, {timeout: 120_000});
    await page.waitForSelector(hydratedSelector, {timeout: 120_000});
    const tapped = performance.now();
    await page.getByRole('button', {name: 'Try it', exact: true}).tap();
    const send = page.getByRole('button', {name: 'Send', exact: true});
    await send.waitFor({timeout: 120_000});
    const openMs = Math.round(performance.now() - tapped);
    // The answer is on screen when the Response region shows a request id it did not show before.
    const shownHeaders = (): Promise<string> =>
      page.evaluate(() => document.querySelector('[aria-labelledby$="-response"] pre')?.textContent ?? '');
    const timeSend = async () => {
      const before = await shownHeaders();
      const at = performance.now();
      await send.tap();
      await page.waitForFunction(
        (previous) => {
          const shown = document.querySelector('[aria-labelledby$="-response"] pre')?.textContent ?? '';
          return shown !== '' && shown !== previous;
        },
        before,
        {timeout: 60_000, polling: 'raf'},
      );
      return Math.round(performance.now() - at);
    };
    const firstSendMs = await timeSend();
    await page.getByRole('button', {name: 'New Idempotency-Key'}).tap();
    const sendMs = await timeSend();
    return {openMs, firstSendMs, sendMs};
  } finally {
    await context.close();
  }
}

export async function benchTryIt(baseUrl: string, runs = defaultTryItRuns, buildDir?: string): Promise<TryItFigures> {
  const files = consoleFiles(buildDir);
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumFlags});
  const started = WorkerThrottle.start(searchThrottling.cpuSlowdown);
  const throttle = started instanceof WorkerThrottle ? started : undefined;
  try {
    const visits: Awaited<ReturnType<typeof oneVisit>>[] = [];
    for (let run = 1; run <= runs; run++) {
      const visit = await oneVisit(browser, baseUrl);
      console.log(`  try-it run ${run}/${runs}: open ${visit.openMs} ms, first send ${visit.firstSendMs} ms, send ${visit.sendMs} ms`);
      visits.push(visit);
    }
    const figure = (key: 'openMs' | 'firstSendMs' | 'sendMs') => {
      const values = visits.map((visit) => visit[key]);
      return {median: median(values), runs: values};
    };
    return {
      files,
      totalBytes: files.reduce((sum, file) => sum + file.bytes, 0),
      v1Module: v1ConsoleModule(buildDir),
      openMs: figure('openMs'),
      firstSendMs: figure('firstSendMs'),
      sendMs: figure('sendMs'),
      workerThrottled: throttle ? 'by the kernel, 4×' : `not slowed (${started instanceof WorkerThrottle ? '' : started.unavailable})`,
    };
  } finally {
    await browser.close();
    await throttle?.stop();
  }
}

export function describeTryIt(figures: TryItFigures): string {
  return [
    `opening the console on a V3 page loads ${(figures.totalBytes / 1024).toFixed(1)} KB gzipped (${figures.files.map((file) => `${path.basename(file.file)} ${(file.bytes / 1024).toFixed(1)}`).join(', ')}), on a V1 page ${(figures.v1Module.bytes / 1024).toFixed(1)} KB more (${path.basename(figures.v1Module.file)})`,
    `on a throttled phone (${searchViewport.width} px, ${searchThrottling.latencyMs} ms latency, ${searchThrottling.downloadBytesPerSecond.toLocaleString('en')} B/s, CPU ${searchThrottling.cpuSlowdown}×, the worker ${figures.workerThrottled}) it is ready ${figures.openMs.median} ms after the tap on Try it`,
    `and a createSession answers ${figures.firstSendMs.median} ms after the tap on Send (the visit's first, which gets its secret first), ${figures.sendMs.median} ms after later ones (median of ${figures.sendMs.runs.length} visits)`,
  ].join('; ');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const argv = process.argv.slice(2);
  const option = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const baseUrl = option('--base-url');
  void (async () => {
    if (baseUrl) {
      console.log(describeTryIt(await benchTryIt(baseUrl, Number(option('--runs') ?? defaultTryItRuns))));
      return;
    }
    const {startNginx} = await import('./nginx-server');
    const server = await startNginx({root: path.join(siteDir, 'build')});
    try {
      console.log(describeTryIt(await benchTryIt(server.url, Number(option('--runs') ?? defaultTryItRuns))));
    } finally {
      await server.stop();
    }
  })();
}
