/**
 * Lets the browser hydrate the server's HTML in place instead of rebuilding parts of it (issue 5).
 * Each rebuild below was one long, uninterruptible task right after hydration on a phone.
 * - OpenAPI schema sections: the theme wraps the parameters, the request body and each response
 *   in `<BrowserOnly>`, so the HTML held skeletons and the browser built the whole schema tree at
 *   once (about 19,000 elements and 0.5 s of main thread on create-session). Inside those three
 *   components `@docusaurus/BrowserOnly` renders its children everywhere (`RenderEverywhere`).
 * - Inside the OpenAPI theme, `@theme/Details` renders a collapsed section's content once it is
 *   first opened (`LazyDetails`), so nested schemas cost nothing until read.
 * - Tabs and code blocks call `useIsBrowser()` only to remount after hydration (`NoRemountKey`
 *   says why that is not needed here), which rebuilt every tab and code block on the page.
 * - Link prefetching adds its `<link rel="prefetch">` elements in idle slices (`IdlePrefetch`).
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

// Docusaurus loads site plugins as CommonJS, so `__dirname` is the module's own.
const componentsDir = path.resolve(__dirname, '../../components');
const openApiThemeDir = path.join(path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json')), 'lib', 'theme');
const docusaurusClientDir = path.dirname(require.resolve('@docusaurus/core/lib/client/docusaurus.js'));

/** The OpenAPI theme components whose `<BrowserOnly>` wrapper is dropped. */
export const serverRenderedComponents = ['ParamsDetails', 'RequestSchema', 'ResponseSchema'];

/** Components that call `useIsBrowser()` only for a remount key (tests/unit/config.test.ts checks). */
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

type Resource = {context: string; request: string};

export default function hydrateInPlacePlugin(): Plugin {
  return {
    name: 'hydrate-in-place',
    configureWebpack(_config, _isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      const replace = (request: RegExp, replacement: string, applies: (context: string) => boolean) =>
        new NormalModuleReplacementPlugin(request, (resource: Resource) => {
          if (applies(resource.context)) resource.request = path.join(componentsDir, replacement);
        });
      return {
        plugins: [
          replace(/^@docusaurus\/BrowserOnly$/, 'RenderEverywhere', (context) =>
            serverRenderedComponents.includes(openApiThemeComponent(context) ?? ''),
          ),
          replace(/^@theme\/Details$/, 'LazyDetails', (context) => openApiThemeComponent(context) !== undefined),
          replace(/^@docusaurus\/useIsBrowser$/, 'NoRemountKey', (context) => remountKeyComponentDirs.has(context)),
          replace(/^\.\/prefetch$/, 'IdlePrefetch', (context) => context === docusaurusClientDir),
        ],
      };
    },
  };
}
