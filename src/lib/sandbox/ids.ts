/** Ids and secrets in the forms the OpenAPI file's patterns give them, from the platform's CSPRNG. */
const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomAlphanumeric(length: number): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length));
  // 62 does not divide 256: the slight bias is harmless for sandbox ids.
  return Array.from(bytes, (byte) => alphanumeric[byte % alphanumeric.length]).join('');
}

export const uuid = (): string => globalThis.crypto.randomUUID();
export const requestId = (): string => `req_${randomAlphanumeric(24)}`;
