/**
 * The route list the e2e tests request (tests/spec-routes.ts) must be exactly the routes that
 * spec section 2 names. The spec is the repository's copy in spec/ (spec/README.md), which must
 * equal the specification it is copied from, ../shared/spec, wherever that exists.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {allSpecRoutes} from '../spec-routes';

const specFile = path.resolve(import.meta.dirname, '../../spec/site-specification.md');
const sharedSpecFile = path.resolve(import.meta.dirname, '../../../shared/spec/site-specification.md');
const productSlug = 'tessera';

/** Reads "X under /base/: a, b (note), c." lines and the general-routes table into full paths. */
export function routesFromSpec(spec: string): string[] {
  const section = spec.slice(spec.indexOf('## 2. Screens and routes'), spec.indexOf('### Page chrome'));
  const routes = new Set<string>();
  for (const match of section.matchAll(/^\| (\/[^ |]*) \|/gm)) routes.add(match[1]!);
  for (const match of section.matchAll(/under (\/docs\/[^:]+\/): ([^\n]+)\./g)) {
    const base = match[1]!;
    for (const entry of match[2]!.split(', ')) {
      const page = entry
        .replace(/\s*\(.*\)$/, '')
        .replaceAll('{product}', productSlug)
        .trim();
      routes.add(`${base}${page}`);
    }
  }
  const categories = section.match(/Category index pages: ([^\n]+)\./)?.[1] ?? '';
  for (const match of categories.matchAll(/(\/docs\/[^\s,]+)/g)) routes.add(match[1]!.replaceAll('{product}', productSlug));
  return [...routes].sort();
}

test('the e2e route list is exactly the spec section 2 routes', () => {
  const fromSpec = routesFromSpec(readFileSync(specFile, 'utf8'));
  assert.ok(fromSpec.length > 60, `parsed ${fromSpec.length} routes; the spec lists more`);
  assert.deepEqual([...allSpecRoutes].sort(), fromSpec);
});

test('the route list has no duplicates', () => {
  assert.equal(new Set(allSpecRoutes).size, allSpecRoutes.length);
});

test(
  'the specification in spec/ is a verbatim copy of the shared one',
  {skip: !existsSync(sharedSpecFile) && `no shared spec at ${sharedSpecFile}`},
  () => {
    assert.ok(
      readFileSync(specFile).equals(readFileSync(sharedSpecFile)),
      'spec/site-specification.md differs: copy ../shared/spec/site-specification.md again',
    );
  },
);
