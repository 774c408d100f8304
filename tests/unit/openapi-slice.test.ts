/**
 * src/lib/openapi/slice.ts: the part of a provider's file the scale tier's mock serves (and an
 * added API's operation in the console). It
 * must keep everything a request of the chosen operations is checked against (so that the mock
 * refuses what a mock of the whole file refuses) and nothing Prism would load for no request.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {unescapePointer, type JsonObject} from '../../src/lib/openapi/refs';
import {operationsSlice} from '../../src/lib/openapi/slice';

const ref = (kind: string, name: string) => ({$ref: `#/components/${kind}/${name}`});
const ok = {'200': {description: 'ok', content: {'application/json': {schema: ref('schemas', 'repo')}}}};

const document: JsonObject = {
  openapi: '3.1.0',
  info: {title: 'Hub', version: '1'},
  servers: [{url: 'https://api.hub.example'}],
  security: [{token: []}],
  paths: {
    '/repos/{owner}/{repo}': {
      parameters: [ref('parameters', 'owner'), ref('parameters', 'repo')],
      get: {operationId: 'getRepo', responses: ok},
      delete: {operationId: 'deleteRepo', responses: {'204': ref('responses', 'empty')}},
    },
    '/users': {
      get: {
        operationId: 'listUsers',
        responses: {'200': {description: 'ok', content: {'application/json': {schema: ref('schemas', 'user')}}}},
      },
    },
  },
  webhooks: {push: {post: {requestBody: {content: {'application/json': {schema: ref('schemas', 'push-event')}}}}}},
  'x-webhooks': {star: {post: {requestBody: {content: {'application/json': {schema: ref('schemas', 'star-event')}}}}}},
  components: {
    parameters: {
      owner: {name: 'owner', in: 'path', required: true, schema: {type: 'string'}},
      repo: {name: 'repo', in: 'path', required: true, schema: {type: 'string'}},
    },
    responses: {empty: {description: 'none'}},
    schemas: {
      repo: {type: 'object', properties: {owner: ref('schemas', 'simple~1user'), forks: {type: 'array', items: ref('schemas', 'repo')}}},
      'simple/user': {type: 'object', properties: {login: {type: 'string'}}},
      user: {type: 'object'},
      'push-event': {type: 'object'},
      'star-event': {type: 'object'},
    },
    securitySchemes: {token: {type: 'http', scheme: 'bearer'}},
  },
};

test('the slice keeps the chosen operations with their path parameters, and the components they reach, transitively and through cycles', () => {
  const slice = operationsSlice(document, [{apiPath: '/repos/{owner}/{repo}', method: 'get'}]);
  assert.deepEqual(Object.keys(slice.paths as JsonObject), ['/repos/{owner}/{repo}']);
  const item = (slice.paths as Record<string, JsonObject>)['/repos/{owner}/{repo}']!;
  assert.deepEqual(Object.keys(item).sort(), ['get', 'parameters'], 'the other method of the path goes, its shared parameters stay');
  const components = slice.components as Record<string, JsonObject>;
  assert.deepEqual(Object.keys(components.parameters!).sort(), ['owner', 'repo']);
  assert.deepEqual(Object.keys(components.schemas!).sort(), ['repo', 'simple/user'], 'an escaped name is followed; a self-reference ends');
  assert.equal(components.responses, undefined, 'what only the left-out method referenced goes');
  assert.deepEqual(components.securitySchemes, (document.components as JsonObject).securitySchemes);
});

test('the slice keeps what describes every request (servers, security, info) and drops webhooks and the top-level extensions', () => {
  const slice = operationsSlice(document, [{apiPath: '/users', method: 'get'}]);
  assert.deepEqual(slice.servers, document.servers);
  assert.deepEqual(slice.security, document.security);
  assert.deepEqual(slice.info, document.info);
  assert.equal(slice.webhooks, undefined);
  assert.equal(slice['x-webhooks'], undefined);
  assert.deepEqual(Object.keys((slice.components as Record<string, JsonObject>).schemas!).sort(), ['user']);
});

test('an operation the document does not have is named, not left out', () => {
  assert.throws(() => operationsSlice(document, [{apiPath: '/users', method: 'post'}]), /POST \/users is not in the document/);
});

test("GitHub's file sliced to one operation holds no reference that points at nothing", () => {
  const github = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../fixtures/openapi/vendor/github/api.github.com.json'), 'utf8'),
  ) as JsonObject;
  const slice = operationsSlice(github, [{apiPath: '/repos/{owner}/{repo}/issues', method: 'post'}]);
  const missing: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const target = (node as JsonObject).$ref;
    if (typeof target === 'string') {
      const [kind, name] = target.slice('#/components/'.length).split('/').map(unescapePointer);
      if (!(slice.components as Record<string, JsonObject>)[kind!]?.[name!]) missing.push(target);
    }
    Object.values(node).forEach(visit);
  };
  visit(slice);
  assert.deepEqual(missing, []);
  assert.ok(JSON.stringify(slice).length < JSON.stringify(github).length / 20, 'the slice is a small part of the file');
});
