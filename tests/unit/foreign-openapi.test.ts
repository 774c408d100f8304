/**
 * OpenAPI files from other providers (tests/fixtures/openapi/): no examples, other authentication
 * schemes, servers without descriptions, no error catalogue or callbacks. Each must give request
 * samples with the right credentials and a Postman collection that validates.
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, test} from 'node:test';
import {PostmanValidator} from '@har-sdk/validator';
import {parse} from 'yaml';
import {addedApi, openApiSpecs, urlSlug} from '../../config/openapi';
import {environmentIds} from '../../config/postman';
import {postmanDownloads, requestsOf} from '../../scripts/generate-postman-collections';
import {sampleRequest, type JsonObject, danglingRefs} from '../../src/lib/openapi';
import {identifierFor} from '../../src/lib/openapi/samples';
import {codeSamples, sampleLanguages, withCodeSamples} from '../../src/lib/sample-languages';
import {formFields} from '../../src/lib/sample-languages/language';
import {referenceSpecs} from '../../scripts/reference/write-reference-pages';
import {swapInStagedOutput} from '../../scripts/staged-output';

const fixture = (name: string) => `tests/fixtures/openapi/${name}.yaml`;
const siteDir = path.resolve(import.meta.dirname, '../..');
const load = (name: string) => parse(readFileSync(path.join(siteDir, fixture(name)), 'utf8')) as JsonObject;

/** The sources of an operation's samples, by language id. */
function samplesOf(name: string, apiPath: string, method: string): Record<string, string> {
  const document = load(name);
  const pathItem = (document.paths as Record<string, JsonObject>)[apiPath]!;
  return Object.fromEntries(codeSamples(sampleRequest(document, apiPath, pathItem, method)).map((sample) => [sample.lang, sample.source]));
}

test('OAuth 2 client credentials: every sample sends the access token as a bearer token', () => {
  const {curl, python, php, java, go, ruby, csharp, node} = samplesOf('oauth-client-credentials', '/reservations/{reservationCode}', 'get');
  assert.match(curl!, /-H "Authorization: Bearer \$PARCEL_LOCKERS_ACCESS_TOKEN"/);
  assert.match(python!, /"Authorization": f"Bearer \{os\.environ\['PARCEL_LOCKERS_ACCESS_TOKEN'\]\}"/);
  assert.match(java!, /\.header\("Authorization", "Bearer " \+ System\.getenv\("PARCEL_LOCKERS_ACCESS_TOKEN"\)\)/);
  assert.match(go!, /req\.Header\.Set\("Authorization", "Bearer "\+os\.Getenv\("PARCEL_LOCKERS_ACCESS_TOKEN"\)\)/);
  assert.match(ruby!, /request\["Authorization"\] = "Bearer #\{ENV\.fetch\("PARCEL_LOCKERS_ACCESS_TOKEN"\)\}"/);
  assert.match(php!, /'Authorization' => 'Bearer ' \. getenv\('PARCEL_LOCKERS_ACCESS_TOKEN'\)/);
  assert.match(csharp!, /new AuthenticationHeaderValue\("Bearer", Environment\.GetEnvironmentVariable\("PARCEL_LOCKERS_ACCESS_TOKEN"\)\)/);
  assert.match(node!, /Authorization: `Bearer \$\{process\.env\.PARCEL_LOCKERS_ACCESS_TOKEN\}`/);
});

test('a path parameter without an example takes one its schema implies, and a body without one is built from its schema', () => {
  const document = load('oauth-client-credentials');
  const apiPath = '/lockers/{lockerId}/reservations';
  const request = sampleRequest(document, apiPath, (document.paths as Record<string, JsonObject>)[apiPath]!, 'post');
  assert.equal(request.url, 'https://api.parcel-lockers.example/v2/lockers/3fa85f64-5717-4562-b3fc-2c963f66afa6/reservations');
  // The required properties, each a value of its type: the enum's first value, a date-time.
  assert.deepEqual(request.body, {size: 'small', until: '2026-01-15T09:30:00Z'});
  // A string with no example, pattern or limit: an identifier, not the parameter's own name.
  const {curl: readUrl} = samplesOf('oauth-client-credentials', '/reservations/{reservationCode}', 'get');
  assert.match(readUrl!, /\/reservations\/8f14e45fceea167a'/);
});

test('a path parameter without an example gets an identifier its schema’s pattern and length accept', () => {
  assert.equal(identifierFor({type: 'string'}), '8f14e45fceea167a');
  assert.equal(identifierFor({type: 'string', maxLength: 8}), '8f14e45f');
  assert.equal(identifierFor({type: 'string', minLength: 20}), '8f14e45fceea167a8f14');
  assert.equal(identifierFor({type: 'string', pattern: '^[A-Z0-9]{16}$'}), 'A1B2C3D4E5F6G7H8');
  assert.equal(identifierFor({type: 'string', pattern: '^\\d+$'}), '4815162342');
  assert.equal(identifierFor({type: 'string', pattern: '^[0-9a-f-]{36}$'}), '3fa85f64-5717-4562-b3fc-2c963f66afa6');
  // No shape fits: the sample keeps the parameter's name rather than send a value the API refuses.
  assert.equal(identifierFor({type: 'string', pattern: '^x$'}), undefined);
  // A pattern in another regex dialect constrains nothing.
  assert.equal(identifierFor({type: 'string', pattern: '(?<=a)b(?'}), '8f14e45fceea167a');
});

test('an API key in a header goes in that header; the test server is the one samples call; an open operation sends no credentials', () => {
  const {curl, python, php, java, go, ruby, csharp, node} = samplesOf('api-key-header', '/cards/{cardNumber}/balance', 'get');
  assert.match(python!, /"X-API-Key": os\.environ\["GIFT_CARD_API_KEY"\]/);
  assert.match(java!, /\.header\("X-API-Key", System\.getenv\("GIFT_CARD_API_KEY"\)\)/);
  assert.match(go!, /req\.Header\.Set\("X-API-Key", os\.Getenv\("GIFT_CARD_API_KEY"\)\)/);
  assert.match(ruby!, /request\["X-API-Key"\] = ENV\.fetch\("GIFT_CARD_API_KEY"\)/);
  assert.match(curl!, /^curl -X GET 'https:\/\/giftcards-test\.example\.com\/v5\/cards\/1\/balance'/);
  assert.match(curl!, /-H "X-API-Key: \$GIFT_CARD_API_KEY"/);
  assert.match(php!, /'X-API-Key' => getenv\('GIFT_CARD_API_KEY'\)/);
  assert.match(csharp!, /request\.Headers\.Add\("X-API-Key", Environment\.GetEnvironmentVariable\("GIFT_CARD_API_KEY"\)\)/);
  assert.match(node!, /'X-API-Key': process\.env\.GIFT_CARD_API_KEY/);
  for (const source of Object.values(samplesOf('api-key-header', '/status', 'get')))
    assert.doesNotMatch(source, /GIFT_CARD|Authorization|auth'/);
});

test('an API key in the query goes in the query string; an operation with its own bearer scheme uses that', () => {
  const {curl, python, php, java, go, ruby, csharp, node} = samplesOf('api-key-query', '/rates/{base}', 'get');
  assert.match(python!, /params=\{"api_key": os\.environ\["EXCHANGE_RATES_API_KEY"\]\}/);
  assert.match(
    java!,
    /"https:\/\/rates\.example\.net\/rates\/EUR\?api_key="\n\s+\+ URLEncoder\.encode\(System\.getenv\("EXCHANGE_RATES_API_KEY"\), StandardCharsets\.UTF_8\)/,
  );
  assert.match(go!, /query\.Set\("api_key", os\.Getenv\("EXCHANGE_RATES_API_KEY"\)\)/);
  assert.match(ruby!, /uri\.query = URI\.encode_www_form\("api_key" => ENV\.fetch\("EXCHANGE_RATES_API_KEY"\)\)/);
  assert.match(curl!, /'https:\/\/rates\.example\.net\/rates\/EUR'/);
  assert.match(curl!, /--url-query "api_key=\$EXCHANGE_RATES_API_KEY"/);
  assert.match(php!, /'query' => \['api_key' => getenv\('EXCHANGE_RATES_API_KEY'\)\]/);
  assert.match(csharp!, /\?api_key=\{Uri\.EscapeDataString\(Environment\.GetEnvironmentVariable\("EXCHANGE_RATES_API_KEY"\) \?\? ""\)\}"/);
  assert.match(node!, /\?api_key=\$\{encodeURIComponent\(process\.env\.EXCHANGE_RATES_API_KEY\)\}/);
  for (const source of [curl, python, php, java, go, ruby, csharp, node]) assert.doesNotMatch(source!, /Bearer/);
  const {curl: alertCurl} = samplesOf('api-key-query', '/alerts', 'post');
  assert.match(alertCurl!, /-H "Authorization: Bearer \$EXCHANGE_RATES_ACCESS_TOKEN"/);
  assert.doesNotMatch(alertCurl!, /api_key/);
});

test('every operation of every fixture gets a sample in every language with no unfilled path parameter', () => {
  for (const name of ['oauth-client-credentials', 'api-key-header', 'api-key-query', 'several-auth-schemes', 'form-encoded']) {
    const document = withCodeSamples(load(name));
    for (const [apiPath, item] of Object.entries(document.paths as Record<string, JsonObject>)) {
      for (const operation of Object.values(item) as JsonObject[]) {
        const samples = operation['x-codeSamples'] as {source: string}[];
        assert.equal(samples.length, sampleLanguages.length, `${name} ${apiPath}`);
        const unfilled = apiPath.match(/\{\w+\}/g) ?? [];
        for (const sample of samples) {
          for (const parameter of unfilled)
            assert.ok(!sample.source.includes(parameter), `${name} ${apiPath}: ${parameter} left in the URL`);
          assert.doesNotMatch(sample.source, /undefined|\[object Object\]/, `${name} ${apiPath}`);
        }
      }
    }
  }
});

test('of several allowed schemes, samples use the one a server integration uses: never a client key, a bearer token over basic auth', () => {
  const request = (apiPath: string) => {
    const document = load('several-auth-schemes');
    return sampleRequest(document, apiPath, (document.paths as Record<string, JsonObject>)[apiPath]!, 'get');
  };
  assert.deepEqual(request('/cards/{cardId}').auth, {type: 'apiKey', in: 'header', name: 'X-API-Key', key: 'CARD_ISSUING_API_KEY'});
  assert.deepEqual(request('/balance').auth, {type: 'bearer', token: 'CARD_ISSUING_ACCESS_TOKEN'});
  assert.deepEqual(request('/status').auth.type, 'apiKey');
  const {curl} = samplesOf('several-auth-schemes', '/cards/{cardId}', 'get');
  assert.doesNotMatch(curl!, /clientKey/);
  assert.match(curl!, /-H "X-API-Key: \$CARD_ISSUING_API_KEY"/);
});

test('a form-encoded body is sent form-encoded in every language, nested keys in brackets, never dropped', () => {
  const samples = samplesOf('form-encoded', '/v1/payment_intents', 'post');
  const pairs = [
    ['amount', '2000'],
    ['currency', 'eur'],
    ['description', 'Order #6735 & gift wrap'],
    ['metadata[order_id]', '6735'],
    ['payment_method_types[0]', 'card'],
  ];
  for (const [name, value] of pairs) {
    assert.ok(samples.curl!.includes(`--data-urlencode '${name}=${value}'`), `cURL sends ${name}`);
    assert.ok(samples.python!.includes(`"${name}": "${value}",`), `Python sends ${name}`);
    assert.ok(samples.node!.includes(`: '${value}',`) && samples.node!.includes(name), `Node.js sends ${name}`);
    assert.ok(samples.php!.includes(`'${name}' => '${value}',`), `PHP sends ${name}`);
    assert.ok(samples.java!.includes(`form.put("${name}", "${value}");`), `Java sends ${name}`);
    assert.ok(samples.go!.includes(`form.Set("${name}", "${value}")`), `Go sends ${name}`);
    assert.ok(samples.ruby!.includes(`"${value}",`) && samples.ruby!.includes(name), `Ruby sends ${name}`);
    assert.ok(samples.csharp!.includes(`["${name}"] = "${value}",`), `C# sends ${name}`);
  }
  // And no JSON body besides.
  const jsonBodies: Record<string, string> = {
    curl: '--data-raw',
    python: 'json=',
    node: 'JSON.stringify(',
    php: "'json' =>",
    java: '"""',
    go: 'strings.NewReader(`',
    ruby: 'JSON.generate(',
    csharp: 'StringContent(',
  };
  for (const [lang, marker] of Object.entries(jsonBodies)) assert.ok(!samples[lang]!.includes(marker), `${lang} sends JSON too`);
  assert.match(samples.python!, /data=\{/);
  assert.match(samples.node!, /body: new URLSearchParams\(\{/);
  assert.match(samples.php!, /'form_params' => \[/);
  assert.match(samples.ruby!, /request\.set_form_data\(/);
  assert.match(samples.csharp!, /new FormUrlEncodedContent\(/);
  assert.match(samples.go!, /"application\/x-www-form-urlencoded"/);
  assert.match(samples.java!, /"application\/x-www-form-urlencoded"/);
});

test('form fields flatten objects and arrays in bracket notation, every value as text', () => {
  assert.deepEqual(formFields({a: 1, b: {c: true, d: [null, {e: 'x'}]}, f: []}), [
    ['a', '1'],
    ['b[c]', 'true'],
    ['b[d][0]', ''],
    ['b[d][1][e]', 'x'],
  ]);
});

test('the Postman request of a form-encoded operation sends every field of the sample, nested ones included', async () => {
  const payments = await postmanDownloads(fixture('form-encoded'));
  const create = requestsOf(payments.collection.item).find((request) => request.url.path?.join('/') === 'v1/payment_intents');
  assert.equal(create?.body?.mode, 'urlencoded');
  assert.deepEqual(
    create?.body?.urlencoded?.map(({key, value}) => `${key}=${value}`),
    [
      'amount=2000',
      'currency=eur',
      'description=Order #6735 & gift wrap',
      'capture_method=manual',
      'metadata[order_id]=6735',
      'payment_method_types[0]=card',
    ],
  );
  assert.equal((payments.collection.auth as {type: string}).type, 'bearer');
});

test("Stripe's shapes: a currency and an amount without examples get plausible values, and an error object wrapped in `error` is printed whole", () => {
  const document = {
    openapi: '3.0.0',
    info: {title: 'Stripe API', version: '1'},
    servers: [{url: 'https://api.stripe.com/'}],
    paths: {
      '/v1/refunds': {
        post: {
          operationId: 'PostRefunds',
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  required: ['amount', 'currency', 'charge'],
                  properties: {amount: {type: 'integer'}, currency: {type: 'string'}, charge: {type: 'string', maxLength: 5000}},
                },
              },
            },
          },
          responses: {
            '200': {description: 'ok', content: {'application/json': {schema: {type: 'object', properties: {id: {type: 'string'}}}}}},
            default: {
              description: 'error',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['error'],
                    properties: {error: {type: 'object', properties: {code: {type: 'string'}, message: {type: 'string'}}}},
                  },
                },
              },
            },
          },
        },
      },
    },
  } as JsonObject;
  const request = sampleRequest(document, '/v1/refunds', (document.paths as Record<string, JsonObject>)['/v1/refunds']!, 'post');
  assert.deepEqual(request.body, {amount: 1000, currency: 'eur', charge: 'string'});
  assert.equal(request.errorFields, undefined, 'the wrapped error object is no code to print');
  const python = codeSamples(request).find((sample) => sample.lang === 'python')!.source;
  assert.match(python, /raise SystemExit\(f"\{response\.status_code\}: \{response\.text\}"\)/);
});

test('an unknown security scheme fails the samples with its name', () => {
  const document = load('api-key-header');
  document.security = [{missingScheme: []}];
  const apiPath = '/cards/{cardNumber}/balance';
  assert.throws(() => sampleRequest(document, apiPath, (document.paths as Record<string, JsonObject>)[apiPath]!, 'get'), /missingScheme/);
});

for (const name of ['oauth-client-credentials', 'api-key-header', 'api-key-query', 'several-auth-schemes', 'form-encoded']) {
  describe(`Postman collection of the ${name} fixture`, async () => {
    const downloads = await postmanDownloads(fixture(name));

    test("validates against Postman's collection v2.1 JSON Schema, one request per operation", async () => {
      const errors = await new PostmanValidator().verify(downloads.collection as never);
      assert.deepEqual(
        errors.map((error) => `${error.instancePath} ${error.message}`),
        [],
      );
      const operations = Object.values(load(name).paths as Record<string, JsonObject>).flatMap(Object.keys);
      assert.equal(requestsOf(downloads.collection.item).length, operations.length);
    });

    test('has an environment per server, named from its host, defining every variable the collection uses', () => {
      const servers = (load(name).servers as {url: string}[]).map((server) => server.url);
      assert.equal(downloads.environments.length, servers.length);
      const used = new Set([...JSON.stringify(downloads.collection).matchAll(/\{\{([A-Za-z]\w*)\}\}/g)].map((match) => match[1]!));
      for (const {id, environment} of downloads.environments) {
        assert.match(id, /^[a-z0-9-]+$/);
        const keys = environment.values.map((value) => value.key);
        for (const variable of used) assert.ok(keys.includes(variable), `${id} lacks ${variable}`);
      }
    });
  });
}

test('the Postman default auth follows the file: an API key for the gift card API, a bearer token for OAuth 2', async () => {
  const giftCards = await postmanDownloads(fixture('api-key-header'));
  assert.deepEqual(giftCards.collection.auth, {
    type: 'apikey',
    apikey: [
      {key: 'key', value: 'X-API-Key', type: 'string'},
      {key: 'value', value: '{{apiKey}}', type: 'string'},
      {key: 'in', value: 'header', type: 'string'},
    ],
  });
  assert.deepEqual(
    giftCards.environments.map(({id}) => id),
    ['giftcards-live', 'giftcards-test'],
  );
  const lockers = await postmanDownloads(fixture('oauth-client-credentials'));
  assert.equal((lockers.collection.auth as {type: string}).type, 'bearer');
  // Where an operation allows a client key first, Postman sends the server's key, as the samples do.
  const issuing = await postmanDownloads(fixture('several-auth-schemes'));
  const getCard = requestsOf(issuing.collection.item).find((request) => request.url.path?.join('/') === 'cards/:cardId');
  assert.ok(getCard, 'the collection has the Get a card request');
  assert.doesNotMatch(JSON.stringify(getCard), /clientKey/);
  assert.match(JSON.stringify(getCard.auth ?? issuing.collection.auth), /X-API-Key/);
});

test('servers that would share an environment name are numbered', () => {
  assert.deepEqual(environmentIds([{url: 'https://a.example'}, {url: 'https://a.example/v2'}, {url: 'https://b.example'}]), [
    'a-1',
    'a-2',
    'b',
  ]);
  assert.deepEqual(environmentIds([{url: 'https://x.example', description: 'Sandbox. Test keys.'}]), ['sandbox']);
});

test('only the files listed with referencePages get error, object and notification pages; an added API does not', () => {
  assert.deepEqual(
    referenceSpecs()
      .map((spec) => spec.sourcePath)
      .sort(),
    [openApiSpecs.tesseraV1.sourcePath, openApiSpecs.tesseraV3.sourcePath].sort(),
  );
  const added = addedApi('openapi/parcel-lockers.yaml');
  assert.equal(added.referencePages, undefined);
  assert.equal(added.outputDir, 'docs/api/parcel-lockers');
  assert.equal(added.version, openApiSpecs.tesseraV3.version);
});

test("an added API's URL segment is a lower-case slug of its file name, or the slug its entry gives", () => {
  assert.equal(addedApi('openapi/CheckoutService-v71.yaml').outputDir, 'docs/api/checkout-service-v71');
  assert.equal(addedApi('openapi/stripe.com.json').outputDir, 'docs/api/stripe-com');
  assert.equal(addedApi('openapi/stripe.com.json').specPath, '.generated/openapi/stripe-com.json');
  assert.equal(addedApi('openapi/stripe.com.json', {slug: 'stripe'}).outputDir, 'docs/api/stripe');
  assert.equal(addedApi('openapi/legacy.yaml', {version: '1.0.0'}).outputDir, 'versioned_docs/version-1.0.0/api/legacy');
  assert.throws(() => addedApi('openapi/x.yaml', {slug: 'Stripe API'}), /not a lower-case URL segment/);
  assert.equal(urlSlug('Adyen_Checkout  API.v71'), 'adyen-checkout-api-v71');
});

test('a staged output replaces the previous one whole, and an output no longer generated is removed', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'staged-output-'));
  const target = path.join(root, 'site');
  const staging = path.join(root, 'staging');
  mkdirSync(path.join(target, 'docs/api'), {recursive: true});
  writeFileSync(path.join(target, 'docs/api/old-page.mdx'), 'old');
  writeFileSync(path.join(target, 'docs/errors.mdx'), 'old errors');
  mkdirSync(path.join(staging, 'docs/api'), {recursive: true});
  writeFileSync(path.join(staging, 'docs/api/new-page.mdx'), 'new');
  swapInStagedOutput(target, staging, ['docs/api', 'docs/errors.mdx']);
  assert.equal(readFileSync(path.join(target, 'docs/api/new-page.mdx'), 'utf8'), 'new');
  assert.equal(existsSync(path.join(target, 'docs/api/old-page.mdx')), false);
  assert.equal(existsSync(path.join(target, 'docs/errors.mdx')), false);
  assert.equal(existsSync(staging), false);
});

test('a $ref to nothing is found, so gen-api can reject the file instead of rendering an empty schema', () => {
  assert.deepEqual(danglingRefs(load('broken-reference')), ['#/components/schemas/Missing']);
  for (const name of ['oauth-client-credentials', 'api-key-header', 'api-key-query']) assert.deepEqual(danglingRefs(load(name)), [], name);
  assert.deepEqual(danglingRefs(parse(readFileSync(path.join(siteDir, openApiSpecs.tesseraV3.sourcePath), 'utf8')) as JsonObject), []);
});

test('a GET never sends a body: the form fields it declares go in its query string, and an empty form goes nowhere', () => {
  const form = (schema: JsonObject) => ({required: false, content: {'application/x-www-form-urlencoded': {schema}}});
  const expand = {type: 'object', properties: {expand: {type: 'array', items: {type: 'string'}}}};
  const document: JsonObject = {
    openapi: '3.0.3',
    info: {title: 'Retrievals', version: '1'},
    servers: [{url: 'https://api.example.org'}],
    paths: {
      '/v1/account': {
        get: {operationId: 'GetAccount', requestBody: form({type: 'object', properties: {}}), responses: {'200': {description: 'ok'}}},
      },
      '/v1/balance': {
        get: {
          operationId: 'GetBalance',
          requestBody: {content: {'application/x-www-form-urlencoded': {schema: expand, example: {expand: ['instant_available']}}}},
          responses: {'200': {description: 'ok'}},
        },
      },
      '/v1/customers': {post: {operationId: 'PostCustomers', requestBody: form(expand), responses: {'200': {description: 'ok'}}}},
    },
  };
  const paths = document.paths as Record<string, JsonObject>;
  const empty = sampleRequest(document, '/v1/account', paths['/v1/account']!, 'get');
  assert.equal(empty.url, 'https://api.example.org/v1/account');
  assert.equal(empty.body, undefined);
  const withFields = sampleRequest(document, '/v1/balance', paths['/v1/balance']!, 'get');
  assert.equal(withFields.url, 'https://api.example.org/v1/balance?expand%5B0%5D=instant_available');
  assert.equal(withFields.body, undefined);
  for (const sample of codeSamples(withFields)) assert.match(sample.source, /expand%5B0%5D=instant_available/, sample.label);
  // A POST keeps its form body, fields or none.
  assert.equal(sampleRequest(document, '/v1/customers', paths['/v1/customers']!, 'post').bodyType, 'form');
});
