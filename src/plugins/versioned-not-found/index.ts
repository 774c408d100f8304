/**
 * One not-found page per docs version, at /docs/<version>/404.html, which nginx answers for a
 * missing page under that version (deploy/nginx/tessera-docs.conf).
 *
 * /404.html is rendered outside the docs, so its navbar's version dropdown names the latest version.
 * A missing page under /docs/1.0.0/ is rendered in the browser by the docs plugin's route for that
 * version (its DocRoot renders the not-found content when no doc matches), whose dropdown names
 * 1.0.0: hydrating /404.html there would not match. Rendered at a path under the version, the
 * same page names the same version on the server as in the browser.
 *
 * The routes are leaves, which Docusaurus sorts before the docs plugin's version routes, so the
 * theme's NotFound renders them; their HTML is the version's docs tree rendering no doc, because
 * Layout, the navbar and the not-found content read the version from the path alone.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import {docsVersions} from '../../../config/site-constants';
import versionNames from '../../../versions.json';

/**
 * The not-found page of each docs version, as the build writes it (relative to the site's root):
 * the current version's and every version Docusaurus lists in versions.json (whose path is its name).
 */
export const versionNotFoundPaths: string[] = [docsVersions.current.path, ...(versionNames as string[])].map(
  (version) => `/${docsVersions.routeBasePath}/${version}/404.html`,
);

export default function versionedNotFoundPlugin(context: LoadContext): Plugin {
  return {
    name: 'versioned-not-found',
    async contentLoaded({actions}) {
      for (const routePath of versionNotFoundPaths) {
        actions.addRoute({
          path: `${context.baseUrl.replace(/\/$/, '')}${routePath}`,
          component: '@site/src/plugins/versioned-not-found/VersionNotFound',
          exact: true,
        });
      }
    },
  };
}
