/**
 * Guards config/upstream-modifications.ts: each upstream file a modification relies on still has
 * the content it was checked against, every file of ours it names exists, and every swizzled
 * component and module replacement of the site is listed.
 */
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {checkedUpstreamHashes, upstreamModifications} from '../../config/upstream-modifications';
import {installedVersion, performanceMarkdown, performanceMdPath} from '../../scripts/write-performance-md';

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

test('every swizzled component and every module replacement is listed', () => {
  const listed = new Set(upstreamModifications.flatMap((modification) => modification.ours));
  const themeFiles: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(siteDir, folder), {withFileTypes: true})) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name)) themeFiles.push(relative);
    }
  };
  walk('src/theme');
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

test('PERFORMANCE.md is written from the list as it is now', () => {
  assert.equal(
    readFileSync(performanceMdPath, 'utf8'),
    performanceMarkdown(),
    'PERFORMANCE.md is out of date: run npm run docs:performance',
  );
});
