import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import {docsVersions} from './site-constants';

/**
 * The folder of the stamp file that src/plugins/search-local/index-stamp.ts writes before the
 * plugin starts; listed in `docsDir` so that the index's file name covers it.
 */
export const searchIndexStampDir = '.generated/search-index-stamp';

/**
 * What the search index leaves out, in the order the plugin removes it from each page's HTML
 * before reading it. A reader on a phone downloads the whole index of a version before the first
 * result shows, so it holds what people search for (titles, headings, descriptions, the lead of
 * each section, the names in tables) and not what makes pages long (code samples, API schemas,
 * the rest of the prose). Every rule is by page structure, not by page, so new pages follow it.
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
  // Code samples: a third of the text, and readers search the prose that explains them.
  '.theme-code-block',
  'article pre',
  // The API reference's parameter, body and response schemas (collapsible details and tabs).
  'article details',
  '.openapi-tabs__schema',
  '.openapi-params',
  // The headings every API operation page repeats ("Request", "Responses", "Request samples"):
  // sixty entries that match every query about requests and name no operation.
  '.openapi-tabs__heading',
  // Of each section: its first block, and the first column of its tables (the field, code or
  // status a reader types).
  '.theme-doc-markdown > :not(h1, h2, h3, header) + :not(h1, h2, h3, table)',
  // A guide's opening: its description (the page's meta description, indexed on its own) sums it up.
  '.theme-doc-markdown > header + *',
  // Lists of links ("Next steps"), every item one link and its gloss: other pages' titles.
  '.theme-doc-markdown > :is(ul, ol):not(:has(> li:not(:has(> a:only-child))))',
  // An API operation's description, as a guide's section: its lead only (after any admonition,
  // such as the older version's "Moving to V3", which is kept too).
  '.openapi-left-panel__container > :not(h1, h2, pre, .openapi__divider, .theme-admonition) + :not(h1, h2)',
  // An API page's description is the first sentence of that lead (or of its tag's or API's
  // description, which the page shows too): indexed once, with the page.
  'html[class*="docs-doc-id-api/"] meta[name="description"]',
  '.theme-doc-markdown td:nth-child(n+2)',
  '.theme-doc-markdown th',
  // A page of one object or one error code is found by its title, the name a reader types. Its
  // sections repeat the same headings on each such page, and its fields and description would
  // outrank the guides that explain them (and cost the phone the most). The index pages' tables
  // repeat those titles.
  'html[class~="docs-doc-id-objects"] .theme-doc-markdown table',
  'html[class~="docs-doc-id-errors"] .theme-doc-markdown table',
  'html[class*="docs-doc-id-objects/"] .theme-doc-markdown > :not(header)',
  'html[class*="docs-doc-id-errors/"] .theme-doc-markdown > :not(header)',
  'html[class*="docs-doc-id-objects/"] meta[name="description"]',
  'html[class*="docs-doc-id-errors/"] meta[name="description"]',
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
  searchBarShortcut: true,
  searchBarShortcutHint: true,
} satisfies Partial<PluginOptions>;
