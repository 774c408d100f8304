/**
 * The folders are layers, and imports only go down: config/ (site facts and options) imports only
 * config/; src/ (the site: plugins, theme, components, lib) imports config/ and src/; scripts/
 * (generation, build steps, deploy, bench) imports those and itself; tests/ may import anything,
 * and nothing but tests and the root files imports tests/. The root files (docusaurus.config.ts,
 * sidebars.ts, the Playwright configs) wire the layers together and may import any of them. No module reaches itself
 * through its imports, so each one can be read, tested and loaded without the ones above it.
 *
 * An edge is any module path a file names in code: `import`/`export … from` (types included),
 * `import()`, `require()`, `require.resolve()`, and `path.join`/`path.resolve` from `__dirname`
 * or `import.meta.dirname` onto a module (how plugins hand Docusaurus their client modules, loaders
 * and aliases). `@site/…` and the tsconfig `paths` are resolved as the bundler and tsc resolve them.
 * A plugin named by its path from the site (`'./src/plugins/x/index.ts'` in config/performance-layer.ts)
 * is not an import of the module that names it: Docusaurus loads it from the site directory when
 * docusaurus.config.ts hands it over, so config/ can list the layer's plugins, and scripts can ask
 * whether the layer is on, without loading any plugin.
 */
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import ts from 'typescript';
import {stronglyConnectedComponents} from '../../src/lib/strongly-connected';

const siteDir = path.resolve(import.meta.dirname, '../..');

type Layer = 'root' | 'config' | 'src' | 'scripts' | 'tests';

/** The layers each layer may import, besides packages and data files (openapi/, docs/, sdk/). */
const allowedImports: Record<Layer, readonly Layer[]> = {
  config: ['config'],
  src: ['config', 'src'],
  scripts: ['config', 'src', 'scripts'],
  tests: ['root', 'config', 'src', 'scripts', 'tests'],
  root: ['root', 'config', 'src', 'scripts', 'tests'],
};

const codeFolders = ['config', 'src', 'scripts', 'tests'] as const;
const moduleFile = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const ignoredFolders = new Set(['node_modules', 'fixtures']);

function layerOf(relativeFile: string): Layer | undefined {
  const [top, ...rest] = relativeFile.split('/');
  if (rest.length === 0) return moduleFile.test(top!) ? 'root' : undefined;
  return (codeFolders as readonly string[]).includes(top!) ? (top as Layer) : undefined;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return ignoredFolders.has(entry.name) ? [] : filesUnder(full);
    return moduleFile.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every module of the repository's code layers, as paths from the site directory. */
function repositoryModules(): string[] {
  const rootFiles = readdirSync(siteDir).filter((name) => moduleFile.test(name) && statSync(path.join(siteDir, name)).isFile());
  return [
    ...rootFiles,
    ...codeFolders.flatMap((folder) => filesUnder(path.join(siteDir, folder)).map((file) => path.relative(siteDir, file))),
  ]
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** tsconfig's `paths`, as prefix → target (only exact names and `prefix/*` patterns are used here). */
function tsconfigPaths(): [string, string][] {
  const {config} = ts.readConfigFile(path.join(siteDir, 'tsconfig.json'), ts.sys.readFile) as {
    config: {compilerOptions: {paths: Record<string, string[]>}};
  };
  return Object.entries(config.compilerOptions.paths).map(([name, [target]]) => [name, target!]);
}

const aliases = tsconfigPaths();

function existingModule(base: string): string | undefined {
  const withoutJs = base.replace(/\.js$/, '');
  const candidates = [
    base,
    ...['.ts', '.tsx', '.js', '.mjs', '.cjs'].map((extension) => `${withoutJs}${extension}`),
    ...['index.ts', 'index.tsx', 'index.js'].map((index) => path.join(base, index)),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** The file a specifier names, as a path from the site directory, or undefined for a package. */
function resolveSpecifier(fromFile: string, specifier: string): string | undefined {
  let base: string | undefined;
  if (specifier.startsWith('.')) base = path.resolve(siteDir, path.dirname(fromFile), specifier);
  else if (specifier.startsWith('@site/')) base = path.join(siteDir, specifier.slice('@site/'.length));
  else {
    for (const [name, target] of aliases) {
      if (name.endsWith('/*') && specifier.startsWith(name.slice(0, -1)))
        base = path.join(siteDir, target.slice(0, -1), specifier.slice(name.length - 1));
      else if (name === specifier) base = path.join(siteDir, target);
    }
  }
  if (base === undefined) return undefined;
  const file = existingModule(base);
  if (file === undefined) return undefined;
  const relative = path.relative(siteDir, file).split(path.sep).join('/');
  return relative.startsWith('..') || relative.startsWith('node_modules/') ? undefined : relative;
}

function stringValue(node: ts.Node): string | undefined {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;
}

function isModuleDirectory(node: ts.Node): boolean {
  if (ts.isIdentifier(node)) return node.text === '__dirname';
  return ts.isPropertyAccessExpression(node) && node.name.text === 'dirname' && ts.isMetaProperty(node.expression);
}

/** The module paths a source file names (see the file comment), in the order they appear. */
function moduleReferences(fileName: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const references: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const specifier = stringValue(node.moduleSpecifier);
      if (specifier !== undefined) references.push(specifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const specifier = stringValue(node.moduleReference.expression);
      if (specifier !== undefined) references.push(specifier);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const specifier = stringValue(node.argument.literal);
      if (specifier !== undefined) references.push(specifier);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const [first, ...rest] = node.arguments;
      const isImportOrRequire =
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(callee) && callee.text === 'require') ||
        (ts.isPropertyAccessExpression(callee) &&
          ts.isIdentifier(callee.expression) &&
          callee.expression.text === 'require' &&
          ['resolve', 'resolveWeak'].includes(callee.name.text));
      const isPathFromHere =
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'path' &&
        ['join', 'resolve'].includes(callee.name.text) &&
        first !== undefined &&
        isModuleDirectory(first);
      if (isImportOrRequire && first !== undefined) {
        const specifier = stringValue(first);
        if (specifier !== undefined) references.push(specifier);
      } else if (isPathFromHere) {
        const parts = rest.map(stringValue);
        if (parts.length > 0 && parts.every((part) => part !== undefined)) references.push(`./${path.posix.join(...(parts as string[]))}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return references;
}

type Edge = {from: string; to: string};

/** Every edge between two modules of the repository. */
function importGraph(files: readonly string[] = repositoryModules()): Edge[] {
  return files.flatMap((from) => {
    const source = readFileSync(path.join(siteDir, from), 'utf8');
    return [...new Set(moduleReferences(from, source))]
      .map((specifier) => resolveSpecifier(from, specifier))
      .filter((to): to is string => to !== undefined && to !== from)
      .map((to) => ({from, to}));
  });
}

/** The edges that go up or sideways against the layer rule, as `from → to (layer → layer)`. */
function layerViolations(edges: readonly Edge[]): string[] {
  return edges.flatMap(({from, to}) => {
    const fromLayer = layerOf(from);
    const toLayer = layerOf(to);
    if (fromLayer === undefined || toLayer === undefined || allowedImports[fromLayer].includes(toLayer)) return [];
    return [`${from} → ${to} (${fromLayer}/ may not import ${toLayer === 'root' ? 'the root files' : `${toLayer}/`})`];
  });
}

/** Each import cycle once, as `a → b → … → a` (strongly connected components of more than one module). */
function importCycles(edges: readonly Edge[]): string[] {
  const next = new Map<string, string[]>();
  for (const {from, to} of edges) next.set(from, [...(next.get(from) ?? []), to]);
  // The components of more than one module, then one shortest cycle through each one's first module for the message.
  const components = stronglyConnectedComponents([...next.keys()].sort(), (node) => next.get(node) ?? [])
    .filter((component) => component.length > 1)
    .map((component) => component.sort());
  return components.map((component) => {
    const members = new Set(component);
    const start = component[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift()!;
      for (const target of next.get(node) ?? []) {
        if (!members.has(target) || previous.has(target)) continue;
        previous.set(target, node);
        if (target === start) queue.length = 0;
        else queue.push(target);
      }
    }
    const between: string[] = [];
    for (let node = previous.get(start)!; node !== start; node = previous.get(node)!) between.unshift(node);
    return [start, ...between, start].join(' → ');
  });
}

const graph = importGraph();

test('the import graph covers every layer', () => {
  const layersSeen = new Set(graph.flatMap(({from, to}) => [layerOf(from), layerOf(to)]).filter((layer) => layer !== undefined));
  assert.deepEqual([...layersSeen].sort(), ['config', 'root', 'scripts', 'src', 'tests']);
  // Each kind of edge the rule relies on is found in the repository: static imports, import(),
  // a path from __dirname handed to the bundler, and a path alias of tsconfig.
  const has = (from: string, to: string) => graph.some((edge) => edge.from === from && edge.to === to);
  assert.ok(has('docusaurus.config.ts', 'config/site-constants.ts'));
  assert.ok(has('src/components/CopyPageMarkdown/index.tsx', 'src/components/CopyPageMarkdown/copy.ts'), 'import()');
  assert.ok(has('scripts/bench-scale.ts', 'scripts/bench.ts'), 'await import()');
  assert.ok(has('src/plugins/prism-on-demand/index.ts', 'src/plugins/prism-on-demand/no-startup-languages.js'), 'path.join(__dirname, …)');
  assert.ok(
    has('src/plugins/api-code-apart/index.ts', 'src/plugins/openapi-docs/api-item-registry/register.ts'),
    'path.resolve(__dirname, …)',
  );
  assert.ok(graph.length > 300, `only ${graph.length} edges`);
});

test('imports only go down the layers: config/ → src/ → scripts/ → tests/', () => {
  assert.deepEqual(layerViolations(graph), []);
});

test('no module imports itself through others', () => {
  assert.deepEqual(importCycles(graph), []);
});

test('the checks catch an upward import and a cycle', () => {
  const injected: Edge[] = [
    {from: 'config/site-constants.ts', to: 'src/lib/facts.ts'},
    {from: 'src/lib/facts.ts', to: 'scripts/generate-api-docs.ts'},
    {from: 'scripts/bench.ts', to: 'tests/support/test-tiers.ts'},
    {from: 'src/a.ts', to: 'src/b.ts'},
    {from: 'src/b.ts', to: 'src/c.ts'},
    {from: 'src/c.ts', to: 'src/a.ts'},
  ];
  assert.deepEqual(layerViolations(injected), [
    'config/site-constants.ts → src/lib/facts.ts (config/ may not import src/)',
    'src/lib/facts.ts → scripts/generate-api-docs.ts (src/ may not import scripts/)',
    'scripts/bench.ts → tests/support/test-tiers.ts (scripts/ may not import tests/)',
  ]);
  assert.deepEqual(importCycles(injected), ['src/a.ts → src/b.ts → src/c.ts → src/a.ts']);
  assert.deepEqual(
    moduleReferences(
      'src/plugins/x/index.ts',
      [
        "import type {A} from '../../../config/a';",
        "export {b} from './b';",
        "const c = await import('./c');",
        "const d = require('./d');",
        "const e = require.resolve('./e');",
        "const f = path.join(__dirname, 'f', 'g.js');",
        "const h = path.resolve(import.meta.dirname, '../h');",
        "type I = import('./i').I;",
      ].join('\n'),
    ),
    ['../../../config/a', './b', './c', './d', './e', './f/g.js', './../h', './i'],
  );
});
