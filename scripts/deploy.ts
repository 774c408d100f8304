/**
 * Deploys a build (`npm run build`) to an nginx server, atomically, and rolls back.
 *
 *   tsx scripts/deploy.ts deploy   --base /srv/tessera-docs [--build build] [--keep 5] [--no-reload] [nginx options]
 *   tsx scripts/deploy.ts rollback --base /srv/tessera-docs [--to <release id>] [nginx options]
 *   tsx scripts/deploy.ts status   --base /srv/tessera-docs
 *
 *   nginx options: [--nginx /usr/sbin/nginx] [--nginx-conf <nginx.conf>] [--nginx-prefix <dir>]
 *
 * A deploy
 * 1. validates the build: its pages, no symbolic link or special file (nginx would follow a link
 *    out of the web root), no dotfile, source map, package file or nginx configuration, no inline
 *    event handler (the CSP could not allow it);
 * 2. copies it to `<base>/releases/<id>/site/` and writes `<base>/releases/<id>/release.nginx.conf`
 *    (root and headers, rendered from config/security-headers.ts and the hashes of the build's
 *    inline scripts, which this script computes itself: no file of the build is read as
 *    configuration);
 * 3. adds the hashed files (config/security-headers.ts, immutablePathPatterns: /assets/, diagrams,
 *    search indexes) of the releases it keeps that the new build lacks, so that a tab opened on an
 *    earlier release still loads its chunks;
 * 4. points `<base>/current` at the release by renaming a new symbolic link over it (atomic), runs
 *    `nginx -t` (on failure it points `current` back, removes the release and stops), then `nginx -s reload`: the new
 *    workers read the new include, so pages and their CSP hashes change together, while the old
 *    workers finish their requests with the old ones;
 * 5. removes releases beyond the newest `--keep` (5).
 *
 * A rollback points `current` at the previous release (or `--to`), carries the hashed files of the
 * release it leaves into it, tests and reloads nginx the same way.
 *
 * nginx's server block includes `<base>/current/release.nginx.conf` (deploy/nginx/tessera-docs.conf).
 * Run as a user who may write `<base>` and signal nginx (root, or with sudo).
 */
import {spawnSync} from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {buildScriptHashes, isImmutablePath, nginxReleaseConfig} from '../config/security-headers';

export const releaseIncludeFile = 'release.nginx.conf';
export const releaseSiteFolder = 'site';
const releaseIdPattern = /^\d{8}T\d{9}Z$/;

export type NginxControl = {
  /** The nginx binary. */
  nginx: string;
  /** Arguments naming the running server's configuration (`-p`, `-c`, `-e`), for `-t` and `-s reload`. */
  args: string[];
};

export const defaultNginx: NginxControl = {nginx: process.env.NGINX_PATH ?? '/usr/sbin/nginx', args: []};

/** Paths a build must not contain: dotfiles (.git, .env), source maps, package files, nginx configuration. */
const refusedPath =
  /(^|\/)\.|\.map$|(^|\/)(node_modules|package\.json|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml)(\/|$)|\.conf$/;

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

/** The build's files and inline-script hashes; throws with every reason the build is refused. */
export function validateBuild(buildDir: string): {files: string[]; scriptHashes: string[]} {
  if (!existsSync(buildDir)) throw new Error(`No build at ${buildDir}: run \`npm run build\`.`);
  const problems: string[] = [];
  const files: string[] = [];
  for (const entry of entriesUnder(buildDir)) {
    if (entry.kind === 'other') problems.push(`${entry.relative}: not a file or folder (a symbolic link could lead out of the web root)`);
    else if (refusedPath.test(entry.relative))
      problems.push(`${entry.relative}: a dotfile, source map, package file or configuration file`);
    else if (entry.kind === 'file') files.push(entry.relative);
  }
  for (const page of ['index.html', '404.html']) if (!files.includes(page)) problems.push(`${page}: missing`);
  let scriptHashes: string[] = [];
  try {
    scriptHashes = buildScriptHashes(buildDir).hashes;
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (problems.length > 0) throw new Error(`Build ${buildDir} refused:\n- ${problems.join('\n- ')}`);
  return {files, scriptHashes};
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

/** Hard-links (or copies, across file systems) the hashed files of `fromSite` that `toSite` lacks. */
function carryHashedFiles(fromSite: string, toSite: string): number {
  let carried = 0;
  for (const entry of entriesUnder(fromSite)) {
    if (entry.kind !== 'file') continue;
    // The hashed file itself and its precompressed twins.
    if (!isImmutablePath(`/${entry.relative.replace(/\.(br|gz)$/, '')}`)) continue;
    const target = path.join(toSite, entry.relative);
    if (existsSync(target)) continue;
    mkdirSync(path.dirname(target), {recursive: true});
    try {
      linkSync(path.join(fromSite, entry.relative), target);
    } catch {
      copyFileSync(path.join(fromSite, entry.relative), target);
    }
    carried += 1;
  }
  return carried;
}

function runNginx(control: NginxControl, args: string[]): void {
  const result = spawnSync(control.nginx, [...args, ...control.args], {encoding: 'utf8'});
  if (result.status !== 0) {
    throw new Error(`nginx ${args.join(' ')} failed (${result.status ?? result.error?.message}):\n${result.stderr}`);
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

export type DeployOptions = {base: string; buildDir: string; keep?: number; nginx?: NginxControl; reload?: boolean};

export function deploy({base, buildDir, keep = 5, nginx = defaultNginx, reload = true}: DeployOptions): {id: string; carried: number} {
  const absoluteBase = path.resolve(base);
  const {scriptHashes} = validateBuild(path.resolve(buildDir));
  const id = newReleaseId(absoluteBase);
  const releases = path.join(absoluteBase, 'releases');
  mkdirSync(releases, {recursive: true});
  // Assembled under a name no include points at, then renamed into place whole.
  const staging = path.join(releases, `.staging-${id}`);
  const site = path.join(staging, releaseSiteFolder);
  let carried = 0;
  try {
    cpSync(path.resolve(buildDir), site, {recursive: true});
    for (const earlier of releaseIds(absoluteBase)
      .slice(-(keep - 1))
      .reverse()) {
      carried += carryHashedFiles(path.join(releases, earlier, releaseSiteFolder), site);
    }
    const finalSite = path.join(releases, id, releaseSiteFolder);
    writeFileSync(
      path.join(staging, releaseIncludeFile),
      nginxReleaseConfig({root: finalSite, scriptHashes, generatedBy: 'scripts/deploy.ts'}),
    );
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
}

export type RollbackOptions = {base: string; to?: string; nginx?: NginxControl; reload?: boolean};

export function rollback({base, to, nginx = defaultNginx, reload = true}: RollbackOptions): {from: string; to: string} {
  const absoluteBase = path.resolve(base);
  const ids = releaseIds(absoluteBase);
  const current = currentRelease(absoluteBase);
  if (!current) throw new Error(`No current release in ${absoluteBase}.`);
  const target = to ?? ids.filter((id) => id < current).at(-1);
  if (!target || !ids.includes(target))
    throw new Error(`No release ${to ?? 'before ' + current} in ${absoluteBase}/releases (releases: ${ids.join(', ')}).`);
  const releases = path.join(absoluteBase, 'releases');
  carryHashedFiles(path.join(releases, current, releaseSiteFolder), path.join(releases, target, releaseSiteFolder));
  switchTo(absoluteBase, target, nginx, reload);
  return {from: current, to: target};
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
    const current = currentRelease(path.resolve(base));
    for (const id of releaseIds(path.resolve(base))) console.log(`${id === current ? '*' : ' '} ${id}`);
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
