import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import {docsVersions} from './site-constants';
import {performanceLayer} from './performance-layer';
import remarkSandboxTestValues from '../src/plugins/sandbox-test-values/remark';
import remarkApiFacts from '../src/plugins/api-facts/remark';
import remarkContentChecks from '../src/plugins/content-checks/remark';
import remarkObjectLinks from '../src/plugins/object-links/remark';

/**
 * Remark plugins of every authored page (docs and src/pages): mermaid fences become prerendered
 * images (the performance layer's; the stock build draws them in the browser), fact components are rendered from the OpenAPI files and SDK types (src/lib/facts.ts), and
 * the content checks report a wrong sample, fact or link in the terminal while a writer edits.
 */
export const contentRemarkPlugins = [...performanceLayer().remarkPlugins, remarkApiFacts, remarkContentChecks];

/** The docs plugin: two versions (spec 1, 2), the current one served at /docs/3.0.0. */
export const docsOptions = {
  path: 'docs',
  routeBasePath: docsVersions.routeBasePath,
  sidebarPath: './sidebars.ts',
  lastVersion: docsVersions.current.name,
  versions: {
    [docsVersions.current.name]: {label: docsVersions.current.label, path: docsVersions.current.path},
    [docsVersions.legacy.name]: {label: docsVersions.legacy.label, path: docsVersions.legacy.path, banner: 'unmaintained'},
  },
  // The layer's DocItem, or the OpenAPI theme's ApiItem in the stock build.
  docItemComponent: performanceLayer().docItemComponent,
  breadcrumbs: true,
  // Spec 2: the docs sidebar starts expanded.
  sidebarCollapsed: false,
  // Object names in prose link to their pages (scripts/reference/object-links.ts).
  beforeDefaultRemarkPlugins: [...contentRemarkPlugins, remarkObjectLinks],
  // Sandbox test values are written once, in openapi/tessera-v3.yaml, and rendered into the pages.
  remarkPlugins: [remarkSandboxTestValues],
} satisfies DocsOptions;
