/**
 * Front matter reaches the page as the writer (or generator) wrote it. Docusaurus's mdx-loader
 * writes each page's front matter into its JavaScript module with stringify-object, which does not
 * escape backslashes: a value with a backslash arrives changed (`a\b` becomes `ab`, a backslash
 * before a line break becomes a literal `\n`). That is how every API page once showed broken curl
 * and PHP samples. This test runs every page's front matter through the serializer the installed
 * mdx-loader uses and fails on any value that does not come back equal, naming the page.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {isDeepStrictEqual} from 'node:util';
import path from 'node:path';
import {parse} from 'yaml';
import {siteDir} from '../../src/lib/openapi';

const require = createRequire(import.meta.url);
const mdxLoaderEntry = require.resolve('@docusaurus/mdx-loader', {paths: [siteDir]});
const mdxLoaderSource = readFileSync(path.join(path.dirname(mdxLoaderEntry), 'loader.js'), 'utf8');
const stringifyObject = createRequire(mdxLoaderEntry)('stringify-object') as (value: unknown) => string;

/** What the page's module evaluates its `frontMatter` export to. */
const throughMdxLoader = (value: unknown): unknown => new Function(`return ${stringifyObject(value)};`)();

function docsPages(folder: string): string[] {
  return readdirSync(folder, {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test('mdx-loader still writes front matter with stringify-object, the serializer this test models', () => {
  assert.match(mdxLoaderSource, /export const frontMatter = \$\{\(0, stringify_object_1\.default\)\(frontMatter\)\}/);
});

test('the serializer loses backslashes, so front matter must not carry them', () => {
  assert.notDeepEqual(throughMdxLoader({source: 'GuzzleHttp\\Client'}), {source: 'GuzzleHttp\\Client'});
  assert.deepEqual(throughMdxLoader({source: "line one\nit's"}), {source: "line one\nit's"});
});

test('every docs page keeps its front matter unchanged through mdx-loader', () => {
  const folders = ['docs', 'versioned_docs', 'src/pages'].map((folder) => path.join(siteDir, folder));
  const pages = folders.flatMap(docsPages);
  assert.ok(
    pages.some((page) => page.endsWith('.api.mdx')),
    'run npm run gen-api first',
  );
  const changed: string[] = [];
  for (const page of pages) {
    const text = readFileSync(page, 'utf8');
    const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
    if (!match) continue;
    const frontMatter = parse(match[1]!) as unknown;
    if (!isDeepStrictEqual(throughMdxLoader(frontMatter), frontMatter)) changed.push(path.relative(siteDir, page));
  }
  console.log(`checked the front matter of ${pages.length} pages`);
  assert.deepEqual(changed, [], 'these pages have front matter that mdx-loader would change (a backslash?)');
});
