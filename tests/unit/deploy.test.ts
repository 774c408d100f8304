/**
 * scripts/deploy.ts end to end on loopback, with the real nginx running the shipped configuration
 * (deploy/nginx/tessera-docs.conf) in the documented server block: small builds packed as archives
 * (scripts/build-archive.ts) and deployed one after the other, the switch with its reload, old
 * hashed files for open tabs, rollback along the history, the lock, and archives or releases that
 * must leave the serving release alone. Needs nginx, its brotli module, GNU tar and flock(1).
 */
import assert from 'node:assert/strict';
import {
  chmodSync,
  chownSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import {spawn, spawnSync} from 'node:child_process';
import {request} from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {scriptHashSource} from '../../config/security-headers';
import {buildManifest, packBuild, sha256OfFile, tarBuild, type BuildManifest} from '../../scripts/build-archive';
import {
  currentRelease,
  deploy,
  deployLockFile,
  deployStatus,
  pendingSwitchFile,
  readHistory,
  releaseIds,
  releaseIncludeFile,
  releaseManifestFile,
  releaseSiteFolder,
  releaseStatus,
  rollback,
  untrustedToolFiles,
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

type Build = {root: string; archive: string; hash: string; chunk: string};

/** The manifest of the regular files under `root`, whatever else it holds (bad archives are made on purpose). */
function manifestOfFiles(root: string, relative = '', files: BuildManifest['files'] = {}): BuildManifest {
  for (const name of readdirSync(path.join(root, relative))) {
    const entry = relative ? `${relative}/${name}` : name;
    const stats = statSync(path.join(root, entry), {throwIfNoEntry: false});
    const link = spawnSync('test', ['-L', path.join(root, entry)]).status === 0;
    if (link || !stats) continue;
    if (stats.isDirectory()) manifestOfFiles(root, entry, files);
    else if (stats.isFile()) files[entry] = {size: stats.size, sha256: sha256OfFile(path.join(root, entry))};
  }
  return {format: 'tessera-docs-build/1', files};
}

/** A build with its own inline script (so its own CSP hash) and its own hashed chunk, packed as the build user would; `raw` archives what is there, links and all. */
function makeBuild(name: string, extra: (root: string) => void = () => {}, {raw = false} = {}): Build {
  const root = path.join(work, `build-${name}`);
  mkdirSync(path.join(root, 'assets/js'), {recursive: true});
  const script = `window.release=${JSON.stringify(name)}`;
  const chunk = `/assets/js/main.${Buffer.from(name).toString('hex').padEnd(8, '0').slice(0, 16)}.js`;
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><title>Release ${name}</title><script>${script}</script><script src=${chunk}></script>`,
  );
  writeFileSync(path.join(root, '404.html'), `<!doctype html><title>Page Not Found</title><script>${script}</script>`);
  writeFileSync(path.join(root, chunk.slice(1)), `console.log(${JSON.stringify(name)})`);
  writeFileSync(path.join(root, 'guide.html'), `<!doctype html><title>Guide</title><script>${script}</script>`);
  extra(root);
  const archive = path.join(work, `build-${name}.tar`);
  if (raw) tarBuild(root, archive, manifestOfFiles(root));
  else packBuild(root, archive);
  return {root, archive, hash: scriptHashSource(script), chunk};
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
  await deploy({base, archive: releaseA.archive, nginx: control, reload: false});
  server = await launchNginx({prefix, port, config});
});

after(async () => {
  await server?.stop();
  rmSync(work, {recursive: true, force: true});
});

const csp = (answer: Answer) => String(answer.headers['content-security-policy']);
const servingBody = async () => (await get(`${server.url}/`)).body;

test('a second deploy switches pages and CSP together, and the first release’s chunks stay served', async () => {
  const first = await get(`${server.url}/`);
  assert.match(first.body, /Release A/);
  assert.ok(csp(first).includes(releaseA.hash));

  await deploy({base, archive: releaseB.archive, nginx: control});
  await eventually(async () => (await servingBody()).includes('Release B'), 'release B served');
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
  assert.deepEqual(readHistory(base).served, releaseIds(base));
});

test('the deploy reads the archive only: the build folder swapped for a link to /etc, or gone, changes nothing it publishes', async () => {
  const build = makeBuild('swapped');
  // What H1 raced for, made permanent: every folder of the build is now a way out of it.
  rmSync(build.root, {recursive: true});
  symlinkSync('/etc', build.root);
  const {id} = await deploy({base, archive: build.archive, nginx: control});
  const site = path.join(base, 'releases', id, releaseSiteFolder);
  const manifest = JSON.parse(readFileSync(path.join(base, 'releases', id, releaseManifestFile), 'utf8')) as BuildManifest;
  const own = Object.entries(manifest.files)
    .filter(([, record]) => !(record as {carried?: true}).carried)
    .map(([relative]) => relative)
    .sort();
  assert.deepEqual(own, ['404.html', build.chunk.slice(1), 'guide.html', 'index.html'].sort());
  for (const relative of own)
    assert.ok(!existsSync(path.join('/etc', relative)) || sha256OfFile(path.join(site, relative)) === manifest.files[relative]!.sha256);
  assert.equal(existsSync(path.join(site, 'passwd')), false);
  await eventually(async () => (await servingBody()).includes('Release swapped'), 'the archive’s release served');
  assert.equal((await get(`${server.url}/passwd`)).status, 404);
});

test('an archive with a link, a hard link, a FIFO, a device, a name that is not UTF-8 or a refused name is refused before anything is extracted', async () => {
  const serving = currentRelease(base);
  const ids = releaseIds(base);
  const bad = makeBuild(
    'entries',
    (root) => {
      symlinkSync('/etc', path.join(root, 'leak'));
      symlinkSync('/etc/shadow', path.join(root, 'assets/js/shadow.js'));
      writeFileSync(path.join(root, 'assets/js/first.js'), 'console.log(1)');
      linkSync(path.join(root, 'assets/js/first.js'), path.join(root, 'assets/js/second.js'));
      assert.equal(spawnSync('mkfifo', [path.join(root, 'assets/js/pipe.js')]).status, 0);
      if (process.getuid?.() === 0) assert.equal(spawnSync('mknod', [path.join(root, 'null.txt'), 'c', '1', '3']).status, 0);
      writeFileSync(Buffer.from(path.join(root, 'caf\xe9.txt'), 'latin1'), 'not UTF-8');
      writeFileSync(path.join(root, '_headers.nginx.conf'), 'location /leak/ { alias /etc/; }\n');
    },
    {raw: true},
  );
  await assert.rejects(deploy({base, archive: bad.archive, nginx: control}), (error: Error) => {
    for (const line of [
      'leak: a symbolic link, not a file or folder',
      'assets/js/shadow.js: a symbolic link',
      'assets/js/second.js: a hard link',
      'assets/js/pipe.js: a FIFO',
      ...(process.getuid?.() === 0 ? ['null.txt: a character device'] : []),
      'caf\\xe9.txt: a name that is not UTF-8',
      '_headers.nginx.conf: a dotfile, source map, package file, private key or configuration file',
    ])
      assert.ok(error.message.includes(line), `${line} in\n${error.message}`);
    return /^Archive refused/.test(error.message);
  });
  assert.equal(currentRelease(base), serving);
  assert.deepEqual(releaseIds(base), ids, 'no release was added');
  assert.deepEqual(
    readdirSync(path.join(base, 'releases')).filter((name) => name.startsWith('.')),
    [],
    'nothing left behind',
  );
});

test('a build over the size cap, a sparse file, a file that differs from the manifest, a page whose asset is missing, or a file of an unserved type is refused', async () => {
  const serving = currentRelease(base);
  const ids = releaseIds(base);
  const limits = {maxBytes: 1 << 20, maxEntries: 1000};
  // 8 MB of nothing on disk: tar stores its 8 MB, the copy of the archive stops at the cap.
  const sparse = makeBuild('sparse', (root) => {
    writeFileSync(path.join(root, 'big.txt'), '');
    truncateSync(path.join(root, 'big.txt'), 8 << 20);
  });
  await assert.rejects(deploy({base, archive: sparse.archive, limits, nginx: control}), /more than the cap of 1048576 bytes/);
  await assert.rejects(
    deploy({base, archive: releaseB.archive, limits: {maxBytes: 1 << 20, maxEntries: 3}, nginx: control}),
    /more than 3 entries/,
  );
  // Changed after the manifest was written, same size: caught by its hash while it is extracted.
  const changed = makeBuild('changed');
  const tampered = makeBuild('tampered');
  const manifest = buildManifest(changed.root);
  writeFileSync(
    path.join(changed.root, 'guide.html'),
    readFileSync(path.join(changed.root, 'guide.html'), 'utf8').replace('Guide', 'Gu1de'),
  );
  tarBuild(changed.root, tampered.archive, manifest);
  await assert.rejects(
    deploy({base, archive: tampered.archive, nginx: control}),
    /guide\.html: its SHA-256 is not the one in manifest\.json/,
  );
  const missingAsset = makeBuild('missing-asset', (root) =>
    writeFileSync(
      path.join(root, 'docs.html'),
      '<!doctype html><link rel=stylesheet href="/assets/css/styles.0a1b2c3d.css"><script src="/assets/js/runtime.0a1b2c3d.js"></script>',
    ),
  );
  await assert.rejects(deploy({base, archive: missingAsset.archive, nginx: control}), (error: Error) =>
    [
      'docs.html: loads /assets/css/styles.0a1b2c3d.css, which the build does not have',
      'docs.html: loads /assets/js/runtime.0a1b2c3d.js',
    ].every((line) => error.message.includes(line)),
  );
  const unserved = makeBuild('unserved', (root) => {
    for (const name of ['index.html.bak', 'web.config', 'composer.json']) writeFileSync(path.join(root, name), 'not for readers');
  });
  await assert.rejects(deploy({base, archive: unserved.archive, nginx: control}), (error: Error) =>
    [
      'index.html.bak: not a file type the site serves',
      'web.config: not a file type the site serves',
      'composer.json: a dotfile, source map, package file',
    ].every((line) => error.message.includes(line)),
  );
  const notTar = path.join(work, 'not-a-tar');
  writeFileSync(notTar, readFileSync('/etc/hostname', 'utf8').padEnd(1024, '\n'));
  await assert.rejects(deploy({base, archive: notTar, nginx: control}), /wrong checksum/);
  // A FIFO in place of the archive is refused at once: opened without blocking, it is no regular file.
  const fifo = path.join(work, 'fifo.tar');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  await assert.rejects(deploy({base, archive: fifo, nginx: control}), /fifo\.tar: not a regular file/);
  const linkToArchive = path.join(work, 'archive-link.tar');
  symlinkSync(releaseB.archive, linkToArchive);
  await assert.rejects(deploy({base, archive: linkToArchive, nginx: control}), /ELOOP/);
  assert.equal(currentRelease(base), serving);
  assert.deepEqual(releaseIds(base), ids, 'no release was added');
});

test('when nginx -t fails, current points back at the serving release', async () => {
  const serving = currentRelease(base);
  const ids = releaseIds(base);
  const broken: NginxControl = {
    nginx: control.nginx,
    args: [...control.args.slice(0, 2), '-c', path.join(work, 'no-such-nginx.conf'), '-e', 'stderr'],
  };
  await assert.rejects(deploy({base, archive: makeBuild('C').archive, nginx: broken}), /nginx -t -q failed/);
  assert.equal(currentRelease(base), serving);
  assert.deepEqual(releaseIds(base), ids, 'the failed release was removed');
  assert.equal(existsSync(path.join(base, pendingSwitchFile)), false);
  await eventually(async () => (await servingBody()).includes('Release swapped'), 'the serving release still served');
});

test('rollback goes back along the deploy history, serves the release with its CSP and the chunks of the one it left', async () => {
  // W, then X: roll back to W; deploy Y, roll back: W again, never X, which was rolled back.
  const w = currentRelease(base)!;
  const x = (await deploy({base, archive: makeBuild('X').archive, nginx: control})).id;
  assert.deepEqual((({from, to}) => [from, to])(await rollback({base, nginx: control})), [x, w]);
  const y = (await deploy({base, archive: makeBuild('Y').archive, nginx: control})).id;
  assert.ok(x < y);
  const {from, to} = await rollback({base, nginx: control});
  assert.deepEqual([from, to], [y, w]);
  await eventually(async () => (await servingBody()).includes('Release swapped'), 'W served again');
  assert.ok(csp(await get(`${server.url}/`)).includes(scriptHashSource('window.release="swapped"')));
  assert.equal(
    (await get(`${server.url}/assets/js/main.${Buffer.from('Y').toString('hex').padEnd(8, '0')}.js`)).status,
    200,
    'a tab still on Y loads its chunk',
  );
  assert.match(
    readFileSync(path.join(base, 'current', releaseIncludeFile), 'utf8'),
    new RegExp(`^root ${path.join(realpathSync(base), 'releases', w, 'site')};$`, 'm'),
  );
  assert.deepEqual(
    releaseStatus(base).flatMap(({problems}) => problems),
    [],
    'the carried files are listed in the target’s manifest',
  );
});

test('rollback validates its target first: a link planted in it, or its index page gone, and it stays where it is', async () => {
  const serving = currentRelease(base)!;
  const target = readHistory(base).served.at(-2)!;
  const site = path.join(base, 'releases', target, releaseSiteFolder);
  symlinkSync('/etc/passwd', path.join(site, 'planted.txt'));
  await assert.rejects(rollback({base, nginx: control}), /planted\.txt: not a file or folder/);
  rmSync(path.join(site, 'planted.txt'));
  renameSync(path.join(site, 'index.html'), path.join(work, 'index.html'));
  await assert.rejects(rollback({base, nginx: control}), (error: Error) => error.message.includes('- index.html: missing'));
  renameSync(path.join(work, 'index.html'), path.join(site, 'index.html'));
  assert.equal(currentRelease(base), serving);
  await eventually(async () => (await servingBody()).includes('Release swapped'), 'the serving release still served');
});

test('a link planted in the staged release while the deploy runs is refused: what is validated is what is served', async () => {
  const serving = currentRelease(base);
  const ids = releaseIds(base);
  const plant = (site: string) => {
    assert.equal(statSync(path.dirname(site)).mode & 0o777, 0o700, 'only the deploying user may enter the staging folder');
    symlinkSync('/etc/passwd', path.join(site, 'leak.txt'));
    symlinkSync('/etc/passwd', path.join(site, 'assets/js/leak.txt'));
  };
  await assert.rejects(deploy({base, archive: makeBuild('racing').archive, nginx: control, beforeValidation: plant}), (error: Error) =>
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

test('status flags a link, a hard link to a file outside the releases, a changed and an added file planted after the deploy', () => {
  const serving = currentRelease(base)!;
  const site = path.join(base, 'releases', serving, releaseSiteFolder);
  writeFileSync(path.join(work, 'outside.txt'), 'outside the releases');
  symlinkSync('/etc/passwd', path.join(site, 'assets/js/leak.txt'));
  linkSync(path.join(work, 'outside.txt'), path.join(site, 'hard.txt'));
  writeFileSync(path.join(site, 'added.txt'), 'added');
  const guide = readFileSync(path.join(site, 'guide.html'), 'utf8');
  writeFileSync(path.join(site, 'guide.html'), guide.replace('Guide', 'Gu1de'));
  try {
    const flagged = releaseStatus(base).find(({id}) => id === serving)!;
    assert.deepEqual(flagged.problems.sort(), [
      `added.txt: not in ${releaseManifestFile} (added after the deploy)`,
      'assets/js/leak.txt: not a file or folder (a symbolic link could lead out of the web root)',
      `guide.html: changed since the deploy (size or SHA-256 differs from ${releaseManifestFile})`,
      'hard.txt: a file with other names outside the releases (a hard link)',
      `hard.txt: not in ${releaseManifestFile} (added after the deploy)`,
    ]);
    assert.ok(
      releaseStatus(base)
        .filter(({id}) => id !== serving)
        .every(({problems}) => problems.length === 0),
      'carried files, hard links between releases, are not flagged',
    );
    const status = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/deploy.ts', 'status', '--base', base, '--allow-root'], {
      encoding: 'utf8',
    });
    assert.equal(status.status, 1, status.stderr);
    assert.match(status.stdout, new RegExp(`^\\* ${serving}  REFUSED: .*hard\\.txt: a file with other names`, 'm'));
  } finally {
    for (const name of ['assets/js/leak.txt', 'hard.txt', 'added.txt']) rmSync(path.join(site, name));
    writeFileSync(path.join(site, 'guide.html'), guide);
  }
});

test('status flags an include that is not the one the deploy rendered, and a rollback to that release is refused', async () => {
  const target = readHistory(base).served.at(-2)!;
  const include = path.join(base, 'releases', target, releaseIncludeFile);
  const rendered = readFileSync(include, 'utf8');
  writeFileSync(include, `${rendered}location /leak/ { alias /etc/; }\n`);
  try {
    assert.deepEqual(releaseStatus(base).find(({id}) => id === target)!.problems, [
      `${releaseIncludeFile}: not the one the deploy renders for this release`,
    ]);
    await assert.rejects(rollback({base, nginx: control}), /release\.nginx\.conf: not the one the deploy renders/);
  } finally {
    writeFileSync(include, rendered);
  }
  assert.deepEqual(releaseStatus(base).find(({id}) => id === target)!.problems, []);
});

test('leftovers of an interrupted deploy are listed by status, then removed and reported by the next deploy; an unconfirmed switch is undone', async () => {
  const releases = path.join(base, 'releases');
  mkdirSync(path.join(releases, '.staging-killed/site'), {recursive: true});
  writeFileSync(path.join(releases, '.staging-killed/site/index.html'), 'x'.repeat(1000));
  mkdirSync(path.join(releases, '.incoming-999999999-killed'));
  writeFileSync(path.join(releases, '.incoming-999999999-killed/build.tar'), 'y'.repeat(500));
  // Killed between the switch and the reload: current names a release nginx does not serve.
  const served = currentRelease(base)!;
  const other = releaseIds(base).find((id) => id !== served)!;
  writeFileSync(path.join(base, pendingSwitchFile), JSON.stringify({id: other, previous: served}));
  symlinkSync(path.join('releases', other), path.join(base, '.current-42'));
  renameSync(path.join(base, '.current-42'), path.join(base, 'current'));
  const status = deployStatus(base);
  assert.deepEqual(status.leftovers.map(({path: leftover, bytes}) => [path.basename(leftover), bytes]).sort(), [
    ['.incoming-999999999-killed', 500],
    ['.staging-killed', 1000],
  ]);
  assert.match(status.pendingSwitch ?? '', new RegExp(other));
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/deploy.ts', 'status', '--base', base, '--allow-root'], {
    encoding: 'utf8',
  });
  assert.equal(cli.status, 1);
  assert.match(cli.stdout, /LEFTOVER: .*\.staging-killed \(1000 bytes\)/);
  assert.match(cli.stdout, /INTERRUPTED SWITCH/);
  const {notes} = await deploy({base, archive: makeBuild('after-kill').archive, nginx: control});
  assert.deepEqual(notes.filter((note) => note.startsWith('removed')).length, 2);
  assert.ok(notes.some((note) => note.includes(`current points at ${served} again`)));
  const after = deployStatus(base);
  assert.deepEqual([after.leftovers, after.pendingSwitch], [[], undefined]);
  // The rollback goes to what nginx served before, not to the release of the interrupted switch.
  assert.equal((await rollback({base, nginx: control})).to, served);
});

test('the lock lets one deploy through: two at once, one refused; a holder keeps it until it ends, even killed', async () => {
  const ids = releaseIds(base);
  const outcomes = await Promise.allSettled([
    deploy({base, archive: makeBuild('racer-1').archive, nginx: control}),
    deploy({base, archive: makeBuild('racer-2').archive, nginx: control}),
  ]);
  assert.equal(outcomes.filter(({status}) => status === 'fulfilled').length, 1, JSON.stringify(outcomes));
  const refusal = outcomes.find(({status}) => status === 'rejected') as PromiseRejectedResult;
  assert.match((refusal.reason as Error).message, /Another deploy or rollback .*is running/);
  assert.equal(releaseIds(base).length, Math.min(ids.length + 1, 5));
  // Another process holds it (flock, as a deploy does): refused, twice, and the holder still has it.
  const lock = path.join(base, deployLockFile);
  const holder = spawn('flock', ['--close', lock, 'sleep', '30'], {stdio: 'ignore'});
  await new Promise((resolve) => setTimeout(resolve, 200));
  await assert.rejects(deploy({base, archive: releaseB.archive, nginx: control}), /is running/);
  await assert.rejects(rollback({base, nginx: control}), /is running/);
  assert.notEqual(spawnSync('flock', ['--nonblock', lock, 'true']).status, 0, 'the holder still holds it');
  // Killed: the kernel drops its lock, there is nothing to take over.
  holder.kill('SIGKILL');
  await new Promise((resolve) => holder.once('exit', resolve));
  assert.equal(spawnSync('flock', ['--nonblock', lock, 'true']).status, 0);
  await deploy({base, archive: releaseB.archive, nginx: control});
});

test('an unchanged file keeps its ETag across deploys; a changed one gets a new one', async () => {
  const first = makeBuild('etag-1', (root) => writeFileSync(path.join(root, 'stable.txt'), 'the same in both builds'));
  await deploy({base, archive: first.archive, nginx: control});
  await eventually(async () => (await servingBody()).includes('Release etag-1'), 'etag-1 served');
  const before = await get(`${server.url}/stable.txt`);
  const guideBefore = await get(`${server.url}/guide`);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const second = makeBuild('etag-2', (root) => writeFileSync(path.join(root, 'stable.txt'), 'the same in both builds'));
  await deploy({base, archive: second.archive, nginx: control});
  await eventually(async () => (await servingBody()).includes('Release etag-2'), 'etag-2 served');
  assert.equal((await get(`${server.url}/stable.txt`)).headers.etag, before.headers.etag);
  assert.notEqual((await get(`${server.url}/guide`)).headers.etag, guideBefore.headers.etag);
});

test('a hashed file leaves the releases once no build of the last --keep − 1 deploys had it', async () => {
  const keep = 3;
  const junk = 'assets/js/junk.0f0f0f0f.js';
  const withJunk = makeBuild('junk', (root) => writeFileSync(path.join(root, junk), 'console.log("junk")'));
  // Deployed by a user whose umask lets no one else read: nginx's user must read the release all the same.
  const umask = process.umask(0o077);
  try {
    await deploy({base, archive: withJunk.archive, keep, nginx: control});
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
    const {id} = await deploy({base, archive: makeBuild(`clean-${round}`).archive, keep, nginx: control});
    present.push(existsSync(path.join(base, 'releases', id, releaseSiteFolder, junk)));
  }
  assert.deepEqual(present, [true, true, false, false, false]);
  await eventually(async () => (await get(`${server.url}/${junk}`)).status === 404, 'the junk file no longer served');
  assert.equal(releaseIds(base).length, keep);
  for (const id of releaseIds(base))
    assert.equal(statSync(path.join(base, 'releases', id)).mode & 0o777, 0o755, 'nginx’s user may read a release');
  assert.deepEqual(
    releaseStatus(base).flatMap(({problems}) => problems),
    [],
  );
});

test('the command line runs from an installed copy only, as its own user, and reads no build folder', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/deploy.ts', ...args], {encoding: 'utf8'});
  const asBuildFolder = run('deploy', '--base', base, '--build', releaseB.root, '--allow-root');
  assert.equal(asBuildFolder.status, 1);
  assert.match(asBuildFolder.stderr, /reads a build archive, never a build folder/);
  if (process.getuid?.() === 0) {
    const asRoot = run('status', '--base', base);
    assert.equal(asRoot.status, 1);
    assert.match(asRoot.stderr, /not root/);
  }
  // A copy of the tool the build user could change (its own file, or one others may write).
  const tool = path.join(work, 'tool');
  mkdirSync(tool, {mode: 0o755});
  chmodSync(tool, 0o755);
  writeFileSync(path.join(tool, 'deploy.mjs'), '');
  chmodSync(path.join(tool, 'deploy.mjs'), 0o644);
  assert.deepEqual(untrustedToolFiles([path.join(tool, 'deploy.mjs')]), []);
  chmodSync(path.join(tool, 'deploy.mjs'), 0o666);
  assert.match(untrustedToolFiles([path.join(tool, 'deploy.mjs')]).join(), /deploy\.mjs: owned by uid \d+, mode 666/);
  chmodSync(path.join(tool, 'deploy.mjs'), 0o644);
  if (process.getuid?.() === 0) {
    chownSync(path.join(tool, 'deploy.mjs'), 1500, 1500);
    assert.match(untrustedToolFiles([path.join(tool, 'deploy.mjs')]).join(), /deploy\.mjs: owned by uid 1500/, 'another user’s file');
  }
});
