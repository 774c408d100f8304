/**
 * The `Tessera-Signature` of a notification: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`,
 * keyed with the webhook signing secret, as the OpenAPI file's `TesseraSignature` parameter
 * describes it. Web Crypto, so the same code signs in Node (20+) and in a browser worker.
 */
const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), {name: 'HMAC', hash: 'SHA-256'}, false, ['sign']);
  const signature = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The header value for a raw body signed at `timestamp` (Unix seconds), one `v1` per secret (current first). */
export async function signatureHeader(secrets: string[], timestamp: number, rawBody: string): Promise<string> {
  const signatures = await Promise.all(secrets.map((secret) => hmacHex(secret, `${timestamp}.${rawBody}`)));
  return [`t=${timestamp}`, ...signatures.map((signature) => `v1=${signature}`)].join(',');
}

export type SignatureCheck = {valid: true} | {valid: false; reason: 'malformed' | 'mismatch' | 'stale'};

/** Verifies a header as a receiver must: any `v1` matches, and `t` within `toleranceSeconds` of `nowSeconds`. */
export async function verifySignature(
  header: string,
  rawBody: string,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): Promise<SignatureCheck> {
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) return {valid: false, reason: 'malformed'};
  const expected = await hmacHex(secret, `${timestamp}.${rawBody}`);
  if (!signatures.includes(expected)) return {valid: false, reason: 'mismatch'};
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return {valid: false, reason: 'stale'};
  return {valid: true};
}
