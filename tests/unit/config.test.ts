/** The site configuration carries the spec's settings (spec 1, 2, 4, 5, 9). */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import config from '../../docusaurus.config';
import {docsOptions} from '../../config/docs';
import {searchOptions} from '../../config/search';
import {markdownTwinsOptions} from '../../config/llms';
import {searchLocal, validateOptions as validateSearchLocalOptions} from '../../src/plugins/search-local';
import {openApiDocs, validateOptions as validateOpenApiDocsOptions} from '../../src/plugins/openapi-docs';
import {openApiPluginOptions, openApiSpecs, openApiThemeConfig} from '../../config/openapi';

type ThemeConfig = {
  colorMode: Record<string, unknown>;
  tableOfContents: Record<string, unknown>;
  docs: {sidebar: Record<string, unknown>};
  announcementBar: {id: string; isCloseable: boolean};
  prism: {additionalLanguages: string[]};
  navbar: {items: {type?: string; position?: string}[]};
};
const themeConfig = config.themeConfig as ThemeConfig;

test('build rules: broken links fail; markdown links, anchors and duplicate routes warn', () => {
  assert.equal(config.onBrokenLinks, 'throw');
  assert.equal(config.onBrokenAnchors, 'warn');
  assert.equal(config.onDuplicateRoutes, 'warn');
  assert.equal(config.markdown?.hooks?.onBrokenMarkdownLinks, 'warn');
});

test('dark by default, switch disabled, system preference ignored', () => {
  assert.deepEqual(themeConfig.colorMode, {defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: false});
});

test('English only, root base path, vertical-bar titles', () => {
  assert.equal(config.baseUrl, '/');
  assert.equal(config.titleDelimiter, '|');
  assert.deepEqual(config.i18n?.locales, ['en']);
  assert.equal(config.i18n?.defaultLocale, 'en');
});

test('versions: 3.0.0 is current and last, served at /docs/3.0.0; 1.0.0 at /docs/1.0.0', () => {
  assert.equal(docsOptions.lastVersion, 'current');
  assert.deepEqual(docsOptions.versions.current, {label: '3.0.0 (current)', path: '3.0.0'});
  assert.equal(docsOptions.versions['1.0.0']?.path, '1.0.0');
  assert.equal(docsOptions.routeBasePath, 'docs');
});

test('markdown: MDX with mermaid and MDX 1 compatibility for comments, admonitions and heading ids', () => {
  assert.equal(config.markdown?.mermaid, true);
  assert.deepEqual(config.markdown?.mdx1Compat, {comments: true, admonitions: true, headingIds: true});
  assert.ok(config.themes?.includes('@docusaurus/theme-mermaid'));
});

test('table of contents h2 to h3; sidebar not hideable, categories not auto-collapsed', () => {
  assert.deepEqual(themeConfig.tableOfContents, {minHeadingLevel: 2, maxHeadingLevel: 3});
  assert.deepEqual(themeConfig.docs.sidebar, {hideable: false, autoCollapseCategories: false});
});

test('php and csharp highlighting is loaded (json ships with prism-react-renderer)', () => {
  for (const language of ['php', 'csharp', 'bash']) assert.ok(themeConfig.prism.additionalLanguages.includes(language), language);
});

test('the announcement bar has an id and can be closed', () => {
  assert.match(themeConfig.announcementBar.id, /^[a-z0-9-]+$/);
  assert.equal(themeConfig.announcementBar.isCloseable, true);
});

test('navbar: versions dropdown and search on the right', () => {
  const dropdown = themeConfig.navbar.items.find((item) => item.type === 'docsVersionDropdown');
  assert.equal(dropdown?.position, 'right');
  assert.equal(themeConfig.navbar.items.find((item) => item.type === 'search')?.position, 'right');
});

test('search: stamped file names and an index per docs version', () => {
  assert.equal(searchOptions.hashed, 'filename');
  assert.equal(searchOptions.indexDocs, true);
  assert.deepEqual(searchOptions.docsRouteBasePath, ['docs']);
});

test('the API explorer cannot send requests and keeps nothing in browser storage', () => {
  for (const spec of Object.values(openApiPluginOptions.config)) assert.equal(spec.hideSendButton, true);
  assert.equal(openApiThemeConfig.api.authPersistence, false);
  assert.deepEqual(
    openApiThemeConfig.languageTabs.map((tab) => tab.language),
    ['curl', 'python', 'nodejs', 'php', 'java', 'go', 'ruby', 'csharp'],
  );
});

test("the browser build's @docusaurus/utils-common exports every name the package does", async () => {
  const lean = await import('../../src/plugins/lean-utils-common/utils-common.js');
  const full = await import('@docusaurus/utils-common');
  const names = (module: object) =>
    Object.keys(module)
      .filter((name) => name !== 'default' && name !== '__esModule')
      .sort();
  assert.deepEqual(names(lean), names(full));
  assert.equal(lean.applyTrailingSlash('/docs', {trailingSlash: true, baseUrl: '/'}), '/docs/');
});

test('plugin options that only the build needs stay out of the site config every page ships', async () => {
  // Docusaurus serializes the whole config into main.js: what is written there, readers download.
  const {default: siteConfig} = await import('../../docusaurus.config');
  const shipped = JSON.stringify(siteConfig);
  assert.ok(!shipped.includes('"explicitSearchResultPath"'), 'the search options are in the site config');
  assert.ok(!shipped.includes(markdownTwinsOptions.summary), 'the llms.txt texts are in the site config');
  assert.ok(!shipped.includes(openApiSpecs.tesseraV3.specPath), 'the OpenAPI plugin options are in the site config');
  // A remark or rehype plugin given as [plugin, options] ships its options (the plugin serializes
  // as null, so the pair as `[null,{…}]`); ours read their data themselves.
  const pairs = shipped.match(/"(?:beforeDefault)?(?:Remark|Rehype|remark|rehype)Plugins":\[[^\]]*?\[null,/g) ?? [];
  assert.deepEqual(pairs, [], 'a remark or rehype plugin is given options in the site config');
  assert.ok(shipped.length < 9 * 1024, `the site config is ${shipped.length} characters; what grew?`);
});

test('the search theme and the OpenAPI plugin still export what src/plugins/build-side-options relies on', () => {
  for (const [pluginPackage, options] of [
    [searchLocal, searchOptions],
    [openApiDocs, openApiPluginOptions],
  ] as const) {
    assert.equal(typeof pluginPackage.default, 'function');
    assert.equal(typeof pluginPackage.validateOptions, 'function');
    // Each hands the options to Docusaurus's validator unchanged, with its own schema.
    const seen: unknown[] = [];
    pluginPackage.validateOptions({validate: (schema, given) => (seen.push(schema), given), options});
    assert.equal(seen.length, 1);
  }
  const passThrough = (_schema: unknown, given: unknown) => given;
  assert.equal(validateSearchLocalOptions({validate: passThrough as never, options: {}}), searchOptions);
  assert.equal(validateOpenApiDocsOptions({validate: passThrough as never, options: {}}), openApiPluginOptions);
});
