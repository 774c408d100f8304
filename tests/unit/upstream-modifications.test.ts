/**
 * Guards config/upstream-modifications.ts: each upstream file a modification relies on still has
 * the content it was checked against, every file of ours it names exists, every swizzled
 * component and module replacement of the site is listed, and the stock switch drops exactly the
 * performance ones.
 */
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {checkedUpstreamHashes, upstreamModifications} from '../../config/upstream-modifications';
import {installedVersion, performanceMarkdown, performanceMdPath} from '../../scripts/write-performance-md';
import {performanceLayerFiles} from '../../config/performance-layer';

const siteDir = path.resolve(import.meta.dirname, '../..');
const nodeModules = path.join(siteDir, 'node_modules');

const upstreamHash = (file: string): string =>
  createHash('sha256')
    .update(readFileSync(path.join(nodeModules, file)))
    .digest('hex')
    .slice(0, 16);

test('every modified upstream file is the one our modification was checked against', () => {
  const stale: string[] = [];
  for (const modification of upstreamModifications) {
    const {upstreamFile} = modification;
    assert.ok(
      existsSync(path.join(nodeModules, upstreamFile)),
      `${upstreamFile} no longer exists (${modification.package}@${installedVersion(modification.package)}): re-check ${modification.ours.join(', ')}`,
    );
    const hash = upstreamHash(upstreamFile);
    if (checkedUpstreamHashes[upstreamFile] !== hash) {
      stale.push(
        `${upstreamFile} (${modification.package}@${installedVersion(modification.package)}) changed: re-check ${modification.ours.join(', ')} against it, then set its hash in config/upstream-modifications.ts to '${hash}'`,
      );
    }
  }
  assert.deepEqual([...new Set(stale)], []);
  const listed = new Set(upstreamModifications.map((modification) => modification.upstreamFile));
  assert.deepEqual(
    Object.keys(checkedUpstreamHashes).filter((file) => !listed.has(file)),
    [],
    'hashes of files no modification names',
  );
});

test('every file of ours a modification names exists', () => {
  const missing = upstreamModifications.flatMap((modification) =>
    modification.ours.filter((file) => !existsSync(path.join(siteDir, file))),
  );
  assert.deepEqual(missing, []);
});

/** The swizzles both builds apply, and those of the performance layer's theme plugin. */
const themeFolders = ['src/theme', 'src/plugins/performance-theme/theme'];

function themeFilesUnder(folder: string): string[] {
  return readdirSync(path.join(siteDir, folder), {withFileTypes: true}).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return themeFilesUnder(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

test('every swizzled component and every module replacement is listed', () => {
  const listed = new Set(upstreamModifications.flatMap((modification) => modification.ours));
  const themeFiles = themeFolders.flatMap(themeFilesUnder);
  assert.deepEqual(
    themeFiles.filter((file) => !listed.has(file) && !listed.has(path.dirname(file))),
    [],
    'swizzled files missing from config/upstream-modifications.ts',
  );
  const replacements = [
    ...readFileSync(path.join(siteDir, 'src/plugins/hydrate-in-place/index.ts'), 'utf8').matchAll(/replace\([^,]+,\s*'(\w+)'/g),
  ].map((match) => `src/plugins/hydrate-in-place/stand-ins/${match[1]}`);
  assert.ok(replacements.length >= 8, `found ${replacements.length} replacements in hydrate-in-place`);
  assert.deepEqual(
    replacements.filter((component) => !listed.has(component)),
    [],
    'module replacements missing from config/upstream-modifications.ts',
  );
});

test('the stock switch drops every performance modification and keeps every other one', () => {
  const droppedByStock = (file: string) => performanceLayerFiles.some((dropped) => file === dropped || file.startsWith(`${dropped}/`));
  const misplaced = upstreamModifications.flatMap((modification) =>
    modification.ours
      .filter((file) => droppedByStock(file) !== (modification.purpose === 'performance'))
      .map(
        (file) =>
          `${modification.upstreamFile}: ${file} is ${modification.purpose} but ${droppedByStock(file) ? 'dropped' : 'kept'} by the stock build`,
      ),
  );
  assert.deepEqual(misplaced, []);
  // Docusaurus applies src/theme to both builds: a performance swizzle there would survive the switch.
  assert.deepEqual(themeFilesUnder('src/theme').filter(droppedByStock), []);
});

test('PERFORMANCE.md is written from the list as it is now', () => {
  assert.equal(
    readFileSync(performanceMdPath, 'utf8'),
    performanceMarkdown(),
    'PERFORMANCE.md is out of date: run npm run docs:performance',
  );
});

test('the search plugin still starts its worker by the request our replacement matches, with the API ours implements', () => {
  const theme = path.join(nodeModules, '@easyops-cn/docusaurus-search-local/dist/client/client/theme');
  const plugin = readFileSync(path.join(siteDir, 'src/plugins/search-local/index.ts'), 'utf8');
  assert.match(readFileSync(path.join(theme, 'searchByWorker.js'), 'utf8'), /new Worker\(new URL\("\.\/worker\.js", import\.meta\.url\)\)/);
  assert.match(plugin, /NormalModuleReplacementPlugin\(\/\^\\\.\\\/worker\\\.js\$\//);
  const upstreamWorker = readFileSync(path.join(theme, 'worker.js'), 'utf8');
  const ourWorker = readFileSync(path.join(siteDir, 'src/plugins/search-local/worker/index.ts'), 'utf8');
  for (const method of ['fetchIndexes(baseUrl, searchContext)', 'search(baseUrl, searchContext, input, limit)']) {
    assert.ok(upstreamWorker.includes(`async ${method}`), `upstream ${method}`);
  }
  assert.match(ourWorker, /async fetchIndexes\(baseUrl: string, searchContext: string\)/);
  assert.match(ourWorker, /async search\(baseUrl: string, searchContext: string, input: string, limit: number\)/);
  assert.match(ourWorker, /Comlink\.expose\(SearchWorker\)/);
  assert.ok(upstreamModifications.some((modification) => modification.upstreamFile.endsWith('/theme/worker.js')));
});
