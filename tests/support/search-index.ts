/** Reads a version's sharded search index from the build, as the search worker would fetch it whole. */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {DocumentShard, ShardedIndexManifest, StoredDocument, StoredTitle} from '../../src/plugins/search-local/sharded-index/format';

const buildDir = path.join(process.cwd(), 'build');

/** The manifest of a version's index: `''` for the current version's, `docs/1.0.0` for an older one's. */
export function searchManifest(versionDir: string): {file: string; manifest: ShardedIndexManifest} {
  const dir = path.join(buildDir, versionDir);
  const file = readdirSync(dir).find((name) => /^search-index-[0-9a-f]+\.json$/.test(name));
  if (!file) throw new Error(`No search index in ${dir}: run npm run build`);
  return {file: path.join(dir, file), manifest: JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as ShardedIndexManifest};
}

function shardFile(manifest: ShardedIndexManifest, name: string): string {
  return path.join(buildDir, manifest.base, name);
}

/** Every stored document of a version's index, in reference order. */
export function searchDocuments(versionDir: string): StoredDocument[] {
  const {manifest} = searchManifest(versionDir);
  return manifest.documents.flatMap(([, name]) => (JSON.parse(readFileSync(shardFile(manifest, name), 'utf8')) as DocumentShard).documents);
}

/** The pages of a version's index: each page's own entry, with its URL, title and breadcrumb. */
export function searchPages(versionDir: string): StoredTitle[] {
  return searchDocuments(versionDir).filter((document): document is StoredTitle => 'b' in document);
}

/** Every file of a version's index, manifest first, as URL paths. */
export function searchIndexFiles(versionDir: string): string[] {
  const {file, manifest} = searchManifest(versionDir);
  return [
    `/${path.relative(buildDir, file).split(path.sep).join('/')}`,
    ...[...manifest.terms, ...manifest.documents].map(([, name]) => `${manifest.base}${name}`),
  ];
}
