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
