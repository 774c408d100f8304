/**
 * The Node.js versions package.json's `engines` allows are the ones every installed package
 * supports: a dependency that needs a newer Node (npm ci's EBADENGINE warning) fails here,
 * naming it, until `engines` is raised or the dependency pinned (package.json's `overrides`).
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const ours = (readJson('package.json') as {engines: {node: string}}).engines.node;

test('every package in the lock file supports every Node.js version engines allows', () => {
  const lock = readJson('package-lock.json') as {packages: Record<string, {version?: string; engines?: unknown}>};
  const disagreeing: string[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    const engines = entry.engines;
    // Some old packages write engines as an array of strings; npm ignores that form.
    if (location === '' || !engines || Array.isArray(engines) || typeof engines !== 'object') continue;
    const node = (engines as {node?: unknown}).node;
    if (typeof node !== 'string') continue;
    if (!semver.subset(ours, node)) disagreeing.push(`${location.replace(/^.*node_modules\//, '')}@${entry.version}: node ${node}`);
  }
  assert.deepEqual(disagreeing, [], `engines.node is ${ours}`);
});

test('this Node.js is one engines allows', () => {
  assert.ok(semver.satisfies(process.version, ours), `${process.version} is not ${ours}`);
});
