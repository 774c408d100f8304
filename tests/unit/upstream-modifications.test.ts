/**
 * Guards config/upstream-modifications.ts: each upstream file a modification relies on still has
 * the content it was checked against, every file of ours it names exists, every swizzled
 * component and module replacement of the site is listed, and the stock switch drops exactly the
 * performance ones.
 */
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {checkedUpstreamHashes, checkedUpstreamVersions, upstreamModifications} from '../../config/upstream-modifications';
import {installedVersion, performanceMarkdown, performanceMdPath} from '../../scripts/write-performance-md';
import {performanceLayerFiles} from '../../config/performance-layer';

const siteDir = path.resolve(import.meta.dirname, '../..');
const nodeModules = path.join(siteDir, 'node_modules');

const upstreamHash = (file: string): string =>
  createHash('sha256')
    .update(readFileSync(path.join(nodeModules, file)))
    .digest('hex')
    .slice(0, 16);

test('every modified or relied-on upstream file is the one our modification was checked against', () => {
  const stale: string[] = [];
  for (const modification of upstreamModifications) {
    for (const upstreamFile of [modification.upstreamFile, ...(modification.reliesOnFiles ?? [])]) {
      const pkg = upstreamFile.startsWith('@') ? upstreamFile.split('/').slice(0, 2).join('/') : upstreamFile.split('/')[0]!;
      assert.ok(
        existsSync(path.join(nodeModules, upstreamFile)),
        `${upstreamFile} no longer exists (${pkg}@${installedVersion(pkg)}): re-check ${modification.ours.join(', ')}`,
      );
      const hash = upstreamHash(upstreamFile);
      if (checkedUpstreamHashes[upstreamFile] !== hash) {
        stale.push(
          `${upstreamFile} (${pkg}@${installedVersion(pkg)}) changed: re-check ${modification.ours.join(', ')} against it, then set its hash in config/upstream-modifications.ts to '${hash}'`,
        );
      }
    }
  }
  assert.deepEqual([...new Set(stale)], []);
  const listed = new Set(
    upstreamModifications.flatMap((modification) => [modification.upstreamFile, ...(modification.reliesOnFiles ?? [])]),
  );
  assert.deepEqual(
    Object.keys(checkedUpstreamHashes).filter((file) => !listed.has(file)),
    [],
    'hashes of files no modification names',
  );
});

test('every package whose behaviour a modification relies on is the version it was checked against', () => {
  const changed = upstreamModifications.flatMap((modification) =>
    (modification.reliesOnVersions ?? [])
      .filter((pkg) => installedVersion(pkg) !== checkedUpstreamVersions[pkg])
      .map(
        (pkg) =>
          `${pkg} is ${installedVersion(pkg)}, checked against ${checkedUpstreamVersions[pkg] ?? 'no version'}: re-check ${modification.ours.join(', ')}, then set its version in checkedUpstreamVersions`,
      ),
  );
  assert.deepEqual([...new Set(changed)], []);
  const reliedOn = new Set(upstreamModifications.flatMap((modification) => modification.reliesOnVersions ?? []));
  assert.deepEqual(
    Object.keys(checkedUpstreamVersions).filter((pkg) => !reliedOn.has(pkg)),
    [],
    'versions no modification relies on',
  );
});

/** The text of one of our files, or of every file in one of our folders. */
function sourceOf(file: string): string {
  const full = path.join(siteDir, file);
  if (!statSync(full).isDirectory()) return readFileSync(full, 'utf8');
  return readdirSync(full, {recursive: true, encoding: 'utf8'})
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => readFileSync(path.join(full, name), 'utf8'))
    .join('\n');
}

test('the OpenAPI components that read state through the replaced ApiItem hooks, and React for ServerMarkup, are relied on', () => {
  const hooks = upstreamModifications.find((modification) => modification.upstreamFile.endsWith('/ApiItem/hooks.js'));
  const themeDir = path.join(nodeModules, 'docusaurus-theme-openapi-docs/lib/theme');
  // Every component of the theme that imports the hooks, but the explorer's parts: src/theme/ApiExplorer
  // replaces the explorer, and of its parts only MethodEndpoint is on our pages (the generated pages render it).
  const readers = readdirSync(themeDir, {recursive: true, encoding: 'utf8'})
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.js') && (!file.startsWith('ApiExplorer/') || file.startsWith('ApiExplorer/MethodEndpoint/')))
    .filter((file) => readFileSync(path.join(themeDir, file), 'utf8').includes('@theme/ApiItem/hooks'))
    .map((file) => `docusaurus-theme-openapi-docs/lib/theme/${file}`);
  assert.ok(readers.length >= 3, `found ${readers.length} components that read the hooks`);
  assert.deepEqual(
    readers.filter((file) => !hooks?.reliesOnFiles?.includes(file)),
    [],
  );
  // ServerMarkup keeps the server's children by hydrating an empty innerHTML, which React does not compare.
  const serverMarkupUsers = upstreamModifications.filter((modification) =>
    modification.ours.some((file) => sourceOf(file).includes('stand-ins/ServerMarkup')),
  );
  assert.ok(serverMarkupUsers.length >= 2, `found ${serverMarkupUsers.length} entries that keep server markup`);
  for (const modification of serverMarkupUsers)
    assert.deepEqual(modification.reliesOnVersions, ['react', 'react-dom'], modification.upstreamFile);
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
  assert.ok(replacements.length >= 6, `found ${replacements.length} replacements in hydrate-in-place`);
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

test('the search plugin still calls its worker through the module our replacement matches, with the functions ours implements', () => {
  const theme = path.join(nodeModules, '@easyops-cn/docusaurus-search-local/dist/client/client/theme');
  const plugin = readFileSync(path.join(siteDir, 'src/plugins/search-local/index.ts'), 'utf8');
  for (const component of ['SearchBar/SearchBar.jsx', 'SearchPage/SearchPage.jsx']) {
    assert.match(
      readFileSync(path.join(theme, component), 'utf8'),
      /import \{ fetchIndexesByWorker, searchByWorker \} from "\.\.\/searchByWorker";/,
      component,
    );
  }
  assert.match(plugin, /NormalModuleReplacementPlugin\(\/\\\/searchByWorker\$\//);
  const upstreamCaller = readFileSync(path.join(theme, 'searchByWorker.js'), 'utf8');
  assert.match(upstreamCaller, /export async function fetchIndexesByWorker\(baseUrl, searchContext\)/);
  assert.match(upstreamCaller, /export async function searchByWorker\(baseUrl, searchContext, input, limit\)/);
  const ourCaller = readFileSync(path.join(siteDir, 'src/plugins/search-local/worker/client.ts'), 'utf8');
  assert.match(ourCaller, /export async function fetchIndexesByWorker\(baseUrl: string, searchContext: string\): Promise<void>/);
  assert.match(
    ourCaller,
    /export async function searchByWorker\(baseUrl: string, searchContext: string, input: string, limit: number\): Promise<SearchResult\[\]>/,
  );
  // The upstream worker's two calls, which ours answers to (same result shape, see tests/unit/search-sharded-index.test.ts).
  const upstreamWorker = readFileSync(path.join(theme, 'worker.js'), 'utf8');
  for (const method of ['fetchIndexes(baseUrl, searchContext)', 'search(baseUrl, searchContext, input, limit)']) {
    assert.ok(upstreamWorker.includes(`async ${method}`), `upstream ${method}`);
  }
  assert.ok(upstreamModifications.some((modification) => modification.upstreamFile.endsWith('/theme/searchByWorker.js')));
});

test('autocomplete.js still makes its datasets from the module our replacement matches, and drops answers to an earlier input', () => {
  const autocomplete = path.join(nodeModules, '@easyops-cn/autocomplete.js/src/autocomplete');
  const plugin = readFileSync(path.join(siteDir, 'src/plugins/search-local/index.ts'), 'utf8');
  const dropdown = readFileSync(path.join(autocomplete, 'dropdown.js'), 'utf8');
  assert.match(dropdown, /var Dataset = require\('\.\/dataset\.js'\);/);
  assert.match(dropdown, /Dropdown\.Dataset = Dataset;/);
  assert.match(dropdown, /new Dropdown\.Dataset\(/);
  assert.match(plugin, /NormalModuleReplacementPlugin\(\/\^\\\.\\\/dataset\\\.js\$\//);
  // What our Dataset relies on: update() asks source(query, callback) and renders an answer only
  // when it is not canceled and answers the current input; clear() empties the box.
  const dataset = readFileSync(path.join(autocomplete, 'dataset.js'), 'utf8');
  assert.match(dataset, /if \(!this\.canceled && query === this\.query\) \{/);
  assert.match(dataset, /that\.source\(query, handleSuggestions\.bind\(that\)\);/);
  assert.match(dataset, /_render: function render\(query, suggestions\) \{/);
  assert.match(dataset, /clear: function clear\(\) \{/);
  assert.ok(upstreamModifications.some((modification) => modification.upstreamFile.endsWith('/autocomplete/dataset.js')));
});

test('a docs path that names no version still reaches DocsRoot with the version routes, which our wrapper matches as renderRoutes does', () => {
  const read = (file: string) => readFileSync(path.join(nodeModules, file), 'utf8');
  // The docs plugin puts every version under one route at its base path, each version at its own path, not exact.
  const routes = read('@docusaurus/plugin-content-docs/lib/routes.js');
  assert.match(
    routes,
    /path: \(0, utils_1\.normalizeUrl\)\(\[param\.baseUrl, param\.options\.routeBasePath\]\),\s+exact: false,\s+component: param\.options\.docsRootComponent,\s+routes: subRoutes,/,
  );
  assert.match(routes, /path: version\.path,\s+exact: false,\s+component: options\.docVersionRootComponent,/);
  // DocsRoot renders them inside the layout, so no match leaves the layout around nothing.
  assert.match(read('@docusaurus/theme-classic/lib/theme/DocsRoot/index.js'), /<Layout>\{renderRoutes\(props\.route\.routes\)\}<\/Layout>/);
  // /404.html is the catch-all route, which renders @theme/NotFound: the component the wrapper renders.
  assert.match(read('@docusaurus/core/lib/server/codegen/codegenRoutes.js'), /path: '\*',\s+component: ComponentCreator\('\*'\),/);
  assert.match(
    read('@docusaurus/core/lib/client/exports/ComponentCreator.js'),
    /if \(path === '\*'\) \{[^]*?loader: \(\) => import\('@theme\/NotFound'\),/,
  );
  assert.match(
    read('react-router-config/esm/react-router-config.js'),
    /path: route\.path,\s+exact: route\.exact,\s+strict: route\.strict,/,
  );
  const wrapper = readFileSync(path.join(siteDir, 'src/theme/DocsRoot/index.tsx'), 'utf8');
  assert.match(wrapper, /matchPath\(pathname, \{path: route\.path, exact: route\.exact, strict: route\.strict\}\)/);
  assert.match(wrapper, /const NotFound = lazy\(\(\) => import\('@theme\/NotFound'\)\);/);
  assert.ok(upstreamModifications.some((modification) => modification.upstreamFile.endsWith('/theme/DocsRoot/index.js')));
});
