/**
 * Leaves the fields only the build reads out of the site config the browser loads.
 *
 * Docusaurus writes the whole site config into a generated module (`@generated/docusaurus.config`),
 * which main.js holds, so every page loads it. Four of its fields serve the build alone, in Node:
 * the HTML shell (`ssrTemplate`, config/ssr-template.ts, which Docusaurus reads from the config it
 * loaded, not from the bundle) and the presets, plugins and themes with their options (Docusaurus
 * loads them before it bundles; they reach the browser through their own generated modules and
 * global data). No browser code reads them (tests/unit/site-config-without-build-fields.test.ts
 * checks the client code of the packages and of the site). The browser build reads the module
 * through a loader that drops them; the server build keeps them.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export const loaderPath = path.join(__dirname, 'without-fields-loader.cjs');

/** The site config's fields that only the build reads. */
export const buildOnlyFields = ['ssrTemplate', 'presets', 'plugins', 'themes'];

export default function siteConfigWithoutBuildFieldsPlugin(context: {generatedFilesDir: string}): Plugin {
  return {
    name: 'site-config-without-build-fields',
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'production') return {};
      const test = path.join(context.generatedFilesDir, 'docusaurus.config.mjs');
      return {module: {rules: [{test, use: [{loader: loaderPath, options: {fields: buildOnlyFields}}]}]}};
    },
  };
}
