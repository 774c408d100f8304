/** `npm run bench` reports each page's median Lighthouse run. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {medianRun} from '../../scripts/measure/median-run';

const run = (performance: number | null, tbtMs: number, id: string) => ({performance, tbtMs, id});

test('the run with the median performance score, whatever the order', () => {
  assert.equal(medianRun([run(93, 300, 'a'), run(96, 230, 'b'), run(95, 260, 'c')]).id, 'c');
  assert.equal(medianRun([run(86, 540, 'a'), run(94, 290, 'b'), run(90, 430, 'c')]).id, 'c');
});

test('an even count takes the lower middle; a failed run (no score) ranks lowest', () => {
  assert.equal(medianRun([run(99, 80, 'a'), run(95, 250, 'b'), run(97, 150, 'c'), run(null, 0, 'd')]).id, 'b');
  assert.equal(medianRun([run(90, 400, 'only')]).id, 'only');
});

test('equal scores: the run with the higher TBT', () => {
  assert.equal(medianRun([run(95, 200, 'a'), run(95, 280, 'b'), run(95, 240, 'c')]).id, 'c');
});

test('no runs is an error', () => {
  assert.throws(() => medianRun([]));
});
