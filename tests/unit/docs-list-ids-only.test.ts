/**
 * src/plugins/docs-list-ids-only and the tag pages' cards: the docs list every docs page loads
 * holds only ids, and the only cards of docs the site shows (the API tag pages) carry their
 * descriptions, so the server and the browser render the same cards.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import docsListIdsOnlyPlugin, {docsPropsModules, loaderPath} from '../../src/plugins/docs-list-ids-only';
import {withCardDescriptions} from '../../src/components/TagPageCards/card-descriptions';
import {withTagPageCards, writeTagPageCards} from '../../scripts/tag-page-cards';
import sidebars from '../../sidebars';

const siteDir = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const {withDocIdsOnly} = require(loaderPath) as {withDocIdsOnly: (source: string) => string};
const {toVersionMetadataProp} = require('@docusaurus/plugin-content-docs/lib/props.js') as {
  toVersionMetadataProp: (pluginId: string, version: unknown) => {docs: Record<string, Record<string, unknown>>; docsSidebars: unknown};
};
const upstream = (file: string) => readFileSync(path.join(siteDir, 'node_modules', file), 'utf8');

const doc = (id: string, description: string) => ({
  id,
  title: `Title of ${id}`,
  description,
  sidebar: 'docs',
  permalink: `/docs/3.0.0/${id}`,
  frontMatter: {},
  unlisted: false,
});

/** A version as the docs plugin loads it, reduced to what its props module is made from. */
const loadedVersion = {
  versionName: 'current',
  label: '3.0.0',
  banner: null,
  badge: true,
  noIndex: false,
  className: 'docs-version-current',
  isLast: true,
  docs: [doc('api/order-management', 'Orders.'), doc('api/capture-an-order', 'Captures authorized money.')],
  sidebars: {
    docs: [
      {
        type: 'category',
        label: 'Order management',
        link: {type: 'doc', id: 'api/order-management'},
        collapsed: false,
        collapsible: true,
        items: [{type: 'doc', id: 'api/capture-an-order'}],
      },
    ],
  },
};

test("the version's props module, as the docs plugin writes it, keeps only its docs' ids and nothing else changes", () => {
  // The module is JSON: what the plugin returns, less its undefined fields.
  const props = JSON.parse(JSON.stringify({version: toVersionMetadataProp('default', loadedVersion)})) as {
    version: ReturnType<typeof toVersionMetadataProp>;
  };
  assert.equal(props.version.docs['api/capture-an-order']?.description, 'Captures authorized money.');
  const stripped = JSON.parse(withDocIdsOnly(JSON.stringify(props))) as typeof props;
  assert.deepEqual(stripped.version.docs, {
    'api/order-management': {id: 'api/order-management'},
    'api/capture-an-order': {id: 'api/capture-an-order'},
  });
  assert.deepEqual(stripped.version.docsSidebars, props.version.docsSidebars);
  const {docs: _docs, ...rest} = props.version;
  const {docs: _strippedDocs, ...strippedRest} = stripped.version;
  assert.deepEqual(strippedRest, rest);
});

test('other props modules of the docs plugin pass through unchanged', () => {
  const categoryIndex = JSON.stringify({categoryGeneratedIndex: {title: 'Quick guides', description: 'Two end-to-end paths.'}});
  assert.equal(withDocIdsOnly(categoryIndex), categoryIndex);
});

test('a version props module whose docs list changed shape fails the build', () => {
  assert.throws(() => withDocIdsOnly(JSON.stringify({version: {docsSidebars: {}, docs: [{id: 'a'}]}})), /no docs map/);
  assert.throws(() => withDocIdsOnly(JSON.stringify({version: {docsSidebars: {}, docs: {a: {id: 'b', title: 'B'}}}})), /no docs map/);
});

test("both builds read the docs plugin's route props modules, and only those, through the loader", () => {
  const configure = docsListIdsOnlyPlugin({generatedFilesDir: '/site/.docusaurus'}).configureWebpack as unknown as () => {
    module: {rules: {test: RegExp; use: {loader: string}[]}[]};
  };
  const rule = configure().module.rules[0];
  assert.equal(rule?.use[0]?.loader, loaderPath);
  assert.match('/site/.docusaurus/docusaurus-plugin-content-docs/default/p/docs-3-0-0-a2b.json', rule.test);
  assert.doesNotMatch('/site/.docusaurus/docusaurus-plugin-content-docs/default/site-docs-api-create-session-api-mdx-0a1.json', rule.test);
  assert.doesNotMatch('/site/.docusaurus/docusaurus-plugin-content-pages/default/p/index.json', rule.test);
  assert.equal(docsPropsModules('/site/.docusaurus').source, rule.test.source);
});

test("only DocCard reads a doc of the version list, and only its description, after the card's own", () => {
  const docCard = upstream('@docusaurus/theme-classic/lib/theme/DocCard/index.js');
  assert.match(docCard, /const doc = useDocById\(item\.docId \?\? undefined\);/);
  assert.match(docCard, /description=\{item\.description \?\? doc\?\.description\}/);
  assert.deepEqual(docCard.match(/\bdoc\??\.\w+/g), ['doc?.description'], 'DocCard reads one field of the doc');
  // useDocById is the docs plugin's only reader of the version's `docs` map.
  assert.equal(upstream('@docusaurus/plugin-content-docs/lib/client/docsUtils.js').match(/version\.docs\[/g)?.length, 1);
  const themes = [
    '@docusaurus/theme-classic/lib',
    'docusaurus-theme-openapi-docs/lib',
    '@docusaurus/theme-common/lib',
    '@easyops-cn/docusaurus-search-local/dist',
  ];
  const filesCalling = (hook: string) => [
    ...themes.flatMap((folder) =>
      (readdirSync(path.join(siteDir, 'node_modules', folder), {recursive: true}) as string[])
        .filter((file) => file.endsWith('.js') && upstream(path.join(folder, file)).includes(hook))
        .map((file) => path.join(folder, file)),
    ),
    ...(readdirSync(path.join(siteDir, 'src'), {recursive: true}) as string[])
      .filter((file) => /\.tsx?$/.test(file) && readFileSync(path.join(siteDir, 'src', file), 'utf8').includes(hook))
      .map((file) => path.join('src', file)),
  ];
  assert.deepEqual(filesCalling('useDocById('), ['@docusaurus/theme-classic/lib/theme/DocCard/index.js']);
  // The version's other readers take its label and banner, not its docs.
  const versionReaders = filesCalling('useDocsVersion()');
  assert.deepEqual(versionReaders, [
    '@docusaurus/theme-classic/lib/theme/DocVersionBadge/index.js',
    '@docusaurus/theme-classic/lib/theme/DocVersionBanner/index.js',
  ]);
  for (const file of versionReaders) assert.doesNotMatch(upstream(file), /versionMetadata\.docs\b/, file);
});

test("no category index page of the site's sidebars lists a doc, whose card would find no description", () => {
  const legacy = JSON.parse(readFileSync(path.join(siteDir, 'versioned_sidebars/version-1.0.0-sidebars.json'), 'utf8')) as unknown;
  type Node = {type?: string; link?: {type?: string}; items?: Node[]} | string;
  const offending: string[] = [];
  const walk = (node: Node): void => {
    if (typeof node !== 'object' || !node.items) return;
    if (node.link?.type === 'generated-index') {
      for (const item of node.items)
        if (typeof item === 'string' || item.type === 'doc' || item.type === 'ref') offending.push(JSON.stringify(item));
    }
    node.items.forEach(walk);
  };
  for (const items of [...Object.values(sidebars), ...Object.values(legacy as Record<string, Node[]>)]) (items as Node[]).forEach(walk);
  assert.deepEqual(offending, []);
});

test('a card takes the description its page gives it, unless its sidebar item has one', () => {
  const link = (docId: string, description?: string): PropSidebarItem => ({
    type: 'link',
    href: `/docs/3.0.0/${docId}`,
    label: docId,
    docId,
    ...(description ? {description} : {}),
  });
  const category: PropSidebarItem = {type: 'category', label: 'Nested', items: [], collapsed: false, collapsible: true};
  const items = [link('api/a'), link('api/b', 'Own.'), link('api/c'), category];
  assert.deepEqual(withCardDescriptions(items, {'api/a': 'From the page.', 'api/b': 'Not used.'}), [
    link('api/a', 'From the page.'),
    link('api/b', 'Own.'),
    link('api/c'),
    category,
  ]);
});

const pluginCardList =
  "```mdx-code-block\nimport DocCardList from '@theme/DocCardList';\nimport {useCurrentSidebarCategory} from '@docusaurus/theme-common';\n\n<DocCardList items={useCurrentSidebarCategory().items}/>\n```\n";

test("the plugin's tag page template still ends with the card list the generation replaces", () => {
  // The template is a template literal there, its backticks escaped.
  assert.ok(upstream('docusaurus-plugin-openapi-docs/lib/index.js').includes(pluginCardList.trimEnd().replaceAll('`', '\\`')));
});

test('each generated tag page renders its cards with the descriptions of its operations, from their pages', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'tag-page-cards-'));
  const page = (id: string, description: string, body = '') =>
    `---\n# Generated\nid: ${id}\ntitle: "${id}"\ndescription: ${JSON.stringify(description)}\n---\n\n${body}`;
  writeFileSync(path.join(folder, 'orders.tag.mdx'), page('orders', 'Orders.', `About orders.\n\n${pluginCardList}`));
  writeFileSync(path.join(folder, 'capture.api.mdx'), page('capture', 'Captures money: "in full" or in part.'));
  writeFileSync(path.join(folder, 'refund.api.mdx'), page('refund', ''));
  const sidebar = [
    {type: 'doc', id: 'api/info'},
    {
      type: 'category',
      label: 'Orders',
      link: {type: 'doc', id: 'api/orders'},
      items: [
        {type: 'doc', id: 'api/capture'},
        {type: 'doc', id: 'api/refund'},
      ],
    },
  ];
  assert.equal(writeTagPageCards(folder, sidebar), 1);
  const written = readFileSync(path.join(folder, 'orders.tag.mdx'), 'utf8');
  assert.ok(written.includes("import TagPageCards from '@site/src/components/TagPageCards';"));
  assert.ok(written.includes(`<TagPageCards descriptions={${JSON.stringify({'api/capture': 'Captures money: "in full" or in part.'})}}/>`));
  assert.ok(!written.includes('DocCardList'));
  assert.ok(written.startsWith(page('orders', 'Orders.', 'About orders.')));
});

test('a tag page that no category opens, or without the card list, stops the generation', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'tag-page-cards-'));
  writeFileSync(path.join(folder, 'orders.tag.mdx'), `---\nid: orders\ndescription: "Orders."\n---\n\n${pluginCardList}`);
  assert.throws(() => writeTagPageCards(folder, []), /1 tag pages, 0 of them open a category/);
  assert.throws(() => withTagPageCards('---\nid: orders\n---\n\nNo cards.\n', {}, 'orders.tag.mdx'), /no card list/);
});
