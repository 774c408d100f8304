/** scripts/bench-generation.ts: the cuts of an OpenAPI file it times, and the line it fits. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {generationMarkdown, linearFit, withFirstOperations} from '../../scripts/bench-generation';
import {operationCount} from '../../src/lib/openapi';

const document = {
  openapi: '3.0.3',
  info: {title: 'Cuts', version: '1'},
  paths: {
    '/a': {parameters: [{name: 'x', in: 'query'}], get: {operationId: 'getA'}, post: {operationId: 'postA'}},
    '/b': {get: {operationId: 'getB'}, delete: {operationId: 'deleteB'}},
    '/c': {put: {operationId: 'putC'}},
  },
  components: {schemas: {Thing: {type: 'object'}}},
};

test('a cut keeps the first operations in path order, a path’s own fields, and the components whole', () => {
  const three = withFirstOperations(document, 3);
  assert.equal(operationCount(three), 3);
  assert.deepEqual(Object.keys(three.paths as object), ['/a', '/b']);
  assert.deepEqual((three.paths as Record<string, object>)['/b'], {get: {operationId: 'getB'}});
  assert.deepEqual((three.paths as Record<string, {parameters: unknown}>)['/a']!.parameters, [{name: 'x', in: 'query'}]);
  assert.deepEqual(three.components, document.components);
  assert.equal(operationCount(withFirstOperations(document, 5)), 5);
  assert.equal(operationCount(withFirstOperations(document, 9)), 5);
  // The document it was cut from is left as it was.
  assert.equal(operationCount(document), 5);
});

test('the fitted line is exact on points on a line, and R² falls when one step costs more per operation', () => {
  const onLine = linearFit([0, 100, 200, 300].map((operations) => ({operations, seconds: 6 + operations * 0.02})));
  assert.ok(Math.abs(onLine.secondsPerOperation - 0.02) < 1e-9);
  assert.ok(Math.abs(onLine.interceptSeconds - 6) < 1e-9);
  assert.ok(Math.abs(onLine.rSquared - 1) < 1e-9);
  const quadratic = linearFit([0, 100, 200, 300].map((operations) => ({operations, seconds: 6 + (operations / 100) ** 2 * 4})));
  assert.ok(quadratic.rSquared < 0.97, `R² ${quadratic.rSquared}`);
});

test('the table gives each step, the time added per operation, and the line', () => {
  const step = (operations: number, seconds: number) => ({operations, runs: [{seconds, maxRssMB: 600}], median: {seconds, maxRssMB: 600}});
  const markdown = generationMarkdown('x.json', [step(0, 6), step(100, 8), step(200, 10)]);
  assert.match(markdown, /\| 100 \| 8\.0 \| 8\.0 \| 20\.0 \| 600 \|/);
  assert.match(markdown, /20\.0 ms per operation over 6\.0 s .* R² 1\.000/);
});
