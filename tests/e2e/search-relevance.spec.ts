/**
 * What a developer types into the search box, per docs version, and the page that must be among
 * the first three suggestions: topics (names, codes, tasks, with a typo or two, in any letter) and
 * phrases taken from the pages' text (prose, table cells, the fields of object and error pages),
 * which only a full-text index finds; no query's suggestions list a page twice. And names (error
 * codes, field names) whose defining page must be the first suggestion. The pages are read from
 * the suggestions' links; the query sets are in scripts/measure/search-queries.ts.
 */
import {expect, test} from '@playwright/test';
import {expectHydrated} from '../support/hydration';
import {searchPages} from '../support/search-index';
import {definitionsByVersion, phrasesByVersion, queriesByVersion, suggestionsFor} from '../../scripts/measure/search-queries';

/** What is wrong with a query's suggestions beyond its expected page: a page listed twice. */
function repeatedPages(query: string, pages: string[]): string[] {
  const repeated = pages.filter((page, at) => pages.indexOf(page) !== at);
  return repeated.length ? [`"${query}" lists ${[...new Set(repeated)].join(', ')} more than once`] : [];
}

for (const [kind, sets] of [
  ['topic', queriesByVersion],
  ['phrase', phrasesByVersion],
] as const) {
  for (const {version, start, queries} of sets) {
    test(`the ${version} search finds the page of each ${kind} query among its first three suggestions, each page once`, async ({page}) => {
      test.slow(); // One search per query.
      expect(queries.length).toBeGreaterThanOrEqual(20);
      const indexed = searchPages(version === '3.0.0' ? '' : `docs/${version}`).map((entry) => entry.u);
      await page.goto(start);
      await expectHydrated(page);
      await page.locator('.navbar input.navbar__search-input').click();
      const misses: string[] = [];
      for (const [query, expected] of queries) {
        const url = `/docs/${version}/${expected}`;
        expect(indexed, `${url} is indexed`).toContain(url);
        const suggested = await suggestionsFor(page, query);
        if (!suggested.slice(0, 3).includes(url)) misses.push(`"${query}" → ${url}, got ${suggested.slice(0, 3).join(', ') || 'nothing'}`);
        misses.push(...repeatedPages(query, suggested));
      }
      expect(misses).toEqual([]);
    });
  }
}

for (const {version, start, queries} of definitionsByVersion) {
  test(`the ${version} search suggests first the page that defines each error code and field name`, async ({page}) => {
    await page.goto(start);
    await expectHydrated(page);
    await page.locator('.navbar input.navbar__search-input').click();
    const misses: string[] = [];
    for (const [query, definers] of queries) {
      const urls = definers.map((definer) => `/docs/${version}/${definer}`);
      const [first] = await suggestionsFor(page, query);
      if (!first || !urls.includes(first)) misses.push(`"${query}" → ${urls.join(' or ')}, got ${first ?? 'nothing'} first`);
    }
    expect(misses).toEqual([]);
  });
}
