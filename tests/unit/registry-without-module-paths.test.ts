/**
 * src/plugins/registry-without-module-paths: the browser's route registry keeps each chunk's
 * `import()` and module id and loses only the module path, which nothing in the browser reads.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import registryWithoutModulePathsPlugin, {loaderPath} from '../../src/plugins/registry-without-module-paths';

const siteDir = path.resolve(import.meta.dirname, '../..');
const {blankModulePaths} = createRequire(import.meta.url)(loaderPath) as {blankModulePaths: (source: string) => string};
const core = (file: string) => readFileSync(path.join(siteDir, 'node_modules/@docusaurus/core/lib', file), 'utf8');

const entry = (chunk: string, modulePath: string) =>
  `  "${chunk}": [() => import(/* webpackChunkName: "${chunk}" */ "${modulePath}"), "${modulePath}", require.resolveWeak("${modulePath}")],`;

test('Docusaurus writes each registry entry as import, module path, module id', () => {
  assert.ok(
    core('server/codegen/codegenRoutes.js').includes(
      '`  "${chunkName}": [() => import(/* webpackChunkName: "${chunkName}" */ "${modulePath}"), "${modulePath}", require.resolveWeak("${modulePath}")],`',
    ),
  );
});

test('in the browser only react-loadable receives the module path, which reports it to a server render alone', () => {
  const componentCreator = core('client/exports/ComponentCreator.js');
  assert.match(componentCreator, /modules\.push\(chunkRegistry\[1\]\);/);
  assert.equal(componentCreator.match(/chunkRegistry\[1\]/g)?.length, 1);
  // react-loadable reads `modules` only inside a Loadable.Capture, which only the server render sets up.
  const loadable = readFileSync(path.join(siteDir, 'node_modules/react-loadable/lib/index.js'), 'utf8');
  assert.match(
    loadable,
    /if \(this\.context && Array\.isArray\(opts\.modules\)\) \{\s*opts\.modules\.forEach\(function \(moduleName\) \{\s*_this2\.context\.report\(moduleName\);/,
  );
  assert.match(loadable, /var LoadableCaptureContext = React\.createContext\(null\);/);
});

test('the loader blanks every module path and keeps the import and the module id', () => {
  const registry = [
    'export default {',
    entry('00fc453f', '@site/docs/api/create-session.api.mdx'),
    entry('1df93b7f', '@site/src/pages/index.tsx'),
    '};',
    '',
  ].join('\n');
  const blanked = blankModulePaths(registry);
  assert.equal(blanked.match(/, "", require\.resolveWeak\(/g)?.length, 2);
  assert.ok(blanked.includes('import(/* webpackChunkName: "00fc453f" */ "@site/docs/api/create-session.api.mdx")'));
  assert.ok(blanked.includes('require.resolveWeak("@site/src/pages/index.tsx")]'));
  assert.equal(blanked.match(/"@site\/docs\/api\/create-session\.api\.mdx"/g)?.length, 2);
});

test('a registry the loader cannot read fails the build', () => {
  assert.throws(
    () => blankModulePaths(`export default {\n  "a": [() => import("@site/x.mdx"), "@site/x.mdx", 1],\n};`),
    /0 of 1 registry entries/,
  );
});

test('only the production browser build reads the registry through the loader', () => {
  const configure = registryWithoutModulePathsPlugin({generatedFilesDir: '/site/.docusaurus'}).configureWebpack as unknown as (
    config: {mode: string},
    isServer: boolean,
  ) => {module?: {rules: {test: string}[]}};
  assert.equal(configure({mode: 'production'}, false).module?.rules[0]?.test, '/site/.docusaurus/registry.js');
  assert.deepEqual(configure({mode: 'production'}, true), {});
  assert.deepEqual(configure({mode: 'development'}, false), {});
});
