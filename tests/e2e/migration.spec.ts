import {expect, test} from '@playwright/test';
import {apiFiles, apiOperations, loadApiDocument, operationPageId} from '../../src/lib/openapi';
import {migrationEntries, sandboxTestHelperTag} from '../../src/lib/migration-entries';

const guide = '/docs/3.0.0/guides/guides/additional_guides/migrate_from_v1';

test.describe('moving from V1 to V3', () => {
  test('a V1 operation page names its V3 successor and what changes, right under its title', async ({page}) => {
    await page.goto('/docs/1.0.0/api/purchase-decision');
    const notice = page.locator('.theme-admonition').filter({hasText: 'Moving to V3'});
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', {name: 'makeDecision'})).toHaveAttribute('href', '/docs/3.0.0/api/make-decision');
    await expect(notice).toContainText('Decision deadline: 24 hours after authorisation → 60 seconds by default, from 30 to 300 seconds');
    await expect(notice).toContainText('409 invalid_state_transition → 409 session_not_awaiting_decision');
    await expect(notice).toContainText('Every other response field: removed. The V3 response is a short decision result');
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

test.describe('the migration guide, computed from both OpenAPI files', () => {
  test('amounts and ids are stated as the schemas type them', async ({page}) => {
    await page.goto(guide);
    const amounts = page.locator('li', {hasText: /^Amounts\./});
    await expect(amounts).toContainText('V3 keeps that object for the amounts of orders, captures and refunds');
    await expect(amounts).toContainText('capturedAmount');
    await expect(amounts).toContainText('plain integers in minor units');
    const ids = page.locator('li', {hasText: /^Ids\./});
    await expect(ids).toContainText('ids become UUIDs');
    await expect(ids).toContainText('mer_ ids stay prefixed but change their length (id mer_ + 16 characters)');
    await expect(page.locator('main')).not.toContainText('V3 sends an integer in minor units and names the currency once');
    // The steps name the fates of the fields that break a call, computed like the tables.
    const signups = page.locator('li', {hasText: /^Hosted pages and signups\./});
    await expect(signups).toContainText(
      'integer minutes, 60 (1 hour) to 43200 (30 days), default 10080 (7 days) → date-time 10 minutes to 7 days ahead',
    );
    const checkouts = page.locator('li', {hasText: /^New checkouts\./});
    await expect(checkouts).toContainText('merchant_urls.checkout removed');
    await expect(checkouts).toContainText(
      'cart.lines[].unit_price → cart.orderLines[].unitPrice; Money object (amount and currency) → integer',
    );
  });

  test('the field table gives each changed V1 field its V3 field, type change or reason for removal', async ({page}) => {
    await page.goto(guide);
    const table = page.locator('table', {hasText: 'What changes'});
    const row = (field: string, operation: string) =>
      table
        .locator('tr')
        .filter({has: page.locator('td:first-child', {hasText: new RegExp(`^${field.replace(/[.[\]]/g, '\\$&')}$`)})})
        .filter({hasText: operation});
    await expect(row('shipping_info', 'captureOrder (request)')).toContainText('shippingInfo');
    await expect(row('shipping_info', 'captureOrder (request)')).toContainText('object → array of objects (at most 20)');
    await expect(row('cart.lines[].unit_price', 'createSession')).toContainText('Money object (amount and currency) → integer');
    await expect(row('cart.lines[].tax_rate', 'createSession')).toContainText('cart.orderLines[].vatRate');
    await expect(row('cart.lines[].type', 'createSession')).toContainText('values replaced: service → digital');
    await expect(row('shipping_address', 'createSession')).toContainText('customer.shippingAddress');
    await expect(row('merchant_urls.checkout', 'createSession')).toContainText('removed');
    await expect(row('merchant_urls.confirmation', 'createSession')).toContainText('URL template (may hold {sessionId})');
    await expect(row('expires_in_minutes', 'createSignup')).toContainText('43200 (30 days)');
    await expect(row('expires_in_minutes', 'createSignup')).toContainText('date-time 10 minutes to 7 days ahead');
    await expect(row('merchant_account_id', 'readSignup')).toContainText('id mer_ + 24 characters → id mer_ + 16 characters');
  });

  test('the error table sends the environment check to 403 and does not pass merchant_not_enabled off as account_restricted', async ({
    page,
  }) => {
    await page.goto(guide);
    const table = page.locator('table', {hasText: 'V1 error'});
    await expect(table.locator('tr', {hasText: '401 authentication_required'})).toContainText('403 environment_mismatch');
    const notEnabled = table.locator('tr', {hasText: '403 merchant_not_enabled'});
    await expect(notEnabled.locator('td').nth(1)).toHaveText('none');
    await expect(notEnabled.locator('td').nth(2)).toHaveText('removed');
    await expect(table.locator('tr', {hasText: '409 idempotency_key_reused'})).toContainText('422 idempotency_key_reused');
  });

  test('the Markdown twin of every V1 operation page carries its "Moving to V3" notice', async ({page, request}) => {
    await page.goto('/llms.txt');
    const twins = [...(await page.locator('body').innerText()).matchAll(/\/docs\/1\.0\.0\/api\/([a-z-]+)\.md/g)]
      .map((match) => match[1]!)
      .filter((id) => id !== 'tessera-api');
    // The sandbox's V1 test helpers are no part of what an integration migrates (V3 has its own): no notice.
    const v1 = loadApiDocument(apiFiles.v1);
    const testHelpers = [...apiOperations(v1).values()]
      .filter((operation) => ((operation.operation.tags ?? []) as string[]).includes(sandboxTestHelperTag))
      .map((operation) => operationPageId(operation.operationId));
    expect(testHelpers).toHaveLength(3);
    const operationTwins = [];
    for (const id of new Set(twins.filter((twin) => !testHelpers.includes(twin)))) {
      const text = await (await request.get(`/docs/1.0.0/api/${id}.md`)).text();
      if (/^`(POST|GET|PUT|PATCH|DELETE) |^Webhook /m.test(text)) operationTwins.push({id, text});
    }
    expect(operationTwins).toHaveLength(migrationEntries(v1).length);
    expect(operationTwins).toHaveLength(16);
    for (const {id, text} of operationTwins) {
      expect(text, id).toMatch(/^> \*\*Caution: Moving to V3\*\*$/m);
      expect(text, id).toContain('/migrate_from_v1.md)');
    }
    const decision = operationTwins.find((twin) => twin.id === 'purchase-decision')!.text;
    expect(decision).toContain('> In V3 this is [`makeDecision`](https://docs.tessera.example/docs/3.0.0/api/make-decision.md).');
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
