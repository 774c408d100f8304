/**
 * src/plugins/openapi-docs/server-shared-chunk.ts: the server bundle keeps what its route chunks
 * share in one chunk. Compiles two lazily loaded pages that import the same module, as Docusaurus
 * configures the server bundle (no split chunks) and with the option, and checks that Docusaurus
 * still builds it that way and that the OpenAPI plugin carries the option for the server only.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {rspack, type Stats} from '@rspack/core';
import type {LoadContext} from '@docusaurus/types';
import {openApiPluginOptions} from '../../config/openapi';
import openApiDocsPlugin from '../../src/plugins/openapi-docs';
import {serverSharedChunk} from '../../src/plugins/openapi-docs/server-shared-chunk';

const siteDir = path.resolve(import.meta.dirname, '../..');
const sharedText = 'the theme both pages render';

/**
 * Bundles an entry that loads two pages lazily, each importing ./theme.js, for Node as the server
 * bundle is; returns each output file's text, and what the entry renders when run.
 */
async function serverBundle(splitChunks: false | object): Promise<{files: Record<string, string>; rendered: string}> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'server-chunks-'));
  try {
    writeFileSync(path.join(dir, 'theme.js'), `module.exports = (page) => ${JSON.stringify(sharedText)} + ': ' + page;\n`);
    for (const page of ['a', 'b']) writeFileSync(path.join(dir, `${page}.js`), `module.exports = require('./theme.js')('${page}');\n`);
    writeFileSync(
      path.join(dir, 'entry.js'),
      "module.exports = () => Promise.all([import('./a.js'), import('./b.js')]).then((pages) => pages.map((page) => page.default).join(' | '));\n",
    );
    const compiler = rspack({
      mode: 'production',
      target: 'node',
      context: dir,
      entry: './entry.js',
      output: {path: path.join(dir, 'out'), filename: 'server.bundle.js', libraryTarget: 'commonjs2'},
      optimization: {minimize: false, splitChunks: splitChunks as false},
    });
    const stats = await new Promise<Stats>((resolve, reject) =>
      compiler.run((error, result) => (error || !result ? reject(error ?? new Error('no stats')) : resolve(result))),
    );
    await new Promise<void>((resolve) => compiler.close(() => resolve()));
    assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
    const out = path.join(dir, 'out');
    const files = Object.fromEntries(readdirSync(out).map((name) => [name, readFileSync(path.join(out, name), 'utf8')]));
    const render = createRequire(import.meta.url)(path.join(out, 'server.bundle.js')) as () => Promise<string>;
    return {files, rendered: await render()};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

const holdingShared = (files: Record<string, string>) => Object.keys(files).filter((name) => files[name]!.includes(sharedText));

test('Docusaurus still builds the server bundle without split chunks, so the option is needed', () => {
  const base = readFileSync(path.join(siteDir, 'node_modules/@docusaurus/core/lib/webpack/base.js'), 'utf8');
  assert.match(base, /splitChunks: isServer\s*\?\s*false/, 'Docusaurus now splits the server bundle: the option may be redundant');
});

test('without the option each page chunk carries the shared module; with it one chunk does, and the pages render the same', async () => {
  const upstream = await serverBundle(false);
  assert.equal(holdingShared(upstream.files).length, 2, `a copy in each page's chunk: ${holdingShared(upstream.files).join(', ')}`);
  const option = serverSharedChunk(true).optimization!.splitChunks;
  const shared = await serverBundle(option);
  const holders = holdingShared(shared.files);
  assert.equal(holders.length, 1, `one copy: ${holders.join(', ')}`);
  // The entry, the two pages and the chunk they share.
  assert.deepEqual([Object.keys(upstream.files).length, Object.keys(shared.files).length], [3, 4]);
  assert.equal(shared.rendered, upstream.rendered);
  assert.equal(shared.rendered, `${sharedText}: a | ${sharedText}: b`);
});

test('the OpenAPI plugin gives the option to the server bundle only', async () => {
  const context = {siteDir, siteConfig: {presets: [], plugins: []}} as unknown as LoadContext;
  const plugin = await openApiDocsPlugin(context, openApiPluginOptions);
  const configure = plugin.configureWebpack as unknown as (config: object, isServer: boolean) => {optimization?: unknown};
  assert.deepEqual(configure({}, true).optimization, serverSharedChunk(true).optimization);
  assert.equal(configure({}, false).optimization, undefined);
});
