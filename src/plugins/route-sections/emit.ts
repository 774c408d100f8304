/**
 * The module sources the browser build reads in place of Docusaurus's generated route table,
 * route-to-chunk table and registry (src/plugins/route-sections/plan.ts decides what goes where).
 */
import type {GeneratedRoute, RegistryEntry, RouteChunkNames, RouteSectionPlan} from './plan';
import {sectionChunksStatement} from './chunk-asset';

const string = (value: unknown) => JSON.stringify(value);

function routeSource(route: GeneratedRoute, arrayAt: (indexes: number[]) => string | undefined, indexes: number[]): string {
  const fields = Object.entries(route).map(([name, value]) => {
    if (name === 'component') return `component: ComponentCreator(${route.component.creator.map(string).join(', ')})`;
    if (name === 'routes') return `routes: ${routesSource(route.routes!, arrayAt, indexes)}`;
    return `${string(name)}: ${string(value)}`;
  });
  return `{${fields.join(', ')}}`;
}

function routesSource(routes: GeneratedRoute[], arrayAt: (indexes: number[]) => string | undefined, indexes: number[]): string {
  return arrayAt(indexes) ?? `[\n${routes.map((route, index) => routeSource(route, arrayAt, [...indexes, index])).join(',\n')}\n]`;
}

const requestString = (file: string, key?: string) => string(key === undefined ? file : `${file}?route-section=${key}`);

export type ModulePaths = {
  /** The generated routes.js and registry.js, absolute: a section is the same file with `?route-section=<key>`. */
  routesFile: string;
  registryFile: string;
  /** src/plugins/route-sections/client, which finds and loads sections in the browser. */
  clientModule: string;
};

/** routes.js for the browser: the shell's routes, each section registered with the array its routes join. */
export function shellRoutesModule(plan: RouteSectionPlan, paths: ModulePaths): string {
  const parents = [...new Set(plan.sections.map((section) => section.parentIndexes.join('.')))];
  const arrayName = (indexes: number[]) => `sectionParent${parents.indexOf(indexes.join('.'))}`;
  const parentRoutes = (indexes: number[]) => indexes.reduce<GeneratedRoute[]>((list, index) => list[index]!.routes!, plan.shellRoutes);
  const declarations = parents.map((joined) => {
    const indexes = joined ? joined.split('.').map(Number) : [];
    return `const ${arrayName(indexes)} = ${routesSource(parentRoutes(indexes), () => undefined, indexes)};`;
  });
  const sectionArray = (indexes: number[]) => (parents.includes(indexes.join('.')) ? arrayName(indexes) : undefined);
  const sections = plan.sections.map(
    (section) =>
      `  {prefix: ${string(section.prefix)}, routes: ${arrayName(section.parentIndexes)}, ` +
      `load: () => import(${requestString(paths.routesFile, section.key)})}`,
  );
  return [
    "// Written by src/plugins/route-sections from Docusaurus's routes.js: the routes of the API sections load on demand.",
    "import ComponentCreator from '@docusaurus/ComponentCreator';",
    `import {registerRouteSections} from ${string(paths.clientModule)};`,
    ...declarations,
    `registerRouteSections([\n${sections.join(',\n')}\n]);`,
    `export default ${routesSource(plan.shellRoutes, (indexes) => (indexes.length > 0 ? sectionArray(indexes) : undefined), [])};`,
    '',
  ].join('\n');
}

/**
 * routes.js?route-section=<key>: the section's registry entries and route-to-chunk entries join the
 * shell's, the sidebars and docs' entries it carries join their version's props and the global data, then its routes.
 */
export function sectionRoutesModule(
  plan: RouteSectionPlan,
  key: string,
  chunkNames: RouteChunkNames,
  paths: ModulePaths,
  /** Generated modules (absolute) part of which this section carries (docs version props, global data): their `?route-section=<key>` part is imported. */
  carriedModules: string[] = [],
): string {
  const section = plan.sections.find((candidate) => candidate.key === key);
  if (!section) throw new Error(`route-sections: no section ${key}`);
  const entries = Object.fromEntries(Object.entries(chunkNames).filter(([name]) => plan.chunkNamesOwner.get(name) === key));
  return [
    `// Written by src/plugins/route-sections: the routes under ${section.prefix}.`,
    "import ComponentCreator from '@docusaurus/ComponentCreator';",
    "import routesChunkNames from '@generated/routesChunkNames';",
    `import ${requestString(paths.registryFile, key)};`,
    ...carriedModules.map((module) => `import ${requestString(module, key)};`),
    // ComponentCreator reads both tables when it is called, so they are complete before the routes are made.
    `Object.assign(routesChunkNames, ${string(entries)});`,
    // The ids and files of the section's chunks, which the build writes here and the runtime map leaves out (./chunk-asset.ts).
    sectionChunksStatement(key),
    `export default ${routesSource(section.routes, () => undefined, [])};`,
    '',
  ].join('\n');
}

/** routesChunkNames.json for the browser: the shell's entries. */
export function shellChunkNames(plan: RouteSectionPlan, chunkNames: RouteChunkNames): string {
  return JSON.stringify(Object.fromEntries(Object.entries(chunkNames).filter(([name]) => !plan.chunkNamesOwner.has(name))), null, 2);
}

/**
 * registry.js for the browser: the shell's entries, or (with a key) the entries only that section
 * uses, added to the shell's registry object. Entry lines are kept as written, so another loader
 * of the registry reads them as before.
 */
export function registryModule(plan: RouteSectionPlan, registry: RegistryEntry[], key?: string): string {
  const lines = registry
    .filter((entry) => plan.registryOwner.get(entry.chunkName) === key)
    .map((entry) => entry.line)
    .join(',\n');
  if (key === undefined) return ['export default {', lines, '};', ''].join('\n');
  return ["import registry from '@generated/registry';", 'Object.assign(registry, {', lines, '});', ''].join('\n');
}
