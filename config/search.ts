import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import {docsVersions} from './site-constants';

/**
 * Local search (spec 2, 7): the browser fetches only the site's own search files, whose names
 * carry a build stamp (`hashed: 'filename'`). Every docs version gets its own index, so a reader on a 1.0.0
 * page searches 1.0.0 and a reader on 3.0.0 searches 3.0.0.
 */
export const searchOptions = {
  hashed: 'filename',
  indexDocs: true,
  indexBlog: false,
  indexPages: false,
  docsRouteBasePath: [docsVersions.routeBasePath],
  language: ['en'],
  highlightSearchTermsOnTargetPage: false,
  explicitSearchResultPath: true,
  searchBarShortcut: true,
  searchBarShortcutHint: true,
} satisfies Partial<PluginOptions>;
