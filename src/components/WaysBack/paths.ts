import {docsVersions} from '../../../config/site-constants';

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // A malformed escape in a typed URL is shown as typed.
  }
}

/** The last meaningful word of a path, as a search suggestion: `/docs/3.0.0/api/captur` → "captur". */
export function searchTermFromPath(pathname: string): string {
  const segments = pathname
    .split('/')
    .filter((segment) => segment && !/^\d+\.\d+\.\d+$/.test(segment) && segment !== docsVersions.routeBasePath);
  const last = segments.at(-1) ?? '';
  return safeDecode(last)
    .replace(/\.html?$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
}

/** Which docs version a path belongs to; paths outside /docs/1.0.0 belong to the current one. */
export function docsVersionOfPath(pathname: string): typeof docsVersions.current | typeof docsVersions.legacy {
  const legacyBase = `/${docsVersions.routeBasePath}/${docsVersions.legacy.path}`;
  return pathname === legacyBase || pathname.startsWith(`${legacyBase}/`) ? docsVersions.legacy : docsVersions.current;
}
