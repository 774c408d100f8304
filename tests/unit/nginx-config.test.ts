/**
 * deploy/nginx/tessera-docs.conf over a small stand-in build: the file types other parts of the
 * site serve (Markdown twins, llms.txt, Postman collections) get their type, charset and
 * compression whether or not the build precompressed them, and every request that accepts brotli
 * gets the .br file. Needs nginx and its brotli module (`.ci/run` installs both).
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {request} from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {headersFile} from '../../config/security-headers';
import {siteConfigFile, startNginx, type NginxServer} from '../../scripts/nginx-server';
import {precompress} from '../../scripts/precompress';
import {cdnHeadersFile} from '../../scripts/write-host-headers';
import {sendRaw} from '../support/raw-http';

type Answer = {status: number; headers: Record<string, string | string[] | undefined>; bytes: number};

function fetchRaw(url: string, acceptEncoding: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(url, {headers: {'Accept-Encoding': acceptEncoding}}, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({status: response.statusCode!, headers: response.headers, bytes}));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The Content-Encoding nginx answers a request for `urlPath` that accepts brotli, with the Host
 * header `name`; written on a raw socket so that no other header varies.
 */
async function encodingFor(port: number, urlPath: string, name: string): Promise<string | undefined> {
  const {headers} = await sendRaw(
    port,
    `GET ${urlPath} HTTP/1.1\r\nHost: ${name}\r\nAccept-Encoding: gzip, br\r\nConnection: close\r\n\r\n`,
  );
  return headers.get('content-encoding');
}

/** Host names of 1 to 64 letters: what nginx allocates for each header moves what follows a file name in memory. */
const hostNames = Array.from({length: 64}, (_, index) => 'h'.repeat(index + 1));

/** How many of the requests for `urlPath` over `hostNames` were not answered with the .br file. */
async function missedBrotli(port: number, urlPath: string): Promise<number> {
  let missed = 0;
  for (const name of hostNames) if ((await encodingFor(port, urlPath, name)) !== 'br') missed += 1;
  return missed;
}

const text = (line: string) => `${line}\n`.repeat(200);
let root: string;
let server: NginxServer;

before(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tessera-nginx-site-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(path.join(root, '404.html'), '<!doctype html><title>Page Not Found</title>');
  writeFileSync(path.join(root, 'guide.html'), '<!doctype html><title>Guide</title>');
  writeFileSync(path.join(root, 'guide.md'), text('# Guide, as Markdown'));
  mkdirSync(path.join(root, 'docs'));
  writeFileSync(path.join(root, 'docs/page.html'), `<!doctype html><title>Page</title>${text('<p>A page in a folder.')}`);
  writeFileSync(path.join(root, 'llms.txt'), text('- [Guide](/guide.md)'));
  writeFileSync(path.join(root, 'llms-full.txt'), text('The whole site as text.'));
  writeFileSync(path.join(root, 'tessera.postman_collection.json'), `{"item": [${'{"name": "Create session"},'.repeat(100)}{}]}`);
  writeFileSync(path.join(root, cdnHeadersFile), headersFile([], []));
  // Precompressed twins for some files only: the others are compressed by nginx on the fly.
  await precompress(root);
  rmSync(path.join(root, 'llms-full.txt.br'));
  rmSync(path.join(root, 'llms-full.txt.gz'));
  server = await startNginx({root, workers: 1});
});

after(async () => {
  await server?.stop();
  rmSync(root, {recursive: true, force: true});
});

const cases = [
  {file: '/guide.md', type: 'text/markdown; charset=utf-8', precompressed: true},
  {file: '/llms.txt', type: 'text/plain; charset=utf-8', precompressed: true},
  {file: '/llms-full.txt', type: 'text/plain; charset=utf-8', precompressed: false},
  {file: '/tessera.postman_collection.json', type: 'application/json; charset=utf-8', precompressed: true},
];

for (const {file, type, precompressed} of cases) {
  test(`${file} is ${type}, compressed`, async () => {
    const plain = await fetchRaw(server.url + file, 'identity');
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-type'], type);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers['cache-control'], 'no-cache');
    assert.equal(plain.headers['x-content-type-options'], 'nosniff');
    const gzip = await fetchRaw(server.url + file, 'gzip');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.ok(gzip.bytes < plain.bytes);
    // nginx sends brotli only from a precompressed file (brotli_static).
    const brotli = await fetchRaw(server.url + file, 'br, gzip');
    assert.equal(brotli.headers['content-encoding'], precompressed ? 'br' : 'gzip');
  });
}

test('the page and its Markdown twin live side by side: /guide, /guide.md, and /guide/ redirects', async () => {
  assert.equal((await fetchRaw(`${server.url}/guide`, 'identity')).headers['content-type'], 'text/html; charset=utf-8');
  const slash = await fetchRaw(`${server.url}/guide/`, 'identity');
  assert.equal(slash.status, 301);
  assert.equal(slash.headers.location, '/guide');
  assert.equal((await fetchRaw(`${server.url}/guide.md/`, 'identity')).status, 404);
});

// Debian's brotli_static module (1.0.0~rc-3; upstream's code is the same) adds the length of ".br"
// to a path length that already counts it and the final NUL, so the name it hands nginx ends 3
// bytes past the string. nginx reads it as a C string unless `disable_symlinks` is set; then it
// walks the whole length for a `/`, and where a `/` lies in those bytes (what an earlier request
// left in the memory, so it varies with the headers and the worker's history) it writes a NUL there
// and misses the .br file. The shipped configuration does not set it (deploy/nginx/tessera-docs.conf).
test('every request that accepts brotli gets the .br file, whatever its headers', async () => {
  assert.doesNotMatch(readFileSync(siteConfigFile, 'utf8'), /^\s*disable_symlinks\b/m);
  for (const urlPath of ['/guide.md', '/llms.txt', '/docs/page']) assert.equal(await missedBrotli(server.port, urlPath), 0, urlPath);
});
