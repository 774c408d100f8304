/**
 * The search index's file name changes whenever its content can: nginx serves it as immutable.
 * Checked with the plugin's own stamp function, so an upgrade that stops hashing the Markdown of
 * `docsDir` (where the stamp of everything else is written) fails here.
 */
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';
import {searchIndexStampDir, searchOptions} from '../../config/search';
import {searchIndexStampInputs, writeSearchIndexStamp} from '../../src/plugins/search-local/index-stamp';
import {generatedSearchIndexName} from '../../src/plugins/search-local/index';

const require = createRequire(import.meta.url);
const {getIndexHash} = require('@easyops-cn/docusaurus-search-local/dist/server/server/utils/getIndexHash.js') as {
  getIndexHash: (config: {hashed: unknown; indexDocs: boolean; indexBlog: boolean; docsDir: string[]; blogDir: string[]}) => string | null;
};

const site = mkdtempSync(path.join(tmpdir(), 'search-index-stamp-'));
after(() => rmSync(site, {recursive: true, force: true}));
mkdirSync(path.join(site, 'docs'), {recursive: true});
mkdirSync(path.join(site, 'src/theme'), {recursive: true});
writeFileSync(path.join(site, 'docs/intro.md'), '# Intro\n');
writeFileSync(path.join(site, 'src/theme/Card.tsx'), 'export const card = 1;\n');

/** The index file name's stamp, as the plugin computes it when it starts. */
function indexFileStamp(options: object): string | null {
  writeSearchIndexStamp(site, options);
  return getIndexHash({
    hashed: searchOptions.hashed,
    indexDocs: true,
    indexBlog: false,
    docsDir: searchOptions.docsDir.filter((dir) => dir === 'docs' || dir === searchIndexStampDir).map((dir) => path.join(site, dir)),
    blogDir: [],
  });
}

test('search index stamp: the plugin hashes the stamp file with the pages', () => {
  assert.ok(searchOptions.docsDir.includes(searchIndexStampDir));
  const stamp = indexFileStamp(searchOptions);
  assert.match(stamp ?? '', /^[0-9a-f]{8}$/);
  assert.equal(indexFileStamp(searchOptions), stamp, 'the same inputs, the same name');
});

test('search index stamp: a change of the indexing options renames the index', () => {
  const before = indexFileStamp(searchOptions);
  const fewerExclusions = {...searchOptions, ignoreCssSelectors: searchOptions.ignoreCssSelectors.slice(1)};
  assert.notEqual(indexFileStamp(fewerExclusions), before);
});

test('search index stamp: a change of a component renames the index', () => {
  const before = indexFileStamp(searchOptions);
  writeFileSync(path.join(site, 'src/theme/Card.tsx'), 'export const card = 2;\n');
  assert.notEqual(indexFileStamp(searchOptions), before);
});

test('search index stamp: every input it names exists in the site', () => {
  const repository = path.join(import.meta.dirname, '../..');
  // versioned_sidebars is generated before a build; the others are sources.
  for (const input of searchIndexStampInputs.filter((name) => name !== 'versioned_sidebars')) {
    assert.ok(existsSync(path.join(repository, input)), input);
  }
});

test('the search box reads the index file name the plugin generates (to fetch the manifest early)', () => {
  const {generate} = require('@easyops-cn/docusaurus-search-local/dist/server/server/utils/generate.js') as {
    generate: (config: object, dir: string) => string;
  };
  const generatedFilesDir = path.join(site, '.docusaurus');
  const dir = path.join(generatedFilesDir, '@easyops-cn/docusaurus-search-local/default');
  mkdirSync(dir, {recursive: true});
  const generated = generate(
    {...searchOptions, docsDir: [path.join(site, 'docs')], blogDir: [], removeDefaultStopWordFilter: [], fuzzyMatchingDistance: 1},
    dir,
  );
  assert.match(generated, /^search-index\{dir\}-[0-9a-f]{8}\.json$/);
  assert.equal(generatedSearchIndexName(generatedFilesDir), generated);
  writeFileSync(path.join(dir, 'generated-constants.js'), 'export const language = ["en"];\n');
  assert.throws(() => generatedSearchIndexName(generatedFilesDir), /no searchIndexUrl constant/);
});
