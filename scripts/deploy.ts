/**
 * Deploys a build (`npm run build`) to an nginx server, atomically, and rolls back.
 *
 *   tsx scripts/deploy.ts deploy   --base /srv/tessera-docs [--build build] [--keep 5] [--no-reload] [nginx options]
 *   tsx scripts/deploy.ts rollback --base /srv/tessera-docs [--to <release id>] [nginx options]
 *   tsx scripts/deploy.ts status   --base /srv/tessera-docs
 *
 *   nginx options: [--nginx /usr/sbin/nginx] [--nginx-conf <nginx.conf>] [--nginx-prefix <dir>]
 *
 * A deploy, while it holds `<base>/deploy.lock` (a second deploy or a rollback meanwhile stops at once)
 * 1. copies the build into a staging folder only this user may enter (`<base>/releases/.staging-*`,
 *    mode 0700): folders and regular files only, each read through a descriptor opened without
 *    following a link and checked to be the file the walk saw, so a link planted in the build during
 *    the copy is never followed;
 * 2. adds the hashed files (config/security-headers.ts, immutablePathPatterns: /assets/, diagrams,
 *    search indexes) that the builds of the last `--keep` − 1 releases had and this one lacks, so
 *    that a tab opened on an earlier release still loads its chunks. Only each release's own build
 *    is carried (`build-files.json` lists it), never what that release carried itself: a hashed
 *    file stays served for `--keep` − 1 deploys after the last build that had it, then it is gone;
 * 3. validates the staged folder, which is exactly what nginx will serve: its pages, no symbolic
 *    link or special file, no dotfile, source map, package file, private key or nginx
 *    configuration (nor their .gz/.br twins, in any case), no control character in a name, no
 *    inline event handler (the CSP could not allow it); and writes
 *    `<base>/releases/<id>/release.nginx.conf` (root and headers, rendered from
 *    config/security-headers.ts and the hashes of the staged pages' inline scripts, which this
 *    script computes itself: no file of the build is read as configuration);
 * 4. opens the staging folder to nginx's user (0755 and 0644, whatever the umask), renames it to
 *    `<base>/releases/<id>`, points `<base>/current` at it by renaming a new symbolic link over it
 *    (atomic), runs `nginx -t` (on failure it points `current` back, removes the release and
 *    stops), then `nginx -s reload`: the new workers read the new include, so pages and their CSP
 *    hashes change together, while the old workers finish their requests with the old ones. nginx
 *    reads `current` only then: its `root` names the release's own real path;
 * 5. removes releases beyond the newest `--keep` (5).
 *
 * A rollback points `current` at the previous release (or `--to`), carries the own hashed files of
 * the release it leaves into it, tests and reloads nginx the same way. `status` lists the releases
 * and checks each one's files as a deploy does, flagging a release that holds what a deploy refuses.
 *
 * nginx's server block includes `<base>/current/release.nginx.conf` (deploy/nginx/tessera-docs.conf).
 * Run as a user who may write `<base>` and signal nginx (root, or with sudo).
 */
import {spawnSync} from 'node:child_process';
import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
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
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {buildScriptHashes, isImmutablePath, nginxReleaseConfig} from '../config/security-headers';

export const releaseIncludeFile = 'release.nginx.conf';
export const releaseSiteFolder = 'site';
/** Beside a release's site: the hashed files of its own build, the only ones later deploys carry. */
export const releaseBuildFilesFile = 'build-files.json';
export const deployLockFile = 'deploy.lock';
const releaseIdPattern = /^\d{8}T\d{9}Z$/;

export type NginxControl = {
  /** The nginx binary. */
  nginx: string;
  /** Arguments naming the running server's configuration (`-p`, `-c`, `-e`), for `-t` and `-s reload`. */
  args: string[];
};

export const defaultNginx: NginxControl = {nginx: process.env.NGINX_PATH ?? '/usr/sbin/nginx', args: []};

/**
 * Paths a build must not contain: dotfiles (.git, .env), source maps, package files, private keys,
 * nginx configuration. Checked in lower case and without the .gz/.br suffixes of a precompressed
 * twin, since a file system may be case-sensitive while a reader's request need not match it.
 */
const refusedPath =
  /(^|\/)\.|\.map$|(^|\/)(node_modules|package\.json|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml)(\/|$)|\.conf$|(^|\/)id_(rsa|dsa|ecdsa|ed25519)(\.pub)?$|\.(pem|key|p12|pfx)$/;
/** A control character in a file name would reach the `Location` of nginx's trailing-slash redirect as a header break. */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const unsafeNameCharacter = /[\x00-\x1f\x7f\\]/;

/** Why a build may not hold a file or folder at `relative`, or undefined when it may. */
export function refusedPathReason(relative: string): string | undefined {
  if (unsafeNameCharacter.test(relative)) return 'a control character or backslash in the name';
  if (refusedPath.test(relative.toLowerCase().replace(/(\.(gz|br))+$/, '')))
    return 'a dotfile, source map, package file, private key or configuration file';
  return undefined;
}

function* entriesUnder(root: string, relative = ''): Generator<{relative: string; kind: 'file' | 'directory' | 'other'}> {
  for (const name of readdirSync(path.join(root, relative))) {
    const entryPath = relative ? `${relative}/${name}` : name;
    const stats = lstatSync(path.join(root, entryPath));
    if (stats.isDirectory()) {
      yield {relative: entryPath, kind: 'directory'};
      yield* entriesUnder(root, entryPath);
    } else yield {relative: entryPath, kind: stats.isFile() ? 'file' : 'other'};
  }
}

const notAFileOrFolder = 'not a file or folder (a symbolic link could lead out of the web root)';

function refused(name: string, problems: string[]): Error {
  return new Error(`Build ${name} refused:\n- ${problems.join('\n- ')}`);
}

/**
 * The files and inline-script hashes of the site folder `siteDir` (the staged release, which is
 * what nginx serves); throws with every reason it is refused, naming it `name`.
 */
export function validateBuild(siteDir: string, name = siteDir): {files: string[]; scriptHashes: string[]} {
  if (!existsSync(siteDir)) throw new Error(`No build at ${siteDir}: run \`npm run build\`.`);
  const problems: string[] = [];
  const files: string[] = [];
  for (const entry of entriesUnder(siteDir)) {
    const reason = entry.kind === 'other' ? notAFileOrFolder : refusedPathReason(entry.relative);
    if (reason) problems.push(`${JSON.stringify(entry.relative).slice(1, -1)}: ${reason}`);
    else if (entry.kind === 'file') files.push(entry.relative);
  }
  for (const page of ['index.html', '404.html']) if (!files.includes(page)) problems.push(`${page}: missing`);
  let scriptHashes: string[] = [];
  try {
    scriptHashes = buildScriptHashes(siteDir).hashes;
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (problems.length > 0) throw refused(name, problems);
  return {files, scriptHashes};
}

/**
 * Copies the folders and regular files under `from` into `to`, and returns what it would not copy.
 * Each file is opened without following a link and must be the very file the walk saw, with no
 * other name: a link, or a hard link to a file elsewhere, planted while the copy runs is refused,
 * never read.
 */
function copyBuild(from: string, to: string, relative = '', problems: string[] = []): string[] {
  for (const name of readdirSync(path.join(from, relative))) {
    const entry = relative ? `${relative}/${name}` : name;
    const source = path.join(from, entry);
    const seen = lstatSync(source);
    if (seen.isDirectory()) {
      mkdirSync(path.join(to, entry));
      copyBuild(from, to, entry, problems);
    } else if (!seen.isFile()) problems.push(`${entry}: ${notAFileOrFolder}`);
    else if (seen.nlink !== 1) problems.push(`${entry}: a file with other names (a hard link could be a file from outside the build)`);
    else {
      let descriptor: number;
      try {
        descriptor = openSync(source, constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (error) {
        problems.push(`${entry}: changed while it was copied (${(error as NodeJS.ErrnoException).code})`);
        continue;
      }
      try {
        const opened = fstatSync(descriptor);
        if (opened.isFile() && opened.ino === seen.ino && opened.dev === seen.dev)
          writeFileSync(path.join(to, entry), readFileSync(descriptor));
        else problems.push(`${entry}: changed while it was copied`);
      } finally {
        closeSync(descriptor);
      }
    }
  }
  return problems;
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

/** The hashed files under a site folder, with their precompressed twins. */
function hashedFilesUnder(site: string): string[] {
  const hashed: string[] = [];
  for (const entry of entriesUnder(site)) {
    if (entry.kind === 'file' && isImmutablePath(`/${entry.relative.replace(/\.(br|gz)$/, '')}`)) hashed.push(entry.relative);
  }
  return hashed;
}

/**
 * The hashed files of a release's own build. A release deployed before the list was kept carries
 * all of its hashed files once more; it leaves after `--keep` deploys like any other.
 */
function ownHashedFiles(release: string): string[] {
  const list = path.join(release, releaseBuildFilesFile);
  if (existsSync(list)) return JSON.parse(readFileSync(list, 'utf8')) as string[];
  return hashedFilesUnder(path.join(release, releaseSiteFolder));
}

/** Hard-links (or copies, across file systems) the own hashed files of `fromRelease` that `toSite` lacks. */
function carryHashedFiles(fromRelease: string, toSite: string): number {
  let carried = 0;
  for (const relative of ownHashedFiles(fromRelease)) {
    const source = path.join(fromRelease, releaseSiteFolder, relative);
    const target = path.join(toSite, relative);
    if (existsSync(target) || !existsSync(source) || !lstatSync(source).isFile()) continue;
    mkdirSync(path.dirname(target), {recursive: true});
    try {
      linkSync(source, target);
    } catch {
      copyFileSync(source, target);
    }
    carried += 1;
  }
  return carried;
}

/** nginx's workers run as another user (Debian: www-data): folders 0755 and files 0644, whatever the deploying user's umask. */
function openToReaders(folder: string): void {
  chmodSync(folder, 0o755);
  for (const entry of entriesUnder(folder)) {
    if (entry.kind !== 'other') chmodSync(path.join(folder, entry.relative), entry.kind === 'directory' ? 0o755 : 0o644);
  }
}

function runNginx(control: NginxControl, args: string[]): void {
  const result = spawnSync(control.nginx, [...args, ...control.args], {encoding: 'utf8'});
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
  return realpathSync(path.resolve(base));
}

function processIsRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `work` holding `<base>/deploy.lock`, created exclusively: two deploys (or a deploy and a
 * rollback) at once would each carry, switch and prune on a state the other is changing. A lock
 * whose process has gone (a deploy killed midway) is taken over; a live one stops this run.
 */
function withDeployLock<T>(base: string, work: () => T): T {
  mkdirSync(base, {recursive: true});
  const lock = path.join(base, deployLockFile);
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(lock, `${process.pid}\n`, {flag: 'wx'});
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error;
      const holder = Number(readFileSync(lock, 'utf8').trim());
      if (processIsRunning(holder)) {
        throw new Error(`Another deploy or rollback (process ${holder}) is running: ${lock} is held. Try again when it has finished.`, {
          cause: error,
        });
      }
      rmSync(lock, {force: true});
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, {force: true});
  }
}

/** Points `current` at `id` by renaming a new link over it: readers see the old or the new target, never none. */
function pointCurrentAt(base: string, id: string): void {
  const temporary = path.join(base, `.current-${process.pid}`);
  rmSync(temporary, {force: true});
  symlinkSync(path.join('releases', id), temporary);
  renameSync(temporary, path.join(base, 'current'));
}

/** Switches to `id`, tests nginx's configuration and reloads it; when the test fails, `current` goes back. */
function switchTo(base: string, id: string, control: NginxControl, reload: boolean): void {
  const previous = currentRelease(base);
  pointCurrentAt(base, id);
  try {
    runNginx(control, ['-t', '-q']);
  } catch (error) {
    if (previous) pointCurrentAt(base, previous);
    else rmSync(path.join(base, 'current'));
    throw error;
  }
  if (reload) runNginx(control, ['-s', 'reload']);
}

export type DeployOptions = {
  base: string;
  buildDir: string;
  keep?: number;
  nginx?: NginxControl;
  reload?: boolean;
  /** For the tests: runs on the staged site just before it is validated, as a process racing the deploy could. */
  beforeValidation?: (stagedSite: string) => void;
};

export function deploy({base, buildDir, keep = 5, nginx = defaultNginx, reload = true, beforeValidation}: DeployOptions): {
  id: string;
  carried: number;
} {
  mkdirSync(base, {recursive: true});
  const absoluteBase = realBase(base);
  const source = path.resolve(buildDir);
  if (!existsSync(source)) throw new Error(`No build at ${source}: run \`npm run build\`.`);
  return withDeployLock(absoluteBase, () => {
    const id = newReleaseId(absoluteBase);
    const releases = path.join(absoluteBase, 'releases');
    mkdirSync(releases, {recursive: true});
    // Assembled under a name no include points at, which only this user may enter (mkdtemp: 0700)
    // until it has been validated; then renamed into place whole.
    const staging = mkdtempSync(path.join(releases, '.staging-'));
    const site = path.join(staging, releaseSiteFolder);
    let carried = 0;
    try {
      mkdirSync(site);
      const copyProblems = copyBuild(source, site);
      if (copyProblems.length > 0) throw refused(source, copyProblems);
      writeFileSync(path.join(staging, releaseBuildFilesFile), `${JSON.stringify(hashedFilesUnder(site), null, 1)}\n`);
      for (const earlier of releaseIds(absoluteBase)
        .slice(-(keep - 1))
        .reverse()) {
        carried += carryHashedFiles(path.join(releases, earlier), site);
      }
      beforeValidation?.(site);
      const {scriptHashes} = validateBuild(site, source);
      const finalSite = path.join(releases, id, releaseSiteFolder);
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
    prune(absoluteBase, keep);
    return {id, carried};
  });
}

export type RollbackOptions = {base: string; to?: string; nginx?: NginxControl; reload?: boolean};

export function rollback({base, to, nginx = defaultNginx, reload = true}: RollbackOptions): {from: string; to: string} {
  const absoluteBase = realBase(base);
  return withDeployLock(absoluteBase, () => {
    const ids = releaseIds(absoluteBase);
    const current = currentRelease(absoluteBase);
    if (!current) throw new Error(`No current release in ${absoluteBase}.`);
    const target = to ?? ids.filter((id) => id < current).at(-1);
    if (!target || !ids.includes(target))
      throw new Error(`No release ${to ?? 'before ' + current} in ${absoluteBase}/releases (releases: ${ids.join(', ')}).`);
    const releases = path.join(absoluteBase, 'releases');
    carryHashedFiles(path.join(releases, current), path.join(releases, target, releaseSiteFolder));
    switchTo(absoluteBase, target, nginx, reload);
    return {from: current, to: target};
  });
}

export type ReleaseStatus = {id: string; current: boolean; problems: string[]};

/** Each release, and what in its site a deploy would refuse (a file planted after it was deployed, say). */
export function releaseStatus(base: string): ReleaseStatus[] {
  const absoluteBase = realBase(base);
  const current = currentRelease(absoluteBase);
  return releaseIds(absoluteBase).map((id) => {
    let problems: string[] = [];
    try {
      validateBuild(path.join(absoluteBase, 'releases', id, releaseSiteFolder));
    } catch (error) {
      problems = (error as Error).message.split('\n- ').slice(1);
    }
    return {id, current: id === current, problems};
  });
}

/** Keeps the newest `keep` releases and the current one. */
function prune(base: string, keep: number): void {
  const current = currentRelease(base);
  const ids = releaseIds(base);
  for (const id of ids.slice(0, Math.max(0, ids.length - keep))) {
    if (id !== current) rmSync(path.join(base, 'releases', id), {recursive: true, force: true});
  }
}

function parseArguments(argv: string[]): {command: string; options: Map<string, string | true>} {
  const [command = '', ...rest] = argv;
  const options = new Map<string, string | true>();
  for (let index = 0; index < rest.length; index += 1) {
    const name = rest[index]!;
    if (!name.startsWith('--')) throw new Error(`Unexpected argument ${name}`);
    if (name === '--no-reload') options.set(name, true);
    else options.set(name, rest[++index] ?? '');
  }
  return {command, options};
}

function main(): void {
  const {command, options} = parseArguments(process.argv.slice(2));
  const text = (name: string): string | undefined => {
    const value = options.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const base = text('--base');
  if (!base || !['deploy', 'rollback', 'status'].includes(command)) {
    throw new Error(
      'Usage: deploy.ts deploy|rollback|status --base <dir> [--build build] [--keep 5] [--to <id>] [--no-reload] [--nginx <binary>] [--nginx-conf <file>] [--nginx-prefix <dir>]',
    );
  }
  const nginx: NginxControl = {
    nginx: text('--nginx') ?? defaultNginx.nginx,
    args: [
      ...(text('--nginx-prefix') ? ['-p', text('--nginx-prefix')!] : []),
      ...(text('--nginx-conf') ? ['-c', text('--nginx-conf')!] : []),
    ],
  };
  const reload = !options.has('--no-reload');
  if (command === 'deploy') {
    const keep = Number(text('--keep') ?? 5);
    if (!Number.isInteger(keep) || keep < 2) throw new Error('--keep: at least 2 (the current release and one to roll back to)');
    const {id, carried} = deploy({base, buildDir: text('--build') ?? 'build', keep, nginx, reload});
    console.log(
      `Deployed release ${id} (${carried} hashed files of earlier releases kept for open tabs)${reload ? '; nginx reloaded' : ''}.`,
    );
  } else if (command === 'rollback') {
    const {from, to} = rollback({base, to: text('--to'), nginx, reload});
    console.log(`Rolled back from ${from} to ${to}${reload ? '; nginx reloaded' : ''}.`);
  } else {
    const statuses = releaseStatus(base);
    for (const {id, current, problems} of statuses) {
      console.log(`${current ? '*' : ' '} ${id}${problems.length > 0 ? `  REFUSED: ${problems.join('; ')}` : ''}`);
    }
    if (statuses.some(({problems}) => problems.length > 0)) {
      throw new Error('A release holds what a deploy refuses: deploy a clean build, and remove that release.');
    }
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  try {
    main();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
