import {expect, test, type Page} from '@playwright/test';
import {loadSandboxTestData} from '../../src/lib/sandbox-test-data';
import {v3GuideRoutesBeyondSpec} from '../routes-beyond-spec';
import {expectHydrated} from '../support/hydration';

/** The sandbox test values a reader sees are the ones openapi/tessera-v3.yaml states. */
const data = loadSandboxTestData();
const sandboxPage = v3GuideRoutesBeyondSpec[0]!;
const valueById = (id: string) => data.values.find((entry) => entry.id === id)!.value;

/** The table rows that start with a value, as the reader sees them. */
async function rowsFor(page: Page, value: string) {
  return page.locator('article table tr').filter({has: page.locator('td:first-child code', {hasText: value})});
}

test.describe('sandbox test data', () => {
  test('the sandbox page shows every test value with its outcome, in its category', async ({page}) => {
    await page.goto(sandboxPage);
    await expect(page.locator('article h1')).toHaveText('Sandbox test data');
    for (const category of data.categories) {
      await expect(page.getByRole('heading', {level: 2, name: category.title}), category.id).toBeVisible();
    }
    for (const entry of data.values) {
      const row = page
        .locator('article table tr')
        .filter({hasText: entry.outcome.replaceAll('`', '')})
        .filter({has: page.locator('td:first-child code', {hasText: entry.value})});
      await expect(row, entry.id).toHaveCount(1);
    }
    // The test-value tables (a "Test value" column; the page's other tables, such as the local sandbox's options, are not counted).
    const valueTables = page.locator('article table').filter({has: page.locator('thead th:first-child', {hasText: /^Test value$/})});
    await expect(valueTables.locator('tbody tr')).toHaveCount(data.values.length);
  });

  test('guides show the same values as the sandbox page', async ({page}) => {
    await page.goto('/docs/3.0.0/guides/guides/quick_guides/payment_steps/load_the_client');
    for (const entry of data.values.filter((candidate) => candidate.category === 'card')) {
      await expect(await rowsFor(page, entry.value), entry.id).toHaveCount(1);
    }
    await page.goto('/docs/3.0.0/guides/guides/additional_guides/authenticate');
    await expect(page.locator('article p code', {hasText: valueById('card_authorized')}).first()).toBeVisible();
    await page.goto('/docs/3.0.0/guides/guides/quick_guides/signup_steps/signup_quick_guide_intro');
    await expect(page.locator('article p code', {hasText: valueById('signup_declined')})).toBeVisible();
  });

  test('a search for test cards finds the sandbox page', async ({page}) => {
    await page.goto('/docs/3.0.0/sdk/sdk/intro');
    await expectHydrated(page);
    const input = page.locator('.navbar input.navbar__search-input');
    await input.click();
    await input.fill('sandbox test data');
    const titles = page.locator('.navbar [role="listbox"] [role="option"] [class*="hitTitle"]');
    await expect(titles.first()).toBeVisible();
    expect(await titles.allInnerTexts()).toContain('Sandbox test data');
  });
});
