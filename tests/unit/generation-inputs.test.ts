/**
 * The API reference generation is skipped only when nothing it reads has changed
 * (scripts/generation-inputs.ts): a changed OpenAPI file, page, script or TESSERA_ variable
 * regenerates; its own (ignored) output does not.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {generationDigest, lastGenerationDigest, recordGenerationDigest} from '../../scripts/generation-inputs';

function site(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'generation-inputs-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(folder, file)), {recursive: true});
    writeFileSync(path.join(folder, file), text);
  };
  write('.gitignore', 'docs/api/\n.generated/\n');
  write('openapi/api.yaml', 'openapi: 3.1.0\n');
  write('docs/guide.mdx', '# Guide\n');
  write('scripts/generate.ts', 'export {};\n');
  write('docs/api/operation.api.mdx', 'generated\n');
  write('elsewhere/tried.yaml', 'openapi: 3.0.0\n');
  spawnSync('git', ['init', '-q'], {cwd: folder});
  spawnSync('git', ['add', '.'], {cwd: folder});
  return folder;
}

test('the digest changes with every input the generation reads, and only with those', (context) => {
  const folder = site();
  context.after(() => rmSync(folder, {recursive: true, force: true}));
  const env = {TESSERA_SCALE: '1', PATH: '/usr/bin'};
  const digest = (extraEnv: NodeJS.ProcessEnv = {}) => generationDigest(folder, ['elsewhere/tried.yaml'], {...env, ...extraEnv});
  const first = digest();
  assert.match(first ?? '', /^[0-9a-f]{64}$/);
  assert.equal(digest(), first, 'the same inputs give the same digest');

  // The generation's own output and variables it does not read change nothing.
  writeFileSync(path.join(folder, 'docs/api/operation.api.mdx'), 'generated again\n');
  mkdirSync(path.join(folder, '.generated'));
  writeFileSync(path.join(folder, '.generated/copy.json'), '{}');
  assert.equal(digest({HOME: '/elsewhere'}), first);

  const changes: [string, () => NodeJS.ProcessEnv | void][] = [
    ['an OpenAPI file', () => writeFileSync(path.join(folder, 'openapi/api.yaml'), 'openapi: 3.1.1\n')],
    ['a page', () => writeFileSync(path.join(folder, 'docs/guide.mdx'), '# Guide, edited\n')],
    ['a new, untracked page', () => writeFileSync(path.join(folder, 'docs/new.mdx'), '# New\n')],
    ['a script', () => writeFileSync(path.join(folder, 'scripts/generate.ts'), 'export const x = 1;\n')],
    ['a listed file outside the folders', () => writeFileSync(path.join(folder, 'elsewhere/tried.yaml'), 'openapi: 3.0.1\n')],
    ['a deleted page', () => rmSync(path.join(folder, 'docs/new.mdx'))],
  ];
  let previous = first;
  for (const [what, change] of changes) {
    change();
    const next = digest();
    assert.notEqual(next, previous, `${what} changed and the digest did not`);
    previous = next;
  }
  assert.notEqual(digest({TESSERA_STOCK: '1'}), previous, 'a TESSERA_ variable chooses what is generated');
  assert.notEqual(digest({TESSERA_SCALE: '10'}), previous);
});

test('outside a Git work tree there is no digest, so the generation always runs', (context) => {
  const folder = mkdtempSync(path.join(tmpdir(), 'generation-inputs-'));
  context.after(() => rmSync(folder, {recursive: true, force: true}));
  assert.equal(generationDigest(folder, []), undefined);
});

test('the stamp holds the last successful digest, and a failed run clears it', (context) => {
  const folder = mkdtempSync(path.join(tmpdir(), 'generation-inputs-'));
  context.after(() => rmSync(folder, {recursive: true, force: true}));
  assert.equal(lastGenerationDigest(folder), undefined);
  recordGenerationDigest(folder, 'abc');
  assert.equal(lastGenerationDigest(folder), 'abc');
  recordGenerationDigest(folder, undefined);
  assert.equal(lastGenerationDigest(folder), undefined);
});
