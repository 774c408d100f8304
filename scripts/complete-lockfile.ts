/**
 * Records in package-lock.json the platform-specific optional packages that the npm registry
 * reachable here does not serve (for example @swc/core-darwin-arm64 answers 404). npm cannot
 * record a package it cannot fetch, and `npm ci` then rejects the lock as out of sync. Each entry
 * carries the os/cpu/libc its name states, so npm skips it on every other machine, as it would the
 * real package. Run it after `npm install` changes the lock: `npm run lock:complete`.
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

type LockEntry = {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
};
type Lock = {packages: Record<string, LockEntry>};

const operatingSystems = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openbsd', 'netbsd', 'sunos', 'aix'];
const cpus: Record<string, string> = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  ppc64: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
};

/** `@swc/html-linux-arm64-musl` → linux, arm64, musl. Undefined when the name states no platform. */
export function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | undefined {
  const parts = name.split('/').pop()!.split('-');
  const osIndex = parts.findIndex((part) => operatingSystems.includes(part));
  const cpu = cpus[parts[osIndex + 1] ?? ''];
  if (osIndex < 0 || !cpu) return undefined;
  const os = parts[osIndex]!;
  const abi = parts[osIndex + 2];
  const libc = os === 'linux' ? (abi === 'musl' ? ['musl'] : abi?.startsWith('gnu') ? ['glibc'] : undefined) : undefined;
  return {os: [os], cpu: [cpu], ...(libc ? {libc} : {})};
}

/** Where npm would look for `name` when `dependent` requires it: nested first, then each parent. */
export function resolves(packages: Lock['packages'], dependent: string, name: string): boolean {
  let base = dependent;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent >= 0 ? base.slice(0, parent) : '';
  }
}

/** The optional dependencies of locked packages that have no entry of their own. */
export function missingOptionalPackages(lock: Lock): {name: string; version: string}[] {
  const missing = new Map<string, string>();
  for (const [dependent, entry] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      if (!resolves(lock.packages, dependent, name)) missing.set(name, version);
    }
  }
  return [...missing].map(([name, version]) => ({name, version}));
}

function main(): void {
  const file = path.resolve(import.meta.dirname, '../package-lock.json');
  const lock = JSON.parse(readFileSync(file, 'utf8')) as Lock;
  const added: string[] = [];
  for (const {name, version} of missingOptionalPackages(lock)) {
    const platform = platformOf(name);
    if (!platform) throw new Error(`${name} is missing from the lock and its name states no platform: run npm install`);
    lock.packages[`node_modules/${name}`] = {version, ...platform, optional: true};
    added.push(`${name}@${version}`);
  }
  // npm orders entries with an English locale compare; keeping its order keeps the diff to the new entries.
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
  );
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    added.length ? `recorded ${added.length} platform packages: ${added.join(', ')}` : 'the lock already records every optional package',
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
