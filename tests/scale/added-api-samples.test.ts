/**
 * Another provider's OpenAPI file gets samples that work against that API: each foreign fixture
 * (tests/fixtures/openapi/, Adyen's Checkout API among them) is served by a Prism mock of itself,
 * which validates every request against the file (body, parameters, credentials) and answers
 * from it, and a few of its operations' samples are run in every language with the language's
 * own toolchain, as tests/e2e/samples.spec.ts runs Tessera's. A sample that drops a form body,
 * fills a path parameter with its own name or sends no credentials is refused by the mock.
 * Stripe's file is among them: 452 operations, expandable objects, form-encoded bodies.
 */
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {parse} from 'yaml';
import {httpMethods} from '../../src/lib/http-methods';
import {keepSchemaCyclesAsReferences, sampleBaseUrl, sampleRequest, type JsonObject, type SampleAuth} from '../../src/lib/openapi';
import {codeSamples} from '../../src/lib/sample-languages';
import {assertToolchainsInstalled} from '../../src/lib/sample-languages/toolchains';
import {firstLine, limitConcurrency, mockCommand, runProblem, runSample} from '../support/sample-runner';

const siteDir = path.resolve(import.meta.dirname, '../..');

/** Each fixture, and how many of its operations run (those with a body first): a few per file is enough. */
const files = [
  'tests/fixtures/openapi/form-encoded.yaml',
  'tests/fixtures/openapi/several-auth-schemes.yaml',
  'tests/fixtures/openapi/oauth-client-credentials.yaml',
  'tests/fixtures/openapi/api-key-header.yaml',
  'tests/fixtures/openapi/api-key-query.yaml',
  'tests/fixtures/openapi/vendor/adyen/adyen-checkout-v71.json',
  'tests/fixtures/openapi/vendor/stripe/stripe.com.json',
];
const operationsPerFile = 2;

/** The environment variables a sample's credentials come from, with test values. */
function credentials(auth: SampleAuth): Record<string, string> {
  if (auth.type === 'basic') return {[auth.username]: 'test-user', [auth.password]: 'test-password'};
  if (auth.type === 'bearer') return {[auth.token]: 'test-token'};
  if (auth.type === 'apiKey') return {[auth.key]: 'test-key'};
  return {};
}

type Mock = {file: string; port: number; stop: () => void; ready: Promise<void>};

const preparedCopies = mkdtempSync(path.join(os.tmpdir(), 'tessera-mocked-openapi-'));

/**
 * The file a mock serves: the file itself, or, when its schemas hold one another, the copy with
 * the cycles kept as references that gen-api gives the OpenAPI plugin (src/lib/openapi/schema-cycles.ts).
 * Prism also dereferences every `$ref`, and on Stripe's file as published it had not started
 * after two minutes; on the copy it starts in seconds. A request is still checked against its
 * operation's own schema; only an object of a cycle held inside it is the short named one.
 */
function mockedFile(file: string, document: JsonObject): string {
  const prepared = keepSchemaCyclesAsReferences(document, (operationId) => `/${operationId}`);
  // A document without cycles comes back as it is.
  if (prepared === document) return file;
  const copy = path.join(preparedCopies, `${path.basename(file)}.json`);
  writeFileSync(copy, JSON.stringify(prepared));
  return copy;
}

/** Each file parsed once: its mock and its samples read the same document (Stripe's is 2.5 MB). */
const documents = new Map(files.map((file) => [file, parse(readFileSync(path.join(siteDir, file), 'utf8')) as JsonObject]));

/** A Prism mock of `file` on `port`, ready once it says it listens. */
function startMock(file: string, port: number): Mock {
  const [command, ...args] = mockCommand(mockedFile(file, documents.get(file)!), port).split(' ');
  const child = spawn(command!, args, {cwd: siteDir, stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Prism is listening/.test(output)) resolve();
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', listen);
    child.on('exit', () => reject(new Error(`the mock of ${file} exited:\n${output.slice(-2000)}`)));
  });
  return {file, port, stop: () => child.kill('SIGKILL'), ready};
}

const mocks: Mock[] = [];

before(() => {
  assertToolchainsInstalled();
  files.forEach((file, index) => mocks.push(startMock(file, 19_700 + index)));
});

after(() => {
  mocks.forEach((mock) => mock.stop());
  rmSync(preparedCopies, {recursive: true, force: true});
});

/** The operations whose samples run: those that send a body first, then the others, in file order. */
function chosenOperations(document: JsonObject): {apiPath: string; method: string}[] {
  const operations = Object.entries(document.paths as Record<string, JsonObject>).flatMap(([apiPath, item]) =>
    httpMethods
      .filter((method) => item[method])
      .map((method) => ({apiPath, method, hasBody: Boolean((item[method] as JsonObject).requestBody)})),
  );
  return [...operations.filter((operation) => operation.hasBody), ...operations.filter((operation) => !operation.hasBody)].slice(
    0,
    operationsPerFile,
  );
}

for (const [index, file] of files.entries()) {
  test(
    `${file}: samples of ${operationsPerFile} operations run in every language against a mock of the file`,
    {timeout: 300_000},
    async () => {
      const mock = mocks[index]!;
      await mock.ready;
      const document = documents.get(file)!;
      const baseUrl = sampleBaseUrl(document);
      const runLimited = limitConcurrency(2);
      const runs: Promise<string | undefined>[] = [];
      for (const {apiPath, method} of chosenOperations(document)) {
        const request = sampleRequest(document, apiPath, (document.paths as Record<string, JsonObject>)[apiPath]!, method);
        for (const sample of codeSamples(request)) {
          runs.push(
            runLimited(async () => {
              const run = await runSample(sample.lang, sample.source, `http://127.0.0.1:${mock.port}`, {
                baseUrl,
                environment: credentials(request.auth),
              });
              const problem = runProblem(run);
              return problem && `${method.toUpperCase()} ${apiPath} in ${sample.label} (${firstLine(sample.source)}): ${problem}`;
            }),
          );
        }
      }
      assert.deepEqual((await Promise.all(runs)).filter(Boolean), []);
    },
  );
}
