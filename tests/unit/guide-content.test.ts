/** Every hand-written page is finished writing: no placeholders, no stubs, no fragments. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {authoredPages, codeFences, proseWords} from '../support/guides';
import {siteDir} from '../../src/lib/openapi';
import {sampleLanguages} from '../../src/lib/sample-languages';
import {v3GuideRoutes} from '../spec-routes';
import {v3GuideRoutesBeyondSpec} from '../routes-beyond-spec';

const placeholderPatterns = [/\bTODO\b/, /\bTBD\b/, /\bFIXME\b/, /\bXXX\b/, /lorem ipsum/i, /coming soon/i, /placeholder text/i];

test('no page contains placeholder text', () => {
  const found: string[] = [];
  for (const page of authoredPages()) {
    const text = readFileSync(page, 'utf8');
    for (const pattern of placeholderPatterns) {
      if (pattern.test(text)) found.push(`${path.relative(siteDir, page)}: ${pattern}`);
    }
  }
  assert.deepEqual(found, []);
});

test('no code sample is a fragment with elided parts', () => {
  const elided = /^\s*(\.\.\.|…)\s*$|\/\/\s*(\.\.\.|…)|#\s*(\.\.\.|…)|\/\*\s*(\.\.\.|…)\s*\*\/|"\.\.\."|\[\s*\.\.\.\s*\]|\{\s*\.\.\.\s*\}/m;
  const found = authoredPages()
    .flatMap(codeFences)
    .filter((fence) => fence.language !== 'mermaid' && elided.test(fence.code))
    .map((fence) => `${fence.file}:${fence.line}`);
  assert.deepEqual(found, []);
});

test('every guide and SDK page is a full page, not a heading and a sentence', () => {
  const thin: string[] = [];
  for (const route of [...v3GuideRoutes, ...v3GuideRoutesBeyondSpec]) {
    const file = path.join(siteDir, 'docs', `${route.replace('/docs/3.0.0/', '')}.mdx`);
    const words = proseWords(file);
    if (words < 350) thin.push(`${path.relative(siteDir, file)}: ${words} words of prose`);
  }
  assert.deepEqual(thin, []);
});

test('every server program comes in every sample language but cURL, and client samples in TypeScript', () => {
  const fences = v3GuideRoutes
    .filter((route) => route.includes('/guides/'))
    .flatMap((route) => codeFences(path.join(siteDir, 'docs', `${route.replace('/docs/3.0.0/', '')}.mdx`)));
  const languages = new Set(fences.map((fence) => fence.language));
  for (const language of ['json', 'ts']) assert.ok(languages.has(language), `no ${language} sample in the guides`);
  // A request is written once, as its JSON (tests/unit/sample-tabs.test.ts); a program is written in every language.
  const programLanguages = sampleLanguages.filter((language) => language.id !== 'curl').map((language) => language.id);
  const programSets = new Map<string, Set<string>>();
  for (const fence of fences) {
    if (fence.tabSet === undefined || fence.tab === undefined || fence.tab === 'json') continue;
    const key = `${fence.file}:${fence.tabSet}`;
    programSets.set(key, (programSets.get(key) ?? new Set()).add(fence.tab));
  }
  assert.ok(programSets.size >= 8, `${programSets.size} programs in the guides`);
  for (const [where, tabs] of programSets)
    assert.deepEqual(
      [...tabs],
      programLanguages,
      `${where}: a program in ${[...tabs].join(', ')}, not in every language but cURL, in tab order`,
    );
  const allowed = new Set([
    'json',
    'ts',
    'html',
    'bash',
    'http',
    'mermaid',
    'text',
    ...sampleLanguages.map((language) => language.highlight),
  ]);
  for (const fence of fences)
    assert.ok(allowed.has(fence.language), `${fence.file}:${fence.line}: unexpected language "${fence.language}"`);
});
