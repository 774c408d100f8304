/** One computation per key across the workers of a test run (tests/support/run-once.ts): the request samples run once. */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {createHash} from 'node:crypto';
import {afterEach, test} from 'node:test';
import {onceInFolder} from '../support/run-once';

const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'run-once-test-'));
  folders.push(folder);
  return folder;
};
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, {recursive: true, force: true})));

const later = <T>(value: T, ms = 100) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

test('callers that ask for the same key at once get one computation and its result', async () => {
  const folder = newFolder();
  let computed = 0;
  const compute = () => {
    computed += 1;
    return later({problem: 'exit 1'});
  };
  const results = await Promise.all([onceInFolder(folder, 'java sample', compute), onceInFolder(folder, 'java sample', compute)]);
  assert.equal(computed, 1);
  assert.deepEqual(results, [{problem: 'exit 1'}, {problem: 'exit 1'}]);
  // A later caller reads the stored result; another key is computed.
  assert.deepEqual(await onceInFolder(folder, 'java sample', compute), {problem: 'exit 1'});
  assert.equal(await onceInFolder(folder, 'go sample', () => later(undefined)), undefined);
  assert.equal(computed, 1);
});

test('a claim that never gets its result (its worker stopped) is computed by the caller that waited', async () => {
  const folder = newFolder();
  const name = createHash('sha256').update('ruby sample').digest('hex').slice(0, 32);
  writeFileSync(path.join(folder, `${name}.claim`), '12345');
  assert.equal(await onceInFolder(folder, 'ruby sample', () => later('ran here'), 300), 'ran here');
});

test('a computation that throws withdraws its claim: the waiting caller computes the result itself', async () => {
  const folder = newFolder();
  const failing = onceInFolder(folder, 'php sample', () => later(undefined).then(() => Promise.reject(new Error('no php'))));
  const waiting = onceInFolder(folder, 'php sample', () => later('ran again'));
  await assert.rejects(failing, /no php/);
  assert.equal(await waiting, 'ran again');
});
