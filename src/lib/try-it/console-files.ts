/**
 * Where the "Try it" console's files are and what they are called, on the build side. Each is named
 * by its content's hash and served from /assets/, which every host caches as immutable: a reader
 * who opens a console again, on a later visit too, fetches nothing twice and asks nothing again.
 * scripts/sandbox/build-console.ts writes the files and their names; the console's chunk gets the
 * worker's URL at build time (src/plugins/try-it-files), and the worker the API modules' names.
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

// __dirname, as in the other build-time modules: Docusaurus loads its plugins as CommonJS.
const siteDir = path.resolve(__dirname, '../../..');

/** The URL folder of the console's files, and the folder of static/ they are written to. */
export const consoleUrlFolder = '/assets/try-it';
export const consoleDir = path.join(siteDir, 'static', consoleUrlFolder);

/** The names of the last build's files (not served: the bundles carry the names they need). */
export const consoleFilesManifest = path.join(siteDir, '.generated/try-it/console-files.json');

export type ConsoleFiles = {
  /** The worker's file name. */
  worker: string;
  /** Each API's module file name, by its key in config/openapi.ts. */
  modules: Record<string, string>;
};

/** `<base>.<16 hex digits of the content's SHA-256>.mjs`, as the site's other hashed files. */
export function contentHashedName(base: string, content: string | Uint8Array): string {
  return `${base}.${createHash('sha256').update(content).digest('hex').slice(0, 16)}.mjs`;
}

export function readConsoleFiles(): ConsoleFiles {
  if (!existsSync(consoleFilesManifest)) throw new Error(`No ${path.relative(siteDir, consoleFilesManifest)}: run npm run gen-sandbox`);
  return JSON.parse(readFileSync(consoleFilesManifest, 'utf8')) as ConsoleFiles;
}

/** The URL path of the console's worker, for the console's chunk. */
export const consoleWorkerPath = (files = readConsoleFiles()) => `${consoleUrlFolder}/${files.worker}`;
