/**
 * The API reference's first page lists every added API with its downloads (scripts/api-downloads.ts),
 * under the same names the generation publishes the files and Postman collections as.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {addedApi, openApiDownloadPath} from '../../config/openapi';
import {addedApiDownloads, downloadsHeading, otherApisSection, withOtherApis} from '../../scripts/api-downloads';
import {postmanDownloads} from '../../scripts/generate-postman-collections';
import {collectionPath, environmentPath} from '../../config/postman';

const siteDir = path.resolve(import.meta.dirname, '../..');
const fixture = 'tests/fixtures/openapi/vendor/adyen/adyen-checkout-v71.json';
const document = JSON.parse(readFileSync(path.join(siteDir, fixture), 'utf8')) as Parameters<typeof addedApiDownloads>[1];

test("an added API's row links its pages, its OpenAPI file, its Postman collection and one environment per server", async () => {
  const spec = addedApi(fixture, {slug: 'adyen-checkout'});
  const downloads = addedApiDownloads(spec, document, 'adyen-checkout-api');
  assert.equal(downloads.route, '/docs/3.0.0/api/adyen-checkout/adyen-checkout-api');
  assert.equal(downloads.openApi, openApiDownloadPath(fixture));
  assert.equal(downloads.collection, collectionPath(fixture));
  // The environments the Postman generation writes, under the names the table links.
  const postman = await postmanDownloads(fixture);
  assert.deepEqual(
    downloads.environments.map((environment) => environment.path),
    postman.environments.map(({id}) => environmentPath(fixture, id)),
  );
  const legacy = addedApiDownloads(addedApi(fixture, {version: '1.0.0'}), document, 'adyen-checkout-api');
  assert.equal(legacy.route, '/docs/1.0.0/api/adyen-checkout-v71/adyen-checkout-api');
});

test('the Other APIs section follows the downloads table, escapes what MDX would read as markup, and is absent without added APIs', () => {
  const page = ['# Tessera API', '', downloadsHeading, '', '| Version | File |', '|---|---|', '| V3 | x |', '', 'In Postman, …'].join('\n');
  assert.equal(withOtherApis(page, otherApisSection([]), 'info.mdx'), page);
  const section = otherApisSection([
    {
      title: 'Pay {fast} <now> | later',
      version: '2',
      route: '/docs/3.0.0/api/pay/pay-api',
      openApi: '/openapi/pay.yaml',
      collection: '/postman/pay.postman_collection.json',
      environments: [
        {id: 'test', path: '/postman/pay.test.postman_environment.json'},
        {id: 'live', path: '/postman/pay.live.postman_environment.json'},
      ],
    },
  ]);
  const lines = withOtherApis(page, section, 'info.mdx').split('\n');
  assert.equal(lines[7], '');
  assert.equal(lines[8], '### Other APIs');
  assert.equal(lines.at(-2), '', 'the page goes on after the section');
  assert.equal(lines.at(-1), 'In Postman, …');
  const row = lines.find((line) => line.startsWith('| [Pay'));
  assert.equal(
    row,
    '| [Pay \\{fast\\} \\<now\\> \\| later](/docs/3.0.0/api/pay/pay-api) 2 | [pay.yaml](pathname:///openapi/pay.yaml) | ' +
      '[pay.postman\\_collection.json](pathname:///postman/pay.postman_collection.json) | ' +
      '[test](pathname:///postman/pay.test.postman_environment.json), [live](pathname:///postman/pay.live.postman_environment.json) |',
  );
  assert.throws(() => withOtherApis('# No downloads here', section, 'info.mdx'), /info\.mdx: no "## Download the specification" section/);
});

test("Tessera's OpenAPI file keeps the downloads table the Other APIs section is added under", () => {
  const tessera = parse(readFileSync(path.join(siteDir, 'openapi/tessera-v3.yaml'), 'utf8')) as {info: {description: string}};
  assert.doesNotThrow(() => withOtherApis(tessera.info.description, 'section', 'openapi/tessera-v3.yaml'));
});
