/**
 * `npm run build`: `docusaurus build` in two processes, one after the other: the first bundles and
 * exits (DOCUSAURUS_EXIT_AFTER_BUNDLING), the second renders the pages from that bundle and runs
 * the plugins' postBuild (DOCUSAURUS_SKIP_BUNDLING). Arguments go to both (`--out-dir DIR`).
 *
 * Why: Rspack keeps the memory it bundled with until its process ends (about 3 GB with GitHub's
 * file added, while the JavaScript heap was 0.4 GB), and in one process the rendering threads and
 * the postBuild work (the Markdown twins, the search index) came on top of it: 4.7 GB max RSS
 * with GitHub's file, over the 4 GB budget (SCALING.md). Each process now has only its own
 * step's memory. Everything the second needs from the first is on disk: the server bundle
 * (outDir/__server, which the second deletes once rendered), the client manifest in .docusaurus/
 * and the emitted assets. The cost is loading the site config and content twice (about 10 s).
 *
 * Both variables are Docusaurus's own (@docusaurus/core/lib/commands/build/buildLocale.js);
 * config/upstream-modifications.ts lists this, and tests/unit/build-site.test.ts fails if they go.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';

const siteDir = path.resolve(import.meta.dirname, '..');
const docusaurusBin = path.join(siteDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');

/** The two steps, each the environment of one `docusaurus build` process. */
export const buildSteps = [
  {name: 'bundle', env: {DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true'}},
  {name: 'render', env: {DOCUSAURUS_SKIP_BUNDLING: 'true'}},
] as const;

/** Runs both steps with `args` after `docusaurus build`; the exit code of the first that fails, else 0. */
export function buildSite(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  for (const step of buildSteps) {
    const result = spawnSync(process.execPath, [docusaurusBin, 'build', ...args], {
      cwd: siteDir,
      env: {...env, ...step.env},
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      console.error(`docusaurus build (${step.name} step) failed with exit code ${result.status ?? result.signal}`);
      return result.status ?? 1;
    }
  }
  return 0;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.exit(buildSite(process.argv.slice(2)));
}
