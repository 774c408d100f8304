/**
 * Generated output is written to a staging folder first and moved into place only when the whole
 * generation succeeded: a failure leaves the previous pages, so the site still builds.
 */
import {existsSync, mkdirSync, renameSync, rmSync} from 'node:fs';
import path from 'node:path';

/**
 * Moves each output (a path relative to both folders) from `stagingDir` to `targetDir`, replacing
 * the previous one; an output the staging folder lacks is removed from the target, since this
 * generation no longer produces it. Each move is a rename on one file system, so a reader of the
 * target sees the old or the new output, never half of one.
 */
export function swapInStagedOutput(targetDir: string, stagingDir: string, outputs: readonly string[]): void {
  const retired = path.join(stagingDir, '.retired');
  rmSync(retired, {recursive: true, force: true});
  for (const output of outputs) {
    const target = path.join(targetDir, output);
    const staged = path.join(stagingDir, output);
    if (existsSync(target)) {
      mkdirSync(path.dirname(path.join(retired, output)), {recursive: true});
      renameSync(target, path.join(retired, output));
    }
    if (existsSync(staged)) {
      mkdirSync(path.dirname(target), {recursive: true});
      renameSync(staged, target);
    }
  }
  rmSync(stagingDir, {recursive: true, force: true});
}
