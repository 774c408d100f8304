/**
 * src/plugins/route-chunks-in-html: the manifest entries that let Docusaurus list a page's route
 * chunks in its HTML, and the upstream behaviour that makes them necessary.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import routeChunksInHtmlPlugin, {withImportOrigins, type ClientManifest} from '../../src/plugins/route-chunks-in-html';
import config from '../../docusaurus.config';

const manifest: ClientManifest = {
  entrypoints: ['main'],
  origins: {main: [7, 'main'], '5e95c892': [1248, '5e95c892']},
  assets: {},
};

test('the plugin is configured', () => {
  assert.ok(config.plugins?.includes('./src/plugins/route-chunks-in-html/index.ts'));
});

test('only the production browser build gets the manifest rewrite: `docusaurus start` writes no manifest', () => {
  const plugin = routeChunksInHtmlPlugin({generatedFilesDir: '/tmp/generated'});
  const configure = (mode: string, isServer: boolean) =>
    (plugin.configureWebpack as unknown as (config: {mode: string}, isServer: boolean) => {plugins?: unknown[]})({mode}, isServer);
  assert.equal(configure('production', false).plugins?.length, 1);
  assert.deepEqual(configure('production', true), {});
  assert.deepEqual(configure('development', false), {});
});

test("each dynamic import's request maps to the chunks it loads", () => {
  const result = withImportOrigins(manifest, [
    {request: '@site/docs/sdk/sdk/locking_sdk.mdx', chunkIds: [1248, '5e95c892']},
    {request: '@theme/DocRoot', chunkIds: ['a94703ab']},
  ]);
  assert.deepEqual(result.origins['@site/docs/sdk/sdk/locking_sdk.mdx'], [1248, '5e95c892']);
  assert.deepEqual(result.origins['@theme/DocRoot'], ['a94703ab']);
});

test("the addon's own entries and the input manifest stay as they were", () => {
  const result = withImportOrigins(manifest, [{request: 'main', chunkIds: [99]}]);
  assert.deepEqual(result.origins.main, [7, 'main']);
  assert.deepEqual(result.origins['5e95c892'], [1248, '5e95c892']);
  assert.equal(manifest.origins['@theme/DocRoot'], undefined);
  assert.equal(Object.keys(manifest.origins).length, 2);
});

test('a request imported from several places gets every chunk once', () => {
  const result = withImportOrigins(manifest, [
    {request: '@theme/DocItem', chunkIds: [3790, 'c6f8de78']},
    {request: '@theme/DocItem', chunkIds: ['c6f8de78', 9417]},
  ]);
  assert.deepEqual(result.origins['@theme/DocItem'], [3790, 'c6f8de78', 9417]);
});

test('upstream: the server render reports module requests, the addon keys chunks by name, and the template gets what getBundles finds', () => {
  const core = path.dirname(require.resolve('@docusaurus/core/package.json'));
  const componentCreator = readFileSync(path.join(core, 'lib/client/exports/ComponentCreator.js'), 'utf8');
  // The module reported for a route chunk is the registry's second entry: the import's request.
  assert.match(componentCreator, /modules\.push\(chunkRegistry\[1\]\);/);
  const addon = readFileSync(require.resolve('react-loadable-ssr-addon-v5-slorber/lib/ReactLoadableSSRAddon.js'), 'utf8');
  assert.match(addon, /if \(!WEBPACK_5\) \{/);
  assert.match(addon, /return \[names\[0\] \|\| id\];/);
  const ssgTemplate = readFileSync(path.join(core, 'lib/ssg/ssgTemplate.js'), 'utf8');
  assert.match(ssgTemplate, /getBundles\)\(manifest, modulesToBeLoaded\)/);
  // The plugin rewrites the file Docusaurus hands the addon, after the addon has written it.
  assert.match(
    readFileSync(path.join(core, 'lib/webpack/client.js'), 'utf8'),
    /path_1\.default\.join\(generatedFilesDir, 'client-manifest\.json'\)/,
  );
  assert.match(addon, /compiler\.hooks\.emit\.tapAsync/);
});
