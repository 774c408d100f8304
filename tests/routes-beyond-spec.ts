/**
 * Pages the site has beyond the routes spec section 2 lists (tests/spec-routes.ts keeps exactly
 * the spec's list). The e2e tests that walk the spec's pages walk these too, with the budgets of
 * their page kind.
 */
const v3 = '/docs/3.0.0';

/** Read operations: a reader must be able to read back every order, capture, refund and hosted page. */
export const v3ReadOperationPages = ['read-an-order', 'read-a-capture', 'read-a-refund', 'read-a-hosted-payment-page'];

/** The sandbox's test helpers: operations that play the shopper, the applicant's review and the clock, and their tag's page. */
export const v3TestHelperPages = [
  'complete-session',
  'decline-session',
  'cancel-session',
  'approve-signup',
  'reject-signup',
  'advance-sandbox-clock',
];
export const v3TestHelperTagPage = 'test-helpers';

/** V1's test helpers, for V1 integrations tested before they migrate: the customer who pays, the applicant who submits, the clock. */
export const v1TestHelperPages = ['pay-checkout-session', 'submit-signup', 'advance-sandbox-clock'];
export const v1TestHelperTagPage = 'test-helpers';

export const v3AdditionalGuidesBeyondSpec = ['sandbox_test_data'];

export const v3GuideRoutesBeyondSpec = v3AdditionalGuidesBeyondSpec.map((page) => `${v3}/guides/guides/additional_guides/${page}`);
export const v3ApiRoutesBeyondSpec = [...v3ReadOperationPages, ...v3TestHelperPages].map((page) => `${v3}/api/${page}`);

export const v1ApiRoutesBeyondSpec = v1TestHelperPages.map((page) => `/docs/1.0.0/api/${page}`);

export const allRoutesBeyondSpec = [...v3GuideRoutesBeyondSpec, ...v3ApiRoutesBeyondSpec, ...v1ApiRoutesBeyondSpec];
