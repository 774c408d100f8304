/**
 * Adding an OpenAPI file end to end: gen-api with the foreign fixtures listed (as
 * TESSERA_OPENAPI_ADD lists them, like an entry in config/openapi.ts), then with a broken file too.
 * It rewrites the generated pages of this checkout, so it runs in `npm run test:scale`, one file at
 * a time, not beside the unit tests that read those pages; at the end it generates the site as it is.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {addedApiSidebarsPath} from '../../config/added-api-sidebars';

const siteDir = path.resolve(import.meta.dirname, '../..');
const fixtures = ['oauth-client-credentials', 'api-key-header', 'api-key-query'].map((name) => `tests/fixtures/openapi/${name}.yaml`);
const broken = 'tests/fixtures/openapi/broken-reference.yaml';

function generate(added: string[], extraEnv: NodeJS.ProcessEnv = {}): {status: number | null; output: string; seconds: number} {
  const started = performance.now();
  const env: NodeJS.ProcessEnv = {...process.env, ...extraEnv, TESSERA_OPENAPI_ADD: added.join(',')};
  delete env.TESSERA_SCALE;
  const result = spawnSync(path.join(siteDir, 'node_modules/.bin/tsx'), ['scripts/generate-api-docs.ts'], {
    cwd: siteDir,
    env,
    encoding: 'utf8',
  });
  return {status: result.status, output: `${result.stdout}${result.stderr}`, seconds: (performance.now() - started) / 1000};
}

/** Every file under the generated folders, with its content: what a failed generation must not touch. */
function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(siteDir, folder), {withFileTypes: true})) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(relative);
      else files.set(relative, readFileSync(path.join(siteDir, relative), 'utf8'));
    }
  };
  for (const folder of ['docs/api', 'docs/errors', 'versioned_docs/version-1.0.0/api', 'versioned_sidebars']) walk(folder);
  files.set(addedApiSidebarsPath, readFileSync(path.join(siteDir, addedApiSidebarsPath), 'utf8'));
  return files;
}

let withFixtures: ReturnType<typeof generate>;

before(() => {
  withFixtures = generate(fixtures);
});

after(() => {
  const restored = generate([]);
  assert.equal(restored.status, 0, restored.output);
});

test('foreign files generate pages in their own folder and a sidebar category each, and no reference pages', () => {
  assert.equal(withFixtures.status, 0, withFixtures.output);
  const lockers = path.join(siteDir, 'docs/api/oauth-client-credentials');
  assert.ok(existsSync(path.join(lockers, 'reserve-locker.api.mdx')));
  assert.ok(existsSync(path.join(lockers, 'parcel-lockers-api.info.mdx')));
  const page = readFileSync(path.join(lockers, 'reserve-locker.api.mdx'), 'utf8');
  assert.match(page, /Authorization: Bearer \$PARCEL_LOCKERS_ACCESS_TOKEN/);
  const sidebars = JSON.parse(readFileSync(path.join(siteDir, addedApiSidebarsPath), 'utf8')) as Record<string, {label: string}[]>;
  assert.deepEqual(
    sidebars['3.0.0']?.map((category) => category.label),
    ['Parcel Lockers API', 'Gift Card API', 'Exchange Rates API'],
  );
  // The API reference's first page lists each with its pages and downloads.
  const info = readFileSync(path.join(siteDir, 'docs/api/tessera-api.info.mdx'), 'utf8');
  const otherApis = info.slice(info.indexOf('### Other APIs'));
  for (const [title, slug] of [
    ['Parcel Lockers API', 'oauth-client-credentials'],
    ['Gift Card API', 'api-key-header'],
    ['Exchange Rates API', 'api-key-query'],
  ]) {
    const row = otherApis.split('\n').find((line) => line.startsWith(`| [${title}](/docs/3.0.0/api/${slug}/`));
    assert.ok(row, `the API reference lists ${title}`);
    assert.ok(
      row.includes(`(pathname:///openapi/${slug}.yaml)`) && row.includes(`(pathname:///postman/${slug}.postman_collection.json)`),
      row,
    );
    const page = /\]\((\/docs\/3\.0\.0\/api\/[^)]+)\)/.exec(row)?.[1];
    assert.ok(
      page && existsSync(path.join(siteDir, `docs${page.slice('/docs/3.0.0'.length)}.info.mdx`)),
      `${row} links a page that exists`,
    );
  }
  // Reference pages (errors, objects, notifications) are written for Tessera's two files only.
  assert.equal(withFixtures.output.match(/\d+ error codes/g)?.length, 2, withFixtures.output);
  for (const file of readdirSync(path.join(siteDir, 'docs/errors'))) {
    assert.doesNotMatch(readFileSync(path.join(siteDir, 'docs/errors', file), 'utf8'), /Parcel Lockers|Gift Card|Exchange Rates/, file);
  }
});

test('a file the generation rejects fails gen-api and leaves every previous page in place', () => {
  const before = snapshot();
  const failed = generate([...fixtures, broken]);
  assert.notEqual(failed.status, 0, 'gen-api accepted a file with a dangling $ref');
  const afterwards = snapshot();
  assert.deepEqual([...afterwards.keys()].sort(), [...before.keys()].sort());
  for (const [file, text] of before) assert.equal(afterwards.get(file), text, `${file} changed`);
});

/** A generation that fails leaves every generated page as it was. */
function assertUntouched(before: Map<string, string>): void {
  const afterwards = snapshot();
  assert.deepEqual([...afterwards.keys()].sort(), [...before.keys()].sort());
  for (const [file, text] of before) assert.equal(afterwards.get(file), text, `${file} changed`);
}

test('a file whose schemas expand into one another generates, each object of the cycle named and linked where another holds it', () => {
  const expandable = 'tests/fixtures/openapi/expandable-objects.yaml';
  const generated = generate([expandable]);
  assert.equal(generated.status, 0, generated.output);
  // The plugin on it as it is ran for more than 150 s without writing a page.
  assert.ok(generated.seconds < 60, `gen-api took ${generated.seconds.toFixed(0)} s`);
  const folder = path.join(siteDir, 'docs/api/expandable-objects');
  const responses = readFileSync(path.join(folder, 'retrieve-charge.StatusCodes.json'), 'utf8');
  assert.match(responses, /A `customer` object: its fields are not repeated here\./);
  assert.match(responses, /"x-tessera-schema-reference":"#\/components\/schemas\/customer"/);
});

test('a file that inlines past the limit even without cycles is refused at once, by name, and no page changes', () => {
  const before = snapshot();
  const doubling = 'tests/fixtures/openapi/doubling-schemas.yaml';
  const failed = generate([doubling]);
  assert.notEqual(failed.status, 0, 'gen-api accepted a file the plugin cannot finish');
  assert.match(failed.output, new RegExp(`${doubling}: its schemas reference one another .* more than 1,000,000 objects`));
  assert.ok(failed.seconds < 60, `gen-api took ${failed.seconds.toFixed(0)} s to refuse it`);
  assertUntouched(before);
});

test('a generation that outlasts its time limit is stopped, naming the file it was on, and no page changes', () => {
  const before = snapshot();
  const stopped = generate([], {TESSERA_OPENAPI_TIME_LIMIT: '1', TESSERA_OPENAPI_FORCE: '1'});
  assert.notEqual(stopped.status, 0);
  assert.match(stopped.output, /openapi\/tessera-v3\.yaml: the OpenAPI plugin did not finish generating its pages within 1 s/);
  assertUntouched(before);
});
