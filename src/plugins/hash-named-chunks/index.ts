/**
 * Names the browser's lazily loaded chunks by their content hash alone.
 *
 * Docusaurus names them `[name].[contenthash:8].js`, and gives every route module a chunk name
 * (a hash of its path). To build a file name from a chunk id, the webpack runtime, which every
 * page loads, then carries two maps: chunk id to name and chunk id to content hash. The name adds
 * nothing (it is itself a hash), so without it the runtime keeps only the hash map: about 9 bytes
 * gzipped less per chunk, and a site has one to two chunks per route. Entry files (`main`,
 * `runtime~main`) keep their names.
 */
import type {Plugin} from '@docusaurus/types';

export const chunkFilename = 'assets/js/[contenthash:8].js';

export default function hashNamedChunksPlugin(): Plugin {
  return {
    name: 'hash-named-chunks',
    configureWebpack(config, isServer) {
      // The server bundle is one file, and `docusaurus start` keeps readable names.
      if (isServer || config.mode !== 'production') return {};
      return {output: {chunkFilename}};
    },
  };
}
