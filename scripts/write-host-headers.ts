/**
 * After `npm run build` (package.json `postbuild`): writes the site's response headers
 * (config/security-headers.ts) into the build, for nginx (`_headers.nginx.conf`) and for CDNs
 * (`_headers`), with the Content-Security-Policy's script hashes computed from the built pages.
 *
 *   tsx scripts/write-host-headers.ts [--root build]
 *
 * Fails when a page has an inline event handler (no hash can allow one) or when the pages' inline
 * scripts stop being shared (a per-page script would put one hash per page into the header).
 */
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {headersFile, inlineHandlers, inlineScripts, isImmutablePath, nginxHeaders, scriptHashSource} from '../config/security-headers';

/** Today three (colour mode, announcement bar, script starter); more means a per-page script slipped in. */
export const maxDistinctInlineScripts = 6;

export const nginxHeadersFile = '_headers.nginx.conf';
export const cdnHeadersFile = '_headers';

function* filesUnder(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, {withFileTypes: true})) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export type BuildScripts = {hashes: string[]; pages: number};

/** The hashes of the inline scripts of every HTML file under `root`. */
export function buildScriptHashes(root: string): BuildScripts {
  const hashes = new Set<string>();
  let pages = 0;
  for (const file of filesUnder(root)) {
    if (!file.endsWith('.html')) continue;
    pages += 1;
    const html = readFileSync(file, 'utf8');
    const handlers = inlineHandlers(html);
    if (handlers.length > 0) {
      throw new Error(`${path.relative(root, file)} has inline handlers (${handlers.join(', ')}), which the CSP refuses: use addEventListener in a bundled script.`);
    }
    for (const script of inlineScripts(html)) hashes.add(scriptHashSource(script));
  }
  if (pages === 0) throw new Error(`No HTML files under ${root}: run the build first.`);
  if (hashes.size > maxDistinctInlineScripts) {
    throw new Error(
      `The pages have ${hashes.size} different inline scripts (at most ${maxDistinctInlineScripts}): an inline script that differs per page ` +
        'would put one CSP hash per page into every response. Pass per-page data in a JSON data block instead (see config/ssr-template.ts).',
    );
  }
  return {hashes: [...hashes].sort(), pages};
}

/** The hashed files outside /assets/ and /diagrams/, which a glob cannot pick out: the search index files. */
export function hashedFilePaths(root: string): string[] {
  return [...filesUnder(root)]
    .map((file) => `/${path.relative(root, file).split(path.sep).join('/')}`)
    .filter((urlPath) => isImmutablePath(urlPath) && !/^\/(assets|diagrams)\//.test(urlPath))
    .sort();
}

export function writeHostHeaders(root: string): BuildScripts {
  const scripts = buildScriptHashes(root);
  writeFileSync(path.join(root, nginxHeadersFile), nginxHeaders(scripts.hashes));
  writeFileSync(path.join(root, cdnHeadersFile), headersFile(scripts.hashes, hashedFilePaths(root)));
  return scripts;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const rootIndex = process.argv.indexOf('--root');
  const root = path.resolve(rootIndex > 0 ? process.argv[rootIndex + 1]! : 'build');
  const {hashes, pages} = writeHostHeaders(root);
  console.log(`Wrote ${cdnHeadersFile} and ${nginxHeadersFile}: ${hashes.length} inline script hashes from ${pages} pages.`);
}
