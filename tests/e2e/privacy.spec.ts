import {expect, test} from '@playwright/test';
import {expectHydrated} from '../support/hydration';
import {storage} from '../../config/site-constants';

const guide = '/docs/3.0.0/guides/guides/quick_guides/payment_steps/create_payment_session';
const pagesToVisit = [
  '/',
  '/docs',
  '/markdown-page',
  guide,
  '/docs/3.0.0/api/create-session',
  '/docs/1.0.0/api/create-session',
  '/does-not-exist',
];

test.describe('requests and storage (spec 7, 8)', () => {
  test('every request a page makes stays on the site', async ({page, baseURL}) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (['data:', 'blob:'].includes(url.protocol)) return;
      if (url.origin !== new URL(baseURL!).origin) foreign.push(request.url());
    });
    for (const path of pagesToVisit) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // The shortcut is handled by the client app, once it has hydrated the page.
    await expectHydrated(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('refund');
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
  });

  test('local storage holds only the theme, the announcement dismissal and the chosen version', async ({page}) => {
    test.slow(); // Six pages and a search in one test.
    await page.goto('/');
    await expectHydrated(page);
    await page.getByRole('banner').filter({hasText: 'V1 is deprecated'}).getByRole('button', {name: 'Close'}).click();
    await page.goto('/docs/3.0.0/api/create-session');
    await expectHydrated(page);
    await page.locator('.navbar').getByRole('button', {name: '3.0.0 (current)'}).hover();
    await page.locator('.navbar').getByRole('link', {name: '1.0.0', exact: true}).click();
    await expect(page).toHaveURL(/\/docs\/1\.0\.0\//);
    // Choosing a sample language on an API page must not be remembered in storage. The
    // OpenAPI theme's own explorer names its tabs php and csharp, and would store the choice.
    await page.goto('/docs/3.0.0/api/create-session');
    await expectHydrated(page);
    for (const language of [/^PHP$/i, /^(C#|csharp)$/i]) {
      await page.getByRole('tab', {name: language}).first().click();
    }
    await page.keyboard.press('Control+k');
    await page.keyboard.type('session');
    await page.waitForLoadState('networkidle');

    const {local, session} = await page.evaluate(() => ({local: Object.keys(localStorage), session: Object.keys(sessionStorage)}));
    expect(local.length).toBeGreaterThan(0);
    for (const key of local) {
      expect(
        storage.allowedKeyPrefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}-`)),
        key,
      ).toBe(true);
    }
    expect(session).toEqual([]);
  });

  test('pages render when local storage throws', async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('Storage is disabled', 'SecurityError');
        },
      });
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const path of ['/', guide, '/docs/1.0.0/api/tessera-api']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    }
    await expect(page.getByText('This page crashed')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
