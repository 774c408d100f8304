/**
 * src/plugins/route-sections: the browser's route table without the generated APIs' routes, each
 * API a section loaded before a path in it is matched. The tables are written by Docusaurus's own
 * codegen, so a change of its format fails here; the shell and the sections, evaluated as the
 * browser would, must give back the whole table.
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import type {RouteConfig} from '@docusaurus/types';
import {
  carriedGlobalData,
  carriedVersionProps,
  planGlobalDocs,
  corePreloadExport,
  coreClientApiExport,
  generatedModule,
  planFromSources,
  readGeneratedSources,
  sectionAwareClientApi,
  sectionAwarePreload,
} from '../../src/plugins/route-sections/loaders';
import {commonPathPrefix, parseGeneratedRoutes, type GeneratedRoute} from '../../src/plugins/route-sections/plan';
import {withSectionChunks} from '../../src/plugins/route-sections/manifest';
import {
  chunkAssetRuntimeCode,
  sectionChunksStatement,
  sectionOfChunk,
  shellChunkIds,
  withSectionChunkParts,
  withoutChunkFiles,
  withoutUpstreamChunkAssetPlugin,
} from '../../src/plugins/route-sections/chunk-asset';
import {isWithin, sectionFor} from '../../src/plugins/route-sections/section-paths';
import {
  addSectionGlobalDocs,
  addSectionProps,
  isRouteSectionLoaded,
  loadRouteSection,
  registerRouteSections,
  withSectionGlobalDocs,
  withSectionProps,
} from '../../src/plugins/route-sections/client';
import routeSectionsPlugin, {docIdsNamedBy, sectionFolders} from '../../src/plugins/route-sections';
import {navbar} from '../../config/navbar';

const require = createRequire(import.meta.url);
const {generateRouteFiles} = require('@docusaurus/core/lib/server/codegen/codegenRoutes.js') as {
  generateRouteFiles: (options: {generatedFilesDir: string; routes: RouteConfig[]}) => Promise<void>;
};
const siteDir = path.resolve(import.meta.dirname, '../..');
const coreClient = (file: string) => readFileSync(path.join(siteDir, 'node_modules/@docusaurus/core/lib/client', file), 'utf8');

const doc = (routePath: string, content: string, sidebar = 'docs'): RouteConfig =>
  ({
    path: routePath,
    component: '@theme/DocItem',
    exact: true,
    modules: {content},
    sidebar,
  }) as RouteConfig;

/** The 3.0.0 props module, as the docs plugin names it in the generated folder. */
const versionProps = 'docusaurus-plugin-content-docs/default/p/docs-3-0-0-a2b.json';

/**
 * A site like this one: pages, a versioned docs tree whose 3.0.0 DocRoot holds guides, Tessera's
 * API (in the main sidebar) and an added API (in a sidebar of its own).
 */
const siteRoutes: RouteConfig[] = [
  {path: '/', component: '@site/src/pages/index.tsx', exact: true},
  {
    path: '/docs',
    component: '@theme/DocsRoot',
    routes: [
      {
        path: '/docs/3.0.0',
        component: '@theme/DocVersionRoot',
        modules: {__props: `@generated/${versionProps}`},
        routes: [
          {
            path: '/docs/3.0.0',
            component: '@theme/DocRoot',
            routes: [
              doc('/docs/3.0.0/guides/start', '@site/docs/guides/start.mdx'),
              doc('/docs/3.0.0/api/create-session', '@site/docs/api/create-session.api.mdx'),
              doc('/docs/3.0.0/api/payments', '@site/docs/api/payments.tag.mdx'),
              doc('/docs/3.0.0/api/adyen/payments', '@site/docs/api/adyen/payments.api.mdx', 'api-adyen'),
              doc('/docs/3.0.0/api/adyen/refunds', '@site/docs/api/adyen/refunds.api.mdx', 'api-adyen'),
              doc('/docs/3.0.0/errors/not-found', '@site/docs/errors/not-found.mdx'),
            ],
          },
        ],
      },
    ],
  },
];
const folders = ['docs/api', 'docs/api/adyen'];

/** The 3.0.0 props the docs plugin writes for siteRoutes: both sidebars and each doc's entry. */
const writtenVersionProps = {
  version: {
    pluginId: 'default',
    version: 'current',
    docsSidebars: {
      docs: [{type: 'link', href: '/docs/3.0.0/guides/start', label: 'Start', docId: 'guides/start'}],
      'api-adyen': [
        {type: 'link', href: '/docs/3.0.0/guides/start', label: 'All API references', docId: 'guides/start'},
        {type: 'link', href: '/docs/3.0.0/api/adyen/payments', label: 'Payments', docId: 'api/adyen/payments'},
      ],
    },
    docs: {
      'guides/start': {id: 'guides/start', title: 'Start', sidebar: 'docs'},
      'api/create-session': {id: 'api/create-session', title: 'Create a session', sidebar: 'docs'},
      'api/adyen/payments': {id: 'api/adyen/payments', title: 'Payments', sidebar: 'api-adyen'},
      'api/adyen/refunds': {id: 'api/adyen/refunds', title: 'Refunds', sidebar: 'api-adyen'},
    },
  },
};

/**
 * The docs plugin's global data for siteRoutes, with a 1.0.0 version whose shell page shares an
 * id with one of the added API's pages (the version menu links namesakes across versions).
 */
const writtenGlobalData = {
  'docusaurus-plugin-content-docs': {
    default: {
      path: '/docs',
      versions: [
        {
          name: 'current',
          mainDocId: 'guides/start',
          docs: [
            {id: 'guides/start', path: '/docs/3.0.0/guides/start', sidebar: 'docs'},
            {id: 'api/create-session', path: '/docs/3.0.0/api/create-session', sidebar: 'docs'},
            {id: 'api/adyen/payments', path: '/docs/3.0.0/api/adyen/payments', sidebar: 'api-adyen'},
            {id: 'api/adyen/refunds', path: '/docs/3.0.0/api/adyen/refunds', sidebar: 'api-adyen'},
          ],
        },
        {
          name: '1.0.0',
          mainDocId: 'api/adyen/payments',
          docs: [{id: 'api/adyen/payments', path: '/docs/1.0.0/api/adyen/payments', sidebar: 'docs'}],
        },
      ],
    },
  },
  'other-plugin': {default: {versions: 'left alone'}},
};

async function writtenByDocusaurus(routes: RouteConfig[]): Promise<string> {
  const generatedFilesDir = mkdtempSync(path.join(tmpdir(), 'tessera-route-sections-'));
  await generateRouteFiles({generatedFilesDir, routes});
  mkdirSync(path.dirname(path.join(generatedFilesDir, versionProps)), {recursive: true});
  writeFileSync(path.join(generatedFilesDir, versionProps), JSON.stringify(writtenVersionProps));
  writeFileSync(path.join(generatedFilesDir, 'globalData.json'), JSON.stringify(writtenGlobalData));
  return generatedFilesDir;
}

/**
 * Evaluates the ES modules the loader writes, as the bundler would link them: imports by request,
 * `import()` as a promise of the module, `require.resolveWeak` as the request.
 */
function moduleSystem(dir: string) {
  const cache = new Map<string, unknown>();
  // What the runtime gives modules: where a section hands over its chunks' ids and files (./chunk-asset.ts).
  const webpackRequire = {routeSectionChunks: (part: unknown) => part};
  const registered: {prefix: string; routes: unknown[]; load: () => Promise<{default: unknown[]}>}[] = [];
  const shared: Record<string, unknown> = {
    '@docusaurus/ComponentCreator': {default: (p: string, hash?: string) => ({creator: hash === undefined ? [p] : [p, hash]})},
  };
  const evaluate = (request: string): unknown => {
    if (request in shared) return shared[request];
    if (cache.has(request)) return cache.get(request);
    const [file, query = ''] = request.split('?');
    const base = path.basename(file!) as 'routes.js' | 'registry.js' | 'routesChunkNames.json';
    const options = {sectionFolders: folders, clientModule: 'client'};
    const resourceQuery = query ? `?${query}` : '';
    const source = file!.endsWith(versionProps)
      ? carriedVersionProps(readFileSync(file!, 'utf8'), resourceQuery, versionProps, dir, options)
      : file!.endsWith('globalData.json')
        ? carriedGlobalData(readFileSync(file!, 'utf8'), resourceQuery, dir, options)
        : generatedModule(base, resourceQuery, readGeneratedSources(dir), dir, options);
    if (base === 'routesChunkNames.json') {
      const value = {default: JSON.parse(source) as unknown};
      cache.set(request, value);
      return value;
    }
    const body = source
      .replace(/^import (\w+) from (['"][^'"]+['"]);$/gm, 'const $1 = load($2).default;')
      .replace(/^import \{([\w, ]+)\} from (['"][^'"]+['"]);$/gm, 'const {$1} = load($2);')
      .replace(/^import (['"][^'"]+['"]);$/gm, 'load($1);')
      .replace(/\(\) => import\(/g, '() => dynamicImport(')
      .replace(/require\.resolveWeak\(/g, '(')
      .replace(/^export default /m, 'exports.default = ');
    const exports: {default?: unknown} = {};
    cache.set(request, exports);
    new Function('load', 'dynamicImport', 'exports', '__webpack_require__', body)(
      evaluate,
      (r: string) => Promise.resolve(evaluate(r)),
      exports,
      webpackRequire,
    );
    return exports;
  };
  shared.client = {
    registerRouteSections: (added: typeof registered) => registered.push(...added),
    addSectionProps,
    withSectionProps,
    addSectionGlobalDocs,
    withSectionGlobalDocs,
  };
  shared['@generated/routesChunkNames'] = undefined;
  shared['@generated/registry'] = undefined;
  return {
    evaluate,
    registered,
    alias(aliasRequest: string, request: string) {
      Object.defineProperty(shared, aliasRequest, {get: () => evaluate(request), enumerable: true});
    },
  };
}

const withoutComponents = (routes: GeneratedRoute[]): unknown =>
  routes.map(({routes: children, ...route}) => (children ? {...route, routes: withoutComponents(children)} : route));
const sortedPaths = (routes: {path: string}[]) => routes.map((route) => route.path).sort();

test('each generated API becomes a section under its own path; guides, errors and every parent stay in the shell', async () => {
  const dir = await writtenByDocusaurus(siteRoutes);
  const {plan} = planFromSources(readGeneratedSources(dir), folders);
  assert.deepEqual(
    plan.sections.map((section) => [section.key, section.prefix, sortedPaths(section.routes)]),
    [
      ['docs-api', '/docs/3.0.0/api', ['/docs/3.0.0/api/create-session', '/docs/3.0.0/api/payments']],
      ['docs-api-adyen', '/docs/3.0.0/api/adyen', ['/docs/3.0.0/api/adyen/payments', '/docs/3.0.0/api/adyen/refunds']],
    ],
  );
  const docRoot = plan.shellRoutes[1]!.routes![0]!.routes![0]!;
  assert.deepEqual(sortedPaths(docRoot.routes!), ['/docs/3.0.0/errors/not-found', '/docs/3.0.0/guides/start']);
  // The chunk every doc shares (DocItem) stays in the shell's registry; each page's content goes with its section.
  const owners = [...plan.registryOwner.values()].sort();
  assert.deepEqual(owners, ['docs-api', 'docs-api', 'docs-api-adyen', 'docs-api-adyen']);
});

test('the shell and its sections, evaluated as the browser links them, give back the whole table and every chunk', async () => {
  const dir = await writtenByDocusaurus(siteRoutes);
  const original = parseGeneratedRoutes(readFileSync(path.join(dir, 'routes.js'), 'utf8'));
  const originalChunkNames = JSON.parse(readFileSync(path.join(dir, 'routesChunkNames.json'), 'utf8')) as Record<string, unknown>;
  const modules = moduleSystem(dir);
  modules.alias('@generated/routesChunkNames', path.join(dir, 'routesChunkNames.json'));
  modules.alias('@generated/registry', path.join(dir, 'registry.js'));
  const shell = (modules.evaluate(path.join(dir, 'routes.js')) as {default: GeneratedRoute[]}).default;
  const registry = (modules.evaluate(path.join(dir, 'registry.js')) as {default: Record<string, unknown>}).default;
  const chunkNames = (modules.evaluate(path.join(dir, 'routesChunkNames.json')) as {default: Record<string, unknown>}).default;
  assert.equal(modules.registered.length, 2);
  assert.ok(Object.keys(chunkNames).length < Object.keys(originalChunkNames).length, 'the shell lacks the sections’ entries');

  for (const section of modules.registered) section.routes.push(...(await section.load()).default);
  // Each section hands the runtime its chunks' ids and files: the placeholder the build replaces (./chunk-asset.ts).
  for (const key of ['docs-api', 'docs-api-adyen']) {
    const source = generatedModule('routes.js', `?route-section=${key}`, readGeneratedSources(dir), dir, {
      sectionFolders: folders,
      clientModule: 'client',
    });
    assert.ok(source.includes(sectionChunksStatement(key)), key);
  }

  const inOrder = (routes: GeneratedRoute[]): GeneratedRoute[] =>
    [...routes]
      .sort((a, b) => a.path.localeCompare(b.path))
      .map((route) => (route.routes ? {...route, routes: inOrder(route.routes)} : route));
  assert.deepEqual(withoutComponents(inOrder(shell)), withoutComponents(inOrder(original)));
  assert.deepEqual(chunkNames, originalChunkNames);
  const registryLines = readFileSync(path.join(dir, 'registry.js'), 'utf8').match(/^ {2}"[^"]+"/gm)!;
  assert.deepEqual(Object.keys(registry).sort(), registryLines.map((line) => line.trim().slice(1, -1)).sort());
  // The version's props and the global data, evaluated after the sections, have every sidebar and doc back.
  assert.deepEqual((modules.evaluate(path.join(dir, versionProps)) as {default: unknown}).default, writtenVersionProps);
  assert.deepEqual((modules.evaluate(path.join(dir, 'globalData.json')) as {default: unknown}).default, writtenGlobalData);
});

test('a sidebar that only one section’s pages show travels with that section, with its docs’ entries', async () => {
  const dir = await writtenByDocusaurus(siteRoutes);
  // The main sidebar is shown by the shell's guides and Tessera's API section alike: it stays.
  assert.deepEqual(
    planFromSources(readGeneratedSources(dir), folders).sidebars,
    new Map([[versionProps, new Map([['api-adyen', 'docs-api-adyen']])]]),
  );
  const modules = moduleSystem(dir);
  modules.alias('@generated/routesChunkNames', path.join(dir, 'routesChunkNames.json'));
  modules.alias('@generated/registry', path.join(dir, 'registry.js'));
  modules.evaluate(path.join(dir, 'routes.js'));
  const props = (modules.evaluate(path.join(dir, versionProps)) as {default: typeof writtenVersionProps}).default;
  assert.deepEqual(Object.keys(props.version.docsSidebars), ['docs']);
  assert.deepEqual(Object.keys(props.version.docs).sort(), ['api/create-session', 'guides/start']);
  // Tessera's section carries no part of the props; the added API's brings its sidebar back.
  const [tessera, adyen] = modules.registered;
  await tessera!.load();
  assert.deepEqual(Object.keys(props.version.docsSidebars), ['docs']);
  await adyen!.load();
  assert.deepEqual(props, writtenVersionProps);
});

test('the global data entries of a section’s docs travel with it; a group of namesakes stays whole', async () => {
  const dir = await writtenByDocusaurus(siteRoutes);
  const modules = moduleSystem(dir);
  modules.alias('@generated/routesChunkNames', path.join(dir, 'routesChunkNames.json'));
  modules.alias('@generated/registry', path.join(dir, 'registry.js'));
  const globalData = (modules.evaluate(path.join(dir, 'globalData.json')) as {default: typeof writtenGlobalData}).default;
  modules.evaluate(path.join(dir, 'routes.js'));
  const ids = () => globalData['docusaurus-plugin-content-docs'].default.versions.map((version) => version.docs.map((doc) => doc.id));
  // Refunds moves; payments stays, for its 1.0.0 namesake is a page of the shell.
  assert.deepEqual(ids(), [['guides/start', 'api/create-session', 'api/adyen/payments'], ['api/adyen/payments']]);
  assert.deepEqual(globalData['other-plugin'], writtenGlobalData['other-plugin']);
  for (const section of modules.registered) await section.load();
  assert.deepEqual(globalData, writtenGlobalData);
});

test('docs the theme names, versions’ main docs and shell namesakes keep their global data in main.js', () => {
  const doc = (id: string, sidebar: string) => ({id, path: `/docs/${id}`, sidebar});
  const data = {
    'docusaurus-plugin-content-docs': {
      default: {
        versions: [
          {
            name: 'current',
            mainDocId: 'api/x/main',
            docs: [doc('api/x/main', 'api-x'), doc('api/x/a', 'api-x'), doc('api/x/navbar', 'api-x'), doc('api/x/b', 'api-x')],
          },
          {name: '1.0.0', mainDocId: 'api/tessera', docs: [doc('api/tessera', 'docs'), doc('api/x/b', 'api-x-old')]},
        ],
      },
    },
  };
  const carried = new Map([
    ['default/current', new Map([['api-x', 'docs-api-x']])],
    ['default/1.0.0', new Map([['api-x-old', 'v1-api-x']])],
  ]);
  const {shell, parts} = planGlobalDocs(data, carried, ['api/x/navbar']);
  const shellIds = shell['docusaurus-plugin-content-docs']!.default!.versions!.map((version) => version.docs.map((entry) => entry.id));
  assert.deepEqual(shellIds, [['api/x/main', 'api/x/navbar'], ['api/tessera']]);
  // api/x/b is in a carried sidebar in both versions: each of the two sections brings both entries.
  assert.deepEqual(parts.get('docs-api-x'), {
    default: {current: [doc('api/x/a', 'api-x'), doc('api/x/b', 'api-x')], '1.0.0': [doc('api/x/b', 'api-x-old')]},
  });
  assert.deepEqual(parts.get('v1-api-x'), {default: {current: [doc('api/x/b', 'api-x')], '1.0.0': [doc('api/x/b', 'api-x-old')]}});
});

test('in the browser, a section’s part of the props joins them whether the section or the props module evaluates first', () => {
  const part = {docsSidebars: {'api-x': [{type: 'link'}]}, docs: {'api/x/a': {id: 'api/x/a'}}};
  const propsLater = {version: {docsSidebars: {docs: []}, docs: {'guides/start': {id: 'guides/start'}}}};
  addSectionProps('props-later', part);
  assert.equal(withSectionProps('props-later', propsLater), propsLater);
  assert.deepEqual(propsLater.version, {
    docsSidebars: {docs: [], ...part.docsSidebars},
    docs: {'guides/start': {id: 'guides/start'}, ...part.docs},
  });
  const propsFirst = {version: {docsSidebars: {docs: []}, docs: {}}};
  withSectionProps('props-first', propsFirst);
  assert.deepEqual(propsFirst.version.docsSidebars, {docs: []});
  addSectionProps('props-first', part);
  assert.deepEqual(propsFirst.version, {docsSidebars: {docs: [], ...part.docsSidebars}, docs: part.docs});
});

test('routes that cannot be told apart by path stay in the shell', async () => {
  // A section whose parent is at or below its prefix would be loaded by every page of that parent.
  const inRoot = await writtenByDocusaurus([
    {
      path: '/docs',
      component: '@theme/DocRoot',
      routes: [doc('/docs/a', '@site/docs/api/a.api.mdx'), doc('/docs/b', '@site/docs/api/b.api.mdx')],
    },
  ]);
  assert.deepEqual(planFromSources(readGeneratedSources(inRoot), ['docs/api']).plan.sections, []);
  // A sibling that is not exact could match a section's path before its own route joins the table.
  const withCatchAll = await writtenByDocusaurus([
    {
      path: '/docs',
      component: '@theme/DocRoot',
      routes: [doc('/docs/api/a', '@site/docs/api/a.api.mdx'), {path: '/docs/api', component: '@theme/Other'}],
    },
  ]);
  assert.deepEqual(planFromSources(readGeneratedSources(withCatchAll), ['docs/api']).plan.sections, []);
});

test('a path finds the deepest section it lies in, as react-router matches it', () => {
  const sections = [{prefix: '/docs/3.0.0/api'}, {prefix: '/docs/3.0.0/api/adyen'}];
  assert.equal(sectionFor(sections, '/docs/3.0.0/api/adyen/payments'), sections[1]);
  assert.equal(sectionFor(sections, '/docs/3.0.0/API/Adyen/'), sections[1]);
  assert.equal(sectionFor(sections, '/docs/3.0.0/api/adyenx'), sections[0]);
  assert.equal(sectionFor(sections, '/docs/3.0.0/apis'), undefined);
  assert.equal(isWithin('/docs/3.0.0/api', '/docs/3.0.0/api'), true);
  assert.equal(commonPathPrefix(['/docs/3.0.0/api/a', '/docs/3.0.0/api/b/c']), '/docs/3.0.0/api');
  assert.equal(commonPathPrefix(['/docs/3.0.0/api/a']), '/docs/3.0.0/api/a');
});

test('in the browser, a section loads once, before its path is matched, and again after a failed download', async () => {
  const parent: RouteConfig[] = [];
  let downloads = 0;
  let fail = true;
  registerRouteSections([
    {
      prefix: '/docs/9.9.9/api',
      routes: parent as never,
      load: () => {
        downloads += 1;
        if (fail) return Promise.reject(new Error('offline'));
        return Promise.resolve({default: [{path: '/docs/9.9.9/api/x', exact: true}]});
      },
    },
  ]);
  assert.equal(isRouteSectionLoaded('/docs/9.9.9/guide'), true, 'a path in no section needs nothing');
  assert.equal(isRouteSectionLoaded('/docs/9.9.9/api/x'), false);
  await assert.rejects(loadRouteSection('/docs/9.9.9/api/x'), /offline/);
  fail = false;
  await Promise.all([loadRouteSection('/docs/9.9.9/api/x'), loadRouteSection('/docs/9.9.9/api/%78')]);
  await loadRouteSection('/docs/9.9.9/API/x');
  assert.equal(downloads, 2);
  assert.deepEqual(parent, [{path: '/docs/9.9.9/api/x', exact: true}]);
  assert.equal(isRouteSectionLoaded('/docs/9.9.9/api/x'), true);
});

test('Docusaurus’s preload and client API still have the one statement the loader rewrites', () => {
  const preload = sectionAwarePreload(coreClient('preload.js'), '/client.ts');
  assert.equal(preload.split(corePreloadExport).length, 2, 'one default export, the wrapper');
  assert.ok(preload.includes('function preloadMatched(pathname) {'));
  assert.match(
    preload,
    /export default function preload\(pathname\) \{\n {2}return loadRouteSection\(pathname\)\.then\(\(\) => preloadMatched\(pathname\)\);/,
  );
  // preload matched the routes itself, synchronously, when it was checked; the wrapper relies on it.
  assert.match(coreClient('preload.js'), /matchRoutes\(routes, p\)/);
  const clientApi = sectionAwareClientApi(coreClient('docusaurus.js'), '/client.ts');
  assert.ok(!clientApi.includes(coreClientApiExport));
  assert.match(clientApi, /isRouteSectionLoaded\(routePath\) \? prefetch\(routePath\) : false/);
  assert.throws(() => sectionAwarePreload('export default async function preload(pathname) {}', '/c.ts'), /preload\.js no longer has/);
});

test('a section page’s HTML names the section’s chunk; pages of the shell do not', () => {
  const sectionRequest = '/site/.docusaurus/routes.js?route-section=docs-api';
  const manifest = withSectionChunks(
    {
      entrypoints: ['main'],
      assets: {},
      origins: {'@site/docs/api/create-session.api.mdx': [10, 11], '@theme/DocItem': [12], '@site/docs/guides/start.mdx': [13]},
    },
    [
      {request: sectionRequest, chunkIds: [40], importer: '/site/.docusaurus/routes.js'},
      {
        request: '@site/docs/api/create-session.api.mdx',
        chunkIds: [10, 11],
        importer: '/site/.docusaurus/registry.js?route-section=docs-api',
      },
      {request: '@theme/DocItem', chunkIds: [12], importer: '/site/.docusaurus/registry.js'},
      {request: '@theme/DocItem', chunkIds: [12], importer: '/site/.docusaurus/registry.js?route-section=docs-api'},
      {request: '@site/docs/guides/start.mdx', chunkIds: [13], importer: '/site/.docusaurus/registry.js'},
    ],
  );
  assert.deepEqual(manifest.origins, {
    '@site/docs/api/create-session.api.mdx': [10, 11, 40],
    '@theme/DocItem': [12],
    '@site/docs/guides/start.mdx': [13],
  });
});

test('the sections are the output folders of config/openapi.ts, and only the production browser build reads the tables through the loader', async () => {
  assert.ok(sectionFolders().includes('docs/api'));
  // The navbar's doc links, which the theme looks up on every page, keep their global data in main.js.
  assert.deepEqual(docIdsNamedBy({navbar}).sort(), [
    'api/tessera-api',
    'guides/guides/quick_guides/payment_steps/create_payment_session',
    'sdk/sdk/intro',
  ]);
  // A site whose added API is in the main sidebar: no section carries a sidebar.
  const inOneSidebar = JSON.parse(JSON.stringify(siteRoutes).replaceAll('"api-adyen"', '"docs"')) as RouteConfig[];
  const generatedFilesDir = await writtenByDocusaurus(inOneSidebar);
  const plugin = routeSectionsPlugin({generatedFilesDir});
  const configure = plugin.configureWebpack as unknown as (
    config: {mode: string; plugins?: object[]},
    isServer: boolean,
    utils: {currentBundler: {instance: unknown}},
  ) => {module?: {rules: {test: string; enforce?: string; type?: string}[]}; plugins?: object[]};
  class ChunkAssetPlugin {}
  const utils = {currentBundler: {instance: require('@rspack/core') as unknown}};
  const clientConfig = () => ({mode: 'production', plugins: [new ChunkAssetPlugin()]});
  assert.deepEqual(configure({mode: 'production'}, true, utils), {});
  assert.deepEqual(configure({mode: 'development'}, false, utils), {});
  const config = clientConfig();
  const configured = configure(config, false, utils);
  // Docusaurus's map of every chunk name gives way to the sections' own.
  assert.deepEqual(config.plugins, []);
  assert.equal(configured.plugins!.length, 2);
  const rules = configured.module!.rules;
  assert.deepEqual(
    rules.map((rule) => (rule.test.startsWith(generatedFilesDir) ? path.relative(generatedFilesDir, rule.test) : path.basename(rule.test))),
    ['routes.js', 'routesChunkNames.json', 'registry.js', 'preload.js', 'docusaurus.js'],
  );
  // With an added API in a sidebar of its own, its version's props module and the global data are read last, as JavaScript.
  const dir = await writtenByDocusaurus(siteRoutes);
  const withAddedApi = routeSectionsPlugin({generatedFilesDir: dir}).configureWebpack as unknown as typeof configure;
  const lastRules = withAddedApi(clientConfig(), false, utils).module!.rules.slice(5);
  assert.deepEqual(
    lastRules.map((rule) => ({...rule, use: undefined})),
    [versionProps, 'globalData.json'].map((file) => ({
      test: path.join(dir, file),
      enforce: 'post',
      type: 'javascript/auto',
      use: undefined,
    })),
  );
});

test('the runtime maps the shell’s chunks; a section brings its own chunks’ ids and files, which the build writes in', () => {
  const idToName = {'101': 'a1b2c3d4', '102': 'e5f6a7b8', '103': 'c9d0e1f2'};
  const sectionNames = new Set(['e5f6a7b8', 'c9d0e1f2']);
  assert.deepEqual(shellChunkIds(idToName, sectionNames), {a1b2c3d4: '101'});
  // The bundler's runtime, minified, with its chunk-file map; then ours.
  const bundlerRuntime = 'var i={};i.p="/",i.u=e=>"assets/js/"+({101:"aaaa",102:"bbbb","x-y":"cccc"})[e]+".js";';
  const {source, removed} = withoutChunkFiles(bundlerRuntime, new Set(['102']));
  assert.deepEqual(removed, ['102']);
  assert.equal(source, 'var i={};i.p="/",i.u=e=>"assets/js/"+({101:"aaaa","x-y":"cccc"})[e]+".js";');
  assert.deepEqual(withoutChunkFiles('i.u=e=>""+e+".js"', new Set(['102'])).removed, []);
  // Numeric keys as the minifier shortens them.
  const shortened = withoutChunkFiles('i.u=e=>"assets/js/"+({1e3:"aaaa",0x3e9:"bbbb",1002:"cccc"})[e]+".js"', new Set(['1000', '1001']));
  assert.deepEqual(shortened.removed, ['1000', '1001']);
  assert.match(shortened.source, /\(\{1002:"cccc"\}\)/);
  const ours = chunkAssetRuntimeCode(idToName, sectionNames, {
    publicPath: '__webpack_require__.p',
    getChunkScriptFilename: '__webpack_require__.u',
  });
  const runtime = new Function(`${source.replace(/\bi\b/g, '__webpack_require__')}\n${ours}\nreturn __webpack_require__;`)() as {
    u(id: string): string;
    gca(name: string): string;
    routeSectionChunks(part: unknown): void;
  };
  assert.equal(runtime.gca('a1b2c3d4'), '/assets/js/aaaa.js');
  // Before its section loads, a section chunk is unknown (Docusaurus skips a file named "undefined").
  assert.equal(runtime.gca('e5f6a7b8'), '/assets/js/undefined.js');
  // The section's statement as the build leaves it in the minified chunk, then run.
  const minified = `n.routeSectionChunks(${JSON.stringify('route-section-chunks:docs-api-adyen')})`;
  const part = {ids: {e5f6a7b8: '102'}, files: {'102': 'assets/js/bbbb.js'}};
  const filled = withSectionChunkParts(minified, (key) => (key === 'docs-api-adyen' ? part : undefined));
  assert.equal(filled, `n.routeSectionChunks(${JSON.stringify(part)})`);
  new Function('n', filled)(runtime);
  assert.equal(runtime.gca('e5f6a7b8'), '/assets/js/bbbb.js');
  assert.equal(runtime.u('102'), 'assets/js/bbbb.js');
  assert.equal(runtime.u('101'), 'assets/js/aaaa.js');
  assert.throws(() => withSectionChunkParts(`f('route-section-chunks:gone')`, () => undefined), /does not know/);
  assert.equal(sectionChunksStatement('docs-api'), '__webpack_require__.routeSectionChunks("route-section-chunks:docs-api");');
});

test('a chunk is a section’s when every import that loads it is in that section’s registry', () => {
  const registry = (key: string) => `/site/.docusaurus/registry.js?route-section=${key}`;
  assert.equal(sectionOfChunk([registry('docs-api'), registry('docs-api')]), 'docs-api');
  assert.equal(sectionOfChunk([registry('docs-api'), '/site/.docusaurus/registry.js']), undefined);
  assert.equal(sectionOfChunk([registry('docs-api'), registry('docs-api-adyen')]), undefined);
  assert.equal(sectionOfChunk([]), undefined);
});

test('Docusaurus’s ChunkAssetPlugin is in its client config once, and is what the plugin replaces', () => {
  class ChunkAssetPlugin {}
  class Other {}
  const kept = withoutUpstreamChunkAssetPlugin([new Other(), new ChunkAssetPlugin(), new Other()]);
  assert.equal(kept.length, 2);
  assert.throws(() => withoutUpstreamChunkAssetPlugin([new Other()]), /expected one ChunkAssetPlugin/);
  const client = readFileSync(path.join(siteDir, 'node_modules/@docusaurus/core/lib/webpack/client.js'), 'utf8');
  assert.match(client, /new ChunkAssetPlugin_1\.default\(\)/);
  const upstream = readFileSync(path.join(siteDir, 'node_modules/@docusaurus/core/lib/webpack/plugins/ChunkAssetPlugin.js'), 'utf8');
  assert.match(upstream, /class ChunkAssetPlugin \{/);
  // What docusaurus.js's prefetch relies on: gca of a name, and a file with "undefined" in it skipped.
  assert.match(coreClient('docusaurus.js'), /__webpack_require__\.gca\(chunkName\)/);
});
