/** The request samples written at build time into every operation page, one per sample language. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {loadApiDocument, apiFiles, sampleRequest, type JsonObject, type SampleRequest} from '../../src/lib/openapi';
import {sampleLanguage, sampleLanguages, withCodeSamples} from '../../src/lib/sample-languages';
import {monoCompatible} from '../../src/lib/sample-languages/csharp/mono-compatible';
import {assertToolchainsInstalled, missingPackages} from '../../src/lib/sample-languages/toolchains';
import {openApiThemeConfig} from '../../config/openapi';
import {highlightedLanguages} from '../../config/site-constants';

const v3 = loadApiDocument(apiFiles.v3) as JsonObject;
const paths = v3.paths as Record<string, JsonObject>;
const sourceOf = (request: SampleRequest, id: string) => sampleLanguage(id).render(request);

/** The languages a reader can choose, in tab order: what the issue of breadth asked for. */
const expectedLanguages = ['cURL', 'Python', 'Node.js', 'PHP', 'Java', 'Go', 'Ruby', 'C#'];

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

test('a sample reads the answer: the 2xx body by its schema name with its id and status, the problem details of an error', () => {
  const request = sampleRequest(v3, '/v3/orders/{orderId}/captures', paths['/v3/orders/{orderId}/captures']!, 'post');
  assert.deepEqual(request.success, {status: 201, hasBody: true, name: 'capture', fields: ['id', 'orderStatus']});
  assert.deepEqual(request.errorFields, {code: 'code', message: 'title', requestId: 'requestId'});
  assert.match(sourceOf(request, 'python'), /capture = response\.json\(\)\nprint\(capture\["id"\], capture\["orderStatus"\]\)$/);
  assert.match(
    sourceOf(request, 'python'),
    /problem = f"\{error\['code'\]\}: \{error\['title'\]\} \(request \{error\['requestId'\]\}\)"\n(?:.*\n){3}\s+raise SystemExit\(f"\{response\.status_code\} \{problem\}"\)/,
  );
  assert.match(sourceOf(request, 'java'), /JsonNode capture = new ObjectMapper\(\)\.readTree\(response\.body\(\)\);/);
  assert.match(
    sourceOf(request, 'go'),
    /log\.Fatalf\("%d %v: %v \(request %v\)", res\.StatusCode, problem\["code"\], problem\["title"\], problem\["requestId"\]\)/,
  );
  assert.match(
    sourceOf(request, 'ruby'),
    /abort "#\{response\.code\} #\{error\["code"\]\}: #\{error\["title"\]\} \(request #\{error\["requestId"\]\}\)"/,
  );
  assert.match(
    sourceOf(request, 'csharp'),
    /Console\.WriteLine\(\$"\{capture\.GetProperty\("id"\)\} \{capture\.GetProperty\("orderStatus"\)\}"\);/,
  );
  assert.match(sourceOf(request, 'node'), /console\.log\(capture\.id, capture\.orderStatus\);/);
  assert.match(sourceOf(request, 'php'), /echo \$capture\['id'\], ' ', \$capture\['orderStatus'\], PHP_EOL;/);
  assert.match(sourceOf(request, 'curl'), /--fail-with-body/);
  // Every language says what the idempotency key is for.
  for (const language of sampleLanguages.filter(({id}) => id !== 'curl')) {
    assert.match(language.render(request), /send the same key again to retry it safely/, language.label);
  }
});

test('the secret call authenticates with the API key in Basic auth and takes no idempotency key', () => {
  const request = sampleRequest(v3, '/v3/auth/secret', paths['/v3/auth/secret']!, 'post');
  assert.deepEqual(request.auth, {type: 'basic', username: 'TESSERA_KEY_ID', password: 'TESSERA_KEY_SECRET'});
  assert.equal(request.idempotencyKey, false);
  assert.match(sourceOf(request, 'curl'), /-u "\$TESSERA_KEY_ID:\$TESSERA_KEY_SECRET"/);
  assert.match(sourceOf(request, 'python'), /auth=\(os\.environ\["TESSERA_KEY_ID"\], os\.environ\["TESSERA_KEY_SECRET"\]\),/);
  assert.match(sourceOf(request, 'php'), /'auth' => \[getenv\('TESSERA_KEY_ID'\), getenv\('TESSERA_KEY_SECRET'\)\]/);
  assert.match(sourceOf(request, 'java'), /\(System\.getenv\("TESSERA_KEY_ID"\) \+ ":" \+ System\.getenv\("TESSERA_KEY_SECRET"\)\)/);
  assert.match(sourceOf(request, 'go'), /req\.SetBasicAuth\(os\.Getenv\("TESSERA_KEY_ID"\), os\.Getenv\("TESSERA_KEY_SECRET"\)\)/);
  assert.match(sourceOf(request, 'ruby'), /request\.basic_auth\(ENV\.fetch\("TESSERA_KEY_ID"\), ENV\.fetch\("TESSERA_KEY_SECRET"\)\)/);
  assert.match(sourceOf(request, 'csharp'), /new AuthenticationHeaderValue\("Basic", credentials\)/);
  assert.match(sourceOf(request, 'node'), /Authorization: 'Basic ' \+ Buffer\.from/);
  for (const language of sampleLanguages) assert.doesNotMatch(language.render(request), /Idempotency-Key/, language.label);
});

test('each language quotes a body with an apostrophe, a backslash, a quote and a hash so it is sent unchanged', () => {
  const request: SampleRequest = {
    method: 'POST',
    url: 'https://api.sandbox.tessera.example/v3/x',
    auth: {type: 'none'},
    idempotencyKey: false,
    body: {name: 'Linnea\'s "shop" #{1} C:\\x'},
  };
  assert.ok(sourceOf(request, 'curl').includes(`"name": "Linnea'\\''s \\"shop\\" #{1} C:\\\\x"`));
  assert.ok(sourceOf(request, 'php').includes(`'name' => 'Linnea\\'s "shop" #{1} C:\\\\x',`));
  assert.ok(sourceOf(request, 'python').includes(`"name": "Linnea's \\"shop\\" #{1} C:\\\\x",`));
  // Ruby would interpolate #{…} in a double-quoted string.
  assert.ok(sourceOf(request, 'ruby').includes(`name: "Linnea's \\"shop\\" \\#{1} C:\\\\x",`));
  // A Java text block processes escapes: the JSON's backslashes are doubled.
  assert.ok(sourceOf(request, 'java').includes(`"name": "Linnea's \\\\"shop\\\\" #{1} C:\\\\\\\\x"`));
  assert.ok(sourceOf(request, 'go').includes('`{\n  "name": "Linnea\'s \\"shop\\" #{1} C:\\\\x"\n}`'));
});

test('the C# sample is a .NET 8 program; the Mono rewrite changes only the forms Mono lacks', () => {
  const request = sampleRequest(v3, '/v3/sessions/{sessionId}', paths['/v3/sessions/{sessionId}']!, 'patch');
  const source = sourceOf(request, 'csharp');
  assert.match(source, /^using var client = new HttpClient\(\);$/m);
  assert.match(source, /new StringContent\("""\n {4}\{/);
  const mono = monoCompatible(source);
  assert.match(mono, /^using System;$/m);
  assert.match(mono, /static async Task<int> Run\(\)/);
  assert.match(mono, /^ {8}var client = new HttpClient\(\);$/m);
  assert.match(mono, /new HttpMethod\("PATCH"\)/);
  assert.doesNotMatch(mono, /"""|using var|HttpMethod\.Patch/);
  // The body is the same text: a verbatim string with its quotes doubled.
  const verbatim = /new StringContent\(@"([\s\S]*?)", Encoding/.exec(mono)![1]!.replaceAll('""', '"');
  assert.deepEqual(JSON.parse(verbatim), request.body);
  // Every other line of the program is in the rewrite, unchanged.
  const rewritten = (line: string) => /"""|using var|HttpMethod\.Patch|^using |^\/\//.test(line.trim()) || line.trim() === '';
  for (const line of source.split('\n').filter((line) => !rewritten(line) && !line.startsWith('    '))) {
    assert.ok(mono.includes(line), `"${line}" is not in the rewrite`);
  }
});

test("the Mono rewrite of a guide's program: its types stay types, and C# 8's declarations and annotations go", () => {
  const program = [
    'using System.Net;',
    'using Microsoft.Data.Sqlite;',
    '',
    'string? name = Environment.GetEnvironmentVariable("NAME");',
    'HttpResponseMessage? response = null;',
    'using var listener = new HttpListener();',
    'using JsonDocument document = JsonDocument.Parse("{}");',
    'int? count = 1;',
    '',
    'static class Handler',
    '{',
    '    public static int Answer(Dictionary<string, string?> entry) => 200;',
    '}',
  ].join('\n');
  const mono = monoCompatible(program);
  assert.match(mono, /^using Mono\.Data\.Sqlite;$/m);
  assert.doesNotMatch(mono, /Microsoft\.Data\.Sqlite/);
  assert.match(mono, /^ {8}string name = /m);
  assert.match(mono, /^ {8}HttpResponseMessage response = null;$/m);
  assert.match(mono, /^ {8}var listener = new HttpListener\(\);$/m);
  assert.match(mono, /^ {8}JsonDocument document = JsonDocument\.Parse/m);
  // A nullable value type is no annotation: it stays.
  assert.match(mono, /^ {8}int\? count = 1;$/m);
  // The type follows the class that holds the statements, at the top level, rewritten too.
  assert.match(mono, /\n}\n\nstatic class Handler\n\{\n {4}public static int Answer\(Dictionary<string, string> entry\)/);
  assert.ok(mono.indexOf('static class Handler') > mono.indexOf('static void Main()'));
});

test('every operation of both files gets a sample in every language; webhooks get none', () => {
  for (const file of Object.values(apiFiles)) {
    const withSamples = withCodeSamples(loadApiDocument(file) as JsonObject);
    for (const [apiPath, item] of Object.entries(withSamples.paths as Record<string, JsonObject>)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const samples = (operation as JsonObject)['x-codeSamples'] as {label: string; source: string}[];
        assert.deepEqual(
          samples.map((sample) => sample.label),
          expectedLanguages,
          `${method} ${apiPath}`,
        );
        for (const sample of samples) {
          // Path parameters are filled in with their examples; nothing is left unrendered.
          assert.doesNotMatch(sample.source, /api\.sandbox\.tessera\.example[^'"\s]*\{/, `${method} ${apiPath} ${sample.label}`);
          assert.doesNotMatch(sample.source, /undefined|\[object Object\]/, `${method} ${apiPath} ${sample.label}`);
        }
      }
    }
    for (const item of Object.values((withSamples.webhooks ?? {}) as Record<string, JsonObject>)) {
      for (const operation of Object.values(item)) assert.equal((operation as JsonObject)['x-codeSamples'], undefined);
    }
  }
});

test('each sample language has a folder of its own, is highlighted, and is a tab of the theme explorer', () => {
  const folder = path.resolve(import.meta.dirname, '../../src/lib/sample-languages');
  const folders = readdirSync(folder, {withFileTypes: true}).filter((entry) => entry.isDirectory());
  assert.deepEqual(folders.map((entry) => entry.name).sort(), sampleLanguages.map((language) => language.id).sort());
  assert.equal(new Set(sampleLanguages.map((language) => language.id)).size, sampleLanguages.length);
  for (const language of sampleLanguages) {
    assert.ok(
      (highlightedLanguages as readonly string[]).includes(language.highlight),
      `${language.label}: ${language.highlight} is not highlighted`,
    );
    assert.ok(
      openApiThemeConfig.languageTabs.some((tab) => tab.highlight === language.highlight),
      `${language.label} is not in the theme's languageTabs`,
    );
  }
});

test('a missing toolchain is reported with its Debian packages, each package once', () => {
  const [curl, python, node, php] = sampleLanguages;
  const states = [
    {language: curl!, installed: false},
    {language: python!, installed: true},
    {language: node!, installed: true},
    {language: php!, installed: false},
    {language: sampleLanguage('curl'), installed: false},
  ];
  assert.deepEqual(missingPackages(states), ['curl', 'uuid-runtime', 'php-cli', 'php-guzzlehttp-guzzle', 'php-sqlite3', 'libfaketime']);
  assert.throws(() => assertToolchainsInstalled(states), /need cURL, PHP, cURL: sudo apt-get install curl uuid-runtime php-cli/);
  assert.doesNotThrow(() => assertToolchainsInstalled(states.filter((state) => state.installed)));
});
