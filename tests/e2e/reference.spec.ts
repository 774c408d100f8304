/**
 * The reference generated from the OpenAPI files, as a reader meets it: the `type` URI of every
 * error example leads to that code's page, every object and every error code has a page, object
 * names link to those pages, and the notifications page lists every event. (Search: search-relevance.spec.ts.)
 */
import {expect, test} from '@playwright/test';
import {site} from '../../config/site-constants';
import {readFileSync} from 'node:fs';
import {parse} from 'yaml';
import {openApiSpecs} from '../../config/openapi';
import {expectHydrated} from '../support/hydration';
import {catalogueExtension, isProblem} from '../../scripts/reference/error-catalogue';
import {notificationEvents} from '../../scripts/reference/notifications-page';
import {objectRoute, objectSchemaNames} from '../../src/lib/openapi';

type JsonObject = {[key: string]: unknown};

// The current version first.
const files = [openApiSpecs.tesseraV3, openApiSpecs.tesseraV1].map((spec) => ({
  docsRoute: `/docs/${spec.version}`,
  document: parse(readFileSync(spec.sourcePath, 'utf8')) as JsonObject,
}));

/** Every problem body in a file (examples and the catalogue's own examples), with its `type`. */
function problemBodies(document: JsonObject): {code: string; status: number; type: string}[] {
  const found: {code: string; status: number; type: string}[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    if (isProblem(node) && typeof node.type === 'string') found.push({code: node.code, status: node.status, type: node.type});
    Object.values(node).forEach(visit);
  };
  visit(document);
  return found;
}

test.describe('error catalogue', () => {
  test('the type URI of every error example in both OpenAPI files leads to a page about that code', async ({request}) => {
    const seen = new Set<string>();
    for (const {document} of files) {
      const bodies = problemBodies(document);
      expect(bodies.length).toBeGreaterThan(15);
      for (const body of bodies) {
        if (seen.has(body.type)) continue;
        seen.add(body.type);
        expect(body.type.startsWith(`${site.url}/`), body.type).toBe(true);
        const response = await request.get(body.type.slice(site.url.length));
        expect(response.status(), body.type).toBe(200);
        const html = await response.text();
        expect(html, body.type).toContain(`<h1>${body.code}</h1>`);
        expect(html, body.type).toContain(`<code>${body.status} `);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(45);
  });

  test('the index lists every code by status, one line each, and is in the sidebar', async ({page}) => {
    await page.goto('/docs/3.0.0/errors');
    await expect(page.getByRole('heading', {level: 1, name: 'Error codes'})).toBeVisible();
    const codes = Object.keys(catalogueExtension(files[0]!.document));
    const main = page.locator('main');
    for (const code of codes)
      await expect(main.getByRole('link', {name: code, exact: true})).toHaveAttribute('href', `/docs/3.0.0/errors/${code}`);
    await expect(main.getByRole('heading', {level: 2, name: '409 Conflict'})).toBeVisible();
    await expect(page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Error codes'})).toHaveAttribute(
      'href',
      '/docs/3.0.0/errors',
    );
  });

  test('a code page says when it happens, what to do, which operations return it, and shows an example', async ({page}) => {
    await page.goto('/docs/3.0.0/errors/amount_exceeds_capturable');
    const main = page.locator('main');
    await expect(main.getByText('422 Unprocessable Content', {exact: true})).toBeVisible();
    await expect(main.getByRole('heading', {name: 'When it happens'})).toBeVisible();
    await expect(main.getByText(/send the corrected request with a new `?Idempotency-Key/)).toBeVisible();
    await expect(main.getByRole('link', {name: 'Capture an order'})).toHaveAttribute('href', '/docs/3.0.0/api/capture-an-order');
    await expect(main.locator('pre').filter({hasText: '"code": "amount_exceeds_capturable"'})).toBeVisible();
  });
});

test.describe('object pages', () => {
  test('every object of the current file has a page', async ({request}) => {
    for (const {document, docsRoute} of files.slice(0, 1)) {
      for (const name of objectSchemaNames(document)) {
        const route = objectRoute(docsRoute, name);
        const response = await request.get(route);
        expect(response.status(), route).toBe(200);
        expect(await response.text(), route).toContain(`<h1>${name} object</h1>`);
      }
    }
  });

  test('an object page lists each field with type, presence and example, and links the objects it uses', async ({page}) => {
    await page.goto('/docs/3.0.0/objects/cart');
    const row = page.locator('main tr').filter({has: page.locator('td:first-child code', {hasText: /^orderLines$/})});
    await expect(row.getByRole('link', {name: 'OrderLine'})).toHaveAttribute('href', '/docs/3.0.0/objects/order-line');
    await expect(row).toContainText('Required');
    await expect(page.locator('main tr').filter({hasText: 'currency'}).first()).toContainText('Example: SEK');
  });

  test('operation pages and guides that name an object link to its page', async ({page}) => {
    await page.goto('/docs/3.0.0/api/update-cart');
    await expectHydrated(page);
    await expect(page.locator('main a[href="/docs/3.0.0/objects/order-line"]').first()).toBeAttached();
    await page.goto('/docs/3.0.0/guides/guides/additional_guides/orderLines');
    await expect(page.locator('main a[href="/docs/3.0.0/objects/order-line"]').first()).toBeAttached();
  });

  test('the error tables of the guides link each code to its page', async ({page}) => {
    await page.goto('/docs/3.0.0/guides/guides/quick_guides/payment_steps/capturing_orders');
    const row = page.locator('main tr').filter({has: page.locator('td code', {hasText: /^amount_exceeds_capturable$/})});
    await expect(row.getByRole('link', {name: 'amount_exceeds_capturable'})).toHaveAttribute(
      'href',
      '/docs/3.0.0/errors/amount_exceeds_capturable',
    );
  });
});

test.describe('notifications page', () => {
  test('lists every event with its payload object, and shows the verification code in every language', async ({page}) => {
    await page.goto('/docs/3.0.0/notifications');
    const events = notificationEvents(files[0]!.document, '/docs/3.0.0');
    expect(events.length).toBeGreaterThanOrEqual(8);
    const main = page.locator('main');
    for (const event of events) {
      await expect(main.getByRole('heading', {level: 3, name: event.event})).toBeVisible();
      await expect(main.locator(`a[href="${objectRoute('/docs/3.0.0', event.payloadSchema)}"]`).first()).toBeVisible();
    }
    await expectHydrated(page);
    // Each language's own HMAC call, in the tab the reader chooses.
    const hmacCalls = {
      Python: 'hmac.new(',
      'Node.js': 'createHmac(',
      PHP: 'hash_hmac(',
      Java: 'Mac.getInstance(',
      Go: 'hmac.New(',
      Ruby: 'OpenSSL::HMAC',
      'C#': 'new HMACSHA256(',
    };
    for (const [label, call] of Object.entries(hmacCalls)) {
      await main.getByRole('tab', {name: label, exact: true}).click();
      await expect(main.locator('pre').getByText(call).first()).toBeVisible();
    }
  });
});
