/**
 * Lets the browser hydrate the server's HTML in place instead of rebuilding parts of it.
 * Each item below removed a long, uninterruptible task from the first seconds of a page on a phone.
 * - OpenAPI schema sections: the theme wraps the parameters, the request body and each response
 *   in `<BrowserOnly>`, so the HTML held skeletons and the browser built the whole schema tree at
 *   once (about 19,000 elements and 0.5 s of main thread on create-session). Inside those three
 *   components `@docusaurus/BrowserOnly` renders its children everywhere (`RenderEverywhere`).
 * - Inside the OpenAPI theme, `@theme/Details` renders a collapsed section's content once it is
 *   first opened (`LazyDetails`), so nested schemas cost nothing until read.
 * - Tabs and code blocks call `useIsBrowser()` only to remount after hydration (`NoRemountKey`
 *   says why that is not needed here), which rebuilt every tab and code block on the page.
 * - Link prefetching (matching each link's route, adding its `<link rel="prefetch">` elements)
 *   runs in idle slices (`IdlePrefetch`, the `window.docusaurus` the client entry mounts).
 * - The client entry matches the route and starts hydrating in a task after main.js has
 *   evaluated, not inside it (`PreloadInNextTask`).
 * - The switch of `useIsBrowser()` to true after hydration renders as a transition
 *   (`BrowserContextInTransition`), in slices instead of one task.
 *   These three are one unit of the performance layer, `startup-in-slices`: each alone measured
 *   within noise, together they shorten the API and guide pages' blocking time.
 * - `@tessera/markdown-renderer` is marked in the server build and a loader in the browser build
 *   (`MarkdownRenderer`), so API descriptions hydrate without marked (src/plugins/performance-theme/theme/Markdown).
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

// Docusaurus loads site plugins as CommonJS, so `__dirname` is the module's own.
// The modules this plugin swaps in (stand-ins/): each says in its first line what it stands in for.
const standInsDir = path.resolve(__dirname, 'stand-ins');
export const openApiThemeDir = path.join(path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json')), 'lib', 'theme');
export const docusaurusClientDir = path.dirname(require.resolve('@docusaurus/core/lib/client/docusaurus.js'));
const clientEntryFile = path.join(docusaurusClientDir, 'clientEntry.js');

/** The OpenAPI theme components whose `<BrowserOnly>` wrapper is dropped. */
export const serverRenderedComponents = ['ParamsDetails', 'RequestSchema', 'ResponseSchema'];

/** Components that call `useIsBrowser()` only for a remount key (tests/unit/hydrate-in-place.test.ts checks). */
export const remountKeyComponentFiles = [
  require.resolve('@docusaurus/theme-classic/lib/theme/Tabs/index.js'),
  require.resolve('@docusaurus/theme-classic/lib/theme/CodeBlock/index.js'),
  ...['ApiTabs', 'DiscriminatorTabs', 'MimeTabs', 'OperationTabs', 'SchemaTabs', 'Tabs'].map((name) =>
    path.join(openApiThemeDir, name, 'index.js'),
  ),
];
const remountKeyComponentDirs = new Set(remountKeyComponentFiles.map((file) => path.dirname(file)));

/** The OpenAPI theme component a request comes from, if it comes from that theme. */
function openApiThemeComponent(context: string): string | undefined {
  const relative = path.relative(openApiThemeDir, context);
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep)[0];
}

type Resource = {context: string; request: string; contextInfo?: {issuer?: string}};

// Rspack's persistent cache does not see edits to these replacements: after changing them, `npm run clear`.
export type HydrateInPlaceOptions = {
  /** Stand-ins (folder names under stand-ins/) left out, to measure the layer without them (TESSERA_WITHOUT). */
  without?: string[];
};

export default function hydrateInPlacePlugin(_context: LoadContext, {without = []}: HydrateInPlaceOptions = {}): Plugin {
  return {
    name: 'hydrate-in-place',
    // Tells ServerMarkup when hydration has committed (its onRouteDidUpdate).
    getClientModules() {
      return [path.join(standInsDir, 'ServerMarkup', 'index.ts')];
    },
    configureWebpack(_config, isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      const replace = (request: RegExp, replacement: string, applies: (context: string, issuer: string) => boolean) =>
        new NormalModuleReplacementPlugin(request, (resource: Resource) => {
          if (without.includes(replacement)) return;
          if (applies(resource.context, resource.contextInfo?.issuer ?? '')) resource.request = path.join(standInsDir, replacement);
        });
      return {
        resolve: {
          alias: {
            '@tessera/docusaurus-browser-context$': path.join(docusaurusClientDir, 'browserContext.js'),
            '@tessera/docusaurus-preload$': path.join(docusaurusClientDir, 'preload.js'),
            '@tessera/docusaurus-client-api$': path.join(docusaurusClientDir, 'docusaurus.js'),
            '@tessera/markdown-renderer$': path.join(standInsDir, 'MarkdownRenderer', isServer ? 'server.ts' : 'client.ts'),
          },
        },
        plugins: [
          replace(/^@docusaurus\/BrowserOnly$/, 'RenderEverywhere', (context) =>
            serverRenderedComponents.includes(openApiThemeComponent(context) ?? ''),
          ),
          replace(/^@theme\/Details$/, 'LazyDetails', (context) => openApiThemeComponent(context) !== undefined),
          replace(/^@docusaurus\/useIsBrowser$/, 'NoRemountKey', (context) => remountKeyComponentDirs.has(context)),
          replace(/^\.\/docusaurus$/, 'IdlePrefetch', (_context, issuer) => issuer === clientEntryFile),
          replace(/^\.\/preload$/, 'PreloadInNextTask', (_context, issuer) => issuer === clientEntryFile),
          replace(/^\.\/browserContext$/, 'BrowserContextInTransition', (context) => context === docusaurusClientDir),
        ],
      };
    },
  };
}
