import {readFileSync} from 'node:fs';
import path from 'node:path';
import {sampleLanguages} from '../../src/lib/sample-languages';
import {expect, test} from '@playwright/test';
import {v3GuideRoutes} from '../spec-routes';
import {v3GuideRoutesBeyondSpec} from '../routes-beyond-spec';
import {expectDiagramImagesLoaded, mermaidDiagramsOn} from '../support/mermaid-diagrams';
import {elementsRemovedWhileLoading, expectHydrated} from '../support/hydration';
import {collectScriptBodies} from '../support/script-bodies';
import {storage} from '../../config/site-constants';
import {pageTypes} from '../../scripts/measure/page-types';
import {fastTierWhen} from '../support/test-tiers';

/** The fast tier checks the guide and SDK pages of the page types; the full tier every guide and SDK page. */
const pageTypePaths = new Set(pageTypes.map((pageType) => pageType.path));

// Playwright runs from the repository root (where playwright.config.ts is).
const repoRoot = process.cwd();
const sourceOf = (route: string) => readFileSync(path.join(repoRoot, 'docs', `${route.replace('/docs/3.0.0/', '')}.mdx`), 'utf8');

test.describe('guides and SDK pages', () => {
  for (const route of [...v3GuideRoutes, ...v3GuideRoutesBeyondSpec]) {
    const source = sourceOf(route);
    const diagrams = mermaidDiagramsOn(route);
    const codeBlocks = (source.match(/^```(json|php|csharp|ts|html|bash)\b/gm) ?? []).length;

    test(
      `${route} shows its ${diagrams} diagrams as images and highlights its code`,
      fastTierWhen(pageTypePaths.has(route)),
      async ({page}) => {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(route);
        await expect(page.locator('article h1').first()).toBeVisible();
        await expectDiagramImagesLoaded(page, diagrams);
        if (codeBlocks > 0) {
          // Code in inactive tabs is not rendered until chosen; the visible blocks must be highlighted.
          const visibleBlock = page.locator('article pre.prism-code').first();
          await expect(visibleBlock).toBeVisible();
          await expect(visibleBlock.locator('.token').first()).toBeAttached();
        }
        expect(errors).toEqual([]);
      },
    );
  }

  test("a guide's request shows in every sample language, each loaded when chosen, without writing to storage", async ({page}) => {
    const loaded: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/request-samples/')) loaded.push(request.url());
    });
    await page.goto('/docs/3.0.0/guides/guides/quick_guides/payment_steps/capturing_orders');
    await expectHydrated(page);
    // The page carries its JSON tab; the other tabs' code comes from the samples file, once chosen.
    expect(loaded).toEqual([]);
    const tabs = page.getByRole('tablist').first();
    for (const language of sampleLanguages) {
      await tabs.getByRole('tab', {name: language.label, exact: true}).click();
      await expect(page.locator(`article pre.prism-code.language-${language.highlight}`).first()).toBeVisible();
    }
    expect(new Set(loaded).size).toBeGreaterThan(0);
    const keys = await page.evaluate(() => Object.keys(localStorage));
    for (const key of keys) {
      expect(
        storage.allowedKeyPrefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}-`)),
        key,
      ).toBe(true);
    }
  });
});

test.describe('code highlighting without Prism in the first load', () => {
  // A string from Prism's bash grammar: present in the highlighter's chunk and in no other script.
  const prismMarker = 'BASH_REMATCH';
  const guide = '/docs/3.0.0/guides/guides/quick_guides/payment_steps/capturing_orders';

  test('a page opened directly shows the highlighting of its HTML without Prism, and highlights a tab it did not carry', async ({page}) => {
    const scripts = collectScriptBodies(page);
    await page.goto(guide);
    await page.waitForLoadState('networkidle');
    const json = page.locator('article pre.prism-code.language-json').first();
    await expect(json.locator('.token.property').first()).toBeVisible();
    await expectHydrated(page);
    await expect(page.getByRole('button', {name: /copy/i}).first()).toBeAttached();
    expect(
      (await scripts()).some((source) => source.includes(prismMarker)),
      'Prism loaded with the page',
    ).toBe(false);
    // The other tabs' code comes from the samples file when chosen, highlighted in the browser.
    await page.getByRole('tablist').first().getByRole('tab', {name: 'PHP'}).click();
    await expect(page.locator('article pre.prism-code.language-php').first().locator('.token.variable').first()).toBeVisible();
  });

  test('a page reached by a link inside the site loads Prism and highlights its code', async ({page}) => {
    const scripts = collectScriptBodies(page);
    await page.goto('/docs/3.0.0/api/tessera-api');
    // Before hydration the link is a plain one and the browser would open the guide directly.
    await expectHydrated(page);
    await page.locator(`nav a[href="${guide}"]`).first().click();
    await expect(page).toHaveURL(guide);
    const json = page.locator('article pre.prism-code.language-json').first();
    await expect(json.locator('.token.property').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(
      (await scripts()).some((source) => source.includes(prismMarker)),
      'Prism loaded',
    ).toBe(true);
  });
});

// src/plugins/hydrate-in-place: hydration adopts the server's HTML instead of rebuilding it.
test.describe('guides hydrate in place', () => {
  const guide = '/docs/3.0.0/guides/guides/quick_guides/payment_steps/create_payment_session';

  test("hydration keeps the server's tabs and code blocks", async ({page}) => {
    expect(await elementsRemovedWhileLoading(page, guide, '[role=tabpanel], .theme-code-block, pre')).toEqual([]);
    // The kept blocks still work: their copy buttons and tabs answer.
    await page.getByRole('tablist').first().getByRole('tab', {name: 'C#'}).click();
    await expect(page.locator('article pre.prism-code.language-csharp').first()).toBeVisible();
  });

  test('links in view are still prefetched, once the page is idle', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(guide);
    await expectHydrated(page);
    await expect(page.locator('head link[rel=prefetch][href$=".js"]').first()).toBeAttached();
  });
});
