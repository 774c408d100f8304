/**
 * The constants of the site specification (spec/site-specification.md), in one place.
 * Each value names the spec section it comes from. Where Docusaurus already implements a
 * behaviour (progress bar, breakpoint, smooth scroll), the value is recorded here so that
 * tests/unit/spec-constants.test.ts can check the installed Docusaurus still matches the spec.
 */

/** Spec 1: site identity. */
export const site = {
  title: 'Tessera Docs',
  /** Spec 1: "about enhancing an online offering"; exact wording not shown, so this is ours. */
  tagline: 'Enhance your online store with a checkout your shoppers finish.',
  productName: 'Tessera',
  /** Spec 1: site version (not the generator's). */
  siteVersion: '2.0.0',
  url: 'https://docs.tessera.example',
  /** Spec 2: served from the root base path. */
  baseUrl: '/',
  /**
   * Page URLs have no trailing slash (`/docs/3.0.0/api/create-session`), as the spec writes them:
   * links, canonical URLs and the sitemap all use that form, each page is written as
   * `<path>.html`, and the host answers `<path>/` with a permanent redirect to `<path>`
   * (deploy/nginx/tessera-docs.conf).
   */
  trailingSlash: false,
  /** Spec 2: page titles use a vertical bar as the delimiter. */
  titleDelimiter: '|',
} as const;

/** Spec 1: English only, left to right. */
export const locale = {
  defaultLocale: 'en',
  locales: ['en'],
  direction: 'ltr',
} as const;

/** Spec 1, 2, 3, 9: the two documentation versions; the last version is the current one. */
export const docsVersions = {
  routeBasePath: 'docs',
  current: {name: 'current', label: '3.0.0 (current)', path: '3.0.0'},
  legacy: {name: '1.0.0', label: '1.0.0', path: '1.0.0'},
} as const;

/** Spec 4, 9: default colour mode dark, switch disabled, system preference ignored. */
export const colorMode = {
  defaultMode: 'dark',
  disableSwitch: true,
  respectPrefersColorScheme: false,
} as const;

/** Spec 2, 9: table of contents shows heading levels 2 to 3. */
export const tableOfContents = {minHeadingLevel: 2, maxHeadingLevel: 3} as const;

/** Spec 2: docs sidebar starts expanded; categories are not auto-collapsed and cannot be hidden. */
export const docsSidebar = {hideable: false, autoCollapseCategories: false} as const;

/** The V1 → V3 migration guide: linked from the announcement bar, /docs, the V1 reference and its notices. */
export const migrationGuidePath = '/docs/3.0.0/guides/guides/additional_guides/migrate_from_v1';

/** Spec 4: the announcement bar; a new id resets the dismissed state. */
export const announcementBar = {
  id: 'v1-deprecated-2027-06-30',
  isCloseable: true,
} as const;

/** Spec 5: build rules. */
export const buildRules = {
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
} as const;

/** Spec 1: code samples are highlighted for json, php and csharp, plus the shells, JS and every request-sample language (src/lib/sample-languages). */
export const highlightedLanguages = ['json', 'php', 'csharp', 'bash', 'javascript', 'typescript', 'python', 'java', 'go', 'ruby'] as const;

/**
 * The query parameter that carries the reader's sample language (`?lang=python`): every tab set of
 * code samples shows it, and it follows the reader from page to page. Spec 7 keeps it out of
 * browser storage, so the URL holds it, and a reload keeps it.
 */
export const sampleLanguageParameter = 'lang';

/**
 * The class of every tab row of code samples (src/css/custom.css): its tabs wrap onto a second row
 * instead of scrolling sideways, so every language and the chosen one stay in view at any width.
 */
export const sampleTabsClassName = 'sample-language-tabs';

/** The accessible name of every such row (src/theme/Tabs): what its tabs choose. */
export const sampleTabsLabel = 'Sample language';

/** Spec 7, 9: browser storage; local storage only, and only these keys (prefixes before the site suffix). */
export const storage = {
  type: 'localStorage',
  allowedKeyPrefixes: ['theme', 'docusaurus.announcement.dismiss', 'docusaurus.announcement.id', 'docs-preferred-version-default'],
} as const;

/**
 * Spec 9: behaviour Docusaurus implements itself. Kept built-in and checked by
 * tests/unit/spec-constants.test.ts against the installed packages.
 */
export const builtInBehaviour = {
  progressBar: {startDelayMs: 200, minimum: 0.08, speedMs: 200, trickleSpeedMs: 800, trickleRate: 0.02},
  desktopBreakpointPx: 996,
  smoothScrollEasing: 0.85,
} as const;
