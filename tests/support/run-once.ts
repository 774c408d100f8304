/**
 * A result computed once per test run, whichever worker asks first. The same request sample is
 * shown on its operation page and in the guides that send it (400 distinct samples behind 568
 * shown ones); without this, each worker that meets one runs it again with its toolchain.
 *
 * Within a worker, a key asked for again gets the same promise. Workers share a folder named by
 * the run (`testRunFolder`): the first to ask claims a key by
 * creating its claim file, computes the result and writes it; the others wait for that file. A
 * claim whose result does not come (its worker was stopped by a timeout, or it threw) is computed again.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const runVariable = 'TESSERA_TEST_RUN';

/**
 * Names this test run in the environment the workers inherit. Called where Playwright loads its
 * configuration: the runner's first load names the run, and the workers it starts keep the name.
 */
export function nameTestRun(): void {
  process.env[runVariable] ??= `${process.pid}-${Date.now()}`;
}

/** The folder the workers of this run share; undefined outside a named run. */
function testRunFolder(): string | undefined {
  const run = process.env[runVariable];
  return run ? path.join(tmpdir(), `tessera-test-run-${run}`) : undefined;
}

/** Removes the run's folder (Playwright's global teardown). */
export function removeTestRunFolder(): void {
  const folder = testRunFolder();
  if (folder) rmSync(folder, {recursive: true, force: true});
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `compute()`'s result for `key`, computed once in `folder` by whichever caller claims it first.
 * Results must survive JSON. A caller that finds the key claimed waits up to `waitMs` for the
 * result, then computes it itself.
 */
export async function onceInFolder<T>(folder: string, key: string, compute: () => Promise<T>, waitMs = 120_000): Promise<T> {
  mkdirSync(folder, {recursive: true});
  const name = createHash('sha256').update(key).digest('hex').slice(0, 32);
  const resultFile = path.join(folder, `${name}.json`);
  const claimFile = path.join(folder, `${name}.claim`);
  let claimed = true;
  try {
    writeFileSync(claimFile, String(process.pid), {flag: 'wx'});
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    claimed = false;
  }
  const stored = () => (existsSync(resultFile) ? (JSON.parse(readFileSync(resultFile, 'utf8')) as {value: T}) : undefined);
  // A claim withdrawn (its computation threw) or never answered is computed here.
  for (let waited = 0; !claimed; waited += 50) {
    const result = stored();
    if (result) return result.value;
    if (waited >= waitMs || !existsSync(claimFile)) break;
    await pause(50);
  }
  let value: T;
  try {
    value = await compute();
  } catch (error) {
    if (claimed) rmSync(claimFile, {force: true});
    throw error;
  }
  // Written whole, then renamed: a waiting worker never reads half a file.
  const written = `${resultFile}.${process.pid}`;
  writeFileSync(written, JSON.stringify({value}));
  renameSync(written, resultFile);
  return value;
}

const inThisWorker = new Map<string, Promise<unknown>>();

/** `compute()`'s result for `key`, once per test run across its workers (once per process outside a run). */
export function oncePerTestRun<T>(key: string, compute: () => Promise<T>): Promise<T> {
  let result = inThisWorker.get(key) as Promise<T> | undefined;
  if (!result) {
    const folder = testRunFolder();
    result = folder ? onceInFolder(folder, key, compute) : compute();
    inThisWorker.set(key, result);
  }
  return result;
}
