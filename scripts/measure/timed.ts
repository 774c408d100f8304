/** Runs a build step under GNU time (Debian's `time` package) for its wall time and maximum resident set size. */
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';

const timeBin = '/usr/bin/time';

export type StepCost = {seconds: number; maxRssMB: number | null};

/** Runs `command` in `cwd`, prints and returns its cost; throws with its output when it fails. */
export function timed(label: string, command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): StepCost {
  const useTime = existsSync(timeBin);
  const started = performance.now();
  const result = spawnSync(useTime ? timeBin : command, useTime ? ['-v', command, ...args] : args, {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}\n${result.stderr}`);
    throw new Error(`${label}: ${command} ${args.join(' ')} failed (exit ${result.status})`);
  }
  const rssKB = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1];
  console.log(`  ${label}: ${seconds.toFixed(1)} s${rssKB ? `, max RSS ${(Number(rssKB) / 1024).toFixed(0)} MB` : ''}`);
  return {seconds, maxRssMB: rssKB ? Number(rssKB) / 1024 : null};
}
