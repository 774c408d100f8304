/**
 * src/plugins/route-sections: each API's routes are a section the browser loads when a page of it
 * is about to render, not part of the route table every page loads. A reader must not notice:
 * links into a section open in place, and a section page hydrates from what its HTML names.
 */
import {expect, test, type Page} from '@playwright/test';
import {expectHydrated} from '../support/hydration';
import {collectScriptBodies} from '../support/script-bodies';
import {v1ApiRoutes, v3ApiRoutes, v3GuideRoutes} from '../spec-routes';

const guide = v3GuideRoutes[0]!;
const operation = v3ApiRoutes.find((route) => route.endsWith('/create-session'))!;
const v1Operation = v1ApiRoutes.find((route) => route.endsWith('/create-session'))!;

/** A route's entry in Docusaurus's route-to-chunk table (`"<path>-<hash>"`), which only its section carries. */
const routeEntry = (route: string) => new RegExp(`"${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[0-9a-f]{3,4}"`);

async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as {sameDocument: boolean}).sameDocument = true));
}

const isSameDocument = (page: Page) => page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument === true);

test('on an operation page, prefetching another operation fetches its chunks by the ids its section brought', async ({page, request}) => {
  const other = v3ApiRoutes.find((route) => route.endsWith('/cancel-an-order'))!;
  const namedScripts = (html: string) => JSON.parse(/<script data-app-scripts[^>]*>([^<]*)<\/script>/.exec(html)![1]!) as string[];
  const otherScripts = namedScripts(await (await request.get(other)).text());
  await page.goto(operation);
  await expectHydrated(page);
  const ownScripts = namedScripts(await page.content());
  // The other operation's own chunks (its content) are the section's: the runtime every page loads does not map their names.
  const sectionChunks = otherScripts.filter((script) => !ownScripts.includes(script));
  expect(sectionChunks.length).toBeGreaterThan(0);
  await page.evaluate((route) => (window as unknown as {docusaurus: {prefetch(route: string): unknown}}).docusaurus.prefetch(route), other);
  // Prefetching runs while the browser is idle (src/plugins/hydrate-in-place, IdlePrefetch), so the
  // links come when the page next goes idle, later on a busy machine.
  const prefetched = () => page.locator('link[rel=prefetch]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  await expect.poll(prefetched).toEqual(expect.arrayContaining(sectionChunks));
  expect((await prefetched()).filter((href) => href.includes('undefined'))).toEqual([]);
});

test('a guide loads no API routes, and its sidebar opens an operation in place, then goes back', async ({page}) => {
  const scriptsOfGuide = collectScriptBodies(page);
  await page.goto(guide);
  await expectHydrated(page);
  await page.waitForLoadState('networkidle');
  const guideScripts = await scriptsOfGuide();
  expect(guideScripts.some((body) => routeEntry(operation).test(body))).toBe(false);
  const guideHeading = await page.locator('article h1').innerText();

  await markDocument(page);
  const scriptsOfNavigation = collectScriptBodies(page);
  await page.locator(`nav.menu a[href="${operation}"]`).first().click();
  await expect(page).toHaveURL(operation);
  await expect(page.locator('article h1')).toHaveText('Create a session');
  await expect(page.locator('.openapi__method-endpoint-path').first()).toHaveText('/v3/sessions');
  expect(await isSameDocument(page), 'the operation opened without a page load').toBe(true);
  expect((await scriptsOfNavigation()).some((body) => routeEntry(operation).test(body))).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(guide);
  await expect(page.locator('article h1')).toHaveText(guideHeading);
  expect(await isSameDocument(page)).toBe(true);
});

test('an operation page hydrates with its section from the scripts its HTML names, and the version menu opens the other version’s in place', async ({
  page,
}) => {
  const scripts = collectScriptBodies(page);
  await page.goto(operation);
  await expectHydrated(page);
  const named = JSON.parse((await page.locator('script[data-app-scripts]').textContent())!) as string[];
  const bodies = await scripts();
  expect(bodies.some((body) => routeEntry(operation).test(body))).toBe(true);
  // Every script the page ran by now was one its HTML named: the section did not wait for main.js to ask for it.
  expect(bodies).toHaveLength(named.length);

  await markDocument(page);
  await page.locator('.navbar').getByRole('button', {name: '3.0.0 (current)'}).hover();
  await page.locator('.navbar').getByRole('link', {name: '1.0.0', exact: true}).click();
  await expect(page).toHaveURL(v1Operation);
  await expect(page.locator('article h1')).toHaveText('Create a checkout session');
  expect(await isSameDocument(page), 'the 1.0.0 operation opened without a page load').toBe(true);
});
