import {defineConfig, devices} from '@playwright/test';
import {chromiumFlags, testChromiumPath} from './config/chromium';
import {e2ePort as port} from './tests/support/e2e-server';
import {mockCommand, mockServers} from './tests/support/sample-runner';
import {exhaustiveTag, fullTier} from './tests/support/test-tiers';
import {nameTestRun} from './tests/support/run-once';

// The workers of one run share the results they compute once (tests/support/run-once.ts).
nameTestRun();

/**
 * End-to-end tests run against the production build (`npm run build`), served by nginx with the
 * shipped configuration (scripts/nginx-server.ts), in Debian's Chromium headless shell
 * (config/chromium.ts): Playwright cannot download its own browser here. Beside it run two mocks
 * of the API (one per OpenAPI file) that the code-sample tests call. `npm test` runs the fast
 * tier; TESSERA_TESTS=full adds the tests tagged @exhaustive (tests/support/test-tiers.ts).
 */

export default defineConfig({
  testDir: './tests/e2e',
  globalTeardown: './tests/support/run-once-teardown.ts',
  grepInvert: fullTier ? undefined : new RegExp(exhaustiveTag),
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Twice the machine's two cores: tests spend part of their time waiting (a network going quiet,
  // HTML sent in pieces, a sample's toolchain starting), which the extra workers fill. The full
  // tier here: 2 workers 610 s with 1.68 cores busy, 3 workers 566 s with 1.87 (one sitting); in a
  // later sitting 3 workers 535 s with 1.90, 4 workers 489 s with 1.93, every test passed.
  workers: 4,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', {open: 'never'}]],
  timeout: 30_000,
  expect: {timeout: 10_000},
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace of every test (DOM snapshots, screencast) to keep the failing ones cost a
    // fifth of the suite's time (tests/e2e/guides and chrome: 139 s with, 110 s without). Rerun a
    // failing test with `--trace on` to get its trace.
    trace: 'off',
    launchOptions: {
      executablePath: testChromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [{name: 'chromium', use: {...devices['Desktop Chrome'], channel: undefined}}],
  webServer: [
    {
      // Started directly with node so that stopping it stops nginx (npx would leave it running);
      // SIGTERM lets the script stop nginx and remove its temporary prefix.
      command: `node --import tsx scripts/nginx-server.ts --port ${port}`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: !process.env.CI,
      gracefulShutdown: {signal: 'SIGTERM', timeout: 5_000},
      timeout: 60_000,
    },
    ...Object.values(mockServers(port)).map((mock) => ({
      command: mockCommand(mock.file, mock.port),
      port: mock.port,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    })),
  ],
});
