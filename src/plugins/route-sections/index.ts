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
 *
 * A section also carries what only its pages read of two modules every page of a version loads:
 * the sidebars no other page shows (an added API's own, config/added-api-sidebars.ts), taken out
 * of the docs version's props module, and the global data entries of the docs in them (the version
 * menu's list), taken out of globalData.json. Both modules become JavaScript that hands itself to
 * ./client, which joins each section's part as the section loads, before its pages render. And it
 * carries the runtime's entries for its own chunks, their ids and files (./chunk-asset.ts).
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {openApiSpecs} from '../../../config/openapi';
import {ClientManifestRewritePlugin, clientManifestPath} from '../route-chunks-in-html';
import {withSectionChunks} from './manifest';
import {
  generatedFiles,
  globalDocsPlan,
  planFromSources,
  readGeneratedSources,
  readGlobalData,
  type RouteSectionsLoaderOptions,
} from './loaders';
import {sectionAwareChunkAssetPlugin, withoutUpstreamChunkAssetPlugin, type BundlerLike} from './chunk-asset';

export const loaderPath = path.join(__dirname, 'loader.cjs');
export const clientModule = path.join(__dirname, 'client', 'index.ts');
const coreClientDir = path.dirname(require.resolve('@docusaurus/core/lib/client/docusaurus.js'));
export const coreClientFiles = ['preload.js', 'docusaurus.js'].map((file) => path.join(coreClientDir, file));

/** The folders whose pages become sections: every generated API's. */
export const sectionFolders = (): string[] => Object.values(openApiSpecs).map((spec) => spec.outputDir);

const pluginName = 'route-sections';

/** Every `docId` the theme config names (navbar doc items, in dropdowns too): docs the theme looks up on every page. */
export function docIdsNamedBy(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(docIdsNamedBy);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, field]) => (key === 'docId' && typeof field === 'string' ? [field] : docIdsNamedBy(field)));
}

export default function routeSectionsPlugin(context: {generatedFilesDir: string; siteConfig?: {themeConfig?: unknown}}): Plugin {
  return {
    name: pluginName,
    configureWebpack(config, isServer, utils) {
      // The server renders every page from the whole table; `docusaurus start` keeps Docusaurus's own.
      if (isServer || config.mode !== 'production') return {};
      const options: RouteSectionsLoaderOptions = {
        sectionFolders: sectionFolders(),
        clientModule,
        keptDocIds: docIdsNamedBy(context.siteConfig?.themeConfig),
      };
      const use = [{loader: loaderPath, options}];
      const generatedDir = context.generatedFilesDir;
      const generated = generatedFiles.map((file) => path.join(generatedDir, file));
      const {plan, sidebars} = planFromSources(readGeneratedSources(generatedDir), options.sectionFolders);
      // A docs version's props module whose sections carry some of its sidebars becomes JavaScript
      // (it hands them to ./client), after every other loader of it (docs-list-ids-only) has run.
      // So does the global data when sections carry some docs' entries.
      const carriesGlobalDocs =
        globalDocsPlan(readGlobalData(generatedDir), generatedDir, sidebars, options.keptDocIds ?? []).parts.size > 0;
      const props = [...sidebars.keys(), ...(carriesGlobalDocs ? ['globalData.json'] : [])].map((file) => ({
        test: path.join(generatedDir, file),
        enforce: 'post' as const,
        type: 'javascript/auto',
        use,
      }));
      // The runtime's maps of chunk names to ids (prefetch) and of ids to files: the shell's; each section brings its own (./chunk-asset.ts).
      // Docusaurus's ChunkAssetPlugin, which writes the whole map, can only be taken out of its config in place.
      config.plugins = withoutUpstreamChunkAssetPlugin(config.plugins ?? []);
      const chunkAssets = sectionAwareChunkAssetPlugin(
        utils.currentBundler.instance as unknown as BundlerLike,
        plan.sections.map((section) => section.key),
        new Set(plan.registryOwner.keys()),
      );
      return {
        module: {rules: [...[...generated, ...coreClientFiles].map((file) => ({test: file, use})), ...props]},
        // Listed after route-chunks-in-html, so its entries are there to extend.
        plugins: [
          new ClientManifestRewritePlugin(pluginName, clientManifestPath(context.generatedFilesDir), withSectionChunks),
          chunkAssets as never,
        ],
      };
    },
  };
}
