/**
 * src/lib/openapi/schema-cycles.ts and description-markup.ts: what gen-api changes in a file before
 * the OpenAPI plugin reads it, so that expandable objects and placeholder markup (the largest
 * providers' files) generate, while a file without them (Tessera's, Adyen's) is left as it is.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {
  escapePseudoTags,
  inlinedSize,
  keepSchemaCyclesAsReferences,
  schemaCycles,
  withPseudoTagsEscaped,
  type JsonObject,
} from '../../src/lib/openapi';

const siteDir = path.resolve(import.meta.dirname, '../..');
const load = (file: string) => parse(readFileSync(path.join(siteDir, file), 'utf8')) as JsonObject;
const untouchedFiles = [
  'openapi/tessera-v3.yaml',
  'openapi/tessera-v1.yaml',
  'tests/fixtures/openapi/vendor/adyen/adyen-checkout-v71.json',
];
const route = (operationId: string) => `/docs/3.0.0/api/objects/${operationId}`;

const ref = (name: string) => ({$ref: `#/components/schemas/${name}`});
const objectWith = (properties: JsonObject) => ({type: 'object', properties});

/** A charge holds its customer, the customer its default charge; an address belongs to both and to no cycle. */
const family: JsonObject = {
  openapi: '3.0.3',
  info: {title: 'Family', version: '1'},
  paths: {
    '/v1/customers': {
      post: {
        operationId: 'PostCustomers',
        responses: {'200': {description: 'x', content: {'application/json': {schema: ref('customer')}}}},
      },
    },
    '/v1/customers/{customer}': {
      get: {
        operationId: 'GetCustomersCustomer',
        responses: {
          '200': {description: 'x', content: {'application/json': {schema: {anyOf: [ref('customer'), ref('deleted_customer')]}}}},
        },
      },
    },
    '/v1/charges/{charge}': {
      get: {
        operationId: 'GetChargesCharge',
        summary: 'Retrieve a charge',
        responses: {'200': {description: 'x', content: {'application/json': {schema: ref('charge')}}}},
      },
    },
  },
  components: {
    schemas: {
      charge: objectWith({id: {type: 'string'}, customer: {anyOf: [{type: 'string'}, ref('customer')]}, billing: ref('address')}),
      customer: objectWith({id: {type: 'string'}, default_charge: {anyOf: [{type: 'string'}, ref('charge')]}, address: ref('address')}),
      deleted_customer: objectWith({id: {type: 'string'}}),
      address: objectWith({line1: {type: 'string'}}),
      node: objectWith({children: {type: 'array', items: ref('node')}}),
      invoice: objectWith({charge: ref('charge')}),
    },
  },
};

test('the cycles are the schemas that reach themselves: two that hold each other, one that holds itself', () => {
  const cycles = schemaCycles(family);
  assert.deepEqual([...cycles.keys()].sort(), [
    '#/components/schemas/charge',
    '#/components/schemas/customer',
    '#/components/schemas/node',
  ]);
  assert.equal(cycles.get('#/components/schemas/charge'), cycles.get('#/components/schemas/customer'));
  assert.notEqual(cycles.get('#/components/schemas/node'), cycles.get('#/components/schemas/charge'));
  // A schema that only points into a cycle (an invoice holds a charge) is not in one.
  assert.equal(cycles.has('#/components/schemas/invoice'), false);
});

test('inside every schema, a schema of a cycle is named and linked to the operation that returns it; the rest is inlined', () => {
  const kept = keepSchemaCyclesAsReferences(family, route);
  const schemas = (kept.components as JsonObject).schemas as Record<string, {properties: Record<string, JsonObject>}>;
  const heldCustomer = (schemas.charge!.properties.customer!.anyOf as JsonObject[])[1]!;
  assert.deepEqual(heldCustomer, {
    type: 'object',
    title: 'customer',
    // A GET of one customer comes before the POST that also returns one.
    description: 'A `customer` object: its fields are on [GET /v1/customers/{customer}](/docs/3.0.0/api/objects/GetCustomersCustomer).',
    'x-tessera-schema-reference': '#/components/schemas/customer',
  });
  const heldCharge = (schemas.customer!.properties.default_charge!.anyOf as JsonObject[])[1]!;
  assert.equal(
    heldCharge.description,
    'A `charge` object: its fields are on [Retrieve a charge](/docs/3.0.0/api/objects/GetChargesCharge).',
  );
  // An invoice, outside the cycle, holds the charge by name too.
  assert.equal(schemas.invoice!.properties.charge!.title, 'charge');
  // A schema no operation returns is named without a link.
  assert.equal((schemas.node!.properties.children!.items as JsonObject).description, 'A `node` object: its fields are not repeated here.');
  // References to schemas outside any cycle, and the operations' own, are left to be inlined.
  assert.deepEqual(schemas.charge!.properties.billing, ref('address'));
  assert.deepEqual(kept.paths, family.paths);
  // The input is not changed.
  assert.deepEqual(((family.components as JsonObject).schemas as JsonObject).invoice, objectWith({charge: ref('charge')}));
});

test('a file whose schemas expand into one another without end becomes a small one; files without cycles stay the same object', () => {
  const expandable = load('tests/fixtures/openapi/expandable-objects.yaml');
  assert.ok(inlinedSize(expandable, 1_000_000) > 1_000_000);
  assert.ok(inlinedSize(keepSchemaCyclesAsReferences(expandable, route), 1_000_000) < 1_000);
  for (const file of untouchedFiles) {
    const document = load(file);
    assert.equal(schemaCycles(document).size, 0, file);
    assert.equal(keepSchemaCyclesAsReferences(document, route), document, file);
  }
});

test('a < that opens no HTML element is escaped for MDX; tags, code spans and fences are left as written', () => {
  assert.equal(escapePseudoTags('Basic <api_key>'), 'Basic &lt;api_key>');
  assert.equal(escapePseudoTags('an <amount>200</amount> off'), 'an &lt;amount>200&lt;/amount> off');
  assert.equal(
    escapePseudoTags('<p>A <a href="/x">link</a> and <code>id</code>.</p>'),
    '<p>A <a href="/x">link</a> and <code>id</code>.</p>',
  );
  assert.equal(escapePseudoTags('Send `Basic <api_key>` as is.'), 'Send `Basic <api_key>` as is.');
  assert.equal(escapePseudoTags('```\n<currency>\n```'), '```\n<currency>\n```');
  assert.equal(escapePseudoTags('when amount < 100'), 'when amount < 100');
});

test('only descriptions and summaries are escaped, never example data; Tessera’s and Adyen’s files have nothing to escape', () => {
  const document = {
    info: {description: 'Use <api_key>.'},
    components: {
      schemas: {note: {type: 'string', description: 'A <note>.', example: '<note>', properties: {description: {type: 'string'}}}},
    },
    paths: {'/x': {get: {summary: 'Get <x>', examples: {a: {value: {description: '<kept>'}}}, 'x-codeSamples': [{source: '<kept>'}]}}},
  };
  assert.deepEqual(withPseudoTagsEscaped(document), {
    info: {description: 'Use &lt;api_key>.'},
    components: {
      schemas: {note: {type: 'string', description: 'A &lt;note>.', example: '<note>', properties: {description: {type: 'string'}}}},
    },
    paths: {'/x': {get: {summary: 'Get &lt;x>', examples: {a: {value: {description: '<kept>'}}}, 'x-codeSamples': [{source: '<kept>'}]}}},
  });
  for (const file of untouchedFiles) {
    const original = load(file);
    assert.deepEqual(withPseudoTagsEscaped(original), original, file);
  }
});
