/** The clipboard as a reader's copy button fills it (the context needs the clipboard permissions). */
import {expect, type Locator, type Page} from '@playwright/test';

export const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** What the block's copy button puts on the clipboard. */
export async function copyWithButton(page: Page, block: Locator): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await block.hover();
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect.poll(() => readClipboard(page)).not.toBe('');
  return readClipboard(page);
}
