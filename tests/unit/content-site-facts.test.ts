/**
 * The sample languages that the home page and llms.txt name are the languages the samples come
 * in (src/lib/sample-languages), all of them, in tab order.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {markdownTwinsOptions} from '../../config/llms';
import {siteDir} from '../../src/lib/openapi';
import {sampleLanguageNames, sampleLanguages} from '../../src/lib/sample-languages/languages';
import {siteFactConstants} from '../../src/plugins/site-facts';

test('the list names every sample language once, in tab order', () => {
  const names = sampleLanguageNames();
  const positions = sampleLanguages.map((language) => names.indexOf(language.label));
  assert.ok(!positions.includes(-1), names);
  assert.deepEqual(
    positions,
    [...positions].sort((a, b) => a - b),
    names,
  );
  assert.match(names, / and C#$/);
});

test('the home page states the languages from the constant the bundler defines, and no list of its own', () => {
  const home = readFileSync(path.join(siteDir, 'src/pages/index.tsx'), 'utf8');
  assert.equal(siteFactConstants()['process.env.TESSERA_SAMPLE_LANGUAGES'], sampleLanguageNames());
  assert.match(home, /\$\{process\.env\.TESSERA_SAMPLE_LANGUAGES\}/);
  assert.doesNotMatch(home, /\b(?:curl|PHP|Node\.js|C#)\b/i, 'a language named by hand');
});

test('llms.txt names the languages it is handed', () => {
  const details = markdownTwinsOptions.details({sampleLanguages: sampleLanguageNames()}).join('\n');
  assert.ok(details.includes(sampleLanguageNames()), details);
  const withoutTheList = details.replace(sampleLanguageNames(), '');
  assert.doesNotMatch(withoutTheList, /\b(?:Guzzle|\.NET|PHP|C#)\b/, 'a language named by hand');
});
