/**
 * deploy/nginx/tessera-docs.conf over a small stand-in build: the file types other parts of the
 * site serve (Markdown twins, llms.txt, Postman collections) get their type, charset and
 * compression whether or not the build precompressed them. Needs nginx and its brotli module
 * (`.ci/run` installs both).
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {request} from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {headersFile} from '../../config/security-headers';
import {startNginx, type NginxServer} from '../../scripts/nginx-server';
import {precompress} from '../../scripts/precompress';
import {cdnHeadersFile} from '../../scripts/write-host-headers';

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

const text = (line: string) => `${line}\n`.repeat(200);
let root: string;
let server: NginxServer;

before(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tessera-nginx-site-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(path.join(root, '404.html'), '<!doctype html><title>Page Not Found</title>');
  writeFileSync(path.join(root, 'guide.html'), '<!doctype html><title>Guide</title>');
  writeFileSync(path.join(root, 'guide.md'), text('# Guide, as Markdown'));
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
