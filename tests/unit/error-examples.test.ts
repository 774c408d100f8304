/**
 * Each operation's error examples are its own, in both versions: a 404, 409, 422 or 429 example
 * names the request the operation receives (`instance` is its path), a 404 the resource the
 * operation reads, and V3's secret endpoint's 429 the limit the rate-limit table gives it; the
 * 400, 401 and 403 examples on its page name a field of its body, the authentication it uses and
 * the permission it needs.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {apiFiles, loadApiDocument, providerDocument, resolveRef, unescapePointer, type JsonObject} from '../../src/lib/openapi';
import {sharedErrorStatuses} from '../../src/lib/openapi/operation-error-examples';
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

/*
 * The 400, 401 and 403 responses are shared in the file (components/responses) and written out for
 * each operation when the pages are generated (src/lib/openapi/operation-error-examples.ts). On
 * each operation's page and in its twin (both written from `providerDocument`), an example names
 * only what that operation has: a field of its request body, the authentication scheme it uses,
 * the permission or scope it needs.
 */
type PageExample = ErrorExample & {operation: JsonObject; headers: Record<string, JsonObject>};

const pageExamples = new WeakMap<JsonObject, PageExample[]>();

function pageErrorExamples(document: JsonObject): PageExample[] {
  const known = pageExamples.get(document);
  if (known) return known;
  const page = providerDocument(document, {provider: false}).document;
  const found: PageExample[] = [];
  for (const [path, item] of Object.entries(page.paths as Record<string, JsonObject>)) {
    for (const method of httpMethods) {
      const operation = item[method] as JsonObject | undefined;
      if (!operation) continue;
      for (const status of sharedErrorStatuses) {
        const response = resolveRef<JsonObject>(page, (operation.responses as Record<string, JsonObject>)[status]);
        if (!response) continue;
        const headers = Object.fromEntries(
          Object.entries((response.headers ?? {}) as Record<string, unknown>).map(([name, header]) => [
            name,
            resolveRef<JsonObject>(page, header),
          ]),
        );
        for (const media of Object.values((response.content ?? {}) as Record<string, JsonObject>))
          for (const [name, example] of Object.entries((media.examples ?? {}) as Record<string, JsonObject>))
            found.push({
              operationId: String(operation.operationId),
              path,
              status,
              name,
              value: resolveRef<JsonObject>(page, example).value as JsonObject,
              operation,
              headers,
            });
      }
    }
  }
  pageExamples.set(document, found);
  return found;
}

/** The schema a JSON pointer of a request body reaches, through objects, arrays, maps and a discriminated body's variants; undefined when it names no field. */
function fieldAt(document: JsonObject, schema: unknown, segments: string[]): JsonObject | undefined {
  const resolved = resolveRef<JsonObject>(document, schema);
  if (!resolved) return undefined;
  if (segments.length === 0) return resolved;
  const [segment, ...rest] = segments;
  for (const part of [...((resolved.allOf ?? []) as unknown[]), ...((resolved.oneOf ?? resolved.anyOf ?? []) as unknown[])]) {
    const found = fieldAt(document, part, segments);
    if (found) return found;
  }
  const properties = (resolved.properties ?? {}) as Record<string, unknown>;
  if (segment! in properties) return fieldAt(document, properties[segment!], rest);
  if (resolved.items && /^\d+$/.test(segment!)) return fieldAt(document, resolved.items, rest);
  if (resolved.additionalProperties && typeof resolved.additionalProperties === 'object')
    return fieldAt(document, resolved.additionalProperties, rest);
  return undefined;
}

const schemesOf = (document: JsonObject, operation: JsonObject): string[] => {
  const schemes = ((document.components as JsonObject).securitySchemes ?? {}) as Record<string, JsonObject>;
  return ((operation.security ?? document.security ?? []) as Record<string, unknown>[]).flatMap((requirement) =>
    Object.keys(requirement).map((name) => String(schemes[name]?.scheme ?? name).toLowerCase()),
  );
};

/** Every permission (V3) or scope (V1) the file defines. */
const grantsOf = (document: JsonObject): string[] =>
  Object.values(((document.components as JsonObject).securitySchemes ?? {}) as Record<string, JsonObject>).flatMap((scheme) =>
    Object.keys({...((scheme['x-tessera-permissions'] ?? {}) as JsonObject), ...((scheme['x-tessera-scopes'] ?? {}) as JsonObject)}),
  );

/** The problems of one example: what it names that its operation does not have. */
function pageExampleProblems(document: JsonObject, example: PageExample): string[] {
  const problems: string[] = [];
  const where = `${example.operationId} ${example.status} ${example.name}`;
  const {value, operation} = example;
  const detail = String(value.detail ?? '');
  if (!pathPattern(example.path).test(String(value.instance))) problems.push(`${where}: instance ${String(value.instance)}`);
  if (value.code === 'validation_failed') {
    const body = resolveRef<JsonObject>(document, operation.requestBody);
    const schema = ((body?.content ?? {}) as Record<string, JsonObject>)['application/json']?.schema;
    const issues = (value.errors ?? []) as JsonObject[];
    if (issues.length === 0) problems.push(`${where}: lists no field`);
    for (const issue of issues) {
      const pointer = String(issue.pointer);
      const segments = pointer.split('/').slice(1).map(unescapePointer);
      if (!schema || !pointer.startsWith('/') || !fieldAt(document, schema, segments))
        problems.push(`${where}: names ${pointer}, which is no field of the operation's request body`);
    }
  }
  if (example.status === '401') {
    const schemes = schemesOf(document, operation);
    const named = [
      // A key id (`key_test_…`) or key secret is what Basic authentication sends.
      /\bBasic\b|key secret|\bkey_(?:test|live)_/.test(detail) ? 'basic' : undefined,
      /\bbearer\b|access token|\btoken expired\b/i.test(detail) || ['secret_expired', 'token_expired'].includes(String(value.code))
        ? 'bearer'
        : undefined,
    ].filter((scheme): scheme is string => scheme !== undefined);
    if (named.length === 0) problems.push(`${where}: names no authentication scheme`);
    for (const scheme of named)
      if (!schemes.includes(scheme)) problems.push(`${where}: names ${scheme} authentication; the operation uses ${schemes.join(', ')}`);
    const challenge = String(example.headers['WWW-Authenticate']?.example ?? '');
    if (challenge && !schemes.includes(challenge.split(' ')[0]!.toLowerCase()))
      problems.push(`${where}: WWW-Authenticate ${challenge}; the operation uses ${schemes.join(', ')}`);
  }
  const needs = (operation['x-tessera-permission'] ?? operation['x-tessera-scope']) as string | undefined;
  for (const grant of grantsOf(document))
    if (new RegExp(`(?<![\\w:])${grant}(?![\\w:])`).test(detail) && grant !== needs && example.status === '403')
      problems.push(`${where}: names the ${grant} it may lack; the operation needs ${needs ?? 'none'}`);
  if (['permission_denied', 'insufficient_scope'].includes(String(value.code)) && !(needs && detail.includes(needs)))
    problems.push(`${where}: does not name ${needs ?? 'a permission'}, which the operation needs`);
  return problems;
}

for (const [file, document] of [
  [apiFiles.v3, v3],
  [apiFiles.v1, v1],
] as const) {
  test(`${file}: every page’s 400, 401 and 403 example names a field, scheme and permission its operation has`, () => {
    const examples = pageErrorExamples(document);
    assert.ok(examples.filter((example) => example.status === '400').length > 10, 'the 400 examples');
    assert.ok(examples.filter((example) => example.status === '403').length > 10, 'the 403 examples');
    assert.deepEqual(
      examples.flatMap((example) => pageExampleProblems(document, example)),
      [],
    );
  });
}

test('an example that names a field, scheme or permission its operation lacks is reported', () => {
  const [capture] = pageErrorExamples(v3).filter(
    (example) => example.operationId === 'captureAnOrder' && example.status === '403' && example.value.code === 'permission_denied',
  );
  const [secret] = pageErrorExamples(v3).filter((example) => example.operationId === 'generateASecret' && example.status === '401');
  const [refund] = pageErrorExamples(v3).filter(
    (example) => example.operationId === 'refundACapture' && example.value.code === 'validation_failed',
  );
  assert.ok(capture && secret && refund);
  const readOrder = (doc: JsonObject) => ((doc.paths as JsonObject)['/v3/orders/{orderId}'] as JsonObject).get as JsonObject;
  assert.match(pageExampleProblems(v3, {...capture, operation: readOrder(v3)}).join(), /names the orders:write/);
  assert.match(
    pageExampleProblems(v3, {...secret, value: {...secret.value, detail: 'Send the bearer secret.'}}).join(),
    /names bearer authentication/,
  );
  assert.match(
    pageExampleProblems(v3, {
      ...refund,
      value: {...refund.value, errors: [{pointer: '/cart/orderLines/0/vatRate', code: 'maximum', detail: '…'}]},
    }).join(),
    /no field of the operation's request body/,
  );
});
