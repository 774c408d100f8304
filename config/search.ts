import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import {docsVersions} from './site-constants';

/**
 * The folder of the stamp file that src/plugins/search-local/index-stamp.ts writes before the
 * plugin starts; listed in `docsDir` so that the index's file name covers it.
 */
export const searchIndexStampDir = '.generated/search-index-stamp';

/**
 * What the search index leaves out, in the order the plugin removes it from each page's HTML
 * before reading it. The index is full text (prose, every table column, the fields of object and
 * error pages): it is sharded (src/plugins/search-local/sharded-index.ts), so a first search
 * downloads only the parts its words need, whatever the size of the site. What goes is what no
 * reader types: chrome, code samples, the API schemas the object pages already describe, and the
 * headings and links that repeat other pages' titles. Every rule is by page structure, not by
 * page, so new pages follow it.
 */
export const searchIndexExclusions = [
  // Chrome, not content. The navbar's active item ("Guides" on every docs page) would start every
  // result's breadcrumb, and the sidebar's single top category (the whole version) says nothing.
  '.navbar',
  '.theme-doc-sidebar-menu > .theme-doc-sidebar-item-category-level-1:only-child > .menu__list-item-collapsible',
  '.theme-doc-breadcrumbs',
  '.theme-doc-toc-mobile',
  'article button',
  'article [role="tablist"]',
  // Card lists (category and tag pages) repeat other pages' titles, each as a heading.
  'article a.card',
  // Code samples: readers search the prose that explains them.
  '.theme-code-block',
  'article pre',
  // The API reference's parameter, body and response schemas (collapsible details and tabs): the
  // object pages hold the same fields and descriptions once, as tables, and are indexed.
  'article details',
  '.openapi-tabs__schema',
  '.openapi-params',
  // The headings every API operation page repeats ("Request", "Responses", "Request samples"):
  // sixty entries that match every query about requests and name no operation.
  '.openapi-tabs__heading',
  // Lists of links ("Next steps"), every item one link and its gloss: other pages' titles.
  '.theme-doc-markdown > :is(ul, ol):not(:has(> li:not(:has(> a:only-child))))',
  // An API, object or error page's meta description is the first sentence of its text (or of its
  // tag's or API's description, which the page shows too): indexed once, with the text.
  'html[class*="docs-doc-id-api/"] meta[name="description"]',
  'html[class*="docs-doc-id-objects/"] meta[name="description"]',
  'html[class*="docs-doc-id-errors/"] meta[name="description"]',
  // The index pages of objects and errors: their tables repeat the titles and leads of the pages
  // they list, which would outrank those pages.
  'html[class~="docs-doc-id-objects"] .theme-doc-markdown table',
  'html[class~="docs-doc-id-errors"] .theme-doc-markdown table',
  // A page of one object or one error code repeats the same headings as every other such page
  // ("Fields", "What to do"): sixty identical entries. Their text stays, with the page.
  'html[class*="docs-doc-id-objects/"] .theme-doc-markdown > h2',
  'html[class*="docs-doc-id-errors/"] .theme-doc-markdown > h2',
];

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
  // The build stamp in the index's file name hashes these folders' Markdown: both versions' pages
  // and the stamp of everything else the index depends on (src/plugins/search-local/index-stamp.ts).
  docsDir: ['docs', 'versioned_docs', searchIndexStampDir],
  docsRouteBasePath: [docsVersions.routeBasePath],
  language: ['en'],
  ignoreCssSelectors: searchIndexExclusions,
  highlightSearchTermsOnTargetPage: false,
  explicitSearchResultPath: true,
  // Six suggestions: about what a phone shows above its keyboard, and each costs the worker a
  // document shard before the list can show; a browser fetches six files at once from one host
  // over HTTP/1.1, so a seventh would wait a round trip. "See all results" opens the full page.
  searchResultLimits: 6,
  searchBarShortcut: true,
  searchBarShortcutHint: true,
} satisfies Partial<PluginOptions>;
