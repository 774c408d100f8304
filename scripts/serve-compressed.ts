/**
 * Serves the production build (`build/`) the way a real static host would, for the benchmark
 * (issue 5): gzip or brotli by Accept-Encoding, content types, long-lived caching for the hashed
 * assets, Docusaurus's clean URLs (`/path` → `/path/index.html` or `/path.html`) and `404.html`
 * with status 404. `docusaurus serve` does none of the compression, so page weights and Lighthouse
 * scores measured against it would not be those of the deployed site.
 *
 *   tsx scripts/serve-compressed.ts [port] [--root build]
 *
 * Only node:http, node:fs and node:zlib. Bound to 127.0.0.1; stops on SIGTERM or SIGINT.
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {brotliCompressSync, constants as zlibConstants, gzipSync} from 'node:zlib';

export const host = '127.0.0.1';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  // sdk/tessera-sdk.d.ts is offered for download as text, not as a video (.ts is MPEG-TS).
  '.ts': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

/** Types worth compressing: text. Images and fonts are already compressed. */
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.xml', '.txt', '.md', '.yaml', '.yml', '.ts', '.svg']);
/** Below this, compression saves less than the headers it costs (hosts use 1 KB or so too). */
const minCompressBytes = 1024;

/**
 * Compression levels of a host that compresses on the fly: 6 for both, the default of zlib's
 * gzip and of nginx's brotli module. Brotli 11 would take 27 s for the largest chunk on 2 cores,
 * for 1.5 % fewer bytes than 6. Each file is compressed once and kept in memory, so only the
 * first request of a file pays for it (the benchmark loads every page before measuring it).
 */
const gzipLevel = 6;
const brotliQuality = 6;

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer with for an Accept-Encoding header (RFC 9110 12.5.3): brotli when
 * accepted, else gzip, else none. `q=0` refuses a coding; `*` stands for any coding not named.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q' && value !== undefined) q = Number(value);
    }
    weights.set(name, Number.isFinite(q) ? q : 0);
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0 || weight('x-gzip') > 0) return 'gzip';
  return 'identity';
}

/**
 * The file a URL path names in a Docusaurus build, or undefined: the file itself, the folder's
 * index.html, or `<path>.html` (Docusaurus writes `/docs` as `docs/index.html` or `docs.html`
 * depending on trailingSlash). Paths that leave the root are refused.
 */
export function resolveFile(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const target = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (target !== root && !target.startsWith(root + path.sep)) return undefined;
  const candidates = decoded.endsWith('/')
    ? [path.join(target, 'index.html')]
    : [target, path.join(target, 'index.html'), `${target}.html`];
  for (const candidate of candidates) {
    if (isFile(candidate)) return candidate;
  }
  return undefined;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

type CachedFile = {body: Buffer; etag: string; mtimeMs: number; encoded: Partial<Record<Encoding, Buffer>>};

export type StaticServer = {server: Server; url: string; close: () => Promise<void>};

/** Starts the server over `root` on 127.0.0.1:`port` (0 picks a free port). */
export function startServer({root, port}: {root: string; port: number}): Promise<StaticServer> {
  const absoluteRoot = path.resolve(root);
  const cache = new Map<string, CachedFile>();

  const load = (file: string): CachedFile => {
    const stat = statSync(file);
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.body.length === stat.size) return cached;
    const fresh: CachedFile = {
      body: readFileSync(file),
      etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      mtimeMs: stat.mtimeMs,
      encoded: {},
    };
    cache.set(file, fresh);
    return fresh;
  };

  const encode = (entry: CachedFile, encoding: Encoding): Buffer => {
    if (encoding === 'identity') return entry.body;
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded =
        encoding === 'br'
          ? brotliCompressSync(entry.body, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              },
            })
          : gzipSync(entry.body, {level: gzipLevel});
      entry.encoded[encoding] = encoded;
    }
    return encoded;
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, {Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8'});
      response.end('Method Not Allowed\n');
      return;
    }
    const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname;
    let file = resolveFile(absoluteRoot, urlPath);
    let status = 200;
    if (!file) {
      status = 404;
      file = path.join(absoluteRoot, '404.html');
      if (!isFile(file)) {
        response.writeHead(404, {'Content-Type': 'text/plain; charset=utf-8'});
        response.end('Not Found\n');
        return;
      }
    }
    const extension = path.extname(file).toLowerCase();
    const entry = load(file);
    const headers: Record<string, string | number> = {
      'Content-Type': contentTypes[extension] ?? 'application/octet-stream',
      // Docusaurus puts a content hash in every file name under assets/: those never change.
      // Everything else (pages, search index, downloads) is revalidated on each visit.
      'Cache-Control':
        status === 200 && urlPath.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      'X-Content-Type-Options': 'nosniff',
    };
    if (status === 200) {
      headers.ETag = entry.etag;
      if (request.headers['if-none-match'] === entry.etag) {
        response.writeHead(304, headers);
        response.end();
        return;
      }
    }
    let encoding: Encoding = 'identity';
    if (compressible.has(extension)) {
      headers.Vary = 'Accept-Encoding';
      if (entry.body.length >= minCompressBytes) encoding = chooseEncoding(request.headers['accept-encoding']);
    }
    const body = encode(entry, encoding);
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = body.length;
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  };

  const server = createServer((request, response) => {
    try {
      handle(request, response);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, {'Content-Type': 'text/plain; charset=utf-8'});
      response.end('Internal Server Error\n');
      console.error(error);
    }
  });
  // Browsers keep connections open; let close() end them instead of waiting for their timeout.
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      resolve({
        server,
        url: `http://${host}:${actualPort}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

function parseArguments(argv: string[]): {port: number; root: string} {
  let port = 3300;
  let root = 'build';
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--root') root = argv[++index] ?? root;
    else if (argument === '--port') port = Number(argv[++index]);
    else if (/^\d+$/.test(argument)) port = Number(argument);
    else throw new Error(`Unknown argument ${argument}. Usage: serve-compressed.ts [port] [--root build]`);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Bad port ${port}`);
  return {port, root};
}

async function main(): Promise<void> {
  const {port, root} = parseArguments(process.argv.slice(2));
  if (!isFile(path.join(root, 'index.html'))) {
    console.error(`No build in ${root}/: run \`npm run build\` first.`);
    process.exit(1);
  }
  const {url, close} = await startServer({root, port});
  console.log(`Serving ${root}/ compressed at ${url}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void close().then(() => process.exit(0));
    });
  }
}

// Run as a script (not when imported): tsx runs this file as CommonJS, so no top-level await.
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
