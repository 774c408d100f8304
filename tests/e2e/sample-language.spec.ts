/**
 * A sample language chosen once follows the reader: every tab set of code samples on every page
 * shows it, after a click on a link and after a reload, and nothing of it is kept in browser
 * storage (spec 7): the URL's `lang` parameter carries it.
 */
import {expect, test, type Page} from '@playwright/test';
import {sampleLanguageParameter, sampleTabsClassName, sampleTabsLabel, storage} from '../../config/site-constants';
import {sampleLanguages} from '../../src/lib/sample-languages/languages';
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

/** Where a tab of a row lies outside what a reader sees of the row or of the window, if it does. */
type HiddenTab = {label: string; why: string};

/**
 * The tabs of each row of samples on the page that a reader cannot see where the row is: cut off
 * by the row's edge (a row that scrolls sideways) or by the window's.
 */
async function tabsOutOfView(page: Page): Promise<{rows: string[][]; hidden: HiddenTab[]}> {
  return page.locator(`.${sampleTabsClassName}`).evaluateAll((lists) => {
    const hidden: HiddenTab[] = [];
    const rows = lists.map((list) => {
      list.scrollIntoView({block: 'center', inline: 'nearest'});
      const row = list.getBoundingClientRect();
      const tabs = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'));
      if (list.scrollWidth > list.clientWidth + 1)
        hidden.push({label: '(row)', why: `scrolls: ${list.scrollWidth} > ${list.clientWidth} px`});
      for (const tab of tabs) {
        const box = tab.getBoundingClientRect();
        const label = tab.textContent?.trim() ?? '';
        if (box.width === 0 || box.height === 0) hidden.push({label, why: 'has no size'});
        else if (box.left < row.left - 0.5 || box.right > row.right + 0.5)
          hidden.push({label, why: `outside the row (${box.left}-${box.right} of ${row.left}-${row.right})`});
        else if (box.left < -0.5 || box.right > window.innerWidth + 0.5)
          hidden.push({label, why: `outside the window (${box.left}-${box.right} of ${window.innerWidth})`});
      }
      return tabs.map((tab) => tab.textContent?.trim() ?? '');
    });
    return {rows, hidden};
  });
}

const operationPage = '/docs/3.0.0/api/create-session';
const labels = sampleLanguages.map((language) => language.label);

for (const width of [390, 1280, 1440, 1920]) {
  test(`at ${width} px every sample language is in view in each named row of samples, and the chosen one is selected and in view`, async ({
    page,
  }) => {
    await page.setViewportSize({width, height: 900});
    for (const route of [operationPage, captureGuide]) {
      await page.goto(`${route}?${sampleLanguageParameter}=csharp`);
      await expectHydrated(page);
      const {rows, hidden} = await tabsOutOfView(page);
      expect(rows.length, `${route}: rows of samples`).toBeGreaterThan(0);
      for (const row of rows) expect(row, `${route}: every language is a tab of the row`).toEqual(expect.arrayContaining(labels));
      expect(hidden, `${route} at ${width} px: tabs a reader cannot see`).toEqual([]);
      // Each row is a tab list named for what it chooses, as a screen reader announces it.
      await expect(
        page.getByRole('tablist', {name: sampleTabsLabel, exact: true}),
        `${route}: rows named "${sampleTabsLabel}"`,
      ).toHaveCount(rows.length);
      const chosen = page.getByRole('tablist', {name: sampleTabsLabel, exact: true}).first().getByRole('tab', {name: 'C#', exact: true});
      await expect(chosen).toHaveAttribute('aria-selected', 'true');
      await chosen.evaluate((tab) => tab.closest('[role="tablist"]')!.scrollIntoView({block: 'center', inline: 'nearest'}));
      await expect(chosen, `${route} at ${width} px: the chosen language`).toBeInViewport({ratio: 1});
      const selected = await page
        .locator(`.${sampleTabsClassName}`)
        .evaluateAll((lists) => lists.map((list) => list.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.trim()));
      expect(selected, `${route}: the chosen language in every row`).toEqual(rows.map(() => 'C#'));
    }
  });
}
