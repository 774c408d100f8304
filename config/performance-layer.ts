/**
 * The performance layer and the switch that builds the site without it.
 *
 * The layer is every entry of config/upstream-modifications.ts whose purpose is `performance`: the
 * plugins below, the theme components of src/plugins/performance-theme, the SSR template and the
 * remark plugin that puts prerendered diagrams in place of mermaid. With `TESSERA_STOCK=1`, the
 * build and the API page generation leave all of it out and the site runs on stock Docusaurus and
 * docusaurus-plugin-openapi-docs behaviour, so a bug that the stock build lacks comes from the
 * layer. What the specification or accessibility needs (src/theme, the plugin options) stays.
 *
 * With `TESSERA_WITHOUT=<unit>[,<unit>…]`, the build keeps the layer but switches off the named
 * units of config/upstream-modifications.ts (what their entries' `ours` name: a plugin, a stand-in
 * of hydrate-in-place, a component of the performance theme, the SSR template), so that
 * `npm run bench:ledger` can measure each unit's own gain against the whole layer.
 */
import type {PluginConfig} from '@docusaurus/types';
import {ssrTemplate} from './ssr-template';
import {performanceUnits, upstreamModifications} from './upstream-modifications';

/** The environment variable that switches the layer off: `TESSERA_STOCK=1 npm run build:stock`. */
export const stockSwitch = 'TESSERA_STOCK';

export function isStockBuild(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[stockSwitch] === '1';
}

/** The environment variable that switches single units off: `TESSERA_WITHOUT=ssr-template npm run build`. */
export const withoutSwitch = 'TESSERA_WITHOUT';

/** The units `TESSERA_WITHOUT` names; an id that is no unit fails the build rather than measure the whole layer. */
export function switchedOffUnits(env: NodeJS.ProcessEnv = process.env): string[] {
  const units = (env[withoutSwitch] ?? '')
    .split(',')
    .map((unit) => unit.trim())
    .filter(Boolean);
  const unknown = units.filter((unit) => !performanceUnits.includes(unit));
  if (unknown.length > 0) {
    throw new Error(
      `${withoutSwitch} names ${unknown.join(', ')}, which is no unit of the performance layer: ${performanceUnits.join(', ')}`,
    );
  }
  const tied = units.filter((unit) => unitsTiedToGeneratedPages.includes(unit));
  if (tied.length > 0) {
    throw new Error(
      `${withoutSwitch}: ${tied.join(', ')} cannot be switched off alone: scripts/generate-api-docs.ts writes the operation pages for them (compare with TESSERA_STOCK=1)`,
    );
  }
  return units;
}

/** Units the generated operation pages are written for (their front matter and ApiItem registration): only the stock switch removes them. */
export const unitsTiedToGeneratedPages = ['doc-item', 'api-item'];

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
  './src/plugins/site-config-without-build-fields/index.ts',
  './src/plugins/docs-list-ids-only/index.ts',
  './src/plugins/route-sections/index.ts',
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

const standInsFolder = 'src/plugins/hydrate-in-place/stand-ins/';
const performanceThemeFolder = 'src/plugins/performance-theme/theme/';
const pluginOf = (file: string) => performancePlugins.find((plugin) => plugin === `./${file}`);

/** What switching the units off takes out: plugins, hydrate-in-place stand-ins, theme files, the SSR template. */
export function switchedOffParts(units: string[]): {plugins: string[]; standIns: string[]; themeFiles: string[]; ssrTemplate: boolean} {
  const ours = upstreamModifications.flatMap((modification) =>
    modification.purpose === 'performance' && units.includes(modification.unit) ? modification.ours : [],
  );
  const standIns = [...new Set(ours.filter((file) => file.startsWith(standInsFolder)).map((file) => file.slice(standInsFolder.length)))];
  return {
    // An entry of a stand-in names the plugin that installs it too, which stays for the other stand-ins.
    // Several entries of one unit may name its plugin's index.ts.
    plugins: standIns.length > 0 ? [] : [...new Set(ours.flatMap((file) => pluginOf(file) ?? []))],
    standIns,
    themeFiles: ours.filter((file) => file.startsWith(performanceThemeFolder)).map((file) => file.slice(performanceThemeFolder.length)),
    ssrTemplate: ours.includes('config/ssr-template.ts'),
  };
}

function withLayerWithout(units: string[]): PerformanceLayer {
  const off = switchedOffParts(units);
  const withOptions = (plugin: string): PluginConfig => {
    if (plugin.endsWith('/hydrate-in-place/index.ts') && off.standIns.length > 0) return [plugin, {without: off.standIns}];
    return plugin;
  };
  const diagramsOff = off.plugins.includes('./src/plugins/prerendered-diagrams/index.ts');
  return {
    plugins: performancePlugins.filter((plugin) => !off.plugins.includes(plugin)).map(withOptions),
    themes: [off.themeFiles.length > 0 ? [performanceTheme, {without: off.themeFiles}] : performanceTheme],
    ...(off.ssrTemplate ? {} : {ssrTemplate}),
    prerenderedDiagrams: !diagramsOff,
    // The default: the layer's DocItem hands operation pages to the OpenAPI theme's ApiItem, which no other page loads.
    docItemComponent: '@theme/DocItem',
  };
}

const stock: PerformanceLayer = {
  plugins: [],
  themes: [],
  prerenderedDiagrams: false,
  // docusaurus-plugin-openapi-docs's documented set-up: its ApiItem renders every docs page.
  docItemComponent: '@theme/ApiItem',
};

export function performanceLayer(stockBuild: boolean = isStockBuild(), without: string[] = switchedOffUnits()): PerformanceLayer {
  return stockBuild ? stock : withLayerWithout(without);
}
