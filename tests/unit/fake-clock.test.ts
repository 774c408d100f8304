import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fakeClock, libfaketimePath} from '../../src/lib/sample-languages/fake-clock';

test('a fake clock preloads libfaketime on the wall clock only, and its offset puts the server at the time set or just after', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'fake-clock-'));
  try {
    const clock = fakeClock(folder);
    const file = clock.environment.FAKETIME_TIMESTAMP_FILE!;
    assert.equal(clock.environment.LD_PRELOAD, libfaketimePath);
    assert.equal(clock.environment.DONT_FAKE_MONOTONIC, '1');
    assert.equal(clock.environment.FAKETIME_NO_CACHE, '1');
    assert.equal(readFileSync(file, 'utf8'), '+0\n', 'at the real time until set');
    const target = 1795341151;
    clock.set(target);
    const offset = Number(readFileSync(file, 'utf8'));
    const now = Date.now() / 1000;
    assert.ok(now + offset >= target && now + offset < target + 2, `the real time plus ${offset} is ${now + offset}`);
    assert.match(readFileSync(file, 'utf8'), /^-\d+\n$/, 'a past time is a negative offset in whole seconds');
    clock.set(Math.floor(now) + 3600);
    assert.match(readFileSync(file, 'utf8'), /^\+36\d\d\n$/);
    clock.set();
    assert.equal(readFileSync(file, 'utf8'), '+0\n');
  } finally {
    rmSync(folder, {recursive: true, force: true});
  }
});
