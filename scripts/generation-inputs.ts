/**
 * What a generation read, as one digest, so that `npm start`, `npm run typecheck` and `npm run
 * build` skip the API reference generation when nothing it reads has changed since it last
 * succeeded (it takes a quarter of a minute, and ran up to three times in one `npm test`).
 *
 * The inputs are every file of the site that is not generated: the files Git tracks or would track
 * under the folders the generation reads (its output is all ignored, .gitignore), every OpenAPI
 * file listed (a tried one may lie elsewhere), the lockfile (the plugin's version), the Node.js
 * version, and every TESSERA_ variable (they choose the files and the kind of build). Outside a
 * Git work tree there is no digest, and the generation always runs.
 */
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** The folders and files a generation reads (relative to the site). */
export const generationInputRoots = [
  'openapi',
  'config',
  'scripts',
  'src',
  'sdk',
  'docs',
  'versioned_docs',
  'docusaurus.config.ts',
  'sidebars.ts',
  'package.json',
  'package-lock.json',
];

/** The files under `roots` that are not ignored, or undefined outside a Git work tree. */
function sourceFiles(siteDir: string, roots: readonly string[]): string[] | undefined {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', ...roots], {
    cwd: siteDir,
    encoding: 'utf8',
  });
  if (listed.status !== 0) return undefined;
  return listed.stdout.split('\0').filter(Boolean).sort();
}

/** The digest of everything a generation of `specFiles` reads, or undefined when it cannot be known. */
export function generationDigest(siteDir: string, specFiles: readonly string[], env: NodeJS.ProcessEnv = process.env): string | undefined {
  const files = sourceFiles(siteDir, generationInputRoots);
  if (!files) return undefined;
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\n`);
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('TESSERA_'))
    .sort())
    hash.update(`env ${name}=${env[name]}\n`);
  for (const file of [...new Set([...files, ...specFiles])]) {
    const full = path.join(siteDir, file);
    // A file deleted but not yet staged is still listed.
    hash
      .update(`file ${file}\n`)
      .update(existsSync(full) ? readFileSync(full) : 'absent')
      .update('\n');
  }
  return hash.digest('hex');
}

/** Where the digest of the last successful generation is kept (ignored, as all of .generated/). */
export const generationStampFile = '.generated/api-docs-inputs.sha256';

/** The digest of the last generation that succeeded, if any. */
export function lastGenerationDigest(siteDir: string): string | undefined {
  const stamp = path.join(siteDir, generationStampFile);
  return (existsSync(stamp) && readFileSync(stamp, 'utf8').trim()) || undefined;
}

export function recordGenerationDigest(siteDir: string, digest: string | undefined): void {
  const stamp = path.join(siteDir, generationStampFile);
  mkdirSync(path.dirname(stamp), {recursive: true});
  writeFileSync(stamp, `${digest ?? ''}\n`);
}
