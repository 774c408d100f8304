/**
 * Builds the site without the performance layer (config/performance-layer.ts) into build-stock/,
 * for telling whether a bug comes from the layer: `npm run build:stock`, then
 * `npx tsx scripts/nginx-server.ts --root build-stock`. `npm test` runs the route and privacy
 * tests against it (playwright.stock.config.ts).
 *
 * build/ stays as it was. The API pages are generated in the plugin's own format for the stock
 * build, then generated again for the normal one, which `npm start` and the unit tests read. The
 * stock build skips the bundler's persistent cache: the normal build's modules were compiled
 * against the layer's aliases, and the stock build's would evict them.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {stockSwitch} from '../config/performance-layer';

const siteDir = path.resolve(import.meta.dirname, '..');
export const stockOutDir = 'build-stock';

const stockEnv = {...process.env, [stockSwitch]: '1', DOCUSAURUS_NO_PERSISTENT_CACHE: '1'};
const normalEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== stockSwitch));

function run(args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(process.execPath, args, {cwd: siteDir, env, stdio: 'inherit'});
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed with exit code ${result.status}`);
}

const tsx = (script: string, ...args: string[]) => ['--import', 'tsx', path.join('scripts', script), ...args];

try {
  run(tsx('generate-api-docs.ts'), stockEnv);
  run(tsx('generate-postman-collections.ts'), stockEnv);
  run([path.join('node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', stockOutDir], stockEnv);
  // The same response headers as production, with the script hashes of the stock pages.
  run(tsx('write-host-headers.ts', '--root', stockOutDir), stockEnv);
} finally {
  run(tsx('generate-api-docs.ts'), normalEnv);
}
