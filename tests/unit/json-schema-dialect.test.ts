/** src/lib/openapi/json-schema-dialect.ts: an OpenAPI 3.0 file's schemas as Ajv's 2020 dialect reads them. */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import {asJsonSchema} from '../../src/lib/openapi/json-schema-dialect';
import type {JsonObject} from '../../src/lib/openapi/refs';

const converted = (schema: JsonObject) =>
  (asJsonSchema({openapi: '3.0.3', components: {schemas: {S: schema}}}).components as {schemas: {S: JsonObject}}).schemas.S;

test('nullable adds null to the type and the enum, and wraps what has no type', () => {
  assert.deepEqual(converted({type: 'string', nullable: true}), {type: ['string', 'null']});
  assert.deepEqual(converted({type: 'string', enum: ['a'], nullable: true}), {type: ['string', 'null'], enum: ['a', null]});
  assert.deepEqual(converted({allOf: [{$ref: '#/x'}], nullable: true}), {anyOf: [{allOf: [{$ref: '#/x'}]}, {type: 'null'}]});
  assert.deepEqual(converted({description: 'Anything.', nullable: true}), {description: 'Anything.'});
  assert.deepEqual(converted({type: 'integer', nullable: false}), {type: 'integer'});
});

test('boolean exclusive bounds become the bound they qualify', () => {
  assert.deepEqual(converted({type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false}), {
    type: 'integer',
    exclusiveMinimum: 0,
    maximum: 9,
  });
});

test('data stays data, and a property named like a data keyword is still a schema', () => {
  const schema = converted({
    type: 'object',
    example: {nullable: true},
    properties: {example: {type: 'string', nullable: true}, default: {type: 'integer', nullable: true}},
  });
  assert.deepEqual(schema.example, {nullable: true});
  assert.deepEqual(schema.properties, {example: {type: ['string', 'null']}, default: {type: ['integer', 'null']}});
});

test('GitHub-style schemas that Ajv refused compile and accept null', () => {
  const ajv = new Ajv2020({strict: false});
  const validate = ajv.compile(converted({type: 'object', properties: {owner: {nullable: true, allOf: [{type: 'object'}]}}}));
  assert.equal(validate({owner: null}), true);
  assert.equal(validate({owner: 'x'}), false);
});

test('a 3.1 document comes back as it is', () => {
  const document = {openapi: '3.1.0', components: {schemas: {S: {nullable: true}}}};
  assert.equal(asJsonSchema(document), document);
});
