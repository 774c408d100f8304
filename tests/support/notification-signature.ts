/**
 * Signs notification bodies as Tessera does, for the tests that play Tessera in front of a
 * reader's handler: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` with the published test
 * secret (tests/unit/signature-vector.test.ts checks that this reproduces the file's test vector).
 */
import {createHmac} from 'node:crypto';
import {loadApiDocument, apiFiles, type JsonObject} from '../../src/lib/openapi';

export type TestVector = {secret: string; timestamp: number; body: string; header: string};

/** The `x-tessera-test-vector` of the V3 file's `Tessera-Signature` parameter. */
export function signatureTestVector(): TestVector {
  const parameters = ((loadApiDocument(apiFiles.v3).components as JsonObject).parameters ?? {}) as Record<string, JsonObject>;
  return parameters.TesseraSignature!['x-tessera-test-vector'] as TestVector;
}

export function tesseraSignature(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
