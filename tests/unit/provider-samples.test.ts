/**
 * The ways a provider's samples were refused by a mock of the provider's own file (Square's and
 * Plaid's), each reproduced with a small fixture: tests/fixtures/openapi/combined-requirement.yaml
 * (Plaid's shapes) or an inline document. tests/scale/added-api-samples.test.ts runs the samples
 * of the vendored files themselves against Prism.
 */
import assert from 'node:assert/strict';
import http, {type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {parse} from 'yaml';
import {postmanDownloads, requestsOf} from '../../scripts/generate-postman-collections';
import {sampleRequest, type JsonObject, type SampleRequest} from '../../src/lib/openapi';
import {codeSamples, sampleLanguage, sampleLanguages, withCodeSamples} from '../../src/lib/sample-languages';
import {monoCompatible} from '../../src/lib/sample-languages/csharp/mono-compatible';
import {runSample} from '../support/sample-runner';

const siteDir = path.resolve(import.meta.dirname, '../..');
const combinedFile = 'tests/fixtures/openapi/combined-requirement.yaml';
const combined = parse(readFileSync(path.join(siteDir, combinedFile), 'utf8')) as JsonObject;

const requestOf = (document: JsonObject, apiPath: string, method: string): SampleRequest =>
  sampleRequest(document, apiPath, (document.paths as Record<string, JsonObject>)[apiPath]!, method);

const sourcesOf = (request: SampleRequest) => Object.fromEntries(codeSamples(request).map((sample) => [sample.lang, sample.source]));

/** A small document of one POST operation whose JSON body has `schema` (and the example given). */
function bodyDocument(schema: JsonObject, media: JsonObject = {}): JsonObject {
  return {
    openapi: '3.0.3',
    info: {title: 'Orders API', version: '1'},
    servers: [{url: 'https://api.orders.example'}],
    paths: {
      '/orders': {
        post: {
          operationId: 'createOrder',
          requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/CreateOrderRequest'}, ...media}}},
          responses: {'200': {description: 'The order.'}},
        },
      },
    },
    components: {schemas: {CreateOrderRequest: schema}},
  };
}

test('an example that wraps a valid body in one key the schema does not declare is sent unwrapped (Square’s request_body)', () => {
  const body = {amount_money: {amount: 200, currency: 'USD'}, idempotency_key: 'k-1', source_id: 'cnon:card'};
  const schema = {
    type: 'object',
    required: ['source_id', 'idempotency_key', 'amount_money'],
    properties: {
      source_id: {type: 'string'},
      idempotency_key: {type: 'string'},
      amount_money: {type: 'object', properties: {amount: {type: 'integer'}, currency: {type: 'string'}}},
    },
    example: {request_body: body},
  };
  assert.deepEqual(requestOf(bodyDocument(schema), '/orders', 'post').body, body);
  // The same when the wrapper is the media type's example, and when nothing is required (an order
  // with no required field was accepted wrapped, and so sent nothing).
  assert.deepEqual(requestOf(bodyDocument({...schema, example: undefined}, {example: {request_body: body}}), '/orders', 'post').body, body);
  const optional = {...schema, required: undefined};
  assert.deepEqual(requestOf(bodyDocument(optional), '/orders', 'post').body, body);
  // An example that is a body already is sent as it is, an empty one too where nothing is required.
  assert.deepEqual(requestOf(bodyDocument({...schema, example: body}), '/orders', 'post').body, body);
  assert.deepEqual(requestOf(bodyDocument({...optional, example: {}}), '/orders', 'post').body, {});
});

test('an example its schema refuses, and that wraps nothing valid, is not sent: the body is built from the schema', () => {
  const schema = {
    type: 'object',
    required: ['quantity', 'sku'],
    properties: {quantity: {type: 'integer', minimum: 1}, sku: {type: 'string'}},
    example: {quantity: 'three'},
  };
  assert.deepEqual(requestOf(bodyDocument(schema), '/orders', 'post').body, {quantity: 1, sku: 'string'});
});

test('the page’s example, which the plugin builds from the schema, is the body the sample sends: unwrapped, or none when it is no body', () => {
  const body = {sku: 'TSHIRT-M', quantity: 2};
  const schema = {type: 'object', required: ['sku'], properties: {sku: {type: 'string'}, quantity: {type: 'integer'}}};
  const shown = (example: unknown) =>
    ((withCodeSamples(bodyDocument({...schema, example})).components as JsonObject).schemas as Record<string, JsonObject>)
      .CreateOrderRequest!.example;
  assert.deepEqual(shown({request_body: body}), body);
  assert.deepEqual(shown(body), body);
  assert.equal(shown({quantity: 'two'}), undefined);
});

test('a list answer is read as a list and a member that is an object is not printed as a field', () => {
  const document = bodyDocument({type: 'object'});
  const operation = ((document.paths as Record<string, JsonObject>)['/orders'] as JsonObject).post as JsonObject;
  operation.responses = {
    '200': {description: 'The orders.', content: {'application/json': {schema: {type: 'array', items: {type: 'object'}}}}},
  };
  assert.match(sampleLanguage('go').render(requestOf(document, '/orders', 'post')), /var body \[\]any\n/);
  operation.responses = {
    '200': {
      description: 'The item.',
      content: {'application/json': {schema: {type: 'object', properties: {id: {type: 'string'}, status: {type: 'object'}}}}},
    },
  };
  assert.deepEqual(requestOf(document, '/orders', 'post').success?.fields, ['id']);
});

test('required query parameters are in every sample, with values from format, name and enum; optional ones are not', () => {
  const request = requestOf(combined, '/institutions/{institution_id}/branches/{branch_id}', 'get');
  const url = new URL(request.url);
  assert.deepEqual([...url.searchParams.keys()], ['location_id', 'language', 'begin_time', 'contact']);
  assert.equal(url.searchParams.get('language'), 'en');
  assert.match(url.searchParams.get('begin_time')!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.match(url.searchParams.get('contact')!, /^[^@\s]+@[^@\s]+\.[a-z]+$/);
  assert.match(url.searchParams.get('location_id')!, /^[0-9a-f]{16}$/);
  assert.ok(!url.searchParams.has('cursor'), 'the optional cursor is left out');
  for (const [language, source] of Object.entries(sourcesOf(request))) {
    assert.ok(source.includes(url.search.slice(1)), `${language} sends the required query`);
  }
});

test('a required query parameter that is an object or a list is written in its style: deepObject brackets, form members, repeated names', () => {
  const document = bodyDocument({type: 'object'});
  const operation = ((document.paths as Record<string, JsonObject>)['/orders'] as JsonObject).post as JsonObject;
  const scope = {type: 'object', required: ['type'], properties: {type: {type: 'string', enum: ['account', 'user']}}};
  operation.parameters = [
    {name: 'scope', in: 'query', required: true, style: 'deepObject', explode: true, schema: scope},
    {name: 'filter', in: 'query', required: true, schema: scope},
    {name: 'ids', in: 'query', required: true, schema: {type: 'array', items: {type: 'string', enum: ['a1']}}},
  ];
  assert.deepEqual(
    [...new URL(requestOf(document, '/orders', 'post').url).searchParams],
    [
      ['scope[type]', 'account'],
      ['type', 'account'],
      ['ids', 'a1'],
    ],
  );
});

test('distinct path parameters without examples get distinct identifiers, and a query identifier differs from them', () => {
  const request = requestOf(combined, '/institutions/{institution_id}/branches/{branch_id}', 'get');
  const url = new URL(request.url);
  const [, , institution, , branch] = url.pathname.split('/');
  assert.match(institution!, /^[0-9a-f]{16}$/);
  assert.match(branch!, /^[0-9a-f]{16}$/);
  assert.notEqual(institution, branch);
  assert.notEqual(url.searchParams.get('location_id'), institution);
  assert.notEqual(url.searchParams.get('location_id'), branch);
});

test('every scheme of a combined security requirement is sent, each from an environment variable named after its scheme', () => {
  const request = requestOf(combined, '/accounts/get', 'post');
  const keys = [request.auth, ...(request.additionalKeys ?? [])];
  assert.deepEqual(keys, [
    {type: 'apiKey', in: 'header', name: 'LEDGER-CLIENT-ID', key: 'LEDGER_DATA_CLIENT_ID'},
    {type: 'apiKey', in: 'header', name: 'LEDGER-SECRET', key: 'LEDGER_DATA_SECRET'},
    {type: 'apiKey', in: 'header', name: 'Ledger-Version', key: 'LEDGER_DATA_VERSION'},
  ]);
  const sources = sourcesOf(request);
  const readers: Record<string, (variable: string) => string> = {
    curl: (variable) => `$${variable}`,
    python: (variable) => `os.environ["${variable}"]`,
    node: (variable) => `process.env.${variable}`,
    php: (variable) => `getenv('${variable}')`,
    java: (variable) => `System.getenv("${variable}")`,
    go: (variable) => `os.Getenv("${variable}")`,
    ruby: (variable) => `ENV.fetch("${variable}")`,
    csharp: (variable) => `Environment.GetEnvironmentVariable("${variable}")`,
  };
  assert.deepEqual(Object.keys(readers).sort(), sampleLanguages.map(({id}) => id).sort());
  for (const [language, source] of Object.entries(sources)) {
    for (const key of keys) {
      if (key.type !== 'apiKey') continue;
      assert.ok(source.includes(key.name), `${language} sends ${key.name}`);
      assert.ok(source.includes(readers[language]!(key.key)), `${language} reads ${key.key}`);
    }
  }
});

test('a body never carries a credential as a literal: optional members that repeat a key the headers send are left out', () => {
  const request = requestOf(combined, '/accounts/get', 'post');
  // Unwrapped from the example's request_body, without its client_id and secret.
  assert.deepEqual(request.body, {access_token: 'access-sandbox-de3ce8ef', account_ids: ['BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp']});
  for (const [language, source] of Object.entries(sourcesOf(request))) {
    assert.doesNotMatch(source, /secret-from-the-example|client-id-from-the-example/, language);
  }
});

test('a credential the body schema requires is read from the environment variable of its scheme in every language, never a literal', async () => {
  const request = requestOf(combined, '/application/get', 'post');
  assert.deepEqual(request.bodyKeys, [
    {member: 'client_id', key: 'LEDGER_DATA_CLIENT_ID'},
    {member: 'secret', key: 'LEDGER_DATA_SECRET'},
  ]);
  const reads: Record<string, (variable: string) => RegExp> = {
    curl: (variable) => new RegExp(`"'"\\$${variable}"'"`),
    python: (variable) => new RegExp(`: os\\.environ\\["${variable}"\\],`),
    node: (variable) => new RegExp(`: process\\.env\\.${variable},`),
    php: (variable) => new RegExp(`=> getenv\\('${variable}'\\),`),
    java: (variable) => new RegExp(`\\.formatted\\([^;]*System\\.getenv\\("${variable}"\\)`),
    go: (variable) => new RegExp(`fmt\\.Sprintf\\(\`[\\s\\S]*\`, [^\\n]*os\\.Getenv\\("${variable}"\\)`),
    ruby: (variable) => new RegExp(`: ENV\\.fetch\\("${variable}"\\),`),
    csharp: (variable) => new RegExp(`"\\{\\{Environment\\.GetEnvironmentVariable\\("${variable}"\\)\\}\\}"`),
  };
  assert.deepEqual(Object.keys(reads).sort(), sampleLanguages.map(({id}) => id).sort());
  for (const [language, source] of Object.entries(sourcesOf(request))) {
    for (const variable of ['LEDGER_DATA_CLIENT_ID', 'LEDGER_DATA_SECRET']) assert.match(source, reads[language]!(variable), language);
    // Neither a schema's placeholder nor the variable's name as text.
    assert.doesNotMatch(source, /(?:secret|client_id)["']?\s*(?::|=>)\s*["'](?:string|LEDGER_DATA_)/, language);
  }
  // The C# the tests compile with Mono reads them too.
  assert.match(
    monoCompatible(sourcesOf(request).csharp!),
    /""secret"": ""\{Environment\.GetEnvironmentVariable\("LEDGER_DATA_SECRET"\)\}""/,
  );
  // What the quick-starting languages send: the variables' values, each in its member.
  const environment = {LEDGER_DATA_CLIENT_ID: 'id-from-env', LEDGER_DATA_SECRET: 'secret-from-env', LEDGER_DATA_VERSION: '2024-01-01'};
  for (const language of ['curl', 'python', 'node', 'php', 'ruby']) {
    const run = await runSample(language, sampleLanguage(language).render(request), echoUrl, {
      baseUrl: 'https://sandbox.ledger-data.example',
      environment,
    });
    assert.equal(run.exitCode, 0, `${language}: ${run.stdout}${run.stderr}`);
    const sent = JSON.parse(lastEchoedBody) as Record<string, unknown>;
    assert.deepEqual([sent.client_id, sent.secret], ['id-from-env', 'secret-from-env'], language);
  }
  // Postman sends the environment's variables there.
  const downloads = await postmanDownloads(combinedFile);
  const application = requestsOf(downloads.collection.item).find((item) => item.url.path?.join('/') === 'application/get')!;
  const raw = JSON.parse(application.body!.raw!) as Record<string, unknown>;
  assert.deepEqual([raw.client_id, raw.secret], ['{{ledgerDataClientId}}', '{{ledgerDataSecret}}']);
});

let echo: Server;
let echoUrl: string;
/** The body of the last request the echo server got, which answers every request 200 with `{}`. */
let lastEchoedBody = '';

before(async () => {
  echo = http.createServer((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
    incoming.on('end', () => {
      lastEchoedBody = body;
      response.writeHead(200, {'Content-Type': 'application/json'}).end('{}');
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
});

after(() => echo.close());

test('the Postman request of a combined requirement sends every key, and the sample’s path and required query values', async () => {
  const downloads = await postmanDownloads(combinedFile);
  const [accounts, branch] = ['accounts/get', 'institutions/:institution_id/branches/:branch_id'].map((wanted) =>
    requestsOf(downloads.collection.item).find((request) => request.url.path?.join('/') === wanted)!,
  );
  assert.deepEqual(downloads.collection.auth, {
    type: 'apikey',
    apikey: [
      {key: 'key', value: 'LEDGER-CLIENT-ID', type: 'string'},
      {key: 'value', value: '{{ledgerDataClientId}}', type: 'string'},
      {key: 'in', value: 'header', type: 'string'},
    ],
  });
  for (const request of [accounts!, branch!]) {
    assert.deepEqual(
      request.header?.filter((header) => header.key.startsWith('LEDGER') || header.key.startsWith('Ledger')),
      [
        {key: 'LEDGER-SECRET', value: '{{ledgerDataSecret}}'},
        {key: 'Ledger-Version', value: '{{ledgerDataVersion}}'},
      ],
    );
  }
  assert.deepEqual(JSON.parse(accounts!.body!.raw!), requestOf(combined, '/accounts/get', 'post').body);
  const sample = new URL(requestOf(combined, '/institutions/{institution_id}/branches/{branch_id}', 'get').url);
  const query = Object.fromEntries((branch!.url.query ?? []).map((parameter) => [parameter.key, parameter]));
  for (const [key, value] of sample.searchParams) assert.deepEqual([query[key]?.value, query[key]?.disabled], [value, false], key);
  assert.equal(query.cursor?.disabled, true, 'the optional cursor is listed, off');
  const variables = Object.fromEntries((branch!.url.variable ?? []).map((variable) => [variable.key, variable.value]));
  assert.deepEqual(variables, {institution_id: sample.pathname.split('/')[2], branch_id: sample.pathname.split('/')[4]});
  const environment = downloads.environments[0]!.environment.values.map((value) => value.key);
  for (const variable of ['ledgerDataClientId', 'ledgerDataSecret', 'ledgerDataVersion'])
    assert.ok(environment.includes(variable), variable);
});

test('a typed error prints its code and its message, each once; a body with a code alone prints the code once', () => {
  const request = requestOf(combined, '/accounts/get', 'post');
  assert.deepEqual(request.errorFields, {code: 'error_code', message: 'error_message', requestId: 'request_id'});
  const python = sampleLanguage('python').render(request);
  assert.match(python, /\{error\['error_code'\]\}: \{error\['error_message'\]\} \(request \{error\['request_id'\]\}\)/);
  const codeOnly = {...request, errorFields: {code: 'error_code', requestId: 'request_id'}};
  // cURL prints the body as it comes (--fail-with-body).
  for (const language of sampleLanguages.filter(({id}) => id !== 'curl')) {
    const source = language.render(codeOnly);
    // The line that prints the error (PHP's isset and the other languages' checks only look the code up).
    const printed = source.split('\n').filter((line) => !/isset\(|hasNonNull|key\?\(|== nil|== null/.test(line));
    assert.equal(printed.join('\n').split('error_code').length - 1, 1, `${language.label} prints error_code once`);
  }
});

/**
 * What each language's source must show: the status checked before the success body is parsed,
 * and a parse of the error body that falls back to the raw text.
 */
const statusBeforeParse: Record<string, {status: RegExp; parse: RegExp; fallback: RegExp}> = {
  python: {status: /if not response\.ok:/, parse: /= response\.json\(\)\nprint/, fallback: /except \(ValueError, KeyError, TypeError\):/},
  node: {status: /if \(!response\.ok\)/, parse: /= await response\.json\(\);/, fallback: /\} catch \{/},
  php: {status: />= 400\) \{/, parse: /^\$\w+ = json_decode/m, fallback: /if \(!is_array\(\$error\) \|\| !isset\(/},
  java: {status: /statusCode\(\) >= 400/, parse: /^ {8}JsonNode \w+ = new ObjectMapper/m, fallback: /catch \(JsonProcessingException/},
  go: {
    status: /res\.StatusCode >= 400/,
    parse: /json\.Unmarshal\(responseBody, &\w+Response\)|json\.Unmarshal\(responseBody, &body\)/,
    fallback: /json\.Unmarshal\(responseBody, &problem\); err != nil/,
  },
  ruby: {status: /unless response\.is_a\?\(Net::HTTPSuccess\)/, parse: /^\w+ = JSON\.parse/m, fallback: /rescue nil/},
  csharp: {
    status: /if \(!response\.IsSuccessStatusCode\)/,
    parse: /^using var json = JsonDocument\.Parse/m,
    fallback: /when \(notTheErrorBody is JsonException/,
  },
};

test('every language checks the status before it parses the body, and Go reads the body once', () => {
  const request = requestOf(combined, '/accounts/get', 'post');
  for (const [language, {status, parse: parsed, fallback}] of Object.entries(statusBeforeParse)) {
    const source = sampleLanguage(language).render(request);
    const statusAt = source.search(status);
    const parseAt = source.search(parsed);
    assert.ok(statusAt >= 0 && parseAt >= 0, `${language}: both the status check and the parse are found`);
    assert.ok(statusAt < parseAt, `${language} checks the status before it parses the body`);
    assert.match(source, fallback, `${language} falls back to the raw text of an error that is not JSON`);
  }
  const go = sampleLanguage('go').render(request);
  assert.equal(go.split('res.Body').length - 1, 2, 'Go reads res.Body once (and closes it)');
  assert.doesNotMatch(go, /json\.NewDecoder\(res\.Body\)/);
});

let gateway: Server;
let gatewayUrl: string;

/** What the gateway in front of the API answers: a plain-text 502, or a JSON 500 that is not the API's error body. */
const gatewayAnswers = {
  text: {status: 502, type: 'text/plain', body: 'upstream unavailable'},
  foreignJson: {status: 500, type: 'application/json', body: '{"detail":"upstream unavailable"}'},
};
let gatewayAnswer: keyof typeof gatewayAnswers = 'text';

before(async () => {
  gateway = http.createServer((_, response) => {
    const {status, type, body} = gatewayAnswers[gatewayAnswer];
    response.writeHead(status, {'Content-Type': type}).end(body);
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

after(() => gateway.close());

test('on a plain-text 502, or a JSON error that is not the API’s, the quick-starting languages print the status and the body and exit 1', async () => {
  const request = requestOf(combined, '/accounts/get', 'post');
  const environment = {LEDGER_DATA_CLIENT_ID: 'id', LEDGER_DATA_SECRET: 'secret', LEDGER_DATA_VERSION: '2024-01-01'};
  // Java, Go and C# compile first (seconds each): the scale tests run them; their sources are checked above.
  for (const answer of ['text', 'foreignJson'] as const) {
    gatewayAnswer = answer;
    const {status, body} = gatewayAnswers[answer];
    for (const language of ['python', 'node', 'php', 'ruby']) {
      const run = await runSample(language, sampleLanguage(language).render(request), gatewayUrl, {
        baseUrl: 'https://sandbox.ledger-data.example',
        environment,
      });
      const output = `${run.stdout}${run.stderr}`;
      assert.equal(run.exitCode, 1, `${language}: ${output}`);
      assert.ok(
        output.includes(`${status}`) && output.includes(answer === 'text' ? body : 'upstream unavailable'),
        `${language}: ${output}`,
      );
      assert.doesNotMatch(output, /Traceback|SyntaxError|ParserError|Warning|KeyError/, language);
    }
  }
});
