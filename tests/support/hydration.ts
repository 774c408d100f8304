/**
 * Records elements the page removes while it loads (src/plugins/hydrate-in-place): hydration
 * should adopt the server's HTML, not throw parts of it away and build them again.
 */
import {expect, type Page} from '@playwright/test';

type Recorder = {removed: string[]};

/**
 * Waits until Docusaurus marks the page hydrated. Until then links are plain links and buttons do
 * nothing, so a test that clicks earlier tests the server's HTML, not the app.
 */
export async function expectHydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
}

/** Call before `page.goto`. Elements matching `selector` that leave the document are recorded. */
async function recordRemovedElements(page: Page, selector: string): Promise<() => Promise<string[]>> {
  await page.addInitScript((watched: string) => {
    const recorder: Recorder = {removed: []};
    (window as unknown as {removedElements: Recorder}).removedElements = recorder;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (!(node instanceof Element)) continue;
          const matches = [...(node.matches(watched) ? [node] : []), ...Array.from(node.querySelectorAll(watched))];
          for (const element of matches) recorder.removed.push(element.outerHTML.slice(0, 120));
        }
      }
    }).observe(document, {childList: true, subtree: true});
  }, selector);
  return () => page.evaluate(() => (window as unknown as {removedElements: Recorder}).removedElements.removed);
}

/** Loads `route`, waits for hydration and a quiet network, and returns what left the document meanwhile. */
export async function elementsRemovedWhileLoading(page: Page, route: string, selector: string): Promise<string[]> {
  const removed = await recordRemovedElements(page, selector);
  await page.goto(route);
  await expectHydrated(page);
  await page.waitForLoadState('networkidle');
  return removed();
}
