/** The loopback port the e2e tests serve the build on; the API mocks take ports derived from it (sample-runner.ts). */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);

/** The port of the stock build's server (playwright.stock.config.ts), clear of the mocks' ports. */
export const stockE2ePort = Number(process.env.E2E_STOCK_PORT ?? e2ePort + 2000);
