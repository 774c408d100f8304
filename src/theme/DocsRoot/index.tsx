// Wrapped (spec 2, 8): a path under /docs that names no docs version shows the not-found page, not an empty docs layout.
import {lazy, type ReactNode} from 'react';
import DocsRoot from '@theme-original/DocsRoot';
import type DocsRootType from '@theme/DocsRoot';
import type {WrapperProps} from '@docusaurus/types';
import {matchPath, useLocation} from '@docusaurus/router';

/**
 * Loaded only on such a path, so that no docs page carries the not-found page's code; hydration
 * waits for it. (Rendering the catch-all route's own loadable instead, to share its chunk, showed
 * the page twice.)
 */
const NotFound = lazy(() => import('@theme/NotFound'));

type Props = WrapperProps<typeof DocsRootType>;

/**
 * The docs plugin's route takes every path under /docs, and DocsRoot renders its version routes
 * inside the layout: when none matches (/docs/foo, /docs/9.9.9/x), that is the layout around
 * nothing. The server answered such a path with /404.html, rendered by the catch-all route's
 * NotFound, so rendering that same component here is also what lets the browser hydrate it.
 */
export default function DocsRootWrapper(props: Props): ReactNode {
  const {pathname} = useLocation();
  // Matched as renderRoutes' Switch matches them: each route's path, exact and strict.
  const versionMatches = (props.route.routes ?? []).some((route) =>
    matchPath(pathname, {path: route.path, exact: route.exact, strict: route.strict}),
  );
  return versionMatches ? <DocsRoot {...props} /> : <NotFound />;
}
