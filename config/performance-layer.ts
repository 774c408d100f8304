/**
 * The performance layer and the switch that builds the site without it.
 *
 * The layer is every entry of config/upstream-modifications.ts whose purpose is `performance`: the
 * plugins below, the theme components of src/plugins/performance-theme, the SSR template and the
 * remark plugin that puts prerendered diagrams in place of mermaid. With `TESSERA_STOCK=1`, the
 * build and the API page generation leave all of it out and the site runs on stock Docusaurus and
 * docusaurus-plugin-openapi-docs behaviour, so a bug that the stock build lacks comes from the
 * layer. What the specification or accessibility needs (src/theme, the plugin options) stays.
 */
import type {PluginConfig} from '@docusaurus/types';
import {ssrTemplate} from './ssr-template';

/** The environment variable that switches the layer off: `TESSERA_STOCK=1 npm run build:stock`. */
export const stockSwitch = 'TESSERA_STOCK';

export function isStockBuild(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[stockSwitch] === '1';
}

/** What the layer adds to the site config; the stock variant has none of it. */
export type PerformanceLayer = {
  /** Site plugins, listed after the OpenAPI plugin and before markdown-twins. */
  plugins: PluginConfig[];
  /** Theme plugins, listed after every other theme so that their components shadow the others. */
  themes: PluginConfig[];
  ssrTemplate?: string;
  /** Whether mermaid fences become prerendered images (src/plugins/content-remark-plugins.ts adds the remark plugin). */
  prerenderedDiagrams: boolean;
  /** The docs plugin's page component. */
  docItemComponent: string;
};

/** The site plugins of the layer (each one's index.ts says what it does). */
export const performancePlugins = [
  './src/plugins/prism-on-demand/index.ts',
  './src/plugins/lean-utils-common/index.ts',
  './src/plugins/prerendered-diagrams/index.ts',
  './src/plugins/hydrate-in-place/index.ts',
  './src/plugins/route-chunks-in-html/index.ts',
  './src/plugins/api-code-apart/index.ts',
  './src/plugins/hash-named-chunks/index.ts',
  './src/plugins/registry-without-module-paths/index.ts',
];

export const performanceTheme = './src/plugins/performance-theme/index.ts';

/**
 * Every file of ours that makes up the layer (paths from the site): its plugins' folders and what
 * only they use. The stock build neither bundles nor runs any of them;
 * tests/unit/upstream-modifications.test.ts checks that the performance entries name only these.
 */
export const performanceLayerFiles = [
  ...[...performancePlugins, performanceTheme].map((plugin) => plugin.replace(/^\.\/(.*)\/index\.ts$/, '$1')),
  'config/ssr-template.ts',
  // What the layer's DocItem reads; generated operation pages import its registration only when the layer is on.
  'src/plugins/openapi-docs/api-item-registry',
  // `npm run build` draws the diagrams before the remark plugin puts them in place; `build:stock` does not.
  'scripts/render-diagrams.ts',
];

const withLayer: PerformanceLayer = {
  plugins: performancePlugins,
  themes: [performanceTheme],
  ssrTemplate,
  prerenderedDiagrams: true,
  // The default: the layer's DocItem hands operation pages to the OpenAPI theme's ApiItem, which no other page loads.
  docItemComponent: '@theme/DocItem',
};

const stock: PerformanceLayer = {
  plugins: [],
  themes: [],
  prerenderedDiagrams: false,
  // docusaurus-plugin-openapi-docs's documented set-up: its ApiItem renders every docs page.
  docItemComponent: '@theme/ApiItem',
};

export function performanceLayer(stockBuild: boolean = isStockBuild()): PerformanceLayer {
  return stockBuild ? stock : withLayer;
}
