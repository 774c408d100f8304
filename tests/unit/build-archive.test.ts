/**
 * scripts/build-archive.ts's reader against archives written by hand, header by header: what GNU
 * tar would not write from a build folder but an attacker can (a name leading out, a pax record
 * naming a link target, a sparse file, an entry twice, an archive cut short), and what GNU tar
 * writes for a build (long names in pax headers), which it must read.
 */
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';
import {checkArchive, extractArchive, manifestFormat, packBuild, type CheckedArchive} from '../../scripts/build-archive';

const work = mkdtempSync(path.join(os.tmpdir(), 'tessera-archive-'));
after(() => rmSync(work, {recursive: true, force: true}));

/** One ustar header (and its data) for `name`, of tar type `type`. */
function entry(name: string | Buffer, type: string, data: Buffer | string = Buffer.alloc(0), {size}: {size?: string} = {}): Buffer {
  const body = Buffer.from(data);
  const header = Buffer.alloc(512);
  Buffer.from(name).copy(header, 0, 0, 100);
  header.write('0000644\0', 100, 'latin1');
  header.write('0000000\0', 108, 'latin1');
  header.write('0000000\0', 116, 'latin1');
  header.write(size ?? `${body.length.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  header.write('00000000000\0', 136, 'latin1');
  header.write(type, 156, 'latin1');
  header.write('ustar\x0000', 257, 'latin1');
  header.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return Buffer.concat([header, body, Buffer.alloc((512 - (body.length % 512)) % 512)]);
}

const pax = (records: Record<string, string>) =>
  entry(
    'PaxHeaders/x',
    'x',
    Object.entries(records)
      .map(([key, value]) => {
        const text = ` ${key}=${value}\n`;
        let length = text.length + 1;
        while (`${length}${text}`.length !== length) length += 1;
        return `${length}${text}`;
      })
      .join(''),
  );

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const manifestOf = (files: Record<string, string>) =>
  entry(
    'manifest.json',
    '0',
    JSON.stringify({
      format: manifestFormat,
      files: Object.fromEntries(Object.entries(files).map(([name, text]) => [name, {size: Buffer.byteLength(text), sha256: sha256(text)}])),
    }),
  );
const end = Buffer.alloc(1024);
const limits = {maxBytes: 1 << 20, maxEntries: 100};

let count = 0;
function check(parts: Buffer[]): CheckedArchive {
  const file = path.join(work, `archive-${(count += 1)}.tar`);
  const bytes = Buffer.concat(parts);
  writeFileSync(file, bytes);
  const descriptor = openSync(file, 'r');
  try {
    return checkArchive(descriptor, bytes.length, limits, () => undefined);
  } finally {
    closeSync(descriptor);
  }
}

const page = '<!doctype html><title>Home</title>';

test('a well-formed archive is read: its files, their sizes, and a long name from a pax header', () => {
  const long = `docs/${'a'.repeat(150)}.html`;
  const checked = check([
    manifestOf({'index.html': page, [long]: page}),
    entry('site/', '5'),
    entry('site/index.html', '0', page),
    entry('site/docs/', '5'),
    pax({path: `site/${long}`}),
    entry('site/docs/truncated-name', '0', page),
    end,
  ]);
  assert.deepEqual(
    checked.entries.map(({relative, kind, size}) => [relative, kind, size]),
    [
      ['index.html', 'file', page.length],
      ['docs', 'directory', 0],
      [long, 'file', page.length],
    ],
  );
});

test('names leading out of site/, pax records it does not read, special entries and an entry twice are all refused, each named', () => {
  assert.throws(
    () =>
      check([
        manifestOf({'index.html': page}),
        entry('site/index.html', '0', page),
        entry('site/../../etc/cron.d/x', '0', 'x'),
        entry('/etc/passwd', '0', 'x'),
        entry('elsewhere.html', '0', 'x'),
        pax({path: 'site/leak', linkpath: '/etc/shadow'}),
        entry('site/leak', '2'),
        pax({'GNU.sparse.map': '0,1'}),
        entry('site/sparse.txt', '0', 'x'),
        entry('site/index.html', '0', page),
        entry('site/volume', 'V'),
        end,
      ]),
    (error: Error) => {
      for (const line of [
        '- ../../etc/cron.d/x: a name that leads out of the archive',
        '- /etc/passwd: a name that leads out of the archive',
        '- elsewhere.html: a name outside site/',
        '- a pax record this deploy does not read (linkpath)',
      ])
        assert.ok(error.message.includes(line), `${line} in\n${error.message}`);
      return true;
    },
  );
  assert.throws(() => check([manifestOf({}), pax({'GNU.sparse.map': '0,1'}), entry('site/s.txt', '0', 'x'), end]), /GNU\.sparse\.map/);
  assert.throws(
    () => check([manifestOf({'index.html': page}), entry('site/index.html', '0', page), entry('site/index.html', '0', page), end]),
    /index\.html: twice in the archive/,
  );
  assert.throws(() => check([manifestOf({}), entry('site/v', 'V'), end]), /v: a volume label, not a file or folder/);
});

test('an archive cut short, a wrong checksum, a size that is not octal, or files that differ from the manifest are refused', () => {
  const whole = Buffer.concat([manifestOf({'index.html': page}), entry('site/index.html', '0', page), end]);
  assert.throws(() => check([whole.subarray(0, 1024 + 100)]), /cut short/);
  assert.throws(() => check([whole.subarray(0, whole.length - 1024)]), /no end-of-archive marker/);
  const damaged = Buffer.from(whole);
  damaged[1024 + 10] ^= 1;
  assert.throws(() => check([damaged]), /wrong checksum/);
  assert.throws(() => check([manifestOf({}), entry('site/x.txt', '0', 'x', {size: '0x10\0'}), end]), /a size that is not a number/);
  assert.throws(() => check([manifestOf({}), pax({size: '1e3'}), entry('site/x.txt', '0', 'x'), end]), /a size that is not a number/);
  assert.throws(
    () =>
      check([
        manifestOf({'index.html': page, 'guide.html': page}),
        entry('site/index.html', '0', `${page} `),
        entry('site/extra.html', '0', page),
        end,
      ]),
    (error: Error) =>
      [
        `index.html: ${page.length + 1} bytes, manifest.json says ${page.length}`,
        'extra.html: not in manifest.json',
        'guide.html: in manifest.json, not in the archive',
      ].every((line) => error.message.includes(line)),
  );
  assert.throws(() => check([entry('site/index.html', '0', page), end]), /no manifest\.json/);
  assert.throws(() => check([entry('manifest.json', '0', '{"format":"other"}'), end]), /not a tessera-docs-build\/1 manifest/);
});

test('extraction writes what GNU tar packed, byte for byte, and stops at a file whose hash is not the manifest’s', () => {
  const build = path.join(work, 'build');
  mkdirSync(path.join(build, 'assets/js'), {recursive: true});
  writeFileSync(path.join(build, 'index.html'), page);
  writeFileSync(path.join(build, 'assets/js/main.0a1b2c3d.js'), 'console.log(1)');
  const archive = path.join(work, 'packed.tar');
  packBuild(build, archive);
  const descriptor = openSync(archive, 'r');
  try {
    const checked = checkArchive(descriptor, statSync(archive).size, limits, () => undefined);
    const site = path.join(work, 'extracted');
    extractArchive(descriptor, checked, site, () => 1_000_000);
    assert.deepEqual(readdirSync(site).sort(), ['assets', 'index.html']);
    checked.manifest.files['index.html']!.sha256 = sha256('something else');
    assert.throws(
      () => extractArchive(descriptor, checked, path.join(work, 'extracted-2'), () => 0),
      /index\.html: its SHA-256 is not the one in manifest\.json/,
    );
  } finally {
    closeSync(descriptor);
  }
});
