/**
 * The scale corpus of `npm run bench:scale`: with TESSERA_SCALE=<n>, config/openapi.ts appends the
 * OpenAPI files that scripts/generate-scale-corpus.ts listed in its manifest, exactly as a
 * maintainer adds an API (one list entry each). Without the variable the site is unchanged.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

export const scaleEnv = 'TESSERA_SCALE';
/** Where the generator writes the synthetic files and the manifest (relative to the site). */
export const scaleCorpusDir = '.generated/scale-corpus';
export const scaleManifestPath = `${scaleCorpusDir}/manifest.json`;

export type ScaleManifest = {scale: number; operations: number; sourcePaths: string[]};

/** The scale asked for: 1 (the site as it is) unless TESSERA_SCALE says otherwise. */
export function requestedScale(): number {
  const value = process.env[scaleEnv];
  if (value === undefined || value === '') return 1;
  const scale = Number(value);
  if (!(scale >= 1)) throw new Error(`${scaleEnv}=${value}: give a number of at least 1`);
  return scale;
}

export function scaleCorpusSpecs(siteDir: string = path.resolve(__dirname, '..')): string[] {
  const scale = requestedScale();
  if (scale === 1) return [];
  const manifestFile = path.join(siteDir, scaleManifestPath);
  if (!existsSync(manifestFile)) throw new Error(`${scaleEnv}=${scale}: run scripts/generate-scale-corpus.ts first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ScaleManifest;
  if (manifest.scale !== scale) throw new Error(`${scaleManifestPath} is for ${manifest.scale}×, not ${scale}×: regenerate it`);
  return manifest.sourcePaths;
}
