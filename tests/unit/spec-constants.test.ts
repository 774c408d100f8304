/**
 * Spec 9 behaviour that Docusaurus implements itself: the site keeps the built-ins, and these
 * checks fail if an upgrade changes them away from the spec's values.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {builtInBehaviour} from '../../config/site-constants';

const require = createRequire(import.meta.url);
// Read from node_modules directly: these files are internals that the packages do not export.
const nodeModules = path.resolve(import.meta.dirname, '../../node_modules');
const sourceOf = (modulePath: string) => readFileSync(path.join(nodeModules, modulePath), 'utf8');

test('progress bar starts 200 ms after a route change with the spec timings', () => {
  const nprogress = require('nprogress') as {settings: Record<string, unknown>};
  const {progressBar} = builtInBehaviour;
  assert.equal(nprogress.settings.minimum, progressBar.minimum);
  assert.equal(nprogress.settings.speed, progressBar.speedMs);
  assert.equal(nprogress.settings.trickleSpeed, progressBar.trickleSpeedMs);
  assert.equal(nprogress.settings.trickleRate, progressBar.trickleRate);
  const clientModule = sourceOf('@docusaurus/theme-classic/lib/nprogress.js');
  assert.match(clientModule, new RegExp(`const delay = ${progressBar.startDelayMs};`));
  assert.match(clientModule, /location\.pathname !== previousLocation\.pathname/, 'only a change of path starts the bar');
});

test('desktop layout starts above the spec breakpoint', () => {
  const source = sourceOf('@docusaurus/theme-common/lib/hooks/useWindowSize.js');
  assert.match(source, new RegExp(`const DesktopBreakpoint = ${builtInBehaviour.desktopBreakpointPx};`));
  assert.match(source, /window\.innerWidth > desktopBreakpoint/);
  assert.match(source, /desktopBreakpoint = DesktopBreakpoint/);
});

test('smooth scrolling eases with the spec factor', () => {
  const source = sourceOf('@docusaurus/theme-common/lib/utils/scrollUtils.js');
  assert.ok(source.includes(`* ${builtInBehaviour.smoothScrollEasing})`), 'easing factor');
});

test('prefetching is skipped on 2g and data-saver connections', () => {
  const source = sourceOf('@docusaurus/core/lib/client/docusaurus.js');
  assert.match(source, /effectiveType\.includes\('2g'\)/);
  assert.match(source, /saveData/);
  assert.match(source, /const canPreload = \(routePath\) => !isSlowConnection\(\)/);
});

test('a failed route load reloads the page', () => {
  const source = sourceOf('@docusaurus/core/lib/client/PendingNavigation.js');
  assert.match(source, /\.catch\(\(e\) => \{[\s\S]*?window\.location\.reload\(\);/);
});
