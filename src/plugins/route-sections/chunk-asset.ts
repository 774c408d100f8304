/**
 * Where a section's chunks are found: in the section, not in the runtime every page loads.
 *
 * To load or prefetch a chunk, the runtime maps its id to its file (`__webpack_require__.u`, a
 * content hash per chunk), and Docusaurus's prefetch first maps a route chunk's name to its id
 * (`__webpack_require__.gca`, @docusaurus/core lib/webpack/plugins/ChunkAssetPlugin.js). Both maps
 * hold every chunk of the site, about 13 B gz per chunk on every page. A section's routes are only
 * matched, so their chunks only loaded or prefetched, once the section has loaded. So the runtime
 * here maps the shell's chunks, and each section's chunk brings its own chunks' ids and files: its
 * routes module holds a placeholder that the build replaces once chunk ids and files are known
 * (after minification), and the section's chunks leave the runtime's file map; then the bundler
 * hashes the files' final content (`realContentHash`), rewriting the hashes in both places.
 */

import {importerOf} from '../route-chunks-in-html';
import {sectionOfModule} from './manifest';

/** The string a section's routes module passes where the build writes its part; found in the minified chunk. */
export const sectionChunksPlaceholder = (key: string): string => `route-section-chunks:${key}`;

/** The statement a section's routes module runs as it loads: hands the runtime its chunks' ids and files. */
export const sectionChunksStatement = (key: string): string =>
  `__webpack_require__.routeSectionChunks(${JSON.stringify(sectionChunksPlaceholder(key))});`;

/** What a section brings the runtime: its named chunks' ids (for `gca`) and its chunks' files (for `__webpack_require__.u`). */
export type SectionChunks = {ids: Record<string, string | number>; files: Record<string, string>};

const placeholderPattern = /(["'])route-section-chunks:([^"']+)\1/g;

/**
 * The chunk's source with each placeholder replaced by its section's part. A placeholder whose
 * section the build does not know stops the build.
 */
export function withSectionChunkParts(source: string, partOf: (key: string) => SectionChunks | undefined): string {
  return source.replace(placeholderPattern, (_match, _quote: string, key: string) => {
    const part = partOf(key);
    if (!part) throw new Error(`route-sections: a chunk names the section ${key}, which the build does not know`);
    return JSON.stringify(part);
  });
}

/** The names → ids the runtime keeps: every named chunk's but those the sections bring. */
export function shellChunkIds(idToName: Record<string, string>, sectionNames: ReadonlySet<string>): Record<string, string> {
  return Object.fromEntries(Object.entries(idToName).flatMap(([id, name]) => (sectionNames.has(name) ? [] : [[name, id]])));
}

/**
 * The runtime code: Docusaurus's `gca`, looking a name up in the shell's map, then in the loaded
 * sections'; and `__webpack_require__.u` (chunk id → file) looking in the loaded sections' files
 * before the bundler's own map, from which the build takes the sections' chunks out.
 */
export function chunkAssetRuntimeCode(
  idToName: Record<string, string>,
  sectionNames: ReadonlySet<string>,
  runtime: {publicPath: string; getChunkScriptFilename: string},
): string {
  const u = runtime.getChunkScriptFilename;
  return [
    'var sectionChunkIds = {}, sectionChunkFiles = {}, shellChunkFile = ' + u + ';',
    `__webpack_require__.routeSectionChunks = function(part) { Object.assign(sectionChunkIds, part.ids); Object.assign(sectionChunkFiles, part.files); };`,
    `${u} = function(chunkId) { return sectionChunkFiles[chunkId] || shellChunkFile(chunkId); };`,
    `__webpack_require__.gca = function(chunkId) { chunkId = ${JSON.stringify(shellChunkIds(idToName, sectionNames))}[chunkId] || sectionChunkIds[chunkId] || chunkId; return ${runtime.publicPath} + ${u}(chunkId); };`,
  ].join('\n');
}

// The bundler's chunk-file map as it minifies it: `.u=e=>"assets/js/"+({<id>:"<hash>",…})[e]+".js"`.
const chunkFileMap = /(\.u=(\w+)=>"[^"]*"\+\(\{)([^{}]*)(\}\)\[\2\]\+"\.js")/g;
// A key as the minifier writes it: a number (`1000` may become `1e3`), a string or a name.
const chunkFileEntry = /^(?:(\d[\w.]*)|"([^"]*)"|([A-Za-z_$][\w$]*)):"[^"]*"$/;

/**
 * A runtime's source without the file entries of the given chunk ids, and the ids it took out (the
 * plugin checks that every id was found: a change of the bundler's format stops the build).
 */
export function withoutChunkFiles(runtimeSource: string, ids: ReadonlySet<string>): {source: string; removed: string[]} {
  const removed: string[] = [];
  const source = runtimeSource.replace(chunkFileMap, (_match, head: string, _parameter: string, body: string, tail: string) => {
    const kept = body
      .split(',')
      .filter(Boolean)
      .filter((entry) => {
        const read = chunkFileEntry.exec(entry);
        if (!read) throw new Error(`route-sections: cannot read the runtime's chunk-file entry ${entry}`);
        const id = read[1] !== undefined ? String(Number(read[1])) : (read[2] ?? read[3]!);
        if (!ids.has(id)) return true;
        removed.push(id);
        return false;
      });
    return `${head}${kept.join(',')}${tail}`;
  });
  return {source, removed};
}

/** The constructor name of the Docusaurus plugin whose runtime module this one replaces (@docusaurus/core/lib/webpack/client.js adds it). */
export const upstreamChunkAssetPlugin = 'ChunkAssetPlugin';

/** The client config's plugins without Docusaurus's ChunkAssetPlugin; fails when there is not exactly one (an upgrade renamed or dropped it). */
export function withoutUpstreamChunkAssetPlugin<P>(plugins: P[]): P[] {
  const kept = plugins.filter(
    (plugin) => (plugin as {constructor?: {name?: string}} | null)?.constructor?.name !== upstreamChunkAssetPlugin,
  );
  if (kept.length !== plugins.length - 1) {
    throw new Error(
      `route-sections: expected one ${upstreamChunkAssetPlugin} in the client config, found ${plugins.length - kept.length}; check @docusaurus/core/lib/webpack/client.js`,
    );
  }
  return kept;
}

/** The section a chunk belongs to: every import that loads it is in that section's registry. */
export function sectionOfChunk(importers: string[]): string | undefined {
  const keys = new Set(
    importers.map((importer) => (/registry\.js\?route-section=/.test(importer) ? sectionOfModule(importer) : undefined)),
  );
  const [key] = keys;
  return keys.size === 1 && key !== undefined ? key : undefined;
}

type OriginLike = {module?: object | null};
type ChunkGroupLike = {origins: OriginLike[]};
type ChunkLike = {
  name?: string | null;
  id?: string | number | null;
  files: ReadonlySet<string>;
  groupsIterable: ReadonlySet<ChunkGroupLike>;
  getChunkMaps(realHash: boolean): {name: Record<string, string>};
};
type AssetLike = {name: string; source: {source(): string | Buffer}};
type CompilationLike = {
  chunks: Iterable<ChunkLike>;
  hooks: {
    additionalTreeRuntimeRequirements: {tap(name: string, callback: (chunk: ChunkLike) => void): void};
    processAssets: {tap(options: {name: string; stage: number}, callback: () => void): void};
  };
  addRuntimeModule(chunk: ChunkLike, module: object): void;
  getAssets(): readonly AssetLike[];
  updateAsset(name: string, source: object): void;
};
type RuntimeModuleClass = new (name: string, stage?: number) => {chunk?: ChunkLike; fullHash?: boolean; generate(): string};
export type BundlerLike = {
  RuntimeModule: RuntimeModuleClass & {STAGE_ATTACH: number};
  RuntimeGlobals: {publicPath: string; getChunkScriptFilename: string};
  Compilation: {PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE: number};
  sources: {RawSource: new (source: string) => object};
};
type CompilerLike = {hooks: {thisCompilation: {tap(name: string, callback: (compilation: CompilationLike) => void): void}}};

/**
 * The bundler plugin: adds the runtime code above (in place of Docusaurus's ChunkAssetPlugin) and,
 * once the chunks are minified, writes each section's part in place of its placeholder and takes
 * the section's chunks out of the runtime's file map. `sectionNames` are the chunk names only one
 * section's routes use (the runtime's name map leaves them out); a chunk's files move only when
 * every import that loads it is in its section's registry, so no other page asks for it by id.
 */
export function sectionAwareChunkAssetPlugin(
  bundler: BundlerLike,
  sectionKeys: readonly string[],
  sectionNames: ReadonlySet<string>,
): {apply(compiler: CompilerLike): void} {
  const {RuntimeModule, RuntimeGlobals} = bundler;
  class ChunkAssetRuntimeModule extends RuntimeModule {
    constructor() {
      super('ChunkAssetRuntimeModule', RuntimeModule.STAGE_ATTACH);
      this.fullHash = true;
    }
    generate(): string {
      return chunkAssetRuntimeCode(this.chunk!.getChunkMaps(false).name, sectionNames, RuntimeGlobals);
    }
  }
  const name = 'route-sections';
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(name, (compilation) => {
        compilation.hooks.additionalTreeRuntimeRequirements.tap(name, (chunk) => {
          compilation.addRuntimeModule(chunk, new ChunkAssetRuntimeModule());
        });
        // After minification, before the bundler hashes the files' final content (realContentHash),
        // which also rewrites the hashes in the file names the sections now carry.
        compilation.hooks.processAssets.tap({name, stage: bundler.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1}, () => {
          const parts = new Map<string, SectionChunks>(sectionKeys.map((key) => [key, {ids: {}, files: {}}]));
          const moved = new Set<string>();
          for (const chunk of compilation.chunks) {
            if (chunk.id === undefined || chunk.id === null) continue;
            const importers = [...chunk.groupsIterable].flatMap((group) => group.origins.map((origin) => importerOf(origin.module)));
            const part = parts.get(sectionOfChunk(importers) ?? '');
            const file = [...chunk.files].find((candidate) => candidate.endsWith('.js'));
            if (!part || !file) continue;
            part.files[String(chunk.id)] = file;
            if (chunk.name && sectionNames.has(chunk.name)) part.ids[chunk.name] = chunk.id;
            moved.add(String(chunk.id));
          }
          const removed = new Set<string>();
          for (const asset of compilation.getAssets()) {
            if (!asset.name.endsWith('.js')) continue;
            const source = asset.source.source().toString();
            let updated = source.includes('route-section-chunks:') ? withSectionChunkParts(source, (key) => parts.get(key)) : source;
            // A runtime (the app's; a worker's has its own chunks): its file map loses the sections' chunks.
            if (updated.includes('.routeSectionChunks=')) {
              const without = withoutChunkFiles(updated, moved);
              for (const id of without.removed) removed.add(id);
              updated = without.source;
            }
            if (updated !== source) compilation.updateAsset(asset.name, new bundler.sources.RawSource(updated));
          }
          const missing = [...moved].filter((id) => !removed.has(id));
          if (missing.length > 0) {
            throw new Error(
              `route-sections: ${missing.length} section chunks not found in the runtime's chunk-file map (${missing.slice(0, 3).join(', ')}); check the bundler's GetChunkFilename runtime module`,
            );
          }
        });
      });
    },
  };
}
