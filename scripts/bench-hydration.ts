/**
 * When pages hydrate on the phone link, in two or more builds side by side: for a unit whose gain
 * is a round trip (route-chunks-in-html), which `npm run bench:ledger` cannot show, since its loads
 * do not throttle the network.
 *
 *   npx tsx scripts/bench-hydration.ts build-ledger/full build-ledger/route-chunks-in-html [--runs 5]
 *
 * Each load is cold (a fresh context), on a phone (Pixel 5), with Lighthouse's mobile link and CPU
 * slowdown (scripts/bench-search.ts); the figure is the time from navigation until Docusaurus marks
 * the page hydrated. The builds take turns, in an order that alternates by round. A difference
 * counts when the builds' runs do not overlap.
 */
import path from 'node:path';
import {chromium, devices, type Browser} from '@playwright/test';
import {chromiumFlags, chromiumPath} from '../config/chromium';
import {compareRuns} from './bench-ledger';
import {median, throttleLikePhone} from './bench-search';
import {hydratedSelector} from './measure/page-weight';
import {startNginx, type NginxServer} from './nginx-server';

const benchPages = ['/', '/docs/3.0.0/guides/guides/quick_guides/payment_steps/create_payment_session', '/docs/3.0.0/api/create-session'];

declare global {
  interface Window {
    hydratedAt?: number;
  }
}

/** Runs in the page before its scripts: notes when Docusaurus sets data-has-hydrated on <html>. */
function noteHydration(): void {
  new MutationObserver(() => {
    if (document.documentElement?.dataset.hasHydrated && window.hydratedAt === undefined) window.hydratedAt = performance.now();
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-has-hydrated']});
}

async function hydrationMs(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({...devices['Pixel 5']});
  try {
    const page = await context.newPage();
    await throttleLikePhone(await context.newCDPSession(page));
    await page.addInitScript(noteHydration);
    await page.goto(url);
    await page.waitForSelector(hydratedSelector, {state: 'attached', timeout: 60_000});
    return Math.round(await page.evaluate(() => window.hydratedAt ?? Number.NaN));
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  let runs = 5;
  const builds: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    if (argv[index] === '--runs') runs = Number(argv[++index]);
    else builds.push(argv[index]!);
  }
  if (builds.length < 2 || !Number.isInteger(runs) || runs < 3) {
    throw new Error('Usage: npx tsx scripts/bench-hydration.ts <build> <build> [...] [--runs N ≥ 3]');
  }
  const servers: NginxServer[] = [];
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumFlags});
  try {
    for (const build of builds) servers.push(await startNginx({root: path.resolve(build), workers: 1}));
    const times = new Map<string, number[]>();
    for (let round = 0; round < runs; round++) {
      for (const page of benchPages) {
        const order = round % 2 === 0 ? servers.keys() : [...servers.keys()].reverse();
        for (const index of order) {
          const key = `${page}\t${builds[index]}`;
          times.set(key, [...(times.get(key) ?? []), await hydrationMs(browser, servers[index]!.url + page)]);
        }
      }
    }
    for (const page of benchPages) {
      console.log(page);
      const base = times.get(`${page}\t${builds[0]}`)!;
      for (const build of builds) {
        const values = times.get(`${page}\t${build}`)!;
        const {delta: difference, apart} = compareRuns(base, values);
        const versus =
          build === builds[0]
            ? ''
            : ` (${difference >= 0 ? '+' : ''}${difference} ms, ${apart ? 'every run apart' : 'runs overlap: noise'})`;
        console.log(`  ${build}: hydrated after ${median(values)} ms median (${[...values].sort((a, b) => a - b).join(', ')})${versus}`);
      }
    }
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
