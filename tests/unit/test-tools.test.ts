/**
 * scripts/test-tools.ts: what `npm test` checks before it starts, and how it names what is
 * missing.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {sampleLanguages} from '../../src/lib/sample-languages';
import {missingTestPackages, missingToolsMessage, testTools, type TestTool} from '../../scripts/test-tools';
import packageJson from '../../package.json' with {type: 'json'};

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
