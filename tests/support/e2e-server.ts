/** The loopback port the e2e tests serve the build on; the API mocks take ports derived from it (sample-runner.ts). */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);
