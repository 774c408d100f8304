import assert from 'node:assert/strict';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, test, type TestContext} from 'node:test';
import {codeSamples} from '../../src/lib/sample-languages';
import {triedKeyComment} from '../../src/lib/sample-languages/language';
import {apiOfRoute, consoleApis} from '../../src/lib/try-it/apis';
import {consoleDir, consoleFilesManifest, contentHashedName, readConsoleFiles} from '../../src/lib/try-it/console-files';
import {bodyFields, fieldValue, withField} from '../../src/lib/try-it/body-fields';
import {tryItWorker, type ApiModule} from '../../src/lib/try-it/console-worker';
import {consoleOperations, pathValues} from '../../src/lib/try-it/operations';
import {operationFileName} from '../../src/lib/try-it/operation-files';
import {writeConsoleModule} from '../../scripts/sandbox/build-console';
import {
  bearerOf,
  editedSample,
  kindOfParameter,
  objectsOf,
  placeholderBearer,
  remember,
  startRequest,
  stepRequest,
  uuidFrom,
  type Visit,
} from '../../src/lib/try-it/request';
import {RequestValidator} from '../../src/lib/sandbox/validation';
import type {JsonObject} from '../../src/lib/openapi/refs';
import {loadApiDocuments} from '../support/sandbox';

const {v3} = loadApiDocuments();
const operations = consoleOperations(v3);
const operation = (id: string) => operations.find((candidate) => candidate.operationId === id)!;

describe('the console request', () => {
  test('a path parameter names the kind of object it takes', () => {
    assert.equal(kindOfParameter('sessionId', '/v3/sessions/{sessionId}'), 'session');
    assert.equal(kindOfParameter('hostedPageId', '/v3/hosted-pages/{hostedPageId}'), 'hostedPage');
    assert.equal(kindOfParameter('id', '/v3/orders/{id}/captures'), 'order');
    assert.equal(kindOfParameter('owner', '/repos/{owner}/{repo}'), undefined);
  });

  test("an answer's objects: its own id, its …Id members and the ids in its arrays", () => {
    const found = objectsOf({template: '/v3/sessions/{sessionId}', operationId: 'readSession'}, '/v3/sessions/s-1', {
      id: 's-1',
      status: 'completed',
      orderId: 'o-1',
      captures: [{id: 'c-1', status: 'captured'}],
    });
    assert.deepEqual(
      found.map(({kind, id, status}) => [kind, id, status]),
      [
        ['session', 's-1', 'completed'],
        ['order', 'o-1', undefined],
        ['capture', 'c-1', 'captured'],
      ],
    );
    assert.deepEqual(
      objectsOf({template: '/v3/orders/{orderId}/captures', operationId: 'captureAnOrder'}, '/v3/orders/o-1/captures', {id: 'c-2'}).map(
        (object) => object.kind,
      ),
      ['capture'],
    );
    assert.deepEqual(
      objectsOf({template: '/v3/hosted-pages', operationId: 'createAHostedPaymentPage'}, '/v3/hosted-pages', {id: 'h-1'}).map(
        (object) => object.kind,
      ),
      ['hostedPage'],
    );
  });

  test('the request starts from the example, with the visit’s latest object of each kind and its secret', () => {
    const visit: Visit = {objects: []};
    remember(visit, [
      {kind: 'session', id: 'first', operationId: 'createSession'},
      {kind: 'session', id: 'second', operationId: 'createSession'},
    ]);
    remember(visit, [{kind: 'session', id: 'first', status: 'completed', operationId: 'readSession'}]);
    assert.deepEqual(
      visit.objects.map((object) => object.id),
      ['second', 'first'],
    );
    const read = startRequest(operation('readSession'), visit, {idempotencyKey: 'k'});
    assert.equal(read.path, '/v3/sessions/first');
    assert.equal(read.headers.Authorization, `Bearer ${placeholderBearer}`);
    visit.bearer = 'tsec_test_x';
    const create = startRequest(operation('createSession'), visit, {idempotencyKey: 'key-1', example: 2});
    assert.equal(create.headers.Authorization, 'Bearer tsec_test_x');
    assert.equal(create.headers['Idempotency-Key'], 'key-1');
    assert.equal(create.headers['Content-Type'], 'application/json');
    assert.equal((JSON.parse(create.body) as {type: string}).type, 'signup');
    const secret = startRequest(operation('generateASecret'), visit, {idempotencyKey: 'k'});
    assert.match(secret.headers.Authorization!, /^Basic /);
    assert.equal(bearerOf(operation('generateASecret'), 201, {secret: 'tsec_test_y'}), 'tsec_test_y');
    assert.equal(bearerOf(operation('readSession'), 200, {secret: 'no'}), undefined);
  });

  test("the samples' request follows the edit, and keeps the last body that parsed", () => {
    const create = operation('createSession');
    const request = startRequest(create, {objects: []}, {idempotencyKey: 'k'});
    const edited = editedSample(create, {...request, body: '{"type": "payment", "country": "NO"}'}, undefined);
    assert.equal(edited.url, 'https://api.sandbox.tessera.example/v3/sessions');
    assert.deepEqual(edited.body, {type: 'payment', country: 'NO'});
    assert.deepEqual(editedSample(create, {...request, body: '{"type": '}, {kept: true}).body, {kept: true});
    const read = operation('readSession');
    assert.equal(
      editedSample(read, {...startRequest(read, {objects: []}, {idempotencyKey: 'k'}), path: '/v3/sessions/abc'}, undefined).url,
      'https://api.sandbox.tessera.example/v3/sessions/abc',
    );
  });

  test("a guide's step takes the visit's ids for the guide's own, and its JSON", () => {
    const capture = operation('captureAnOrder');
    const written = {
      title: 'POST /v3/orders/7b2e9c41-0d3f-4a8e-9b6c-2f1e0a7d5c38/captures',
      body: {amount: {amount: 100, currency: 'SEK'}},
    };
    const before = stepRequest(capture, {objects: []}, {...written, idempotencyKey: 'k'});
    assert.equal(before.path, '/v3/orders/7b2e9c41-0d3f-4a8e-9b6c-2f1e0a7d5c38/captures');
    assert.deepEqual(JSON.parse(before.body), written.body);
    assert.equal(before.headers['Content-Type'], 'application/json');
    const after = stepRequest(
      capture,
      {objects: [{kind: 'order', id: 'mine', operationId: 'readSession'}]},
      {...written, idempotencyKey: 'k'},
    );
    assert.equal(after.path, '/v3/orders/mine/captures');
    const read = stepRequest(operation('readSession'), {objects: []}, {title: 'GET /v3/sessions/{sessionId}', idempotencyKey: 'k'});
    assert.equal(read.path, startRequest(operation('readSession'), {objects: []}, {idempotencyKey: 'k'}).path);
    assert.equal(read.body, '');
  });

  test("the samples make a fresh Idempotency-Key for the console's own, and send the reader's own key as written", () => {
    const capture = operation('captureAnOrder');
    const request = startRequest(capture, {objects: []}, {idempotencyKey: 'made-by-the-console'});
    const fresh = editedSample(capture, request, undefined, 'made-by-the-console');
    assert.equal(fresh.idempotencyKey, true);
    assert.equal(fresh.triedIdempotencyKey, undefined);
    const typed = {...request, headers: {...request.headers, 'Idempotency-Key': 'my-replay-key_1'}};
    const tried = editedSample(capture, typed, undefined, 'made-by-the-console');
    assert.equal(tried.triedIdempotencyKey, 'my-replay-key_1');
    for (const sample of codeSamples(tried)) {
      assert.ok(sample.source.includes('my-replay-key_1'), `${sample.lang} sends the tried key`);
      assert.ok(sample.source.includes(triedKeyComment), `${sample.lang} says what the key is`);
      assert.doesNotMatch(
        sample.source,
        /uuidgen|uuid4|randomUUID|random_bytes|newKey|SecureRandom|NewGuid/,
        `${sample.lang} makes no key`,
      );
    }
    // A key no string literal holds as written (the file's pattern refuses it) leaves the samples making their own.
    const quoted = {...request, headers: {...request.headers, 'Idempotency-Key': 'a"b'}};
    assert.equal(editedSample(capture, quoted, undefined, 'made-by-the-console').triedIdempotencyKey, undefined);
    const withoutKey = {...request, headers: {Authorization: request.headers.Authorization!}};
    assert.equal(editedSample(capture, withoutKey, undefined).idempotencyKey, false);
  });

  test('the body as fields: every value named by where it sits, and the body with one changed', () => {
    const body = {amount: {amount: 100, currency: 'SEK'}, lines: [{name: 'Tee', gift: false}], note: null, 'a/b': 'x'};
    assert.deepEqual(
      bodyFields(body).map(({label, pointer, kind, text}) => [label, pointer, kind, text]),
      [
        ['amount.amount', '/amount/amount', 'number', '100'],
        ['amount.currency', '/amount/currency', 'string', 'SEK'],
        ['lines[0].name', '/lines/0/name', 'string', 'Tee'],
        ['lines[0].gift', '/lines/0/gift', 'boolean', 'false'],
        ['note', '/note', 'null', 'null'],
        ['a/b', '/a~1b', 'string', 'x'],
      ],
    );
    assert.deepEqual(withField(body, '/lines/0/gift', fieldValue('boolean', 'true')), {...body, lines: [{name: 'Tee', gift: true}]});
    assert.deepEqual(withField(body, '/a~1b', 'y'), {...body, 'a/b': 'y'});
    assert.equal(body.lines[0]!.gift, false, 'the body itself is left as it was');
    // A number mistyped stays text (the schema check names it), and is a number again once it is one.
    assert.equal(fieldValue('number', '12a'), '12a');
    assert.equal(fieldValue('number', '12'), 12);
    assert.equal(fieldValue('number', ''), '');
    assert.equal(fieldValue('null', 'null'), null);
    assert.deepEqual(bodyFields('text'), []);
    assert.throws(() => withField(body, '/note/deeper', 1), /no field at \/note\/deeper/);
  });

  test('a fresh key is a version 4 UUID', () => {
    assert.match(uuidFrom(new Uint8Array(16).fill(255)), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test('path values are read back from a filled path', () => {
    assert.deepEqual(pathValues('/v3/orders/{orderId}/captures/{captureId}', '/v3/orders/o%201/captures/c'), {
      orderId: 'o 1',
      captureId: 'c',
    });
  });

  test('each page finds its API by the longest route prefix', () => {
    const apis = [
      {id: 'a', routePrefix: '/docs/3.0.0/api/', module: 'a.mjs', simulator: 'tessera-v3' as const, perOperation: false},
      {id: 'b', routePrefix: '/docs/3.0.0/api/stripe/', module: 'b', simulator: 'stateless' as const, perOperation: true},
    ];
    assert.equal(apiOfRoute(apis, '/docs/3.0.0/api/stripe/get-customers')?.id, 'b');
    assert.equal(apiOfRoute(apis, '/docs/3.0.0/api/create-session')?.id, 'a');
    assert.equal(apiOfRoute(apis, '/docs/3.0.0/guides/x'), undefined);
  });
});

describe(
  'the console worker over the built modules (npm run gen-sandbox)',
  {skip: !existsSync(consoleFilesManifest) && 'run npm run gen-sandbox'},
  () => {
    const worker = (imported: string[] = []) =>
      tryItWorker(consoleApis(readConsoleFiles().modules), (entry) => {
        imported.push(entry.module.replace(/\.[0-9a-f]{16}\.mjs$/, ''));
        return import(pathToFileURL(path.join(consoleDir, entry.module)).href) as Promise<ApiModule>;
      });

    test('a session created on its page is read, completed and captured on theirs, with the ids filled in', async (context) => {
      // The browser's CSP forbids eval: every validator the flow needs must come compiled from the build.
      const prototype = RequestValidator.prototype as unknown as object;
      const compiling = Object.getOwnPropertyDescriptor(prototype, 'ajv')!;
      Object.defineProperty(prototype, 'ajv', {
        configurable: true,
        get() {
          throw new Error('a validator was compiled at run time');
        },
      });
      context.after(() => {
        Object.defineProperty(prototype, 'ajv', compiling);
      });
      const imported: string[] = [];
      const console = worker(imported);
      const create = (await console.prepare('/docs/3.0.0/api/create-session', 'post', '/v3/sessions'))!;
      assert.equal(create.stateful, true);
      assert.match(create.request.headers.Authorization!, /^Bearer tsec_test_/);
      const created = await console.send(create.api, create.operationId, create.request);
      assert.equal(created.status, 201);
      const sessionId = (JSON.parse(created.body) as {id: string}).id;
      const complete = (await console.prepare(
        '/docs/3.0.0/api/complete-session',
        'post',
        '/v3/test-helpers/sessions/{sessionId}/complete',
      ))!;
      assert.equal(complete.request.path, `/v3/test-helpers/sessions/${sessionId}/complete`);
      const completed = await console.send(complete.api, complete.operationId, complete.request);
      assert.equal(completed.status, 200);
      assert.deepEqual(
        completed.notifications.map((notification) => notification.type),
        ['session.awaiting_decision'],
      );
      assert.match(completed.notifications[0]!.signature, /^t=\d+,v1=[0-9a-f]{64}$/);
      const decide = (await console.prepare('/docs/3.0.0/api/make-decision', 'post', '/v3/sessions/{sessionId}/decision'))!;
      assert.equal(decide.request.path, `/v3/sessions/${sessionId}/decision`);
      assert.equal((await console.send(decide.api, decide.operationId, decide.request)).status, 200);
      const read = (await console.prepare('/docs/3.0.0/api/read-session', 'get', '/v3/sessions/{sessionId}'))!;
      const session = JSON.parse((await console.send(read.api, read.operationId, read.request)).body) as {orderId: string};
      const capture = (await console.prepare('/docs/3.0.0/api/capture-an-order', 'post', '/v3/orders/{orderId}/captures'))!;
      assert.equal(capture.request.path, `/v3/orders/${session.orderId}/captures`);
      const captured = await console.send(capture.api, capture.operationId, capture.request);
      assert.equal(captured.status, 201);
      const replayed = await console.send(capture.api, capture.operationId, capture.request);
      assert.equal(replayed.headers['Tessera-Idempotent-Replayed'], 'true');
      assert.deepEqual((await console.objects('tesseraV3')).map((object) => object.kind).sort(), ['capture', 'order', 'session']);
      assert.deepEqual(imported, ['api-tessera-v3'], "V3's pages load V3's module alone");
      // V1 joins the same sandbox when first asked, its validators compiled at build time too.
      const v1 = (await console.prepare('/docs/1.0.0/api/create-session', 'post', '/v1/checkout/sessions'))!;
      const v1Created = await console.send(v1.api, v1.operationId, v1.request);
      assert.equal(v1Created.status, 201);
      assert.deepEqual(imported, ['api-tessera-v3', 'api-tessera-v1']);
      await console.reset();
      assert.deepEqual(await console.objects('tesseraV3'), []);
    });

    test('each file is named by its content, the worker names the modules as built, and nothing else is there', () => {
      const files = readConsoleFiles();
      const names = [...Object.values(files.modules), files.worker];
      assert.deepEqual(readdirSync(consoleDir).sort(), [...names].sort());
      for (const name of names) {
        const base = name.replace(/\.[0-9a-f]{16}\.mjs$/, '');
        assert.notEqual(base, name, `${name} carries a hash`);
        assert.equal(contentHashedName(base, readFileSync(path.join(consoleDir, name))), name);
      }
      const worker = readFileSync(path.join(consoleDir, files.worker), 'utf8');
      for (const name of Object.values(files.modules)) assert.ok(worker.includes(JSON.stringify(name)), `the worker imports ${name}`);
      assert.deepEqual(
        Object.keys(files.modules).sort(),
        consoleApis()
          .map((api) => api.id)
          .sort(),
      );
    });

    test('the schema check names the field and the rule; a decision on a created session is a 409', async () => {
      const console = worker();
      const create = (await console.prepare('/docs/3.0.0/api/create-session', 'post', '/v3/sessions'))!;
      const body = JSON.parse(create.request.body) as Record<string, unknown>;
      const issues = await console.check(create.api, create.operationId, {
        ...create.request,
        body: JSON.stringify({...body, country: 'Sweden'}),
      });
      assert.ok(
        issues.some((issue) => issue.pointer === '/country' && issue.code === 'pattern'),
        JSON.stringify(issues),
      );
      assert.deepEqual(await console.check(create.api, create.operationId, create.request), []);
      await console.send(create.api, create.operationId, create.request);
      const decide = (await console.prepare('/docs/3.0.0/api/make-decision', 'post', '/v3/sessions/{sessionId}/decision'))!;
      const refused = await console.send(decide.api, decide.operationId, decide.request);
      assert.equal(refused.status, 409);
      assert.equal((JSON.parse(refused.body) as {code: string}).code, 'session_not_awaiting_decision');
    });

    test('the samples render the edited request in every language', async () => {
      const console = worker();
      const read = (await console.prepare('/docs/3.0.0/api/read-session', 'get', '/v3/sessions/{sessionId}'))!;
      const samples = await console.samples(read.api, read.operationId, {...read.request, path: '/v3/sessions/edited-id'});
      assert.equal(samples.length, 8);
      for (const sample of samples) assert.ok(sample.source.includes('/v3/sessions/edited-id'), sample.lang);
    });
  },
);

describe('the console over an added API', () => {
  const cardSchema = {type: 'object', required: ['amount'], properties: {amount: {type: 'integer', minimum: 1}}};
  const document: JsonObject = {
    openapi: '3.1.0',
    info: {title: 'Gift Card API', version: '5'},
    servers: [{url: 'https://giftcards-test.example.com/v5'}],
    paths: {
      '/cards': {
        post: {
          operationId: 'issueCard',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: cardSchema,
                examples: {small: {value: {amount: 10}}, large: {summary: 'A large card', value: {amount: 500}}},
              },
            },
          },
          responses: {'201': {description: 'Issued.', content: {'application/json': {example: {number: '6006', amount: 10}}}}},
        },
      },
    },
  };
  /** The document with its one operation changed (its body, its answers), beside `extra` top-level fields. */
  const issueCardWith = (changes: JsonObject, extra: JsonObject = {}): JsonObject => ({
    ...document,
    ...extra,
    paths: {'/cards': {post: {...(document.paths as {'/cards': {post: JsonObject}})['/cards'].post, ...changes}}},
  });
  const issuedExample = (schema?: JsonObject) => ({
    '201': {description: 'Issued.', content: {'application/json': {...(schema ? {schema} : {}), example: {number: '6006'}}}},
  });
  const apis = [
    {
      id: 'giftCards',
      routePrefix: '/docs/3.0.0/api/gift-cards/',
      module: 'api-gift-cards',
      simulator: 'stateless' as const,
      perOperation: true,
    },
  ];

  /** The worker over the modules writeConsoleModule builds: one per operation, in the API's folder. */
  async function builtConsole(context: TestContext, source: JsonObject) {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'console-modules-'));
    context.after(() => rmSync(outDir, {recursive: true, force: true}));
    const folder = await writeConsoleModule(outDir, apis[0]!, source, 'gift-cards.yaml');
    const imported: string[] = [];
    const worker = tryItWorker([{...apis[0]!, module: folder}], (entry, operationFile) => {
      imported.push(operationFile ?? entry.module);
      return import(pathToFileURL(path.join(outDir, entry.module, operationFile ?? '')).href) as Promise<ApiModule>;
    });
    return {worker, imported, folder, files: readdirSync(path.join(outDir, folder))};
  }

  test('is checked against its schemas and answered with its documented example, without state', async (context) => {
    const {worker: console, imported, folder, files} = await builtConsole(context, document);
    assert.match(folder, /^api-gift-cards\.[0-9a-f]{16}$/);
    assert.ok(files.includes(operationFileName('post', '/cards')), files.join(', '));
    const issue = (await console.prepare('/docs/3.0.0/api/gift-cards/issue-card', 'post', '/cards'))!;
    assert.deepEqual(imported, [operationFileName('post', '/cards')], "the page's operation's module alone");
    assert.equal(issue.stateful, false);
    assert.deepEqual(
      issue.examples.map((example) => example.summary ?? example.name),
      ['small', 'A large card'],
    );
    assert.deepEqual(JSON.parse(issue.request.body), {amount: 10});
    const refused = await console.send(issue.api, issue.operationId, {...issue.request, body: '{"amount": 0}'});
    assert.equal(refused.status, 400);
    assert.match(refused.body, /"pointer":"\/amount","code":"minimum"/);
    const answered = await console.send(issue.api, issue.operationId, issue.request);
    assert.equal(answered.status, 201);
    assert.deepEqual(JSON.parse(answered.body), {number: '6006', amount: 10});
    assert.equal(await console.prepare('/docs/3.0.0/api/create-session', 'post', '/v3/sessions'), undefined);
    assert.equal(await console.prepare('/docs/3.0.0/api/gift-cards/nothing', 'get', '/nothing'), undefined, 'no module, no console');
  });

  test("a form body (Stripe's) is edited as JSON, checked against the form's schema, and the samples send it form-encoded", async (context) => {
    const form = issueCardWith({
      requestBody: {required: true, content: {'application/x-www-form-urlencoded': {schema: cardSchema, example: {amount: 10}}}},
      responses: issuedExample(),
    });
    const {worker: console} = await builtConsole(context, form);
    const issue = (await console.prepare('/docs/3.0.0/api/gift-cards/issue-card', 'post', '/cards'))!;
    assert.equal(issue.bodyType, 'form');
    assert.equal(issue.request.headers['Content-Type'], 'application/x-www-form-urlencoded');
    assert.deepEqual(JSON.parse(issue.request.body), {amount: 10});
    const issues = await console.check(issue.api, issue.operationId, {...issue.request, body: '{"amount": 0}'});
    assert.deepEqual(
      issues.map((found) => `${found.pointer} ${found.code}`),
      ['/amount minimum'],
    );
    const samples = await console.samples(issue.api, issue.operationId, {...issue.request, body: '{"amount": 25}'});
    const curl = samples.find((sample) => sample.lang === 'curl')!;
    assert.match(curl.source, /amount=25/);
    assert.doesNotMatch(curl.source, /"amount"/);
    assert.equal((await console.send(issue.api, issue.operationId, issue.request)).status, 201);
  });

  test("an OpenAPI 3.0 file: nullable without a type, a request body kept in components, a response's schema left out", async (context) => {
    const legacy = issueCardWith(
      {requestBody: {$ref: '#/components/requestBodies/Card'}, responses: issuedExample({$ref: '#/components/schemas/Card'})},
      {
        openapi: '3.0.3',
        components: {
          requestBodies: {
            Card: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['amount'],
                    properties: {
                      amount: {type: 'integer', minimum: 0, exclusiveMinimum: true},
                      note: {nullable: true, allOf: [{$ref: '#/components/schemas/Note'}]},
                    },
                  },
                  example: {amount: 10, note: null},
                },
              },
            },
          },
          schemas: {Note: {type: 'string', maxLength: 20}, Card: {type: 'object', properties: {number: {type: 'string'}}}},
        },
      },
    );
    const {worker: console} = await builtConsole(context, legacy);
    const issue = (await console.prepare('/docs/3.0.0/api/gift-cards/issue-card', 'post', '/cards'))!;
    assert.deepEqual(await console.check(issue.api, issue.operationId, {...issue.request, body: '{"amount": 10, "note": null}'}), []);
    const issues = await console.check(issue.api, issue.operationId, {
      ...issue.request,
      body: '{"amount": 0, "note": "a note longer than twenty"}',
    });
    assert.deepEqual(issues.map((found) => `${found.pointer} ${found.code}`).sort(), ['/amount minimum', '/note max_length']);
    const answered = await console.send(issue.api, issue.operationId, issue.request);
    assert.deepEqual([answered.status, JSON.parse(answered.body)], [201, {number: '6006'}]);
  });
});
