/**
 * The build as one archive: what the build user hands to the deploy (scripts/deploy.ts), which
 * reads nothing else of the build user's.
 *
 *   npm run pack:build                      build/ → tessera-docs-build.tar
 *   tsx scripts/build-archive.ts [--build build] [--out tessera-docs-build.tar]
 *
 * The archive is a POSIX (pax) tar written by GNU tar: `manifest.json` (every file's size and
 * SHA-256, computed here) and the build under `site/`, owner 0, mode 0644/0755, in name order.
 * Packing is the build user's own act; the deploy trusts none of it: readArchive accepts folders
 * and regular files only, names in UTF-8 that stay under `site/`, within a size cap, every file
 * matching the manifest, and extractArchive writes each file itself into a folder only the deploy
 * user may enter, never following or replacing anything.
 */
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {
  closeSync,
  futimesSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export const manifestMember = 'manifest.json';
export const siteMember = 'site';
export const manifestFormat = 'tessera-docs-build/1';

export type FileRecord = {size: number; sha256: string};
export type BuildManifest = {format: typeof manifestFormat; files: Record<string, FileRecord>};

function* regularFilesUnder(root: string, relative = ''): Generator<{relative: string; kind: 'file' | 'directory' | 'other'}> {
  for (const name of readdirSync(path.join(root, relative)).sort()) {
    const entry = relative ? `${relative}/${name}` : name;
    const stats = lstatSync(path.join(root, entry));
    if (stats.isDirectory()) yield* regularFilesUnder(root, entry);
    else yield {relative: entry, kind: stats.isFile() ? 'file' : 'other'};
  }
}

/** One read buffer for every file hashed: allocating (and zeroing) one per file cost more than the hashing. */
const hashBuffer = Buffer.alloc(1 << 20);

export function sha256OfFile(file: string): string {
  const hash = createHash('sha256');
  const descriptor = openSync(file, 'r');
  try {
    for (let read; (read = readSync(descriptor, hashBuffer, 0, hashBuffer.length, null)) > 0;) hash.update(hashBuffer.subarray(0, read));
  } finally {
    closeSync(descriptor);
  }
  return hash.digest('hex');
}

/** The manifest of the build at `root`: each regular file's size and hash. Anything else is refused here already, as the deploy would. */
export function buildManifest(root: string): BuildManifest {
  const files: Record<string, FileRecord> = {};
  const others: string[] = [];
  for (const {relative, kind} of regularFilesUnder(root)) {
    if (kind !== 'file') others.push(relative);
    else files[relative] = {size: lstatSync(path.join(root, relative)).size, sha256: sha256OfFile(path.join(root, relative))};
  }
  if (others.length > 0) throw new Error(`Not a file or folder, so not packed: ${others.join(', ')}`);
  return {format: manifestFormat, files};
}

/**
 * Writes `root` and `manifest` as the archive `out` with GNU tar, as it stores them (links and
 * special files included, which the deploy refuses): the tests use it to make bad archives.
 */
export function tarBuild(root: string, out: string, manifest: unknown): void {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'tessera-pack-'));
  try {
    writeFileSync(path.join(folder, manifestMember), `${JSON.stringify(manifest)}\n`);
    const result = spawnSync(
      'tar',
      [
        '--create',
        `--file=${path.resolve(out)}`,
        '--format=posix',
        '--sort=name',
        '--numeric-owner',
        '--owner=0',
        '--group=0',
        '--mode=u=rw,go=r,a+X',
        '--pax-option=delete=atime,delete=ctime',
        `--directory=${folder}`,
        manifestMember,
        `--directory=${path.resolve(root)}`,
        `--transform=s,^\\.\\(/\\|$\\),${siteMember}\\1,`,
        '.',
      ],
      {encoding: 'utf8'},
    );
    if (result.status !== 0) throw new Error(`tar failed (${result.status ?? result.error?.message}): ${result.stderr}`);
  } finally {
    rmSync(folder, {recursive: true, force: true});
  }
}

/** The build at `root` as the archive `out`, with its manifest. */
export function packBuild(root: string, out: string): BuildManifest {
  const manifest = buildManifest(root);
  tarBuild(root, out, manifest);
  return manifest;
}

// Reading an archive, trusting nothing in it.

export type ArchiveLimits = {
  /** The most bytes the files may hold in all (and the archive itself may be). */
  maxBytes: number;
  /** The most entries (files and folders). */
  maxEntries: number;
};

/** 1 GiB, 200,000 entries: today's build is about 50 MB in some 10,000 files. */
export const defaultArchiveLimits: ArchiveLimits = {maxBytes: 1 << 30, maxEntries: 200_000};

export type ArchiveEntry = {relative: string; kind: 'file' | 'directory'; size: number; dataOffset: number};
export type CheckedArchive = {manifest: BuildManifest; entries: ArchiveEntry[]; totalBytes: number};

const block = 512;
const utf8 = new TextDecoder('utf-8', {fatal: true});

/** tar's entry types, for the message that refuses one. */
const entryKinds: Record<string, string> = {
  '1': 'a hard link',
  '2': 'a symbolic link',
  '3': 'a character device',
  '4': 'a block device',
  '6': 'a FIFO',
  '7': 'a contiguous file',
  g: 'a global pax header',
  L: 'a GNU long name',
  K: 'a GNU long link name',
  S: 'a GNU sparse file',
  D: 'a GNU dump directory',
  M: 'a GNU multi-volume part',
  V: 'a volume label',
};

/** pax records this reader understands; any other (linkpath, GNU.sparse.*, hdrcharset, …) refuses the archive. */
const understoodPaxKeys = new Set(['path', 'size', 'mtime', 'atime', 'ctime', 'uid', 'gid', 'uname', 'gname']);

/** A name as bytes, for a message: printable ASCII as it is, any other byte as \\xNN. */
const shown = (bytes: Buffer) =>
  [...bytes]
    .map((byte) => (byte >= 0x20 && byte < 0x7f && byte !== 0x5c ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, '0')}`))
    .join('');

function cString(header: Buffer, start: number, length: number): Buffer {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return end === -1 ? field : field.subarray(0, end);
}

function octal(header: Buffer, start: number, length: number): number | undefined {
  const text = cString(header, start, length).toString('latin1').trim();
  return /^[0-7]{1,12}$/.test(text) ? Number.parseInt(text, 8) : undefined;
}

function readAt(descriptor: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const read = readSync(descriptor, buffer, done, length - done, position + done);
    if (read === 0) break;
    done += read;
  }
  return buffer.subarray(0, done);
}

/** The pax records of an extended header, or the reason they are refused. */
function paxRecords(data: Buffer): Map<string, string> | string | {notUtf8: Buffer} {
  const records = new Map<string, string>();
  let position = 0;
  while (position < data.length) {
    const space = data.indexOf(0x20, position);
    const length = Number(data.subarray(position, space).toString('latin1'));
    if (space === -1 || !Number.isInteger(length) || length <= 0 || position + length > data.length || data[position + length - 1] !== 0x0a)
      return 'a malformed pax header';
    const record = data.subarray(space + 1, position + length - 1);
    const equals = record.indexOf(0x3d);
    if (equals === -1) return 'a malformed pax header';
    let key: string;
    let value: string;
    try {
      key = utf8.decode(record.subarray(0, equals));
      value = utf8.decode(record.subarray(equals + 1));
    } catch {
      return {notUtf8: record.subarray(equals + 1)};
    }
    if (!understoodPaxKeys.has(key)) return `a pax record this deploy does not read (${key})`;
    records.set(key, value);
    position += length;
  }
  return records;
}

/** Why `name` (an archive member's name, folders without their trailing `/`) may not be extracted, or undefined. */
function unsafeMemberName(name: string): string | undefined {
  if (name === '' || name.startsWith('/') || name.split('/').some((part) => part === '' || part === '.' || part === '..'))
    return 'a name that leads out of the archive (absolute, empty, `.` or `..`)';
  if (name !== manifestMember && name !== siteMember && !name.startsWith(`${siteMember}/`)) return `a name outside ${siteMember}/`;
  return undefined;
}

/**
 * Reads the headers of the archive open as `descriptor` (the deploy's own copy, `size` bytes) and
 * checks them all before anything is extracted: folders and regular files only, every name in
 * UTF-8 and under `site/`, none twice, within `limits`, every file in the manifest with its size and
 * every manifest file in the archive. `checkName` adds the site's own rules on a path under `site/`.
 * Throws with every reason found.
 */
export function checkArchive(
  descriptor: number,
  size: number,
  limits: ArchiveLimits,
  checkName: (relative: string, kind: 'file' | 'directory') => string | undefined,
): CheckedArchive {
  const problems: string[] = [];
  const entries: ArchiveEntry[] = [];
  const seen = new Set<string>();
  let manifestData: Buffer | undefined;
  let totalBytes = 0;
  let pax: Map<string, string> | undefined;
  let position = 0;
  let ended = false;
  /** The entry after a pax header already refused. */
  let skipNext = false;
  /** A problem after which the rest of the archive cannot be read. */
  let broken = false;
  const fail = (problem: string) => {
    problems.push(problem);
    broken = true;
  };
  if (size > limits.maxBytes) fail(`the archive: ${size} bytes, more than the cap of ${limits.maxBytes}`);
  while (!broken && position + block <= size) {
    const header = readAt(descriptor, position, block);
    if (header.every((byte) => byte === 0)) {
      ended = true;
      break;
    }
    let sum = 0;
    for (let index = 0; index < block; index += 1) sum += index >= 148 && index < 156 ? 0x20 : header[index]!;
    if (octal(header, 148, 8) !== sum) {
      fail(`a header at byte ${position} with a wrong checksum (not a tar archive, or damaged)`);
      break;
    }
    const type = String.fromCharCode(header[156]!);
    const isUstar = header.subarray(257, 263).toString('latin1') === 'ustar\0';
    const prefix = isUstar ? cString(header, 345, 155) : Buffer.alloc(0);
    const rawName = prefix.length > 0 ? Buffer.concat([prefix, Buffer.from('/'), cString(header, 0, 100)]) : cString(header, 0, 100);
    const headerSize = octal(header, 124, 12);
    const paxSize = pax?.get('size');
    const recordSize = paxSize === undefined ? headerSize : /^\d{1,15}$/.test(paxSize) ? Number(paxSize) : undefined;
    if (recordSize === undefined || !Number.isSafeInteger(recordSize) || recordSize < 0) {
      fail(`${shown(rawName)}: a size that is not a number`);
      break;
    }
    const dataOffset = position + block;
    const next = dataOffset + Math.ceil(recordSize / block) * block;
    if (next > size) {
      fail(`${shown(rawName)}: cut short (the archive ends inside it)`);
      break;
    }
    if (type === 'x') {
      if (pax) problems.push('two pax headers in a row');
      else if (recordSize > 1 << 16) problems.push('a pax header over 64 KiB');
      else {
        const records = paxRecords(readAt(descriptor, dataOffset, recordSize));
        if (typeof records === 'string') fail(records);
        else if (records instanceof Map) pax = records;
        else {
          problems.push(`${shown(records.notUtf8).replace(/^site\//, '')}: a name that is not UTF-8`);
          skipNext = true;
        }
      }
      position = next;
      continue;
    }
    if (skipNext) {
      skipNext = false;
      position = next;
      continue;
    }
    let name: string;
    try {
      name = pax?.get('path') ?? utf8.decode(rawName);
    } catch {
      problems.push(`${shown(rawName).replace(/^site\//, '')}: a name that is not UTF-8`);
      pax = undefined;
      position = next;
      continue;
    }
    pax = undefined;
    position = next;
    const kind = type === '0' || type === '\0' ? 'file' : type === '5' ? 'directory' : undefined;
    const member = name.replace(/\/$/, '');
    const label = JSON.stringify(member.replace(/^site\//, '')).slice(1, -1);
    if (!kind) {
      problems.push(`${label}: ${entryKinds[type] ?? `an entry of type ${JSON.stringify(type)}`}, not a file or folder`);
      continue;
    }
    const unsafe = unsafeMemberName(member);
    if (unsafe) {
      problems.push(`${label}: ${unsafe}`);
      continue;
    }
    if (seen.has(member)) {
      problems.push(`${label}: twice in the archive`);
      continue;
    }
    seen.add(member);
    if (member === manifestMember) {
      if (kind !== 'file' || recordSize > 64 << 20) problems.push(`${manifestMember}: not a file under 64 MiB`);
      else manifestData = readAt(descriptor, dataOffset, recordSize);
      continue;
    }
    if (member === siteMember) continue;
    const relative = member.slice(siteMember.length + 1);
    const reason = checkName(relative, kind);
    if (reason) problems.push(`${label}: ${reason}`);
    totalBytes += recordSize;
    entries.push({relative, kind, size: recordSize, dataOffset});
    if (entries.length > limits.maxEntries) {
      fail(`more than ${limits.maxEntries} entries`);
      break;
    }
  }
  if (!broken && !ended) problems.push('no end-of-archive marker (cut short)');
  if (totalBytes > limits.maxBytes) problems.push(`the files hold ${totalBytes} bytes, more than the cap of ${limits.maxBytes}`);
  let manifest: BuildManifest | undefined;
  if (problems.length === 0) {
    try {
      const parsed = JSON.parse(utf8.decode(manifestData)) as BuildManifest;
      if (parsed.format !== manifestFormat || typeof parsed.files !== 'object' || parsed.files === null || Array.isArray(parsed.files))
        throw new Error('format');
      manifest = parsed;
    } catch {
      problems.push(manifestData ? `${manifestMember}: not a ${manifestFormat} manifest` : `no ${manifestMember}`);
    }
  }
  if (manifest) {
    const files = new Map(entries.filter((entry) => entry.kind === 'file').map((entry) => [entry.relative, entry]));
    for (const [relative, entry] of files) {
      const record = Object.hasOwn(manifest.files, relative) ? manifest.files[relative] : undefined;
      if (!record) problems.push(`${relative}: not in ${manifestMember}`);
      else if (record.size !== entry.size || !/^[0-9a-f]{64}$/.test(String(record.sha256)))
        problems.push(`${relative}: ${entry.size} bytes, ${manifestMember} says ${record.size}`);
    }
    for (const relative of Object.keys(manifest.files))
      if (!files.has(relative)) problems.push(`${relative}: in ${manifestMember}, not in the archive`);
  }
  if (problems.length > 0 || !manifest) throw new Error(`Archive refused:\n- ${problems.join('\n- ')}`);
  return {manifest, entries, totalBytes};
}

/**
 * Writes the checked archive's folders and files under `site` (a new folder of the deploy's own),
 * each file created anew (`wx`: never through a link, never over a file) and hashed as it is
 * written; a hash that differs from the manifest's stops the extraction. `mtimeOf` gives each
 * file's modification time (nginx's ETag and Last-Modified), in seconds.
 */
export function extractArchive(
  descriptor: number,
  checked: CheckedArchive,
  site: string,
  mtimeOf: (relative: string, sha256: string) => number,
): void {
  mkdirSync(site, {mode: 0o755});
  const chunk = Buffer.alloc(1 << 20);
  for (const entry of checked.entries) {
    const target = path.join(site, entry.relative);
    if (entry.kind === 'directory') {
      mkdirSync(target, {recursive: true, mode: 0o755});
      continue;
    }
    mkdirSync(path.dirname(target), {recursive: true, mode: 0o755});
    const output = openSync(target, 'wx', 0o644);
    const hash = createHash('sha256');
    try {
      for (let done = 0; done < entry.size;) {
        const read = readSync(descriptor, chunk, 0, Math.min(chunk.length, entry.size - done), entry.dataOffset + done);
        if (read === 0) throw new Error(`${entry.relative}: the archive ended inside it`);
        hash.update(chunk.subarray(0, read));
        writeSync(output, chunk, 0, read);
        done += read;
      }
      const sha256 = hash.digest('hex');
      if (sha256 !== checked.manifest.files[entry.relative]!.sha256)
        throw new Error(`Archive refused:\n- ${entry.relative}: its SHA-256 is not the one in ${manifestMember}`);
      const mtime = mtimeOf(entry.relative, sha256);
      futimesSync(output, mtime, mtime);
    } finally {
      closeSync(output);
    }
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: string) => {
    const index = args.indexOf(name);
    return index === -1 ? fallback : (args[index + 1] ?? fallback);
  };
  const build = option('--build', 'build');
  const out = option('--out', 'tessera-docs-build.tar');
  const manifest = packBuild(build, out);
  const files = Object.values(manifest.files);
  console.log(`Packed ${files.length} files (${files.reduce((sum, file) => sum + file.size, 0)} bytes) of ${build} into ${out}.`);
}

// Named by its own file name: bundled into the deploy tool (scripts/bundle-deploy.ts), import.meta names the bundle.
if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === path.resolve(fileURLToPath(import.meta.url)) &&
  import.meta.url.endsWith('build-archive.ts')
) {
  try {
    main();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
