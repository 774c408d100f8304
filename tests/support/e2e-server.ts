import path from 'node:path';

/**
 * The checkout's own default port, 3210 to 3590 in steps of 20 (the mocks, the stock build and
 * the scale tests' mocks take the same offset in the thousands above): the e2e config reuses a server
 * already listening when not in CI, so two checkouts on one machine (worktrees, a clean clone
 * beside the working one) must not share a port, or one's tests run against the other's build.
 */
function checkoutPort(checkout: string): number {
  let hash = 2166136261;
  for (const character of checkout) hash = Math.imul(hash ^ character.charCodeAt(0), 16777619) >>> 0;
  return 3210 + (hash % 20) * 20;
}

/** The loopback port the e2e tests serve the build on; the API mocks take ports derived from it (sample-runner.ts). */
export const e2ePort = Number(process.env.E2E_PORT ?? checkoutPort(path.resolve(__dirname, '../..')));

/** The port of the stock build's server (playwright.stock.config.ts), clear of the mocks' ports. */
export const stockE2ePort = Number(process.env.E2E_STOCK_PORT ?? e2ePort + 2000);

/**
 * The folder of the build the end-to-end tests are served (the stock run serves build-stock). Read
 * when called: the stock configuration sets it after this module has loaded.
 */
export const e2eBuildDir = (): string => process.env.TESSERA_E2E_BUILD_DIR ?? 'build';
