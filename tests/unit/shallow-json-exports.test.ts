/**
 * src/plugins/openapi-docs/shallow-json-exports.ts: the bundler records a JSON module's top-level keys
 * only. Compiles a JSON import with Rspack as Docusaurus runs it in production, with and without the
 * option, and checks that the OpenAPI plugin carries it.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {rspack, type Configuration, type Stats} from '@rspack/core';
import type {LoadContext} from '@docusaurus/types';
import {openApiPluginOptions} from '../../config/openapi';
import openApiDocsPlugin, {openApiDocs} from '../../src/plugins/openapi-docs';
import {jsonExportsDepth, shallowJsonExports} from '../../src/plugins/openapi-docs/shallow-json-exports';

/** Bundles `source` (which imports ./data.json) in production mode and returns the output. */
async function bundled(source: string, json: object, module?: Configuration['module']): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'json-exports-'));
  try {
    writeFileSync(path.join(dir, 'entry.js'), source);
    writeFileSync(path.join(dir, 'data.json'), JSON.stringify(json));
    const compiler = rspack({
      mode: 'production',
      context: dir,
      entry: './entry.js',
      output: {path: path.join(dir, 'out'), filename: 'main.js'},
      optimization: {minimize: false},
      module,
    });
    const stats = await new Promise<Stats>((resolve, reject) =>
      compiler.run((error, result) => (error || !result ? reject(error ?? new Error('no stats')) : resolve(result))),
    );
    await new Promise<void>((resolve) => compiler.close(() => resolve()));
    assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
    return readFileSync(path.join(dir, 'out/main.js'), 'utf8');
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

const data = {schema: {readKey: 'kept-when-read', unreadKey: 'kept-when-whole'}, other: 'top-level'};
const readsOneNestedKey = "import data from './data.json';\nconsole.log(data.schema.readKey);\n";

test('Rspack still records nested JSON keys by default in production, so the option is needed', async () => {
  const output = await bundled(readsOneNestedKey, data);
  assert.match(output, /kept-when-read/);
  // Deep records let the bundler leave out a nested key no code reads: the memory the plugin saves.
  assert.doesNotMatch(output, /kept-when-whole/, 'Rspack no longer tracks nested JSON keys by default: the plugin may be redundant');
});

test('with the plugin the bundler records top-level keys only, and a module read whole is bundled whole either way', async () => {
  const configured: Configuration = shallowJsonExports();
  assert.equal(jsonExportsDepth, 1);
  const shallow = await bundled(readsOneNestedKey, data, configured.module);
  // The option reached the parser: the nested key no code reads is kept.
  assert.match(shallow, /kept-when-whole/, 'Rspack ignored module.parser.json.exportsDepth');
  // Top-level keys are still recorded: an unread one still goes.
  assert.doesNotMatch(shallow, /top-level/);
  // What the site does (spread a JSON module into a component's props): the same bytes with and without.
  const readsWhole = "console.log({...require('./data.json')});\n";
  assert.equal(await bundled(readsWhole, data, configured.module), await bundled(readsWhole, data));
});

test('the OpenAPI plugin carries the option, and the upstream plugin still configures no bundler option of its own', async () => {
  const context = {siteDir: process.cwd(), siteConfig: {presets: [], plugins: []}} as unknown as LoadContext;
  const upstream = await openApiDocs.default(context, openApiPluginOptions as never);
  assert.equal(upstream.configureWebpack, undefined);
  const plugin = await openApiDocsPlugin(context, openApiPluginOptions);
  assert.equal(plugin.name, upstream.name);
  const configure = plugin.configureWebpack as unknown as (config: object, isServer: boolean) => {module?: unknown};
  for (const isServer of [false, true]) assert.deepEqual(configure({}, isServer).module, shallowJsonExports().module);
});
