/**
 * Keeps the code that only API operation pages run out of the chunk every page loads.
 *
 * Docusaurus's split-chunks `common` group takes every module that at least half of the site's
 * chunks import. Each operation page's chunk imports the OpenAPI theme (through the registration
 * of ../openapi-docs/api-item-registry), so once operation pages are half of the routes, the theme
 * lands in `common` and every guide and the home page download it. This group, ranked above
 * `common` and with its threshold, takes the modules that `common` would take but that only
 * operation pages hold, into a chunk that operation pages load and no other page does. Below the
 * threshold (the site as it is today) it takes nothing and the bundler's default split stays.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The module every generated operation page imports and nothing else does: it marks their chunks. */
export const operationPageMarker = path.resolve(__dirname, '../openapi-docs/api-item-registry/register.ts');

/** The cache group's key, which the bundler also puts in the chunks' ids. */
export const cacheGroupName = 'apiOperations';

/** The parts of a module and of the chunk graph the test reads (the same under webpack and Rspack). */
export type ModuleLike = {resource?: string};
export type ChunkLike = {name?: string | null; id?: string | number | null};
export type ChunkGraphLike = {getModuleChunks(module: ModuleLike): ChunkLike[]; getChunkModules(chunk: ChunkLike): ModuleLike[]};

/**
 * A test for a split-chunks cache group: true for a module that sits only in operation pages'
 * chunks (each of which holds `marker`). Whether a chunk is an operation page's is computed once per chunk.
 */
export function onlyOnOperationPages(marker: string = operationPageMarker) {
  const operationChunks = new Map<string, boolean>();
  const isOperationChunk = (chunk: ChunkLike, chunkGraph: ChunkGraphLike): boolean => {
    const key = String(chunk.id ?? chunk.name);
    let known = operationChunks.get(key);
    if (known === undefined) {
      known = chunkGraph.getChunkModules(chunk).some((module) => module.resource === marker);
      operationChunks.set(key, known);
    }
    return known;
  };
  return (module: ModuleLike, {chunkGraph}: {chunkGraph: ChunkGraphLike}): boolean => {
    const chunks = chunkGraph.getModuleChunks(module);
    return chunks.length > 0 && chunks.every((chunk) => isOperationChunk(chunk, chunkGraph));
  };
}

type SplitChunks = {cacheGroups?: Record<string, unknown>};

export default function apiCodeApartPlugin(): Plugin {
  return {
    name: 'api-code-apart',
    configureWebpack(config, isServer) {
      // The server bundle is one file: it has no chunks to split.
      const splitChunks = config.optimization?.splitChunks as SplitChunks | false | undefined;
      if (isServer || !splitChunks || !splitChunks.cacheGroups) return {};
      const common = splitChunks.cacheGroups.common as {priority?: number; minChunks?: number} | undefined;
      splitChunks.cacheGroups[cacheGroupName] = {
        // Unnamed: one chunk per set of pages that share the modules, so what a few pages share
        // (a schema) does not ride along with the theme that every operation page needs.
        name: false,
        test: onlyOnOperationPages(),
        // Only what `common` would take: below its threshold the bundler's default split is left as it is.
        minChunks: common?.minChunks ?? 2,
        chunks: 'async',
        priority: (common?.priority ?? 40) + 1,
      };
      return {};
    },
  };
}
