import {expect, test} from '@playwright/test';

const glossary = '/markdown-page';

test.describe('failure views (spec 4, 8)', () => {
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
