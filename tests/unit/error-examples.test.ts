/**
 * Each operation's error examples are its own, in both versions: a 404, 409, 422 or 429 example
 * names the request the operation receives (`instance` is its path), a 404 the resource the
 * operation reads, and V3's secret endpoint's 429 the limit the rate-limit table gives it.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {apiFiles, loadApiDocument, resolveRef, type JsonObject} from '../../src/lib/openapi';
import {httpMethods} from '../../src/lib/http-methods';

const v3 = loadApiDocument(apiFiles.v3) as JsonObject;
const v1 = loadApiDocument(apiFiles.v1) as JsonObject;
const ownStatuses = ['404', '409', '422', '429'];

type ErrorExample = {operationId: string; path: string; status: string; name: string; value: JsonObject};

function errorExamples(document: JsonObject): ErrorExample[] {
  const found: ErrorExample[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, JsonObject>)) {
    for (const method of httpMethods) {
      const operation = item[method] as JsonObject | undefined;
      if (!operation) continue;
      for (const [status, raw] of Object.entries(operation.responses as Record<string, JsonObject>)) {
        if (!ownStatuses.includes(status)) continue;
        for (const media of Object.values((resolveRef<JsonObject>(document, raw).content ?? {}) as Record<string, JsonObject>)) {
          for (const [name, example] of Object.entries((media.examples ?? {}) as Record<string, JsonObject>))
            found.push({
              operationId: String(operation.operationId),
              path,
              status,
              name,
              value: resolveRef<JsonObject>(document, example).value as JsonObject,
            });
        }
      }
    }
  }
  return found;
}

const pathPattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);

for (const [file, document] of [
  [apiFiles.v3, v3],
  [apiFiles.v1, v1],
] as const) {
  test(`${file}: every 404, 409, 422 and 429 example of an operation names that operation’s request`, () => {
    const examples = errorExamples(document);
    assert.ok(examples.length > 40, `${examples.length} examples`);
    const elsewhere = examples
      .filter((example) => !pathPattern(example.path).test(String(example.value.instance)))
      .map((example) => `${example.operationId} ${example.status} ${example.name}: instance ${String(example.value.instance)}`);
    assert.deepEqual(elsewhere, []);
  });
}

test('a V1 404 example names the resource of its operation: the order, the signup or the checkout session', () => {
  const wrong = errorExamples(v1)
    .filter((example) => example.status === '404')
    .filter((example) => {
      const resource = example.path.startsWith('/v1/orders') ? 'order' : /signup/.test(example.path) ? 'signup' : 'checkout session';
      return !String(example.value.detail).startsWith(`No ${resource} `);
    })
    .map((example) => `${example.operationId}: ${String(example.value.detail)}`);
  assert.deepEqual(wrong, []);
});

test('a 404 example names the resource of its path, or the session a hosted page is created for', () => {
  // `hostedPageId` names a hosted page.
  const resourceOf = (path: string) =>
    path === '/v3/hosted-pages'
      ? 'session'
      : /\{(\w+)Id\}[^{]*$/
          .exec(path)?.[1]
          ?.replace(/([a-z])([A-Z])/g, '$1 $2')
          .toLowerCase();
  const wrong = errorExamples(v3)
    .filter((example) => example.status === '404')
    .filter((example) => !new RegExp(`\\bno ${resourceOf(example.path)} with id `, 'i').test(String(example.value.detail)))
    .map((example) => `${example.operationId}: ${String(example.value.detail)}`);
  assert.deepEqual(wrong, []);
});

test('the secret endpoint’s 429 example states its own limit from the rate-limit table, and no other operation’s does', () => {
  const description = String((v3.info as JsonObject).description);
  const secretLimit = /\| `POST \/v3\/auth\/secret`, per API key \| (\d+) requests per minute \|/.exec(description)?.[1];
  const generalLimit = /\| All endpoints, per merchant account \| (\d+) requests per second/.exec(description)?.[1];
  assert.ok(secretLimit && generalLimit, 'the rate-limit table of info.description');
  for (const example of errorExamples(v3).filter((candidate) => candidate.status === '429')) {
    const expected =
      example.operationId === 'generateASecret'
        ? `More than ${secretLimit} secret requests per minute`
        : `More than ${generalLimit} requests per second`;
    assert.ok(String(example.value.detail).startsWith(expected), `${example.operationId}: ${String(example.value.detail)}`);
  }
});
