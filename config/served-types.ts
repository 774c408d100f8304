/**
 * The file types the site serves, by extension: nginx's whole type map for the site
 * (deploy/nginx/tessera-docs.conf's `types` block lists exactly these) and the allow-list of the
 * deploy (scripts/deploy.ts refuses a build holding any other file, and nginx answers 404 for any
 * other extension), so a stray `.bak`, `web.config` or `composer.json` is neither deployed nor served.
 */
export const servedTypes: Readonly<Record<string, readonly string[]>> = {
  'text/html': ['html'],
  'text/css': ['css'],
  'text/javascript': ['js', 'mjs'],
  'application/json': ['json'],
  'application/manifest+json': ['webmanifest'],
  'application/xml': ['xml'],
  'text/plain': ['txt', 'ts'],
  'text/markdown': ['md'],
  'application/yaml': ['yaml', 'yml'],
  'image/svg+xml': ['svg'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/avif': ['avif'],
  'image/x-icon': ['ico'],
  'font/woff2': ['woff2'],
  'font/woff': ['woff'],
  'font/ttf': ['ttf'],
  'application/pdf': ['pdf'],
  'application/wasm': ['wasm'],
};

export const servedExtensions: readonly string[] = Object.values(servedTypes).flat();

/** Precompressed twins (scripts/precompress.ts), which nginx's brotli_static and gzip_static send in place of the file. */
export const precompressedSuffixes = ['br', 'gz'] as const;

/** Files of a build that are not served but belong to it: the CDN header file (nginx answers 404 for it). */
export const unservedBuildFiles = ['_headers'] as const;

/** Whether a build may hold the file at `relative` (a path from the build's root, `/`-separated), judged by its extension. */
export function isServedType(relative: string): boolean {
  if ((unservedBuildFiles as readonly string[]).includes(relative)) return true;
  const name = relative.slice(relative.lastIndexOf('/') + 1).replace(/(\.(br|gz))$/, '');
  const dot = name.lastIndexOf('.');
  return dot > 0 && servedExtensions.includes(name.slice(dot + 1));
}
