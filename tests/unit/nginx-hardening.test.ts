/**
 * The shipped nginx configuration (deploy/nginx/) against what a prober sends, over a small
 * stand-in build: files that must never be served, malformed requests nginx answers before the
 * configuration applies (sent on raw sockets: no HTTP client would send them), the CSP report
 * endpoint, and the plain-HTTP server's redirect. Needs nginx and its brotli module.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {request} from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {headersFile} from '../../config/security-headers';
import {servedExtensions, servedTypes} from '../../config/served-types';
import {
  freePort,
  host,
  httpConfigFile,
  launchNginx,
  localNginxMainConfig,
  newPrefix,
  nginxPath,
  redirectConfigFile,
  siteConfigFile,
  startNginx,
  writeLocalSiteConfig,
  type NginxServer,
} from '../../scripts/nginx-server';
import {cdnHeadersFile} from '../../scripts/write-host-headers';
import {sendRaw} from '../support/raw-http';

type Answer = {status: number; headers: Record<string, string | string[] | undefined>; body: string};

function send(url: string, options: {method?: string; headers?: Record<string, string>; body?: string | Buffer} = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {method: options.method ?? 'GET', headers: options.headers}, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({status: response.statusCode!, headers: response.headers, body}));
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/**
 * The lines of nginx's log once it holds `count` of them. nginx writes a request's log line after
 * it has sent the answer, so a client that has read the answer may still find the line missing.
 */
async function logLinesOnceWritten(file: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    if (lines.length >= count || Date.now() > deadline) return lines;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const notFoundPage = '<!doctype html><title>Page Not Found</title>';
/** A file name that, decoded into a redirect's Location, would end the header and start another. */
const injectedName = 'page\r\nSet-Cookie: planted=1';
const olderVersionNotFoundPage = '<!doctype html><title>Page Not Found</title><p>1.0.0';
let root: string;
let server: NginxServer;

before(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tessera-nginx-hardening-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(path.join(root, '404.html'), notFoundPage);
  mkdirSync(path.join(root, 'docs/1.0.0'), {recursive: true});
  writeFileSync(path.join(root, 'docs/1.0.0/404.html'), olderVersionNotFoundPage);
  writeFileSync(path.join(root, 'docs/1.0.0/refunds.html'), '<!doctype html><title>Refunds</title>');
  writeFileSync(path.join(root, cdnHeadersFile), headersFile([], []));
  // What a careless build or copy could leave in the web root.
  for (const file of [
    '.git/config',
    '.git/HEAD',
    '.env',
    'docs/.secret',
    'assets/js/main.0a1b2c3d.js',
    'assets/js/main.0a1b2c3d.js.map',
    'package.json',
    'package-lock.json',
    'docs/package.json',
    'node_modules/left-pad/index.js',
    // The same in another case, as a precompressed twin, and private keys.
    'assets/js/main.0a1b2c3d.js.MAP',
    'assets/js/main.0a1b2c3d.js.map.gz',
    'Package.JSON',
    'package.json.gz',
    'package.json.br',
    'id_rsa',
    'docs/tls.KEY',
    'site.conf.gz',
  ]) {
    mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
    writeFileSync(path.join(root, file), 'not for readers');
  }
  // Not of a type the site serves, and a precompressed twin asked for by its own name.
  for (const file of ['guide.bak', 'web.config', 'index.html.br', 'docs/1.0.0/refunds.html.gz'])
    writeFileSync(path.join(root, file), 'not for readers');
  // A page whose name holds a line break.
  writeFileSync(path.join(root, `${injectedName}.html`), '<!doctype html><title>Injected</title>');
  server = await startNginx({root, workers: 1});
});

after(async () => {
  await server?.stop();
  rmSync(root, {recursive: true, force: true});
});

test('dotfiles, source maps and package files are answered 404 with the site’s 404 page', async () => {
  assert.equal((await send(`${server.url}/assets/js/main.0a1b2c3d.js`)).status, 200);
  for (const urlPath of [
    '/.git/config',
    '/.git/HEAD',
    '/.git/',
    '/.env',
    '/docs/.secret',
    '/assets/js/main.0a1b2c3d.js.map',
    '/package.json',
    '/package-lock.json',
    '/docs/package.json',
    '/node_modules/left-pad/index.js',
    '/node_modules/',
    '/%2egit/config',
    '/assets/js/main.0a1b2c3d.js.MAP',
    '/assets/js/main.0a1b2c3d.js.map.gz',
    '/Package.JSON',
    '/package.json.gz',
    '/package.json.br',
    '/id_rsa',
    '/docs/tls.KEY',
    '/site.conf.gz',
  ]) {
    const answer = await send(server.url + urlPath);
    assert.equal(answer.status, 404, urlPath);
    assert.equal(answer.body, notFoundPage, urlPath);
    assert.equal(answer.headers['cache-control'], 'no-cache', urlPath);
  }
});

test('a missing page under a docs version is answered with that version’s not-found page, which is never a 200', async () => {
  assert.equal((await send(`${server.url}/docs/1.0.0/refunds`)).status, 200);
  const cases: [urlPath: string, body: string][] = [
    ['/docs/1.0.0/api/no-such-operation', olderVersionNotFoundPage],
    ['/docs/1.0.0/no-such-guide/', olderVersionNotFoundPage],
    ['/docs/1.0.0/404.html', olderVersionNotFoundPage],
    ['/docs/1.0.0/404', olderVersionNotFoundPage],
    // The version's root has no page: the browser renders it in that version.
    ['/docs/1.0.0', olderVersionNotFoundPage],
    ['/docs/1.0.0?from=x', olderVersionNotFoundPage],
    // A version the build has no not-found page for, and paths outside the versions.
    ['/docs/9.9.9/refunds', notFoundPage],
    ['/no-such-page', notFoundPage],
    ['/404.html', notFoundPage],
    // The home and not-found pages have one address each.
    ['/404', notFoundPage],
    ['/index', notFoundPage],
    ['/index.html', notFoundPage],
  ];
  for (const [urlPath, body] of cases) {
    const answer = await send(server.url + urlPath);
    assert.equal(answer.status, 404, urlPath);
    assert.equal(answer.body, body, urlPath);
    assert.equal(answer.headers['cache-control'], 'no-cache', urlPath);
  }
});

test('errors nginx answers before the configuration applies keep their status, are not cached, and log no warning', async () => {
  const requests: [label: string, bytes: string, status: string][] = [
    ['duplicate Host', 'GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n', '400 Bad Request'],
    ['no request line', 'garbage\r\n\r\n', '400 Bad Request'],
    ['header line too long', `GET / HTTP/1.1\r\nHost: x\r\nX: ${'a'.repeat(20_000)}\r\n\r\n`, '400 Bad Request'],
    ['URI too long', `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, '414 Request-URI Too Large'],
    ['TRACE', 'TRACE / HTTP/1.1\r\nHost: x\r\n\r\n', '405 Not Allowed'],
    ['unknown transfer coding', 'GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n', '501 Not Implemented'],
    ['HTTP/2.0 request line', 'GET / HTTP/2.0\r\nHost: x\r\n\r\n', '505 HTTP Version Not Supported'],
    ['DELETE', 'DELETE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', '405 Not Allowed'],
  ];
  const logBefore = server.errorLog().length;
  for (const [label, bytes, status] of requests) {
    const answer = await sendRaw(server.port, bytes);
    assert.equal(answer.statusLine, `HTTP/1.1 ${status}`, label);
    assert.equal(answer.headers.get('cache-control'), 'no-store', label);
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff', label);
    assert.match(answer.headers.get('content-security-policy') ?? '', /^default-src 'self'/, label);
  }
  // The local server logs at `warn`: anything here is a warning or worse.
  assert.equal(server.errorLog().slice(logBefore), '');
});

test('CSP reports are accepted on the site’s own origin, logged, and limited; nothing else may POST', async () => {
  const log = path.join(server.prefix, 'csp-reports.log');
  const report = JSON.stringify({
    'csp-report': {'document-uri': 'http://127.0.0.1/docs', 'blocked-uri': 'inline', 'violated-directive': 'script-src-elem'},
  });
  const reported = await send(`${server.url}/csp-report`, {
    method: 'POST',
    headers: {'Content-Type': 'application/csp-report'},
    body: report,
  });
  assert.equal(reported.status, 204);
  assert.equal(reported.headers['cache-control'], 'no-cache');
  const reportsJson = JSON.stringify([{type: 'csp-violation', body: {blockedURL: 'inline'}}]);
  const reportedByApi = await send(`${server.url}/csp-report`, {
    method: 'POST',
    headers: {'Content-Type': 'application/reports+json'},
    body: reportsJson,
  });
  assert.equal(reportedByApi.status, 204);
  const logged = async (count: number) =>
    (await logLinesOnceWritten(log, count)).map((line) => {
      const {type, report: body} = JSON.parse(line) as {type: string; report: string};
      return [type, body];
    });
  assert.deepEqual(await logged(2), [
    ['application/csp-report', report],
    ['application/reports+json', reportsJson],
  ]);

  const refused: [label: string, url: string, options: Parameters<typeof send>[1], status: number][] = [
    ['too large', '/csp-report', {method: 'POST', headers: {'Content-Type': 'application/csp-report'}, body: 'x'.repeat(17 * 1024)}, 413],
    ['another type', '/csp-report', {method: 'POST', headers: {'Content-Type': 'text/plain'}, body: report}, 415],
    ['GET', '/csp-report', {}, 405],
    ['PUT', '/csp-report', {method: 'PUT', headers: {'Content-Type': 'application/csp-report'}, body: report}, 405],
    ['POST elsewhere', '/', {method: 'POST', headers: {'Content-Type': 'application/csp-report'}, body: report}, 405],
    ['the internal locations', '/_csp-report-accepted', {}, 404],
  ];
  for (const [label, url, options, status] of refused) assert.equal((await send(server.url + url, options)).status, status, label);
  // The one worker logs each request before it reads the next, so once a report sent after the
  // refused requests is logged, any line those requests wrote is in the file before it.
  const last = JSON.stringify({'csp-report': {'document-uri': 'http://127.0.0.1/last', 'blocked-uri': 'eval'}});
  assert.equal(
    (await send(`${server.url}/csp-report`, {method: 'POST', headers: {'Content-Type': 'application/csp-report'}, body: last})).status,
    204,
  );
  assert.deepEqual((await logged(3)).slice(2), [['application/csp-report', last]], 'only accepted reports are logged');
});

test('a control character in a path is refused before any redirect can carry it into a header', async () => {
  const encoded = encodeURIComponent(injectedName);
  for (const urlPath of [`/${encoded}/`, `/${encoded}`, '/docs/%00/', '/%7F']) {
    const answer = await send(server.url + urlPath);
    assert.equal(answer.status, 400, urlPath);
    assert.equal(answer.headers['set-cookie'], undefined, urlPath);
    assert.equal(answer.headers.location, undefined, urlPath);
    assert.equal(answer.headers['cache-control'], 'no-store', urlPath);
  }
});

test('a Range header is ignored: the whole file, with each header once', async () => {
  for (const range of ['bytes=999999999-', 'bytes=0-1,3-4', 'bytes=2-3']) {
    const answer = await sendRaw(server.port, `GET / HTTP/1.1\r\nHost: x\r\nRange: ${range}\r\nConnection: close\r\n\r\n`);
    assert.equal(answer.statusLine, 'HTTP/1.1 200 OK', range);
    assert.equal(answer.headers.get('content-range'), undefined, range);
    const repeated = answer.headerNames.filter((name, index) => answer.headerNames.indexOf(name) !== index);
    assert.deepEqual(repeated, [], range);
  }
});

test('a CSP report that is not shaped as JSON is refused and not logged, and a flood is limited', async () => {
  const log = path.join(server.prefix, 'csp-reports.log');
  const linesBefore = (await logLinesOnceWritten(log, 1)).length;
  const post = (body: string | Buffer) =>
    send(`${server.url}/csp-report`, {method: 'POST', headers: {'Content-Type': 'application/csp-report'}, body});
  // The limits of the earlier reports are spent after 3 s (2 a second, a burst of 5).
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const body of [
    'not a report',
    // Cut short, as a report truncated in transit would be.
    '{"csp-report": {"blocked-uri": "inl',
    Buffer.from('{"csp-report":{"blocked-uri":"in\0line"}}'),
    // Not UTF-8: the log line would be neither UTF-8 nor JSON.
    Buffer.concat([Buffer.from('{"csp-report":{"blocked-uri":"in'), Buffer.from([0xff]), Buffer.from('line"}}')]),
  ]) {
    assert.equal((await post(body)).status, 400, String(body));
  }
  const valid = JSON.stringify({'csp-report': {'blocked-uri': 'flood'}});
  const started = performance.now();
  const statuses = await Promise.all(Array.from({length: 60}, () => post(valid).then((answer) => answer.status)));
  const seconds = (performance.now() - started) / 1000;
  const accepted = statuses.filter((status) => status === 204).length;
  // The burst and the first, then 2 a second for as long as the flood took (longer on a busy machine).
  const allowed = 6 + Math.ceil(2 * seconds);
  assert.ok(
    accepted >= 1 && accepted <= allowed,
    `accepted ${accepted} of 60 sent at once in ${seconds.toFixed(2)} s (at most ${allowed})`,
  );
  assert.equal(statuses.filter((status) => status === 429).length, 60 - accepted);
  const lines = await logLinesOnceWritten(log, linesBefore + accepted);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const logged = readFileSync(log, 'utf8').split('\n').filter(Boolean).slice(linesBefore);
  assert.equal(lines.length, linesBefore + accepted);
  assert.equal(logged.length, accepted, 'only the accepted reports are logged');
  for (const line of logged) assert.equal((JSON.parse(line) as {report: string}).report, valid);
  // Refused reports are not written to the error log either (the local server logs at warn).
  assert.doesNotMatch(server.errorLog(), /limiting requests/);
});

test('the plain-HTTP server redirects every request to HTTPS on the same name, path and query', async () => {
  const port = await freePort();
  const prefix = newPrefix();
  const redirect = await launchNginx({
    prefix,
    port,
    config: localNginxMainConfig({
      prefix,
      workers: 1,
      servers: `    server {
        listen ${host}:${port};
        server_name docs.tessera.example;
        include ${redirectConfigFile};
    }`,
    }),
  });
  try {
    for (const urlPath of ['/', '/docs/3.0.0/api/create-session?tab=php#x', '/no-such-page/', '/.git/config']) {
      const answer = await send(redirect.url + urlPath, {headers: {Host: 'attacker.example'}});
      assert.equal(answer.status, 301, urlPath);
      assert.equal(answer.headers.location, `https://docs.tessera.example${urlPath.replace(/#.*/, '')}`, urlPath);
      assert.equal(answer.headers.server, 'nginx');
    }
  } finally {
    await redirect.stop();
  }
});

test('on Debian, the server blocks the configuration’s header documents pass nginx -t as written, with the modules Debian enables and no load_module of its own', async (context) => {
  const modulesEnabled = '/etc/nginx/modules-enabled';
  if (!existsSync(modulesEnabled)) {
    context.skip('not Debian');
    return;
  }
  const header = readFileSync(siteConfigFile, 'utf8').split('\n\n')[0]!;
  // Written as advice for other systems, never as a line to copy into Debian's main context.
  assert.doesNotMatch(header, /^#\s+load_module/m);
  const prefix = newPrefix();
  try {
    // The documented lines as an operator copies them, with this run's files for the site's own.
    const certificate = path.join(prefix, 'docs.pem');
    const key = path.join(prefix, 'docs.key');
    const openssl = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=docs.tessera.example',
        '-keyout',
        key,
        '-out',
        certificate,
      ],
      {encoding: 'utf8'},
    );
    assert.equal(openssl.status, 0, openssl.stderr);
    const replacements: [documented: string, local: string][] = [
      ['/etc/nginx/tessera-docs-http.conf', httpConfigFile],
      ['/etc/nginx/tessera-docs-redirect.conf', redirectConfigFile],
      ['/etc/nginx/tessera-docs.conf', writeLocalSiteConfig(prefix)],
      ['/srv/tessera-docs/current/release.nginx.conf', path.join(server.prefix, 'release.nginx.conf')],
      ['/etc/ssl/certs/docs.tessera.example.pem', certificate],
      ['/etc/ssl/private/docs.tessera.example.key', key],
    ];
    let documented = header
      .split('\n')
      .filter((line) => line.startsWith('#   '))
      .map((line) => line.slice(4))
      .join('\n');
    for (const [from, to] of replacements) {
      assert.ok(documented.includes(from), `the header names ${from}`);
      documented = documented.replaceAll(from, to);
    }
    const main = (extra: string) => `${extra}
include ${modulesEnabled}/*.conf;
pid ${path.join(prefix, 'nginx.pid')};
events {}
http {
${documented}
}
`;
    const check = (config: string) => {
      writeFileSync(path.join(prefix, 'nginx.conf'), config);
      // No -p: Debian's module lines name paths relative to nginx's own prefix. -t opens no port.
      return spawnSync(nginxPath, ['-t', '-q', '-e', 'stderr', '-c', path.join(prefix, 'nginx.conf')], {encoding: 'utf8'});
    };
    const asDocumented = check(main(''));
    assert.equal(asDocumented.status, 0, asDocumented.stderr);
    assert.equal(asDocumented.stderr, '', 'no warning either');
    const withLoadModule = check(main('load_module modules/ngx_http_brotli_static_module.so;'));
    assert.notEqual(withLoadModule.status, 0);
    assert.match(withLoadModule.stderr, /already loaded/);
  } finally {
    rmSync(prefix, {recursive: true, force: true});
  }
});

test('files are served by type from an allow-list: another extension, or a precompressed twin by name, is answered 404', async () => {
  for (const urlPath of ['/guide.bak', '/web.config', '/index.html.br', '/docs/1.0.0/refunds.html.gz']) {
    const answer = await send(server.url + urlPath);
    assert.equal(answer.status, 404, urlPath);
    assert.equal(answer.body, urlPath.startsWith('/docs/1.0.0/') ? olderVersionNotFoundPage : notFoundPage, urlPath);
  }
  assert.equal((await send(`${server.url}/docs/1.0.0/refunds`)).status, 200);
  // The configuration's type map and allow-list are config/served-types.ts's.
  const shipped = readFileSync(siteConfigFile, 'utf8');
  const typesBlock = /^types \{\n([\s\S]*?)\n\}/m.exec(shipped)![1]!;
  const shippedTypes = Object.fromEntries(
    typesBlock.split('\n').map((line) => {
      const [type, ...extensions] = line.trim().replace(/;$/, '').split(/\s+/);
      return [type!, extensions];
    }),
  );
  assert.deepEqual(shippedTypes, servedTypes);
  const allowList = /location ~\* "\\\.\(\?!\(\?:([^)]*)\)\$\)/.exec(shipped)![1]!.split('|');
  assert.deepEqual([...allowList].sort(), [...servedExtensions].sort());
});

test('the CSP report log grows by bytes within its bound: a report is logged cut to 4,096 bytes, with a fixed type, however it is shaped', async () => {
  const log = path.join(server.prefix, 'csp-reports.log');
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const linesBefore = (await logLinesOnceWritten(log, 1)).length;
  // 16 KB of quotes, each written as two bytes: the probe's 32,847-byte line.
  const quotes = `{"csp-report":{"blocked-uri":"${'"'.repeat(16_000)}"}}`;
  const answer = await send(`${server.url}/csp-report`, {
    method: 'POST',
    headers: {'Content-Type': `application/csp-report; x=${'y'.repeat(2000)}`},
    body: quotes,
  });
  assert.equal(answer.status, 204);
  const lines = await logLinesOnceWritten(log, linesBefore + 1);
  const line = lines.at(-1)!;
  assert.ok(Buffer.byteLength(line) <= 8192 + 160, `${Buffer.byteLength(line)} bytes`);
  const logged = JSON.parse(line) as {type: string; length: string; report: string};
  assert.equal(logged.type, 'application/csp-report');
  assert.equal(logged.length, String(Buffer.byteLength(quotes)));
  assert.equal(logged.report, quotes.slice(0, 4096));
  // Cut where a character starts: 3 bytes of “…” each, so 4,096 bytes would end inside one.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const wide = `{"csp-report":{"blocked-uri":"${'…'.repeat(3000)}"}}`;
  const wideAnswer = await send(`${server.url}/csp-report`, {
    method: 'POST',
    headers: {'Content-Type': 'application/csp-report'},
    body: wide,
  });
  assert.equal(wideAnswer.status, 204);
  const wideLine = (await logLinesOnceWritten(log, linesBefore + 2)).at(-1)!;
  const wideReport = (JSON.parse(wideLine) as {report: string}).report;
  assert.ok(
    wide.startsWith(wideReport) && Buffer.byteLength(wideReport) <= 4096 && Buffer.byteLength(wideReport) > 4090,
    `${Buffer.byteLength(wideReport)} bytes`,
  );
  assert.ok(!wideReport.includes('\ufffd'));
});

test('one address may have 64 requests in progress at once; more are answered 429', async () => {
  // The shipped limit, lowered to 2 so that two requests held open reach it.
  const prefix = newPrefix();
  const site = writeLocalSiteConfig(prefix);
  const shipped = readFileSync(site, 'utf8');
  assert.match(shipped, /^limit_conn tessera_docs_connections_per_client 64;$/m);
  writeFileSync(site, shipped.replace('tessera_docs_connections_per_client 64;', 'tessera_docs_connections_per_client 2;'));
  const big = path.join(root, 'big.txt');
  writeFileSync(big, Buffer.alloc(64 << 20, 'x'));
  const port = await freePort();
  const limited = await launchNginx({
    prefix,
    port,
    config: localNginxMainConfig({
      prefix,
      workers: 1,
      servers: `    server {
        listen ${host}:${port};
        include ${path.join(server.prefix, 'release.nginx.conf')};
        include ${site};
    }`,
    }),
  });
  const {connect} = await import('node:net');
  const held = [0, 1].map(() => {
    const socket = connect(port, host);
    socket.write(`GET /big.txt HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n`);
    socket.pause();
    return socket;
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await send(`${limited.url}/`)).status, 429);
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await send(`${limited.url}/`)).status, 200);
  } finally {
    for (const socket of held) socket.destroy();
    rmSync(big);
    await limited.stop();
  }
});
