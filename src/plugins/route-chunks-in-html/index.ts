/**
 * Lists each page's route chunks in its HTML, so they download alongside main.js.
 *
 * Docusaurus picks a page's scripts with react-loadable-ssr-addon: the server render reports the
 * modules its routes loaded (`@site/docs/….mdx`, `@theme/DocRoot`), and the client manifest maps
 * them to chunks. Under webpack 5 and Rspack the addon keys that map by chunk name only, so no
 * module ever matches and every page lists runtime and main alone. The browser then learns of the
 * route's ten or so chunks only once main.js has run, one round trip late, and main.js spends
 * its first task inserting their script elements. This plugin adds, after the addon has written
 * the manifest, an entry per dynamic import: the request the server render reports, mapped to
 * the chunks that import loads. config/ssr-template.ts then starts them before main.js.
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The part of react-loadable-ssr-addon's manifest this plugin reads and extends. */
export type ClientManifest = {entrypoints: string[]; origins: Record<string, (string | number)[]>; assets: Record<string, unknown>};

/** A dynamic import as the bundler reports it: the request and the ids of the chunks it loads. */
export type ImportedChunks = {request: string; chunkIds: (string | number)[]};

/**
 * The manifest with each import's request mapped to its chunks. An entry the addon wrote stays as
 * it is; requests shared by several imports get the union of their chunks.
 */
export function withImportOrigins(manifest: ClientManifest, imports: ImportedChunks[]): ClientManifest {
  const origins = {...manifest.origins};
  const added = new Map<string, (string | number)[]>();
  for (const {request, chunkIds} of imports) {
    if (request in manifest.origins) continue;
    const chunks = added.get(request) ?? [];
    for (const id of chunkIds) if (!chunks.includes(id)) chunks.push(id);
    added.set(request, chunks);
  }
  for (const [request, chunks] of added) origins[request] = chunks;
  return {...manifest, origins};
}

/** A dynamic import with the module that makes it (its resource, query included), for rewrites that need to know. */
export type DynamicImport = ImportedChunks & {importer: string};

type ChunkGroupLike = {chunks: {id?: string | number | null}[]; origins: {request?: string | null; module?: object | null}[]};
type CompilerLike = {hooks: {afterEmit: {tap(name: string, callback: (compilation: {chunkGroups: ChunkGroupLike[]}) => void): void}}};

/** The importing module's resource with its query (`…/registry.js?route-section=<key>`), as webpack and Rspack expose it. */
export function importerOf(module: object | null | undefined): string {
  const {resource, readableIdentifier} = (module ?? {}) as {resource?: unknown; readableIdentifier?: unknown};
  if (typeof resource === 'string') return resource;
  return typeof readableIdentifier === 'function' ? String(readableIdentifier.call(module)) : '';
}

/**
 * Rspack/webpack plugin: once the addon has emitted the client manifest, rewrites it from the
 * build's dynamic imports. Plugins' rewrites run in the order the plugins are listed.
 */
export class ClientManifestRewritePlugin {
  constructor(
    private readonly name: string,
    private readonly manifestPath: string,
    private readonly rewrite: (manifest: ClientManifest, imports: DynamicImport[]) => ClientManifest,
  ) {}

  apply(compiler: CompilerLike): void {
    compiler.hooks.afterEmit.tap(this.name, (compilation) => {
      const imports: DynamicImport[] = compilation.chunkGroups.flatMap((group) => {
        const chunkIds = group.chunks.map((chunk) => chunk.id).filter((id): id is string | number => id !== undefined && id !== null);
        return group.origins.flatMap((origin) =>
          origin.request ? [{request: origin.request, chunkIds, importer: importerOf(origin.module)}] : [],
        );
      });
      const manifest = JSON.parse(readFileSync(this.manifestPath, 'utf8')) as ClientManifest;
      writeFileSync(this.manifestPath, JSON.stringify(this.rewrite(manifest, imports), null, 2));
    });
  }
}

/** The manifest react-loadable-ssr-addon writes: the path Docusaurus gives it (@docusaurus/core/lib/webpack/client.js). */
export const clientManifestPath = (generatedFilesDir: string): string => path.join(generatedFilesDir, 'client-manifest.json');

const pluginName = 'route-chunks-in-html';

export default function routeChunksInHtmlPlugin(context: {generatedFilesDir: string}): Plugin {
  return {
    name: pluginName,
    configureWebpack(config, isServer) {
      // Only production builds write the manifest (and render HTML); `docusaurus start` has neither.
      if (isServer || config.mode !== 'production') return {};
      return {plugins: [new ClientManifestRewritePlugin(pluginName, clientManifestPath(context.generatedFilesDir), withImportOrigins)]};
    },
  };
}
