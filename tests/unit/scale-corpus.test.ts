/** The scale harness's corpus (scripts/generate-scale-corpus.ts): deterministic, and the size asked for. */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {corpusPlan, scaleHoldingEveryVendoredFile, syntheticApi} from '../../scripts/generate-scale-corpus';
import {operationCount} from '../../src/lib/openapi';
import {withCodeSamples} from '../../src/lib/sample-languages';

test('a synthetic API is the same on every run, and has the operations asked for', () => {
  assert.deepEqual(syntheticApi(3, 47), syntheticApi(3, 47));
  assert.notDeepEqual(syntheticApi(3, 47), syntheticApi(4, 47));
  assert.equal(operationCount(syntheticApi(0, 60)), 60);
  assert.equal(operationCount(syntheticApi(1, 7)), 7);
});

test('synthetic APIs are foreign in the ways that matter: no server description, no examples, other auth schemes', () => {
  const schemes = new Set<string>();
  for (let index = 0; index < 4; index++) {
    const document = syntheticApi(index, 10);
    assert.equal((document.servers as {description?: string}[])[0]!.description, undefined);
    assert.doesNotMatch(JSON.stringify(document), /"examples?"/);
    const scheme = (document.components as {securitySchemes: {providerAuth: {type: string; scheme?: string; in?: string}}}).securitySchemes
      .providerAuth;
    schemes.add(`${scheme.type} ${scheme.scheme ?? scheme.in ?? ''}`.trim());
    // The samples fill every parameter and body from the schemas.
    assert.doesNotThrow(() => withCodeSamples(document));
  }
  assert.deepEqual([...schemes].sort(), ['apiKey header', 'http basic', 'http bearer', 'oauth2']);
});

const adyen = 'tests/fixtures/openapi/vendor/adyen/adyen-checkout-v71.json';
const stripe = 'tests/fixtures/openapi/vendor/stripe/stripe.com.json';

test('the corpus of a scale has that many times the operations of Tessera’s files, the real files that fit included unless synthetic only', () => {
  const ten = corpusPlan(10, false);
  assert.equal(ten.target, ten.baseline * 10);
  // Stripe's 452 operations do not fit in 10× Tessera's.
  assert.deepEqual(ten.vendored, [adyen]);
  assert.equal(ten.synthetic.reduce((sum, count) => sum + count, 0) + 25, ten.target - ten.baseline);
  // The default scale is the smallest that holds both.
  const scale = scaleHoldingEveryVendoredFile();
  // 44 Tessera operations (with both versions' test helpers): 12 × 44 − 44 = 484 ≥ 25 + 452.
  assert.equal(scale, 12);
  const whole = corpusPlan(scale, false);
  assert.deepEqual(whole.vendored, [adyen, stripe]);
  assert.equal(whole.synthetic.reduce((sum, count) => sum + count, 0) + 25 + 452, whole.target - whole.baseline);
  assert.deepEqual(corpusPlan(scale - 1, false).vendored, [adyen]);
  const two = corpusPlan(2, true);
  assert.deepEqual(two.vendored, []);
  assert.equal(
    two.synthetic.reduce((sum, count) => sum + count, 0),
    two.baseline,
  );
});
