import {expect, test, type Page} from '@playwright/test';
import {elementsRemovedWhileLoading, expectHydrated} from '../support/hydration';
import {collectScriptBodies} from '../support/script-bodies';
import {v1ApiOverviewPages, v1ApiPages, v3ApiOverviewPages, v3ApiPages} from '../spec-routes';
import {v3ReadOperationPages} from '../routes-beyond-spec';
import {fastTierWhen} from '../support/test-tiers';
import {measurePageWeight} from '../../scripts/measure/page-weight';
import {sampleLanguages as languages} from '../../src/lib/sample-languages';

/** Every sample language's tab: an operation page without one of them fails. */
const sampleLanguages = languages.map((language) => language.label);

async function expectOperationPage(page: Page, route: string, apiBase: string) {
  await page.goto(route);
  // The first endpoint block is the operation; callbacks (notifications) follow it.
  const endpoint = page.locator('.openapi__method-endpoint').first();
  await expect(endpoint.locator('.badge'), route).toHaveText(/^(GET|POST|PUT|PATCH|DELETE|Webhook)$/);
  const isWebhook = (await endpoint.locator('.badge').innerText()) === 'Webhook';
  if (!isWebhook) await expect(endpoint.locator('.openapi__method-endpoint-path'), route).toContainText(apiBase);
  await expect(page.getByRole('heading', {name: /^Responses/}), route).toBeVisible();
  await expect(page.getByRole('tab', {name: /^4\d\d$/}).first(), `${route} documents an error response`).toBeAttached();
  if (!isWebhook) {
    for (const language of sampleLanguages) {
      await expect(page.getByRole('tab', {name: language, exact: true}), `${route} ${language}`).toBeAttached();
    }
  }
  await expect(page.getByRole('button', {name: /send api request/i}), route).toHaveCount(0);
}

test.describe('API reference', () => {
  const operationPages = [
    ...[...v3ApiPages, ...v3ReadOperationPages]
      .filter((name) => !v3ApiOverviewPages.includes(name))
      .map((name) => [`/docs/3.0.0/api/${name}`, '/v3/'] as const),
    ...v1ApiPages.filter((name) => !v1ApiOverviewPages.includes(name)).map((name) => [`/docs/1.0.0/api/${name}`, '/v1/'] as const),
  ];
  // The fast tier checks the first operation page of each version; the full tier every one.
  const firstOfVersion = new Set(['/v3/', '/v1/'].map((apiBase) => operationPages.find((entry) => entry[1] === apiBase)![0]));
  for (const [route, apiBase] of operationPages) {
    test(`${route} shows method, path, responses and samples, and cannot send`, fastTierWhen(firstOfVersion.has(route)), async ({page}) => {
      await expectOperationPage(page, route, apiBase);
    });
  }

  test('the sample tabs show the documented request in every language, highlighted', async ({page}) => {
    await page.goto('/docs/3.0.0/api/capture-an-order');
    await expectHydrated(page);
    const samples = page.getByRole('region', {name: 'Request samples'});
    const visibleCode = samples.locator('pre.prism-code:visible');
    const expectations = [
      ['cURL', "curl -X POST 'https://api.sandbox.tessera.example/v3/orders/7b2e9c40-5f13-4a8d-a6c1-0e94d3b85f27/captures'"],
      ['PHP', "$client->request('POST', 'https://api.sandbox.tessera.example/v3/orders/"],
      ['C#', 'new HttpRequestMessage(HttpMethod.Post, "https://api.sandbox.tessera.example/v3/orders/'],
      ['Node.js', "await fetch('https://api.sandbox.tessera.example/v3/orders/"],
      ['Python', 'response = requests.post(\n    "https://api.sandbox.tessera.example/v3/orders/'],
      ['Java', 'HttpRequest.newBuilder(URI.create("https://api.sandbox.tessera.example/v3/orders/'],
      ['Go', 'http.NewRequest(http.MethodPost, "https://api.sandbox.tessera.example/v3/orders/'],
      ['Ruby', 'request = Net::HTTP::Post.new(uri)'],
    ] as const;
    expect(expectations.map(([tab]) => tab).sort()).toEqual([...sampleLanguages].sort());
    for (const [tab, text] of expectations) {
      await samples.getByRole('tab', {name: tab, exact: true}).click();
      await expect(visibleCode).toContainText(text);
      await expect(visibleCode).toContainText('Idempotency-Key');
      await expect(visibleCode.locator('.token').first()).toBeAttached();
    }
  });

  test('operation pages load no sample generators and nothing that could send a request', async ({page}) => {
    const scriptBodies = collectScriptBodies(page);
    await page.goto('/docs/3.0.0/api/create-session');
    await page.waitForLoadState('networkidle');
    // Bodies are read before the page closes: a body still arriving at networkidle would otherwise be lost.
    const scripts = await scriptBodies();
    expect(scripts.length).toBeGreaterThan(0);
    // Strings found in the theme's own explorer chunk (postman-code-generators and faker), and nowhere else.
    for (const marker of ['faker', 'codegen', 'HTTP_Request2', 'Unirest']) {
      expect(
        scripts.some((source) => source.includes(marker)),
        marker,
      ).toBe(false);
    }
  });

  test('overview pages describe the API and each tag', async ({page}) => {
    test.slow(); // Twelve pages in one test.
    for (const [base, names] of [
      ['/docs/3.0.0/api', v3ApiOverviewPages],
      ['/docs/1.0.0/api', v1ApiOverviewPages],
    ] as const) {
      for (const name of names) {
        await page.goto(`${base}/${name}`);
        await expect(page.locator('h1').first(), name).toBeVisible();
        const text = await page.locator('article').first().innerText();
        expect(text.length, `${base}/${name} has a real description`).toBeGreaterThan(300);
      }
    }
  });

  test('the info pages offer both OpenAPI files for download, and the files are served', async ({page, request}) => {
    await page.goto('/docs/3.0.0/api/tessera-api');
    for (const file of ['tessera-v3.yaml', 'tessera-v1.yaml']) {
      await expect(page.getByRole('link', {name: file, exact: true}).first()).toHaveAttribute('href', `/openapi/${file}`);
      const response = await request.get(`/openapi/${file}`);
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain('openapi: 3.1.0');
    }
  });

  test('the V1 reference says it is deprecated and maps to V3', async ({page}) => {
    await page.goto('/docs/1.0.0/api/tessera-api');
    await expect(page.locator('article').first()).toContainText(/deprecated/i);
    await expect(page.locator('article').first()).toContainText('2027-06-30');
  });

  test('the V3 API reference sits in the Tessera documentation sidebar, grouped by tag', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 900});
    await page.goto('/docs/3.0.0/api/capture-an-order');
    const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
    await expect(sidebar.getByRole('link', {name: 'Tessera documentation'})).toBeVisible();
    for (const tag of ['Authentication', 'Session management', 'Order management', 'Hosted page', 'Tokenized payment methods']) {
      await expect(sidebar.getByRole('link', {name: tag, exact: true})).toBeVisible();
    }
  });
});

// A tag page's cards carry their descriptions (src/components/TagPageCards): the docs list every
// docs page loads has none (src/plugins/docs-list-ids-only).
test.describe('API tag pages', () => {
  const tagPages = [
    {route: '/docs/3.0.0/api/order-management', operations: 6, fast: true},
    {route: '/docs/1.0.0/api/checkout', operations: 6, fast: false},
  ];
  for (const {route, operations, fast} of tagPages) {
    test(`${route} shows a card per operation, with the description its page has`, fastTierWhen(fast), async ({page, context}) => {
      const removedCards = await elementsRemovedWhileLoading(page, route, 'a.card');
      expect(removedCards, 'cards hydration replaced').toEqual([]);
      const cards = page.locator('article a.card');
      await expect(cards).toHaveCount(operations);
      const operationPage = await context.newPage();
      for (const card of await cards.all()) {
        const href = (await card.getAttribute('href'))!;
        await operationPage.goto(href, {waitUntil: 'domcontentloaded'});
        const description = await operationPage.locator('meta[name=description]').getAttribute('content');
        expect(description, `${href} has a description`).toMatch(/\S/);
        await expect(card.locator('p'), href).toHaveText(description!);
      }
    });
  }

  test("a guide loads none of the operations' descriptions", async ({page}) => {
    const scriptBodies = collectScriptBodies(page);
    await page.goto('/docs/3.0.0/guides/guides/quick_guides/payment_steps/capturing_orders');
    await expectHydrated(page);
    await page.waitForLoadState('networkidle');
    const scripts = await scriptBodies();
    expect(scripts.length).toBeGreaterThan(0);
    // The description of the capture operation, as its card on the Order management page shows it.
    const description = 'Captures authorized money so that it settles to your account.';
    const holding = scripts.filter((source) => source.includes(description)).map((source) => `${source.slice(0, 120)}…`);
    expect(holding, 'scripts holding the description').toEqual([]);
  });
});

// src/plugins/hydrate-in-place: the schema is in the page's HTML and hydration keeps it.
test.describe('operation pages render their schema on the server', () => {
  const route = '/docs/3.0.0/api/create-session';

  test('the HTML holds the parameters, request body and first response, without skeletons', async ({request}) => {
    const html = await (await request.get(route)).text();
    expect(html).not.toContain('openapi-skeleton');
    expect(html).toContain('Idempotency-Key');
    expect(html).toContain('merchantUrls');
    expect(html).toMatch(/openapi-markdown__details-summary-response/);
  });

  test("hydration keeps the server's schema, tabs and code blocks", async ({page}) => {
    expect(await elementsRemovedWhileLoading(page, route, '.openapi-schema__list-item, [role=tabpanel], pre, .openapi-skeleton')).toEqual(
      [],
    );
  });

  test('a sample tab chosen the moment the page hydrates shows its code', async ({page}) => {
    // A slow phone widens the time between hydration and the end of the app's first settling
    // (useIsBrowser turning true, as a transition); the click lands in it, as a quick reader's would.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 6});
    await page.addInitScript(() => {
      const clickWhenHydrating = setInterval(() => {
        const tab = Array.from(document.querySelectorAll('section[aria-labelledby="request-samples"] [role="tab"]')).find(
          (candidate) => candidate.textContent?.trim() === 'PHP',
        ) as HTMLElement | undefined;
        // React sets its props on an element as it hydrates it; a click then is React's to handle.
        if (tab && Object.keys(tab).some((key) => key.startsWith('__reactProps$'))) {
          clearInterval(clickWhenHydrating);
          tab.click();
          (window as unknown as {clickedBeforeSettled: boolean}).clickedBeforeSettled =
            document.documentElement.dataset.hasHydrated !== 'true';
        }
      }, 1);
    });
    await page.goto(route);
    const click = await page.waitForFunction(() => {
      const clickedBeforeSettled = (window as unknown as {clickedBeforeSettled?: boolean}).clickedBeforeSettled;
      return clickedBeforeSettled === undefined ? undefined : {clickedBeforeSettled};
    });
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 1});
    // The click came before Docusaurus marked the page hydrated, or the test proves nothing.
    expect(await click.jsonValue()).toEqual({clickedBeforeSettled: true});
    await expectHydrated(page);
    const samples = page.getByRole('region', {name: 'Request samples'});
    await expect(samples.getByRole('tab', {name: 'PHP', exact: true})).toHaveAttribute('aria-selected', 'true');
    await expect(samples.locator('pre:visible')).toContainText(
      "$client->request('POST', 'https://api.sandbox.tessera.example/v3/sessions'",
    );
  });

  test('a collapsed nested schema is built when opened', async ({page}) => {
    await page.goto(route);
    await expectHydrated(page);
    const collapsed = page
      .locator('details.openapi-markdown__details')
      .filter({has: page.locator(':scope > summary strong', {hasText: 'merchantUrls'})})
      .first();
    await expect(collapsed).not.toHaveAttribute('open');
    await expect(collapsed.locator('.openapi-schema__list-item')).toHaveCount(0);
    await collapsed.locator(':scope > summary').click();
    await expect(collapsed).toHaveAttribute('open', '');
    await expect(collapsed.locator('.openapi-schema__list-item').first()).toBeVisible();
    await expect(collapsed).toContainText('confirmation');
    // Nested descriptions were not in the HTML: the browser renders their Markdown (marked, loaded on demand).
    await expect(
      collapsed.locator('.openapi-markdown').filter({hasText: 'Do not treat a visit to this URL as proof of payment'}),
    ).toBeVisible();
    await expect(collapsed.locator('.openapi-markdown code', {hasText: 'confirmation'}).first()).toBeAttached();
  });

  test('marked is prefetched, not run, so a schema level opened later finds it cached', async ({page}) => {
    test.slow(); // Waits for the network to go quiet.
    const weight = await measurePageWeight(page, route);
    const withMarked = (kind: string) =>
      weight.resources.filter((resource) => resource.kind === kind && resource.libraries.includes('marked'));
    expect(withMarked('prefetch').length).toBeGreaterThan(0);
    expect(withMarked('script')).toEqual([]);
  });

  test('the generated example tab computes its example when chosen', async ({page}) => {
    await page.goto(route);
    await expectHydrated(page);
    const autoTab = page.getByRole('tab', {name: 'Example (auto)'}).first();
    await autoTab.click();
    await expect(autoTab).toHaveAttribute('aria-selected', 'true');
    const panel = page
      .getByRole('tabpanel')
      .filter({has: page.locator('pre.language-json')})
      .filter({hasText: '"status"'})
      .first();
    await expect(panel).toBeVisible();
  });

  test('an error status code shows its response when its tab is chosen', async ({page}) => {
    await page.goto(route);
    await expectHydrated(page);
    const errorTab = page.getByRole('tab', {name: '422', exact: true}).first();
    await errorTab.click();
    await expect(errorTab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').filter({hasText: 'cart_totals_mismatch'}).first()).toBeVisible();
  });
});

// The 400, 401 and 403 responses are shared in the OpenAPI file; each page shows examples of its own operation.
test("an operation's 401 and 403 examples name its own scheme and permission, on the page and in the twin", async ({page, request}) => {
  await page.goto('/docs/3.0.0/api/read-an-order');
  await expectHydrated(page);
  await page.getByRole('tab', {name: '403', exact: true}).click();
  await page.getByRole('tab', {name: 'permissionDenied', exact: true}).click();
  const example = page.locator('pre:visible', {hasText: '"code": "permission_denied"'});
  await expect(example).toContainText('does not have the permission orders:read');
  await expect(example).toContainText('"instance": "/v3/orders/7b2e9c40-5f13-4a8d-a6c1-0e94d3b85f27"');

  const twin = async (route: string) => (await request.get(`${route}.md`)).text();
  const section = (markdown: string, status: string) => markdown.split(/^### /m).find((part) => part.startsWith(`${status}\n`)) ?? '';
  const secret = await twin('/docs/3.0.0/api/generate-a-secret');
  expect(section(secret, '401')).toContain('Send the key id and key secret with HTTP Basic authentication.');
  expect(section(secret, '401')).not.toMatch(/bearer secret/i);
  expect(section(secret, '403')).not.toContain('permission_denied');
  const capture = await twin('/docs/3.0.0/api/capture-an-order');
  expect(section(capture, '400')).toContain('"pointer": "/reference"');
  expect(section(await twin('/docs/1.0.0/api/refund-order'), '403')).toContain('the scope orders,');
});
