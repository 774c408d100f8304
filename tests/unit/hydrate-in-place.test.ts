/**
 * src/plugins/hydrate-in-place swaps modules inside Docusaurus and the OpenAPI theme on the
 * strength of what those modules do today. These checks fail when an upgrade changes that.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {docusaurusClientDir, openApiThemeDir, remountKeyComponentFiles, serverRenderedComponents} from '../../src/plugins/hydrate-in-place';
import config from '../../docusaurus.config';

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

test("the client entry starts hydrating from ./preload, called once with the page's path", () => {
  const clientEntry = readFileSync(path.join(docusaurusClientDir, 'clientEntry.js'), 'utf8');
  assert.match(clientEntry, /import preload from '\.\/preload';/);
  assert.equal(clientEntry.match(/preload\(/g)?.length, 1);
  assert.match(clientEntry, /preload\(window\.location\.pathname\)\.then\(\(\) => \{\s*startTransition\(renderApp\);/);
});

test('the client entry mounts ./docusaurus as window.docusaurus, and links prefetch through it', () => {
  const clientEntry = readFileSync(path.join(docusaurusClientDir, 'clientEntry.js'), 'utf8');
  assert.match(clientEntry, /import docusaurus from '\.\/docusaurus';/);
  assert.match(clientEntry, /window\.docusaurus = docusaurus;/);
  const link = readFileSync(path.join(docusaurusClientDir, 'exports', 'Link.js'), 'utf8');
  assert.match(link, /window\.docusaurus\.prefetch\(/);
  assert.match(readFileSync(path.join(docusaurusClientDir, 'docusaurus.js'), 'utf8'), /const docusaurus = \{\s*prefetch,\s*preload,\s*\};/);
});

test('@theme/Details is what the OpenAPI theme collapses with', () => {
  for (const name of ['Schema', 'StatusCodes', 'ParamsDetails']) {
    assert.match(readFileSync(path.join(openApiThemeDir, name, 'index.js'), 'utf8'), /require\("@theme\/Details"\)/, name);
  }
});

test("Docusaurus's App takes BrowserContextProvider from ./browserContext, whose Context useIsBrowser reads", () => {
  assert.match(
    readFileSync(path.join(docusaurusClientDir, 'App.js'), 'utf8'),
    /import \{ BrowserContextProvider \} from '\.\/browserContext';/,
  );
  assert.match(
    readFileSync(path.join(docusaurusClientDir, 'exports', 'useIsBrowser.js'), 'utf8'),
    /import \{ Context \} from '\.\.\/browserContext';/,
  );
  const browserContext = readFileSync(path.join(docusaurusClientDir, 'browserContext.js'), 'utf8');
  assert.match(browserContext, /export const Context = React\.createContext\(false\);/);
  assert.match(browserContext, /setIsBrowser\(true\);/);
});

test("the performance theme's ResponseExamples exports what the OpenAPI theme's does", () => {
  const theme = readFileSync(path.join(openApiThemeDir, 'ResponseExamples', 'index.js'), 'utf8');
  const original = [...new Set([...theme.matchAll(/exports\.(\w+) =/g)].map((match) => match[1]))].filter((name) => name !== 'json2xml');
  assert.deepEqual(original.sort(), ['ExampleFromSchema', 'ResponseExample', 'ResponseExamples']);
  const ours = readFileSync(
    path.resolve(import.meta.dirname, '../../src/plugins/performance-theme/theme/ResponseExamples/index.tsx'),
    'utf8',
  );
  for (const name of original) assert.match(ours, new RegExp(`export function ${name}\\b`), name);
  // json2xml is only used inside the theme's own module, which the auto-example tab loads.
  const users = ['RequestSchema', 'ResponseSchema'].map((name) => readFileSync(path.join(openApiThemeDir, name, 'index.js'), 'utf8'));
  for (const source of users) assert.doesNotMatch(source, /json2xml/);
});
