/**
 * Builds the site without the performance layer (config/performance-layer.ts) into build-stock/,
 * for telling whether a bug comes from the layer: `npm run build:stock`, then
 * `npx tsx scripts/nginx-server.ts --root build-stock`. `npm test` runs the route and privacy
 * tests against it (playwright.stock.config.ts).
 *
 * It builds from a copy of the site in a temporary folder (the sources, not node_modules, which
 * it links, nor the builds), where it generates the API pages in the plugin's own format. The
 * working tree is never changed, so the stock build can run beside anything that reads or
 * regenerates it (`npm run test:full` runs it beside the scale tests), and build/ stays as it was.
 * The stock build skips the bundler's persistent cache: the normal build's modules were compiled
 * against the layer's aliases, and the stock build's would evict them.
 */
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {stockSwitch} from '../config/performance-layer';

const siteDir = path.resolve(import.meta.dirname, '..');
export const stockOutDir = 'build-stock';

/** What the copy leaves out: dependencies (linked instead), history, builds and test output. */
const notCopied = new Set(['node_modules', '.git', '.docusaurus', 'test-results', 'playwright-report', 'playwright-report-stock']);
const isCopied = (name: string) => !notCopied.has(name) && !/^build(-|$)/.test(name);

const stockEnv = {...process.env, [stockSwitch]: '1', DOCUSAURUS_NO_PERSISTENT_CACHE: '1'};

const copyDir = mkdtempSync(path.join(os.tmpdir(), 'tessera-stock-'));
const outDir = path.join(siteDir, stockOutDir);

function run(args: string[]): void {
  const result = spawnSync(process.execPath, args, {cwd: copyDir, env: stockEnv, stdio: 'inherit'});
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed with exit code ${result.status}`);
}

const tsx = (script: string, ...args: string[]) => ['--import', 'tsx', path.join('scripts', script), ...args];

try {
  for (const name of readdirSync(siteDir).filter(isCopied))
    cpSync(path.join(siteDir, name), path.join(copyDir, name), {recursive: true, verbatimSymlinks: true});
  symlinkSync(path.join(siteDir, 'node_modules'), path.join(copyDir, 'node_modules'), 'dir');
  run(tsx('generate-api-docs.ts'));
  run(tsx('generate-postman-collections.ts'));
  run(tsx('build-site.ts', '--out-dir', outDir));
  // The same response headers as production, with the script hashes of the stock pages.
  run(tsx('write-host-headers.ts', '--root', outDir));
} finally {
  rmSync(copyDir, {recursive: true, force: true});
}
