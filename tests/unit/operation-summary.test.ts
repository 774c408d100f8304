/** What an operation page keeps of its operation, and the state its schema tabs share. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {
  isOperationSummary,
  readRequestSamplesFile,
  requestSamplesExport,
  requestSamplesExportName,
  requestSamplesFileExportName,
  requestSamplesFileOf,
  requestSamplesOf,
  summarizeOperation,
  type PageSample,
} from '../../src/lib/openapi';
import {initialOperationView, operationViewReducer} from '../../src/plugins/performance-theme/theme/ApiItem/hooks';
import {setAccept} from '../../src/plugins/performance-theme/theme/ApiExplorer/Accept/slice';
import {setContentType} from '../../src/plugins/performance-theme/theme/ApiExplorer/ContentType/slice';
import {clearSchemaSelections, setSchemaSelection} from '../../src/plugins/performance-theme/theme/ApiExplorer/SchemaSelection/slice';
import {sampleLanguages} from '../../src/lib/sample-languages';

test('the summary keeps method, path and the media types of 2xx responses and the request body', () => {
  const summary = summarizeOperation({
    method: 'post',
    path: '/v3/sessions',
    requestBody: {content: {'application/json': {}, 'application/x-www-form-urlencoded': {}}},
    responses: {
      '201': {content: {'application/json': {}}},
      '200': {content: {'application/json': {}, 'text/plain': {}}},
      '422': {content: {'application/problem+json': {}}},
      default: {content: {'application/problem+json': {}}},
    },
  });
  assert.deepEqual(summary, {
    method: 'post',
    path: '/v3/sessions',
    accept: ['application/json', 'text/plain'],
    contentTypes: ['application/json', 'application/x-www-form-urlencoded'],
  });
  assert.equal(isOperationSummary(summary), true);
});

test('an operation without a method or a path cannot be summarized, and a packed operation is not a summary', () => {
  assert.throws(() => summarizeOperation({path: '/v3/sessions'}), /without method or path/);
  assert.equal(isOperationSummary('eJzsvet2G0eSJ/4qebA9R6QaBQEgeNXfO0NLtK3WjSNS1rgN'), false);
});

test('request samples with backslashes and line breaks survive the page export unchanged', () => {
  const tricky = [
    {lang: 'curl', label: 'cURL', highlight: 'bash', source: "curl -X POST 'https://x' \\\n  -H 'Accept: application/json'"},
    {lang: 'php', label: 'PHP', highlight: 'php', source: '$client = new GuzzleHttp\\Client();\n"{\\"basket_id\\":1}"'},
  ];
  const line = requestSamplesExport(tricky);
  const module = {[requestSamplesExportName]: new Function(`${line.replace(/^export /, '')}; return ${requestSamplesExportName};`)()};
  assert.deepEqual(requestSamplesOf(module), tricky);
  assert.deepEqual(requestSamplesOf({}), []);
  // With a samples file, the page keeps the first sample's source and names the file.
  const lines = requestSamplesExport(tricky, '/assets/request-samples/0123456789abcdef.json').split('\n');
  const withFile = Object.fromEntries(
    lines.map((exported) => {
      const [, name, value] = /^export const (\w+) = (.*);$/.exec(exported)!;
      return [name!, JSON.parse(value!) as unknown];
    }),
  );
  assert.deepEqual(requestSamplesOf(withFile), [tricky[0], {lang: 'php', label: 'PHP', highlight: 'php'}]);
  assert.equal(requestSamplesFileOf(withFile), '/assets/request-samples/0123456789abcdef.json');
});

test('every generated operation page carries a summary and exports its request samples, not the packed operation', () => {
  const pageDirs = ['docs/api', 'versioned_docs/version-1.0.0/api'];
  assert.ok(
    pageDirs.every((dir) => existsSync(dir)),
    'run npm run gen-api first',
  );
  let pages = 0;
  for (const dir of pageDirs) {
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.api.mdx'))) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const frontMatter = parse(text.slice(4, text.indexOf('\n---\n', 4))) as {api?: unknown};
      assert.ok(isOperationSummary(frontMatter.api), `${dir}/${file}`);
      const exported = new RegExp(`^export const ${requestSamplesExportName} = (.*);$`, 'm').exec(text);
      assert.ok(exported, `${dir}/${file} exports its request samples`);
      const samples = JSON.parse(exported[1]!) as PageSample[];
      // A webhook is a request Tessera sends, so its page shows the payload and no request samples.
      if (frontMatter.api.method === 'event') {
        assert.equal(samples.length, 0, `${dir}/${file}`);
        pages += 1;
        continue;
      }
      assert.deepEqual(
        samples.map((sample) => sample.lang),
        sampleLanguages.map((language) => language.id),
        `${dir}/${file} has a sample in every language`,
      );
      // The page carries the first sample's source only; its samples file has every one, in the same order.
      assert.deepEqual(
        samples.map((sample) => sample.source !== undefined),
        samples.map((_, index) => index === 0),
        `${dir}/${file}`,
      );
      const samplesFile = new RegExp(`^export const ${requestSamplesFileExportName} = (.*);$`, 'm').exec(text);
      assert.ok(samplesFile, `${dir}/${file} names its samples file`);
      const all = readRequestSamplesFile(process.cwd(), JSON.parse(samplesFile[1]!) as string);
      assert.deepEqual(
        all.map(({source: _source, ...sample}) => sample),
        samples.map(({source: _source, ...sample}) => sample),
      );
      assert.equal(all[0]!.source, samples[0]!.source);
      assert.ok(
        all.every((sample) => sample.source.includes('sandbox.tessera.example')),
        `${dir}/${file}`,
      );
      pages += 1;
    }
  }
  assert.ok(pages >= 30, `${pages} operation pages`);
});

test('the schema tabs start on the first media type and follow what the reader picks', () => {
  let state = initialOperationView(['application/json', 'text/plain'], ['application/json']);
  assert.equal(state.accept.value, 'application/json');
  assert.equal(state.contentType.value, 'application/json');
  state = operationViewReducer(state, setAccept('text/plain'));
  state = operationViewReducer(state, setContentType('application/x-www-form-urlencoded'));
  state = operationViewReducer(state, setSchemaSelection({path: 'body.paymentMethod', index: 2}));
  assert.equal(state.accept.value, 'text/plain');
  assert.deepEqual(state.accept.options, ['application/json', 'text/plain']);
  assert.equal(state.contentType.value, 'application/x-www-form-urlencoded');
  assert.deepEqual(state.schemaSelection.selections, {'body.paymentMethod': 2});
  assert.deepEqual(operationViewReducer(state, clearSchemaSelections()).schemaSelection.selections, {});
});
