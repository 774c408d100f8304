import {expect, test} from '@playwright/test';
import {expectHydrated} from '../support/hydration';

test.describe('documentation versions (spec 1, 2, 4)', () => {
  test('the versions dropdown switches version and the choice is remembered', async ({page}) => {
    await page.goto('/docs/3.0.0/api/tessera-api');
    // Choosing a version is remembered by the app's click handler.
    await expectHydrated(page);
    const dropdown = page.locator('.navbar').getByRole('button', {name: '3.0.0 (current)'});
    await dropdown.hover();
    await page.locator('.navbar').getByRole('link', {name: '1.0.0', exact: true}).click();
    await expect(page).toHaveURL('/docs/1.0.0/api/tessera-api');
    await expect(page.locator('.navbar').getByRole('button', {name: '1.0.0'})).toBeVisible();

    const stored = await page.evaluate(() =>
      Object.entries(localStorage).find(([key]) => key.startsWith('docs-preferred-version-default')),
    );
    expect(stored?.[1]).toBe('1.0.0');

    // A later visit to a page outside the docs: the navbar's docs link follows the remembered choice.
    await page.goto('/');
    await expect(page.locator('.navbar').getByRole('link', {name: 'API reference'})).toHaveAttribute('href', '/docs/1.0.0/api/tessera-api');
    await page.reload();
    await expect(page.locator('.navbar').getByRole('link', {name: 'API reference'})).toHaveAttribute('href', '/docs/1.0.0/api/tessera-api');
  });

  test('without a remembered choice the navbar links go to 3.0.0', async ({page}) => {
    await page.goto('/');
    await expect(page.locator('.navbar').getByRole('link', {name: 'API reference'})).toHaveAttribute('href', '/docs/3.0.0/api/tessera-api');
    await expect(page.locator('.navbar').getByRole('link', {name: 'Guides'})).toHaveAttribute(
      'href',
      '/docs/3.0.0/guides/guides/quick_guides/payment_steps/create_payment_session',
    );
  });

  test('1.0.0 pages say the version is no longer maintained and link to 3.0.0', async ({page}) => {
    await page.goto('/docs/1.0.0/api/create-session');
    const banner = page.locator('.theme-doc-version-banner');
    await expect(banner).toContainText('no longer actively maintained');
    await expect(banner.getByRole('link', {name: /latest version/})).toBeVisible();
  });
});
