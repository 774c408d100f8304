/** The loopback port the e2e tests serve the build on; the API mocks take ports derived from it (sample-runner.ts). */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);

/** The port of the stock build's server (playwright.stock.config.ts), clear of the mocks' ports. */
export const stockE2ePort = Number(process.env.E2E_STOCK_PORT ?? e2ePort + 2000);

/**
 * The folder of the build the end-to-end tests are served (the stock run serves build-stock). Read
 * when called: the stock configuration sets it after this module has loaded.
 */
export const e2eBuildDir = (): string => process.env.TESSERA_E2E_BUILD_DIR ?? 'build';
