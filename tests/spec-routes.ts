/**
 * Every route that spec section 2 lists, written out. tests/unit/spec-routes.test.ts checks this
 * list against the spec text; the e2e route tests request each one.
 */
const v3 = '/docs/3.0.0';
const v1 = '/docs/1.0.0';

export const generalRoutes = ['/', '/markdown-page', '/docs'];

export const v3ApiPages = [
  'authentication',
  'tessera-api',
  'cancel-an-order',
  'capture-an-order',
  'charge-a-token',
  'create-a-hosted-payment-page',
  'create-session',
  'deactivate-token',
  'generate-a-secret',
  'get-token',
  'hosted-page',
  'make-decision',
  'order-management',
  'patch-token',
  'read-session',
  'refund-a-capture',
  'session-management',
  'tokenized-payment-methods',
  'update-cart',
  'update-metadata',
  'update-references',
  'update-session',
];

export const v3CategoryPages = ['tessera-documentation', 'quick-guides'];
export const v3AdditionalGuides = ['authenticate', 'decisions', 'orderLines', 'payment_methods', 'prefills'];
export const v3PaymentSteps = [
  'create_payment_session',
  'load_the_client',
  'manage_the_session',
  'completed_session',
  'capturing_orders',
  'refunding_orders',
];
export const v3SignupSteps = ['signup_quick_guide_intro', 'create_signup_session', 'loading_the_client', 'completed_session'];
export const v3SdkPages = ['intro', 'initializing_sdk', 'locking_sdk', 'update_events'];

export const v1ApiPages = [
  'authentication',
  'tessera-api',
  'capture-order',
  'checkout',
  'create-hosted-page',
  'create-session',
  'create-signup',
  'get-auth-token',
  'get-auth-token-for-session',
  'get-signup-session-auth',
  'hosted-page',
  'order-management',
  'patch-checkout-session',
  'purchase-decision',
  'read-session',
  'read-signup',
  'refund-order',
  'send-validate-response',
  'signup',
  'signup-webhook-request',
  'update-order',
  'update-session',
];

/** Tag and info pages: the API pages that are not one operation. */
export const v3ApiOverviewPages = [
  'tessera-api',
  'authentication',
  'session-management',
  'order-management',
  'hosted-page',
  'tokenized-payment-methods',
];
export const v1ApiOverviewPages = ['tessera-api', 'authentication', 'checkout', 'order-management', 'hosted-page', 'signup'];

export const v3GuideRoutes = [
  ...v3AdditionalGuides.map((page) => `${v3}/guides/guides/additional_guides/${page}`),
  ...v3PaymentSteps.map((page) => `${v3}/guides/guides/quick_guides/payment_steps/${page}`),
  ...v3SignupSteps.map((page) => `${v3}/guides/guides/quick_guides/signup_steps/${page}`),
  ...v3SdkPages.map((page) => `${v3}/sdk/sdk/${page}`),
];

export const v3ApiRoutes = v3ApiPages.map((page) => `${v3}/api/${page}`);
export const v1ApiRoutes = v1ApiPages.map((page) => `${v1}/api/${page}`);

export const allSpecRoutes = [
  ...generalRoutes,
  ...v3CategoryPages.map((page) => `${v3}/category/${page}`),
  ...v3GuideRoutes,
  ...v3ApiRoutes,
  ...v1ApiRoutes,
];
