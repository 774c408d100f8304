/**
 * What each page added to the site costs every other page, measured by the scale harness on its
 * small corpus (scripts/bench-scale.ts: 1× and 2×, synthetic APIs only, no browser): the growth
 * of main.js (gzipped) and of a docs page's HTML per added page. Docusaurus puts every route in
 * main.js and every sidebar item in each docs page of the version; this fails when that cost
 * comes back or grows. Bytes only, so the figures are the same on every machine.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {benchScale, perRouteCost, scaleMarkdown} from '../../scripts/bench-scale';

/**
 * Bytes per added page, about 10 % above what this test measured (1× → 2×, 43 pages added) on the
 * code of 2026-11-25 with each generated API's routes in a section of their own
 * (src/plugins/route-sections; 60.2 B before it): main.js +12.1 B gz and docs page HTML +290.3 B
 * raw per added page. What main.js still gains per page is the docs plugin's global data (each
 * doc's id, path and sidebar, for the version menu). Lower them when the route table or the
 * sidebar gets cheaper; never raise them to pass.
 */
export const routeCostBudget = {
  mainJsGzipBytesPerRoute: 14,
  docsHtmlBytesPerRoute: 320,
};

/**
 * `npm run test:full` has just built the site as it is into build/: TESSERA_SCALE_BASE_BUILD=build
 * reads the 1× figures from there instead of building it again (the bytes are the same).
 */
const baseBuild = process.env.TESSERA_SCALE_BASE_BUILD;

test('an added page costs main.js and a docs page no more than the budget', {timeout: 30 * 60 * 1000}, async () => {
  const result = await benchScale({scale: 2, syntheticOnly: true, bytesOnly: true, searchRuns: 0, baseBuild});
  console.log(scaleMarkdown(result));
  const cost = perRouteCost(result.base, result.scaled);
  assert.ok(cost.routes > 30, `the 2× corpus added only ${cost.routes} pages`);
  assert.ok(
    cost.mainJsGzipPerRoute <= routeCostBudget.mainJsGzipBytesPerRoute,
    `main.js grows ${cost.mainJsGzipPerRoute.toFixed(1)} B gz per added page (budget ${routeCostBudget.mainJsGzipBytesPerRoute})`,
  );
  assert.ok(
    cost.docsHtmlPerRoute <= routeCostBudget.docsHtmlBytesPerRoute,
    `a docs page's HTML grows ${cost.docsHtmlPerRoute.toFixed(1)} B per added page (budget ${routeCostBudget.docsHtmlBytesPerRoute})`,
  );
});
