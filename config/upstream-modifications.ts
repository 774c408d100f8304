/**
 * Every place this site changes what an upstream package does: the one list to read before an
 * upgrade. PERFORMANCE.md's table is written from it (scripts/write-performance-md.ts), and
 * tests/unit/upstream-modifications.test.ts hashes each upstream file: when an upgrade changes
 * one, the test names the file and our module to re-check against the new version, and asks for
 * the new hash here once that is done.
 *
 * `gain` is what the change measured when it was made (first-load JS at gzip level 9, main-thread
 * time on this machine's Chromium, or the accessibility finding it fixes). For a performance entry,
 * PERFORMANCE.md puts first what its unit measured alone against the rest of the layer
 * (`npm run bench:ledger`, bench/ledger.json); an entry whose unit shows no gain of its own goes.
 *
 * `purpose` splits the list in two. The `performance` entries are the performance layer, which
 * `TESSERA_STOCK=1` leaves out (config/performance-layer.ts); their theme components live in
 * src/plugins/performance-theme. The others are needed by the specification, accessibility or a
 * feature of the site, so both builds keep them (src/theme), and `keptBecause` says which.
 */

export type ModificationKind =
  /** A bundler alias or module replacement swaps the upstream module (or one of its imports). */
  | 'replaced module'
  /** Swizzled by wrapping: our component renders the upstream one (`@theme-original/…`). */
  | 'wrapped component'
  /** Swizzled by replacing: our component renders instead of the upstream one. */
  | 'replaced component'
  /** A Docusaurus option replaces an upstream file (the SSR template). */
  | 'replaced template'
  /** A plugin's build output is rewritten after it ran. */
  | 'patched output'
  /** A plugin's `configureWebpack` changes a bundler option Docusaurus sets (how it splits code). */
  | 'bundler option'
  /** What a plugin reads is prepared for it beforehand (the OpenAPI file the plugin generates from). */
  | 'prepared input';

/**
 * Why the site keeps a modification: the stock build drops exactly the `performance` ones. Each of
 * those belongs to a unit, the smallest set of entries that only work together: `TESSERA_WITHOUT=<unit>`
 * builds the site with that unit switched off and the rest of the layer on (config/performance-layer.ts),
 * which is how `npm run bench:ledger` measures each unit's own gain.
 */
export type ModificationPurpose =
  {purpose: 'performance'; unit: string} | {purpose: 'specification' | 'accessibility' | 'feature'; keptBecause: string};

export type UpstreamModification = ModificationPurpose & {
  /** The upstream package. */
  package: string;
  /** The upstream file, relative to node_modules. */
  upstreamFile: string;
  kind: ModificationKind;
  /** Our files that make the change. */
  ours: string[];
  why: string;
  gain: string;
  /** How to go back to the upstream behaviour. */
  switchOff: string;
  /**
   * Other upstream files our change relies on without replacing them (e.g. components that read
   * state through a hook we replace): the upgrade test hashes them too.
   */
  reliesOnFiles?: string[];
  /** Packages whose behaviour, not one file, our change relies on: the upgrade test fails when their version changes. */
  reliesOnVersions?: string[];
};

const openApiTheme = 'docusaurus-theme-openapi-docs';
const themeClassic = '@docusaurus/theme-classic';
const core = '@docusaurus/core';
const docsPlugin = '@docusaurus/plugin-content-docs';
const openApiThemeFile = (component: string) => `${openApiTheme}/lib/theme/${component}`;
const themeClassicFile = (component: string) => `${themeClassic}/lib/theme/${component}`;

const hydrateInPlace = 'src/plugins/hydrate-in-place/index.ts';
const searchLocalPlugin = 'src/plugins/search-local/index.ts';
/** Where the performance layer's theme components live (src/plugins/performance-theme/theme/<component>). */
const performanceThemeFile = (file: string) => `src/plugins/performance-theme/theme/${file}`;
/** A performance entry of the given unit (the id `TESSERA_WITHOUT` takes). */
const performance = (unit: string) => ({purpose: 'performance', unit}) as const;

/** A stand-in's unit id: its name in kebab case (PreloadInNextTask → preload-in-next-task). */
export const unitOfStandIn = (standIn: string) => standIn.replace(/(?<=[a-z])(?=[A-Z])/g, '-').toLowerCase();

/**
 * The stand-ins that split the client's start into shorter tasks: each alone was within noise,
 * together they measured a gain (bench/ledger-groups-latest.md), so they are one unit.
 */
const startupInSlices = 'startup-in-slices';

/** What src/plugins/hydrate-in-place installs: one of its stand-ins (stand-ins/<name>) swapped in for an upstream module. */
const hydrateInPlaceStandIn = (
  standIn: string,
  unit: string = unitOfStandIn(standIn),
): ReturnType<typeof performance> & Pick<UpstreamModification, 'kind' | 'ours' | 'switchOff'> => ({
  ...performance(unit),
  kind: 'replaced module',
  ours: [`src/plugins/hydrate-in-place/stand-ins/${standIn}`, hydrateInPlace],
  switchOff: `remove the ${standIn} line from ${hydrateInPlace}`,
});
const deleteSwizzle = (file: string) => `delete ${file}`;
const accessibility = {purpose: 'accessibility', keptBecause: 'An axe or keyboard finding on the stock theme.'} as const;
const waysBack = {
  purpose: 'specification',
  keptBecause: "Spec 8's error views, with the site's ways back that the route tests check.",
} as const;

/** The tab components that render only the selected tab. */
const selectedTabOnly = (component: string): UpstreamModification => ({
  ...performance('selected-tab-only'),
  package: openApiTheme,
  upstreamFile: openApiThemeFile(`${component}/index.js`),
  kind: 'wrapped component',
  ours: [performanceThemeFile(`${component}/index.tsx`), 'src/plugins/performance-theme/SelectedTabOnly'],
  why: 'Renders only the selected tab, so an operation page holds one variant of a schema at a time instead of all of them.',
  gain: 'Fewer elements to hydrate on operation pages with variants (not measured apart).',
  switchOff: deleteSwizzle(performanceThemeFile(`${component}/index.tsx`)),
});

export const upstreamModifications: UpstreamModification[] = [
  // The client entry and its helpers (src/plugins/hydrate-in-place).
  {
    package: core,
    upstreamFile: `${core}/lib/client/clientEntry.js`,
    ...hydrateInPlaceStandIn('PreloadInNextTask', startupInSlices),
    why: "The client entry's `./preload` import: the route is matched and hydration starts in a task after main.js has evaluated, not inside it.",
    gain: 'The three stand-ins of the unit (with IdlePrefetch and BrowserContextInTransition) were each within noise alone; the page loads measured them together too (`npm run bench:ledger -- --units preload-in-next-task+idle-prefetch+browser-context-in-transition`, 2026-11-25 09:36 UTC, bench/ledger-groups-latest.md): api 84 ms less blocking time, every run apart.',
  },
  {
    package: core,
    upstreamFile: `${core}/lib/client/docusaurus.js`,
    ...hydrateInPlaceStandIn('IdlePrefetch', startupInSlices),
    why: "The client entry's `./docusaurus` import (window.docusaurus): link prefetching runs in idle slices instead of while the page hydrates.",
    gain: 'Takes the matching of every visible link off the hydration task. See clientEntry.js.',
  },
  {
    package: core,
    upstreamFile: `${core}/lib/client/browserContext.js`,
    ...hydrateInPlaceStandIn('BrowserContextInTransition', startupInSlices),
    why: 'The switch of `useIsBrowser()` to true after hydration renders as a transition, in slices, instead of one task.',
    gain: 'Breaks the post-hydration re-render into interruptible slices. See clientEntry.js.',
  },
  {
    package: core,
    upstreamFile: `${core}/lib/client/preload.js`,
    ...hydrateInPlaceStandIn('PreloadInNextTask', startupInSlices),
    why: 'Imported by PreloadInNextTask through the `@tessera/docusaurus-preload` alias: the original, called a task later.',
    gain: 'See clientEntry.js.',
  },
  ...['ParamsDetails', 'RequestSchema', 'ResponseSchema'].map((component): UpstreamModification => ({
    package: openApiTheme,
    upstreamFile: openApiThemeFile(`${component}/index.js`),
    ...hydrateInPlaceStandIn('RenderEverywhere'),
    why: "Its `@docusaurus/BrowserOnly` renders on the server too, so the page's HTML holds the schema and the browser hydrates it instead of building it.",
    gain: 'create-session: about 19,000 elements and 0.5 s of main thread no longer built in the browser at once.',
  })),
  {
    package: themeClassic,
    upstreamFile: themeClassicFile('Details/index.js'),
    ...hydrateInPlaceStandIn('LazyDetails'),
    why: "Inside the OpenAPI theme's components only, a collapsed section's content renders once it is first opened.",
    gain: 'Nested schemas cost nothing until read (not measured apart).',
  },
  ...[
    themeClassicFile('Tabs/index.js'),
    themeClassicFile('CodeBlock/index.js'),
    ...['ApiTabs', 'DiscriminatorTabs', 'MimeTabs', 'OperationTabs', 'SchemaTabs', 'Tabs'].map((component) =>
      openApiThemeFile(`${component}/index.js`),
    ),
  ].map((upstreamFile): UpstreamModification => ({
    package: upstreamFile.startsWith(openApiTheme) ? openApiTheme : themeClassic,
    upstreamFile,
    ...hydrateInPlaceStandIn('NoRemountKey'),
    why: '`useIsBrowser()` is called only for a remount key; without it, every tab set and code block is not rebuilt after hydration.',
    gain: 'No rebuild of every tab and code block of a page after hydration (not measured apart).',
    // The sample language in the URL reaches a tab set through this file's layout effect, which needs no remount.
    ...(upstreamFile === themeClassicFile('Tabs/index.js') ? {reliesOnFiles: ['@docusaurus/theme-common/lib/utils/tabsUtils.js']} : {}),
  })),
  // Libraries kept out of first loads.
  {
    ...performance('prism-on-demand'),
    package: themeClassic,
    upstreamFile: `${themeClassic}/lib/prism-include-languages.js`,
    kind: 'replaced module',
    ours: [
      'src/plugins/prism-on-demand/no-startup-languages.js',
      'src/plugins/prism-on-demand/CodeHighlighter',
      'src/plugins/prism-on-demand/index.ts',
    ],
    why: 'The start-up client module that registers Prism languages becomes empty; Prism highlights on the server and loads in the browser only for code the HTML lacks.',
    gain: 'About 33 KB (prism-react-renderer) out of main.js.',
    switchOff:
      'remove src/plugins/prism-on-demand from config/performance-layer.ts and delete src/plugins/performance-theme/theme/CodeBlock/Content',
  },
  {
    ...performance('lean-utils-common'),
    package: '@docusaurus/utils-common',
    upstreamFile: '@docusaurus/utils-common/lib/index.js',
    kind: 'replaced module',
    ours: ['src/plugins/lean-utils-common/utils-common.js', 'src/plugins/lean-utils-common/index.ts'],
    why: "The browser imports the package's path helpers from the files that define them, without the index's tslib helpers.",
    gain: '3.9 KB (tslib) out of main.js.',
    switchOff: 'remove src/plugins/lean-utils-common from config/performance-layer.ts',
  },
  {
    ...performance('prerendered-diagrams'),
    package: '@docusaurus/theme-mermaid',
    upstreamFile: '@docusaurus/theme-mermaid/lib/client/index.js',
    kind: 'replaced module',
    ours: ['src/plugins/prerendered-diagrams/no-mermaid.js', 'src/plugins/prerendered-diagrams/index.ts', 'scripts/render-diagrams.ts'],
    why: "Diagrams are drawn at build time; production builds alias `mermaid` (imported by the theme's client) to a stand-in, so mermaid's chunks are neither built nor published.",
    gain: 'No mermaid JS on any page: the budget test measures 0 KB of it on every page type.',
    switchOff:
      'remove src/plugins/prerendered-diagrams from config/performance-layer.ts and set its prerenderedDiagrams to false (the remark plugin, src/plugins/content-remark-plugins.ts)',
  },
  // The page shell.
  {
    ...performance('ssr-template'),
    package: core,
    upstreamFile: `${core}/lib/ssg/ssgTemplate.html.js`,
    kind: 'replaced template',
    ours: ['config/ssr-template.ts'],
    why: "The app's scripts start after the first contentful paint instead of `defer`, so the first paint never waits for main.js.",
    gain: "With `defer`, Lighthouse's simulated phone paints the largest element only after main.js has downloaded and run; the page loads' own LCP, unthrottled on the network, cannot show it.",
    switchOff: 'remove `ssrTemplate` from config/performance-layer.ts',
  },
  {
    ...performance('route-chunks-in-html'),
    package: 'react-loadable-ssr-addon-v5-slorber',
    upstreamFile: 'react-loadable-ssr-addon-v5-slorber/lib/ReactLoadableSSRAddon.js',
    kind: 'patched output',
    ours: ['src/plugins/route-chunks-in-html/index.ts'],
    why: "The client manifest gains an entry per dynamic import, so each page's HTML names its route chunks (the addon keys them by chunk name only, which never matches under webpack 5 and Rspack).",
    gain: "A page's route chunks download with main.js instead of one round trip after it. On the phone link (`npx tsx scripts/bench-hydration.ts build-ledger/full build-ledger/route-chunks-in-html`, 2026-11-25 10:23 UTC, quiet machine, median of 5): the home page hydrated 169 ms earlier, every run apart (1555 against 1724 ms); on the guide and create-session the runs overlapped (noise). The ledger's own loads use no network throttling, so its figures cannot show a round trip.",
    switchOff: 'remove src/plugins/route-chunks-in-html from config/performance-layer.ts',
  },
  {
    ...performance('api-code-apart'),
    package: core,
    upstreamFile: `${core}/lib/webpack/base.js`,
    kind: 'bundler option',
    ours: ['src/plugins/api-code-apart/index.ts'],
    why: "A split-chunks group ranked above Docusaurus's `common` takes the modules that only API operation pages share, so the OpenAPI theme never lands in `common` once operation pages are half of the routes.",
    gain: 'With 300 more operation pages (SCALING.md): 19.9 KB less on every page that is not an operation page (guide 230.7 → 210.8 KB), operation pages unchanged (247.1 → 247.9 KB); nothing at 1× (the theme is not in `common` there).',
    switchOff: 'remove src/plugins/api-code-apart from config/performance-layer.ts',
  },
  {
    ...performance('api-code-apart'),
    package: core,
    upstreamFile: `${core}/lib/webpack/base.js`,
    kind: 'bundler option',
    ours: ['src/plugins/api-code-apart/index.ts'],
    why: "A second split-chunks group ranked above `common` takes what operation pages share with fewer than half of the other pages' chunks (the code block, the tabs), one chunk per set of pages sharing it, so `common` keeps what the other pages share and each page loads what it uses.",
    gain: 'Nothing at 1× (the build is the same). With the maintained 10× corpus (first-load JS in Chromium, build/ against build-scale/10x, 2026-11-25 20:28 UTC): error code and object pages +6.5 → +2.5 KB over 1×, API operation −1.4 → +2.5, V1 API operation −1.5 → +2.3, guide +0.9 → +2.2, home unchanged (+2.1); every page type within +2.6 KB of its 1× figure.',
    switchOff: 'remove src/plugins/api-code-apart from config/performance-layer.ts',
  },
  {
    ...performance('hash-named-chunks'),
    package: core,
    upstreamFile: `${core}/lib/webpack/base.js`,
    kind: 'bundler option',
    ours: ['src/plugins/hash-named-chunks/index.ts'],
    why: "Lazily loaded chunks are named `[contenthash:8].js` instead of `[name].[contenthash:8].js`, so the runtime every page loads has no chunk-id-to-name map (Docusaurus names every route's chunk, with a hash).",
    gain: 'runtime~main.js 6.3 → 5.4 KB, so 0.9 KB less on every page; with 300 more operation pages (SCALING.md) 14.1 → 11.4 KB, 2.7 KB less on every page.',
    switchOff: 'remove src/plugins/hash-named-chunks from config/performance-layer.ts',
  },
  {
    ...performance('registry-without-module-paths'),
    package: core,
    upstreamFile: `${core}/lib/server/codegen/codegenRoutes.js`,
    kind: 'patched output',
    ours: ['src/plugins/registry-without-module-paths/index.ts', 'src/plugins/registry-without-module-paths/blank-module-paths-loader.cjs'],
    why: "The browser build reads the generated route registry through a loader that blanks each chunk's module path, which only react-loadable's server-side report uses; the server build keeps them.",
    gain: 'main.js 1.2 KB smaller, so on every page (home 138.3 → 137.1 KB); about 10 bytes per route.',
    switchOff: 'remove src/plugins/registry-without-module-paths from config/performance-layer.ts',
  },
  {
    ...performance('site-config-without-build-fields'),
    package: core,
    upstreamFile: `${core}/lib/server/codegen/codegen.js`,
    kind: 'patched output',
    ours: [
      'src/plugins/site-config-without-build-fields/index.ts',
      'src/plugins/site-config-without-build-fields/without-fields-loader.cjs',
    ],
    why: 'The browser build reads the generated site config through a loader that leaves out the fields only the build reads: the SSR template (Docusaurus renders pages from the config it loaded in Node) and the lists of presets, plugins and themes with their options. No browser code reads them; a unit test searches the client code of the packages and of the site for such a read.',
    gain: 'main.js 1.3 KB smaller (gzip), so on every page (home 135.2 → 133.9 KB, guide 171.6 → 170.2 KB); the SSR template alone was 1.1 KB of it.',
    switchOff: 'remove src/plugins/site-config-without-build-fields from config/performance-layer.ts',
    reliesOnFiles: [`${core}/lib/ssg/ssgParams.js`],
  },
  {
    ...performance('docs-list-ids-only'),
    package: docsPlugin,
    upstreamFile: `${docsPlugin}/lib/props.js`,
    kind: 'patched output',
    ours: ['src/plugins/docs-list-ids-only/index.ts', 'src/plugins/docs-list-ids-only/ids-only-loader.cjs'],
    why: "Both builds read each version's props module (its sidebars and the list of its docs, which every docs page loads) through a loader that keeps only each doc's id in the list: only DocCard reads a doc of it, for the description, and the API tag pages, the site's only cards of docs, carry their cards' descriptions themselves (src/components/TagPageCards, written by scripts/tag-page-cards.ts).",
    gain: 'the 3.0.0 props module 7.6 → 2.5 KB, so 5.2 KB less on every 3.0.0 docs page (guide 179.0 → 173.7 KB) and 1.7 KB less on every 1.0.0 one; with ten times the operations (npm run bench:scale) 24.1 → 9.1 KB, 15.1 KB less.',
    switchOff: 'remove src/plugins/docs-list-ids-only from config/performance-layer.ts',
    reliesOnFiles: [themeClassicFile('DocCard/index.js'), `${docsPlugin}/lib/client/docsUtils.js`],
  },
  {
    ...performance('route-sections'),
    package: core,
    upstreamFile: `${core}/lib/server/codegen/codegenRoutes.js`,
    kind: 'patched output',
    ours: [
      'src/plugins/route-sections/index.ts',
      'src/plugins/route-sections/loader.cjs',
      'src/plugins/route-sections/loaders.ts',
      'src/plugins/route-sections/plan.ts',
      'src/plugins/route-sections/emit.ts',
      'src/plugins/route-sections/section-paths.ts',
      'src/plugins/route-sections/manifest.ts',
    ],
    why: "The browser build reads the generated route table, route-to-chunk table and registry through a loader that moves each generated API's routes (an OpenAPI file's output folder) into a section, a chunk of its own that loads before a path in it is matched; the server build renders from the whole table. Each section page's HTML names the section's chunk (the client manifest gains it), so hydration does not wait for it.",
    gain: 'See the entry of @docusaurus/core/lib/client/preload.js, the other half of the unit.',
    switchOff: 'remove src/plugins/route-sections from config/performance-layer.ts',
  },
  {
    ...performance('route-sections'),
    package: core,
    upstreamFile: `${core}/lib/client/preload.js`,
    kind: 'replaced module',
    ours: ['src/plugins/route-sections/client/index.ts', 'src/plugins/route-sections/loaders.ts'],
    why: "Docusaurus matches a path against the route table synchronously, so two client files get one statement each rewritten by the route-sections loader: `preload` (hydration, each navigation, a link's hover) first loads the section the path lies in, and `window.docusaurus.prefetch` skips a path whose section has not loaded rather than mark it prefetched while blind to its routes (a hover preloads it). Rendering only follows a preload, and the sections' routes are exact siblings in a `DocRoot`'s routes, so where they join does not change a match.",
    gain: 'First-load JS, `npm run bench:scale` (2026-11-25 17:21 UTC, Chromium, the maintained corpus) against bench/latest.md before it: at 1× home 137.3 → 135.9 KB, guide 173.7 → 172.3, error code 160.0 → 158.6, V1 API operation unchanged (196.7), API operation 213.5 → 213.6 (it loads its section’s chunk, 1.5 KB). At 10× (350 operations, 543 pages) main.js grows 10.9 B gz per added page instead of 52, and each page type grows by about 17 KB less over its 1× figure: home +12.3 KB (was +29.4), guide +17.6 (+34.6), API operation +15.3 (+32.3), error code +23.2 (+40.2). The page-load ledger (`npm run bench:ledger -- --units route-sections --runs 5`, 2026-11-25 19:09 UTC, 1×) measured 1.4 KB less first-load JS on every page but the two API operation pages, and task time, blocking time and LCP within noise on all ten page types.',
    switchOff: 'remove src/plugins/route-sections from config/performance-layer.ts',
    reliesOnFiles: [
      `${core}/lib/client/docusaurus.js`,
      `${core}/lib/client/App.js`,
      `${core}/lib/client/PendingNavigation.js`,
      `${core}/lib/client/normalizeLocation.js`,
      `${core}/lib/client/exports/ComponentCreator.js`,
      `${docsPlugin}/lib/client/docsUtils.js`,
    ],
    reliesOnVersions: ['react-router-config'],
  },
  {
    ...performance('route-sections'),
    package: docsPlugin,
    upstreamFile: `${docsPlugin}/lib/props.js`,
    kind: 'patched output',
    ours: ['src/plugins/route-sections/loaders.ts', 'src/plugins/route-sections/loader.cjs', 'src/plugins/route-sections/client/index.ts'],
    why: "Every docs page of a version loads the version's props module (`toVersionMetadataProp`), which holds all the version's sidebars. In the browser build, a sidebar that only one section's pages show (an added API's own, config/added-api-sidebars.ts) and the docs' entries in it leave the module and travel in that section's chunk; the module becomes JavaScript that hands itself to the route-sections client, which joins each section's part as the section loads, before its pages render (`DocRoot` reads `docsSidebars[route.sidebar]`). The server build renders from the whole module.",
    gain: 'With the added APIs in sidebars of their own, `npm run bench:scale` (2026-11-25 18:57 UTC, the maintained 10× corpus) against its run of 17:21: first-load JS at 10× guide 189.9 → 180.1 KB, error code 181.8 → 172.0, API operation 228.9 → 219.1 (this entry and the global data one together; 1× unchanged, as no sidebar moves there). The docs page HTML, which no longer carries the added APIs’ items, grows 1 % at 10× instead of 44 %.',
    switchOff: 'remove src/plugins/route-sections from config/performance-layer.ts',
    reliesOnFiles: [`${docsPlugin}/lib/client/docsUtils.js`],
  },
  {
    ...performance('route-sections'),
    package: docsPlugin,
    upstreamFile: `${docsPlugin}/lib/globalData.js`,
    kind: 'patched output',
    ours: ['src/plugins/route-sections/loaders.ts', 'src/plugins/route-sections/loader.cjs', 'src/plugins/route-sections/client/index.ts'],
    why: "Every page loads the docs plugin's global data, which lists each doc's id, path and sidebar for the version menu, its banners and the navbar's doc links. In the browser build, the entries of the docs in a sidebar a section carries leave globalData.json and travel with the section, together with their namesakes in other versions (the menu looks a page's doc up by id in every version); the docs the navbar names and each version's main doc stay. The module becomes JavaScript that hands itself to the route-sections client, which adds each section's entries as it loads, before its pages render.",
    gain: 'main.js at 10× 133.9 → 130.1 KB (`npm run bench:scale`, 2026-11-25 18:57 UTC; +0.6 KB over 1× instead of +4.5), so 3.8 KB less on every page; the small corpus of `npm run test:scale` measures 7.4 B per added page instead of 16.8.',
    switchOff: 'remove src/plugins/route-sections from config/performance-layer.ts',
    reliesOnFiles: [`${docsPlugin}/lib/client/docsClientUtils.js`, `${docsPlugin}/lib/client/docsUtils.js`],
  },
  {
    ...performance('route-sections'),
    package: core,
    upstreamFile: `${core}/lib/webpack/plugins/ChunkAssetPlugin.js`,
    kind: 'bundler option',
    ours: ['src/plugins/route-sections/chunk-asset.ts', 'src/plugins/route-sections/index.ts', 'src/plugins/route-sections/emit.ts'],
    why: "The runtime every page loads maps every chunk to its file (the bundler's `__webpack_require__.u`, a content hash per chunk) and, for prefetch, every named chunk to its id (Docusaurus's ChunkAssetPlugin, `__webpack_require__.gca`). The production browser config gets our plugin in place of Docusaurus's: the runtime keeps the shell's entries, and each section's chunk brings the ids and files of the chunks that only its registry imports, written by the build in place of a placeholder once ids and files are known; the same step takes those chunks out of the bundler's file map in the minified runtime (it stops the build if it cannot read the map or misses a chunk), before the files' final hashes (`realContentHash`), which rewrites the hashes the sections carry. A section's routes are only matched, so their chunks only loaded or prefetched, once it has loaded.",
    gain: 'runtime~main.js 5.3 → 4.5 KB gz at 1× (`npm run bench:scale`, 2026-11-25 19:43 UTC: home 135.9 → 135.2 KB first-load JS, guide 172.3 → 171.5, API operation 213.6 → 213.3, since its section brings its part), and 13.8 → 5.9 KB at 10×: 3.7 B per added page instead of about 20 (SCALING.md).',
    switchOff: 'remove src/plugins/route-sections from config/performance-layer.ts',
    reliesOnFiles: [`${core}/lib/webpack/client.js`, `${core}/lib/client/docusaurus.js`],
    // The minified form of the bundler's chunk-file map.
    reliesOnVersions: ['@rspack/core'],
  },
  // Swizzled theme components that keep libraries and work out of pages.
  {
    ...performance('prism-on-demand'),
    package: themeClassic,
    upstreamFile: themeClassicFile('CodeBlock/Content/index.js'),
    kind: 'replaced component',
    ours: [performanceThemeFile('CodeBlock/Content/index.tsx')],
    why: "The browser keeps the server's highlighted markup; Prism loads only for code the HTML lacks.",
    // ServerMarkup: hydration keeps an element whose innerHTML is empty on the client without comparing it.
    reliesOnVersions: ['react', 'react-dom'],
    gain: 'See prism-include-languages.js.',
    switchOff: deleteSwizzle(performanceThemeFile('CodeBlock/Content')),
  },
  {
    ...performance('doc-item'),
    package: themeClassic,
    upstreamFile: themeClassicFile('DocItem/index.js'),
    kind: 'wrapped component',
    ours: [performanceThemeFile('DocItem/index.tsx'), 'src/plugins/openapi-docs/api-item-registry'],
    why: "Only API operation pages load the OpenAPI theme's ApiItem; other docs pages never download it.",
    gain: 'Guide and SDK pages lose the API item chunk (not measured apart).',
    switchOff: deleteSwizzle(performanceThemeFile('DocItem')),
  },
  {
    ...performance('mobile-sidebar'),
    package: themeClassic,
    upstreamFile: themeClassicFile('Navbar/MobileSidebar/index.js'),
    kind: 'wrapped component',
    ours: [performanceThemeFile('Navbar/MobileSidebar/index.tsx')],
    why: "The mobile menu is built when first opened, not at hydration (its focus trap is the site theme's, kept by both builds).",
    gain: 'No menu tree built at hydration (one long task on phones).',
    switchOff: deleteSwizzle(performanceThemeFile('Navbar/MobileSidebar')),
  },
  {
    ...performance('api-item'),
    package: openApiTheme,
    upstreamFile: openApiThemeFile('ApiItem/index.js'),
    kind: 'replaced component',
    ours: [performanceThemeFile('ApiItem/index.tsx')],
    why: "The theme inflates the whole operation (pako, Redux) for its request builder; ours reads the generator's summary and server-renders the request samples.",
    gain: 'pako and Redux out of API pages (Redux about 17 KB).',
    switchOff: deleteSwizzle(performanceThemeFile('ApiItem/index.tsx')),
  },
  {
    ...performance('api-item'),
    package: openApiTheme,
    upstreamFile: openApiThemeFile('ApiItem/hooks.js'),
    kind: 'replaced component',
    ours: [performanceThemeFile('ApiItem/hooks.tsx')],
    why: 'A React context holds the media type and schema variant a reader chose, instead of a Redux store.',
    gain: 'About 17 KB (Redux Toolkit) out of API pages.',
    switchOff: deleteSwizzle(performanceThemeFile('ApiItem/hooks.tsx')),
    // They read the chosen media type and server through `@theme/ApiItem/hooks`, which this replaces.
    reliesOnFiles: ['ApiExplorer/MethodEndpoint/index.js', 'MimeTabs/index.js', 'Schema/index.js'].map(openApiThemeFile),
  },
  ...['Accept', 'ContentType', 'SchemaSelection'].map((slice): UpstreamModification => ({
    ...performance('api-item'),
    package: openApiTheme,
    upstreamFile: openApiThemeFile(`ApiExplorer/${slice}/slice.js`),
    kind: 'replaced component',
    ours: [performanceThemeFile(`ApiExplorer/${slice}/slice.ts`)],
    why: "Plain action creators with the slice's action types, for the context in src/plugins/performance-theme/theme/ApiItem/hooks.tsx; the theme's slice brings Redux Toolkit.",
    gain: 'See ApiItem/hooks.js.',
    switchOff: deleteSwizzle(performanceThemeFile(`ApiExplorer/${slice}/slice.ts`)),
  })),
  {
    purpose: 'feature',
    keptBecause: 'Tag pages list each operation with a readable summary, and search results and link previews show it.',
    package: 'docusaurus-plugin-openapi-docs',
    upstreamFile: 'docusaurus-plugin-openapi-docs/lib/openapi/openapi.js',
    kind: 'patched output',
    ours: ['scripts/reference/page-description.ts', 'scripts/generate-api-docs.ts'],
    why: "The plugin makes an operation page's description the text before the operation description's first line break, often mid-sentence and with Markdown backticks; the generated page gets the whole first sentence as plain text.",
    gain: 'No weight change.',
    switchOff: 'remove the withPlainPageDescription call from scripts/generate-api-docs.ts',
  },
  {
    purpose: 'feature',
    keptBecause:
      'An API overview page has one "Authentication" heading and shows every security scheme, on the page and in its Markdown twin.',
    package: 'docusaurus-plugin-openapi-docs',
    upstreamFile: 'docusaurus-plugin-openapi-docs/lib/markdown/createAuthentication.js',
    kind: 'patched output',
    ours: ['scripts/reference/security-schemes.ts', 'scripts/generate-api-docs.ts'],
    why: 'The plugin writes the security schemes under a second "Authentication" heading (same anchor as the description\'s own section) as tabs, of which only the selected one renders: the page and its twin showed Basic only. The generated heading becomes "Security schemes" and each scheme a section under its label.',
    gain: 'No weight change (one tab set fewer on the two overview pages).',
    switchOff: 'remove the withSecuritySchemeSections call from scripts/generate-api-docs.ts',
  },
  {
    purpose: 'feature',
    keptBecause: "An added API shaped like the largest providers' (expandable objects: Stripe's) generates at all.",
    package: 'docusaurus-plugin-openapi-docs',
    upstreamFile: 'docusaurus-plugin-openapi-docs/lib/openapi/utils/loadAndResolveSpec.js',
    kind: 'prepared input',
    ours: ['src/lib/openapi/schema-cycles.ts', 'scripts/generate-api-docs.ts'],
    why: "The plugin dereferences every $ref and then serialises the result; schemas that hold one another (a charge its customer, the customer its default charge) grow with every path through them, and Stripe's file never finished (20 CPU-minutes, up to 2.8 GB). The file the plugin reads keeps a reference to a schema of a cycle as a short object naming it and linking to the operation that returns it.",
    gain: "Stripe's 452 operations generate in seconds; files without cycles (Tessera's, Adyen's) are unchanged.",
    switchOff: 'remove the keepSchemaCyclesAsReferences call from scripts/generate-api-docs.ts',
  },
  {
    purpose: 'feature',
    keptBecause: "An added API as large as Stripe's builds within 4 GB of memory (SCALING.md).",
    package: '@rspack/core',
    // Where Rspack sets its production default: every key of a JSON module, at any depth.
    upstreamFile: '@rspack/core/dist/index.js',
    kind: 'bundler option',
    ours: ['src/plugins/openapi-docs/shallow-json-exports.ts', 'src/plugins/openapi-docs/index.ts'],
    why: "In a production build the bundler records every key of every JSON module at any depth, to leave out the keys no code reads. The site reads its JSON modules whole (an operation page spreads its parameters, request and responses from JSON files into the theme's components; Docusaurus loads route data as whole objects), so it records the top-level keys only.",
    gain: "Stripe's file with one list entry: build max RSS 4.55–4.84 → 3.23–3.63 GB (SCALING.md, change 10); the site's chunks unchanged.",
    switchOff: 'remove shallowJsonExports from the configureWebpack of src/plugins/openapi-docs/index.ts',
  },
  {
    purpose: 'feature',
    keptBecause: "An added API as large as GitHub's builds within 4 GB of memory (SCALING.md).",
    package: core,
    upstreamFile: `${core}/lib/webpack/base.js`,
    reliesOnFiles: [`${core}/lib/webpack/server.js`],
    kind: 'bundler option',
    ours: ['src/plugins/openapi-docs/server-shared-chunk.ts', 'src/plugins/openapi-docs/index.ts'],
    why: "Docusaurus builds the server bundle, which only renders the pages, without split chunks, so every module no entry imports is copied into each route chunk that uses it: each API operation page's chunk carried the whole OpenAPI theme (GitHub's file: 1,282 chunks, 817 MB). The bundler held it while writing it, and each rendering thread kept every chunk it loaded, about 3.8 MB more heap per page. The server bundle gets one split-chunks group: what two route chunks or more share goes into one chunk; the browser bundle is unchanged.",
    gain: "GitHub's file with one list entry: server bundle 817 → 39 MB, bundling up to 4.24 → 2.76 GB, rendering up to 6.02 → 3.5 GB (SCALING.md change 11); the browser bundle's configuration is not touched.",
    switchOff: 'remove serverSharedChunk from the configureWebpack of src/plugins/openapi-docs/index.ts',
  },
  {
    purpose: 'feature',
    keptBecause: "An added API as large as GitHub's builds within 4 GB of memory (SCALING.md).",
    package: core,
    upstreamFile: `${core}/lib/commands/build/buildLocale.js`,
    reliesOnFiles: [`${core}/lib/webpack/client.js`],
    kind: 'bundler option',
    ours: ['scripts/build-site.ts', 'package.json'],
    why: "`npm run build` runs `docusaurus build` twice, one process after the other: the first bundles and exits (Docusaurus's DOCUSAURUS_EXIT_AFTER_BUNDLING), the second renders the pages from the bundle on disk and runs postBuild (DOCUSAURUS_SKIP_BUNDLING). Rspack keeps the memory it bundled with until its process ends (about 3 GB with GitHub's file, the JavaScript heap at 0.4 GB), and in one process the rendering threads, the Markdown twins and the search index came on top of it.",
    gain: "GitHub's file with one list entry, with the server chunk above: build max RSS 4.73 GB in one process → 2.93 GB (the bundling process; rendering and postBuild 1.65 GB), SCALING.md change 11. Loading the site twice costs about 10 s.",
    switchOff: 'set the build script in package.json back to `docusaurus build` (and the benches that call scripts/build-site.ts)',
  },
  {
    purpose: 'specification',
    keptBecause: 'Every field of an operation page shows its real type and its own example, as its Markdown twin does.',
    package: openApiTheme,
    upstreamFile: openApiThemeFile('Schema/index.js'),
    kind: 'prepared input',
    ours: ['src/lib/openapi/field-schemas.ts', 'scripts/generate-api-docs.ts', 'src/plugins/markdown-twins/operation-markdown.ts'],
    reliesOnFiles: [`${openApiTheme}/lib/markdown/schema.js`, openApiThemeFile('SchemaItem/index.js')],
    why: "The theme names a field's type from the schema it meets after the plugin inlined every $ref, and shows that schema's example: a uuid or null (`oneOf: [$ref, {type: 'null'}]`) became an expandable \"object\" with a tab per alternative, a named string type showed its name, a map an expandable object with a row \"property name* any\", a choice between a string and an empty string tabs, and a cart's VAT the example of an amount type (the cart's total). The file the plugin reads writes each such field as what it is: the type, `nullable`; a named scalar type written out without its name; a map or a choice of scalars as one row titled for what it holds (without `type`, the theme names a schema by its title); each example the field's own. tests/unit/field-types.test.ts walks every operation of every file with the theme's own getSchemaName.",
    gain: 'No weight change.',
    switchOff: 'remove the withFieldsAsShown call from scripts/generate-api-docs.ts',
  },
  {
    purpose: 'feature',
    keptBecause:
      "Another provider's file builds as its pages should read: GitHub's, Square's and Plaid's (tests/fixtures/openapi/vendor/).",
    package: 'docusaurus-plugin-openapi-docs',
    upstreamFile: 'docusaurus-plugin-openapi-docs/lib/openapi/openapi.js',
    kind: 'prepared input',
    ours: ['src/lib/openapi/provider-content.ts', 'scripts/generate-api-docs.ts', 'src/plugins/markdown-twins/index.ts'],
    why: "The plugin takes a provider's text as it is: a summary of several paragraphs becomes a title (GitHub's webhooks), two operations named alike share one page (Square's v1 and v2), a link relative to the provider's site (Plaid's /docs/errors/item) is a broken link here, and an image on the provider's host would be a request outside the site. The file the plugin reads has one-line titles, an operationId per page, links resolved against the provider's site and images as their alt text.",
    gain: 'No weight change.',
    switchOff: 'remove the providerDocument call from scripts/generate-api-docs.ts',
  },
  {
    purpose: 'feature',
    keptBecause: 'Any provider\'s text in a title or description is front matter that parses (GitHub\'s `…organization).""`).',
    package: 'docusaurus-plugin-openapi-docs',
    upstreamFile: 'docusaurus-plugin-openapi-docs/lib/index.js',
    kind: 'patched output',
    ours: ['scripts/generated-pages.ts', 'scripts/generate-api-docs.ts'],
    why: 'The plugin writes `title`, `description` and `sidebar_label` as `"{{{text}}}"`, having turned double quotes into single ones with a pattern that misses the second of two in a row, and leaves backslashes, which YAML reads as escapes. Each of these lines is written again as a JSON string of the same text, and every page is parsed before the last good pages are replaced, so a page that still does not parse stops gen-api naming the page, its operation and the reason.',
    gain: 'No weight change.',
    switchOff: 'remove the withFieldsQuoted call from scripts/generate-api-docs.ts',
  },
  {
    purpose: 'feature',
    keptBecause: "An operation page says what it needs to be called: Square's OAuth scopes, Plaid's three keys together.",
    package: 'docusaurus-plugin-openapi-docs',
    upstreamFile: 'docusaurus-plugin-openapi-docs/lib/markdown/index.js',
    kind: 'patched output',
    ours: ['src/lib/openapi/security.ts', 'scripts/generate-api-docs.ts'],
    why: "The plugin's page names the security schemes only through the API explorer's authorization panel, which the site does not show (it sends no request); the page gets one line after the description with the operation's requirement, every scheme of it and its scopes.",
    gain: 'About 100 bytes of HTML per operation page.',
    switchOff: 'remove the withSecurityRequirement call from scripts/generate-api-docs.ts',
  },
  {
    purpose: 'feature',
    keptBecause: 'Descriptions with placeholders in angle brackets (Stripe\'s "Basic <api_key>") compile as MDX.',
    package: 'docusaurus-plugin-openapi-docs',
    upstreamFile: 'docusaurus-plugin-openapi-docs/lib/markdown/utils.js',
    kind: 'prepared input',
    ours: ['src/lib/openapi/description-markup.ts', 'scripts/generate-api-docs.ts'],
    why: "The plugin's `clean` escapes `<` unless an allowed tag's name follows, comparing only its first letters: `<api_key` and `</amount` pass as `<a`, and the page fails to compile. Descriptions reach the plugin with every `<` that opens no HTML element already escaped.",
    gain: 'No weight change.',
    switchOff: 'remove the withPseudoTagsEscaped call from scripts/generate-api-docs.ts',
  },
  {
    purpose: 'specification',
    keptBecause:
      "Spec 7: the theme's explorer keeps the chosen sample language in local storage (`docusaurus.tab.code-samples`), and its request builder can send requests.",
    package: openApiTheme,
    upstreamFile: openApiThemeFile('ApiExplorer/index.js'),
    kind: 'replaced component',
    ours: ['src/theme/ApiExplorer/index.tsx', 'src/components/TryIt/index.tsx'],
    why: 'Shows the request samples written at build time; the theme builds them in the browser with 1.6 MB of generators and can send requests (the spec forbids it). Its place holds the "Try it" console instead, which answers in the browser (src/lib/try-it) and re-renders the samples from the edit.',
    gain: '1.6 MB of sample generators (postman-code-generators, faker) never loaded.',
    switchOff: deleteSwizzle('src/theme/ApiExplorer/index.tsx'),
  },
  {
    ...performance('markdown'),
    package: openApiTheme,
    upstreamFile: openApiThemeFile('Markdown/index.js'),
    kind: 'replaced component',
    ours: [performanceThemeFile('Markdown/index.tsx'), 'src/plugins/hydrate-in-place/stand-ins/MarkdownRenderer'],
    why: 'API descriptions are rendered by marked on the server and kept as HTML in the browser, instead of react-markdown, remark and rehype.',
    reliesOnVersions: ['react', 'react-dom'],
    gain: '93 KB out of API pages.',
    switchOff: deleteSwizzle(performanceThemeFile('Markdown')),
  },
  {
    ...performance('response-examples'),
    package: openApiTheme,
    upstreamFile: openApiThemeFile('ResponseExamples/index.js'),
    kind: 'replaced component',
    ours: [performanceThemeFile('ResponseExamples/index.tsx')],
    why: 'The "Example (auto)" tab loads the schema sampler (lodash, chalk, allOf merging) only when a reader opens it.',
    gain: 'The schema sampler out of API first loads (not measured apart).',
    switchOff: deleteSwizzle(performanceThemeFile('ResponseExamples')),
  },
  ...['ApiTabs', 'DiscriminatorTabs', 'MimeTabs', 'OperationTabs'].map(selectedTabOnly),
  {
    purpose: 'specification',
    keptBecause:
      "Spec 7: local storage holds only the theme, the announcement dismissal and the chosen version; the theme's Schema gives each set of variant tabs a `groupId`, which would store the reader's choice.",
    package: openApiTheme,
    upstreamFile: openApiThemeFile('SchemaTabs/index.js'),
    kind: 'wrapped component',
    ours: ['src/theme/SchemaTabs/index.tsx'],
    why: 'Drops the `groupId`, so the chosen schema variant is kept in memory only, and renders only the selected tab.',
    gain: 'Fewer elements to hydrate on operation pages with variants (not measured apart).',
    switchOff: deleteSwizzle('src/theme/SchemaTabs/index.tsx'),
  },
  // Swizzled theme components for accessibility and the spec's chrome, kept by both builds.
  ...(
    [
      [
        openApiTheme,
        'ApiItem/Layout',
        'wrapped component',
        "Names the theme's tab-scroll arrow buttons, which every tab row of an API page renders without text or label.",
        accessibility,
      ],
      [
        openApiTheme,
        'ArrayBrackets',
        'replaced component',
        'An array\'s "Array [" and "]" are <div>s, not <li>s outside a list.',
        accessibility,
      ],
      [openApiTheme, 'ParamsItem', 'wrapped component', 'Each parameter is a list item of the <ul> ParamsDetails renders.', accessibility],
      [openApiTheme, 'ResponseHeaders', 'replaced component', 'Each header is a list item of its <ul>.', accessibility],
      [
        openApiTheme,
        'Schema',
        'wrapped component',
        'What RequestSchema and ResponseSchema put into a <ul> forms one list item.',
        accessibility,
      ],
      [
        themeClassic,
        'Layout',
        'wrapped component',
        "Pages that render no main landmark get one when they ask for it, with what such a page puts first in it (the search results page says which docs version it searches); the reader's sample language (`?lang=`) is kept on every page they go to next (src/components/SampleLanguage).",
        accessibility,
      ],
      [
        themeClassic,
        'Navbar/MobileSidebar',
        'wrapped component',
        'The open mobile menu keeps keyboard focus like a modal: Tab cycles inside it, Escape closes it and returns focus to the menu button (focus-trap, loaded when the menu first opens).',
        accessibility,
      ],
      [
        openApiTheme,
        'Tabs',
        'wrapped component',
        'A row of code-sample tabs (`sampleTabsClassName`) is named "Sample language" once mounted, as a tab list needs a name; the theme\'s tab list takes no label. (The OpenAPI theme\'s Tabs is `@theme/Tabs` on every page, guides too.)',
        accessibility,
      ],
      [
        themeClassic,
        'MDXComponents',
        'wrapped component',
        'Wide tables scroll sideways on a phone, so each table is a Tab stop.',
        accessibility,
      ],
      [
        themeClassic,
        'DocBreadcrumbs',
        'wrapped component',
        'The "Copy page as Markdown" row follows the breadcrumbs on every docs page.',
        {purpose: 'feature', keptBecause: 'Readers copy any docs page as Markdown.'},
      ],
      [themeClassic, 'ErrorPageContent', 'wrapped component', 'The crash page keeps its text and adds ways back (spec 8).', waysBack],
      [
        themeClassic,
        'NotFound/Content',
        'wrapped component',
        'The not-found page keeps its text and adds ways back (spec 8), those that depend on the path only after hydration (404.html is one page for every path).',
        waysBack,
      ],
      [
        '@easyops-cn/docusaurus-search-local',
        'SearchBar',
        'wrapped component',
        'Loaded on the reader\'s first intent (focus, hover, Ctrl+K): the suggestions\' own box is the listbox the combobox controls (ARIA 1.2), "Loading..." shows while the index loads, Enter without a suggestion opens the results page, and a query stays visible after Escape on phones.',
        {
          purpose: 'specification',
          keptBecause: 'Spec 2: the search box shows "Loading..." until its index is loaded; the listbox is for accessibility.',
        },
      ],
      [
        '@easyops-cn/docusaurus-search-local',
        'SearchPage',
        'wrapped component',
        'The search results page gets a main landmark, and keeps the query of a page opened at /search?q=… (the page would write its empty hydration-time query into the URL before reading the real one).',
        accessibility,
      ],
    ] as const
  ).map(([pkg, component, kind, why, purpose]): UpstreamModification => {
    const oursFile =
      component === 'ErrorPageContent' || component === 'MDXComponents' ? `src/theme/${component}.tsx` : `src/theme/${component}/index.tsx`;
    const upstreamFile =
      pkg === openApiTheme
        ? openApiThemeFile(`${component}/index.js`)
        : pkg === themeClassic
          ? themeClassicFile(component === 'ErrorPageContent' ? 'ErrorPageContent.js' : `${component}/index.js`)
          : `${pkg}/dist/client/client/theme/${component}/${component}.jsx`;
    return {
      ...purpose,
      package: pkg,
      upstreamFile,
      kind,
      ours: [oursFile],
      why,
      gain: purpose.purpose === 'accessibility' ? 'Accessibility (axe and keyboard tests); no weight change.' : 'No weight change.',
      switchOff: deleteSwizzle(oursFile),
    };
  }),
  {
    purpose: 'specification',
    keptBecause:
      'Spec 2 and 8: any other path is the not-found page, and a mistyped docs URL is one; the server answers it with /404.html, which the browser must hydrate as it is, heading, text and ways back (tests/e2e/errors.spec.ts).',
    package: themeClassic,
    upstreamFile: themeClassicFile('DocsRoot/index.js'),
    kind: 'wrapped component',
    ours: ['src/theme/DocsRoot/index.tsx'],
    why: "The docs plugin's route takes every path under /docs (routes.js: one parent route at the base path, each version a route at its path below it), and DocsRoot renders the version routes inside the layout. A path that names no version (/docs/foo, /docs/9.9.9/x, /docs/3.0.0x/y) got the layout around nothing: the server had rendered /404.html from the catch-all route's NotFound (ComponentCreator.js), so hydration failed (React error 418) and the browser rebuilt an empty page, as it showed one for a link to such a path. When no version route matches the path, matched as renderRoutes' Switch matches it, ours renders that NotFound instead, the same tree as /404.html.",
    gain: "Measured with npm run bench before and after: docs pages +0.1 to +0.2 KB of first-load JS (the wrapper), the not-found page +0.8 KB (its content module is now also in the wrapper's lazy chunk, and /404.html names both chunks). Importing NotFound eagerly cost every docs page +0.7 KB.",
    switchOff: deleteSwizzle('src/theme/DocsRoot/index.tsx'),
    reliesOnFiles: [
      `${docsPlugin}/lib/routes.js`,
      `${core}/lib/server/codegen/codegenRoutes.js`,
      `${core}/lib/client/exports/ComponentCreator.js`,
    ],
    reliesOnVersions: ['react-router-config'],
  },
  {
    purpose: 'feature',
    keptBecause:
      'Full-text search (prose, every table column, object and error fields) at any site size: one lunr index per version would cost a phone about 400 KB before its first result today, and grow with every page.',
    package: '@easyops-cn/docusaurus-search-local',
    upstreamFile: '@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js',
    kind: 'replaced module',
    ours: [
      searchLocalPlugin,
      'src/plugins/search-local/worker/index.ts',
      'src/plugins/search-local/sharded-index/query.ts',
      'src/plugins/search-local/sharded-index/reader-words.ts',
    ],
    why: "The worker the plugin's searchByWorker.js starts is ours (the caller below starts it): the plugin worker's two calls (fetchIndexes, search) and result shape, over the sharded index. It takes a version's manifest from the page on first focus, then fetches only the term shards of the words typed and the document shards of the results shown; it queries them with lunr and the plugin's own tokenizer, query expansion and ordering, and also searches a question without its filler words and the pages' words for readers' synonyms (reader-words.ts). A query that the next keystroke overtook while it waited for its term shards stops there and answers with the newest query's results; one overtaken while its documents were on their way answers with its own, unless a newer query has answered already.",
    gain: 'First search with the full text indexed, search code included: 61 KB (3.0.0) and 59 KB (1.0.0) on the wire, against 127 KB for the one-file index that left most text out; at 10× the pages 61 KB, first result 953 ms on the throttled phone, worker slowed 4× too (SEARCH.md).',
    switchOff: `remove configureWebpack and postBuild from ${searchLocalPlugin} (and restore the index exclusions that kept one file small)`,
  },
  {
    purpose: 'feature',
    keptBecause: 'The worker above reads only the sharded index.',
    package: '@easyops-cn/docusaurus-search-local',
    upstreamFile: '@easyops-cn/docusaurus-search-local/dist/server/server/utils/postBuildFactory.js',
    kind: 'patched output',
    ours: [searchLocalPlugin, 'src/plugins/search-local/sharded-index/build.ts', 'src/plugins/search-local/sharded-index/write.ts'],
    why: "After the plugin's postBuild has written each version's search-index-<stamp>.json, ours replaces it with a manifest of content-named shards under /assets/search/: term shards (ranges of sorted terms, each term's documents and lunr weights) and document shards (a page's passages together). Long section texts become passages, so a result costs a passage.",
    gain: 'Not measured apart from the worker above.',
    switchOff: `remove postBuild from ${searchLocalPlugin}`,
  },
  {
    purpose: 'feature',
    keptBecause: 'The search worker above starts with its whole code, one file.',
    package: core,
    upstreamFile: `${core}/lib/webpack/base.js`,
    kind: 'bundler option',
    ours: [searchLocalPlugin],
    why: "Docusaurus leaves the bundler's `splitChunks.chunks` at 'async', and a worker's chunk counts as one: lunr went to a chunk of its own that the worker fetched with importScripts only after its own script had arrived. Our function selects the same chunks but those that start a worker (they carry their own runtime).",
    gain: 'One round trip less before the first search result: the worker is one 13.6 KB file (gzip) instead of 7.8 KB plus lunr, which it waited about 210 ms for on the throttled phone; no other chunk changes.',
    switchOff: `remove the splitChunks line from ${searchLocalPlugin}`,
  },
  {
    purpose: 'feature',
    keptBecause: 'The first search result within 1.5 s on a phone at any site size (SEARCH.md).',
    package: '@easyops-cn/autocomplete.js',
    upstreamFile: '@easyops-cn/autocomplete.js/src/autocomplete/dataset.js',
    kind: 'replaced module',
    ours: [searchLocalPlugin, 'src/plugins/search-local/newest-answer'],
    reliesOnFiles: ['@easyops-cn/autocomplete.js/src/autocomplete/dropdown.js'],
    why: "autocomplete.js's dropdown gets our Dataset for its `./dataset.js` (a NormalModuleReplacementPlugin in the search plugin; ours extends the original, which an alias reaches). autocomplete.js renders only an answer to the current input, so on a phone's link, where each keystroke's answer needs a round trip or two and the reader types a key every 100–150 ms, the box showed nothing until the reader stopped typing. Ours also renders an answer to an earlier input of the same typing when it is newer than the one on screen and not empty, as autocomplete.js already keeps an earlier answer on screen once it has one; the footer's \"See all results\" keeps the current input.",
    gain: 'First search result on the throttled phone (median of 3, `npm run bench:scale`): 3.0.0 1393 → 1000 ms at 1× and 1632 → 974 ms at 10× the pages, where runs had fallen near 1.1 s or 1.7 s by whether an answer arrived between two keystrokes (five runs of each 10× build: 1086–1802 → 954–994 ms); 1.0.0 1089 → 958 ms and 1096 → 1013 ms. The answer to the whole query shows as soon after the last keystroke as before (10×, five runs: 94 → 64 ms). A first search downloads 0.6–0.7 KB more: the 651 bytes of this code, in a chunk too small to compress.',
    switchOff: `remove the ./dataset.js replacement and the alias from ${searchLocalPlugin}`,
  },
  {
    purpose: 'feature',
    keptBecause: 'Each search suggestion is a link a reader can see, open in a new tab or copy (SEARCH.md).',
    package: '@easyops-cn/autocomplete.js',
    upstreamFile: '@easyops-cn/autocomplete.js/src/autocomplete/html.js',
    kind: 'replaced module',
    ours: [searchLocalPlugin, 'src/plugins/search-local/newest-answer/dataset.ts'],
    reliesOnFiles: ['@easyops-cn/autocomplete.js/src/autocomplete/dataset.js', '@easyops-cn/autocomplete.js/src/autocomplete/dropdown.js'],
    why: "autocomplete.js renders each suggestion into its `suggestion` markup template, a <div>, read from html.js at every render. Our Dataset (reached through an alias of html.js) sets that template to an <a>, gives each option its page's address after the render, and lets a click that opens a link elsewhere (Ctrl, Shift, Alt or Meta) reach the browser alone; a plain click is still autocomplete.js's selection, which the plugin turns into a navigation within the app. The option keeps autocomplete.js's role=\"option\", which ARIA allows on a link, so no link is nested in an option.",
    gain: 'No first-load JS: the code is in the chunk the search box loads on intent.',
    switchOff: `remove the html.js alias from ${searchLocalPlugin} and the markup change from src/plugins/search-local/newest-answer/dataset.ts`,
  },
  {
    purpose: 'feature',
    keptBecause: 'The first search result within 1.5 s on a phone (SEARCH.md).',
    package: '@easyops-cn/docusaurus-search-local',
    upstreamFile: '@easyops-cn/docusaurus-search-local/dist/server/server/utils/generate.js',
    kind: 'patched output',
    ours: [searchLocalPlugin, 'src/plugins/search-local/worker/client.ts'],
    why: "The plugin's generated constants give the index's file name; the module that holds them imports lunr, so the search plugin reads the name at build time and defines it for the page's side of the worker (below), which fetches the version's manifest on the reader's first intent, while the worker's script downloads, instead of after it.",
    gain: 'The manifest arrives while the worker script does: about 180 ms less before the first result on the throttled phone, measured when the search box fetched it into the HTTP cache.',
    switchOff:
      'fetch the manifest in the worker (src/plugins/search-local/worker/index.ts) instead of src/plugins/search-local/worker/client.ts',
  },
  {
    purpose: 'feature',
    keptBecause: 'No search file fetched twice, and the manifest on its way while the worker script downloads (SEARCH.md).',
    package: '@easyops-cn/docusaurus-search-local',
    upstreamFile: '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker.js',
    kind: 'replaced module',
    ours: [searchLocalPlugin, 'src/plugins/search-local/worker/client.ts'],
    why: "The SearchBar's and SearchPage's `../searchByWorker` gets ours (a NormalModuleReplacementPlugin in the search plugin), with the same two functions. It starts our worker and fetches the version's manifest at the same moment, then hands it to the worker, which fetches the rest. The search box used to fetch the manifest and the vocabulary ahead into the HTTP cache while the worker's script downloaded, and the worker requested both again, answered by the HTTP cache (0 bytes on the wire, 15–160 ms each in scripts/bench-search.ts under load; 12.2 KB counted twice by tests that count every response's body). Ours speaks to the worker in plain messages instead of Comlink (two calls need no proxies).",
    gain: "Each index file requested once: two requests less on a first search (no bytes on the wire: the HTTP cache answered them; 75.5 → 63.9 KB for the e2e budget test, which counts cache hits). Comlink left every page's main bundle: first-load JS 1.2 KB (gzip 9) less on every page (1202 bytes on /, a guide, an API page, a 1.0.0 page and /search).",
    switchOff: `remove the ./searchByWorker replacement from ${searchLocalPlugin} (and restore the manifest fetch in the worker)`,
  },
];

/** The performance layer's units, in list order: the ids `TESSERA_WITHOUT` takes. */
export const performanceUnits: string[] = [
  ...new Set(upstreamModifications.flatMap((modification) => (modification.purpose === 'performance' ? [modification.unit] : []))),
];

/**
 * The version of each package named in a `reliesOnVersions` when the modifications relying on it
 * were last checked: tests/unit/upstream-modifications.test.ts fails when the installed one differs.
 */
export const checkedUpstreamVersions: Record<string, string> = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-config': '5.1.1',
  '@rspack/core': '1.7.12',
};

/**
 * The sha256 (first 16 hex digits) of each upstream file as it was when our modification was last
 * checked against it. An upgrade that changes a file fails tests/unit/upstream-modifications.test.ts
 * until the modification is re-checked and the new hash written here.
 */
export const checkedUpstreamHashes: Record<string, string> = {
  'docusaurus-plugin-openapi-docs/lib/index.js': '80f71d6dd8827a4f',
  'docusaurus-plugin-openapi-docs/lib/markdown/index.js': 'b13fec2160afd500',
  '@docusaurus/plugin-content-docs/lib/props.js': '26b2e7cd95c0f812',
  '@docusaurus/plugin-content-docs/lib/globalData.js': '192cde2ebaf1ba14',
  '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js': '444c91b32c4a549c',
  '@docusaurus/theme-classic/lib/theme/DocCard/index.js': 'ed868923dd2135d3',
  '@docusaurus/plugin-content-docs/lib/client/docsUtils.js': 'cab6060db00dcb79',
  'docusaurus-plugin-openapi-docs/lib/openapi/openapi.js': '7d77eebda3a19f67',
  'docusaurus-plugin-openapi-docs/lib/markdown/createAuthentication.js': '7da92873f8500280',
  'docusaurus-plugin-openapi-docs/lib/openapi/utils/loadAndResolveSpec.js': '3663ede531ee4daf',
  'docusaurus-plugin-openapi-docs/lib/markdown/utils.js': '24298285925b85b0',
  '@rspack/core/dist/index.js': '3f89b093f004eba7',
  '@docusaurus/core/lib/client/clientEntry.js': 'a9d6514eaf79c05c',
  '@docusaurus/core/lib/client/docusaurus.js': 'b0d1dbdc1e3a706f',
  '@docusaurus/core/lib/client/browserContext.js': 'f0765ea0de6c6820',
  '@docusaurus/core/lib/client/preload.js': '8c1e3de18d307e2f',
  '@docusaurus/core/lib/webpack/plugins/ChunkAssetPlugin.js': 'd1fdb10641cef8bb',
  '@docusaurus/core/lib/webpack/client.js': 'b38143fa54a7b01e',
  '@docusaurus/core/lib/client/App.js': '1442f48492b53516',
  '@docusaurus/core/lib/client/PendingNavigation.js': '1c489db32b5665b0',
  '@docusaurus/core/lib/client/normalizeLocation.js': '2759003e81bfa6c3',
  '@docusaurus/core/lib/client/exports/ComponentCreator.js': '5f99bdbd725f6e0b',
  'docusaurus-theme-openapi-docs/lib/theme/ApiItem/Layout/index.js': '2ae7c88142b0cece',
  'docusaurus-theme-openapi-docs/lib/theme/ParamsDetails/index.js': 'be8427f1a1366eb4',
  'docusaurus-theme-openapi-docs/lib/theme/RequestSchema/index.js': 'ce06b111abfc6425',
  'docusaurus-theme-openapi-docs/lib/theme/ResponseSchema/index.js': '6900a2d39665bb9c',
  '@docusaurus/theme-classic/lib/theme/Details/index.js': '978f61355b69cc00',
  '@docusaurus/theme-classic/lib/theme/Tabs/index.js': '7fe3d248d13cc48d',
  '@docusaurus/theme-common/lib/utils/tabsUtils.js': '1b5d6b2c7d52905e',
  '@docusaurus/theme-classic/lib/theme/CodeBlock/index.js': '639f8655d319e123',
  'docusaurus-theme-openapi-docs/lib/theme/ApiTabs/index.js': 'fd5ffca5e1feefa8',
  'docusaurus-theme-openapi-docs/lib/theme/DiscriminatorTabs/index.js': 'be501450eebca059',
  'docusaurus-theme-openapi-docs/lib/theme/MimeTabs/index.js': '9c4e38e8e0c9f21d',
  'docusaurus-theme-openapi-docs/lib/theme/OperationTabs/index.js': '991f5da7389cd310',
  'docusaurus-theme-openapi-docs/lib/theme/SchemaTabs/index.js': 'e06177b659b9bee4',
  'docusaurus-theme-openapi-docs/lib/theme/Tabs/index.js': '175d992a3a641c0a',
  '@docusaurus/theme-classic/lib/prism-include-languages.js': 'a464a26897ccb5b2',
  '@docusaurus/utils-common/lib/index.js': 'f67a902f603f736c',
  '@docusaurus/theme-mermaid/lib/client/index.js': 'f1d04220a13ed372',
  '@docusaurus/core/lib/ssg/ssgTemplate.html.js': '5d6584e4a61b22d4',
  'react-loadable-ssr-addon-v5-slorber/lib/ReactLoadableSSRAddon.js': '3e3f7bf0ac88ab47',
  '@docusaurus/core/lib/webpack/base.js': 'b3c441dfc9ae516b',
  '@docusaurus/core/lib/webpack/server.js': 'd960a7bca6498081',
  '@docusaurus/core/lib/commands/build/buildLocale.js': '8cd1f296d9e9efa0',
  '@docusaurus/core/lib/server/codegen/codegenRoutes.js': '6bdf7133ebc411f9',
  '@docusaurus/core/lib/server/codegen/codegen.js': '611cf627307a668c',
  '@docusaurus/core/lib/ssg/ssgParams.js': '62ab3d9a6697921a',
  '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/index.js': '0d361f5894590ea4',
  '@docusaurus/theme-classic/lib/theme/DocItem/index.js': '015731dcd3f47753',
  '@docusaurus/theme-classic/lib/theme/Navbar/MobileSidebar/index.js': '0e302185bbfd7b0a',
  'docusaurus-theme-openapi-docs/lib/theme/ApiItem/index.js': 'fd059f169de5c073',
  'docusaurus-theme-openapi-docs/lib/theme/ApiItem/hooks.js': 'f1535d38d96073a8',
  'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/MethodEndpoint/index.js': 'aea76b2570fecf8c',
  'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Accept/slice.js': '7212ab805fafa7ad',
  'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/ContentType/slice.js': '0f7397c3ddf8a5ad',
  'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/SchemaSelection/slice.js': 'd66f3f962c14e812',
  'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/index.js': '70cd82a3ea6bf444',
  'docusaurus-theme-openapi-docs/lib/theme/Markdown/index.js': 'a23feb9237909de9',
  'docusaurus-theme-openapi-docs/lib/theme/ResponseExamples/index.js': '5374a0724aa17027',
  'docusaurus-theme-openapi-docs/lib/theme/ArrayBrackets/index.js': 'f255f2eb4c84218b',
  'docusaurus-theme-openapi-docs/lib/theme/ParamsItem/index.js': 'b12b733a7b60142f',
  'docusaurus-theme-openapi-docs/lib/theme/ResponseHeaders/index.js': '58945218e5ae6d6f',
  'docusaurus-theme-openapi-docs/lib/theme/Schema/index.js': '6ae0000f696ff3ec',
  'docusaurus-theme-openapi-docs/lib/markdown/schema.js': '0b7c616f7faa2b50',
  'docusaurus-theme-openapi-docs/lib/theme/SchemaItem/index.js': '5b25dc3be9212cc5',
  '@docusaurus/theme-classic/lib/theme/Layout/index.js': '9d37f063ca131079',
  '@docusaurus/theme-classic/lib/theme/MDXComponents/index.js': 'b1a0eed95525de25',
  '@docusaurus/theme-classic/lib/theme/DocBreadcrumbs/index.js': 'a5e21e8d877b58a2',
  '@docusaurus/theme-classic/lib/theme/ErrorPageContent.js': 'a85bb2d0b98bbb2c',
  '@docusaurus/theme-classic/lib/theme/NotFound/Content/index.js': '1339cadd0fe0b2a2',
  '@docusaurus/theme-classic/lib/theme/DocsRoot/index.js': 'de7203a59fbd286a',
  '@docusaurus/plugin-content-docs/lib/routes.js': '5292463cb424aa02',
  '@easyops-cn/autocomplete.js/src/autocomplete/dataset.js': 'a89c24eb03b2a2dd',
  '@easyops-cn/autocomplete.js/src/autocomplete/dropdown.js': 'bcca7a9359af6c7b',
  '@easyops-cn/autocomplete.js/src/autocomplete/html.js': 'ca8e1c4197677dfd',
  '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.jsx': '1d6b381687947f38',
  '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchPage/SearchPage.jsx': '554dcc569a17cb23',
  '@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js': 'bd81e902cc6fe388',
  '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker.js': 'cf571811cb2fd0fd',
  '@easyops-cn/docusaurus-search-local/dist/server/server/utils/generate.js': '0ca882108590232b',
  '@easyops-cn/docusaurus-search-local/dist/server/server/utils/postBuildFactory.js': '38a9ebd7cc40a673',
};
