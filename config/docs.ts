import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import {docsVersions} from './site-constants';
import remarkPrerenderedDiagrams from '../src/plugins/prerendered-diagrams/remark';
import remarkSandboxTestValues from '../src/plugins/sandbox-test-values/remark';
import remarkApiFacts from '../src/plugins/api-facts/remark';
import remarkContentChecks from '../src/plugins/content-checks/remark';
import remarkObjectLinks from '../src/plugins/object-links/remark';

/**
 * Remark plugins of every authored page (docs and src/pages): mermaid fences become prerendered
 * images, fact components are rendered from the OpenAPI files and SDK types (src/lib/facts.ts), and
 * the content checks report a wrong sample, fact or link in the terminal while a writer edits.
 */
export const contentRemarkPlugins = [remarkPrerenderedDiagrams, remarkApiFacts, remarkContentChecks];

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
  breadcrumbs: true,
  // Spec 2: the docs sidebar starts expanded.
  sidebarCollapsed: false,
  // Object names in prose link to their pages (scripts/reference/object-links.ts).
  beforeDefaultRemarkPlugins: [...contentRemarkPlugins, remarkObjectLinks],
  // Sandbox test values are written once, in openapi/tessera-v3.yaml, and rendered into the pages.
  remarkPlugins: [remarkSandboxTestValues],
} satisfies DocsOptions;
