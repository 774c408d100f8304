/**
 * The stock switch (config/performance-layer.ts), checked on what Docusaurus itself loads from
 * docusaurus.config.ts: with TESSERA_STOCK=1 the site gets none of the performance layer, without
 * it all of it; and every swizzled component wraps the upstream one, whichever folder it lives in.
 */
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {before, test} from 'node:test';
import {
  performanceLayer,
  performancePlugins,
  performanceTheme,
  stockSwitch,
  switchedOffParts,
  switchedOffUnits,
  unitsTiedToGeneratedPages,
  withoutSwitch,
} from '../../config/performance-layer';
import {performanceUnits, upstreamModifications} from '../../config/upstream-modifications';
import type {SiteConfigProbe} from '../support/site-config-probe';

const siteDir = path.resolve(import.meta.dirname, '../..');
const performanceThemeDir = path.join(siteDir, 'src/plugins/performance-theme/theme');

/** Each local plugin is named after its folder. */
const layerPluginNames = [...performancePlugins, performanceTheme].map((plugin) => path.basename(path.dirname(plugin)));

/** The config as Docusaurus loads it, in a process of its own with `env` (the config reads it once). */
async function probe(env: NodeJS.ProcessEnv): Promise<SiteConfigProbe> {
  const {stdout} = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'tests/support/site-config-probe.ts'], {
    cwd: siteDir,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as SiteConfigProbe;
}

let withLayer: SiteConfigProbe;
let stock: SiteConfigProbe;
let withoutSome: SiteConfigProbe;
/** Units switched off together in one probe: a theme component, the SSR template, a plugin. */
const probedUnits = ['response-examples', 'ssr-template', 'lean-utils-common'];
before(async () => {
  const normalEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== stockSwitch && name !== withoutSwitch));
  [withLayer, stock, withoutSome] = await Promise.all([
    probe(normalEnv),
    probe({...normalEnv, [stockSwitch]: '1'}),
    probe({...normalEnv, [withoutSwitch]: probedUnits.join(',')}),
  ]);
});

test('without the switch, the site has every plugin, theme and option of the performance layer', () => {
  for (const name of layerPluginNames) assert.ok(withLayer.plugins.includes(name), name);
  // Its components shadow those of every other theme.
  assert.equal(withLayer.plugins.at(-1), 'performance-theme');
  assert.equal(withLayer.hasSsrTemplate, true);
  assert.equal(withLayer.docItemComponent, '@theme/DocItem');
  assert.equal(withLayer.docsRemarkPlugins[0], 'remarkPrerenderedDiagrams');
});

test('with TESSERA_STOCK=1, the site has none of it and keeps everything else', () => {
  assert.deepEqual(
    stock.plugins,
    withLayer.plugins.filter((name) => !layerPluginNames.includes(name)),
  );
  assert.equal(stock.hasSsrTemplate, false);
  // docusaurus-plugin-openapi-docs's own set-up: its ApiItem renders every docs page.
  assert.equal(stock.docItemComponent, '@theme/ApiItem');
  assert.deepEqual(
    stock.docsRemarkPlugins,
    withLayer.docsRemarkPlugins.filter((name) => name !== 'remarkPrerenderedDiagrams'),
  );
  const fromLayer = Object.entries(stock.themeAliases).filter(([, file]) => file.startsWith(path.dirname(performanceThemeDir)));
  assert.deepEqual(fromLayer, []);
});

/** Each swizzle that imports the component it wraps or loads: file, alias and the package it must resolve into. */
function wrappedComponents(folder: string): {file: string; alias: string; upstreamPackage: string}[] {
  const files = readdirSync(folder, {recursive: true, encoding: 'utf8'}).filter((file) => /\.tsx?$/.test(file));
  return files.flatMap((relative) => {
    const file = path.relative(siteDir, path.join(folder, relative));
    const entry = upstreamModifications.find((modification) =>
      modification.ours.some((ours) => file === ours || file.startsWith(`${ours}/`)),
    );
    assert.ok(entry, `${file} is not in config/upstream-modifications.ts`);
    return [...readFileSync(path.join(siteDir, file), 'utf8').matchAll(/'(@theme-(?:original|init)\/[^']+)'/g)].map((match) => ({
      file,
      alias: match[1]!,
      upstreamPackage: entry.package,
    }));
  });
}

test("the layer's theme components wrap the upstream component through @theme-init, never themselves", () => {
  const wrappers = wrappedComponents(performanceThemeDir);
  assert.ok(wrappers.length >= 7, `found ${wrappers.length} wrappers`);
  for (const {file, alias, upstreamPackage} of wrappers) {
    // In a theme plugin, @theme-original/X is the plugin's own file: a wrapper would import itself.
    assert.match(alias, /^@theme-init\//, `${file} imports ${alias}`);
    const resolved = withLayer.themeAliases[alias];
    assert.ok(
      resolved?.startsWith(path.join(siteDir, 'node_modules', upstreamPackage, path.sep)),
      `${alias} in ${file} resolves to ${resolved}`,
    );
  }
});

test("the site wrappers in src/theme wrap the upstream component in both builds, through the layer's wrapper where it has one", () => {
  const wrappers = wrappedComponents(path.join(siteDir, 'src/theme'));
  assert.ok(wrappers.length >= 10, `found ${wrappers.length} wrappers`);
  const layerWrappers = wrappedComponents(performanceThemeDir);
  for (const site of [withLayer, stock]) {
    for (const {file, alias, upstreamPackage} of wrappers) {
      const resolved = site.themeAliases[alias];
      const upstream = path.join(siteDir, 'node_modules', upstreamPackage, path.sep);
      if (site === withLayer && resolved?.startsWith(performanceThemeDir + path.sep)) {
        // The layer wraps the same component (Navbar/MobileSidebar): the site's wrapper wraps the
        // layer's, which wraps the upstream one, so both builds keep what the site's adds.
        const layerFile = path.relative(siteDir, resolved);
        const inner = layerWrappers.find((wrapper) => path.join(siteDir, wrapper.file) === resolved);
        assert.ok(inner, `${alias} in ${file} resolves to ${layerFile}, which wraps no upstream component`);
        assert.ok(
          site.themeAliases[inner.alias]?.startsWith(upstream),
          `${inner.alias} in ${layerFile} resolves to ${site.themeAliases[inner.alias]}`,
        );
        continue;
      }
      assert.ok(resolved?.startsWith(upstream), `${alias} in ${file} resolves to ${resolved}`);
    }
  }
});

test('TESSERA_WITHOUT switches off the named units and keeps the rest of the layer', () => {
  assert.deepEqual(
    withoutSome.plugins,
    withLayer.plugins.filter((name) => name !== 'lean-utils-common'),
  );
  assert.equal(withoutSome.hasSsrTemplate, false);
  assert.equal(withoutSome.docItemComponent, '@theme/DocItem');
  assert.deepEqual(withoutSome.docsRemarkPlugins, withLayer.docsRemarkPlugins);
  // The switched-off component is the upstream one; every other component of the layer still shadows upstream.
  assert.match(withoutSome.themeAliases['@theme/ResponseExamples']!, /node_modules\/docusaurus-theme-openapi-docs\//);
  const layerAliases = Object.keys(withLayer.themeAliases).filter(
    (alias) => alias.startsWith('@theme/') && withLayer.themeAliases[alias]!.startsWith(performanceThemeDir),
  );
  assert.ok(layerAliases.length >= 10, `found ${layerAliases.length} components of the layer`);
  for (const alias of layerAliases.filter((alias) => !alias.startsWith('@theme/ResponseExamples'))) {
    assert.match(withoutSome.themeAliases[alias]!, /performance-theme-without/, alias);
  }
});

test('every unit of the layer switches something off, and a unit of its own only', () => {
  for (const unit of performanceUnits.filter((unit) => !unitsTiedToGeneratedPages.includes(unit))) {
    const off = switchedOffParts([unit]);
    const parts = off.plugins.length + off.standIns.length + off.themeFiles.length + (off.ssrTemplate ? 1 : 0);
    assert.ok(parts > 0, `${unit} switches nothing off`);
    const layer = performanceLayer(false, [unit]);
    assert.equal(layer.plugins.length + off.plugins.length, performancePlugins.length, unit);
  }
  // A unit of several stand-ins switches all of them off, and keeps the plugin for the others.
  assert.deepEqual(switchedOffParts(['startup-in-slices']), {
    plugins: [],
    standIns: ['PreloadInNextTask', 'IdlePrefetch', 'BrowserContextInTransition'],
    themeFiles: [],
    ssrTemplate: false,
  });
  assert.deepEqual(
    performanceLayer(false, ['lazy-details']).plugins.find((plugin) => Array.isArray(plugin)),
    ['./src/plugins/hydrate-in-place/index.ts', {without: ['LazyDetails']}],
  );
});

test('TESSERA_WITHOUT refuses what is no unit, and the units the generated pages are written for', () => {
  assert.deepEqual(switchedOffUnits({}), []);
  assert.deepEqual(switchedOffUnits({[withoutSwitch]: 'ssr-template, lazy-details'}), ['ssr-template', 'lazy-details']);
  assert.throws(() => switchedOffUnits({[withoutSwitch]: 'ssr-templates'}), /no unit of the performance layer/);
  assert.throws(() => switchedOffUnits({[withoutSwitch]: 'api-item'}), /cannot be switched off alone/);
});
