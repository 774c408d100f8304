import {defineConfig} from '@playwright/test';
import baseConfig from './playwright.config';
import {stockE2ePort as port} from './tests/support/e2e-server';

// Tests that read the served build from disk read this one (tests/support/e2e-server.ts); set
// here, where the runner and its workers both load the configuration.
const buildDir = 'build-stock';
process.env.TESSERA_E2E_BUILD_DIR = buildDir;

/**
 * The route, privacy and mobile-menu focus tests against the build without the performance layer
 * (`npm run build:stock`, config/performance-layer.ts), served by nginx like the main build: the
 * specification holds for stock Docusaurus and OpenAPI theme behaviour too, so a failure here
 * that the main run lacks is not the layer's.
 */
export default defineConfig({
  ...baseConfig,
  testMatch: ['routes.spec.ts', 'privacy.spec.ts', 'mobile-menu-focus.spec.ts'],
  outputDir: 'test-results/stock',
  reporter: process.env.CI ? [['list']] : [['list'], ['html', {open: 'never', outputFolder: 'playwright-report-stock'}]],
  use: {...baseConfig.use, baseURL: `http://127.0.0.1:${port}`},
  projects: baseConfig.projects?.map((project) => ({...project, name: `${project.name}-stock`})),
  webServer: {
    command: `node --import tsx scripts/nginx-server.ts --port ${port} --root ${buildDir}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    gracefulShutdown: {signal: 'SIGTERM', timeout: 5_000},
    timeout: 60_000,
  },
});
