/**
 * What the browser build reads in place of five files (src/plugins/route-sections): Docusaurus's
 * generated routes.js, routesChunkNames.json and registry.js (the shell, or one section with
 * `?route-section=<key>`), and two client files of @docusaurus/core whose route matching must wait
 * for a section. ./loader.cjs is the bundler's entry to these functions.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {registryModule, sectionRoutesModule, shellChunkNames, shellRoutesModule, type ModulePaths} from './emit';
import {parseGeneratedRegistry, parseGeneratedRoutes, planRouteSections, type RouteChunkNames, type RouteSectionPlan} from './plan';

export type RouteSectionsLoaderOptions = {
  /** The output folders of the generated APIs, relative to the site. */
  sectionFolders: string[];
  /** ./client, absolute. */
  clientModule: string;
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
  const plan: RouteSectionPlan = planRouteSections(parseGeneratedRoutes(sources.routes), chunkNames, registry, sectionFolders);
  return {plan, chunkNames, registry};
}

/** The source the browser build reads for one of the generated files, `query` being the resource query. */
export function generatedModule(
  file: (typeof generatedFiles)[number],
  query: string,
  sources: GeneratedSources,
  generatedDir: string,
  options: RouteSectionsLoaderOptions,
): string {
  const {plan, chunkNames, registry} = planFromSources(sources, options.sectionFolders);
  const key = new URLSearchParams(query.replace(/^\?/, '')).get('route-section') ?? undefined;
  const paths: ModulePaths = {
    routesFile: path.join(generatedDir, 'routes.js'),
    registryFile: path.join(generatedDir, 'registry.js'),
    clientModule: options.clientModule,
  };
  if (file === 'routesChunkNames.json') return shellChunkNames(plan, chunkNames);
  if (file === 'registry.js') return registryModule(plan, registry, key);
  return key === undefined ? shellRoutesModule(plan, paths) : sectionRoutesModule(plan, key, chunkNames, paths);
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
