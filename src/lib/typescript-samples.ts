/**
 * Type-checks the client samples of one page (```ts fences) against sdk/tessera-sdk.d.ts in strict
 * mode, with one long-lived language service, so that `npm start` can report a wrong sample within
 * a second or two of saving: the DOM and ES libraries are parsed once, not per save. Each sample is
 * its own module next to the declarations, as a reader's file would be.
 */
import path from 'node:path';
import ts from 'typescript';
import {siteDir} from './openapi';
import type {ContentProblem, SampleFence} from './content-checks';

export const typeScriptSampleOptions: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
  noUnusedLocals: false,
};

const samples = new Map<string, {text: string; version: number}>();
let service: ts.LanguageService | undefined;

function languageService(): ts.LanguageService {
  service ??= ts.createLanguageService(
    {
      getScriptFileNames: () => [path.join(siteDir, 'sdk/tessera-sdk.d.ts'), ...samples.keys()],
      getScriptVersion: (file) => String(samples.get(file)?.version ?? 0),
      getScriptSnapshot: (file) => {
        const sample = samples.get(file)?.text ?? ts.sys.readFile(file);
        return sample === undefined ? undefined : ts.ScriptSnapshot.fromString(sample);
      },
      getCurrentDirectory: () => siteDir,
      getCompilationSettings: () => typeScriptSampleOptions,
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: (file) => samples.has(file) || ts.sys.fileExists(file),
      readFile: (file) => samples.get(file)?.text ?? ts.sys.readFile(file),
    },
    ts.createDocumentRegistry(),
  );
  return service;
}

export function typeScriptSampleProblems(fences: SampleFence[], file: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const pageKey = file.replace(/[^\w]+/g, '-');
  fences
    .filter((fence) => fence.language === 'ts' || fence.language === 'typescript')
    .forEach((fence, index) => {
      const name = path.join(siteDir, `sdk/sample-${pageKey}-${index}.ts`);
      const text = `${fence.code}\nexport {};\n`;
      const previous = samples.get(name);
      if (previous?.text !== text) samples.set(name, {text, version: (previous?.version ?? 0) + 1});
      const checker = languageService();
      for (const diagnostic of [...checker.getSyntacticDiagnostics(name), ...checker.getSemanticDiagnostics(name)]) {
        const line =
          diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : 0;
        problems.push({
          file,
          line: fence.line + 1 + line,
          message: `TypeScript sample: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
        });
      }
    });
  return problems;
}
