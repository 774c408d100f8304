/**
 * One Lighthouse 12 run of one page, mobile preset (the default config, simulated throttling), as
 * `npm run bench` scores pages and `npm run bench:ledger -- --lighthouse` compares builds: both
 * call this, so a unit of the performance layer is judged by the figures the bench reports.
 */
import type {Flags, Result as LighthouseResult} from 'lighthouse';
import {chromiumFlags, chromiumPath} from '../../config/chromium';
import type {PageType} from './page-types';

export type LighthouseRun = {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  /** The weighted accessibility, best-practices and SEO audits that failed, e.g. "seo/http-status-code". */
  failedAudits: string[];
  /** Lighthouse's own warnings, the audits that erred, and its error, if any (an error leaves the scores null). */
  warnings: string[];
  runtimeError?: string;
  seconds: number;
  version: string;
};

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const score = (result: LighthouseResult, category: string): number | null => {
  const value = result.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : null;
};
const audit = (result: LighthouseResult, id: string): number | null => {
  const value = result.audits[id]?.numericValue;
  return typeof value === 'number' ? value : null;
};
const failedAudits = (result: LighthouseResult): string[] =>
  ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (result.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && typeof result.audits[ref.id]?.score === 'number' && result.audits[ref.id]!.score! < 1)
      .map((ref) => `${category}/${ref.id}`),
  );

/**
 * The audits that weigh nothing in any of the four scores (diagnostics, insights, manual checks,
 * bf-cache, which navigates the page a second time, treemap and screenshots). Skipping them leaves
 * every score unchanged and roughly halves a run on the large API pages.
 */
function unweightedAudits(config: {categories?: Record<string, {auditRefs: {id: string; weight: number}[]}> | null}): string[] {
  const weighted = new Set<string>();
  const unweighted = new Set<string>();
  for (const category of categories) {
    for (const ref of config.categories?.[category]?.auditRefs ?? []) (ref.weight > 0 ? weighted : unweighted).add(ref.id);
  }
  return [...unweighted].filter((id) => !weighted.has(id));
}

export type LighthouseSession = {
  /** Runs Lighthouse once on `url`, a page of the given type. */
  run: (url: string, pageType: PageType) => Promise<LighthouseRun>;
  close: () => void;
};

/** Starts the Chromium that Lighthouse drives (through chrome-launcher, which needs the headless flag). */
export async function startLighthouse(): Promise<LighthouseSession> {
  // Both are ESM-only; the bench scripts run as CommonJS under tsx, so they are imported dynamically.
  const {default: lighthouse, defaultConfig} = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const skipAudits = unweightedAudits(defaultConfig);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
    logLevel: 'silent',
  });
  return {
    async run(url, pageType) {
      const started = performance.now();
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
        skipAudits,
        disableFullPageScreenshot: true,
        // Lighthouse refuses to score a page answered with an error status unless told it is expected.
        ignoreStatusCode: pageType.status !== undefined && pageType.status !== 200,
      };
      const runnerResult = await lighthouse(url, flags);
      if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${url}`);
      const result = runnerResult.lhr;
      return {
        performance: score(result, 'performance'),
        accessibility: score(result, 'accessibility'),
        bestPractices: score(result, 'best-practices'),
        seo: score(result, 'seo'),
        lcpMs: audit(result, 'largest-contentful-paint'),
        tbtMs: audit(result, 'total-blocking-time'),
        cls: audit(result, 'cumulative-layout-shift'),
        fcpMs: audit(result, 'first-contentful-paint'),
        failedAudits: failedAudits(result),
        // An audit that errs leaves its category without a score and says why only in its own entry.
        warnings: [
          ...result.runWarnings.map(String),
          ...Object.values(result.audits).flatMap((entry) => (entry.errorMessage ? [`${entry.id}: ${entry.errorMessage}`] : [])),
        ],
        ...(result.runtimeError ? {runtimeError: `${result.runtimeError.code}: ${result.runtimeError.message}`} : {}),
        seconds: (performance.now() - started) / 1000,
        version: result.lighthouseVersion,
      };
    },
    close: () => chrome.kill(),
  };
}
