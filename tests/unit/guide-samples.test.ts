/**
 * Every sample in the guides agrees with the API and the SDK:
 * - a ```json fence names what it shows, `operation="createSession" part="request"`,
 *   `operation="captureAnOrder" part="response" status="201"` or `schema="SessionNotification"`,
 *   and validates against that schema in openapi/tessera-v3.yaml, with no field the API lacks;
 * - a ```ts fence (client code) is an ES module, as a reader's file would be, and compiles
 *   against sdk/tessera-sdk.d.ts in strict mode;
 * - a mermaid state diagram uses only states that the API's status enums define.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import ts from 'typescript';
import {loadApiDocument, apiFiles, siteDir, SchemaValidator} from '../../src/lib/openapi';
import {samplePointer} from '../../src/lib/content-checks';
import {typeScriptSampleOptions} from '../../src/lib/typescript-samples';
import {authoredPages, codeFences, type CodeFence} from '../support/guides';

const v3 = loadApiDocument(apiFiles.v3);
const validator = new SchemaValidator(v3, 'v3-closed');
const fences = authoredPages().flatMap(codeFences);
const where = (fence: CodeFence) => `${fence.file}:${fence.line}`;

/** The JSON pointer of the schema a sample claims to show (src/lib/content-checks.ts, which `npm start` reports with too). */
function schemaPointerFor(fence: CodeFence): string {
  try {
    return samplePointer(fence, v3);
  } catch (error) {
    throw new Error(`${where(fence)}: ${(error as Error).message}`, {cause: error});
  }
}

test('every JSON sample names the operation or schema it shows and validates against it', () => {
  const jsonFences = fences.filter((fence) => fence.language === 'json');
  const failures: string[] = [];
  for (const fence of jsonFences) {
    try {
      const pointer = schemaPointerFor(fence);
      let value: unknown;
      try {
        value = JSON.parse(fence.code);
      } catch (error) {
        throw new Error(`${where(fence)}: not valid JSON (${(error as Error).message})`, {cause: error});
      }
      const errors = validator.validate(pointer, value);
      if (errors.length) failures.push(`${where(fence)} (${pointer}):\n    ${errors.join('\n    ')}`);
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  console.log(`validated ${jsonFences.length} JSON samples against ${apiFiles.v3}`);
  assert.deepEqual(failures, []);
});

test('a sample with a field the API does not have fails validation', () => {
  const pointer = '#/components/schemas/Money';
  assert.deepEqual(validator.validate(pointer, {amount: 25900, currency: 'SEK'}), []);
  assert.notDeepEqual(validator.validate(pointer, {amount: 25900, currency: 'SEK', amountInKronor: 259}), []);
  assert.notDeepEqual(validator.validate(pointer, {currency: 'SEK'}), [], 'a missing required field fails');
});

test('every client TypeScript sample compiles against the SDK declarations', () => {
  const tsFences = fences.filter((fence) => fence.language === 'ts' || fence.language === 'typescript');
  const sdkFile = path.join(siteDir, 'sdk/tessera-sdk.d.ts');
  // Beside the declarations, so that `import type {…} from './tessera-sdk'` resolves as it does for a reader.
  const virtualFiles = new Map(tsFences.map((fence, index) => [path.join(siteDir, `sdk/sample-${index}.ts`), fence]));
  // The same settings as the check `npm start` runs on a saved page.
  const options = typeScriptSampleOptions;
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  // Each sample is read exactly as written: a file without import or export would be a script to
  // a reader's tsc (top-level await fails there with TS1375), so the test adds none.
  host.readFile = (file) => (virtualFiles.has(file) ? virtualFiles.get(file)!.code : readFile(file));
  host.fileExists = (file) => virtualFiles.has(file) || fileExists(file);
  const program = ts.createProgram([sdkFile, ...virtualFiles.keys()], options, host);
  // A sample that is not a module would share one global scope with the others here, and is a
  // script in the reader's project: both wrong, so it fails on its own.
  const scripts = [...virtualFiles]
    .filter(([file]) => !ts.isExternalModule(program.getSourceFile(file)!))
    .map(([, fence]) => `${fence.file}:${fence.line}: a TypeScript sample must be a module (import or export something)`);
  const problems = [
    ...scripts,
    ...ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const fence = diagnostic.file && virtualFiles.get(diagnostic.file.fileName);
      const line =
        diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : 0;
      const place = fence ? `${fence.file}:${fence.line + 1 + line}` : (diagnostic.file?.fileName ?? '');
      return `${place}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    }),
  ];
  console.log(`type-checked ${tsFences.length} TypeScript samples against sdk/tessera-sdk.d.ts`);
  assert.deepEqual(problems, []);
});

test('state diagrams use only the states of the API status enums', () => {
  const schemas = v3.components?.schemas ?? {};
  const known = new Set(
    ['SessionStatus', 'OrderStatus', 'TokenStatus', 'RefundStatus'].flatMap((name) => (schemas[name]?.enum as string[] | undefined) ?? []),
  );
  const failures: string[] = [];
  for (const fence of fences.filter((candidate) => candidate.language === 'mermaid' && /^\s*stateDiagram/.test(candidate.code))) {
    for (const match of fence.code.matchAll(/^\s*([\w[\]*]+)\s*-->\s*([\w[\]*]+)/gm)) {
      for (const state of [match[1]!, match[2]!]) {
        if (state !== '[*]' && !known.has(state)) failures.push(`${where(fence)}: state ${state} is not in the API's status enums`);
      }
    }
  }
  assert.deepEqual(failures, []);
});
