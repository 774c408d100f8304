/** What every page of the API reference must carry, checked on the OpenAPI files. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {jsonMediaType, loadApiDocument, apiFiles, operationsById, resolveRef, type JsonObject} from '../../src/lib/openapi';
import {v1ApiOverviewPages, v1ApiPages, v3ApiOverviewPages, v3ApiPages} from '../spec-routes';
import {v1TestHelperPages, v1TestHelperTagPage, v3ReadOperationPages, v3TestHelperPages, v3TestHelperTagPage} from '../routes-beyond-spec';

// The plugin names pages with lodash's kebabCase; using the same function keeps the routes exact.
const kebabCase = createRequire(import.meta.url)('lodash/kebabCase') as (text: string) => string;

/**
 * POSTs that neither create a resource nor move money, so they take no Idempotency-Key; the
 * sandbox's test helpers play the shopper or the clock, whose actions are not retried.
 */
const postsWithoutIdempotencyKey: Record<string, string[]> = {
  v3: [
    'generateASecret',
    'deactivateToken',
    'completeSession',
    'declineSession',
    'cancelSession',
    'approveSignup',
    'rejectSignup',
    'advanceSandboxClock',
  ],
  v1: [
    'getAuthToken',
    'getAuthTokenForSession',
    'getSignupSessionAuth',
    'sendValidateResponse',
    'signupWebhookRequest',
    'payCheckoutSession',
    'submitSignup',
    'advanceSandboxClock',
  ],
};
const webhooks = new Set(['signupWebhookRequest']);

const versions = {
  v3: {
    file: apiFiles.v3,
    pages: [...v3ApiPages, ...v3ReadOperationPages, ...v3TestHelperPages, v3TestHelperTagPage],
    overviewPages: [...v3ApiOverviewPages, v3TestHelperTagPage],
  },
  v1: {
    file: apiFiles.v1,
    pages: [...v1ApiPages, ...v1TestHelperPages, v1TestHelperTagPage],
    overviewPages: [...v1ApiOverviewPages, v1TestHelperTagPage],
  },
};

for (const [version, {file, pages, overviewPages}] of Object.entries(versions)) {
  const document = loadApiDocument(file);
  const operations = operationsById(document);

  test(`${file}: operation, tag and info pages get exactly the spec's routes, the read operations and the sandbox's test helpers beyond them`, () => {
    const info = document.info as JsonObject;
    assert.equal(kebabCase(String(info.title)), 'tessera-api');
    const tagPages = (document.tags as JsonObject[]).map((tag) => kebabCase(String(tag.name)));
    assert.deepEqual([...tagPages].sort(), overviewPages.filter((page) => page !== 'tessera-api').sort());
    const operationPages = [...operations.keys()].map(kebabCase);
    assert.deepEqual(operationPages.sort(), pages.filter((page) => !overviewPages.includes(page)).sort());
  });

  test(`${file}: production and sandbox servers, Basic and bearer security`, () => {
    const servers = (document.servers as JsonObject[]).map((server) => String(server.url));
    assert.deepEqual(servers, ['https://api.tessera.example', 'https://api.sandbox.tessera.example']);
    const schemes = (document.components?.securitySchemes ?? {}) as Record<string, JsonObject>;
    assert.equal(schemes.basicAuth?.scheme, 'basic');
    assert.equal(schemes.bearerAuth?.scheme, 'bearer');
  });

  for (const [operationId, {method, operation}] of operations) {
    test(`${file} ${operationId}: documented, secured, with errors, examples and headers`, () => {
      assert.ok(String(operation.summary ?? '').length > 3, 'summary');
      assert.ok(String(operation.description ?? '').length > 80, 'a description of when to call it');
      assert.equal((operation.tags as string[]).length, 1, 'one tag');
      if (!webhooks.has(operationId)) assert.ok((operation.security as unknown[]).length > 0, 'security');

      const parameters = ((operation.parameters as unknown[]) ?? []).map((parameter) => resolveRef(document, parameter));
      for (const parameter of parameters) {
        assert.ok(String(parameter.description ?? '').length > 10, `parameter ${String(parameter.name)} is described`);
      }
      const hasIdempotencyKey = parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
      if (method === 'post') {
        assert.equal(hasIdempotencyKey, !postsWithoutIdempotencyKey[version]!.includes(operationId), 'Idempotency-Key');
      }
      // Reads change nothing, so repeating one is always safe.
      if (method === 'get') assert.equal(hasIdempotencyKey, false, 'a read takes no Idempotency-Key');

      const responses = Object.entries(operation.responses as JsonObject);
      assert.ok(
        responses.some(([status]) => /^2/.test(status)),
        'a success response',
      );
      assert.ok(
        responses.some(([status]) => /^4/.test(status)),
        'an error response',
      );
      for (const [status, reference] of responses) {
        const response = resolveRef(document, reference);
        const media = jsonMediaType(response.content as JsonObject | undefined);
        if (media) {
          const [, mediaObject] = media;
          assert.ok(mediaObject.examples || mediaObject.example, `${status} has an example`);
          if (/^[45]/.test(status)) assert.equal(media[0], 'application/problem+json', `${status} is problem+json`);
        }
        if (!webhooks.has(operationId)) {
          const headers = (response.headers ?? {}) as JsonObject;
          assert.ok('Tessera-Request-Id' in headers, `${status} carries Tessera-Request-Id`);
        }
      }
    });
  }
}

test('both API versions name the same support contact', () => {
  const [v1, v3] = [apiFiles.v1, apiFiles.v3].map((file) => (loadApiDocument(file).info as {contact?: unknown}).contact);
  assert.ok(v3, 'the V3 file names no contact');
  assert.deepEqual(v1, v3);
});
