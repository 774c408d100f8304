/**
 * Which answers the search box shows while the reader types (src/plugins/search-local/newest-answer):
 * the newest answer received so far, never one older than what is on screen, nothing from before
 * the box was emptied. tests/e2e/search.spec.ts checks the box itself over a held link.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {NewestAnswers} from '../../src/plugins/search-local/newest-answer/answers';

test('before any answer is on screen, the answer to an earlier input shows if it has suggestions', () => {
  const answers = new NewestAnswers();
  const partial = answers.send();
  answers.send(); // "partial r", the current input, still under way
  assert.equal(answers.showsEarlierAnswer(partial, 6), true);
  assert.equal(answers.showsEarlierAnswer(partial, 0), false, '"No results" for an earlier input is not shown');
});

test('an answer older than the one on screen does not replace it', () => {
  const answers = new NewestAnswers();
  const p = answers.send();
  const pa = answers.send();
  answers.send(); // the current input
  assert.equal(answers.showsEarlierAnswer(pa, 6), true);
  answers.onScreen(pa);
  assert.equal(answers.showsEarlierAnswer(p, 6), false);
  // The current input's answer, once on screen, is newer than every query sent before it.
  const current = answers.send();
  answers.onScreen();
  assert.equal(answers.showsEarlierAnswer(current - 1, 6), false);
  assert.equal(answers.showsEarlierAnswer(current, 6), false);
});

test('after the box was emptied, no answer to a query sent before shows', () => {
  const answers = new NewestAnswers();
  const before = answers.send();
  answers.onScreen(); // emptied (the reader cleared the input)
  assert.equal(answers.showsEarlierAnswer(before, 6), false);
  const after = answers.send();
  answers.send();
  assert.equal(answers.showsEarlierAnswer(after, 6), true);
});
