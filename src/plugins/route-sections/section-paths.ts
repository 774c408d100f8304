/**
 * How a path is matched to a route section, shared by the build (src/plugins/route-sections/plan.ts)
 * and the browser (./client), so that both find the same section for a path.
 */

/** Whether `pathname` is `prefix` or below it, as react-router matches: case-insensitive, trailing slash optional. */
export function isWithin(pathname: string, prefix: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  const base = prefix.toLowerCase();
  return path === base || path.startsWith(`${base}/`);
}

/** The section whose prefix is the longest one `pathname` lies within. */
export function sectionFor<T extends {prefix: string}>(sections: readonly T[], pathname: string): T | undefined {
  let found: T | undefined;
  for (const section of sections) {
    if (isWithin(pathname, section.prefix) && (!found || section.prefix.length > found.prefix.length)) found = section;
  }
  return found;
}
