/**
 * How many mermaid diagrams a 3.0.0 docs page has, counted in its MDX source, and whether the page
 * shows each as an image. For e2e specs: Playwright runs from the repository root, and a module
 * using `import.meta` would load as ESM there.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, type Page} from '@playwright/test';
import {diagramSelector} from '../../scripts/measure/page-weight';

export function mermaidDiagramsOn(route: string): number {
  if (!route.startsWith('/docs/3.0.0/')) return 0;
  const source = path.join(process.cwd(), 'docs', `${route.replace('/docs/3.0.0/', '')}.mdx`);
  if (!existsSync(source)) return 0;
  return (readFileSync(source, 'utf8').match(/^```mermaid\s*$/gm) ?? []).length;
}

/**
 * Expects `count` diagram images on the page, each with a text alternative and each loaded
 * (a decoded image has a natural width; a missing or broken file has none). Scrolls each into
 * view, since the browser loads a lazy image only near the viewport, then back to the top.
 */
export async function expectDiagramImagesLoaded(page: Page, count: number): Promise<void> {
  const images = page.locator(diagramSelector);
  await expect(images).toHaveCount(count);
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute('alt', /\S/);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)), {
        message: `${await image.getAttribute('src')} loads`,
      })
      .toBeGreaterThan(0);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
