/**
 * Drops the module paths from the route registry the browser loads.
 *
 * Docusaurus's generated registry (`@generated/registry`, in main.js) gives each route chunk its
 * `import()`, its module path and its module id. The path only serves react-loadable on the
 * server, which reports the modules a page rendered so that the page's HTML can name their
 * chunks; in the browser nothing reads it. The browser build reads the registry through a loader
 * that blanks the paths; the server build keeps them.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export const loaderPath = path.join(__dirname, 'blank-module-paths-loader.cjs');

export default function registryWithoutModulePathsPlugin(context: {generatedFilesDir: string}): Plugin {
  return {
    name: 'registry-without-module-paths',
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'production') return {};
      return {module: {rules: [{test: path.join(context.generatedFilesDir, 'registry.js'), use: [{loader: loaderPath}]}]}};
    },
  };
}
