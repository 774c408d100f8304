import {expect, test, type Page} from '@playwright/test';
import {expectHydrated} from '../support/hydration';

const searchInput = (page: Page) => page.locator('.navbar input.navbar__search-input');

/** Types a query, waits for suggestions and returns their titles; the first one is selected. */
async function searchFor(page: Page, term: string): Promise<string[]> {
  const input = searchInput(page);
  await input.click();
  await input.fill(term);
  const titles = page.locator('.navbar [role="listbox"] [role="option"] [class*="hitTitle"]');
  await expect(titles.first()).toBeVisible();
  return titles.allInnerTexts();
}

/** Records the search index files the page fetches. */
function recordIndexRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('search-index')) requested.push(new URL(request.url()).pathname);
  });
  return requested;
}

test.describe('search (spec 2, 7)', () => {
  test('the search box says "Search" and shows the Ctrl+K hint', async ({page}) => {
    await page.goto('/');
    await expect(searchInput(page)).toHaveAttribute('placeholder', 'Search');
    await expect(page.locator('.navbar kbd')).toHaveText(['ctrl', 'K']);
  });

  test('Ctrl+K focuses the search box', async ({page}) => {
    await page.goto('/docs/3.0.0/sdk/sdk/intro');
    await expect(searchInput(page)).not.toBeFocused();
    // The shortcut is handled by the client app, once it has hydrated the page.
    await expectHydrated(page);
    await page.keyboard.press('Control+k');
    await expect(searchInput(page)).toBeFocused();
  });

  test('a reader on 3.0.0 searches the 3.0.0 index and lands on a 3.0.0 page', async ({page}) => {
    const indexFiles = recordIndexRequests(page);
    await page.goto('/docs/3.0.0/sdk/sdk/intro');
    const titles = await searchFor(page, 'capture an order');
    expect(titles).toContain('Capture an order');
    expect(indexFiles.length).toBeGreaterThan(0);
    for (const file of indexFiles) expect(file).toMatch(/^\/search-index-[0-9a-f]+\.json$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/docs\/3\.0\.0\/api\/capture-an-order/);
  });

  test('a reader on 1.0.0 searches the 1.0.0 index and lands on a 1.0.0 page', async ({page}) => {
    const indexFiles = recordIndexRequests(page);
    await page.goto('/docs/1.0.0/api/tessera-api');
    const titles = await searchFor(page, 'purchase decision');
    expect(titles.length).toBeGreaterThan(0);
    expect(indexFiles.length).toBeGreaterThan(0);
    for (const file of indexFiles) expect(file).toMatch(/^\/docs\/1\.0\.0\/search-index-[0-9a-f]+\.json$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/docs\/1\.0\.0\/api\//);
  });

  test('the index is fetched on first use, not with the page', async ({page}) => {
    const indexFiles = recordIndexRequests(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(indexFiles).toEqual([]);
    await searchFor(page, 'session');
    expect(indexFiles.length).toBeGreaterThan(0);
  });
});
