/**
 * What the browser build reads in place of five files (src/plugins/route-sections): Docusaurus's
 * generated routes.js, routesChunkNames.json and registry.js (the shell, or one section with
 * `?route-section=<key>`), and two client files of @docusaurus/core whose route matching must wait
 * for a section. ./loader.cjs is the bundler's entry to these functions.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {registryModule, sectionRoutesModule, shellChunkNames, shellRoutesModule, type ModulePaths} from './emit';
import {
  parseGeneratedRegistry,
  parseGeneratedRoutes,
  planRouteSections,
  sectionSidebars,
  type RouteChunkNames,
  type RouteSectionPlan,
} from './plan';

export type RouteSectionsLoaderOptions = {
  /** The output folders of the generated APIs, relative to the site. */
  sectionFolders: string[];
  /** ./client, absolute. */
  clientModule: string;
  /** Docs the theme names by id on every page (navbar items): their global data stays in main.js. */
  keptDocIds?: string[];
};

export const generatedFiles = ['routes.js', 'routesChunkNames.json', 'registry.js'] as const;

type GeneratedSources = {routes: string; chunkNames: string; registry: string};

export const sourceField: Record<(typeof generatedFiles)[number], keyof GeneratedSources> = {
  'routes.js': 'routes',
  'routesChunkNames.json': 'chunkNames',
  'registry.js': 'registry',
};

export function readGeneratedSources(generatedDir: string): GeneratedSources {
  const read = (file: string) => readFileSync(path.join(generatedDir, file), 'utf8');
  return {routes: read('routes.js'), chunkNames: read('routesChunkNames.json'), registry: read('registry.js')};
}

export function planFromSources(sources: GeneratedSources, sectionFolders: string[]) {
  const chunkNames = JSON.parse(sources.chunkNames) as RouteChunkNames;
  const registry = parseGeneratedRegistry(sources.registry);
  const routes = parseGeneratedRoutes(sources.routes);
  const plan: RouteSectionPlan = planRouteSections(routes, chunkNames, registry, sectionFolders);
  // Props module (relative to the generated folder) → sidebar → the section that carries it.
  const sidebars = sectionSidebars(routes, chunkNames, registry, plan);
  return {plan, chunkNames, registry, sidebars};
}

/** The source the browser build reads for one of the generated files, `query` being the resource query. */
export function generatedModule(
  file: (typeof generatedFiles)[number],
  query: string,
  sources: GeneratedSources,
  generatedDir: string,
  options: RouteSectionsLoaderOptions,
): string {
  const {plan, chunkNames, registry, sidebars} = planFromSources(sources, options.sectionFolders);
  const key = sectionKeyOf(query);
  const paths: ModulePaths = {
    routesFile: path.join(generatedDir, 'routes.js'),
    registryFile: path.join(generatedDir, 'registry.js'),
    clientModule: options.clientModule,
  };
  if (file === 'routesChunkNames.json') return shellChunkNames(plan, chunkNames);
  if (file === 'registry.js') return registryModule(plan, registry, key);
  if (key === undefined) return shellRoutesModule(plan, paths);
  const carried = [...sidebars].flatMap(([props, bySidebar]) =>
    [...bySidebar.values()].includes(key) ? [path.join(generatedDir, props)] : [],
  );
  const withGlobalDocs =
    carried.length > 0 && globalDocsPlan(readGlobalData(generatedDir), generatedDir, sidebars, options.keptDocIds ?? []).parts.has(key);
  return sectionRoutesModule(plan, key, chunkNames, paths, [
    ...carried,
    ...(withGlobalDocs ? [path.join(generatedDir, 'globalData.json')] : []),
  ]);
}

/** A value as a module expression: `JSON.parse` of a string literal, which engines parse faster than an object literal. */
const jsonLiteral = (value: unknown) => `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;

const sectionKeyOf = (query: string) => new URLSearchParams(query.replace(/^\?/, '')).get('route-section') ?? undefined;

type VersionProps = {version: {docsSidebars: Record<string, unknown>; docs: Record<string, unknown>}};
/** What a section carries of a version's props: the sidebars only its pages show, and the entries of the docs in them. */
export type SectionProps = VersionProps['version'];

const isVersionProps = (value: unknown): value is VersionProps => {
  const version = (value as {version?: {docsSidebars?: unknown; docs?: unknown}} | null)?.version;
  return typeof version?.docsSidebars === 'object' && typeof version.docs === 'object';
};

/**
 * A docs version's props module for the browser, as JavaScript. Without a query: the module
 * without the sidebars its sections carry and without the docs in them; ./client puts them back
 * when a section loads, before any page of it renders. With `?route-section=<key>`: the part that
 * section carries, handed to ./client. `source` is the module as the loaders before this one left
 * it (the docs' entries keep their shape); `written` is the file as the docs plugin wrote it, which
 * says which sidebar each doc is in.
 */
export function versionPropsModule(
  source: string,
  query: string,
  propsKey: string,
  written: string,
  moved: ReadonlyMap<string, string>,
  clientModule: string,
): string {
  const props: unknown = JSON.parse(source);
  const original: unknown = JSON.parse(written);
  if (!isVersionProps(props) || !isVersionProps(original)) {
    throw new Error(
      `route-sections: ${propsKey} is no docs version props module of {version: {docsSidebars, docs}}; check the docs plugin's toVersionMetadataProp`,
    );
  }
  const key = sectionKeyOf(query);
  const carriedBy = (sidebar: unknown) => (typeof sidebar === 'string' ? moved.get(sidebar) : undefined);
  const sidebarOf = (id: string) => (original.version.docs[id] as {sidebar?: unknown} | undefined)?.sidebar;
  const {docsSidebars, docs} = props.version;
  const client = `import {addSectionProps, withSectionProps} from ${JSON.stringify(clientModule)};`;
  if (key !== undefined) {
    const part: SectionProps = {
      docsSidebars: Object.fromEntries(Object.entries(docsSidebars).filter(([sidebar]) => carriedBy(sidebar) === key)),
      docs: Object.fromEntries(Object.entries(docs).filter(([id]) => carriedBy(sidebarOf(id)) === key)),
    };
    return [client, `addSectionProps(${JSON.stringify(propsKey)}, ${jsonLiteral(part)});`, ''].join('\n');
  }
  const shell: VersionProps = {
    ...props,
    version: {
      ...props.version,
      docsSidebars: Object.fromEntries(Object.entries(docsSidebars).filter(([sidebar]) => carriedBy(sidebar) === undefined)),
      docs: Object.fromEntries(Object.entries(docs).filter(([id]) => carriedBy(sidebarOf(id)) === undefined)),
    },
  };
  return [client, `export default withSectionProps(${JSON.stringify(propsKey)}, ${jsonLiteral(shell)});`, ''].join('\n');
}

/** The one statement of each core file that is rewritten; if an upgrade changes it, the build stops here. */
export const corePreloadExport = 'export default function preload(pathname) {';
export const coreClientApiExport = 'export default Object.freeze(docusaurus);';

function replaceOnce(source: string, file: string, from: string, to: string): string {
  const at = source.indexOf(from);
  if (at === -1 || source.indexOf(from, at + 1) !== -1) {
    throw new Error(`route-sections: @docusaurus/core/lib/client/${file} no longer has \`${from}\` once; check src/plugins/route-sections`);
  }
  return source.slice(0, at) + to + source.slice(at + from.length);
}

/** preload.js: matching waits for the path's section (hydration, navigation and hover all preload first). */
export function sectionAwarePreload(source: string, clientModule: string): string {
  return (
    replaceOnce(source, 'preload.js', corePreloadExport, 'function preloadMatched(pathname) {') +
    `\nimport {loadRouteSection} from ${JSON.stringify(clientModule)};\n` +
    'export default function preload(pathname) {\n  return loadRouteSection(pathname).then(() => preloadMatched(pathname));\n}\n'
  );
}

/** docusaurus.js: a link's prefetch skips a path whose section is not loaded, so it never marks it as done while blind to its routes. */
export function sectionAwareClientApi(source: string, clientModule: string): string {
  return (
    replaceOnce(
      source,
      'docusaurus.js',
      coreClientApiExport,
      'export default Object.freeze({...docusaurus, prefetch: (routePath) => (isRouteSectionLoaded(routePath) ? prefetch(routePath) : false)});',
    ) + `\nimport {isRouteSectionLoaded} from ${JSON.stringify(clientModule)};\n`
  );
}

/** The docs version props modules in the generated folder (`docusaurus-plugin-content-docs/<plugin id>/p/<name>.json`). */
export const docsPropsModule = /(?:^|\/)docusaurus-plugin-content-docs\/[^/]+\/p\/[^/]+\.json$/;

/** versionPropsModule for the props module at `propsKey` (relative to `generatedDir`), planned from the generated route files. */
export function carriedVersionProps(
  source: string,
  query: string,
  propsKey: string,
  generatedDir: string,
  options: RouteSectionsLoaderOptions,
): string {
  const {sidebars} = planFromSources(readGeneratedSources(generatedDir), options.sectionFolders);
  const written = readFileSync(path.join(generatedDir, propsKey), 'utf8');
  return versionPropsModule(source, query, propsKey, written, sidebars.get(propsKey) ?? new Map(), options.clientModule);
}

/** A doc as the docs plugin's global data lists it, for the version menu, its banners and doc links of the navbar. */
type GlobalDoc = {id: string; path: string; sidebar?: string};
type GlobalVersion = {name: string; mainDocId: string; docs: GlobalDoc[]};
type GlobalData = Record<string, Record<string, {versions?: GlobalVersion[]} | undefined> | undefined>;
/** What a section carries of the global data: docs plugin id → version name → docs. */
export type SectionGlobalDocs = Record<string, Record<string, GlobalDoc[]>>;

export const docsPluginName = 'docusaurus-plugin-content-docs';

/**
 * Which docs' global data entries travel with a section: those of the docs in a sidebar the
 * section carries, together with every doc of the same id in another version (the version menu
 * looks a page's doc up by id in each version, so a page always finds the whole group). A group
 * stays in main.js if one of its docs stays (a doc of a sidebar the shell shows), is a version's
 * main doc (the menu's fallback) or is named by the theme (`keptDocIds`, navbar doc links).
 */
export function planGlobalDocs(
  globalData: GlobalData,
  carriedSidebars: ReadonlyMap<string, ReadonlyMap<string, string>>,
  keptDocIds: readonly string[],
): {shell: GlobalData; parts: Map<string, SectionGlobalDocs>} {
  const docsPlugins = globalData[docsPluginName] ?? {};
  const parts = new Map<string, SectionGlobalDocs>();
  const moved = new Set<GlobalDoc>();
  for (const [pluginId, plugin] of Object.entries(docsPlugins)) {
    const versions = plugin?.versions ?? [];
    const groups = new Map<string, {version: string; doc: GlobalDoc; section?: string}[]>();
    for (const version of versions) {
      const sidebars = carriedSidebars.get(`${pluginId}/${version.name}`);
      for (const doc of version.docs) {
        const group = groups.get(doc.id) ?? [];
        const section = doc.sidebar === undefined || doc.id === version.mainDocId ? undefined : sidebars?.get(doc.sidebar);
        group.push({version: version.name, doc, section});
        groups.set(doc.id, group);
      }
    }
    for (const [id, group] of groups) {
      if (keptDocIds.includes(id) || group.some((member) => member.section === undefined)) continue;
      for (const key of new Set(group.map((member) => member.section!))) {
        const part = parts.get(key) ?? {};
        const ofPlugin = (part[pluginId] ??= {});
        for (const {version, doc} of group) (ofPlugin[version] ??= []).push(doc);
        parts.set(key, part);
      }
      for (const {doc} of group) moved.add(doc);
    }
  }
  const shell: GlobalData = {
    ...globalData,
    [docsPluginName]: Object.fromEntries(
      Object.entries(docsPlugins).map(([pluginId, plugin]) => [
        pluginId,
        plugin && {
          ...plugin,
          versions: plugin.versions?.map((version) => ({...version, docs: version.docs.filter((doc) => !moved.has(doc))})),
        },
      ]),
    ),
  };
  return {shell, parts};
}

/** Sidebars carried by sections, keyed by `<docs plugin id>/<version name>` as the global data names versions. */
function carriedSidebarsByVersion(generatedDir: string, sidebars: ReadonlyMap<string, ReadonlyMap<string, string>>) {
  const byVersion = new Map<string, ReadonlyMap<string, string>>();
  for (const [propsKey, carried] of sidebars) {
    const {version} = JSON.parse(readFileSync(path.join(generatedDir, propsKey), 'utf8')) as {version: {pluginId: string; version: string}};
    byVersion.set(`${version.pluginId}/${version.version}`, carried);
  }
  return byVersion;
}

export const readGlobalData = (generatedDir: string): GlobalData =>
  JSON.parse(readFileSync(path.join(generatedDir, 'globalData.json'), 'utf8')) as GlobalData;

/** planGlobalDocs for the sidebars the route plan gives sections (`sidebars` of planFromSources). */
export function globalDocsPlan(
  globalData: GlobalData,
  generatedDir: string,
  sidebars: ReadonlyMap<string, ReadonlyMap<string, string>>,
  keptDocIds: readonly string[],
) {
  return planGlobalDocs(globalData, carriedSidebarsByVersion(generatedDir, sidebars), keptDocIds);
}

/**
 * globalData.json for the browser, as JavaScript: without the docs entries sections carry, which
 * ./client adds back as each section loads; with `?route-section=<key>`, that section's entries.
 */
export function carriedGlobalData(source: string, query: string, generatedDir: string, options: RouteSectionsLoaderOptions): string {
  const {sidebars} = planFromSources(readGeneratedSources(generatedDir), options.sectionFolders);
  const {shell, parts} = globalDocsPlan(JSON.parse(source) as GlobalData, generatedDir, sidebars, options.keptDocIds ?? []);
  const key = sectionKeyOf(query);
  const client = `import {addSectionGlobalDocs, withSectionGlobalDocs} from ${JSON.stringify(options.clientModule)};`;
  if (key !== undefined) return [client, `addSectionGlobalDocs(${jsonLiteral(parts.get(key) ?? {})});`, ''].join('\n');
  return [client, `export default withSectionGlobalDocs(${jsonLiteral(shell)});`, ''].join('\n');
}
