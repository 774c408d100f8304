/**
 * The open mobile menu keeps keyboard focus like a modal (src/theme/Navbar/MobileSidebar). It is
 * accessibility, not performance, so the build without the performance layer keeps it too:
 * playwright.stock.config.ts runs this file against that build. accessibility.spec.ts walks every
 * Tab stop of the menu in the main build.
 */
import {expect, test} from '@playwright/test';
import {expectHydrated} from '../support/hydration';

test.use({viewport: {width: 412, height: 823}});

test('the open mobile menu keeps keyboard focus, and Escape gives it back to the menu button', async ({page}) => {
  await page.goto('/');
  await expectHydrated(page);
  const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
  await toggle.focus();
  await page.keyboard.press('Enter');
  const menu = page.locator('.navbar-sidebar');
  await expect(menu).toBeVisible();
  const focusInMenu = () => page.evaluate(() => Boolean(document.activeElement?.closest('.navbar-sidebar')));

  // Focus moves into the menu; Shift+Tab from its first stop wraps to its last instead of leaving it.
  await expect.poll(focusInMenu).toBe(true);
  const first = await page.evaluate(() => document.activeElement?.outerHTML);
  await page.keyboard.press('Shift+Tab');
  expect(await focusInMenu()).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.outerHTML)).not.toBe(first);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.outerHTML)).toBe(first);

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
});
