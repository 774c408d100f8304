/**
 * The page types of issue 5, one sample page each, with the targets. `npm run bench`
 * reports against the targets; tests/e2e/budgets.spec.ts enforces byte budgets for the same pages.
 */
export type Targets = {maxJsKB: number; minPerformance: number; minOthers?: number};
export type PageType = {id: string; label: string; path: string; targets: Targets; status?: number; diagram?: boolean};

const shellTargets: Targets = {maxJsKB: 150, minPerformance: 98, minOthers: 100};
const diagramTargets: Targets = {maxJsKB: 170, minPerformance: 95};
const apiTargets: Targets = {maxJsKB: 300, minPerformance: 90};

export const pageTypes: PageType[] = [
  {id: 'home', label: 'Home', path: '/', targets: shellTargets},
  {id: 'docs-root', label: 'Docs root', path: '/docs', targets: shellTargets},
  {id: 'not-found', label: 'Not found', path: '/no-such-page', targets: shellTargets, status: 404},
  {id: 'guide', label: 'Guide (diagram)', path: '/docs/3.0.0/guides/guides/quick_guides/payment_steps/create_payment_session', targets: diagramTargets, diagram: true},
  {id: 'sdk', label: 'SDK (diagram)', path: '/docs/3.0.0/sdk/sdk/locking_sdk', targets: diagramTargets, diagram: true},
  {id: 'api', label: 'API operation', path: '/docs/3.0.0/api/create-session', targets: apiTargets},
  {id: 'api-v1', label: 'V1 API operation', path: '/docs/1.0.0/api/purchase-decision', targets: apiTargets},
  // Pages generated from the OpenAPI files (scripts/reference/): docs pages, so the guide's budget.
  {id: 'error-code', label: 'Error code', path: '/docs/3.0.0/errors/cart_totals_mismatch', targets: diagramTargets},
  {id: 'object', label: 'Object', path: '/docs/3.0.0/objects/order-line', targets: diagramTargets},
  {id: 'notifications', label: 'Notifications (code tabs)', path: '/docs/3.0.0/notifications', targets: diagramTargets},
];
