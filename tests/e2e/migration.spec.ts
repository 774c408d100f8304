import {expect, test} from '@playwright/test';

const guide = '/docs/3.0.0/guides/guides/additional_guides/migrate_from_v1';

test.describe('moving from V1 to V3', () => {
  test('a V1 operation page names its V3 successor and what changes, right under its title', async ({page}) => {
    await page.goto('/docs/1.0.0/api/purchase-decision');
    const notice = page.locator('.theme-admonition').filter({hasText: 'Moving to V3'});
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', {name: 'makeDecision'})).toHaveAttribute('href', '/docs/3.0.0/api/make-decision');
    await expect(notice).toContainText('Decision deadline: 24 hours → 60 seconds by default');
    await expect(notice).toContainText('409 invalid_state_transition → 409 session_not_awaiting_decision');
    // Near the title: the notice comes before the operation's own description.
    const noticeTop = (await notice.boundingBox())!.y;
    const descriptionTop = (await page.getByText('Tells Tessera whether to turn an authorised purchase').boundingBox())!.y;
    expect(noticeTop).toBeLessThan(descriptionTop);
  });

  test('the migration guide maps every V1 operation and is reachable from the sidebar, /docs, the announcement bar and the V1 introduction', async ({
    page,
  }) => {
    await page.goto(guide);
    const table = page.locator('table').first();
    await expect(table.locator('tbody tr')).toHaveCount(16);
    const decisionRow = table.locator('tr', {hasText: 'purchaseDecision'});
    await expect(decisionRow.getByRole('link', {name: 'makeDecision'})).toHaveAttribute('href', '/docs/3.0.0/api/make-decision');
    await expect(page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Migrate from V1 to V3'})).toBeVisible();

    await page.goto('/docs');
    await expect(page.getByRole('link', {name: /Moving from V1 to V3/})).toHaveAttribute('href', guide);
    await expect(page.locator('.theme-announcement-bar').getByRole('link', {name: 'Move to V3'})).toHaveAttribute('href', guide);
    await page.goto('/docs/1.0.0/api/tessera-api');
    await expect(page.getByRole('link', {name: 'Migrate from V1 to V3'}).first()).toHaveAttribute('href', guide);
  });
});

test.describe('facts rendered from the OpenAPI file and the SDK types', () => {
  test('the SDK overview lists the CSP directives of the SDK types, and no connect-src', async ({page}) => {
    await page.goto('/docs/3.0.0/sdk/sdk/intro');
    const section = page.locator('table', {hasText: 'script-src'});
    await expect(section).toContainText('frame-src');
    await expect(section).not.toContainText('connect-src');
  });

  test('the cancel table lists every status an order cannot be cancelled in', async ({page}) => {
    await page.goto('/docs/3.0.0/guides/guides/quick_guides/payment_steps/capturing_orders');
    const row = page.locator('tr', {hasText: 'Not allowed'});
    await expect(row).toContainText('captured, refunded, cancelled or expired');
    await expect(row).toContainText('409 order_not_cancellable');
  });

  test('the glossary is in the docs navigation', async ({page}) => {
    await page.goto('/docs/3.0.0/sdk/sdk/intro');
    await expect(page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Glossary'})).toHaveAttribute(
      'href',
      '/markdown-page',
    );
  });
});
