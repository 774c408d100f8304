/** Typo correction for the search (src/plugins/search-local/sharded-index/typos.ts). */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {oneEditFrom, TypoCorrector} from '../../src/plugins/search-local/sharded-index/typos';
import {vocabularyOf} from '../../src/plugins/search-local/sharded-index/build';

test('one edit: a letter left out, added or changed, or two neighbours swapped, anywhere in the word', () => {
  const edits = oneEditFrom('fund');
  for (const edit of ['und', 'fnd', 'fun', 'ufnd', 'fudn', 'rund', 'funk', 'refund'.slice(1), 'rfund', 'funds', 'fuund']) {
    assert.ok(edits.has(edit), edit);
  }
  assert.ok(!edits.has('fund'));
  assert.ok(!edits.has('refund'), 'two letters added');
});

test('the vocabulary lists the words as written, the most frequent first, without short words', () => {
  assert.deepEqual(vocabularyOf(['Refund the refund; a round refund.', 'Round-trip to the shop']), [
    'refund',
    'round',
    'the',
    'shop',
    'trip',
  ]);
});

test('a word the vocabulary lacks becomes the most frequent word one edit away', () => {
  const corrector = new TypoCorrector(['refund', 'capture', 'round', 'authorization', 'signature', 'fund']);
  assert.equal(corrector.correct('rfund', false), 'refund', 'refund is more frequent than round');
  assert.equal(corrector.correct('efund', false), 'refund');
  assert.equal(corrector.correct('apture', false), 'capture');
  assert.equal(corrector.correct('cpature', false), 'capture');
  assert.equal(corrector.correct('authorizaton', false), 'authorization');
  assert.equal(corrector.correct('ignature', false), 'signature');
  assert.equal(corrector.correct('refund', false), undefined, 'a known word stays');
  assert.equal(corrector.correct('fund', false), undefined, 'a known word stays, even one edit from a more frequent one');
  assert.equal(corrector.correct('zzqxv', false), undefined);
  assert.equal(corrector.correct('rf', false), undefined, 'too short to correct');
});

test('a word being typed stays when a word starts with it, and else becomes the start of the most frequent word one edit away', () => {
  const corrector = new TypoCorrector(['refund', 'capture', 'captured']);
  assert.equal(corrector.correct('capt', true), undefined);
  assert.equal(corrector.correct('cpt', true), 'capt');
  assert.equal(corrector.correct('rfu', true), 'refu');
  assert.equal(corrector.correct('capt', false), undefined, 'not a word, and nothing one edit away');
});
