/**
 * What a developer types into the search box, per docs version, and the page that must be among
 * the first three suggestions. The index leaves most of each page out (config/search.ts) so that a
 * phone downloads little before the first result; this set is what that may not cost.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {expectHydrated} from '../support/hydration';

type Query = [query: string, page: string];

const queriesByVersion: {version: string; start: string; queries: Query[]}[] = [
  {
    version: '3.0.0',
    start: '/docs/3.0.0/sdk/sdk/intro',
    queries: [
      ['partial refund', 'guides/guides/quick_guides/payment_steps/refunding_orders'],
      ['refund_window_closed', 'guides/guides/quick_guides/payment_steps/refunding_orders'],
      ['refnud', 'guides/guides/quick_guides/payment_steps/refunding_orders'],
      ['capture an order', 'api/capture-an-order'],
      ['capture in parts', 'guides/guides/quick_guides/payment_steps/capturing_orders'],
      ['cancel order', 'api/cancel-an-order'],
      ['cart_totals_mismatch', 'guides/guides/additional_guides/orderLines'],
      ['vat rounding', 'guides/guides/additional_guides/orderLines'],
      ['discount', 'guides/guides/additional_guides/orderLines'],
      ['gift card', 'guides/guides/additional_guides/orderLines'],
      ['idempotency key', 'guides/guides/quick_guides/payment_steps/create_payment_session'],
      ['create session', 'api/create-session'],
      ['awaiting_decision', 'guides/guides/additional_guides/decisions'],
      ['decision deadline', 'guides/guides/additional_guides/decisions'],
      ['generate a secret', 'api/generate-a-secret'],
      ['rotate api key', 'guides/guides/additional_guides/authenticate'],
      ['rate limits', 'api/tessera-api'],
      ['shipping address changed', 'guides/guides/quick_guides/payment_steps/manage_the_session'],
      ['session expiry', 'guides/guides/quick_guides/payment_steps/manage_the_session'],
      // The notifications reference says how to verify the header, for every event.
      ['Tessera-Signature', 'notifications'],
      ['verify a notification', 'guides/guides/quick_guides/payment_steps/completed_session'],
      ['Tessera.init', 'sdk/sdk/initializing_sdk'],
      ['lock the sdk', 'sdk/sdk/locking_sdk'],
      ['sdk events', 'sdk/sdk/update_events'],
      ['load_failed', 'sdk/sdk/update_events'],
      ['hosted payment page', 'api/create-a-hosted-payment-page'],
      ['charge a token', 'api/charge-a-token'],
      ['deactivate token', 'api/deactivate-token'],
      ['prefill address', 'guides/guides/additional_guides/prefills'],
      ['onboard a merchant', 'guides/guides/quick_guides/signup_steps/signup_quick_guide_intro'],
      ['merchantAccountId', 'guides/guides/quick_guides/signup_steps/completed_session'],
      ['signup_declined', 'guides/guides/quick_guides/signup_steps/completed_session'],
      ['error codes', 'errors'],
      ['amount_exceeds_capturable', 'errors/amount_exceeds_capturable'],
      ['OrderLine', 'objects/order-line'],
      ['notification events', 'notifications'],
    ],
  },
  {
    version: '1.0.0',
    start: '/docs/1.0.0/api/tessera-api',
    queries: [
      ['refund an order', 'api/refund-order'],
      ['error codes', 'errors'],
      ['refnd', 'api/refund-order'],
      ['capture', 'api/capture-order'],
      ['purchase decision', 'api/purchase-decision'],
      ['approve purchase', 'api/purchase-decision'],
      ['checkout session', 'api/create-session'],
      ['read session', 'api/read-session'],
      ['replace cart', 'api/update-session'],
      ['update selected fields', 'api/patch-checkout-session'],
      ['cancel order', 'api/update-order'],
      ['order management', 'api/order-management'],
      ['hosted payment page', 'api/create-hosted-page'],
      ['access token', 'api/get-auth-token'],
      ['merchant access token', 'api/get-auth-token'],
      ['token for one checkout session', 'api/get-auth-token-for-session'],
      ['signup token', 'api/get-signup-session-auth'],
      ['create signup', 'api/create-signup'],
      ['read signup', 'api/read-signup'],
      ['signup webhook', 'api/signup-webhook-request'],
      ['signup status', 'api/signup-webhook-request'],
      ['validation request', 'api/send-validate-response'],
      ['deprecated', 'api/tessera-api'],
    ],
  },
];

type PageEntry = {url: string; title: string; breadcrumb: string};

/**
 * The pages of a version's index (its first part lists every page: url, title, breadcrumb), read
 * from the build: a suggestion shows a title and a path, not its link.
 */
function indexedPages(version: string): PageEntry[] {
  const dir = path.join(process.cwd(), 'build', version === '3.0.0' ? '' : `docs/${version}`);
  const file = readdirSync(dir).find((name) => /^search-index-[0-9a-f]+\.json$/.test(name));
  if (!file) throw new Error(`No search index in ${dir}: run npm run build`);
  const [titles] = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as [{documents: {u: string; t: string; b?: string[]}[]}];
  return titles.documents.map((document) => ({url: document.u, title: document.t, breadcrumb: (document.b ?? []).join(' › ')}));
}

type Suggestion = {title: string; path: string | null; inTree: boolean};

/**
 * The page of each suggestion: a page's own entry shows its title over its breadcrumb; a heading
 * or text of a page shows its breadcrumb, the page's title and the section; an entry drawn as a
 * branch belongs to the page above it.
 */
function pagesOf(suggestions: Suggestion[], pages: PageEntry[]): (string | undefined)[] {
  const urls: (string | undefined)[] = [];
  for (const suggestion of suggestions) {
    if (suggestion.inTree || suggestion.path === null) {
      urls.push(urls.at(-1));
      continue;
    }
    const own = pages.find((page) => page.title === suggestion.title && page.breadcrumb === suggestion.path);
    const trail = (page: PageEntry) => (page.breadcrumb ? `${page.breadcrumb} › ${page.title}` : page.title);
    const parent = pages
      .filter((page) => suggestion.path === trail(page) || suggestion.path!.startsWith(`${trail(page)} › `))
      .sort((a, b) => trail(b).length - trail(a).length)[0];
    urls.push((own ?? parent)?.url);
  }
  return urls;
}

async function suggestionsFor(page: Page, query: string): Promise<Suggestion[]> {
  const input = page.locator('.navbar input.navbar__search-input');
  const menu = page.locator('.navbar [class*="dropdownMenu"]');
  await input.fill('');
  await input.fill(query);
  // autocomplete.js renders each keystroke's suggestions when they arrive: wait until they settle.
  let previous = '';
  let stableFor = 0;
  for (let attempt = 0; attempt < 100 && stableFor < 3; attempt++) {
    await page.waitForTimeout(100);
    const current = await menu.innerText().catch(() => '');
    stableFor = current && current === previous ? stableFor + 1 : 0;
    previous = current;
  }
  return page.locator('.navbar [role="option"]').evaluateAll((options) =>
    options.map((option) => ({
      title: (option.querySelector('[class*="hitTitle"]') as HTMLElement | null)?.innerText.trim() ?? '',
      path: (option.querySelector('[class*="hitPath"]') as HTMLElement | null)?.innerText.trim() ?? null,
      inTree: option.querySelector('[class*="hitTree"]') !== null,
    })),
  );
}

for (const {version, start, queries} of queriesByVersion) {
  test(`the ${version} search finds the page a developer looks for among its first three suggestions`, async ({page}) => {
    test.slow(); // One search per query.
    expect(queries.length).toBeGreaterThanOrEqual(20);
    const pages = indexedPages(version);
    await page.goto(start);
    await expectHydrated(page);
    await page.locator('.navbar input.navbar__search-input').click();
    const misses: string[] = [];
    for (const [query, expected] of queries) {
      const url = `/docs/${version}/${expected}`;
      expect(
        pages.map((entry) => entry.url),
        `${url} is indexed`,
      ).toContain(url);
      const firstThree = pagesOf(await suggestionsFor(page, query), pages).slice(0, 3);
      if (!firstThree.includes(url)) misses.push(`"${query}" → ${url}, got ${firstThree.join(', ') || 'nothing'}`);
    }
    expect(misses).toEqual([]);
  });
}
