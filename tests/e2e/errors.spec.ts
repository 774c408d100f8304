import {expect, test, type Page} from '@playwright/test';
import {expectHydrated} from '../support/hydration';
import {fastTierWhen} from '../support/test-tiers';

const glossary = '/markdown-page';

/** Console errors and uncaught exceptions of the page, but the browser's own note that the document answered 404. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const documentNotFound =
      /^Failed to load resource: the server responded with a status of 404/.test(message.text()) && message.location().url === page.url();
    if (!documentNotFound) errors.push(`console: ${message.text()}`);
  });
  return errors;
}

test.describe('failure views (spec 4, 8)', () => {
  for (const [route, term, version] of [
    ['/docs/3.0.0/api/capture-the-moon', 'capture the moon', '3.0.0 (current)'],
    ['/no-such-page', 'no such page', '3.0.0 (current)'],
    // Under an older version the browser renders that version's navbar: the server answers with the
    // not-found page rendered under it (src/plugins/versioned-not-found), or React reports a mismatch.
    ['/docs/1.0.0/api/no-such-operation', 'no such operation', '1.0.0'],
  ]) {
    test(`the not-found page at ${route} hydrates without an error, then offers a search for its path`, async ({page}) => {
      const errors = recordErrors(page);
      const response = await page.goto(route);
      expect(response?.status()).toBe(404);
      await expectHydrated(page);
      // The path-dependent way back appears after hydration (404.html is one page for every path).
      await expect(
        page.getByRole('navigation', {name: 'Ways back'}).getByRole('link', {name: `Search the documentation for “${term}”`}),
      ).toBeVisible();
      await expect(page.getByRole('navigation', {name: 'Main'}).getByRole('button', {name: version, exact: true})).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  }

  // Mistyped docs URLs no page is written for: paths under /docs that name no version (the browser
  // matches the docs plugin's route there, not the catch-all route /404.html was rendered from),
  // and a version's own root, which has no page. `inVersion`: the browser renders it in that version,
  // so its version menu marks the version as the current one; elsewhere it marks none.
  const current = {label: '3.0.0 (current)', start: '/docs/3.0.0/category/tessera-documentation', heading: 'Tessera documentation'};
  const legacy = {label: '1.0.0', start: '/docs/1.0.0/api/tessera-api', heading: 'Tessera API'};
  for (const [route, version, inVersion, inFastTier] of [
    ['/docs/foo', current, false, false],
    ['/docs/9.9.9/x', current, false, false],
    ['/docs/3/x', current, false, false],
    ['/docs/1/x', current, false, false],
    ['/docs/3.0.0x/y', current, false, true],
    ['/docs/1.0.0x/y', current, false, false],
    ['/docs/3.0.0', current, true, false],
    ['/docs/1.0.0', legacy, true, true],
  ] as const) {
    test(
      `the mistyped docs URL ${route} hydrates to the not-found page, readable, with a way back to the ${version.label} docs`,
      fastTierWhen(inFastTier),
      async ({page}) => {
        const errors = recordErrors(page);
        const response = await page.goto(route);
        expect(response?.status()).toBe(404);
        await expectHydrated(page);
        await page.waitForLoadState('networkidle');
        // What the reader has once the app has taken the page over: the heading and the text stayed.
        await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
        await expect(page.getByText('We could not find what you were looking for.')).toBeVisible();
        const mainNavigation = page.getByRole('navigation', {name: 'Main'});
        await expect(mainNavigation.getByRole('button', {name: version.label, exact: true})).toBeVisible();
        // Hydration keeps the server's attributes: a page rendered for another route would leave this wrong.
        await expect(mainNavigation.locator('a.dropdown__link[aria-current="page"]')).toHaveText(inVersion ? [version.label] : []);
        expect(errors).toEqual([]);
        const wayBack = page
          .getByRole('navigation', {name: 'Ways back'})
          .getByRole('link', {name: `Open the ${version.label} documentation`});
        await expect(wayBack).toHaveAttribute('href', version.start);
        const [start] = await Promise.all([
          page.waitForResponse((answer) => new URL(answer.url()).pathname === version.start),
          wayBack.click(),
        ]);
        expect(start.status()).toBe(200);
        await expect(page).toHaveURL(version.start);
        await expect(page.getByRole('heading', {level: 1, name: version.heading})).toBeVisible();
        expect(errors).toEqual([]);
      },
    );
  }

  test('a page that crashes shows "This page crashed", Try again, the Cause chain and ways back', async ({page}) => {
    // Make the glossary's content throw while rendering, with a cause, by rewriting its chunk.
    await page.route('**/assets/js/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      const crashed = body.replace(
        /(["'`])Every amount is an integer/,
        '(()=>{throw new Error("The glossary failed to render",{cause:new Error("Order line table missing")})})()+$1Every amount is an integer',
      );
      await route.fulfill({response, body: crashed});
    });
    await page.goto(glossary);
    await expect(page.getByRole('heading', {name: 'This page crashed.'})).toBeVisible();
    await expect(page.getByRole('button', {name: 'Try again'})).toBeVisible();
    await expect(page.getByText(/The glossary failed to render\s+Cause:\s+Order line table missing/)).toBeVisible();
    const waysBack = page.getByRole('navigation', {name: 'Ways back'});
    await expect(waysBack.getByRole('link', {name: 'Go to the home page'})).toHaveAttribute('href', '/');
    await expect(waysBack.getByRole('link', {name: 'Search the documentation for “markdown page”'})).toBeVisible();
    // Links in view are prefetched at idle, so a chunk can still be in the handler when the test ends.
    await page.unrouteAll({behavior: 'ignoreErrors'});
  });

  test('when a route fails to load, the browser reloads at the new address', async ({page}) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    let failedChunks = 0;
    await page.route('**/assets/js/*.js', (route) => {
      failedChunks += 1;
      return route.abort();
    });
    const reloaded = page.waitForRequest((request) => request.isNavigationRequest() && request.url().endsWith('/markdown-page'));
    await page.locator('footer').getByRole('link', {name: 'Glossary'}).click();
    await reloaded;
    expect(failedChunks).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/markdown-page$/);
    // The server-rendered page is there even though its scripts could not load.
    await expect(page.getByRole('heading', {level: 1, name: 'Glossary'})).toBeVisible();
  });

  test('the top progress bar shows while a slow route loads and goes when it is done', async ({page}) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.route('**/assets/js/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.locator('footer').getByRole('link', {name: 'Glossary'}).click();
    await expect(page.locator('#nprogress')).toBeAttached();
    await expect(page.getByRole('heading', {level: 1, name: 'Glossary'})).toBeVisible({timeout: 15_000});
    await expect(page.locator('#nprogress')).not.toBeAttached({timeout: 5_000});
    // Chunks prefetched at idle may still be waiting in the handler.
    await page.unrouteAll({behavior: 'ignoreErrors'});
  });
});
