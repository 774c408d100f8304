/**
 * After `npm run build` (package.json `postbuild`): writes the site's response headers
 * (config/security-headers.ts) into the build for CDNs (`_headers`), with the
 * Content-Security-Policy's script hashes computed from the built pages. nginx gets its headers
 * from scripts/deploy.ts (and scripts/nginx-server.ts), rendered outside the build.
 *
 *   tsx scripts/write-host-headers.ts [--root build]
 *
 * Fails when a page has an inline event handler (no hash can allow one) or when the pages' inline
 * scripts stop being shared (a per-page script would put one hash per page into the header).
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {buildScriptHashes, hashedFilePaths, headersFile, type BuildScripts} from '../config/security-headers';

export const cdnHeadersFile = '_headers';

export function writeHostHeaders(root: string): BuildScripts {
  const scripts = buildScriptHashes(root);
  writeFileSync(path.join(root, cdnHeadersFile), headersFile(scripts.hashes, hashedFilePaths(root)));
  return scripts;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const rootIndex = process.argv.indexOf('--root');
  const root = path.resolve(rootIndex > 0 ? process.argv[rootIndex + 1]! : 'build');
  const {hashes, pages} = writeHostHeaders(root);
  console.log(`Wrote ${cdnHeadersFile}: ${hashes.length} inline script hashes from ${pages} pages.`);
}
