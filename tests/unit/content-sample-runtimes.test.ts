/**
 * The runtime version a reader is told to install is the one the samples need: each language
 * module's `minimumVersion` is at least the release that introduced every feature its samples (the
 * generated ones and the guides' own) use, and every sample or page that names the runtime names
 * that version, so prerequisites and samples cannot drift apart again.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {sampleLanguage, sampleLanguages} from '../../src/lib/sample-languages';
import {renderFact} from '../../src/lib/facts';
import {authoredPages, codeFences} from '../support/guides';

/** `3.10` → [3, 10], so that versions compare as numbers (3.9 < 3.10). */
const parts = (version: string) => version.split('.').map(Number);
const atLeast = (version: string, floor: string) => {
  const [a, b] = [parts(version), parts(floor)];
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
};

type Feature = {name: string; pattern: RegExp; since: string};

/** What the samples use that older runtimes lack, with the first release that has it. */
const features: Record<string, {fences: string[]; named: RegExp; features: Feature[]}> = {
  node: {
    fences: ['js', 'javascript', 'mjs'],
    named: /Node\.js (\d+(?:\.\d+)?)/g,
    features: [
      // Node 18 has the global only behind --experimental-global-webcrypto; 19 has it by default, 20 is its long-term release.
      {name: 'the global crypto', pattern: /(?<![.\w])crypto\.(?:randomUUID|subtle|getRandomValues)\b/, since: '20'},
      {name: 'the global fetch', pattern: /(?<![.\w])fetch\(/, since: '18'},
    ],
  },
  python: {
    fences: ['python', 'py'],
    named: /Python (3\.\d+)/g,
    features: [
      {name: 'a union type written with |', pattern: /:\s*[\w[\], ]+\s\|\s(?:None|[\w[\]]+)|->\s*[\w[\], ]+\s\|\s/, since: '3.10'},
      {name: 'a match statement', pattern: /^\s*match\s+[^=]+:\s*$/m, since: '3.10'},
    ],
  },
};

const guideFences = authoredPages().flatMap(codeFences);

for (const [id, rules] of Object.entries(features)) {
  const language = sampleLanguage(id);
  const minimum = language.minimumVersion;
  const fences = guideFences.filter((fence) => rules.fences.includes(fence.language) || fence.tab === id);
  // A generated request sample with everything a sample can carry (an idempotency key, a body).
  const generated = language.render({
    method: 'POST',
    url: 'https://api.sandbox.tessera.example/v3/orders/1/captures',
    auth: {type: 'bearer', token: 'TESSERA_SECRET'},
    idempotencyKey: true,
    body: {amount: 100},
    operationId: 'captureAnOrder',
  });
  const programs = [
    {where: 'the generated request sample', code: generated},
    ...fences.map((fence) => ({where: `${fence.file}:${fence.line}`, code: fence.code})),
  ];

  test(`${language.label}: the minimum version covers what the guides' samples use`, () => {
    assert.ok(minimum, `src/lib/sample-languages/${id} states no minimumVersion`);
    assert.ok(fences.length > 0, `no ${language.label} sample in the guides`);
    const needs = programs.flatMap((program) =>
      rules.features
        .filter((feature) => feature.pattern.test(program.code) && !atLeast(minimum, feature.since))
        .map((feature) => `${program.where} uses ${feature.name} (${language.label} ${feature.since})`),
    );
    assert.deepEqual(needs, [], `minimumVersion ${minimum} is too old`);
  });

  test(`${language.label}: every sample and page that names the runtime names version ${minimum}`, () => {
    const texts: Array<[string, string]> = [
      ['the generated sample', generated],
      ['runsWith', language.runsWith],
      ...programs.map((program): [string, string] => [program.where, program.code]),
      ...authoredPages().map((file): [string, string] => [file, readFileSync(file, 'utf8')]),
    ];
    const wrong = texts.flatMap(([where, text]) =>
      [...text.matchAll(rules.named)].filter((match) => match[1] !== minimum).map((match) => `${where}: "${match[0]}"`),
    );
    assert.deepEqual(wrong, []);
    const names = new RegExp(rules.named.source);
    assert.match(generated, names, 'the generated sample names its runtime');
    assert.match(language.runsWith, names);
  });
}

test('the prerequisites name every sample language with what it runs on', () => {
  const phrase = renderFact('SampleLanguages', {}).markdown;
  for (const language of sampleLanguages) assert.ok(phrase.includes(language.runsWith), `${language.label} is missing from "${phrase}"`);
});
