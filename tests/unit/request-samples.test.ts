/** The request samples written at build time into every operation page. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {loadApiDocument, apiFiles, codeSamples, curlSample, sampleRequest, withCodeSamples, type JsonObject} from '../../src/lib/openapi';

const v3 = loadApiDocument(apiFiles.v3) as JsonObject;
const paths = v3.paths as Record<string, JsonObject>;

test('a capture sample sends the documented example to the sandbox with a bearer secret and an idempotency key', () => {
  const request = sampleRequest(v3, '/v3/orders/{orderId}/captures', paths['/v3/orders/{orderId}/captures']!, 'post');
  assert.equal(request.method, 'POST');
  assert.equal(request.url, 'https://api.sandbox.tessera.example/v3/orders/7b2e9c40-5f13-4a8d-a6c1-0e94d3b85f27/captures');
  assert.deepEqual(request.auth, {type: 'bearer', token: 'TESSERA_SECRET'});
  assert.equal(request.idempotencyKey, true);
  const operation = paths['/v3/orders/{orderId}/captures']!.post as JsonObject;
  const examples = ((operation.requestBody as JsonObject).content as Record<string, JsonObject>)['application/json']!.examples as Record<
    string,
    JsonObject
  >;
  const firstExample = Object.values(examples)[0]!;
  const components = (v3.components as JsonObject).examples as Record<string, JsonObject>;
  const expected = firstExample.value ?? components[String(firstExample.$ref).split('/').pop()!]!.value;
  assert.deepEqual(request.body, expected);
});

test('the secret call authenticates with the API key in Basic auth and takes no idempotency key', () => {
  const request = sampleRequest(v3, '/v3/auth/secret', paths['/v3/auth/secret']!, 'post');
  assert.deepEqual(request.auth, {type: 'basic', username: 'TESSERA_KEY_ID', password: 'TESSERA_KEY_SECRET'});
  assert.equal(request.idempotencyKey, false);
  const [curl, php, csharp, node] = codeSamples(request).map((sample) => sample.source);
  assert.match(curl!, /-u "\$TESSERA_KEY_ID:\$TESSERA_KEY_SECRET"/);
  assert.match(php!, /'auth' => \[getenv\('TESSERA_KEY_ID'\), getenv\('TESSERA_KEY_SECRET'\)\]/);
  assert.match(csharp!, /new AuthenticationHeaderValue\("Basic", credentials\)/);
  assert.match(node!, /Authorization: 'Basic ' \+ Buffer\.from/);
});

test('curl quotes a body containing an apostrophe so the shell passes it unchanged', () => {
  const source = curlSample({
    method: 'POST',
    url: 'https://api.sandbox.tessera.example/v3/x',
    auth: {type: 'none'},
    idempotencyKey: false,
    body: {name: "Linnea's shop"},
  });
  assert.ok(source.includes(`"name": "Linnea'\\''s shop"`), source);
});

test('every operation of both files gets curl, PHP, C# and Node.js samples; webhooks get none', () => {
  for (const file of Object.values(apiFiles)) {
    const withSamples = withCodeSamples(loadApiDocument(file) as JsonObject);
    for (const [path, item] of Object.entries(withSamples.paths as Record<string, JsonObject>)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const samples = (operation as JsonObject)['x-codeSamples'] as {label: string; source: string}[];
        assert.deepEqual(
          samples.map((sample) => sample.label),
          ['cURL', 'PHP', 'C#', 'Node.js'],
          `${method} ${path}`,
        );
        for (const sample of samples) {
          // Path parameters are filled in with their examples; nothing is left unrendered.
          assert.doesNotMatch(sample.source, /api\.sandbox\.tessera\.example[^'"\s]*\{/, `${method} ${path} ${sample.label}`);
          assert.doesNotMatch(sample.source, /undefined|\[object Object\]/, `${method} ${path} ${sample.label}`);
        }
      }
    }
    for (const item of Object.values((withSamples.webhooks ?? {}) as Record<string, JsonObject>)) {
      for (const operation of Object.values(item)) assert.equal((operation as JsonObject)['x-codeSamples'], undefined);
    }
  }
});
