/** Replaces each of the search plugin's index files in a build with its sharded index (./build.ts). */
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {buildShardedIndex, defaultShardSizes, type PluginIndex, type ShardSizes} from './build';

/** The plugin's index files, named with its build stamp (`hashed: 'filename'`): one per docs version. */
export const pluginIndexFilePattern = /^search-index[^/]*-[0-9a-f]{8,}\.json$/;

/** Where the shards go: /assets/ holds content-named files, served as immutable. */
export const shardDirectory = 'assets/search';

function indexFilesUnder(directory: string): string[] {
  return readdirSync(directory, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : indexFilesUnder(full);
    return pluginIndexFilePattern.test(entry.name) ? [full] : [];
  });
}

export type WrittenIndex = {manifest: string; termShards: number; documentShards: number};

export function writeShardedIndexes(outDir: string, baseUrl: string, sizes: ShardSizes = defaultShardSizes): WrittenIndex[] {
  const shardDir = path.join(outDir, shardDirectory);
  mkdirSync(shardDir, {recursive: true});
  return indexFilesUnder(outDir).map((file) => {
    const index = JSON.parse(readFileSync(file, 'utf8')) as PluginIndex | {format?: string};
    if (!Array.isArray(index)) throw new Error(`${file} is not the search plugin's index (already sharded?)`);
    const {manifest, files} = buildShardedIndex(index, `${baseUrl}${shardDirectory}/`, sizes);
    for (const [name, content] of files) writeFileSync(path.join(shardDir, name), content);
    writeFileSync(file, JSON.stringify(manifest));
    return {manifest: path.relative(outDir, file), termShards: manifest.terms.length, documentShards: manifest.documents.length};
  });
}
