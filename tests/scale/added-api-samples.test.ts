/**
 * Another provider's OpenAPI file gets samples that work against that API: each foreign fixture
 * (tests/fixtures/openapi/, and every provider's file vendored under its vendor/ folder: Adyen,
 * Stripe, and whichever are added) is served by a Prism mock of itself, which validates every
 * request against the file (body, parameters, credentials) and answers from it, and a few of its
 * operations' samples are run in every language with the language's own toolchain, as
 * tests/e2e/samples.spec.ts runs Tessera's. A sample that drops a form body, sends an example
 * its schema refuses, leaves out a required query parameter, fills a path parameter with its own
 * name or sends only some of the credentials a requirement names is refused by the mock; each
 * file must have every run accepted. Stripe's file is among them: 452 operations, expandable
 * objects, form-encoded bodies.
 */
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {parse} from 'yaml';
import {httpMethods} from '../../src/lib/http-methods';
import {keepSchemaCyclesAsReferences, sampleBaseUrl, sampleRequest, type JsonObject, type SampleRequest} from '../../src/lib/openapi';
import {codeSamples} from '../../src/lib/sample-languages';
import {assertToolchainsInstalled} from '../../src/lib/sample-languages/toolchains';
import {e2ePort} from '../support/e2e-server';
import {operationsSlice} from '../../src/lib/openapi/slice';
import {vendoredOpenApiFiles} from '../support/vendored-openapi';
import {firstLine, limitConcurrency, mockCommand, runProblem, runSample, type SampleRun} from '../support/sample-runner';

const siteDir = path.resolve(import.meta.dirname, '../..');

/** Each fixture: the small ones made for one shape each, then every vendored provider file. */
const files = [
  'tests/fixtures/openapi/form-encoded.yaml',
  'tests/fixtures/openapi/several-auth-schemes.yaml',
  'tests/fixtures/openapi/oauth-client-credentials.yaml',
  'tests/fixtures/openapi/api-key-header.yaml',
  'tests/fixtures/openapi/api-key-query.yaml',
  'tests/fixtures/openapi/combined-requirement.yaml',
  ...vendoredOpenApiFiles,
];
/** How many operations of a file run that send a body; beside them, one with a required query parameter and one with two path parameters. */
const bodyOperationsPerFile = 2;

/** The environment variables a sample's credentials come from, with test values. */
function credentials(request: SampleRequest): Record<string, string> {
  const {auth} = request;
  const keys = Object.fromEntries((request.additionalKeys ?? []).map((key) => [key.key, `test-${key.key.toLowerCase()}`]));
  if (auth.type === 'basic') return {...keys, [auth.username]: 'test-user', [auth.password]: 'test-password'};
  if (auth.type === 'bearer') return {...keys, [auth.token]: 'test-token'};
  if (auth.type === 'apiKey') return {...keys, [auth.key]: 'test-key'};
  return keys;
}

type Mock = {file: string; port: number; stop: () => void; ready: Promise<void>};

const preparedCopies = mkdtempSync(path.join(os.tmpdir(), 'tessera-mocked-openapi-'));

/**
 * The file a mock serves: of the file, the operations whose samples run (src/lib/openapi/slice.ts:
 * their paths, parameters, bodies, security and servers as the file has them, and the components
 * these reach), written as a copy, with the cycles kept as references that gen-api gives the
 * OpenAPI plugin (src/lib/openapi/schema-cycles.ts). Prism dereferences every `$ref` of what it
 * loads: on Stripe's file as published it had not started after two minutes, and GitHub's whole
 * file took it three; the slice starts in seconds. A request is still checked against its
 * operation's own schema; only an object of a cycle held inside it is the short named one.
 */
function mockedFile(file: string, document: JsonObject): string {
  const sliced = operationsSlice(document, chosenOperations(document));
  const prepared = keepSchemaCyclesAsReferences(sliced, (operationId) => `/${operationId}`);
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

before(() => assertToolchainsInstalled());

after(() => rmSync(preparedCopies, {recursive: true, force: true}));

/**
 * Whether the only fault Prism found is in the answer it made up itself: it accepted every request
 * of the run, then generated a body its own file refuses (Stripe's `url` patterns) and, with
 * `--errors`, answered 500. The sample then rightly exits 1; its request was accepted.
 */
function mocksOwnAnswer(run: SampleRun): boolean {
  const located = (violations: string) => (JSON.parse(violations) as {location?: string[]}[]).map((violation) => violation.location?.[0]);
  return (
    run.exchanges.length > 0 &&
    run.exchanges.every((exchange) => {
      if (exchange.status >= 200 && exchange.status <= 299 && !exchange.violations) return true;
      if (exchange.status !== 500 || !exchange.violations) return false;
      try {
        return located(exchange.violations).every((location) => location === 'response');
      } catch {
        return false;
      }
    }) &&
    run.exchanges.some((exchange) => exchange.status === 500)
  );
}

type Operation = {apiPath: string; method: string; hasBody: boolean; requiredQuery: boolean; pathParameters: number};

/**
 * The operations whose samples run, in file order: the first that send a body, then the first
 * with a required query parameter and the first with two path parameters or more, where the
 * file has them; an operation without a body stands in for missing ones.
 */
function chosenOperations(document: JsonObject): Operation[] {
  const operations = Object.entries(document.paths as Record<string, JsonObject>).flatMap(([apiPath, item]) =>
    httpMethods
      .filter((method) => item[method])
      .map((method) => {
        const operation = item[method] as JsonObject;
        const parameters = [...((item.parameters as JsonObject[]) ?? []), ...((operation.parameters as JsonObject[]) ?? [])];
        return {
          apiPath,
          method,
          hasBody: Boolean(operation.requestBody),
          requiredQuery: parameters.some((parameter) => parameter.in === 'query' && parameter.required === true),
          pathParameters: (apiPath.match(/\{/g) ?? []).length,
        };
      }),
  );
  const chosen = operations.filter((operation) => operation.hasBody).slice(0, bodyOperationsPerFile);
  for (const wanted of [(operation: Operation) => operation.requiredQuery, (operation: Operation) => operation.pathParameters >= 2]) {
    const found = operations.find((operation) => wanted(operation) && !chosen.includes(operation));
    if (found) chosen.push(found);
  }
  const others = operations.filter((operation) => !chosen.includes(operation));
  return [...chosen, ...others].slice(0, Math.max(chosen.length, bodyOperationsPerFile));
}

for (const [index, file] of files.entries()) {
  test(`${file}: every sample of a few operations, in every language, is accepted by a mock of the file`, {timeout: 600_000}, async (t) => {
    // One mock at a time, each on a port of this checkout's own: beside the e2e server's, its two
    // mocks' and the stock build's (E2E_PORT + 2000).
    const mock = startMock(file, e2ePort + 3000 + index);
    t.after(() => mock.stop());
    await mock.ready;
    const document = documents.get(file)!;
    const baseUrl = sampleBaseUrl(document);
    const runLimited = limitConcurrency(2);
    const runs: Promise<string | undefined>[] = [];
    let madeUpAnswers = 0;
    for (const {apiPath, method} of chosenOperations(document)) {
      const request = sampleRequest(document, apiPath, (document.paths as Record<string, JsonObject>)[apiPath]!, method);
      for (const sample of codeSamples(request)) {
        runs.push(
          runLimited(async () => {
            const run = await runSample(sample.lang, sample.source, `http://127.0.0.1:${mock.port}`, {
              baseUrl,
              environment: credentials(request),
            });
            if (mocksOwnAnswer(run)) madeUpAnswers += 1;
            const problem = mocksOwnAnswer(run) ? undefined : runProblem(run);
            return problem && `${method.toUpperCase()} ${apiPath} in ${sample.label} (${firstLine(sample.source)}): ${problem}`;
          }),
        );
      }
    }
    const problems = (await Promise.all(runs)).filter(Boolean);
    const accepted = runs.length - problems.length;
    const ownAnswers = madeUpAnswers > 0 ? `; in ${madeUpAnswers}, Prism refused the answer it made up` : '';
    console.log(`${file}: ${accepted} of ${runs.length} runs accepted (${((100 * accepted) / runs.length).toFixed(1)} %${ownAnswers})`);
    assert.deepEqual(problems, [], `${accepted} of ${runs.length} accepted; every run must be`);
  });
}
