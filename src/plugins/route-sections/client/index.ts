/**
 * The browser side of src/plugins/route-sections: the route table in main.js lacks the routes of
 * each API section, and a section's routes join the table before anything matches a path in it.
 *
 * Docusaurus matches routes in three places, all synchronous: the route preload that runs before
 * hydration and before each navigation renders, the prefetch of a link's chunks, and rendering.
 * Rendering only ever follows a preload of the same path, so wrapping the preload (./preload-loader.cjs
 * makes Docusaurus's `preload` call `loadRouteSection` first) covers hydration, navigation and a
 * link's preload on hover. Prefetch skips a path whose section has not loaded: a hover preloads it.
 */
import type {RouteConfig} from 'react-router-config';
import {sectionFor} from '../section-paths';

type RouteSection = {
  prefix: string;
  /** The array of the route table the section's routes join (a `DocRoot`'s routes). */
  routes: RouteConfig[];
  load: () => Promise<{default: RouteConfig[]}>;
  loading?: Promise<void>;
  loaded?: boolean;
};

const sections: RouteSection[] = [];

/** Called by the route table (routes.js as the browser build reads it) as it evaluates. */
export function registerRouteSections(added: Pick<RouteSection, 'prefix' | 'routes' | 'load'>[]): void {
  sections.push(...added);
}

/** Both spellings Docusaurus's preload matches: the path as given and decoded. */
function spellings(pathname: string): string[] {
  try {
    return [pathname, decodeURI(pathname)];
  } catch {
    return [pathname];
  }
}

function sectionsOf(pathname: string): RouteSection[] {
  return [...new Set(spellings(pathname).flatMap((path) => sectionFor(sections, path) ?? []))];
}

function load(section: RouteSection): Promise<void> {
  section.loading ??= section.load().then(
    ({default: routes}) => {
      // Every sibling is an exact route (the build checks), so where they join does not change a match.
      section.routes.push(...routes);
      section.loaded = true;
    },
    (error: unknown) => {
      // A failed download may succeed on the next navigation, as a failed route chunk does.
      section.loading = undefined;
      throw error;
    },
  );
  return section.loading;
}

/** Resolves once the routes of the section `pathname` lies in (if any) are in the route table. */
export function loadRouteSection(pathname: string): Promise<void> {
  return Promise.all(sectionsOf(pathname).map(load)).then(() => undefined);
}

/** Whether matching `pathname` now sees every route it could match. */
export function isRouteSectionLoaded(pathname: string): boolean {
  return sectionsOf(pathname).every((section) => section.loaded === true);
}

/** A docs version's props (the module every page of the version loads), as far as sections add to it. */
type SectionProps = {docsSidebars: Record<string, unknown>; docs: Record<string, unknown>};
type VersionProps = {version: SectionProps};

const versionProps = new Map<string, VersionProps>();
const waitingParts = new Map<string, SectionProps[]>();

function join(props: VersionProps, part: SectionProps): void {
  Object.assign(props.version.docsSidebars, part.docsSidebars);
  Object.assign(props.version.docs, part.docs);
}

/**
 * Called by a docs version's props module as it evaluates (the browser build leaves out the
 * sidebars its sections carry): the parts of sections already loaded join it now, later ones as
 * they load. A section loads before any of its pages renders, so a page always finds its sidebar.
 */
export function withSectionProps<Props extends VersionProps>(key: string, props: Props): Props {
  versionProps.set(key, props);
  for (const part of waitingParts.get(key) ?? []) join(props, part);
  waitingParts.delete(key);
  return props;
}

/** Called by a section as it loads: the sidebars only its pages show, and their docs' entries. */
export function addSectionProps(key: string, part: SectionProps): void {
  const props = versionProps.get(key);
  if (props) join(props, part);
  else waitingParts.set(key, [...(waitingParts.get(key) ?? []), part]);
}

/** The docs plugin's global data: each version's docs, for the version menu, its banners and the navbar's doc links. */
type GlobalDoc = {id: string};
type GlobalData = Record<string, Record<string, {versions?: {name: string; docs: GlobalDoc[]}[]} | undefined> | undefined>;
/** A section's entries: docs plugin id → version name → docs. */
type SectionGlobalDocs = Record<string, Record<string, GlobalDoc[]>>;

let globalData: GlobalData | undefined;
const waitingDocs: SectionGlobalDocs[] = [];

function joinDocs(data: GlobalData, part: SectionGlobalDocs): void {
  for (const [pluginId, versions] of Object.entries(part)) {
    for (const version of data['docusaurus-plugin-content-docs']?.[pluginId]?.versions ?? []) {
      const known = new Set(version.docs.map((doc) => doc.id));
      // Sections share the entries of docs that have the same id in several versions; each joins once.
      version.docs.push(...(versions[version.name] ?? []).filter((doc) => !known.has(doc.id)));
    }
  }
}

/**
 * Called by the global data module as it evaluates (the browser build leaves out the entries of
 * docs that only sections' pages are in): sections add them as they load, before their pages render.
 */
export function withSectionGlobalDocs<Data extends GlobalData>(data: Data): Data {
  globalData = data;
  for (const part of waitingDocs.splice(0)) joinDocs(data, part);
  return data;
}

/** Called by a section as it loads: the global data entries of its docs and of their namesakes in other versions. */
export function addSectionGlobalDocs(part: SectionGlobalDocs): void {
  if (globalData) joinDocs(globalData, part);
  else waitingDocs.push(part);
}
