/**
 * The server bundle keeps the code its page chunks share in one chunk of its own.
 *
 * Docusaurus builds the server bundle (which only renders the pages, once) without splitting
 * chunks, so every module that no entry imports is copied into each route chunk that uses it. An
 * API operation page's chunk then carries the whole OpenAPI theme beside its own content: with
 * GitHub's file added (1,097 pages) the server bundle was 1,282 chunks and 817 MB, 640 KB a page
 * for about 30 KB of its own. The bundler holds all of it while it writes it, and each rendering
 * thread keeps every chunk it loaded (the page's module stays in the module cache, so its chunk's
 * code does too): about 3.8 MB more heap per page rendered, until the thread is recycled at 1 GB.
 * With the shared code in one chunk, each page chunk holds its own modules and a thread loads the
 * theme once (SCALING.md).
 *
 * The browser bundle is left alone: Docusaurus's `common` and the site's own groups split it.
 */
/** The name of the chunk of what two server chunks or more share. */
export const serverSharedChunkName = 'server-shared';

export function serverSharedChunk(isServer: boolean) {
  if (!isServer) return {};
  return {
    optimization: {
      splitChunks: {
        chunks: 'async' as const,
        cacheGroups: {
          default: false as const,
          defaultVendors: false as const,
          [serverSharedChunkName]: {name: serverSharedChunkName, chunks: 'async' as const, minChunks: 2, enforce: true},
        },
      },
    },
  };
}
