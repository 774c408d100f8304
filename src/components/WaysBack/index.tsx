import type {ReactNode} from 'react';
import {docsVersions} from '@site/config/site-constants';
import {searchPageUrl} from '@site/src/lib/search-page-url';
import {docsVersionOfPath, searchTermFromPath} from './paths';
import styles from './styles.module.css';

/**
 * Ways back for a reader who hit a missing or crashed page (spec 8): search for what the path
 * suggests, the docs of the version the path belongs to, and the home page. Plain anchors, so
 * that following one reloads the page even when the client app is what crashed. Laid out below
 * the theme's page text, in the same centred column. `pathname` undefined: the path is not known
 * yet (the build's 404.html), so the ways back are those of no path in particular, in as many lines.
 */
export default function WaysBack({pathname}: {pathname: string | undefined}): ReactNode {
  const version = docsVersionOfPath(pathname ?? '/');
  const term = pathname === undefined ? '' : searchTermFromPath(pathname);
  const versionBase = `/${docsVersions.routeBasePath}/${version.path}`;
  const versionHome = version === docsVersions.legacy ? `${versionBase}/api/tessera-api` : `${versionBase}/category/tessera-documentation`;
  return (
    <div className="container margin-bottom--xl">
      <div className="row">
        <div className="col col--6 col--offset-3">
          <nav aria-label="Ways back" className={styles.waysBack}>
            <h2 className={styles.heading}>Where to go from here</h2>
            <ul className={styles.list}>
              {/* Always a line, one line high: the path's own search replaces the plain one after
                  hydration (404.html) without moving what follows. */}
              <li className={styles.oneLine}>
                {term ? (
                  <a href={searchPageUrl(term, version.path)}>Search the documentation for “{term}”</a>
                ) : (
                  <a href={searchPageUrl('', version.path)}>Search the documentation</a>
                )}
              </li>
              <li>
                <a href={versionHome}>Open the {version.label} documentation</a>
              </li>
              <li>
                <a href="/">Go to the home page</a>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}
