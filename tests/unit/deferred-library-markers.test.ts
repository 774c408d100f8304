/**
 * The budget test finds a deferred library in a page's scripts by a string the library itself
 * holds (scripts/measure/page-weight.ts). A marker that no longer occurs in the library would make
 * that check pass whatever loads, so each marker is checked against the installed library's
 * browser build, and against code that is not the library.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {deferredLibraries, markers, type DeferredLibrary} from '../../scripts/measure/page-weight';

const siteDir = path.resolve(import.meta.dirname, '../..');

/** A file of each library as a bundler takes it for the browser. */
const librarySources: Record<DeferredLibrary, string> = {
  prism: 'prism-react-renderer/dist/index.mjs',
  marked: 'marked/lib/marked.esm.js',
  redux: 'redux/dist/redux.browser.mjs',
  openApiSampleGenerators: 'postman-collection/lib/collection/cookie.js',
  faker: '@faker-js/faker/dist/faker.js',
};

const read = (file: string) => readFileSync(path.join(siteDir, 'node_modules', file), 'utf8');

for (const library of deferredLibraries) {
  test(`the ${library} marker occurs in the installed library and nowhere in react-dom`, () => {
    const patterns = markers[library];
    assert.ok(
      patterns.some((pattern) => pattern.test(read(librarySources[library]))),
      `no ${library} marker in ${librarySources[library]}`,
    );
    const reactDom = read('react-dom/cjs/react-dom-client.production.js');
    assert.ok(!patterns.some((pattern) => pattern.test(reactDom)), `a ${library} marker occurs in react-dom`);
  });
}
