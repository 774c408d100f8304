import {expect, test, type Page, type TestInfo} from '@playwright/test';
import {axeViolations, type AxeResults} from '../support/axe';
import {expectHydrated} from '../support/hydration';
import {expectDiagramImagesLoaded, mermaidDiagramsOn} from '../support/mermaid-diagrams';
import {pageTypes} from '../../scripts/measure/page-types';
import {exhaustive, fastTierWhen, fullTier} from '../support/test-tiers';
import {v1ApiRoutesBeyondSpec, v3ApiRoutesBeyondSpec, v3GuideRoutesBeyondSpec} from '../routes-beyond-spec';

/**
 * Zero axe-core violations, of any impact, on every page type, in the desktop and the
 * mobile layout, and in the states a reader puts a page in (mobile menu, search suggestions,
 * another code tab, every collapsed schema section opened). Lighthouse's accessibility score
 * runs these same axe rules. The fast tier checks the page types in the desktop layout; the full
 * tier every page in both.
 */

const layouts = {
  desktop: {width: 1280, height: 800},
  mobile: {width: 390, height: 844},
} as const;

/** A guide with diagrams, code tabs and a table wider than a phone. */
const guide = '/docs/3.0.0/guides/guides/quick_guides/payment_steps/capturing_orders';
const v3Operation = '/docs/3.0.0/api/create-session';
const v1Operation = '/docs/1.0.0/api/purchase-decision';

/** The page types (the list the bench and the budgets use), then the other kinds of page. */
const samplePages = [
  ...pageTypes.map(({label, path}) => ({type: label, path})),
  {type: 'Glossary', path: '/markdown-page'},
  {type: 'Category index', path: '/docs/3.0.0/category/quick-guides'},
  {type: 'Guide (code tabs, wide table)', path: guide},
  {type: 'SDK (wide table)', path: '/docs/3.0.0/sdk/sdk/update_events'},
  {type: 'V1 API webhook', path: '/docs/1.0.0/api/signup-webhook-request'},
  {type: 'API info (tables)', path: '/docs/3.0.0/api/tessera-api'},
  {type: 'V1 API info (tables)', path: '/docs/1.0.0/api/tessera-api'},
  {type: 'API tag', path: '/docs/3.0.0/api/order-management'},
  {type: 'Error code index (tables)', path: '/docs/3.0.0/errors'},
  {type: 'V1 error code', path: '/docs/1.0.0/errors/invalid_state_transition'},
  {type: 'Object index (table)', path: '/docs/3.0.0/objects'},
  {type: 'Search results', path: '/search?q=capture'},
  ...v3ApiRoutesBeyondSpec.map((path) => ({type: 'API operation beyond the spec', path})),
  ...v1ApiRoutesBeyondSpec.map((path) => ({type: 'V1 API operation beyond the spec', path})),
  ...v3GuideRoutesBeyondSpec.map((path) => ({type: 'Guide beyond the spec list (generated tables)', path})),
];
const pageTypePaths = new Set(pageTypes.map((pageType) => pageType.path));

/** Waits until React has hydrated, the diagrams are drawn, fonts are in and nothing moves any more. */
async function settle(page: Page, route: string): Promise<void> {
  await expectHydrated(page);
  await expectDiagramImagesLoaded(page, mermaidDiagramsOn(route));
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await animationsFinished(page);
}

/** Waits for every animation and transition that ends (a spinner's endless one never does). */
async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime));
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** One line per violation and one per element it was found on, with axe's own explanation. */
function describeViolations(violations: AxeResults['violations']): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? '')
          .split('\n')
          .map((line) => `        ${line.trim()}`)
          .join('\n');
        return `    at ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n${summary}`;
      });
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length}×)\n  ${violation.helpUrl}\n${nodes.join('\n')}`;
    })
    .join('\n\n');
}

/**
 * Runs axe over the page as it is now, or over the part `include` selects, and fails with a readable
 * list of every violation. A test that changes one part of a page whose whole is checked in the
 * same layout by another test (`samplePages`) checks that part: axe's time grows with the page,
 * and the rest of it is as that test saw it.
 */
async function expectNoViolations(page: Page, testInfo: TestInfo, include?: string): Promise<void> {
  const violations = await axeViolations(page, include);
  const viewport = page.viewportSize();
  if (violations.length > 0) {
    await testInfo.attach('axe-violations.json', {body: JSON.stringify(violations, null, 2), contentType: 'application/json'});
  }
  expect(
    violations.map((violation) => `${violation.id} (${violation.nodes.length})`),
    `axe violations on ${page.url()} at ${viewport?.width}×${viewport?.height}:\n\n${describeViolations(violations)}\n`,
  ).toEqual([]);
}

const searchInput = (page: Page) => page.locator('.navbar input.navbar__search-input');
const suggestions = (page: Page) => page.locator('.navbar [role="listbox"] [role="option"]');

async function openSearchSuggestions(page: Page, term: string): Promise<void> {
  await searchInput(page).click();
  await searchInput(page).fill(term);
  await expect(suggestions(page).first()).toBeVisible();
}

async function openMobileMenu(page: Page): Promise<void> {
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await expect(page.locator('.navbar-sidebar')).toBeVisible();
  await animationsFinished(page);
}

/**
 * Opens every collapsed section of an API page (schema properties, nested objects and arrays,
 * response headers), round after round as opening one shows the ones inside it.
 */
async function expandEverySection(page: Page): Promise<void> {
  const closed = page.locator('article details:not([open]) > summary:visible');
  for (let round = 0; round < 10 && (await closed.count()) > 0; round++) {
    await closed.evaluateAll((summaries) => summaries.forEach((summary) => (summary as HTMLElement).click()));
    await animationsFinished(page);
  }
  await expect(closed).toHaveCount(0);
}

test('the axe check reports what a reader would meet: an image without text, low contrast, a hidden-but-focusable link', async ({page}) => {
  // Guards the options that make axe fast (tests/support/axe.ts): they must not hide a violation.
  await page.goto('/');
  await expectHydrated(page);
  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    main.insertAdjacentHTML(
      'beforeend',
      '<img src="/img/logo.svg"><p style="color:#ccc;background:#fff">Faint text</p><div aria-hidden="true"><a href="/docs">Hidden link</a></div>',
    );
  });
  const violations = await axeViolations(page);
  expect(violations.map((violation) => violation.id).sort()).toEqual(['aria-hidden-focus', 'color-contrast', 'image-alt']);
});

test.describe('accessibility: no axe violations', () => {
  // axe checks the contrast of every text node: the long API pages take it a while.
  test.describe.configure({timeout: 120_000});

  /**
   * The layouts a test checks, in one load of its page: the fast tier the desktop layout, the full
   * tier the desktop layout and then the mobile one, the window narrowed as a reader turns a tablet
   * or narrows a browser window (Docusaurus draws its mobile sidebar and table of contents from the
   * window's width, and redraws them when it changes). A load costs as much as an axe run.
   */
  const layoutsChecked = fullTier ? (['desktop', 'mobile'] as const) : (['desktop'] as const);

  /** Runs `check` in each layout in turn, after the page has settled in it (a failure names the viewport). */
  async function inEachLayout(page: Page, route: string, check: () => Promise<void>): Promise<void> {
    for (const layout of layoutsChecked) {
      await page.setViewportSize(layouts[layout]);
      await settle(page, route);
      await check();
    }
  }

  for (const {type, path: route} of samplePages) {
    test(`${type} ${route}`, fastTierWhen(pageTypePaths.has(route)), async ({page}, testInfo) => {
      await page.goto(route);
      await inEachLayout(page, route, () => expectNoViolations(page, testInfo));
    });
  }

  test(
    'a guide with its search suggestions open, with no results, and its code tabs switched to PHP',
    exhaustive,
    async ({page}, testInfo) => {
      // The guide as it loads is a sample page: here the navbar with its suggestions, then the code tabs.
      expect(samplePages.map((sample) => sample.path)).toContain(guide);
      await page.goto(guide);
      await inEachLayout(page, guide, async () => {
        await openSearchSuggestions(page, 'capture');
        await expectNoViolations(page, testInfo, '.navbar');
        // The box changes from options to "No results".
        await searchInput(page).fill('qqxyzzy');
        await expect(page.locator('.navbar').getByText('No results')).toBeVisible();
        await expect(suggestions(page)).toHaveCount(0);
        await expectNoViolations(page, testInfo, '.navbar');
        await searchInput(page).fill('');
        await page.keyboard.press('Escape');
        await page.getByRole('tablist').first().getByRole('tab', {name: 'PHP'}).click();
        await expect(page.locator('article pre.prism-code.language-php').first()).toBeVisible();
        // Every code tab group of the page: those of one group id switch together.
        await expectNoViolations(page, testInfo, 'article .tabs-container');
        await page.getByRole('tablist').first().getByRole('tab', {name: 'JSON'}).click();
      });
    },
  );

  test('API request samples switched to PHP', exhaustive, async ({page}, testInfo) => {
    expect(samplePages.map((sample) => sample.path)).toContain(v3Operation);
    await page.goto(v3Operation);
    await inEachLayout(page, v3Operation, async () => {
      const samples = page.getByRole('region', {name: 'Request samples'});
      await samples.getByRole('tab', {name: 'PHP', exact: true}).click();
      await expect(samples.locator('pre.prism-code.language-php')).toBeVisible();
      await expectNoViolations(page, testInfo, 'section[aria-labelledby="request-samples"]');
    });
  });

  // Opened, the sections hold the same content in either layout, whose own checks above cover
  // what differs between them: the desktop layout only.
  for (const route of [v3Operation, v1Operation]) {
    test(`API operation with every section opened ${route}`, exhaustive, async ({page}, testInfo) => {
      // Opened, create-session is several times as long, and axe checks the contrast of every text node.
      test.setTimeout(240_000);
      await page.goto(route);
      await settle(page, route);
      await expandEverySection(page);
      // Response headers and array items are drawn only inside opened sections.
      await expect(page.getByText('Tessera-Request-Id').first()).toBeVisible();
      await expect(page.getByText('Array [').first()).toBeVisible();
      await expectNoViolations(page, testInfo);
    });
  }

  test.describe('mobile menu', () => {
    test.use({viewport: layouts.mobile});

    test('open on the home page', async ({page}, testInfo) => {
      await page.goto('/');
      await settle(page, '/');
      await openMobileMenu(page);
      await expectNoViolations(page, testInfo);
    });

    for (const route of [guide, '/docs/3.0.0/api/order-management']) {
      test(`open on ${route}: the docs menu, then the main menu`, exhaustive, async ({page}, testInfo) => {
        await page.goto(route);
        await settle(page, route);
        await openMobileMenu(page);
        await expect(page.locator('.navbar-sidebar__items')).toHaveClass(/navbar-sidebar__items--show-secondary/);
        await expectNoViolations(page, testInfo);
        await page.getByRole('button', {name: '← Back to main menu'}).click();
        await expect(page.locator('.navbar-sidebar__items')).not.toHaveClass(/navbar-sidebar__items--show-secondary/);
        // Only the menu changed since the whole page was checked.
        await expectNoViolations(page, testInfo, '.navbar-sidebar');
      });
    }
  });
});

/** What the keyboard focus is on, where it is drawn, and whether it shows. */
async function focusedElement(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const outlineShows = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadowShows = style.boxShadow !== 'none';
    return {
      text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      top: box.top,
      left: box.left,
      inViewport: box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth,
      inMenu: Boolean(element.closest('.navbar-sidebar')),
      focusVisible: element.matches(':focus-visible') && (outlineShows || shadowShows),
    };
  });
}

test.describe('keyboard', () => {
  // The docs menu of a guide has some 55 Tab stops, each checked on its own.
  test.describe.configure({timeout: 90_000});
  test.use({viewport: layouts.mobile});

  for (const route of ['/', guide]) {
    test(`Tab walks the open mobile menu in visual order with a visible focus on ${route}`, fastTierWhen(route === '/'), async ({page}) => {
      await page.goto(route);
      await settle(page, route);
      await page.getByRole('button', {name: 'Toggle navigation bar'}).focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('.navbar-sidebar')).toBeVisible();
      await animationsFinished(page);

      // The menu's own Tab stops, in the order the reader sees them: top to bottom, then left to right.
      const expected = await page
        .locator('.navbar-sidebar')
        .locator('a[href], button:not([disabled]), input, [tabindex]:not([tabindex="-1"])')
        .evaluateAll((elements) =>
          elements
            .filter((element) => {
              const style = getComputedStyle(element);
              const box = element.getBoundingClientRect();
              // On screen across: the panel slid out of view is inert; the "Back to main menu" button
              // of the docs menu starts a few pixels left of the edge, as Infima draws it.
              const onScreen = box.right > 0 && box.left < window.innerWidth;
              return !element.closest('[inert]') && style.visibility !== 'hidden' && box.width > 0 && box.height > 0 && onScreen;
            })
            .map((element) => {
              const box = element.getBoundingClientRect();
              return {
                text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
                middle: box.top + box.height / 2,
                left: box.left,
              };
            })
            // Stops on one row (a category link and its expand button) go left to right.
            .sort((a, b) => (Math.abs(a.middle - b.middle) < 8 ? a.left - b.left : a.middle - b.middle))
            .map((stop) => stop.text),
        );
      expect(expected.length).toBeGreaterThan(2);

      const visited: string[] = [];
      for (let stop = 0; stop < expected.length; stop++) {
        // Focus is already inside the menu when it opens; each Tab then moves one stop on.
        if (stop > 0) await page.keyboard.press('Tab');
        const focused = await focusedElement(page);
        expect(focused, `stop ${stop + 1}`).not.toBeNull();
        expect(focused!.inMenu, `stop ${stop + 1} (${focused!.text}) is inside the menu`).toBe(true);
        expect(focused!.inViewport, `stop ${stop + 1} (${focused!.text}) is on screen`).toBe(true);
        expect(focused!.focusVisible, `stop ${stop + 1} (${focused!.text}) shows its focus`).toBe(true);
        visited.push(focused!.text);
      }
      expect(visited).toEqual(expected);

      // Focus stays in the menu: Tab past the last stop comes back to the first, Shift+Tab goes back to the last.
      await page.keyboard.press('Tab');
      expect((await focusedElement(page))?.text).toBe(expected[0]);
      await page.keyboard.press('Shift+Tab');
      expect((await focusedElement(page))?.text).toBe(expected[expected.length - 1]);
      expect((await focusedElement(page))?.inMenu).toBe(true);

      // Escape closes the menu and gives focus back to the button that opened it.
      await page.keyboard.press('Escape');
      await expect(page.locator('.navbar-sidebar')).toBeHidden();
      await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeFocused();
    });
  }

  for (const [layout, viewport] of Object.entries(layouts)) {
    test(
      `ArrowDown moves through the search suggestions and Escape closes them (${layout})`,
      fastTierWhen(layout === 'desktop'),
      async ({page}) => {
        await page.setViewportSize(viewport);
        await page.goto(guide);
        await settle(page, guide);
        await openSearchSuggestions(page, 'capture');
        const options = suggestions(page);
        const count = await options.count();
        expect(count).toBeGreaterThan(1);
        const input = searchInput(page);
        // ARIA 1.2 combobox: the input says the list is open and names the listbox that holds the options.
        await expect(input).toHaveAttribute('role', 'combobox');
        await expect(input).toHaveAttribute('aria-expanded', 'true');
        const listboxId = await page.locator('.navbar [role="listbox"]').getAttribute('id');
        expect(listboxId).toBeTruthy();
        await expect(input).toHaveAttribute('aria-controls', listboxId!);
        await expect(page.locator(`[id="${listboxId}"] > [role="option"]`)).toHaveCount(count);
        // The first suggestion is selected as the reader types; ArrowDown moves the selection down.
        const selected = page.locator('.navbar [role="listbox"] [role="option"][aria-selected="true"]');
        await expect(selected).toHaveCount(1);
        for (let index = 1; index < Math.min(count, 4); index++) {
          await page.keyboard.press('ArrowDown');
          await expect(options.nth(index)).toHaveAttribute('aria-selected', 'true');
          await expect(selected).toHaveCount(1);
          const activeId = await options.nth(index).getAttribute('id');
          expect(activeId, `suggestion ${index + 1} has an id for aria-activedescendant`).toBeTruthy();
          await expect(input).toHaveAttribute('aria-activedescendant', activeId!);
          await expect(input).toBeFocused();
        }
        await page.keyboard.press('Escape');
        await expect(page.locator('.navbar [role="listbox"]')).toBeHidden();
        await expect(input).toHaveAttribute('aria-expanded', 'false');
      },
    );
  }
});
