/**
 * scripts/deploy.ts end to end on loopback, with the real nginx running the shipped configuration
 * (deploy/nginx/tessera-docs.conf) in the documented server block: two small builds deployed one
 * after the other, the switch with its reload, old hashed files for open tabs, rollback, and builds
 * or configurations that must leave the serving release alone. Needs nginx and its brotli module.
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {request} from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {scriptHashSource} from '../../config/security-headers';
import {currentRelease, deploy, releaseIds, releaseIncludeFile, rollback, type NginxControl} from '../../scripts/deploy';
import {
  freePort,
  host,
  launchNginx,
  localNginxMainConfig,
  newPrefix,
  nginxPath,
  writeLocalSiteConfig,
  type NginxServer,
} from '../../scripts/nginx-server';

type Answer = {status: number; headers: Record<string, string | string[] | undefined>; body: string};

/**
 * One GET. Node keeps connections alive, and a reload makes nginx's old workers close theirs: a
 * request sent on such a connection just then fails with ECONNRESET. Node's documentation advises
 * sending it again in that case (`reusedSocket`), as browsers do.
 */
function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, {headers: {'Accept-Encoding': 'identity'}}, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({status: response.statusCode!, headers: response.headers, body}));
    });
    sent
      .on('error', (error: NodeJS.ErrnoException) => {
        if (sent.reusedSocket && error.code === 'ECONNRESET') get(url).then(resolve, reject);
        else reject(error);
      })
      .end();
  });
}

/** Polls until nginx's new workers answer (a reload is asynchronous), at most 10 s. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`Not within 10 s: ${what}`);
}

const work = mkdtempSync(path.join(os.tmpdir(), 'tessera-deploy-'));
const base = path.join(work, 'srv');

/** A build with its own inline script (so its own CSP hash) and its own hashed chunk. */
function makeBuild(name: string, extra: (root: string) => void = () => {}): {root: string; hash: string; chunk: string} {
  const root = path.join(work, `build-${name}`);
  mkdirSync(path.join(root, 'assets/js'), {recursive: true});
  const script = `window.release=${JSON.stringify(name)}`;
  const chunk = `/assets/js/main.${Buffer.from(name).toString('hex').padEnd(8, '0')}.js`;
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><title>Release ${name}</title><script>${script}</script><script src=${chunk}></script>`,
  );
  writeFileSync(path.join(root, '404.html'), `<!doctype html><title>Page Not Found</title><script>${script}</script>`);
  writeFileSync(path.join(root, chunk.slice(1)), `console.log(${JSON.stringify(name)})`);
  extra(root);
  return {root, hash: scriptHashSource(script), chunk};
}

let server: NginxServer;
let control: NginxControl;
const releaseA = makeBuild('A');
const releaseB = makeBuild('B');

before(async () => {
  const port = await freePort();
  const prefix = newPrefix();
  const config = localNginxMainConfig({
    prefix,
    workers: 1,
    servers: `    server {
        listen ${host}:${port};
        include ${path.join(base, 'current', releaseIncludeFile)};
        include ${writeLocalSiteConfig(prefix)};
    }`,
  });
  writeFileSync(path.join(prefix, 'nginx.conf'), config);
  control = {nginx: nginxPath, args: ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr']};
  // The first release exists before nginx starts: its server block includes it.
  deploy({base, buildDir: releaseA.root, nginx: control, reload: false});
  server = await launchNginx({prefix, port, config});
});

after(async () => {
  await server?.stop();
  rmSync(work, {recursive: true, force: true});
});

const csp = (answer: Answer) => String(answer.headers['content-security-policy']);

test('a second deploy switches pages and CSP together, and the first release’s chunks stay served', async () => {
  const first = await get(`${server.url}/`);
  assert.match(first.body, /Release A/);
  assert.ok(csp(first).includes(releaseA.hash));

  deploy({base, buildDir: releaseB.root, nginx: control});
  await eventually(async () => (await get(`${server.url}/`)).body.includes('Release B'), 'release B served');
  const page = await get(`${server.url}/`);
  assert.ok(csp(page).includes(releaseB.hash), 'B’s inline script allowed');
  assert.ok(!csp(page).includes(releaseA.hash), 'A’s inline script no longer allowed');
  // A tab still showing A loads A's chunk; its cache rule is that of a hashed file.
  const oldChunk = await get(server.url + releaseA.chunk);
  assert.equal(oldChunk.status, 200);
  assert.equal(oldChunk.body, 'console.log("A")');
  assert.equal(oldChunk.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal((await get(server.url + releaseB.chunk)).status, 200);
  assert.equal(currentRelease(base), releaseIds(base).at(-1));
});

test('a build with a planted nginx directive, a link out of the web root or an inline handler is refused, and the current release keeps serving', async () => {
  const serving = currentRelease(base);
  const planted = makeBuild('planted', (root) => {
    writeFileSync(path.join(root, '_headers.nginx.conf'), 'location /leak/ { alias /etc/; }\n');
  });
  assert.throws(
    () => deploy({base, buildDir: planted.root, nginx: control}),
    /_headers\.nginx\.conf: a dotfile, source map, package file or configuration file/,
  );
  const linked = makeBuild('linked', (root) => symlinkSync('/etc', path.join(root, 'leak')));
  assert.throws(() => deploy({base, buildDir: linked.root, nginx: control}), /leak: not a file or folder/);
  const handler = makeBuild('handler', (root) => writeFileSync(path.join(root, 'x.html'), '<img src=x onerror="alert(1)">'));
  assert.throws(() => deploy({base, buildDir: handler.root, nginx: control}), /inline handlers \(onerror\)/);
  const leftovers = makeBuild('leftovers', (root) => {
    mkdirSync(path.join(root, '.git'));
    writeFileSync(path.join(root, '.git/config'), '[core]');
    writeFileSync(path.join(root, 'assets/js/main.js.map'), '{}');
    writeFileSync(path.join(root, 'package.json'), '{}');
  });
  assert.throws(
    () => deploy({base, buildDir: leftovers.root, nginx: control}),
    (error: Error) =>
      ['.git:', '.git/config:', 'assets/js/main.js.map:', 'package.json:'].every((line) => error.message.includes(`- ${line}`)),
  );
  assert.equal(currentRelease(base), serving);
  assert.equal(releaseIds(base).length, 2, 'no release was added');
  assert.match((await get(`${server.url}/`)).body, /Release B/);
  assert.equal((await get(`${server.url}/leak/passwd`)).status, 404);
});

test('when nginx -t fails, current points back at the serving release', async () => {
  const serving = currentRelease(base);
  const broken: NginxControl = {
    nginx: control.nginx,
    args: [...control.args.slice(0, 2), '-c', path.join(work, 'no-such-nginx.conf'), '-e', 'stderr'],
  };
  assert.throws(() => deploy({base, buildDir: makeBuild('C').root, nginx: broken}), /nginx -t -q failed/);
  assert.equal(currentRelease(base), serving);
  assert.equal(releaseIds(base).length, 2, 'the failed release was removed');
  assert.match((await get(`${server.url}/`)).body, /Release B/);
});

test('rollback serves the previous release with its CSP, and the chunks of the one it left', async () => {
  const [a, b] = releaseIds(base);
  const {from, to} = rollback({base, nginx: control});
  assert.deepEqual([from, to], [releaseIds(base).at(-1), a]);
  assert.notEqual(a, b);
  await eventually(async () => (await get(`${server.url}/`)).body.includes('Release A'), 'release A served again');
  assert.ok(csp(await get(`${server.url}/`)).includes(releaseA.hash));
  assert.equal((await get(server.url + releaseB.chunk)).status, 200, 'a tab still on B loads its chunk');
  assert.equal(currentRelease(base), a);
  // The include nginx reads is the one the deploy rendered, with the release's own root.
  assert.match(
    readFileSync(path.join(base, 'current', releaseIncludeFile), 'utf8'),
    new RegExp(`^root ${path.join(base, 'releases', a!, 'site')};$`, 'm'),
  );
});
