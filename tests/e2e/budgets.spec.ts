/**
 * Page-weight budgets: deterministic bytes, so a regression fails CI. Timings and
 * Lighthouse scores are noisy and live in `npm run bench` instead.
 */
import {expect, test, type Page} from '@playwright/test';
import {expectHydrated} from '../support/hydration';
import {diagramSelector, measurePageWeight, summarizePageWeight} from '../../scripts/measure/page-weight';
import {pageTypes} from '../../scripts/measure/page-types';
import {expectDiagramImagesLoaded, mermaidDiagramsOn} from '../support/mermaid-diagrams';
import {v1ApiRoutesBeyondSpec, v3ApiRoutesBeyondSpec, v3GuideRoutesBeyondSpec} from '../routes-beyond-spec';
import {exhaustive, fastTierWhen} from '../support/test-tiers';
import {layoutShiftTotal, recordLayoutShifts} from '../support/layout-shifts';
import {startHtmlInPieces, type PiecewiseProxy} from '../support/html-in-pieces';
import {e2ePort} from '../support/e2e-server';
import {copyPageStatusId} from '../../src/components/CopyPageMarkdown/labels';

/** The page types whose loading behaviour (layout shift, first paint, route chunks) the fast tier checks; the full tier checks every type. */
const fastTierPageTypes = new Set(['guide', 'api']);

const KB = 1024;

type AddedScript = {path: string; at: number};

/** Call before `page.goto`: records each script element the page adds, its path and when (page clock, ms). */
async function recordAddedScripts(page: Page): Promise<() => Promise<AddedScript[]>> {
  await page.addInitScript(() => {
    const added: AddedScript[] = [];
    (window as unknown as {addedScripts: AddedScript[]}).addedScripts = added;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (node instanceof HTMLScriptElement && node.src) added.push({path: new URL(node.src).pathname, at: performance.now()});
        }
      }
    }).observe(document, {childList: true, subtree: true});
  });
  return () => page.evaluate(() => (window as unknown as {addedScripts: AddedScript[]}).addedScripts);
}

test.describe('no layout shift while a page loads (CLS 0)', () => {
  test.use({viewport: {width: 390, height: 844}});

  for (const pageType of pageTypes) {
    test(`${pageType.label} does not move once shown`, fastTierWhen(fastTierPageTypes.has(pageType.id)), async ({page}) => {
      const layoutShifts = await recordLayoutShifts(page);
      await page.goto(pageType.path);
      await expectHydrated(page);
      // Every diagram image loads (scrolled into view) without moving what is around it.
      await expectDiagramImagesLoaded(page, mermaidDiagramsOn(pageType.path));
      await page.waitForLoadState('networkidle');
      const shifts = await layoutShifts();
      expect(layoutShiftTotal(shifts), JSON.stringify(shifts, null, 2)).toBe(0);
    });
  }
});

/** What the page painted while its HTML was still arriving: how many frames, and whether the first held the copy-page row whole. */
type FramesWhileParsing = {count: number; firstHadCopyRow: boolean};

// A busy phone may paint a page before it has parsed all of it. Here every tag at the top of a page
// arrives on its own, with time for a frame between (tests/support/html-in-pieces.ts), so the
// browser paints every partly parsed state it is allowed to, and nothing it paints may move later.
test.describe('no layout shift while the HTML arrives in pieces', () => {
  test.use({viewport: {width: 390, height: 844}});
  let proxy: PiecewiseProxy;
  test.beforeAll(async () => {
    proxy = await startHtmlInPieces(`http://127.0.0.1:${e2ePort}`);
  });
  test.afterAll(async () => proxy.close());

  for (const pageType of pageTypes) {
    test(`${pageType.label}: nothing painted moves`, fastTierWhen(fastTierPageTypes.has(pageType.id)), async ({page}) => {
      test.slow(); // About 230 pieces, each followed by a pause.
      const layoutShifts = await recordLayoutShifts(page);
      await page.addInitScript((statusId: string) => {
        const frames: FramesWhileParsing = {count: 0, firstHadCopyRow: false};
        (window as unknown as {framesWhileParsing: FramesWhileParsing}).framesWhileParsing = frames;
        const onFrame = () => {
          if (document.readyState !== 'loading') return;
          if (frames.count++ === 0) frames.firstHadCopyRow = document.getElementById(statusId) !== null;
          requestAnimationFrame(onFrame);
        };
        requestAnimationFrame(onFrame);
      }, copyPageStatusId);
      const response = await page.goto(`${proxy.origin}${pageType.path}`);
      expect(response?.status()).toBe(pageType.status ?? 200);
      await expectHydrated(page);
      await page.waitForLoadState('networkidle');
      const frames = await page.evaluate(() => (window as unknown as {framesWhileParsing: FramesWhileParsing}).framesWhileParsing);
      if (await page.locator(`#${copyPageStatusId}`).count()) {
        // The first paint waits for the breadcrumbs and the copy-page row (src/plugins/hold-first-paint),
        // and comes while the rest of the top still arrives piece by piece. How many frames follow
        // depends on how busy the machine is, so only the first is counted on.
        expect(frames.count, 'frames painted while the HTML arrived').toBeGreaterThan(0);
        expect(frames.firstHadCopyRow, 'the first frame holds the copy-page row').toBe(true);
      } else {
        // Without that row, the first paint waits until the whole page is parsed.
        expect(frames.count, 'frames painted while the HTML arrived').toBe(0);
      }
      const shifts = await layoutShifts();
      expect(layoutShiftTotal(shifts), JSON.stringify(shifts, null, 2)).toBe(0);
    });
  }
});

// Each page type's budget sits about 10 % above what it measured (scripts/measure/page-types.ts), and
// no page loads a library the performance layer defers until a reader does what needs it.
test.describe('page weight', () => {
  for (const pageType of pageTypes) {
    const budget = pageType.budgetKB;
    test(`${pageType.label} loads at most ${budget} KB of JS`, async ({page}) => {
      test.slow(); // Waits for the network and the main thread to go quiet.
      const weight = summarizePageWeight(
        await measurePageWeight(page, pageType.path, pageType.diagram ? {waitFor: [diagramSelector]} : {}),
      );
      console.log(`${pageType.label}: ${(weight.firstLoadJs / KB).toFixed(1)} KB JS, ${(weight.mermaidJs / KB).toFixed(1)} KB mermaid`);
      expect(weight.firstLoadJs).toBeLessThanOrEqual(budget * KB);
      expect(weight.libraries, 'deferred libraries loaded at first load').toEqual([]);
      // Diagrams are drawn at build time (config/diagrams.ts): no page runs mermaid, diagrams or not.
      expect(weight.mermaidJs, 'mermaid JS').toBe(0);
      expect(weight.diagrams, 'diagram images').toBe(mermaidDiagramsOn(pageType.path));
      if (pageType.diagram) expect(weight.diagrams).toBeGreaterThan(0);
    });
  }
});

// Pages beyond the spec's list are held to the budget of their kind: a guide's, or an API operation's.
test.describe('page weight of the pages beyond the spec list', () => {
  const budgetOf = (id: string) => pageTypes.find((pageType) => pageType.id === id)!.budgetKB;
  const pages = [
    ...v3GuideRoutesBeyondSpec.map((path) => ({path, budget: budgetOf('guide')})),
    ...v3ApiRoutesBeyondSpec.map((path) => ({path, budget: budgetOf('api')})),
    ...v1ApiRoutesBeyondSpec.map((path) => ({path, budget: budgetOf('api')})),
  ];
  for (const {path, budget} of pages) {
    test(`${path} loads at most ${budget} KB of JS`, exhaustive, async ({page}) => {
      test.slow();
      const weight = summarizePageWeight(await measurePageWeight(page, path, {}));
      console.log(`${path}: ${(weight.firstLoadJs / KB).toFixed(1)} KB JS`);
      expect(weight.firstLoadJs).toBeLessThanOrEqual(budget * KB);
      expect(weight.libraries, 'deferred libraries loaded at first load').toEqual([]);
      expect(weight.mermaidJs, 'mermaid JS').toBe(0);
    });
  }
});

// config/ssr-template.ts: the first paint never waits for the app's scripts.
// src/plugins/route-chunks-in-html + config/ssr-template.ts: a page's route chunks are named in its
// HTML and start at first paint, so main.js finds them installed instead of fetching them itself.
// Both are read from one load of each page type.
test.describe('first paint before JavaScript, and route chunks that start with the page', () => {
  for (const pageType of pageTypes) {
    test(
      `${pageType.label} paints before main.js is added, then hydrates, and loads exactly the route chunks its HTML names`,
      fastTierWhen(fastTierPageTypes.has(pageType.id)),
      async ({page}) => {
        await page.addInitScript(() => {
          const seen: {firstContentfulPaint?: number} = {};
          (window as unknown as {paintOrder: typeof seen}).paintOrder = seen;
          new PerformanceObserver((list) => {
            // The paint's own time: this observer may hear of it after the page's starter has.
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry && seen.firstContentfulPaint === undefined) seen.firstContentfulPaint = entry.startTime;
          }).observe({type: 'paint', buffered: true});
        });
        const addedScripts = await recordAddedScripts(page);
        const response = await page.goto(pageType.path);
        const served = await response!.text();

        // Only the starter names the app's scripts; nothing else loads them before the paint.
        const html = served.replace(/<script data-app-scripts[^>]*>[\s\S]*?<\/script>/, '');
        expect(html).not.toMatch(/<script[^>]+src=[^>]*main\.[0-9a-f]+\.js/);
        expect(html).toMatch(/<link rel=preload href=\/assets\/js\/main\.[0-9a-f]+\.js as=script fetchpriority=low>/);

        const starter = /<script data-app-scripts[^>]*>\s*(\[[^\]]*\])/.exec(served);
        expect(starter, 'the page has a script starter').not.toBeNull();
        const named = JSON.parse(starter![1]) as string[];
        // The runtime first, the entry last, the route's own chunks between them.
        expect(named[0]).toMatch(/\/runtime~main\.[0-9a-f]+\.js$/);
        expect(named.at(-1)).toMatch(/\/main\.[0-9a-f]+\.js$/);
        expect(named.length).toBeGreaterThan(2);

        await expectHydrated(page);
        const {firstContentfulPaint} = await page.evaluate(
          () => (window as unknown as {paintOrder: {firstContentfulPaint?: number}}).paintOrder,
        );
        const mainScript = (await addedScripts()).find((script) => /\/main\.[0-9a-f]+\.js$/.test(script.path));
        expect(firstContentfulPaint).toBeDefined();
        expect(mainScript).toBeDefined();
        expect(mainScript!.at).toBeGreaterThanOrEqual(firstContentfulPaint!);

        await page.waitForLoadState('networkidle');
        expect((await addedScripts()).map((script) => script.path)).toEqual(named);
      },
    );
  }
});
