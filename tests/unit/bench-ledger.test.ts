/**
 * `npm run bench:ledger -- --lighthouse` judges a unit of the performance layer by Lighthouse's
 * figures: what it saves, whether the runs are apart, how bench/ledger.json keeps them beside the
 * page loads' figures, and what PERFORMANCE.md's Gain column says of them.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mergedUnitFigures, unitFigures, type LighthouseLoad, type StoredRuns, type UnitFigures} from '../../scripts/bench-ledger';
import {measuredGain} from '../../scripts/write-performance-md';

const loads = (tbts: number[], performance = 100): LighthouseLoad[] =>
  tbts.map((tbtMs) => ({performance, tbtMs, lcpMs: 1200, cls: 0, loadAverage: 1.5}));

const lighthouseRun: StoredRuns = {
  command: 'npm run bench:ledger -- --lighthouse --units ssr-template --pages notifications,guide --runs 3',
  started: '2026-11-25T11:30:00.000Z',
  meter: 'lighthouse',
  figures: {
    'full layer': {
      bytes: {notifications: 183_000, guide: 186_000},
      runs: {},
      lighthouse: {notifications: loads([18, 20, 22]), guide: loads([30, 40, 50])},
      buildSeconds: 60,
    },
    'ssr-template': {
      bytes: {notifications: 180_000, guide: 183_000},
      runs: {},
      lighthouse: {notifications: loads([36, 40, 44], 99), guide: loads([35, 45, 55])},
      buildSeconds: 60,
    },
  },
};

test('a Lighthouse run: what the unit saves, a higher score counted as saved, apart only when no runs overlap', () => {
  const figures = unitFigures(lighthouseRun)['ssr-template']!;
  assert.deepEqual(figures.bytesSaved, {notifications: -3000, guide: -3000});
  assert.deepEqual(figures.mainThread, {});
  assert.equal(figures.runs, 0);
  const {pages, runs} = figures.lighthouse!;
  assert.equal(runs, 3);
  assert.deepEqual(pages.notifications!.tbtMs, {saved: 20, apart: true});
  assert.deepEqual(pages.notifications!.performance, {saved: 1, apart: true});
  assert.deepEqual(pages.guide!.tbtMs, {saved: 5, apart: false});
  assert.deepEqual(pages.guide!.lcpMs, {saved: 0, apart: false});
});

test("bench/ledger.json keeps a unit's page-load figures through a Lighthouse run, and its Lighthouse figures through a page-load run", () => {
  const lighthouseFigures = unitFigures(lighthouseRun)['ssr-template']!;
  const pageLoads: UnitFigures = {
    measured: '2026-11-25 08:59',
    bytesSaved: {notifications: -2900},
    mainThread: {
      notifications: {
        taskMs: {saved: 3, apart: false},
        blockingMs: {saved: 1, apart: false},
        lcpMs: {saved: 0, apart: false},
        cls: {saved: 0, apart: false},
      },
    },
    runs: 7,
    loadAverage: [1.4, 3.6],
  };
  const afterLighthouse = mergedUnitFigures(pageLoads, lighthouseFigures);
  assert.equal(afterLighthouse.runs, 7);
  assert.deepEqual(afterLighthouse.mainThread, pageLoads.mainThread);
  assert.deepEqual(afterLighthouse.bytesSaved, lighthouseFigures.bytesSaved);
  assert.deepEqual(afterLighthouse.lighthouse, lighthouseFigures.lighthouse);

  const afterPageLoads = mergedUnitFigures(afterLighthouse, pageLoads);
  assert.deepEqual(afterPageLoads.lighthouse, lighthouseFigures.lighthouse);
  assert.deepEqual(afterPageLoads.mainThread, pageLoads.mainThread);
  assert.equal(mergedUnitFigures(undefined, lighthouseFigures), lighthouseFigures);
});

test("the Gain column names Lighthouse's figures whose runs were apart, and the pages where they were not", () => {
  const onlyLighthouse = measuredGain(unitFigures(lighthouseRun)['ssr-template']!);
  assert.match(onlyLighthouse, /^Alone: notifications 2\.9 KB more first-load JS, guide 2\.9 KB more first-load JS\./);
  assert.match(onlyLighthouse, /`npm run bench:ledger -- --lighthouse`, 2026-11-25 11:30 UTC, median of 3/);
  assert.match(onlyLighthouse, /notifications 1 point higher performance score, notifications 20 ms less TBT, every run apart/);
  assert.match(onlyLighthouse, /the rest within noise on notifications, guide\)\.$/);
  assert.doesNotMatch(onlyLighthouse, /guide \d+ ms less TBT/);
});
