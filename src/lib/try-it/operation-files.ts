/**
 * The file name of an operation's console module, for an API whose console loads one operation at
 * a time (src/lib/try-it/apis.ts: `perOperation`): the build names each module so
 * (scripts/sandbox/build-console.ts) and the worker finds it from the page's method and path
 * alone, with no index to fetch first. A 53-bit hash of `METHOD /path` (cyrb53, public domain)
 * in hex: the build refuses a file in which two operations' names collide.
 */
export function operationFileName(method: string, template: string): string {
  const text = `${method.toUpperCase()} ${template}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `${hash.toString(16).padStart(14, '0')}.mjs`;
}
