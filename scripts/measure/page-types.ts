/**
 * The page types the site is measured on, one sample page each, with the performance targets set
 * for them (JS, Lighthouse). `npm run bench` reports against the targets; tests/e2e/budgets.spec.ts enforces byte budgets for the same pages.
 */
export type Targets = {maxJsKB: number; minPerformance: number; minOthers?: number};
export type PageType = {
  id: string;
  label: string;
  path: string;
  /** What the page type must reach (`npm run bench` reports against these). */
  targets: Targets;
  /**
   * The first-load JS budget CI enforces: about 10 % above what the page measured when it was set
   * (never above `targets.maxJsKB`), so that a part of the performance layer that stops applying
   * fails the build instead of hiding under a loose target.
   */
  budgetKB: number;
  status?: number;
  diagram?: boolean;
};

const shellTargets: Targets = {maxJsKB: 150, minPerformance: 98, minOthers: 100};
// Docs pages carry the route table of every page of the site (Docusaurus ships it in main.js) and
// their version's sidebars and list of doc ids: about 95 bytes per docs page, so the target grows
// with the docs (SCALING.md).
const diagramTargets: Targets = {maxJsKB: 200, minPerformance: 95};
const apiTargets: Targets = {maxJsKB: 300, minPerformance: 90};

// Budgets set from these first-load figures (KB, gzip level 9), measured with the generated
// reference pages (error codes, objects, notifications) and the docs list of ids: home 137.3, docs
// root 137.2, not found 136.8, guide 173.7, SDK 172.2, API operation 213.5, V1 API operation 196.7,
// error code 160.0, object 161.1, notifications 171.0.
export const pageTypes: PageType[] = [
  {id: 'home', label: 'Home', path: '/', targets: shellTargets, budgetKB: 150},
  {id: 'docs-root', label: 'Docs root', path: '/docs', targets: shellTargets, budgetKB: 150},
  {id: 'not-found', label: 'Not found', path: '/no-such-page', targets: shellTargets, budgetKB: 150, status: 404},
  {
    id: 'guide',
    label: 'Guide (diagram)',
    path: '/docs/3.0.0/guides/guides/quick_guides/payment_steps/create_payment_session',
    targets: diagramTargets,
    budgetKB: 190,
    diagram: true,
  },
  {id: 'sdk', label: 'SDK (diagram)', path: '/docs/3.0.0/sdk/sdk/locking_sdk', targets: diagramTargets, budgetKB: 190, diagram: true},
  {id: 'api', label: 'API operation', path: '/docs/3.0.0/api/create-session', targets: apiTargets, budgetKB: 235},
  {id: 'api-v1', label: 'V1 API operation', path: '/docs/1.0.0/api/purchase-decision', targets: apiTargets, budgetKB: 215},
  // Pages generated from the OpenAPI files (scripts/reference/): docs pages, held to the guide's
  // budget or, where they measure less, to about 10 % above what they measure.
  {id: 'error-code', label: 'Error code', path: '/docs/3.0.0/errors/cart_totals_mismatch', targets: diagramTargets, budgetKB: 176},
  {id: 'object', label: 'Object', path: '/docs/3.0.0/objects/order-line', targets: diagramTargets, budgetKB: 177},
  {id: 'notifications', label: 'Notifications (code tabs)', path: '/docs/3.0.0/notifications', targets: diagramTargets, budgetKB: 188},
];
