/**
 * The signature test vector the V3 file publishes is real: its header is the HMAC of its body with
 * its secret, the parameter's example is that header, the body is the file's session.completed
 * example as Tessera sends it, every signature a page shows verifies with the published secret
 * over the body it shows, and the sandbox's own verifier accepts the vector and refuses tampered
 * and stale copies.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {apiFiles, loadApiDocument, type JsonObject} from '../../src/lib/openapi';
import {signatureHeader, verifySignature} from '../../src/lib/sandbox/signature';
import {codeFences} from '../support/guides';
import {signatureTestVector, tesseraSignature} from '../support/notification-signature';
import {sampleEnvironment} from '../support/sample-runner';

const v3 = loadApiDocument(apiFiles.v3) as JsonObject;
const vector = signatureTestVector();

test('the test vector recomputes, and the Tessera-Signature example is its header', async () => {
  assert.match(vector.secret, /^whsec_test_/);
  assert.equal(tesseraSignature(vector.body, vector.secret, vector.timestamp), vector.header);
  assert.equal(
    await signatureHeader([vector.secret], vector.timestamp, vector.body),
    vector.header,
    'the sandbox signs as the vector says',
  );
  const parameter = ((v3.components as JsonObject).parameters as Record<string, JsonObject>).TesseraSignature!;
  assert.equal(parameter.example, vector.header);
  const example = ((v3.components as JsonObject).examples as Record<string, JsonObject>).NotificationSessionCompleted!.value;
  assert.equal(vector.body, JSON.stringify(example), 'the body is the session.completed example, compact');
});

test("the sandbox's verifier accepts the vector within the tolerance and refuses a tampered body and a stale timestamp", async () => {
  assert.deepEqual(await verifySignature(vector.header, vector.body, vector.secret, vector.timestamp + 299), {valid: true});
  assert.deepEqual(await verifySignature(vector.header, vector.body.replace('sandbox', 'production'), vector.secret, vector.timestamp), {
    valid: false,
    reason: 'mismatch',
  });
  assert.deepEqual(await verifySignature(vector.header, vector.body, vector.secret, vector.timestamp + 301), {
    valid: false,
    reason: 'stale',
  });
  assert.deepEqual(await verifySignature(vector.header, vector.body, 'whsec_test_other', vector.timestamp), {
    valid: false,
    reason: 'mismatch',
  });
});

test('the sample tests sign with the published test secret', () => {
  assert.equal(sampleEnvironment.TESSERA_WEBHOOK_SECRET, vector.secret);
});

test('every signature a guide shows is real: it verifies over the notification body the guide shows, with the published secret', () => {
  const guides = [
    'docs/guides/guides/quick_guides/payment_steps/completed_session.mdx',
    'docs/guides/guides/quick_guides/signup_steps/completed_session.mdx',
  ];
  for (const file of guides) {
    const source = readFileSync(file, 'utf8');
    const headers = [...source.matchAll(/Tessera-Signature: (t=(\d{10}),v1=[0-9a-f]{64})/g)];
    assert.ok(headers.length > 0, `${file} shows a signature`);
    const bodies = codeFences(file)
      .filter((fence) => fence.meta.schema === 'SessionNotification')
      .map((fence) => JSON.stringify(JSON.parse(fence.code)));
    for (const [, header, timestamp] of headers) {
      const verifies = bodies.some((body) => tesseraSignature(body, vector.secret, Number(timestamp)) === header);
      assert.ok(verifies, `${file}: ${header} is the signature of none of the page's notification bodies`);
    }
  }
});
