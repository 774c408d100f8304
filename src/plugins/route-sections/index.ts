/**
 * Takes each generated API's routes out of the route table every page loads.
 *
 * Docusaurus puts the whole route table in main.js: every route's path and component (routes.js),
 * its chunk names (routesChunkNames.json) and each chunk's `import()` (registry.js), about 52 B
 * gzipped per route. A site whose API grows tenfold pays it on every page. Here the browser build
 * reads the three files through ./loader.cjs, which moves the routes of each generated API (an
 * OpenAPI file's output folder, config/openapi.ts) into a section: a chunk loaded when a path in it
 * is about to be matched (./client). Two client files of @docusaurus/core get one statement
 * changed each, so that matching waits for the section: `preload` (hydration, navigation, hover)
 * loads it first, and a link's prefetch skips a section that has not loaded.
 * The server build renders from the whole table, unchanged. A section page's HTML names the
 * section's chunk with its route chunks, so hydration does not wait a round trip for it.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {openApiSpecs} from '../../../config/openapi';
import {ClientManifestRewritePlugin, clientManifestPath} from '../route-chunks-in-html';
import {withSectionChunks} from './manifest';
import {generatedFiles, type RouteSectionsLoaderOptions} from './loaders';

export const loaderPath = path.join(__dirname, 'loader.cjs');
export const clientModule = path.join(__dirname, 'client', 'index.ts');
const coreClientDir = path.dirname(require.resolve('@docusaurus/core/lib/client/docusaurus.js'));
export const coreClientFiles = ['preload.js', 'docusaurus.js'].map((file) => path.join(coreClientDir, file));

/** The folders whose pages become sections: every generated API's. */
export const sectionFolders = (): string[] => Object.values(openApiSpecs).map((spec) => spec.outputDir);

const pluginName = 'route-sections';

export default function routeSectionsPlugin(context: {generatedFilesDir: string}): Plugin {
  return {
    name: pluginName,
    configureWebpack(config, isServer) {
      // The server renders every page from the whole table; `docusaurus start` keeps Docusaurus's own.
      if (isServer || config.mode !== 'production') return {};
      const options: RouteSectionsLoaderOptions = {sectionFolders: sectionFolders(), clientModule};
      const use = [{loader: loaderPath, options}];
      const generated = generatedFiles.map((file) => path.join(context.generatedFilesDir, file));
      return {
        module: {rules: [...generated, ...coreClientFiles].map((file) => ({test: file, use}))},
        // Listed after route-chunks-in-html, so its entries are there to extend.
        plugins: [new ClientManifestRewritePlugin(pluginName, clientManifestPath(context.generatedFilesDir), withSectionChunks)],
      };
    },
  };
}
