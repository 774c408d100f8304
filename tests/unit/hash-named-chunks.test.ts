/**
 * src/plugins/hash-named-chunks: lazily loaded chunks are named by their content hash alone, so
 * the runtime every page loads has no map from chunk id to chunk name.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import hashNamedChunksPlugin, {chunkFilename} from '../../src/plugins/hash-named-chunks';

const siteDir = path.resolve(import.meta.dirname, '../..');

test('Docusaurus names lazily loaded chunks by chunk name and content hash', () => {
  const base = readFileSync(path.join(siteDir, 'node_modules/@docusaurus/core/lib/webpack/base.js'), 'utf8');
  assert.match(base, /chunkFilename: isProd\s*\? 'assets\/js\/\[name\]\.\[contenthash:8\]\.js'/);
});

test('the production browser build names them by content hash only; the server build and `docusaurus start` are left alone', () => {
  const configure = hashNamedChunksPlugin().configureWebpack as unknown as (config: {mode: string}, isServer: boolean) => object;
  assert.deepEqual(configure({mode: 'production'}, false), {output: {chunkFilename}});
  assert.doesNotMatch(chunkFilename, /\[name\]/);
  assert.match(chunkFilename, /^assets\/js\/\[contenthash:8\]\.js$/);
  assert.deepEqual(configure({mode: 'production'}, true), {});
  assert.deepEqual(configure({mode: 'development'}, false), {});
});
