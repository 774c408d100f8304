/**
 * scripts/test-tools.ts: what `npm test` checks before it starts, and how it names what is
 * missing.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {test} from 'node:test';
import {pathToFileURL} from 'node:url';
import {sampleLanguages} from '../../src/lib/sample-languages';
import {missingTestPackages, missingToolsMessage, testTools, type TestTool} from '../../scripts/test-tools';
import packageJson from '../../package.json' with {type: 'json'};

const siteDir = path.resolve(import.meta.dirname, '../..');

test('a missing tool is named with its Debian packages, each package once', () => {
  const tools: TestTool[] = [
    {label: 'nginx', debianPackages: ['nginx'], installed: false},
    {label: 'Chromium', debianPackages: ['chromium'], installed: true},
    {label: 'PHP samples', debianPackages: ['php-cli', 'php-sqlite3'], installed: false},
    {label: 'PHP handlers', debianPackages: ['php-sqlite3'], installed: false},
  ];
  assert.deepEqual(missingTestPackages(tools), ['nginx', 'php-cli', 'php-sqlite3']);
  assert.equal(
    missingToolsMessage(tools),
    'The tests need nginx, PHP samples, PHP handlers: sudo apt-get install nginx php-cli php-sqlite3',
  );
  assert.equal(missingToolsMessage(tools.filter((tool) => tool.installed)), undefined);
});

test('the check covers the servers, the browser and every sample language, and runs before npm test', () => {
  const labels = testTools().map((tool) => tool.label);
  for (const label of ['Chromium', 'Chromium headless shell', 'nginx', 'nginx brotli_static module', 'OpenSSL'])
    assert.ok(labels.includes(label), label);
  for (const language of sampleLanguages) assert.ok(labels.includes(`${language.label} samples`), language.label);
  assert.equal(packageJson.scripts.pretest, 'tsx scripts/test-tools.ts');
});

test('the tool check runs without the site’s npm packages, as .ci/run calls it before npm ci', () => {
  // The tracked code layers copied where no node_modules can be found: a module the check loads
  // that imports an npm package fails here, naming the package.
  const copy = mkdtempSync(path.join(os.tmpdir(), 'tessera-test-tools-'));
  try {
    const tracked = spawnSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'config', 'src', 'scripts', 'tsconfig.json'],
      {cwd: siteDir, encoding: 'utf8'},
    );
    assert.equal(tracked.status, 0, tracked.stderr);
    for (const file of tracked.stdout.split('\0').filter(Boolean)) {
      mkdirSync(path.dirname(path.join(copy, file)), {recursive: true});
      copyFileSync(path.join(siteDir, file), path.join(copy, file));
    }
    // `node --import tsx`, with tsx found from this site, as npx finds its own copy.
    const tsx = pathToFileURL(createRequire(import.meta.filename).resolve('tsx')).href;
    const check = spawnSync(process.execPath, ['--import', tsx, path.join(copy, 'scripts/test-tools.ts'), '--missing'], {
      cwd: copy,
      encoding: 'utf8',
    });
    assert.equal(check.status, 0, check.stderr);
    assert.equal(check.stdout.trim(), missingTestPackages(testTools()).join(' '));
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
  assert.match(readFileSync(path.join(siteDir, '.ci/run'), 'utf8'), /tsx@\$tsx_version" scripts\/test-tools\.ts --missing\)\nnpm ci/);
});
