/**
 * Deploys a build archive (scripts/build-archive.ts, `npm run pack:build`) to an nginx server,
 * atomically, and rolls back; run as its own user (not root, not the build user), from its own
 * installed copy (scripts/bundle-deploy.ts), never from the build user's tree.
 *
 *   tessera-deploy deploy   --base /srv/tessera-docs --archive <file|-> [--keep 5] [--max-bytes N] [--no-reload] [nginx options]
 *   tessera-deploy rollback --base /srv/tessera-docs [--to <release id>] [nginx options]
 *   tessera-deploy status   --base /srv/tessera-docs
 *
 *   nginx options: [--nginx /usr/sbin/nginx] [--nginx-conf <nginx.conf>] [--nginx-prefix <dir>] [--nginx-sudo]
 *
 * The build is untrusted input. A deploy
 * 1. copies the archive (a file, or `-`: standard input, opened by the build user's shell) into a
 *    folder only this user may enter, up to `--max-bytes` (1 GiB), before it takes the lock: a
 *    sender that never finishes holds nothing up. Nothing else of the build user's is read.
 * 2. takes `<base>/deploy.lock` with flock(1): the kernel's lock, held by a child process as long as
 *    this one lives, so a second deploy or a rollback stops at once, and a killed deploy leaves no
 *    lock to take over. It removes what an interrupted deploy left (staging folders, a switch that
 *    was not confirmed by a reload) and says so.
 * 3. checks every header of the archive before it extracts anything (build-archive.ts, checkArchive):
 *    folders and regular files only (no link, hard link, FIFO or device), names in UTF-8 under
 *    `site/`, only served file types (config/served-types.ts) and none a deploy refuses
 *    (refusedPathReason), within the size cap, and the manifest's sizes; then extracts it into a new
 *    staging folder, each file created anew and checked against the manifest's SHA-256. A file whose
 *    path and hash are those of the serving release keeps that file's modification time, so its
 *    ETag does not change; a new or changed file gets the deploy's time.
 * 4. adds the hashed files (config/security-headers.ts, immutablePathPatterns) of the builds of the
 *    last `--keep` − 1 releases that this one lacks, so that an open tab still loads its chunks;
 *    `release.json` lists every file of the release with its size and hash, marking those carried.
 * 5. validates the staged release (validateRelease), which is exactly what nginx will serve, renders
 *    `release.nginx.conf` (root and headers, from config/security-headers.ts and the hashes of the
 *    pages' inline scripts computed here), opens it to nginx's user read-only (0755 and 0644),
 *    renames it to `<base>/releases/<id>`, points `<base>/current` at it by renaming a new symbolic
 *    link over it (atomic), runs `nginx -t` (on failure it points `current` back) and `nginx -s
 *    reload`; the new workers read the new include, so pages and their CSP hashes change together.
 * 6. records the release in `<base>/history.json` and removes releases beyond the newest `--keep`.
 *
 * A rollback validates its target the same way before it switches, and goes back along the deploy
 * history (the release served before the current one was deployed), not by release id. `status`
 * validates every release (links, hard links to files outside the releases, files not in its
 * manifest or changed since), and lists the leftovers of an interrupted deploy.
 */
import {spawn, spawnSync} from 'node:child_process';
import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  createReadStream,
  existsSync,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  writeSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {buildScriptHashes, isImmutablePath, nginxReleaseConfig} from '../config/security-headers';
import {isServedType} from '../config/served-types';
import {checkArchive, defaultArchiveLimits, extractArchive, sha256OfFile, type ArchiveLimits, type FileRecord} from './build-archive';

export const releaseIncludeFile = 'release.nginx.conf';
export const releaseSiteFolder = 'site';
/** Beside a release's site: every file of it, with its size and SHA-256, and whether it was carried from an earlier release. */
export const releaseManifestFile = 'release.json';
export const deployLockFile = 'deploy.lock';
export const historyFile = 'history.json';
/** Written before `current` is switched and removed once nginx has reloaded: left behind, the switch was interrupted. */
export const pendingSwitchFile = 'switch-pending.json';
const releaseIdPattern = /^\d{8}T\d{9}Z$/;
const stagingPrefix = '.staging-';
const incomingPrefix = '.incoming-';

export type NginxControl = {
  /** The nginx binary. */
  nginx: string;
  /** Arguments naming the running server's configuration (`-p`, `-c`, `-e`), for `-t` and `-s reload`. */
  args: string[];
  /** Run nginx through `sudo -n`: the deploy user may test and reload nginx, nothing more (README: Deploy). */
  sudo?: boolean;
};

export const defaultNginx: NginxControl = {nginx: process.env.NGINX_PATH ?? '/usr/sbin/nginx', args: []};

/**
 * Paths a build must not contain: dotfiles (.git, .env), source maps, package files, private keys,
 * nginx configuration. Checked in lower case and without the .gz/.br suffixes of a precompressed
 * twin, since a file system may be case-sensitive while a reader's request need not match it.
 */
const refusedPath =
  /(^|\/)\.|\.map$|(^|\/)(node_modules|package\.json|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|composer\.(json|lock))(\/|$)|\.conf$|(^|\/)id_(rsa|dsa|ecdsa|ed25519)(\.pub)?$|\.(pem|key|p12|pfx)$/;
/** A control character in a file name would reach the `Location` of nginx's trailing-slash redirect as a header break. */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const unsafeNameCharacter = /[\x00-\x1f\x7f\\]/;

/** Why a build may not hold a file or folder at `relative`, or undefined when it may. */
export function refusedPathReason(relative: string, kind: 'file' | 'directory' = 'file'): string | undefined {
  if (unsafeNameCharacter.test(relative)) return 'a control character or backslash in the name';
  if (refusedPath.test(relative.toLowerCase().replace(/(\.(gz|br))+$/, '')))
    return 'a dotfile, source map, package file, private key or configuration file';
  if (kind === 'file' && !isServedType(relative)) return 'not a file type the site serves (config/served-types.ts)';
  return undefined;
}

const notAFileOrFolder = 'not a file or folder (a symbolic link could lead out of the web root)';

/**
 * `scriptHashes`: the pages' inline-script hashes, read with the pages at the deploy; while every
 * page still has its hash of `files`, they are still the pages' hashes, and need not be read again.
 */
type ReleaseManifest = {format: 'tessera-docs-release/1'; files: Record<string, FileRecord & {carried?: true}>; scriptHashes?: string[]};

function readReleaseManifest(release: string): ReleaseManifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path.join(release, releaseManifestFile), 'utf8')) as ReleaseManifest;
    return manifest.format === 'tessera-docs-release/1' && typeof manifest.files === 'object' ? manifest : undefined;
  } catch {
    return undefined;
  }
}

function writeJsonAtomically(file: string, value: unknown): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 1)}\n`, {mode: 0o644});
  renameSync(temporary, file);
}

function* entriesUnder(root: string, relative = ''): Generator<{relative: string; stats: Stats}> {
  for (const name of readdirSync(path.join(root, relative)).sort()) {
    const entry = relative ? `${relative}/${name}` : name;
    const stats = lstatSync(path.join(root, entry));
    yield {relative: entry, stats};
    if (stats.isDirectory()) yield* entriesUnder(root, entry);
  }
}

/** The local paths a page loads as its own assets: scripts, style sheets, preloads and icons. */
export function pageAssetPaths(html: string): string[] {
  const found = new Set<string>();
  const attribute = (attributes: string, name: string) => {
    const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attributes);
    return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
  };
  for (const [, element, attributes] of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const url =
      element!.toLowerCase() === 'script'
        ? attribute(` ${attributes}`, 'src')
        : /(^|\s)(stylesheet|preload|modulepreload|prefetch|icon|manifest)(\s|$)/i.test(attribute(` ${attributes}`, 'rel') ?? '')
          ? attribute(` ${attributes}`, 'href')
          : undefined;
    if (!url?.startsWith('/') || url.startsWith('//')) continue;
    const urlPath = url.replace(/[?#].*$/, '');
    try {
      found.add(decodeURIComponent(urlPath).slice(1));
    } catch {
      found.add(urlPath.slice(1));
    }
  }
  return [...found];
}

export type ReleaseCheck = {problems: string[]; scriptHashes: string[]};

/**
 * What in the release folder `release` (under `<base>/releases/`, or a staging folder there) a
 * deploy refuses: anything but folders and regular files; a file with a second name outside the
 * releases (a hard link between releases at the same path is a carried file); a file not in
 * `release.json`, or of another size or hash (`verifyHashes`); a missing index or not-found page,
 * or a page's asset the build did not have; a refused name or type; an inline handler; and an
 * include (when there is one) other than the one rendered for `root`.
 */
export function validateRelease(
  base: string,
  release: string,
  root: string,
  {verifyHashes = true, knownScriptHashes}: {verifyHashes?: boolean; knownScriptHashes?: string[]} = {},
): ReleaseCheck {
  const problems: string[] = [];
  const site = path.join(release, releaseSiteFolder);
  const manifest = readReleaseManifest(release);
  if (!manifest) return {problems: [`${releaseManifestFile}: missing or unreadable (not a release of this deploy)`], scriptHashes: []};
  if (!existsSync(site)) return {problems: [`${releaseSiteFolder}: missing`], scriptHashes: []};
  for (const name of readdirSync(release))
    if (![releaseSiteFolder, releaseManifestFile, releaseIncludeFile].includes(name))
      problems.push(`${JSON.stringify(name).slice(1, -1)}: not part of a release (beside ${releaseSiteFolder}/)`);
  const otherReleases = releaseIds(base)
    .map((id) => path.join(base, 'releases', id))
    .filter((folder) => folder !== release);
  const onDisk = new Set<string>();
  for (const {relative, stats} of entriesUnder(site)) {
    const label = JSON.stringify(relative).slice(1, -1);
    if (!stats.isDirectory() && !stats.isFile()) {
      problems.push(`${label}: ${notAFileOrFolder}`);
      continue;
    }
    const reason = refusedPathReason(relative, stats.isDirectory() ? 'directory' : 'file');
    if (reason) problems.push(`${label}: ${reason}`);
    if (stats.isDirectory()) continue;
    onDisk.add(relative);
    if (stats.nlink > 1) {
      const sameFile = otherReleases.filter((other) => {
        try {
          const twin = lstatSync(path.join(other, releaseSiteFolder, relative));
          return twin.ino === stats.ino && twin.dev === stats.dev;
        } catch {
          return false;
        }
      }).length;
      if (1 + sameFile !== stats.nlink) problems.push(`${label}: a file with other names outside the releases (a hard link)`);
    }
    const record = Object.hasOwn(manifest.files, relative) ? manifest.files[relative] : undefined;
    if (!record) problems.push(`${label}: not in ${releaseManifestFile} (added after the deploy)`);
    else if (record.size !== stats.size || (verifyHashes && sha256OfFile(path.join(site, relative)) !== record.sha256))
      problems.push(`${label}: changed since the deploy (size or SHA-256 differs from ${releaseManifestFile})`);
  }
  for (const relative of Object.keys(manifest.files))
    if (!onDisk.has(relative)) problems.push(`${relative}: in ${releaseManifestFile}, missing`);
  for (const page of ['index.html', '404.html']) if (!onDisk.has(page)) problems.push(`${page}: missing`);
  for (const [relative, record] of Object.entries(manifest.files)) {
    if (record.carried || !relative.endsWith('.html') || !onDisk.has(relative)) continue;
    for (const asset of pageAssetPaths(readFileSync(path.join(site, relative), 'utf8'))) {
      const own = manifest.files[asset] ?? manifest.files[`${asset}.html`];
      if (!own || own.carried) problems.push(`${relative}: loads /${asset}, which the build does not have`);
    }
  }
  // Known when only hashed files (never a page) changed since the pages were last read, or when
  // every file was just checked against the hashes of the deploy that read the pages.
  const known = knownScriptHashes ?? (verifyHashes && problems.length === 0 ? manifest.scriptHashes : undefined);
  let scriptHashes: string[] = known ?? [];
  if (!known) {
    try {
      scriptHashes = buildScriptHashes(site).hashes;
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  const include = path.join(release, releaseIncludeFile);
  if (existsSync(include) && problems.length === 0) {
    let expected: string | undefined;
    try {
      expected = nginxReleaseConfig({root, scriptHashes, generatedBy: 'scripts/deploy.ts'});
    } catch (error) {
      problems.push(`${releaseManifestFile}: ${(error as Error).message}`);
    }
    if (expected !== undefined && readFileSync(include, 'utf8') !== expected)
      problems.push(`${releaseIncludeFile}: not the one the deploy renders for this release`);
  }
  return {problems, scriptHashes};
}

function refused(what: string, problems: string[]): Error {
  return new Error(`${what} refused:\n- ${problems.join('\n- ')}`);
}

export function releaseIds(base: string): string[] {
  const releases = path.join(base, 'releases');
  if (!existsSync(releases)) return [];
  return readdirSync(releases)
    .filter((name) => releaseIdPattern.test(name))
    .sort();
}

export function currentRelease(base: string): string | undefined {
  const link = path.join(base, 'current');
  if (!existsSync(link)) return undefined;
  return path.basename(readlinkSync(link));
}

const releaseIdOf = (milliseconds: number): string => new Date(milliseconds).toISOString().replace(/[-:.]/g, '');

/** The time of the deploy, to the millisecond; later than every release, so that ids sort in deploy order. */
function newReleaseId(base: string): string {
  const latest = releaseIds(base).at(-1) ?? '';
  let milliseconds = Date.now();
  while (releaseIdOf(milliseconds) <= latest) milliseconds += 1;
  return releaseIdOf(milliseconds);
}

/** The deploy history: the releases served, in order, without those rolled back; and a log of every switch. */
export type History = {served: string[]; log: {at: string; operation: 'deploy' | 'rollback' | 'recovery'; id: string}[]};

export function readHistory(base: string): History {
  try {
    const history = JSON.parse(readFileSync(path.join(base, historyFile), 'utf8')) as History;
    if (Array.isArray(history.served) && Array.isArray(history.log)) return history;
  } catch {
    // No history yet.
  }
  return {served: [], log: []};
}

function record(base: string, history: History, operation: History['log'][number]['operation'], id: string): void {
  history.log.push({at: new Date().toISOString(), operation, id});
  writeJsonAtomically(path.join(base, historyFile), {served: history.served.slice(-100), log: history.log.slice(-200)});
}

/**
 * Hard-links (or copies, across file systems) the own hashed files of `fromRelease` that `toRelease`
 * lacks, and lists them, carried, in `toRelease`'s manifest.
 */
function carryHashedFiles(fromRelease: string, toRelease: string, manifest: ReleaseManifest): number {
  const from = readReleaseManifest(fromRelease);
  if (!from) return 0;
  let carried = 0;
  for (const [relative, record] of Object.entries(from.files)) {
    if (record.carried || !isImmutablePath(`/${relative.replace(/\.(br|gz)$/, '')}`) || Object.hasOwn(manifest.files, relative)) continue;
    // Written by this deploy, but a path that leaves the release is never followed.
    if (relative.startsWith('/') || relative.split('/').some((part) => part === '..' || part === '')) continue;
    const source = path.join(fromRelease, releaseSiteFolder, relative);
    const target = path.join(toRelease, releaseSiteFolder, relative);
    if (existsSync(target) || !existsSync(source) || !lstatSync(source).isFile()) continue;
    mkdirSync(path.dirname(target), {recursive: true});
    try {
      linkSync(source, target);
    } catch {
      copyFileSync(source, target);
    }
    manifest.files[relative] = {size: record.size, sha256: record.sha256, carried: true};
    carried += 1;
  }
  return carried;
}

/** nginx's workers run as another user (Debian: www-data): folders 0755 and files 0644, whatever the deploying user's umask; writable by this user only. */
function openToReaders(folder: string): void {
  chmodSync(folder, 0o755);
  for (const {relative, stats} of entriesUnder(folder)) {
    if (stats.isDirectory() || stats.isFile()) chmodSync(path.join(folder, relative), stats.isDirectory() ? 0o755 : 0o644);
  }
}

function runNginx(control: NginxControl, args: string[]): void {
  const [command, commandArgs] = control.sudo
    ? ['sudo', ['-n', control.nginx, ...args, ...control.args]]
    : [control.nginx, [...args, ...control.args]];
  const result = spawnSync(command, commandArgs, {encoding: 'utf8'});
  if (result.status !== 0) {
    throw new Error(`nginx ${args.join(' ')} failed (${result.status ?? result.error?.message}):\n${result.stderr}`);
  }
}

/**
 * The base folder without symbolic links, so that the `root` each release's include names is the
 * release folder itself: a later change to a link on the way (a linked /srv) changes nothing that
 * nginx serves until a deploy or rollback reloads it.
 */
function realBase(base: string): string {
  if (!existsSync(base)) throw new Error(`No deploy at ${path.resolve(base)}: the first deploy creates it.`);
  return realpathSync(path.resolve(base));
}

const siteRootOf = (base: string, id: string) => path.join(base, 'releases', id, releaseSiteFolder);

/**
 * Takes `<base>/deploy.lock` with flock(1) in a child process that holds it until this process
 * releases it or dies (its standard input closes): the kernel's lock, so no two deploys (or a
 * deploy and a rollback) pass it, whatever their timing, and a killed deploy leaves no lock
 * behind. The lock file stays; the holder's process id is written in it for the message of a
 * deploy that finds it held.
 */
async function acquireDeployLock(base: string): Promise<() => Promise<void>> {
  const lock = path.join(base, deployLockFile);
  const holder = spawn(
    'flock',
    ['--exclusive', '--nonblock', '--close', '--conflict-exit-code', '75', lock, 'sh', '-c', 'echo locked; exec cat >/dev/null'],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) => holder.once('exit', (code) => resolve(code)));
  const acquired = await new Promise<boolean>((resolve, reject) => {
    let output = '';
    holder.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('locked')) resolve(true);
    });
    holder.once('error', reject);
    void exited.then(() => resolve(false));
  });
  if (!acquired) {
    const code = await exited;
    let owner = '';
    try {
      owner = readFileSync(lock, 'utf8').trim();
    } catch {
      // No process id yet.
    }
    throw new Error(
      code === 75
        ? `Another deploy or rollback${owner ? ` (process ${owner})` : ''} is running: ${lock} is held. Try again when it has finished.`
        : `flock could not take ${lock} (exit ${code}).`,
    );
  }
  writeFileSync(lock, `${process.pid}\n`);
  return async () => {
    holder.stdin.end();
    await exited;
  };
}

async function withDeployLock<T>(base: string, work: () => T): Promise<T> {
  const release = await acquireDeployLock(base);
  try {
    return work();
  } finally {
    await release();
  }
}

/** Points `current` at `id` by renaming a new link over it: readers see the old or the new target, never none. */
function pointCurrentAt(base: string, id: string): void {
  const temporary = path.join(base, `.current-${process.pid}`);
  rmSync(temporary, {force: true});
  symlinkSync(path.join('releases', id), temporary);
  renameSync(temporary, path.join(base, 'current'));
}

/**
 * Switches to `id`, tests nginx's configuration and reloads it; when the test fails, `current`
 * goes back. `switch-pending.json` says, until nginx has reloaded, which release was served before.
 */
function switchTo(base: string, id: string, control: NginxControl, reload: boolean): void {
  const previous = currentRelease(base);
  writeJsonAtomically(path.join(base, pendingSwitchFile), {id, previous: previous ?? null, at: new Date().toISOString()});
  pointCurrentAt(base, id);
  try {
    runNginx(control, ['-t', '-q']);
  } catch (error) {
    if (previous) pointCurrentAt(base, previous);
    else rmSync(path.join(base, 'current'));
    rmSync(path.join(base, pendingSwitchFile), {force: true});
    throw error;
  }
  if (reload) runNginx(control, ['-s', 'reload']);
  rmSync(path.join(base, pendingSwitchFile), {force: true});
}

const processIsRunning = (pid: number): boolean => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The process id in the name of an incoming folder (`.incoming-<pid>-XXXXXX`). */
const incomingOwner = (name: string) => Number(name.slice(incomingPrefix.length).split('-')[0]);

function folderBytes(folder: string): number {
  let bytes = 0;
  try {
    for (const {stats} of entriesUnder(folder)) bytes += stats.isFile() ? stats.size : 0;
  } catch {
    // Removed meanwhile.
  }
  return bytes;
}

/** What an interrupted deploy left: staging folders, received archives of processes that have gone, a temporary link. */
export function leftovers(base: string): {path: string; bytes: number}[] {
  const releases = path.join(base, 'releases');
  const found: string[] = [];
  if (existsSync(releases)) {
    for (const name of readdirSync(releases)) {
      if (name.startsWith(stagingPrefix) || (name.startsWith(incomingPrefix) && !processIsRunning(incomingOwner(name))))
        found.push(path.join(releases, name));
    }
  }
  if (existsSync(base))
    for (const name of readdirSync(base)) if (/^\.current-\d+$|\.\d+\.tmp$/.test(name)) found.push(path.join(base, name));
  return found.map((folder) => ({path: folder, bytes: folderBytes(folder)}));
}

/**
 * Run holding the lock, so no other deploy is under way: removes the leftovers, and undoes a
 * switch that nginx never reloaded for (the deploy was killed between the two), pointing `current`
 * back at the release nginx serves. Returns what it did, for the report.
 */
function recoverInterrupted(base: string): string[] {
  const notes: string[] = [];
  for (const {path: leftover, bytes} of leftovers(base)) {
    rmSync(leftover, {recursive: true, force: true});
    notes.push(`removed ${path.relative(base, leftover)} (${bytes} bytes) left by an interrupted deploy`);
  }
  const pending = path.join(base, pendingSwitchFile);
  if (existsSync(pending)) {
    let previous: string | null = null;
    try {
      ({previous} = JSON.parse(readFileSync(pending, 'utf8')) as {previous: string | null});
    } catch {
      // Unreadable: the history says what was served.
    }
    const served = previous ?? readHistory(base).served.at(-1);
    if (served && releaseIds(base).includes(served) && currentRelease(base) !== served) {
      pointCurrentAt(base, served);
      notes.push(`an interrupted switch was undone: current points at ${served} again, the release nginx serves`);
    }
    rmSync(pending, {force: true});
  }
  return notes;
}

/** Copies the archive (a path, opened without following a link, or a descriptor such as standard input) into `folder`, up to `maxBytes`. */
async function receiveArchive(source: string | number, folder: string, maxBytes: number): Promise<string> {
  const file = path.join(folder, 'build.tar');
  const input = typeof source === 'number' ? source : openSync(source, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  if (typeof source === 'string' && !fstatSync(input).isFile()) {
    closeSync(input);
    throw new Error(`${source}: not a regular file`);
  }
  const output = openSync(file, 'wx', 0o600);
  try {
    let bytes = 0;
    for await (const chunk of createReadStream('', {fd: input, autoClose: typeof source === 'string'}) as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw new Error(`Archive refused:\n- more than the cap of ${maxBytes} bytes`);
      writeSync(output, chunk);
    }
  } finally {
    closeSync(output);
  }
  return file;
}

export type DeployOptions = {
  base: string;
  /** The build archive (build-archive.ts): a path, or an open descriptor (0: standard input). */
  archive: string | number;
  keep?: number;
  limits?: ArchiveLimits;
  nginx?: NginxControl;
  reload?: boolean;
  /** For the tests: runs on the staged site just before it is validated, as a process racing the deploy could. */
  beforeValidation?: (stagedSite: string) => void;
};

export type DeployResult = {id: string; carried: number; notes: string[]};

export async function deploy({
  base,
  archive,
  keep = 5,
  limits = defaultArchiveLimits,
  nginx = defaultNginx,
  reload = true,
  beforeValidation,
}: DeployOptions): Promise<DeployResult> {
  mkdirSync(path.join(base, 'releases'), {recursive: true});
  const absoluteBase = realBase(base);
  const releases = path.join(absoluteBase, 'releases');
  const incoming = mkdtempSync(path.join(releases, `${incomingPrefix}${process.pid}-`));
  try {
    const received = await receiveArchive(archive, incoming, limits.maxBytes);
    return await withDeployLock(absoluteBase, () => {
      const notes = recoverInterrupted(absoluteBase);
      const descriptor = openSync(received, 'r');
      const checked = (() => {
        try {
          return checkArchive(descriptor, fstatSync(descriptor).size, limits, refusedPathReason);
        } catch (error) {
          closeSync(descriptor);
          throw error;
        }
      })();
      const id = newReleaseId(absoluteBase);
      // Assembled under a name no include points at, which only this user may enter (mkdtemp: 0700)
      // until it has been validated; then renamed into place whole.
      const staging = mkdtempSync(path.join(releases, stagingPrefix));
      let carried = 0;
      try {
        const serving = currentRelease(absoluteBase);
        const servingManifest = serving ? readReleaseManifest(path.join(releases, serving)) : undefined;
        const deployTime = Math.floor(Date.now() / 1000);
        try {
          extractArchive(descriptor, checked, path.join(staging, releaseSiteFolder), (relative, sha256) => {
            if (servingManifest?.files[relative]?.sha256 === sha256) {
              try {
                return lstatSync(path.join(releases, serving!, releaseSiteFolder, relative)).mtimeMs / 1000;
              } catch {
                // Gone: a new time.
              }
            }
            return deployTime;
          });
        } finally {
          closeSync(descriptor);
        }
        const manifest: ReleaseManifest = {format: 'tessera-docs-release/1', files: {...checked.manifest.files}};
        for (const earlier of releaseIds(absoluteBase)
          .slice(-(keep - 1))
          .reverse()) {
          carried += carryHashedFiles(path.join(releases, earlier), staging, manifest);
        }
        writeJsonAtomically(path.join(staging, releaseManifestFile), manifest);
        beforeValidation?.(path.join(staging, releaseSiteFolder));
        const finalSite = siteRootOf(absoluteBase, id);
        const {problems, scriptHashes} = validateRelease(absoluteBase, staging, finalSite);
        if (problems.length > 0) throw refused('Build', problems);
        writeJsonAtomically(path.join(staging, releaseManifestFile), {...manifest, scriptHashes});
        writeFileSync(
          path.join(staging, releaseIncludeFile),
          nginxReleaseConfig({root: finalSite, scriptHashes, generatedBy: 'scripts/deploy.ts'}),
        );
        openToReaders(staging);
        renameSync(staging, path.join(releases, id));
      } finally {
        rmSync(staging, {recursive: true, force: true});
      }
      try {
        switchTo(absoluteBase, id, nginx, reload);
      } catch (error) {
        // Not a release to roll back to.
        if (currentRelease(absoluteBase) !== id) rmSync(path.join(releases, id), {recursive: true, force: true});
        throw error;
      }
      const history = readHistory(absoluteBase);
      history.served.push(id);
      record(absoluteBase, history, 'deploy', id);
      prune(absoluteBase, keep);
      return {id, carried, notes};
    });
  } finally {
    rmSync(incoming, {recursive: true, force: true});
  }
}

export type RollbackOptions = {base: string; to?: string; nginx?: NginxControl; reload?: boolean};

/**
 * Switches back along the deploy history (the release served before the current one, or `to`),
 * once the target has been validated as a deploy validates a release, and carries the own hashed
 * files of the release it leaves into it.
 */
export async function rollback({
  base,
  to,
  nginx = defaultNginx,
  reload = true,
}: RollbackOptions): Promise<{from: string; to: string; notes: string[]}> {
  const absoluteBase = realBase(base);
  return withDeployLock(absoluteBase, () => {
    const notes = recoverInterrupted(absoluteBase);
    const ids = releaseIds(absoluteBase);
    const current = currentRelease(absoluteBase);
    if (!current) throw new Error(`No current release in ${absoluteBase}.`);
    const history = readHistory(absoluteBase);
    if (history.served.at(-1) !== current) history.served.push(current);
    const earlier = history.served.slice(0, -1).filter((id) => ids.includes(id) && id !== current);
    const target = to ?? earlier.at(-1);
    if (!target || !ids.includes(target))
      throw new Error(
        `No release ${to ?? `served before ${current} in ${historyFile}`} in ${absoluteBase}/releases (releases: ${ids.join(', ')}; --to <id> names one).`,
      );
    const releases = path.join(absoluteBase, 'releases');
    const targetRelease = path.join(releases, target);
    const manifest = readReleaseManifest(targetRelease);
    const before = validateRelease(absoluteBase, targetRelease, siteRootOf(absoluteBase, target));
    if (!manifest || before.problems.length > 0) throw refused(`Rollback to ${target}`, before.problems);
    if (carryHashedFiles(path.join(releases, current), targetRelease, manifest) > 0) {
      writeJsonAtomically(path.join(targetRelease, releaseManifestFile), manifest);
      chmodSync(path.join(targetRelease, releaseManifestFile), 0o644);
      openToReaders(path.join(targetRelease, releaseSiteFolder));
    }
    // The carried files are hashed files, never pages: the pages' script hashes are those just read.
    const after = validateRelease(absoluteBase, targetRelease, siteRootOf(absoluteBase, target), {knownScriptHashes: before.scriptHashes});
    if (after.problems.length > 0) throw refused(`Rollback to ${target}`, after.problems);
    switchTo(absoluteBase, target, nginx, reload);
    // Going back drops the current release from the history; `--to` adds its target.
    if (to === undefined) history.served = [...earlier];
    else history.served.push(target);
    record(absoluteBase, history, 'rollback', target);
    return {from: current, to: target, notes};
  });
}

export type ReleaseStatus = {id: string; current: boolean; problems: string[]};

/** Each release, and what in it a deploy would refuse (a file planted or changed after it was deployed, say). */
export function releaseStatus(base: string): ReleaseStatus[] {
  const absoluteBase = realBase(base);
  const current = currentRelease(absoluteBase);
  return releaseIds(absoluteBase).map((id) => ({
    id,
    current: id === current,
    problems: validateRelease(absoluteBase, path.join(absoluteBase, 'releases', id), siteRootOf(absoluteBase, id)).problems,
  }));
}

/** The whole state `status` reports: the releases, leftovers of an interrupted deploy, an unconfirmed switch. */
export function deployStatus(base: string): {
  releases: ReleaseStatus[];
  leftovers: {path: string; bytes: number}[];
  pendingSwitch?: string;
} {
  const absoluteBase = realBase(base);
  const pending = path.join(absoluteBase, pendingSwitchFile);
  return {
    releases: releaseStatus(absoluteBase),
    leftovers: leftovers(absoluteBase),
    ...(existsSync(pending) ? {pendingSwitch: readFileSync(pending, 'utf8').trim()} : {}),
  };
}

/** Keeps the newest `keep` releases and the current one. */
function prune(base: string, keep: number): void {
  const current = currentRelease(base);
  const ids = releaseIds(base);
  for (const id of ids.slice(0, Math.max(0, ids.length - keep))) {
    if (id !== current) rmSync(path.join(base, 'releases', id), {recursive: true, force: true});
  }
}

/**
 * Why this copy of the tool may not run: a file of it (or its folder) that another user than this
 * one or root may change, as the build user's tree is; its code would run with the deploy's rights.
 */
export function untrustedToolFiles(files: string[], uid = process.getuid?.() ?? 0): string[] {
  const problems: string[] = [];
  for (const file of files) {
    for (const checked of [file, path.dirname(file)]) {
      const stats = statSync(checked);
      if ((stats.uid !== uid && stats.uid !== 0) || (stats.mode & 0o022) !== 0)
        problems.push(`${checked}: owned by uid ${stats.uid}, mode ${(stats.mode & 0o777).toString(8)}`);
    }
  }
  return [...new Set(problems)];
}

function parseArguments(argv: string[]): {command: string; options: Map<string, string | true>} {
  const [command = '', ...rest] = argv;
  const options = new Map<string, string | true>();
  const flags = new Set(['--no-reload', '--nginx-sudo', '--allow-root']);
  for (let index = 0; index < rest.length; index += 1) {
    const name = rest[index]!;
    if (!name.startsWith('--')) throw new Error(`Unexpected argument ${name}`);
    if (flags.has(name)) options.set(name, true);
    else options.set(name, rest[++index] ?? '');
  }
  return {command, options};
}

async function main(): Promise<void> {
  const {command, options} = parseArguments(process.argv.slice(2));
  const text = (name: string): string | undefined => {
    const value = options.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const base = text('--base');
  if (!base || !['deploy', 'rollback', 'status'].includes(command)) {
    throw new Error(
      'Usage: deploy deploy|rollback|status --base <dir> [--archive <file|->] [--keep 5] [--max-bytes N] [--to <id>] [--no-reload] [--nginx <binary>] [--nginx-conf <file>] [--nginx-prefix <dir>] [--nginx-sudo] [--allow-root]',
    );
  }
  if (options.has('--build'))
    throw new Error(
      'The deploy reads a build archive, never a build folder: as the build user, `npm run pack:build`, then --archive <file> or -.',
    );
  if (process.getuid?.() === 0 && !options.has('--allow-root'))
    throw new Error('Run the deploy as its own user, not root (README: Deploy); --allow-root runs it as root all the same.');
  const ownFiles = untrustedToolFiles([realpathSync(process.argv[1]!)]);
  if (ownFiles.length > 0)
    throw new Error(
      `This copy of the deploy may be changed by another user; install it as README: Deploy says:\n- ${ownFiles.join('\n- ')}`,
    );
  const nginx: NginxControl = {
    nginx: text('--nginx') ?? defaultNginx.nginx,
    args: [
      ...(text('--nginx-prefix') ? ['-p', text('--nginx-prefix')!] : []),
      ...(text('--nginx-conf') ? ['-c', text('--nginx-conf')!] : []),
    ],
    sudo: options.has('--nginx-sudo'),
  };
  const reload = !options.has('--no-reload');
  const report = (notes: string[]) => notes.forEach((note) => console.log(`Note: ${note}.`));
  if (command === 'deploy') {
    const keep = Number(text('--keep') ?? 5);
    if (!Number.isInteger(keep) || keep < 2) throw new Error('--keep: at least 2 (the current release and one to roll back to)');
    const maxBytes = Number(text('--max-bytes') ?? defaultArchiveLimits.maxBytes);
    if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0) throw new Error('--max-bytes: a number of bytes');
    const archive = text('--archive');
    if (!archive) throw new Error('--archive <file>, or - for standard input: the build archive (`npm run pack:build`).');
    if (archive === '-' && process.stdin.isTTY)
      throw new Error('--archive -: standard input is a terminal; pass the archive with `< tessera-docs-build.tar`.');
    const {id, carried, notes} = await deploy({
      base,
      archive: archive === '-' ? 0 : archive,
      keep,
      limits: {...defaultArchiveLimits, maxBytes},
      nginx,
      reload,
    });
    report(notes);
    console.log(
      `Deployed release ${id} (${carried} hashed files of earlier releases kept for open tabs)${reload ? '; nginx reloaded' : ''}.`,
    );
  } else if (command === 'rollback') {
    const {from, to, notes} = await rollback({base, to: text('--to'), nginx, reload});
    report(notes);
    console.log(`Rolled back from ${from} to ${to}${reload ? '; nginx reloaded' : ''}.`);
  } else {
    const {releases, leftovers: left, pendingSwitch} = deployStatus(base);
    for (const {id, current, problems} of releases) {
      console.log(`${current ? '*' : ' '} ${id}${problems.length > 0 ? `  REFUSED: ${problems.join('; ')}` : ''}`);
    }
    for (const {path: leftover, bytes} of left)
      console.log(`  LEFTOVER: ${leftover} (${bytes} bytes), removed by the next deploy or rollback`);
    if (pendingSwitch)
      console.log(`  INTERRUPTED SWITCH: ${pendingSwitch}; the next deploy or rollback points current back at the release nginx serves`);
    if (releases.some(({problems}) => problems.length > 0) || left.length > 0 || pendingSwitch) {
      throw new Error('Not clean: a release holds what a deploy refuses, or an interrupted deploy left something behind.');
    }
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(fileURLToPath(import.meta.url))) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
