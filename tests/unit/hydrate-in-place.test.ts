/**
 * src/plugins/hydrate-in-place swaps modules inside Docusaurus and the OpenAPI theme on the
 * strength of what those modules do today. These checks fail when an upgrade changes that.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {remountKeyComponentFiles, serverRenderedComponents} from '../../src/plugins/hydrate-in-place';
import config from '../../docusaurus.config';

const require = createRequire(import.meta.url);
const openApiThemeDir = path.join(path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json')), 'lib', 'theme');

test('the plugin is configured', () => {
  assert.ok(config.plugins?.includes('./src/plugins/hydrate-in-place/index.ts'));
});

test('tabs and code blocks use useIsBrowser() only as a remount key', () => {
  assert.equal(remountKeyComponentFiles.length, 8);
  for (const file of remountKeyComponentFiles) {
    const source = readFileSync(file, 'utf8');
    const binding = /const (\w+) = (?:\(0, )?useIsBrowser(?:_1\.default)?\)?\(\);/.exec(source);
    assert.ok(binding, `${file} calls useIsBrowser()`);
    const uses = source.split(binding[1]).length - 1;
    const keyUses = source.match(new RegExp(`key(?:=\\{|: )String\\(${binding[1]}\\)`, 'g'))?.length ?? 0;
    assert.equal(keyUses, 1, `${file} keys on ${binding[1]}`);
    assert.equal(uses, 2, `${file} uses ${binding[1]} for nothing but the key`);
  }
});

test('the schema sections it renders on the server are the ones wrapped in BrowserOnly', () => {
  for (const name of serverRenderedComponents) {
    const source = readFileSync(path.join(openApiThemeDir, name, 'index.js'), 'utf8');
    assert.match(source, /require\("@docusaurus\/BrowserOnly"\)/, name);
    assert.doesNotMatch(source, /\bwindow\.|\bdocument\.|localStorage/, `${name} needs no browser API`);
  }
});

test('Docusaurus still prefetches through its ./prefetch helper, and @theme/Details is what the OpenAPI theme collapses with', () => {
  const docusaurus = readFileSync(require.resolve('@docusaurus/core/lib/client/docusaurus.js'), 'utf8');
  assert.match(docusaurus, /import prefetchHelper from '\.\/prefetch';/);
  for (const name of ['Schema', 'StatusCodes', 'ParamsDetails']) {
    assert.match(readFileSync(path.join(openApiThemeDir, name, 'index.js'), 'utf8'), /require\("@theme\/Details"\)/, name);
  }
});
