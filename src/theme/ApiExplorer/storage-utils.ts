// Replaced (issue 5, spec 7): the theme's version hashes storage keys with crypto-js (30 KB gzipped); the explorer keeps nothing (authPersistence: false), so keys only need to be stable.

/** A stable key for a set of strings, independent of their order (FNV-1a, 32 bits). */
export function hashArray(items: string[]): string {
  const text = [...items].sort().join('\u0000');
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

const memoryOnly: Storage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
  clear: () => undefined,
  key: () => null,
  length: 0,
};

/** The explorer's storage: nothing is ever written to the browser (spec 7 allows only theme, announcement and version). */
export function createStorage(_persistence?: unknown): Storage {
  return memoryOnly;
}
