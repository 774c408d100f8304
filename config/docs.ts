import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import {docsVersions} from './site-constants';
import remarkPrerenderedDiagrams from '../src/plugins/prerendered-diagrams/remark';
import remarkObjectLinks from '../src/plugins/object-links/remark';
import {objectLinksOptions} from './object-links';

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
  // Issue 5: mermaid fences become images of SVGs drawn at build time (config/diagrams.ts).
  beforeDefaultRemarkPlugins: [remarkPrerenderedDiagrams, [remarkObjectLinks, objectLinksOptions]],
} satisfies DocsOptions;
