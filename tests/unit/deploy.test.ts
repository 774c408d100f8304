/**
 * scripts/deploy.ts end to end on loopback, with the real nginx running the shipped configuration
 * (deploy/nginx/tessera-docs.conf) in the documented server block: two small builds deployed one
 * after the other, the switch with its reload, old hashed files for open tabs, rollback, and builds
 * or configurations that must leave the serving release alone. Needs nginx and its brotli module.
 */
import assert from 'node:assert/strict';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {spawnSync} from 'node:child_process';
import {request} from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {scriptHashSource} from '../../config/security-headers';
import {
  currentRelease,
  deploy,
  deployLockFile,
  releaseIds,
  releaseIncludeFile,
  releaseSiteFolder,
  releaseStatus,
  rollback,
  type NginxControl,
} from '../../scripts/deploy';
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
    /_headers\.nginx\.conf: a dotfile, source map, package file, private key or configuration file/,
  );
  const linked = makeBuild('linked', (root) => symlinkSync('/etc', path.join(root, 'leak')));
  assert.throws(() => deploy({base, buildDir: linked.root, nginx: control}), /leak: not a file or folder/);
  const handler = makeBuild('handler', (root) => writeFileSync(path.join(root, 'x.html'), '<img src="x"/onerror=alert(1)>'));
  assert.throws(() => deploy({base, buildDir: handler.root, nginx: control}), /inline handlers \(onerror\)/);
  // A file with a second name may be any file of the machine: it is not read.
  writeFileSync(path.join(work, 'outside.txt'), 'outside the build');
  const hardLinked = makeBuild('hard-linked', (root) => linkSync(path.join(work, 'outside.txt'), path.join(root, 'assets/js/x.txt')));
  assert.throws(() => deploy({base, buildDir: hardLinked.root, nginx: control}), /assets\/js\/x\.txt: a file with other names/);
  const leftovers = makeBuild('leftovers', (root) => {
    mkdirSync(path.join(root, '.git'));
    writeFileSync(path.join(root, '.git/config'), '[core]');
    writeFileSync(path.join(root, 'assets/js/main.js.map'), '{}');
    writeFileSync(path.join(root, 'package.json'), '{}');
    // The same in another case or as a precompressed twin, a private key, and a name with a line break.
    for (const name of [
      'assets/js/x.js.MAP',
      'assets/js/y.js.map.gz',
      'package.json.gz',
      'id_rsa',
      'tls.Key',
      'page\r\nSet-Cookie: x=1.html',
    ])
      writeFileSync(path.join(root, name), 'not for readers');
  });
  assert.throws(
    () => deploy({base, buildDir: leftovers.root, nginx: control}),
    (error: Error) =>
      [
        '.git:',
        '.git/config:',
        'assets/js/main.js.map:',
        'package.json:',
        'assets/js/x.js.MAP:',
        'assets/js/y.js.map.gz:',
        'package.json.gz:',
        'id_rsa:',
        'tls.Key:',
        'page\\r\\nSet-Cookie: x=1.html: a control character',
      ].every((line) => error.message.includes(`- ${line}`)),
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

test('a link planted in the staged release while the deploy runs is refused: what is validated is what is served', async () => {
  const serving = currentRelease(base);
  const ids = releaseIds(base);
  const racing = makeBuild('racing');
  // Where a process racing the deploy would drop links: into every folder of the staged copy,
  // after the copy and the carried files, just before the validation.
  const plant = (site: string) => {
    assert.equal(statSync(path.dirname(site)).mode & 0o777, 0o700, 'only the deploying user may enter the staging folder');
    symlinkSync('/etc/passwd', path.join(site, 'leak.txt'));
    symlinkSync('/etc/passwd', path.join(site, 'assets/js/leak.txt'));
  };
  assert.throws(
    () => deploy({base, buildDir: racing.root, nginx: control, beforeValidation: plant}),
    (error: Error) =>
      ['leak.txt: not a file or folder', 'assets/js/leak.txt: not a file or folder'].every((line) => error.message.includes(`- ${line}`)),
  );
  assert.equal(currentRelease(base), serving);
  assert.deepEqual(releaseIds(base), ids, 'no release was added');
  assert.deepEqual(
    readdirSync(path.join(base, 'releases')).filter((name) => name.startsWith('.')),
    [],
    'no staging folder is left',
  );
  assert.equal((await get(`${server.url}/assets/js/leak.txt`)).status, 404);
});

test('status flags a release where a link was planted after its deploy', () => {
  const serving = currentRelease(base)!;
  const site = path.join(base, 'releases', serving, releaseSiteFolder);
  symlinkSync('/etc/passwd', path.join(site, 'assets/js/leak.txt'));
  try {
    const flagged = releaseStatus(base).find(({id}) => id === serving)!;
    assert.deepEqual(flagged.problems, ['assets/js/leak.txt: not a file or folder (a symbolic link could lead out of the web root)']);
    assert.ok(
      releaseStatus(base)
        .filter(({id}) => id !== serving)
        .every(({problems}) => problems.length === 0),
    );
    const status = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/deploy.ts', 'status', '--base', base], {encoding: 'utf8'});
    assert.equal(status.status, 1);
    assert.match(status.stdout, new RegExp(`^\\* ${serving}  REFUSED: assets/js/leak\\.txt: not a file or folder`, 'm'));
  } finally {
    rmSync(path.join(site, 'assets/js/leak.txt'));
  }
});

test('a second deploy while one holds the lock stops at once; a lock whose process has gone is taken over', () => {
  const lock = path.join(base, deployLockFile);
  const ids = releaseIds(base);
  writeFileSync(lock, `${process.pid}\n`);
  try {
    assert.throws(() => deploy({base, buildDir: releaseB.root, nginx: control}), /Another deploy or rollback \(process \d+\) is running/);
    assert.throws(() => rollback({base, nginx: control}), /Another deploy or rollback/);
    assert.deepEqual(releaseIds(base), ids);
  } finally {
    rmSync(lock);
  }
  // A process that has exited: its pid is free.
  const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {encoding: 'utf8'});
  writeFileSync(lock, `${exited.stdout}\n`);
  // Named through a symbolic link, as /srv may be: the include names the release folder's real path.
  const linkedBase = path.join(work, 'srv-link');
  symlinkSync(base, linkedBase);
  const {id} = deploy({base: linkedBase, buildDir: releaseB.root, nginx: control});
  assert.equal(releaseIds(base).length, ids.length + 1);
  assert.equal(existsSync(lock), false, 'the lock is released');
  assert.match(
    readFileSync(path.join(base, 'releases', id, releaseIncludeFile), 'utf8'),
    new RegExp(`^root ${path.join(realpathSync(base), 'releases', id, 'site')};$`, 'm'),
  );
});

test('a hashed file leaves the releases once no build of the last --keep − 1 deploys had it', async () => {
  const keep = 3;
  const junk = 'assets/js/junk.0f0f0f0f.js';
  const withJunk = makeBuild('junk', (root) => writeFileSync(path.join(root, junk), 'console.log("junk")'));
  // Deployed by a user whose umask lets no one else read: nginx's user must read the release all the same.
  const umask = process.umask(0o077);
  try {
    deploy({base, buildDir: withJunk.root, keep, nginx: control});
  } finally {
    process.umask(umask);
  }
  await eventually(async () => (await get(`${server.url}/${junk}`)).status === 200, 'the junk file served');
  const junkRelease = path.join(base, 'releases', releaseIds(base).at(-1)!);
  assert.equal(statSync(path.join(junkRelease, releaseSiteFolder, 'assets/js')).mode & 0o777, 0o755);
  assert.equal(statSync(path.join(junkRelease, releaseSiteFolder, junk)).mode & 0o777, 0o644);
  assert.equal(statSync(path.join(junkRelease, releaseIncludeFile)).mode & 0o777, 0o644);
  const present: boolean[] = [];
  for (let round = 0; round < 2 * keep - 1; round += 1) {
    const {id} = deploy({base, buildDir: makeBuild(`clean-${round}`).root, keep, nginx: control});
    present.push(existsSync(path.join(base, 'releases', id, releaseSiteFolder, junk)));
  }
  // Carried by the next keep − 1 deploys, for tabs opened on the release that had it, never by a
  // release that only carried it; so once those releases are pruned too, no release holds it.
  assert.deepEqual(present, [true, true, false, false, false]);
  await eventually(async () => (await get(`${server.url}/${junk}`)).status === 404, 'the junk file no longer served');
  assert.equal(releaseIds(base).length, keep);
  for (const id of releaseIds(base))
    assert.equal(statSync(path.join(base, 'releases', id)).mode & 0o777, 0o755, 'nginx’s user may read a release');
  assert.deepEqual(
    releaseIds(base).filter((id) => existsSync(path.join(base, 'releases', id, releaseSiteFolder, junk))),
    [],
  );
});
