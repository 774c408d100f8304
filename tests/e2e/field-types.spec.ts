import {expect, test} from '@playwright/test';
import {expectHydrated} from '../support/hydration';

// What a reader sees of a session's fields: a uuid or null is one row, not a block to open; a map
// says what it holds; a cart's VAT shows a VAT, not the cart's total.
test('an operation page shows each field as its type, with its own example', async ({page}) => {
  await page.goto('/docs/3.0.0/api/read-session');
  await expectHydrated(page);
  // The row of a field that does not expand: the list item its name's own line is in, not one around it.
  const row = (name: string) =>
    page
      .locator('.openapi-schema__container', {has: page.locator(`strong:text-is("${name}")`)})
      .first()
      .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " openapi-schema__list-item ")][1]');

  const orderId = row('orderId');
  await expect(orderId.locator('.openapi-schema__container').first()).toHaveText(/^orderId\s*string<uuid>\s*nullable\s*required$/);
  await expect(orderId.locator('details')).toHaveCount(0);
  await expect(orderId).toContainText('Example: 7b2e9c40-5f13-4a8d-a6c1-0e94d3b85f27');
  // It says what it is the id of, with a link to that object's page.
  await expect(orderId.getByRole('link', {name: 'Order', exact: true})).toHaveAttribute('href', '/docs/3.0.0/objects/order');
  await expect(row('tokenId').getByRole('link', {name: 'Token', exact: true})).toHaveAttribute('href', '/docs/3.0.0/objects/token');
  await expect(row('merchantAccountId').locator('.openapi-schema__container').first()).toHaveText(
    /^merchantAccountId\s*string\s*nullable\s*required$/,
  );
  const metadata = row('metadata');
  await expect(metadata.locator('.openapi-schema__container').first()).toHaveText(/^metadata\s*object with string values\s*required$/);
  await expect(metadata.locator('details')).toHaveCount(0);
  await expect(page.getByText('property name*')).toHaveCount(0);

  const cart = page
    .locator('details.openapi-markdown__details')
    .filter({has: page.locator(':scope > summary strong', {hasText: /^cart$/})})
    .first();
  await cart.locator(':scope > summary').click();
  await expect(row('totalVatAmount')).toContainText('Example: 5180');
  await expect(row('totalVatAmount')).not.toContainText('25900');
});

test('the twin and the object page link a nullable id to the object it identifies, as the operation page does', async ({page, request}) => {
  const twin = await (await request.get('/docs/3.0.0/api/read-an-order.md')).text();
  expect(twin).toMatch(
    /^- `sessionId` \(string \(uuid\) or null, required\): .*The id of a \[`Session`\]\([^)]*\/docs\/3\.0\.0\/objects\/session[^)]*\)\./m,
  );
  await page.goto('/docs/3.0.0/objects/order');
  const sessionRow = page.locator('tr', {has: page.locator('td:first-child code', {hasText: /^sessionId$/})});
  await expect(sessionRow.getByRole('link', {name: 'Session', exact: true})).toHaveAttribute('href', '/docs/3.0.0/objects/session');
});
