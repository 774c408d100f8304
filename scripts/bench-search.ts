/**
 * The search part of `npm run bench`: how long a reader on a phone waits for the first search
 * result, and how many bytes that first search downloads, per docs version.
 *
 *   npx tsx scripts/bench-search.ts http://127.0.0.1:3350 [--runs N] [--accept-encoding gzip]
 *
 * It takes a base URL and starts no server, so it measures whatever serves the build.
 *
 * Each run is cold: a fresh browser context (empty HTTP cache), a 390 px wide touch screen, the
 * network throttled to 150 ms latency and 200,000 B/s down (Lighthouse's mobile link) and the CPU
 * 4× slower. The network throttling applies to the page's workers too; Chromium's CPU throttling
 * (`Emulation.setCPUThrottlingRate`) slows the page's main thread only, so the search worker is
 * slowed by the kernel instead (scripts/measure/worker-throttle.ts: each worker thread may run
 * 1 ms in every 4 ms or so), and a calibration loop in a worker, run before and after, shows the
 * factor; the period is stretched until it shows 4×.
 * Where that cannot be done (not root, no cgroup v1 `cpu` hierarchy), the worker's CPU time is
 * measured with the V8 profiler and added three more times to the time on screen: an upper bound,
 * since slowed work could partly overlap the network waits.
 * The page loads and goes quiet first; then the reader taps the search box and types the query.
 * Time runs from the first keystroke to the first result on screen, measured in the page: the box
 * shows the newest answer it has while the reader types (SEARCH.md), which may answer the words
 * typed so far. A second figure is how long after the last keystroke the box last changed: when
 * the answer to the whole query showed.
 * Bytes are what went over the wire (bodies and headers) from the tap until the network is quiet
 * again after that result: the index, the search code and anything else the search needed.
 */
import path from 'node:path';
import {chromium, devices, type Browser, type BrowserContext, type CDPSession, type Page, type Request} from '@playwright/test';
import {chromiumFlags, chromiumPath} from '../config/chromium';
import {hydratedSelector} from './measure/page-weight';
import {WorkerThrottle} from './measure/worker-throttle';

/** Lighthouse's mobile link (150 ms RTT, 1.6 Mbit/s down, 675 kbit/s up) and its 4× CPU slowdown. */
export const searchThrottling = {latencyMs: 150, downloadBytesPerSecond: 200_000, uploadBytesPerSecond: 84_375, cpuSlowdown: 4} as const;
export const searchViewport = {width: 390, height: 844} as const;

export type SearchBenchCase = {version: string; page: string; query: string};

/**
 * One page per version and a query a reader would type there, and one with a typo in each word
 * (the first letter left out, two letters swapped): a search that also fetches the vocabulary to
 * correct them (src/plugins/search-local/sharded-index/typos.ts).
 */
export const searchBenchCases: SearchBenchCase[] = [
  {version: '3.0.0', page: '/docs/3.0.0/sdk/sdk/intro', query: 'partial refund'},
  {version: '1.0.0', page: '/docs/1.0.0/api/tessera-api', query: 'refund an order'},
  {version: '3.0.0', page: '/docs/3.0.0/sdk/sdk/intro', query: 'prtial efund'},
];

export type SearchRun = {
  /** The time on screen with the worker slowed by the kernel; without that, plus what its CPU time would add at the throttled rate. */
  msToFirstResult: number;
  /** Time on screen from the first keystroke to the first result. */
  msOnScreen: number;
  /** Time on screen from the last keystroke to the suggestions' last change: the answer to the whole query. */
  msToWholeQuery: number;
  /** CPU time the search worker was busy until the first result, unthrottled (V8 profiler samples); 0 when the kernel slowed the worker. */
  workerBusyMs: number;
  bytes: number;
  files: {path: string; bytes: number; encoding: string; ms: number}[];
};
export type SearchBenchRow = {
  version: string;
  page: string;
  query: string;
  runs: SearchRun[];
  bytes: number;
  indexEncoding: string;
  min: number;
  median: number;
  max: number;
  /** The median time from the last keystroke to the answer to the whole query. */
  wholeQueryMedian: number;
  worker: WorkerCpu;
};

/** How the search worker's CPU was slowed: by the kernel (with the factor a calibration loop showed), or not (its busy time added). */
export type WorkerCpu =
  | {throttled: 'kernel'; calibration: {unthrottledMs: number; throttledMs: number; periodUs: number; quotaUs: number}}
  | {throttled: 'profiled'; why: string};

export const defaultSearchRuns = 3;
const suggestionSelector = '.navbar [role="option"]';
const quietMs = 1000;

/**
 * Throttles a page: its network (the page's workers fetch at that rate too) and its main thread's
 * CPU (not its workers': see `WorkerThrottle` and `WorkerProfiler`).
 */
export async function throttleLikePhone(session: CDPSession): Promise<void> {
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: searchThrottling.latencyMs,
    downloadThroughput: searchThrottling.downloadBytesPerSecond,
    uploadThroughput: searchThrottling.uploadBytesPerSecond,
  });
  await session.send('Emulation.setCPUThrottlingRate', {rate: searchThrottling.cpuSlowdown});
}

type CdpMessage = {id?: number; result?: {profile?: CpuProfile}; error?: {message: string}};
type CpuProfile = {nodes: {id: number; callFrame: {functionName: string}}[]; samples: number[]; timeDeltas: number[]};

/**
 * Profiles every dedicated worker the browser starts, from as soon as it is seen, through the
 * browser's CDP session (a worker target takes no CPU throttling, but it takes the V8 profiler).
 * `busyMs` stops the profiles and sums the time of the samples that were not idle.
 */
class WorkerProfiler {
  private readonly sessions: string[] = [];
  private nextId = 1;
  private readonly pending = new Map<number, (message: CdpMessage) => void>();

  private constructor(private readonly browserSession: CDPSession) {}

  static async start(browser: Browser): Promise<WorkerProfiler> {
    const browserSession = await browser.newBrowserCDPSession();
    const profiler = new WorkerProfiler(browserSession);
    browserSession.on('Target.receivedMessageFromTarget', ({message}: {message: string}) => {
      const parsed = JSON.parse(message) as CdpMessage;
      if (parsed.id !== undefined) profiler.pending.get(parsed.id)?.(parsed);
    });
    browserSession.on('Target.targetCreated', ({targetInfo}: {targetInfo: {type: string; targetId: string}}) => {
      if (targetInfo.type === 'worker') void profiler.attach(targetInfo.targetId);
    });
    await browserSession.send('Target.setDiscoverTargets', {discover: true});
    return profiler;
  }

  private send(sessionId: string, method: string, params: object = {}): Promise<CdpMessage> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      void this.browserSession
        .send('Target.sendMessageToTarget', {sessionId, message: JSON.stringify({id, method, params})})
        .catch(() => resolve({id}));
    });
  }

  private async attach(targetId: string): Promise<void> {
    // Not flattened: Playwright's CDP sessions cannot address a flattened child session.
    const {sessionId} = await this.browserSession.send('Target.attachToTarget', {targetId, flatten: false});
    this.sessions.push(sessionId);
    await this.send(sessionId, 'Profiler.enable');
    await this.send(sessionId, 'Profiler.setSamplingInterval', {interval: 200});
    await this.send(sessionId, 'Profiler.start');
  }

  /** The workers' busy time since they started (or since the last call), in ms. */
  async busyMs(): Promise<number> {
    let busy = 0;
    for (const sessionId of this.sessions.splice(0)) {
      const {result} = await this.send(sessionId, 'Profiler.stop');
      const profile = result?.profile;
      if (!profile) continue;
      const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
      profile.samples.forEach((node, index) => {
        if (!idle.has(node)) busy += (profile.timeDeltas[index] ?? 0) / 1000;
      });
    }
    return busy;
  }

  async stop(): Promise<void> {
    await this.browserSession.detach().catch(() => {});
  }
}

type Transfer = {url: string; startedAt: number; endedAt?: number; bytes?: number; encoding?: string};

async function oneRun(
  browser: Browser,
  /** The worker profiler, when the kernel does not slow the worker. */
  workers: WorkerProfiler | undefined,
  baseUrl: string,
  benchCase: SearchBenchCase,
  acceptEncoding?: string,
): Promise<SearchRun> {
  const context: BrowserContext = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: searchViewport,
    ...(acceptEncoding ? {extraHTTPHeaders: {'Accept-Encoding': acceptEncoding}} : {}),
  });
  try {
    const page: Page = await context.newPage();
    const transfers = new Map<Request, Transfer>();
    context.on('request', (request) => {
      const startedAt = performance.now();
      // Docusaurus prefetches the pages of links in view (Sec-Purpose: prefetch): not the search's bytes.
      void request.headerValue('sec-purpose').then((purpose) => {
        if (purpose) transfers.delete(request);
      });
      transfers.set(request, {url: request.url(), startedAt});
    });
    const finished = async (request: Request) => {
      const transfer = transfers.get(request);
      if (!transfer) return;
      const sizes = await request.sizes().catch(() => ({responseBodySize: 0, responseHeadersSize: 0}));
      transfer.bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      transfer.encoding = (await request.response())?.headers()['content-encoding'] ?? 'identity';
      transfer.endedAt = performance.now();
    };
    context.on('requestfinished', (request) => void finished(request));
    context.on('requestfailed', (request) => void finished(request));
    const session = await context.newCDPSession(page);
    await throttleLikePhone(session);
    await page.goto(baseUrl + benchCase.page, {timeout: 120_000});
    await page.waitForSelector(hydratedSelector, {timeout: 120_000});
    await waitForQuiet(transfers, 120_000);

    // A string, not a function: the TypeScript runner would add helpers the page does not have.
    await page.evaluate(`(() => {
      const marks = {firstKey: 0, lastKey: 0, firstResult: 0, lastRender: 0};
      window.searchBenchMarks = marks;
      document.addEventListener('keydown', () => { marks.lastKey = performance.now(); marks.firstKey ||= marks.lastKey; }, {capture: true});
      // autocomplete.js gives the options of each answer it renders new random ids.
      let rendered = '';
      new MutationObserver(() => {
        const option = document.querySelector(${JSON.stringify(suggestionSelector)});
        if (!option || option.offsetParent === null || option.id === rendered) return;
        rendered = option.id;
        marks.lastRender = performance.now();
        marks.firstResult ||= marks.lastRender;
      }).observe(document.body, {childList: true, subtree: true, attributes: true});
    })()`);
    const tappedAt = performance.now();
    await page.locator('.navbar input.navbar__search-input').tap();
    await page.keyboard.type(benchCase.query, {delay: 100});
    await page.waitForFunction(
      () => (window as unknown as {searchBenchMarks: {firstResult: number}}).searchBenchMarks.firstResult > 0,
      undefined,
      {timeout: 60_000},
    );
    const workerBusyMs = workers ? Math.round(await workers.busyMs()) : 0;
    await waitForQuiet(transfers, 60_000);
    const marks = await page.evaluate(
      () =>
        (window as unknown as {searchBenchMarks: {firstKey: number; lastKey: number; firstResult: number; lastRender: number}})
          .searchBenchMarks,
    );
    const files = [...transfers.values()]
      .filter((transfer) => transfer.startedAt >= tappedAt)
      .map((transfer) => ({
        path: new URL(transfer.url).pathname,
        bytes: transfer.bytes ?? 0,
        encoding: transfer.encoding ?? 'identity',
        ms: Math.round((transfer.endedAt ?? 0) - transfer.startedAt),
      }));
    const msOnScreen = Math.round(marks.firstResult - marks.firstKey);
    return {
      msToFirstResult: msOnScreen + (searchThrottling.cpuSlowdown - 1) * workerBusyMs,
      msOnScreen,
      msToWholeQuery: Math.round(marks.lastRender - marks.lastKey),
      workerBusyMs,
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
      files,
    };
  } finally {
    await context.close();
  }
}

/** Resolves once no recorded request has been in flight for `quietMs`. */
async function waitForQuiet(transfers: Map<Request, Transfer>, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let quietSince = performance.now();
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if ([...transfers.values()].some((transfer) => transfer.bytes === undefined)) quietSince = performance.now();
    else if (performance.now() - quietSince >= quietMs) return;
  }
  const pending = [...transfers.values()].filter((transfer) => transfer.bytes === undefined).map((transfer) => transfer.url);
  throw new Error(`The network did not go quiet within ${timeoutMs / 1000} s: ${pending.join(', ')}`);
}

/** The middle value, the lower of the two middle ones for an even count. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** Runs every case `runs` times, the cases taking turns, and returns one row per version. */
export type SearchBenchOptions = {
  runs?: number;
  cases?: SearchBenchCase[];
  /** Sent instead of the browser's own header, e.g. "gzip" to measure what a host without brotli serves. */
  acceptEncoding?: string;
};

export async function benchSearch(
  baseUrl: string,
  {runs = defaultSearchRuns, cases = searchBenchCases, acceptEncoding}: SearchBenchOptions = {},
): Promise<SearchBenchRow[]> {
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumFlags});
  let throttle: WorkerThrottle | undefined;
  let workers: WorkerProfiler | undefined;
  try {
    const unthrottledMs = await workerCalibrationMs(browser);
    const started = WorkerThrottle.start(searchThrottling.cpuSlowdown);
    let worker: WorkerCpu;
    if (started instanceof WorkerThrottle) {
      throttle = started;
      let throttledMs = await workerCalibrationMs(browser);
      if (throttle.threads === 0) throw new Error('The calibration worker was not slowed: no DedicatedWorker thread found');
      // The kernel lets a thread overrun its quota a little: stretch the period until the loop is 4× slower.
      while (throttledMs < unthrottledMs * searchThrottling.cpuSlowdown && throttle.lengthenPeriod(throttledMs / unthrottledMs)) {
        throttledMs = await workerCalibrationMs(browser);
      }
      worker = {throttled: 'kernel', calibration: {unthrottledMs, throttledMs, ...throttle.share}};
      console.log(
        `  search worker slowed by the kernel: calibration loop ${unthrottledMs} → ${throttledMs} ms (${(throttledMs / unthrottledMs).toFixed(1)}×)`,
      );
    } else {
      workers = await WorkerProfiler.start(browser);
      worker = {throttled: 'profiled', why: started.unavailable};
      console.log(`  search worker not slowed (${started.unavailable}): its profiled CPU time counts ${searchThrottling.cpuSlowdown}×`);
    }
    const runsByCase = new Map<SearchBenchCase, SearchRun[]>(cases.map((benchCase) => [benchCase, []]));
    for (let round = 1; round <= runs; round++) {
      for (const benchCase of cases) {
        const threadsBefore = throttle?.threads ?? 0;
        const run = await oneRun(browser, workers, baseUrl, benchCase, acceptEncoding);
        if (throttle && throttle.threads === threadsBefore)
          throw new Error('The search worker was not slowed: no new DedicatedWorker thread found');
        runsByCase.get(benchCase)!.push(run);
        const how = workers ? ` (${run.msOnScreen} ms on screen + 3 × ${run.workerBusyMs} ms of worker CPU)` : '';
        console.log(
          `  search run ${round}/${runs} ${benchCase.version} "${benchCase.query}": first result after ${run.msToFirstResult} ms${how}, the whole query's ${run.msToWholeQuery} ms after the last key, ${(run.bytes / 1024).toFixed(1)} KB`,
        );
      }
    }
    return cases.map((benchCase) => {
      const caseRuns = runsByCase.get(benchCase)!;
      const times = caseRuns.map((run) => run.msToFirstResult);
      const index = caseRuns[0]!.files.find((file) => /search-index[^/]*\.json$/.test(file.path));
      return {
        ...benchCase,
        runs: caseRuns,
        bytes: median(caseRuns.map((run) => run.bytes)),
        indexEncoding: index?.encoding ?? 'none fetched',
        min: Math.min(...times),
        median: median(times),
        max: Math.max(...times),
        wholeQueryMedian: median(caseRuns.map((run) => run.msToWholeQuery)),
        worker,
      };
    });
  } finally {
    await workers?.stop();
    await browser.close();
    await throttle?.stop();
  }
}

/**
 * The median time of a fixed busy loop in a fresh dedicated worker (three workers, one after
 * another), as the worker measures it: compared before and after `WorkerThrottle.start`, it shows
 * how much the kernel slows a worker.
 */
async function workerCalibrationMs(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      times.push(
        await page.evaluate(`new Promise((resolve) => {
          // The loop starts after 100 ms, so that the throttle has seen the new thread.
          const source = 'setTimeout(() => { const start = performance.now(); let x = 0; for (let i = 0; i < 2e7; i++) x = (x + i * 7) % 1000003; postMessage([performance.now() - start, x]); }, 100);';
          const worker = new Worker(URL.createObjectURL(new Blob([source], {type: 'text/javascript'})));
          worker.onmessage = (event) => { worker.terminate(); resolve(Math.round(event.data[0])); };
        })`),
      );
    }
    return median(times);
  } finally {
    await page.close();
  }
}

export const searchColumns = [
  'Search',
  'Query',
  'Downloaded by the first search (KB)',
  'Index encoding',
  'First result (ms), min / median / max',
  "The whole query's result after the last key (ms), median",
];

export function searchRowCells(row: SearchBenchRow): string[] {
  return [
    `Search ${row.version}`,
    `"${row.query}"`,
    (row.bytes / 1024).toFixed(1),
    row.indexEncoding,
    `${row.min} / ${row.median} / ${row.max}`,
    String(row.wholeQueryMedian),
  ];
}

/** How the bench slowed the CPU, for the tables that print its figures. */
export function workerCpuNote(worker: WorkerCpu | undefined): string {
  if (worker?.throttled === 'kernel') {
    const {unthrottledMs, throttledMs, periodUs, quotaUs} = worker.calibration;
    return `the page's main thread by Chromium, the search worker by the kernel, which lets it run ${quotaUs / 1000} ms in every ${periodUs / 1000} ms: a calibration loop in a worker took ${unthrottledMs} ms, then ${throttledMs} ms, ${(throttledMs / unthrottledMs).toFixed(1)}×`;
  }
  return `the page's main thread by Chromium; the search worker's CPU time, which Chromium does not throttle, is profiled and added ${searchThrottling.cpuSlowdown - 1} more times${worker ? ` (the kernel could not slow it: ${worker.why})` : ''}`;
}

export function searchMarkdown(rows: SearchBenchRow[]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(searchColumns),
    line(['---', '---', '---:', '---', '---:', '---:']),
    ...rows.map((row) => line(searchRowCells(row))),
    '',
    `- **Search**: ${defaultSearchRuns} cold runs per version on a ${searchViewport.width} px touch screen, network throttled to ${searchThrottling.latencyMs} ms latency and ${searchThrottling.downloadBytesPerSecond.toLocaleString('en')} B/s down, CPU ${searchThrottling.cpuSlowdown}× slower (${workerCpuNote(rows[0]?.worker)}); the reader taps the search box on a loaded page and types the query, a key every 100 ms. Time from the first keystroke to the first result on screen (the box shows the newest answer it has, which may answer the words typed so far), and from the last keystroke to the box's last change (the answer to the whole query, on screen); KB (1024 bytes) on the wire from the tap until the network is quiet, as the server sent them (median run). Targets: ≤ 1500 ms median, ≤ 150 KB.`,
  ].join('\n');
}

function parseArguments(argv: string[]): {baseUrl: string; runs: number; acceptEncoding?: string} {
  let baseUrl: string | undefined;
  let runs = defaultSearchRuns;
  let acceptEncoding: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--runs') runs = Number(argv[++index]);
    else if (argument === '--accept-encoding') acceptEncoding = argv[++index];
    else if (!argument.startsWith('-') && baseUrl === undefined) baseUrl = argument.replace(/\/$/, '');
    else throw new Error(`Unknown argument ${argument}`);
  }
  if (!baseUrl || !Number.isInteger(runs) || runs < 1) {
    throw new Error('Usage: tsx scripts/bench-search.ts <base URL of a served build> [--runs N] [--accept-encoding gzip]');
  }
  return {baseUrl, runs, ...(acceptEncoding ? {acceptEncoding} : {})};
}

async function main(): Promise<void> {
  const {baseUrl, ...options} = parseArguments(process.argv.slice(2));
  const rows = await benchSearch(baseUrl, options);
  console.log(`\n${searchMarkdown(rows)}\n`);
  for (const row of rows) {
    for (const file of row.runs[0]!.files)
      console.log(`  ${row.version} ${file.path} ${(file.bytes / 1024).toFixed(1)} KB (${file.encoding}) in ${file.ms} ms`);
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
