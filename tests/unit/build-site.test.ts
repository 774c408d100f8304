/**
 * scripts/build-site.ts: `npm run build` bundles in one process and renders in another, through
 * two environment variables of Docusaurus's build. This fails when an upgrade renames them or
 * changes what they skip, and checks that the build script and the benches go through it.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {buildSteps} from '../../scripts/build-site';

const siteDir = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(siteDir, file), 'utf8');

test("Docusaurus's build still exits after bundling, and skips bundling and clearing the output, on its two variables", () => {
  const buildLocale = read('node_modules/@docusaurus/core/lib/commands/build/buildLocale.js');
  const [bundle, render] = buildSteps;
  assert.deepEqual(Object.keys(bundle.env), ['DOCUSAURUS_EXIT_AFTER_BUNDLING']);
  assert.deepEqual(Object.keys(render.env), ['DOCUSAURUS_SKIP_BUNDLING']);
  assert.match(buildLocale, /const ExitAfterBundling = process\.env\.DOCUSAURUS_EXIT_AFTER_BUNDLING === 'true';/);
  assert.match(buildLocale, /const SkipBundling = process\.env\.DOCUSAURUS_SKIP_BUNDLING === 'true';/);
  // The rendering process keeps the first one's output (the server bundle and the assets) and does not bundle again.
  assert.match(buildLocale, /SkipBundling \? undefined : \(0, clearPath_1\.default\)\(outDir\)/);
  assert.match(buildLocale, /if \(SkipBundling\) \{[\s\S]*?\}\s*else \{[\s\S]*?compile\)\(/);
  // The bundling process stops before the pages render and before the server bundle is deleted.
  const exitAt = buildLocale.search(/if \(ExitAfterBundling\) \{\s*return process\.exit\(0\);/);
  assert.ok(
    exitAt > 0 && exitAt < buildLocale.indexOf('executeSSG') && exitAt < buildLocale.indexOf('cleanupServerBundle(serverBundlePath)'),
  );
  // The client manifest the rendering reads is in the generated files, not the output folder the bundling writes.
  assert.match(
    read('node_modules/@docusaurus/core/lib/webpack/client.js'),
    /clientManifestPath = path_1\.default\.join\(generatedFilesDir, 'client-manifest\.json'\)/,
  );
});

test('npm run build and the benches that build the site go through the two-process build', () => {
  const scripts = (JSON.parse(read('package.json')) as {scripts: Record<string, string>}).scripts;
  assert.equal(scripts.build, 'tsx scripts/build-site.ts');
  for (const file of ['scripts/bench-scale.ts', 'scripts/build-stock.ts', 'scripts/bench-ledger.ts']) {
    const source = read(file);
    assert.match(source, /build-site\.ts/, file);
    assert.doesNotMatch(source, /docusaurus\.mjs['"]?\)?, 'build'/, `${file} runs docusaurus build itself`);
  }
});
