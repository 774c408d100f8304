/** `npm ci` accepts the lock file (CI installs with it on a clean clone). */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {missingOptionalPackages, platformOf} from '../../scripts/complete-lockfile';

const root = path.resolve(import.meta.dirname, '../..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

test('every optional dependency in the lock has an entry, or npm ci refuses the lock', () => {
  assert.deepEqual(missingOptionalPackages(lock), [], 'run `npm run lock:complete`');
});

test('no locked package depends on a dist-tag that npm ci would resolve anew', () => {
  const overrides = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).overrides as Record<string, string>;
  const tagged: string[] = [];
  for (const [dependent, entry] of Object.entries(lock.packages as Record<string, {dependencies?: Record<string, string>}>)) {
    for (const [name, spec] of Object.entries(entry.dependencies ?? {})) {
      if (/^(latest|next|canary|beta)$/.test(spec) && !(name in overrides)) tagged.push(`${dependent} → ${name}@${spec}`);
    }
  }
  assert.deepEqual(tagged, [], 'pin these in package.json "overrides"');
});

test('platform packages are recognised from their names', () => {
  assert.deepEqual(platformOf('@swc/html-linux-arm64-musl'), {os: ['linux'], cpu: ['arm64'], libc: ['musl']});
  assert.deepEqual(platformOf('@swc/core-linux-arm-gnueabihf'), {os: ['linux'], cpu: ['arm'], libc: ['glibc']});
  assert.deepEqual(platformOf('@swc/core-win32-ia32-msvc'), {os: ['win32'], cpu: ['ia32']});
  assert.deepEqual(platformOf('@swc/core-darwin-arm64'), {os: ['darwin'], cpu: ['arm64']});
  assert.equal(platformOf('left-pad'), undefined);
});
