/**
 * Which routes of Docusaurus's generated route table go into a section of their own, and the
 * modules the browser build reads in place of the three generated files (src/plugins/route-sections).
 *
 * A section is the pages of one generated API (an OpenAPI file's output folder): its routes, their
 * entries in the route-to-chunk table and the registry entries only they use. The browser loads it
 * when a page of it is about to render; the shell (everything else) stays in main.js.
 */
import {isWithin, sectionFor} from './section-paths';

/** A route of `@generated/routes`, as its module builds it: `component` stands for `ComponentCreator(path, hash)`. */
export type GeneratedRoute = {
  path: string;
  component: {creator: [path: string, hash?: string]};
  exact?: boolean;
  routes?: GeneratedRoute[];
  [extra: string]: unknown;
};

/** routesChunkNames.json: `<path>-<hash>` to the chunk names of the route's component, content and props (nested). */
export type RouteChunkNames = Record<string, unknown>;

/** One entry of registry.js: the chunk name, the request its `import()` loads, and the entry as written (no trailing comma). */
export type RegistryEntry = {chunkName: string; request: string; line: string};
export type RouteSection = {
  /** Names the section in the module request (`?route-section=<key>`) and its chunk. */
  key: string;
  /** The pages of the section are this path and the paths below it. */
  prefix: string;
  /** The routes array the section's routes belong to, as indexes from the top of the table. */
  parentIndexes: number[];
  routes: GeneratedRoute[];
};

export type RouteSectionPlan = {
  /** The table without the sections' routes. */
  shellRoutes: GeneratedRoute[];
  sections: RouteSection[];
  /** The section a route-to-chunk key or a registry chunk belongs to; absent: the shell. */
  chunkNamesOwner: Map<string, string>;
  registryOwner: Map<string, string>;
};

const importLine = /^import [^;]+;$/gm;

/** Evaluates the generated routes.js with a stand-in `ComponentCreator` that records its arguments. */
export function parseGeneratedRoutes(source: string): GeneratedRoute[] {
  const body = source.replace(importLine, '').trim();
  if (!body.startsWith('export default [') || !body.endsWith('];')) {
    throw new Error('route-sections: routes.js is no longer `export default [...]`; check @docusaurus/core codegenRoutes.js');
  }
  const creator = (path: string, hash?: string) => ({creator: hash === undefined ? [path] : [path, hash]});
  // The module is Docusaurus's own output for this site: object literals and ComponentCreator calls.
  return new Function('ComponentCreator', `return ${body.slice('export default '.length, -1)};`)(creator) as GeneratedRoute[];
}

// `  "<chunk>": [() => import(/* webpackChunkName: "<chunk>" */ "<request>"), <module path>, require.resolveWeak(…)],`;
// the last entry's line also closes the object (`…],};`), so the entry is taken up to its own `)]`.
const registryLine = /^ {2}("([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "[^"]+" \*\/ "([^"]+)"\).*\)\])/;

/** The entries of the generated registry.js, one per line, in order. */
export function parseGeneratedRegistry(source: string): RegistryEntry[] {
  const lines = source.split('\n');
  const entries = lines.flatMap((line) => {
    const match = registryLine.exec(line);
    return match ? [{chunkName: match[2]!, request: match[3]!, line: `  ${match[1]!}`}] : [];
  });
  const imports = (source.match(/\(\) => import\(/g) ?? []).length;
  if (entries.length !== imports || imports === 0) {
    throw new Error(`route-sections: ${entries.length} of ${imports} registry lines read; check @docusaurus/core codegenRoutes.js`);
  }
  return entries;
}

export const chunkNamesKey = (route: GeneratedRoute): string | undefined => {
  const [path, hash] = route.component.creator;
  return hash === undefined ? undefined : `${path}-${hash}`;
};

/** Every chunk name in a route's entry (its values, at any depth). */
function chunkNamesIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(chunkNamesIn);
  return [];
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** The longest path every given path is or lies below, by whole segments. */
export function commonPathPrefix(paths: string[]): string {
  const [first = [], ...rest] = paths.map(segments);
  let length = first.length;
  for (const other of rest) {
    let same = 0;
    while (same < Math.min(length, other.length) && other[same] === first[same]) same += 1;
    length = same;
  }
  return `/${first.slice(0, length).join('/')}`;
}

/** A key that names the folder in a module request and a chunk name. */
export const sectionKey = (folder: string): string =>
  folder
    .replace(/^\/+|\/+$/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase();

/**
 * Splits the table. A leaf route (exact, no child routes) whose content module lies in one of
 * `sectionFolders` (site-relative, e.g. `docs/api/adyen-checkout`; the deepest folder wins) goes to
 * that folder's section. A section is kept only when it can be found from a path alone: all its
 * routes share one parent array whose routes are all exact (so their order does not matter), and
 * its prefix lies below that parent's path and is the longest prefix each of its routes is within.
 * Otherwise its routes stay in the shell, which is always correct.
 */
export function planRouteSections(
  routes: GeneratedRoute[],
  chunkNames: RouteChunkNames,
  registry: RegistryEntry[],
  sectionFolders: string[],
): RouteSectionPlan {
  const requestOf = new Map(registry.map((entry) => [entry.chunkName, entry.request]));
  const folders = [...new Set(sectionFolders.map((folder) => folder.replace(/^\/+|\/+$/g, '')))].sort((a, b) => b.length - a.length);
  const folderOf = (route: GeneratedRoute): string | undefined => {
    const key = chunkNamesKey(route);
    const entry = key === undefined ? undefined : chunkNames[key];
    const content = entry && typeof entry === 'object' ? (entry as {content?: unknown}).content : undefined;
    const request = typeof content === 'string' ? requestOf.get(content) : undefined;
    return request === undefined ? undefined : folders.find((folder) => request.startsWith(`@site/${folder}/`));
  };

  type Candidate = {folder: string; parent: GeneratedRoute; parentIndexes: number[]; routes: GeneratedRoute[]};
  const candidates = new Map<string, Candidate[]>();
  const walk = (list: GeneratedRoute[], indexes: number[], parent: GeneratedRoute | undefined) => {
    list.forEach((route, index) => {
      if (route.routes) {
        walk(route.routes, [...indexes, index], route);
        return;
      }
      const folder = parent && route.exact === true ? folderOf(route) : undefined;
      if (folder === undefined || !parent) return;
      const forFolder = candidates.get(folder) ?? [];
      let candidate = forFolder.find((c) => c.parent === parent);
      if (!candidate) forFolder.push((candidate = {folder, parent, parentIndexes: indexes, routes: []}));
      candidate.routes.push(route);
      candidates.set(folder, forFolder);
    });
  };
  walk(routes, [], undefined);

  const proposed: RouteSection[] = [...candidates.entries()].flatMap(([folder, [candidate, ...others]]) => {
    if (!candidate || others.length > 0) return [];
    const siblingsExact = candidate.parent.routes!.every((route) => route.exact === true && !route.routes);
    const prefix = commonPathPrefix(candidate.routes.map((route) => route.path));
    if (!siblingsExact || isWithin(candidate.parent.path, prefix)) return [];
    return [{key: sectionKey(folder), prefix, parentIndexes: candidate.parentIndexes, routes: candidate.routes}];
  });
  // A section whose routes would be found under another section's longer prefix cannot be told apart by path.
  const sections = proposed.filter((section) => section.routes.every((route) => sectionFor(proposed, route.path) === section));

  const sectioned = new Map(sections.flatMap((section) => section.routes.map((route) => [route, section.key] as const)));
  const chunkNamesOwner = new Map<string, string>();
  const chunkUsers = new Map<string, Set<string>>();
  const collect = (list: GeneratedRoute[]): GeneratedRoute[] =>
    list.flatMap((route) => {
      const owner = sectioned.get(route) ?? '';
      const key = chunkNamesKey(route);
      if (key !== undefined) {
        if (owner) chunkNamesOwner.set(key, owner);
        for (const chunk of chunkNamesIn(chunkNames[key])) chunkUsers.set(chunk, (chunkUsers.get(chunk) ?? new Set()).add(owner));
      }
      if (owner) return [];
      return [route.routes ? {...route, routes: collect(route.routes)} : route];
    });
  const shellRoutes = collect(routes);
  const registryOwner = new Map<string, string>();
  for (const [chunk, users] of chunkUsers) {
    const [only] = users;
    if (users.size === 1 && only) registryOwner.set(chunk, only);
  }
  return {shellRoutes, sections, chunkNamesOwner, registryOwner};
}

/** A docs version's props module as registry.js requests it; the capture is its path in the generated folder. */
const docsVersionPropsRequest = /^@generated\/(docusaurus-plugin-content-docs\/[^/]+\/p\/[^/]+\.json)$/;

/**
 * The sidebars that only one section's pages show, by the docs version props module that carries
 * them (its path in the generated folder): sidebar name → section key. Every page of a version
 * loads that module, which holds all the version's sidebars; a sidebar no shell page shows can
 * travel with its section instead. A route's sidebar is its `sidebar` field; its props module is
 * the `__props` of the nearest route above it that has one (the version's route).
 */
export function sectionSidebars(
  routes: GeneratedRoute[],
  chunkNames: RouteChunkNames,
  registry: RegistryEntry[],
  plan: Pick<RouteSectionPlan, 'sections'>,
): Map<string, Map<string, string>> {
  const requestOf = new Map(registry.map((entry) => [entry.chunkName, entry.request]));
  const ownerOf = new Map(plan.sections.flatMap((section) => section.routes.map((route) => [route, section.key] as const)));
  const shown = new Map<string, Map<string, Set<string>>>();
  const walk = (list: GeneratedRoute[], props: string | undefined) => {
    for (const route of list) {
      const key = chunkNamesKey(route);
      const entry = key === undefined ? undefined : chunkNames[key];
      const propsChunk = entry && typeof entry === 'object' ? (entry as {__props?: unknown}).__props : undefined;
      const own = typeof propsChunk === 'string' ? docsVersionPropsRequest.exec(requestOf.get(propsChunk) ?? '')?.[1] : undefined;
      const current = own ?? props;
      if (route.routes) walk(route.routes, current);
      else if (current !== undefined && typeof route.sidebar === 'string') {
        const bySidebar = shown.get(current) ?? new Map<string, Set<string>>();
        bySidebar.set(route.sidebar, (bySidebar.get(route.sidebar) ?? new Set()).add(ownerOf.get(route) ?? ''));
        shown.set(current, bySidebar);
      }
    }
  };
  walk(routes, undefined);
  const moved = new Map<string, Map<string, string>>();
  for (const [props, bySidebar] of shown) {
    const owned = new Map(
      [...bySidebar].flatMap(([sidebar, owners]) => {
        const [only] = owners;
        return owners.size === 1 && only ? [[sidebar, only] as const] : [];
      }),
    );
    if (owned.size > 0) moved.set(props, owned);
  }
  return moved;
}
