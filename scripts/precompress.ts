/**
 * After `npm run build` (package.json `postbuild`): writes `<file>.br` and `<file>.gz` beside every
 * text file of the build, which nginx sends as they are (`brotli_static`, `gzip_static`,
 * deploy/nginx/tessera-docs.conf) instead of compressing each response again. Compressing once at
 * build time affords the strongest settings: brotli 11 and gzip 9.
 *
 *   tsx scripts/precompress.ts [--root build]
 */
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {brotliCompress, constants as zlibConstants, gzip} from 'node:zlib';

/** Extensions of the text files the site serves; images other than SVG and fonts are compressed already. */
export const compressibleExtensions = [
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.map',
  '.xml',
  '.txt',
  '.md',
  '.yaml',
  '.yml',
  '.ts',
  '.svg',
  '.webmanifest',
];
/** Below this, compression saves less than a packet; nginx's gzip_min_length is the same. */
export const minCompressBytes = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function* filesUnder(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, {withFileTypes: true})) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export function isCompressible(file: string): boolean {
  return compressibleExtensions.includes(path.extname(file).toLowerCase()) && statSync(file).size >= minCompressBytes;
}

/** Compresses every compressible file under `root`; zlib works on libuv's threads, a few files at a time. */
export async function precompress(root: string): Promise<{files: number; bytes: number; brotliBytes: number; gzipBytes: number}> {
  const queue = [...filesUnder(root)].filter(isCompressible);
  const totals = {files: queue.length, bytes: 0, brotliBytes: 0, gzipBytes: 0};
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const body = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, {level: 9}),
      ]);
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gz);
      totals.bytes += body.length;
      totals.brotliBytes += br.length;
      totals.gzipBytes += gz.length;
    }
  };
  await Promise.all(Array.from({length: 4}, worker));
  return totals;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const rootIndex = process.argv.indexOf('--root');
  const root = path.resolve(rootIndex > 0 ? process.argv[rootIndex + 1]! : 'build');
  const started = performance.now();
  precompress(root).then(
    ({files, bytes, brotliBytes, gzipBytes}) => {
      const mb = (value: number) => (value / 1024 ** 2).toFixed(1);
      console.log(
        `Precompressed ${files} files (${mb(bytes)} MB): brotli ${mb(brotliBytes)} MB, gzip ${mb(gzipBytes)} MB, in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      );
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
