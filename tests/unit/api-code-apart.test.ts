/**
 * src/plugins/api-code-apart: the split-chunks group that keeps what only API operation pages
 * share out of Docusaurus's `common` chunk, and the upstream behaviour that makes it necessary.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import apiCodeApartPlugin, {
  cacheGroupName,
  countOperationPages,
  onlyOnOperationPages,
  sharedGroupName,
  sharedWithFewOtherPages,
  operationPageMarker,
  type ChunkGraphLike,
  type ChunkLike,
  type ModuleLike,
} from '../../src/plugins/api-code-apart';

const siteDir = path.resolve(import.meta.dirname, '../..');

test("Docusaurus's `common` group takes what half of the chunks share, whatever pages they belong to", () => {
  const base = readFileSync(path.join(siteDir, 'node_modules/@docusaurus/core/lib/webpack/base.js'), 'utf8');
  assert.match(base, /common: \{\s*name: 'common',\s*minChunks: totalPages > 2 \? totalPages \* 0\.5 : 2,\s*priority: 40,/);
});

test('the marker is the registration every generated operation page imports', () => {
  assert.ok(existsSync(operationPageMarker), operationPageMarker);
  const generator = readFileSync(path.join(siteDir, 'scripts/generate-api-docs.ts'), 'utf8');
  const imported = /import '@site\/(src\/plugins\/openapi-docs\/api-item-registry\/register)'/.exec(generator);
  assert.ok(imported, 'scripts/generate-api-docs.ts imports the registration in each operation page');
  assert.equal(operationPageMarker, path.join(siteDir, `${imported[1]}.ts`));
});

/** The chunk graph of chunks (by id) and the modules each holds. */
function chunkGraphOf(chunks: Record<string, ModuleLike[]>): ChunkGraphLike {
  return {
    getChunkModules: (chunk: ChunkLike) => chunks[String(chunk.id)]!,
    getModuleChunks: (module: ModuleLike) =>
      Object.entries(chunks)
        .filter(([, modules]) => modules.includes(module))
        .map(([id]) => ({id})),
  };
}

/** A chunk graph of three operation pages, a guide and the modules they hold. */
function operationPagesAndGuide(): {chunkGraph: ChunkGraphLike; apiTheme: ModuleLike; heading: ModuleLike} {
  const marker: ModuleLike = {resource: operationPageMarker};
  const apiTheme: ModuleLike = {resource: '/site/node_modules/docusaurus-theme-openapi-docs/lib/theme/ApiItem/index.js'};
  const heading: ModuleLike = {resource: '/site/node_modules/@docusaurus/theme-classic/lib/theme/Heading/index.js'};
  const chunks: Record<string, ModuleLike[]> = {
    op1: [marker, apiTheme, heading],
    op2: [marker, apiTheme, heading],
    op3: [marker, apiTheme],
    guide: [heading],
  };
  const chunkGraph = chunkGraphOf(chunks);
  return {chunkGraph, apiTheme, heading};
}

test('a module that only operation pages hold is taken; one a guide holds too, or none, is not', () => {
  const {chunkGraph, apiTheme, heading} = operationPagesAndGuide();
  const onlyOnOperations = onlyOnOperationPages();
  assert.equal(onlyOnOperations(apiTheme, {chunkGraph}), true);
  assert.equal(onlyOnOperations(heading, {chunkGraph}), false);
  assert.equal(onlyOnOperations({resource: '/site/src/unused.ts'}, {chunkGraph}), false);
});

test('a module operation pages share with fewer than the threshold of other chunks is taken; one most other pages hold is left to `common`', () => {
  const marker: ModuleLike = {resource: operationPageMarker};
  const codeBlock: ModuleLike = {resource: '/site/node_modules/@docusaurus/theme-classic/lib/theme/CodeBlock/index.js'};
  const layout: ModuleLike = {resource: '/site/node_modules/@docusaurus/theme-classic/lib/theme/DocItem/Layout/index.js'};
  const apiTheme: ModuleLike = {resource: '/site/node_modules/docusaurus-theme-openapi-docs/lib/theme/ApiItem/index.js'};
  const chunks: Record<string, ModuleLike[]> = {
    op1: [marker, codeBlock, layout, apiTheme],
    op2: [marker, codeBlock, layout, apiTheme],
    error: [codeBlock, layout],
    guide1: [layout],
    guide2: [layout],
  };
  const chunkGraph = chunkGraphOf(chunks);
  // Three other pages: half of them is 1.5 chunks.
  const shared = sharedWithFewOtherPages(1.5);
  assert.equal(shared(codeBlock, {chunkGraph}), true);
  assert.equal(shared(layout, {chunkGraph}), false);
  // What only operation pages hold is the first group's.
  assert.equal(shared(apiTheme, {chunkGraph}), false);
  assert.equal(shared({resource: '/site/src/unused.ts'}, {chunkGraph}), false);
});

test('the operation pages are the generated `*.api.mdx` files, each folder counted once', () => {
  const site = mkdtempSync(path.join(tmpdir(), 'tessera-api-code-apart-'));
  const write = (file: string) => {
    mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
    writeFileSync(path.join(site, file), '');
  };
  for (const file of ['docs/api/a.api.mdx', 'docs/api/b.api.mdx', 'docs/api/tag.tag.mdx', 'docs/api/added/c.api.mdx', 'docs/guides/d.mdx'])
    write(file);
  assert.equal(countOperationPages(site, ['docs/api', 'docs/api/added', 'versioned_docs/version-1.0.0/api']), 3);
});

test('only the browser build gets the group, ranked above `common`, which stays as it is', () => {
  const plugin = apiCodeApartPlugin();
  const configure = plugin.configureWebpack as unknown as (config: object, isServer: boolean) => object;
  const common = {name: 'common', minChunks: 100, priority: 40};
  type CacheGroup = {priority?: number; name?: unknown; minChunks?: number};
  const groups: Record<string, CacheGroup | false> = {default: false, common};
  const config = {optimization: {splitChunks: {cacheGroups: groups}}};
  assert.deepEqual(configure(config, false), {});
  const added = groups[cacheGroupName] as CacheGroup;
  assert.deepEqual(groups.common, {name: 'common', minChunks: 100, priority: 40});
  assert.ok(added.priority! > common.priority);
  // It takes only what `common` would take; below that threshold the default split stays.
  assert.equal(added.minChunks, common.minChunks);
  const shared = groups[sharedGroupName] as CacheGroup & {minSize?: number};
  assert.ok(shared.priority! > common.priority);
  assert.equal(shared.minChunks, common.minChunks);
  assert.equal(shared.minSize, 0);
  // The server bundle is not split.
  const serverConfig = {optimization: {splitChunks: false}};
  assert.deepEqual(configure(serverConfig, true), {});
  assert.deepEqual(serverConfig, {optimization: {splitChunks: false}});
});
