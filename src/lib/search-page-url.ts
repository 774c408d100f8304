import {docsVersions} from '../../config/site-constants';

/**
 * The search plugin's results page for a query in a docs version. The plugin reads the version as
 * the path of the version's folder under the site's root, ending in a slash (`docs/1.0.0/`: it
 * fetches `/docs/1.0.0/search-index-….json`); the current version has no parameter (its index is at
 * the root). Every link to the results page is built here, so that each one searches the version
 * the reader came from.
 */
export function searchPageUrl(query: string, versionPath: string = docsVersions.current.path): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  const version = searchPageVersionParameter(versionPath);
  if (version) params.set('version', version);
  const search = params.toString();
  return search ? `/search?${search}` : '/search';
}

/** The `version` parameter of the results page for a docs version's path (`1.0.0`), none for the current one. */
export function searchPageVersionParameter(versionPath: string): string | undefined {
  return versionPath === docsVersions.current.path ? undefined : `${docsVersions.routeBasePath}/${versionPath}/`;
}

/** The docs versions the results page can search, the current one first. */
export const searchableVersions = [docsVersions.current, docsVersions.legacy];

/** The version a results page's `version` parameter names (the current one when it names none it knows). */
export function versionOfSearchParameter(parameter: string | null): (typeof searchableVersions)[number] {
  return searchableVersions.find((version) => searchPageVersionParameter(version.path) === parameter) ?? docsVersions.current;
}
