/** The remark plugin that reports content problems while `npm start` runs names the file and line of each. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import remarkContentChecks from '../../src/plugins/content-checks/remark';
import {siteDir} from '../../src/lib/openapi';

const page = [
  '---',
  'title: A page being written',
  '---',
  '',
  'A late capture fails with `409 amount_exceeds_capturable`.',
  '',
  'See [the guide](/docs/3.0.0/guides/guides/no_such_guide).',
  '',
  '```json title="POST /v3/orders/{orderId}/captures" operation="captureAnOrder" part="request"',
  '{"amount": {"amount": 25900, "currency": "SEK"}, "amountInKronor": 259}',
  '```',
  '',
  '```ts title="checkout.ts"',
  "Tessera.init({clientToken: 'ct_test', container: '#checkout', colour: 'blue'});",
  '```',
].join('\n');

/** The mdast the MDX parser makes of the fence: enough for the plugin, which reads code nodes. */
const tree = {
  type: 'root',
  children: [
    {
      type: 'code',
      lang: 'json',
      meta: 'title="POST /v3/orders/{orderId}/captures" operation="captureAnOrder" part="request"',
      value: '{"amount": {"amount": 25900, "currency": "SEK"}, "amountInKronor": 259}',
      position: {start: {line: 9}},
    },
    {
      type: 'code',
      lang: 'ts',
      meta: 'title="checkout.ts"',
      value: "Tessera.init({clientToken: 'ct_test', container: '#checkout', colour: 'blue'});",
      position: {start: {line: 13}},
    },
  ],
};

function run(file: string): string[] {
  const lines: string[] = [];
  remarkContentChecks({enabled: true, report: (line) => lines.push(line)})(tree, {path: path.join(siteDir, file), value: page});
  return lines;
}

test('a contradicted fact, an invalid JSON or TypeScript sample and a missing page are reported with file and line', () => {
  const lines = run('docs/guides/draft.mdx');
  assert.ok(
    lines.some((line) => /^docs\/guides\/draft\.mdx:5: .*amount_exceeds_capturable with 422, not 409/.test(line)),
    lines.join('\n'),
  );
  assert.ok(
    lines.some((line) => /^docs\/guides\/draft\.mdx:7: link to \/docs\/3\.0\.0\/guides\/guides\/no_such_guide: no such page/.test(line)),
    lines.join('\n'),
  );
  assert.ok(
    lines.some((line) => /^docs\/guides\/draft\.mdx:9: JSON sample .*amountInKronor/.test(line)),
    lines.join('\n'),
  );
  assert.ok(
    lines.some((line) => /^docs\/guides\/draft\.mdx:14: TypeScript sample: .*colour/.test(line)),
    lines.join('\n'),
  );
});

test('generated API pages are not checked', () => {
  assert.deepEqual(run('docs/api/capture-an-order.api.mdx'), []);
});
