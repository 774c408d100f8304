/**
 * Where a section's chunk names are turned into files: in the section, not in the runtime.
 *
 * Docusaurus prefetches a link's route chunks by chunk name: `__webpack_require__.gca`
 * (@docusaurus/core lib/webpack/plugins/ChunkAssetPlugin.js) maps a name to the chunk's id, then to
 * its file, through a map of every named chunk in the runtime every page loads (about 7 B gz per
 * chunk). A section's routes are only matched, and so only prefetched, once the section has loaded.
 * So the runtime here maps the shell's chunks only, and each section's chunk brings the ids of the
 * chunks only its routes use: its routes module holds a placeholder that the build replaces, once
 * chunk ids are known, with the section's map (before the bundler computes the files' final hashes).
 */

/** The runtime's store of the sections' maps (chunk name → chunk id), filled as sections load. */
export const sectionChunkIdsStore = '__webpack_require__.gcaSections';

/** The string a section's routes module passes where the build writes its map; found in the minified chunk. */
export const sectionChunkIdsPlaceholder = (key: string): string => `route-section-chunk-ids:${key}`;

/** The statement a section's routes module runs as it loads. */
export const sectionChunkIdsStatement = (key: string): string =>
  `Object.assign(${sectionChunkIdsStore}, ${JSON.stringify(sectionChunkIdsPlaceholder(key))});`;

const placeholderPattern = /(["'])route-section-chunk-ids:([^"']+)\1/g;

/**
 * The chunk's source with each placeholder replaced by its section's map. A placeholder whose
 * section the build does not know stops the build.
 */
export function withSectionChunkIds(source: string, idsOf: (key: string) => Record<string, string | number> | undefined): string {
  return source.replace(placeholderPattern, (_match, _quote: string, key: string) => {
    const ids = idsOf(key);
    if (!ids) throw new Error(`route-sections: a chunk names the section ${key}, which the build does not know`);
    return JSON.stringify(ids);
  });
}

/** The names → ids the runtime keeps: every named chunk's but those the sections bring. */
export function shellChunkIds(idToName: Record<string, string>, sectionNames: ReadonlySet<string>): Record<string, string> {
  return Object.fromEntries(Object.entries(idToName).flatMap(([id, name]) => (sectionNames.has(name) ? [] : [[name, id]])));
}

/** The runtime code: Docusaurus's `gca`, looking a name up in the shell's map, then in the loaded sections'. */
export function chunkAssetRuntimeCode(
  idToName: Record<string, string>,
  sectionNames: ReadonlySet<string>,
  runtime: {publicPath: string; getChunkScriptFilename: string},
): string {
  return [
    `${sectionChunkIdsStore} = {};`,
    `__webpack_require__.gca = function(chunkId) { chunkId = ${JSON.stringify(shellChunkIds(idToName, sectionNames))}[chunkId] || ${sectionChunkIdsStore}[chunkId] || chunkId; return ${runtime.publicPath} + ${runtime.getChunkScriptFilename}(chunkId); };`,
  ].join('\n');
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

type ChunkLike = {name?: string | null; id?: string | number | null; getChunkMaps(realHash: boolean): {name: Record<string, string>}};
type AssetLike = {name: string; source: {source(): string | Buffer}};
type CompilationLike = {
  chunks: Iterable<Omit<ChunkLike, 'getChunkMaps'>>;
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
 * The bundler plugin: adds the runtime `gca` above (as Docusaurus's ChunkAssetPlugin does) and,
 * once the chunks are minified, writes each section's map in place of its placeholder.
 * `sectionOf` gives the section a chunk name belongs to (the names only one section's routes use).
 */
export function sectionAwareChunkAssetPlugin(
  bundler: BundlerLike,
  sectionKeys: readonly string[],
  sectionOf: ReadonlyMap<string, string>,
): {apply(compiler: CompilerLike): void} {
  const {RuntimeModule, RuntimeGlobals} = bundler;
  const sectionNames = new Set(sectionOf.keys());
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
        // After minification, before the bundler hashes the files' final content (realContentHash).
        compilation.hooks.processAssets.tap({name, stage: bundler.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1}, () => {
          const bySection = new Map<string, Record<string, string | number>>();
          for (const chunk of compilation.chunks) {
            const key = chunk.name ? sectionOf.get(chunk.name) : undefined;
            if (key === undefined || chunk.id === undefined || chunk.id === null) continue;
            bySection.set(key, {...bySection.get(key), [chunk.name!]: chunk.id});
          }
          for (const asset of compilation.getAssets()) {
            if (!asset.name.endsWith('.js')) continue;
            const source = asset.source.source().toString();
            if (!source.includes('route-section-chunk-ids:')) continue;
            // A section whose chunks were all merged into others brings an empty map.
            const idsOf = (key: string) => (sectionKeys.includes(key) ? (bySection.get(key) ?? {}) : undefined);
            compilation.updateAsset(asset.name, new bundler.sources.RawSource(withSectionChunkIds(source, idsOf)));
          }
        });
      });
    },
  };
}
