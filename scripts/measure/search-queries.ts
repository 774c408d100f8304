/**
 * What a developer types into the search box, per docs version, and the page that must be among
 * the first three suggestions: topics (names, codes, tasks, with a typo or two, in any letter;
 * questions in plain words; other payment providers' words for the pages'), phrases taken from the
 * pages' text (prose, table cells, the fields of object and error pages), which only a full-text
 * index finds, and names (error codes, field names, an HTTP status with a code's words) whose
 * defining page must be the first suggestion. Pages are given under /docs/<version>/.
 * tests/e2e/search-relevance.spec.ts runs them in the search box; scripts/compare-search-pagefind.ts
 * runs them against Pagefind too.
 */
import type {Page} from '@playwright/test';
export type Query = [query: string, page: string];
export type QuerySet = {version: string; start: string; queries: Query[]};

export const queriesByVersion: QuerySet[] = [
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
      ['signup_declined', 'guides/guides/quick_guides/signup_steps/completed_session'],
      ['error codes', 'errors'],
      ['amount_exceeds_capturable', 'errors/amount_exceeds_capturable'],
      ['OrderLine', 'objects/order-line'],
      ['notification events', 'notifications'],
      // One typo anywhere in a word: the first letters, inside a long word, the last two swapped,
      // and in one word of several.
      ['efund', 'guides/guides/quick_guides/payment_steps/refunding_orders'],
      ['rfund', 'guides/guides/quick_guides/payment_steps/refunding_orders'],
      ['refudn', 'guides/guides/quick_guides/payment_steps/refunding_orders'],
      ['apture', 'api/capture-an-order'],
      ['cpture in parts', 'guides/guides/quick_guides/payment_steps/capturing_orders'],
      ['ignature', 'notifications'],
      ['signture', 'notifications'],
      ['notifcation events', 'notifications'],
      ['authorizaton expired', 'errors/authorization_expired'],
      ['partial rfund', 'guides/guides/quick_guides/payment_steps/refunding_orders'],
      ['idempotency kye', 'guides/guides/quick_guides/payment_steps/create_payment_session'],
      // Questions in plain words: the page answers without the question's words ("how many times").
      ['how many times are webhooks retried', 'notifications'],
      ['how do i capture part of an order', 'guides/guides/quick_guides/payment_steps/capturing_orders'],
      ['how long is a secret valid', 'objects/secret'],
      ['what is the rate limit', 'errors/rate_limit_exceeded'],
      // Other providers' words for the pages' (src/plugins/search-local/sharded-index/reader-words.ts).
      ['webhook retries', 'notifications'],
      ['verify a webhook', 'notifications'],
      ['void an order', 'api/cancel-an-order'],
      ['merchant onboarding', 'guides/guides/quick_guides/signup_steps/signup_quick_guide_intro'],
      ['api credentials', 'guides/guides/additional_guides/authenticate'],
      ['3d secure', 'guides/guides/additional_guides/sandbox_test_data'],
      ['pay by link', 'api/create-a-hosted-payment-page'],
      ['basket', 'objects/cart'],
      ['line item', 'guides/guides/additional_guides/orderLines'],
      ['throttling', 'errors/rate_limit_exceeded'],
      ['saved card', 'api/charge-a-token'],
    ],
  },
  {
    version: '1.0.0',
    start: '/docs/1.0.0/api/tessera-api',
    queries: [
      ['refund an order', 'api/refund-order'],
      ['error codes', 'errors'],
      ['refnd', 'api/refund-order'],
      ['efund an order', 'api/refund-order'],
      ['aptur', 'api/capture-order'],
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
      ['validate response', 'api/send-validate-response'],
      ['sandbox url', 'api/tessera-api'],
      ['deprecated', 'api/tessera-api'],
      ['how do i refund an order', 'api/refund-order'],
      ['void an order', 'api/update-order'],
      ['basket', 'api/update-session'],
    ],
  },
];

/**
 * Phrases from the pages' text, as a reader remembers them, and the page they are from. An object
 * page's field rows also appear on the pages of the objects that embed it (Customer lists
 * billingAddress.careOf): such a phrase names the page that holds it among the first three.
 */
export const phrasesByVersion: QuerySet[] = [
  {
    version: '3.0.0',
    start: '/docs/3.0.0/sdk/sdk/intro',
    queries: [
      ['that reservation is an authorization', 'guides/guides/quick_guides/payment_steps/capturing_orders'],
      ['you cancelled before capturing anything', 'guides/guides/quick_guides/payment_steps/capturing_orders'],
      ['the full amount is authorized nothing is captured', 'guides/guides/quick_guides/payment_steps/capturing_orders'],
      ['the item may have sold out while the shopper was paying', 'guides/guides/additional_guides/decisions'],
      ['makes tessera wait for your decision before it creates the order', 'guides/guides/additional_guides/decisions'],
      ['your long-lived key travels over the network as rarely as possible', 'guides/guides/additional_guides/authenticate'],
      ['simulated no card or bank account is charged', 'guides/guides/additional_guides/authenticate'],
      ['a declined card does not end the session', 'guides/guides/additional_guides/sandbox_test_data'],
      ['steer the simulated issuers banks and risk checks', 'guides/guides/additional_guides/sandbox_test_data'],
      ['a new shipping address costs more to deliver to', 'sdk/sdk/locking_sdk'],
      ['keep locks short', 'sdk/sdk/locking_sdk'],
      ['the SDK releases it and reloads the session', 'sdk/sdk/locking_sdk'],
      ['a signed POST request to a URL you give it', 'notifications'],
      // Field descriptions of object pages.
      ['receipts and payment links are sent here', 'objects/customer'],
      ['mobile phone number in E.164 format', 'objects/customer'],
      ['swedish personnummer', 'objects/customer'],
      ['name of the item as the shopper should see it', 'objects/order-line'],
      ['tessera validates postal codes for the nordic countries', 'objects/address'],
      ['fractional quantities are not supported', 'objects/order-line'],
      ['typically the SKU', 'objects/order-line'],
      // Error pages: when it happens, what to do.
      ['already used within 24 hours with a different body', 'errors/idempotency_key_reused'],
      ['reuse a key only to retry the identical request', 'errors/idempotency_key_reused'],
      ['capture at most the remaining authorized amount', 'errors/amount_exceeds_capturable'],
    ],
  },
  {
    version: '1.0.0',
    start: '/docs/1.0.0/api/tessera-api',
    queries: [
      ['when the customer returns goods', 'api/refund-order'],
      ['grant a goodwill discount', 'api/refund-order'],
      ['the starting point of every V1 purchase', 'api/create-session'],
      ['create one session per checkout attempt', 'api/create-session'],
      ['do not request a token per API call', 'api/get-auth-token'],
      ['a few minutes before the current token expires', 'api/get-auth-token'],
      ['your last chance to check stock, prices and the delivery address', 'api/send-validate-response'],
      ['only the fields present in the body change', 'api/update-order'],
      ['fraud screening stock reservation credit limits', 'api/purchase-decision'],
      ['in automatic mode tessera completes the session', 'api/purchase-decision'],
      ['deliver the link to the customer by SMS', 'api/create-hosted-page'],
      ['a purchase at a store counter', 'api/create-hosted-page'],
      ['store signup.merchant_account_id with the merchant on your platform', 'api/signup-webhook-request'],
      ['tessera appends signup_id', 'api/read-signup'],
      ['sandbox data is isolated from production', 'api/tessera-api'],
      ['sent with HTTP Basic authentication', 'api/tessera-api'],
      ['wait for the Retry-After seconds', 'errors/rate_limited'],
      ['more requests per second than its limit allows', 'errors/rate_limited'],
      ['recalculate the totals from the lines', 'errors/cart_total_mismatch'],
      ['the cart totals do not equal the sum of its lines', 'errors/cart_total_mismatch'],
    ],
  },
];

/**
 * Names a reader types to find where a thing is defined: an error code, a field of an object. The
 * page that defines it (its error page, the page of an object with that field) must be the first
 * suggestion, above the guides that use the name.
 */
export const definitionsByVersion: {version: string; start: string; queries: [query: string, pages: string[]][]}[] = [
  {
    version: '3.0.0',
    start: '/docs/3.0.0/guides/guides/quick_guides/payment_steps/refunding_orders',
    queries: [
      ['refund_window_closed', ['errors/refund_window_closed']],
      ['order_not_capturable', ['errors/order_not_capturable']],
      ['payment_declined', ['errors/payment_declined']],
      ['idempotency_key_reused', ['errors/idempotency_key_reused']],
      ['merchantAccountId', ['objects/session']],
      ['capturedAmount', ['objects/order']],
      ['refundedAmount', ['objects/capture', 'objects/order']],
      ['postalCode', ['objects/address']],
      ['careOf', ['objects/address']],
      ['statusReason', ['objects/session']],
      ['clientToken', ['objects/session']],
      ['unitPrice', ['objects/order-line']],
      // An HTTP status with the words of a code: the error page (its keywords are its status and title).
      ['401 secret expired', ['errors/secret_expired']],
      ['422 refund', ['errors/amount_exceeds_refundable']],
      ['429', ['errors/rate_limit_exceeded']],
      // A constraint in an object's own words: the object's page, which says it in its lead.
      ['at most 20 keys', ['objects/metadata']],
      // A question about a code: its page, not the guides that say "means".
      ['what does secret_expired mean', ['errors/secret_expired']],
    ],
  },
];

/**
 * Waits until the search box's suggestions stop changing: autocomplete.js renders each answer when
 * it arrives (a keystroke's, then the one after more of the index has loaded), replacing the
 * options a click may be about to land on. Settled: the same text three looks 100 ms apart.
 */
export async function suggestionsSettled(page: Page): Promise<void> {
  const menu = page.locator('.navbar [class*="dropdownMenu"]');
  let previous = '';
  let stableFor = 0;
  for (let attempt = 0; attempt < 100 && stableFor < 3; attempt++) {
    await page.waitForTimeout(100);
    const current = await menu.innerText().catch(() => '');
    stableFor = current && current === previous ? stableFor + 1 : 0;
    previous = current;
  }
}

/** The pages the search box suggests for a query, in order: the address each suggestion links to. */
export async function suggestionsFor(page: Page, query: string): Promise<string[]> {
  const input = page.locator('.navbar input.navbar__search-input');
  await input.fill('');
  await input.fill(query);
  await suggestionsSettled(page);
  return page
    .locator('.navbar [role="option"]')
    .evaluateAll((options) => options.map((option) => new URL((option as HTMLAnchorElement).href).pathname));
}
