import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {searchableVersions, searchPageUrl, versionOfSearchParameter} from '@site/src/lib/search-page-url';
import styles from './styles.module.css';

/**
 * On the results page: which docs version it searches (the plugin reads it from the `version`
 * parameter, which every link to the page sets from the reader's version), and a link to search
 * the same words in each other version.
 */
export default function SearchedVersion(): ReactNode {
  const isBrowser = useIsBrowser();
  const {search} = useLocation();
  // The server renders the page without a query; the browser reads it from the address.
  const params = new URLSearchParams(isBrowser ? search : '');
  const searched = versionOfSearchParameter(params.get('version'));
  const query = params.get('q') ?? '';
  return (
    <div className={`container ${styles.searchedVersion}`}>
      <p>
        Searching the {searched.label} documentation.{' '}
        {searchableVersions
          .filter((version) => version !== searched)
          .map((version) => (
            <Link key={version.path} to={searchPageUrl(query, version.path)}>
              Search {version.label} instead
            </Link>
          ))}
      </p>
    </div>
  );
}
