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
 *
 * A second group, ranked the same, takes what operation pages share with only a few other pages
 * (fewer than half of the other pages' chunks, as `common` counts half of all): the code block
 * and the tabs that an error page or a guide uses too. `common` would take them once operation
 * pages are half of the routes, and every page would load them; split by the set of pages that
 * share them, each page loads what it uses.
 */
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {openApiSpecs} from '../../../config/openapi';

/** The module every generated operation page imports and nothing else does: it marks their chunks. */
export const operationPageMarker = path.resolve(__dirname, '../openapi-docs/api-item-registry/register.ts');

/** The cache group's key, which the bundler also puts in the chunks' ids. */
export const cacheGroupName = 'apiOperations';

/** The parts of a module and of the chunk graph the test reads (the same under webpack and Rspack). */
export type ModuleLike = {resource?: string};
export type ChunkLike = {name?: string | null; id?: string | number | null};
export type ChunkGraphLike = {getModuleChunks(module: ModuleLike): ChunkLike[]; getChunkModules(chunk: ChunkLike): ModuleLike[]};

/** Whether a chunk is an operation page's (holds `marker`), computed once per chunk. */
function operationChunks(marker: string) {
  const known = new Map<string, boolean>();
  return (chunk: ChunkLike, chunkGraph: ChunkGraphLike): boolean => {
    const key = String(chunk.id ?? chunk.name);
    let isOperation = known.get(key);
    if (isOperation === undefined) {
      isOperation = chunkGraph.getChunkModules(chunk).some((module) => module.resource === marker);
      known.set(key, isOperation);
    }
    return isOperation;
  };
}

/** A test for a split-chunks cache group: true for a module that sits only in operation pages' chunks (each of which holds `marker`). */
export function onlyOnOperationPages(marker: string = operationPageMarker) {
  const isOperationChunk = operationChunks(marker);
  return (module: ModuleLike, {chunkGraph}: {chunkGraph: ChunkGraphLike}): boolean => {
    const chunks = chunkGraph.getModuleChunks(module);
    return chunks.length > 0 && chunks.every((chunk) => isOperationChunk(chunk, chunkGraph));
  };
}

/**
 * A test for the second group: true for a module that operation pages hold and that fewer than
 * `threshold` other chunks hold. `common` counts all chunks, so once operation pages are half of
 * the routes it takes whatever they share with even one other page (the code block, tabs), and
 * every page loads it; counted over the other pages' chunks, as Docusaurus counts over all, such a
 * module is not common to them.
 */
export function sharedWithFewOtherPages(threshold: number, marker: string = operationPageMarker) {
  const isOperationChunk = operationChunks(marker);
  return (module: ModuleLike, {chunkGraph}: {chunkGraph: ChunkGraphLike}): boolean => {
    const chunks = chunkGraph.getModuleChunks(module);
    const others = chunks.filter((chunk) => !isOperationChunk(chunk, chunkGraph)).length;
    return others > 0 && others < chunks.length && others < threshold;
  };
}

/** The operation pages the generation wrote (`*.api.mdx` in each OpenAPI file's output folder). */
export function countOperationPages(siteDir: string, outputDirs: string[]): number {
  const count = (folder: string): number =>
    existsSync(folder)
      ? readdirSync(folder, {withFileTypes: true}).reduce(
          (total, entry) => total + (entry.isDirectory() ? count(path.join(folder, entry.name)) : entry.name.endsWith('.api.mdx') ? 1 : 0),
          0,
        )
      : 0;
  // An added API's folder lies inside Tessera's: count each folder once.
  const folders = outputDirs.filter((folder) => !outputDirs.some((other) => other !== folder && folder.startsWith(`${other}/`)));
  return folders.reduce((total, folder) => total + count(path.join(siteDir, folder)), 0);
}

type SplitChunks = {cacheGroups?: Record<string, unknown>};

/** The cache group of what operation pages share with a few other pages. */
export const sharedGroupName = 'sharedWithOperations';

export default function apiCodeApartPlugin(context: {siteDir: string} = {siteDir: path.resolve(__dirname, '../../..')}): Plugin {
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
      // Docusaurus sets `common.minChunks` to half the routes; the same half of the routes that are not operation pages.
      const pages = (common?.minChunks ?? 0) * 2;
      const otherPages =
        pages -
        countOperationPages(
          context.siteDir,
          Object.values(openApiSpecs).map((spec) => spec.outputDir),
        );
      splitChunks.cacheGroups[sharedGroupName] = {
        // Unnamed: one chunk per set of pages that share the modules, so each page loads what it uses.
        name: false,
        test: sharedWithFewOtherPages(otherPages * 0.5),
        minChunks: common?.minChunks ?? 2,
        // However small: below the bundler's minimum size the modules would go back to `common`.
        minSize: 0,
        chunks: 'async',
        priority: (common?.priority ?? 40) + 1,
      };
      return {};
    },
  };
}
