/**
 * Page weight: what a page downloads in a real browser without any interaction, until
 * the network is idle. Used by `npm run bench` and by the e2e budget test.
 *
 * Every figure is computed from the bytes the browser received, re-gzipped here with node:zlib at
 * a fixed level, so it is the same whatever the server sends (brotli, gzip or nothing).
 *
 * Chromium only: the mermaid classification reads request initiators over the DevTools protocol.
 */
import {gzipSync} from 'node:zlib';
import type {CDPSession, Page, Request, Response} from '@playwright/test';
import {diagramFigureClass} from '../../config/diagrams';

/** gzip level of every figure: 9, the level of the `gzip-size` tools that budget reports use. */
export const gzipLevel = 9;

export function gzipBytes(body: Buffer): number {
  return gzipSync(body, {level: gzipLevel}).length;
}

/**
 * - script: a `<script>` the page executes (from the HTML or a dynamic `import()`).
 * - stylesheet: a stylesheet the page applies.
 * - prefetch: a .js/.css file fetched through `<link rel="prefetch">` for a page the reader might
 *   open next (Docusaurus prefetches the chunks of every link that scrolls into view). It is
 *   downloaded at idle priority and not executed, so it is counted apart from first-load JS.
 */
export type ResourceKind = 'script' | 'stylesheet' | 'prefetch';

export type LoadedResource = {
  url: string;
  kind: ResourceKind;
  status: number;
  /** Size of the decoded body. */
  rawBytes: number;
  /** Size of the body gzipped at `gzipLevel`: the figure budgets use. */
  gzipBytes: number;
  /** Bytes on the wire as this server sent them (headers excluded), for information only. */
  transferBytes: number;
  /** The script whose code requested this one (dynamic import), when the browser knows it. */
  requestedBy?: string;
  /** A chunk of mermaid itself: loaded only to draw a diagram (see `classifyMermaid`). */
  mermaid: boolean;
  /** The deferred libraries this script contains. */
  libraries: DeferredLibrary[];
};

export type PageWeight = {
  url: string;
  /** HTTP status of the document (404 for the not-found page). */
  status: number;
  /** Every script, stylesheet and prefetched .js/.css, in the order they were requested. */
  resources: LoadedResource[];
  /** How many diagram images (`diagramSelector`) the page had once idle. */
  diagrams: number;
};

/** Docusaurus sets this on <html> once React has hydrated the page (and so ran its effects). */
export const hydratedSelector = 'html[data-has-hydrated="true"]';
/** A diagram's image: mermaid fences are drawn at build time (config/diagrams.ts), in the server HTML. */
export const diagramSelector = `figure.${diagramFigureClass} img`;
/** A diagram mermaid drew in the browser: the site without its prerendered diagrams (`TESSERA_WITHOUT=prerendered-diagrams`). */
export const drawnDiagramSelector = '.docusaurus-mermaid-container svg';

export type MeasureOptions = {
  /**
   * Selectors to wait for before waiting for the network to be idle. Default: the page has
   * hydrated. Add `diagramSelector` for a page that shows a diagram.
   */
  waitFor?: string[];
  /** The network counts as idle after this long with no request in flight. Default 2000 ms. */
  quietMs?: number;
  /** Give up after this long. Default 90 s. */
  timeoutMs?: number;
};

/**
 * Source markers. Each one is a string the library itself prints or keys on, not a name our code
 * or a page's content could contain.
 *
 * - mermaid's core: `mermaidAPI` (its exported render API) and its parse error text. Only the
 *   core chunk is found this way; the chunks mermaid loads later (one per diagram type, layout
 *   engines, d3/dagre/cytoscape/katex pieces) carry no reliable marker, so they are found by who
 *   requested them (see `classifyMermaid`).
 * - request-sample generators: postman-collection's `_postman_propertyName` and the
 *   "Set indentation count" option that every postman-code-generators language declares.
 * - faker: its module paths (`faker.datatype`, `faker.helpers`) in deprecation messages and
 *   `@faker-js/faker` for the newer package.
 * - Prism: `DFS`, the traversal its `languages` object exposes by that name (a property name, so
 *   minifiers keep it).
 * - marked: the error it throws on a missing input ("input parameter is undefined or null").
 * - Redux, the OpenAPI explorer's state library: its `@@redux/INIT` action type and the
 *   "Minified Redux error #" text of its production build.
 */
export const markers = {
  mermaidCore: [/\bmermaidAPI\b/, /Syntax error in text/],
  openApiSampleGenerators: [/_postman_propertyName/, /Set indentation count/],
  faker: [/\bfaker\.(?:datatype|helpers)\b/, /@faker-js\/faker/],
  prism: [/\bDFS:/],
  marked: [/input parameter is undefined or null/],
  redux: [/@@redux\/INIT/, /Minified Redux error #/],
} as const;

/**
 * The libraries the performance layer keeps out of first loads (mermaid is classified apart, by
 * who loads it: see `classifyMermaid`).
 */
export const deferredLibraries = ['prism', 'marked', 'redux', 'openApiSampleGenerators', 'faker'] as const;
export type DeferredLibrary = (typeof deferredLibraries)[number];

const matchesAny = (source: string, patterns: readonly RegExp[]) => patterns.some((pattern) => pattern.test(source));

type Initiator = {type: string; requestedBy?: string; callSite?: string};

/**
 * Who asked for each script, from the DevTools protocol: Playwright does not expose initiators.
 * A chunk loaded by `import()` is requested by the bundler's runtime (the top frames of the
 * stack); the first frame in another script is the code that called `import()`.
 */
async function trackInitiators(cdp: CDPSession): Promise<Map<string, Initiator>> {
  const initiators = new Map<string, Initiator>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (initiators.has(event.request.url)) return;
    const frames = event.initiator.stack?.callFrames ?? [];
    const loader = frames[0]?.url;
    const caller = frames.find((frame) => frame.url !== loader) ?? frames[0];
    initiators.set(event.request.url, {
      type: event.initiator.type,
      requestedBy: caller?.url || undefined,
      // One `import()` that needs several chunks requests them all from the same stack.
      callSite: frames.length > 0 ? frames.map((frame) => `${frame.url}:${frame.lineNumber}:${frame.columnNumber}`).join('|') : undefined,
    });
  });
  await cdp.send('Network.enable');
  return initiators;
}

/**
 * Marks mermaid's own chunks. Docusaurus loads mermaid with `import('mermaid')` inside an effect
 * of the diagram component, and mermaid then imports one chunk per diagram type it draws.
 * So a script is mermaid's when:
 * 1. it was loaded by a dynamic import (never from the HTML: a chunk every page needs at start
 *    is first-load JS whatever it holds) and its source holds mermaid's core markers; or
 * 2. it was requested by the same `import()` call (same call stack) as such a chunk: the other
 *    chunks the bundler split `import('mermaid')` into; or
 * 3. it was requested by code in a chunk already marked as mermaid's.
 * Timing (chunks requested after the container appears) would not work: the container only
 * appears after mermaid and its diagram chunk have loaded and drawn.
 */
function classifyMermaid(resources: LoadedResource[], sources: Map<string, string>, initiators: Map<string, Initiator>): void {
  const scripts = resources.filter((resource) => resource.kind === 'script');
  const mermaid = new Set<string>();
  const mermaidCallSites = new Set<string>();
  for (const script of scripts) {
    const initiator = initiators.get(script.url);
    if (initiator?.type === 'script' && matchesAny(sources.get(script.url) ?? '', markers.mermaidCore)) {
      mermaid.add(script.url);
      if (initiator.callSite) mermaidCallSites.add(initiator.callSite);
    }
  }
  for (let changed = true; changed;) {
    changed = false;
    for (const script of scripts) {
      if (mermaid.has(script.url)) continue;
      const initiator = initiators.get(script.url);
      if (!initiator || initiator.type !== 'script') continue;
      const sameImport = initiator.callSite !== undefined && mermaidCallSites.has(initiator.callSite);
      const requestedByMermaid = initiator.requestedBy !== undefined && mermaid.has(initiator.requestedBy);
      if (sameImport || requestedByMermaid) {
        mermaid.add(script.url);
        if (initiator.callSite) mermaidCallSites.add(initiator.callSite);
        changed = true;
      }
    }
  }
  for (const script of scripts) script.mermaid = mermaid.has(script.url);
}

type Activity = {inFlight: () => number; lastActivity: () => number; dispose: () => void};

/** Counts the page's requests in flight and when the last one started or ended. */
function trackActivity(page: Page): Activity {
  let inFlight = 0;
  let lastActivity = Date.now();
  const begin = () => {
    inFlight += 1;
    lastActivity = Date.now();
  };
  const end = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('request', begin);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    inFlight: () => inFlight,
    lastActivity: () => lastActivity,
    dispose: () => {
      page.off('request', begin);
      page.off('requestfinished', end);
      page.off('requestfailed', end);
    },
  };
}

/**
 * Waits until no request has been in flight for `quietMs` and the main thread is idle.
 * Playwright's `networkidle` alone is not enough: it fires while a large chunk is still being
 * evaluated, before React has hydrated and run the effects that import mermaid.
 */
async function waitForQuiet(
  page: Page,
  activity: Activity,
  {quietMs, timeoutMs}: {quietMs: number; timeoutMs: number},
  started: number,
): Promise<void> {
  for (;;) {
    if (Date.now() - started > timeoutMs) throw new Error(`${page.url()}: network not idle after ${timeoutMs} ms`);
    // Resolves once the main thread has nothing to do (or after 5 s of being busy).
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), {timeout: 5000})));
    if (activity.inFlight() === 0 && Date.now() - activity.lastActivity() >= quietMs) return;
    await page.waitForTimeout(100);
  }
}

function kindOf(request: Request): ResourceKind | undefined {
  const type = request.resourceType();
  if (type === 'script') return 'script';
  if (type === 'stylesheet') return 'stylesheet';
  if (/\.(?:m?js|css)$/.test(new URL(request.url()).pathname)) return 'prefetch';
  return undefined;
}

/**
 * Loads `url` in `page` (use a fresh context: a warm HTTP cache would hide downloads), touches
 * nothing, waits for the network to be idle, and returns every script, stylesheet and prefetched
 * .js/.css file it downloaded.
 */
export async function measurePageWeight(page: Page, url: string, options: MeasureOptions = {}): Promise<PageWeight> {
  const settings = {quietMs: options.quietMs ?? 2000, timeoutMs: options.timeoutMs ?? 90_000};
  const waitFor = options.waitFor ?? [hydratedSelector];
  const cdp = await page.context().newCDPSession(page);
  const initiators = await trackInitiators(cdp);
  const pending: Promise<{resource: LoadedResource; source: string} | undefined>[] = [];
  const onResponse = (response: Response) => {
    const request = response.request();
    const kind = kindOf(request);
    if (!kind) return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await request.sizes().catch(() => undefined);
        const resource: LoadedResource = {
          url: response.url(),
          kind,
          status: response.status(),
          rawBytes: body.length,
          gzipBytes: gzipBytes(body),
          transferBytes: sizes?.responseBodySize ?? body.length,
          mermaid: false,
          libraries: [],
        };
        return {resource, source: kind === 'stylesheet' ? '' : body.toString('utf8')};
      })().catch(() => undefined), // A response whose body is gone (navigated away) is not counted.
    );
  };
  page.on('response', onResponse);
  const activity = trackActivity(page);
  const started = Date.now();
  let status: number;
  try {
    const response = await page.goto(url, {waitUntil: 'load', timeout: settings.timeoutMs});
    if (!response) throw new Error(`${url}: no response`);
    status = response.status();
    for (const selector of waitFor) {
      const remaining = Math.max(1, settings.timeoutMs - (Date.now() - started));
      await page.locator(selector).first().waitFor({state: 'attached', timeout: remaining});
    }
    await waitForQuiet(page, activity, settings, started);
  } finally {
    activity.dispose();
    page.off('response', onResponse);
  }
  const loaded = (await Promise.all(pending)).filter((entry) => entry !== undefined);
  await cdp.detach().catch(() => undefined);

  // A file both prefetched and then executed counts once, as what it ended up being.
  const byUrl = new Map<string, LoadedResource>();
  const sources = new Map<string, string>();
  for (const {resource, source} of loaded) {
    const known = byUrl.get(resource.url);
    if (known && known.kind !== 'prefetch') continue;
    byUrl.set(resource.url, {...resource, requestedBy: initiators.get(resource.url)?.requestedBy});
    sources.set(resource.url, source);
  }
  const resources = [...byUrl.values()];
  for (const resource of resources) {
    const source = sources.get(resource.url) ?? '';
    resource.libraries = resource.kind === 'stylesheet' ? [] : deferredLibraries.filter((library) => matchesAny(source, markers[library]));
  }
  classifyMermaid(resources, sources, initiators);
  const diagrams = await page.locator(diagramSelector).count();
  return {url, status, resources, diagrams};
}

const sum = (resources: LoadedResource[]) => resources.reduce((total, resource) => total + resource.gzipBytes, 0);

/** First-load JS: gzipped bytes of every script the page executed, mermaid's own chunks excluded. */
export function firstLoadJsBytes(weight: PageWeight): number {
  return sum(weight.resources.filter((resource) => resource.kind === 'script' && !resource.mermaid));
}

export type PageWeightSummary = {
  /** gzipped bytes of the scripts executed, mermaid's chunks excluded. */
  firstLoadJs: number;
  /** gzipped bytes of mermaid's own chunks (zero since diagrams are drawn at build time). */
  mermaidJs: number;
  /** gzipped bytes of the stylesheets applied. */
  css: number;
  /** gzipped bytes of .js/.css prefetched for other pages. */
  prefetched: number;
  scripts: number;
  /** The deferred libraries the executed scripts contain (mermaid apart: `mermaidJs`). */
  libraries: DeferredLibrary[];
  diagrams: number;
};

export function summarizePageWeight(weight: PageWeight): PageWeightSummary {
  const scripts = weight.resources.filter((resource) => resource.kind === 'script');
  return {
    firstLoadJs: firstLoadJsBytes(weight),
    mermaidJs: sum(scripts.filter((script) => script.mermaid)),
    css: sum(weight.resources.filter((resource) => resource.kind === 'stylesheet')),
    prefetched: sum(weight.resources.filter((resource) => resource.kind === 'prefetch')),
    scripts: scripts.length,
    libraries: deferredLibraries.filter((library) => scripts.some((script) => script.libraries.includes(library))),
    diagrams: weight.diagrams,
  };
}
