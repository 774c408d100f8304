import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import {docsVersions} from './site-constants';
import {performanceLayer} from './performance-layer';

/**
 * The docs plugin: two versions (spec 1, 2), the current one served at /docs/3.0.0. Its remark
 * plugins are code, wired in docusaurus.config.ts (src/plugins/content-remark-plugins.ts).
 */
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
} satisfies DocsOptions;
