/**
 * @easyops-cn/docusaurus-search-local with config/search.ts, kept out of main.js (see
 * ../build-side-options), and with a sharded full-text index behind its UI: after the plugin has
 * written each version's index, the build replaces it with a small manifest and shards
 * (./sharded-index), and the plugin's search worker and the module that calls it are swapped for
 * ours (./worker): the page fetches the manifest, the worker only the shards a search needs. The
 * search box shows the newest answer it has received while the reader types (./newest-answer),
 * not only the current input's.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import * as searchLocalPackage from '@easyops-cn/docusaurus-search-local';
import {searchOptions} from '../../../config/search';
import {withBuildSideOptions, type PluginPackage} from '../build-side-options';
import {writeSearchIndexStamp} from './index-stamp';
import {writeShardedIndexes} from './sharded-index/write';

/** The package's CommonJS exports; its typings declare only the options type. */
export const searchLocal = searchLocalPackage as unknown as Required<PluginPackage>;

const searchLocalWithOptions = withBuildSideOptions(searchLocal, searchOptions);

/** The plugin's theme folder, where its searchByWorker.js starts `new Worker(new URL('./worker.js', …))` for its SearchBar and SearchPage. */
export const searchThemeDir = path.join(
  path.dirname(require.resolve('@easyops-cn/docusaurus-search-local')),
  '..',
  '..',
  'client',
  'client',
  'theme',
);
/**
 * The name the plugin gives each version's index file (`search-index{dir}-<stamp>.json`), read from
 * the constants module it generates when it starts, for the page to fetch the manifest while the
 * worker's script downloads (./worker/client.ts): the plugin's own copy of the constant imports lunr.
 */
export const searchManifestNameVariable = 'process.env.TESSERA_SEARCH_MANIFEST_NAME';

export function generatedSearchIndexName(generatedFilesDir: string): string {
  const constants = readFileSync(
    path.join(generatedFilesDir, '@easyops-cn/docusaurus-search-local/default/generated-constants.js'),
    'utf8',
  );
  const name = /export const searchIndexUrl = ("[^"]+");/.exec(constants)?.[1];
  if (!name) throw new Error('The search plugin generated no searchIndexUrl constant: see src/plugins/search-local/index.ts');
  return JSON.parse(name) as string;
}

/** The plugin's module that starts its worker and calls it, which its SearchBar and SearchPage import as `../searchByWorker`. */
export const pluginWorkerCaller = path.join(searchThemeDir, 'searchByWorker');
/** Ours: it starts our worker (./worker/index.ts, the plugin worker's calls over the sharded index) and hands it the manifest. */
export const shardedSearchWorkerCaller = path.join(__dirname, 'worker', 'client.ts');

/** autocomplete.js's Dataset, as the plugin's SearchBar gets it (from the plugin's own dependency). */
export const autocompleteDataset = require.resolve('@easyops-cn/autocomplete.js/src/autocomplete/dataset.js', {
  paths: [path.dirname(require.resolve('@easyops-cn/docusaurus-search-local'))],
});
/** How our Dataset (./newest-answer/dataset.ts) imports the original, which its own `./dataset.js` request would not reach. */
export const originalDatasetAlias = '@tessera/autocomplete-dataset';
/** autocomplete.js's markup templates, which the original Dataset reads at each render; ours makes each option a link. */
export const autocompleteHtml = path.join(path.dirname(autocompleteDataset), 'html.js');
export const autocompleteHtmlAlias = '@tessera/autocomplete-html';
/** Our Dataset: autocomplete.js's, showing the newest answer received while the reader types. */
export const newestAnswerDataset = path.join(__dirname, 'newest-answer', 'dataset.ts');

type Resource = {context: string; request: string};

/** The plugin computes its index file name when it starts: the stamp file must be there first. */
export default async function searchLocalPlugin(context: LoadContext, options: unknown): Promise<Plugin> {
  writeSearchIndexStamp(context.siteDir, searchOptions);
  const plugin = await searchLocalWithOptions.plugin(context, options);
  return {
    ...plugin,
    async postBuild(props) {
      await plugin.postBuild?.(props);
      writeShardedIndexes(props.outDir, props.baseUrl);
    },
    configureWebpack(config, isServer, utils, content) {
      const upstream = plugin.configureWebpack?.(config, isServer, utils, content) ?? {};
      const splitChunks = config.optimization?.splitChunks;
      // The bundler's default splits the async chunks, and a worker's chunk counts as one: lunr
      // went to a chunk of its own, which the worker fetched with importScripts only after its own
      // script had arrived, one more round trip before the first result on a phone. A chunk that
      // starts a worker (it carries its own runtime) is left whole; other chunks split as before.
      if (!isServer && splitChunks) splitChunks.chunks = (chunk) => !chunk.canBeInitial() && !chunk.hasRuntime();
      const {NormalModuleReplacementPlugin, DefinePlugin} = utils.currentBundler.instance;
      return {
        ...upstream,
        resolve: {
          ...upstream.resolve,
          alias: {
            ...upstream.resolve?.alias,
            [originalDatasetAlias]: autocompleteDataset,
            [autocompleteHtmlAlias]: autocompleteHtml,
          },
        },
        plugins: [
          ...(upstream.plugins ?? []),
          new DefinePlugin({[searchManifestNameVariable]: JSON.stringify(generatedSearchIndexName(context.generatedFilesDir))}),
          new NormalModuleReplacementPlugin(/\/searchByWorker$/, (resource: Resource) => {
            if (path.resolve(resource.context, resource.request) === pluginWorkerCaller) resource.request = shardedSearchWorkerCaller;
          }),
          // autocomplete.js shows only an answer to the current input; ours shows the newest answer
          // received while the reader types (./newest-answer).
          new NormalModuleReplacementPlugin(/^\.\/dataset\.js$/, (resource: Resource) => {
            if (path.resolve(resource.context) === path.dirname(autocompleteDataset)) resource.request = newestAnswerDataset;
          }),
        ],
      };
    },
  };
}
export const validateOptions = searchLocalWithOptions.validateOptions;
