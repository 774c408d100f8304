/** Every hand-written page is finished writing: no placeholders, no stubs, no fragments. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {authoredPages, codeFences, proseWords} from '../support/guides';
import {siteDir} from '../../src/lib/openapi';
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

test('server samples come in JSON, PHP and C#, and client samples in TypeScript', () => {
  const fences = v3GuideRoutes
    .filter((route) => route.includes('/guides/'))
    .flatMap((route) => codeFences(path.join(siteDir, 'docs', `${route.replace('/docs/3.0.0/', '')}.mdx`)));
  const languages = new Set(fences.map((fence) => fence.language));
  for (const language of ['json', 'php', 'csharp', 'ts']) assert.ok(languages.has(language), `no ${language} sample in the guides`);
  const allowed = new Set(['json', 'php', 'csharp', 'ts', 'html', 'bash', 'http', 'mermaid', 'text']);
  for (const fence of fences)
    assert.ok(allowed.has(fence.language), `${fence.file}:${fence.line}: unexpected language "${fence.language}"`);
});
