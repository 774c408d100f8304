/**
 * A sample language chosen once follows the reader: every tab set of code samples on every page
 * shows it, after a click on a link and after a reload, and nothing of it is kept in browser
 * storage (spec 7): the URL's `lang` parameter carries it.
 */
import {expect, test, type Page} from '@playwright/test';
import {sampleLanguageParameter, storage} from '../../config/site-constants';
import {expectHydrated} from '../support/hydration';

const captureGuide = '/docs/3.0.0/guides/guides/quick_guides/payment_steps/capturing_orders';

const languageInUrl = (page: Page) => new URL(page.url()).searchParams.get(sampleLanguageParameter);

/** The selected tab of each tab set in the page's article. */
async function selectedTabs(page: Page): Promise<string[]> {
  return page
    .locator('article [role="tablist"]')
    .evaluateAll((lists) => lists.map((list) => list.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.trim() ?? ''));
}

async function expectStorageHoldsOnlyAllowedKeys(page: Page) {
  const keys = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage).map((key) => `session:${key}`)]);
  for (const key of keys) {
    expect(
      storage.allowedKeyPrefixes.some((prefix) => key.startsWith(prefix)),
      `${key} is not a key spec 7 allows`,
    ).toBe(true);
  }
}

test('a language chosen on an operation page is shown on the next page, after a reload, and in the guides', async ({page}) => {
  await page.goto('/docs/3.0.0/api/create-session');
  await expectHydrated(page);
  const samples = page.getByRole('region', {name: 'Request samples'});
  await samples.getByRole('tab', {name: 'Python', exact: true}).click();
  await expect.poll(() => languageInUrl(page)).toBe('python');
  await expect(samples.locator('pre:visible')).toContainText('requests.post(');

  // A link to another operation: the choice comes along.
  await page.getByRole('link', {name: 'Capture an order'}).first().click();
  await expect(page).toHaveURL(/\/docs\/3\.0\.0\/api\/capture-an-order\?lang=python$/);
  const nextSamples = page.getByRole('region', {name: 'Request samples'});
  await expect(nextSamples.getByRole('tab', {name: 'Python', exact: true})).toHaveAttribute('aria-selected', 'true');
  await expect(nextSamples.locator('pre:visible')).toContainText('requests.post(');

  // A reload keeps it.
  await page.reload();
  await expectHydrated(page);
  await expect(nextSamples.getByRole('tab', {name: 'Python', exact: true})).toHaveAttribute('aria-selected', 'true');
  await expect(nextSamples.locator('pre:visible')).toContainText('requests.post(');

  // PHP chosen here is PHP in every tab set of a guide opened with it.
  await nextSamples.getByRole('tab', {name: 'PHP', exact: true}).click();
  await expect.poll(() => languageInUrl(page)).toBe('php');
  await page.goto(`${captureGuide}?${sampleLanguageParameter}=php`);
  await expectHydrated(page);
  const tabs = await selectedTabs(page);
  expect(tabs.length).toBeGreaterThan(2);
  expect(tabs.every((label) => label === 'PHP')).toBe(true);

  // Chosen in a guide, it switches every tab set of the page at once, and the next page follows.
  await page.locator('article').getByRole('tab', {name: 'C#'}).first().click();
  await expect.poll(() => selectedTabs(page)).toEqual(tabs.map(() => 'C#'));
  await expect.poll(() => languageInUrl(page)).toBe('csharp');
  await page.locator('article').getByRole('link', {name: 'Capture an order'}).first().click();
  await expect(page).toHaveURL(/\/docs\/3\.0\.0\/api\/capture-an-order\?lang=csharp$/);
  await expect(page.getByRole('region', {name: 'Request samples'}).getByRole('tab', {name: 'C#', exact: true})).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectStorageHoldsOnlyAllowedKeys(page);
});

test('a page opened without a choice shows the default tabs and leaves the URL alone', async ({page}) => {
  await page.goto('/docs/3.0.0/api/create-session');
  await expectHydrated(page);
  await expect(page.getByRole('region', {name: 'Request samples'}).getByRole('tab', {name: 'cURL', exact: true})).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('link', {name: 'Capture an order'}).first().click();
  await expect(page).toHaveURL(/\/docs\/3\.0\.0\/api\/capture-an-order$/);
});
