/**
 * The build stands on its own: nothing it runs (the scripts around `docusaurus build`, the site
 * config and every module they import) reads from tests/ or needs the test runner, so test code
 * can change without changing what ships, and a production install needs no test tooling.
 */
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

const siteDir = path.resolve(import.meta.dirname, '../..');
const packageJson = JSON.parse(readFileSync(path.join(siteDir, 'package.json'), 'utf8')) as {scripts: Record<string, string>};

/** The files `npm run build` runs: the site config and the scripts its pre- and post-build steps call. */
function buildEntryFiles(): string[] {
  const seen = new Set<string>();
  const visitScript = (name: string) => {
    const command = packageJson.scripts[name];
    if (command === undefined || seen.has(name)) return;
    seen.add(name);
    for (const [, file] of command.matchAll(/\btsx (\S+\.ts)\b/g)) seen.add(`file:${file}`);
    for (const [, other] of command.matchAll(/\bnpm run ([\w:-]+)/g)) visitScript(other!);
  };
  for (const name of ['prebuild', 'build', 'postbuild']) visitScript(name);
  return ['docusaurus.config.ts', ...[...seen].filter((entry) => entry.startsWith('file:')).map((entry) => entry.slice(5))];
}

/** The relative and bare specifiers a module imports statically or with `import()`. */
function importsOf(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return specifiers.map((match) => match[1]!);
}

function resolveLocal(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && /\.(ts|tsx|js|mjs)$/.test(candidate),
  );
}

test('nothing the build runs imports from tests/ or @playwright/test', () => {
  const entries = buildEntryFiles();
  assert.ok(entries.includes('scripts/render-diagrams.ts'), `the build's scripts were not found in package.json: ${entries.join(', ')}`);
  const visited = new Set<string>();
  const offences: string[] = [];
  const visit = (file: string) => {
    if (visited.has(file)) return;
    visited.add(file);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const where = path.relative(siteDir, file);
      if (specifier === '@playwright/test' || specifier.startsWith('@playwright/test/')) offences.push(`${where} imports ${specifier}`);
      if (!specifier.startsWith('.')) continue;
      const target = resolveLocal(file, specifier);
      if (!target) continue;
      if (path.relative(siteDir, target).split(path.sep)[0] === 'tests')
        offences.push(`${where} imports ${path.relative(siteDir, target)}`);
      else visit(target);
    }
  };
  for (const entry of entries) visit(path.join(siteDir, entry));
  assert.ok(visited.size > 30, `only ${visited.size} modules reached from ${entries.join(', ')}`);
  assert.deepEqual(offences, []);
});
