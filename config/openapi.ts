import type {PluginOptions} from 'docusaurus-plugin-openapi-docs/src/types';
import {docsVersions} from './site-constants';

/**
 * API reference generation. Each OpenAPI file (`sourcePath`) writes into the docs
 * folder of the version it documents. scripts/generate-api-docs.ts runs the generation before
 * build/start, from a copy (`specPath`) to which it adds build-time request samples.
 */
export const openApiSpecs = {
  tesseraV3: {
    version: docsVersions.current.path,
    sourcePath: 'openapi/tessera-v3.yaml',
    specPath: '.generated/openapi/tessera-v3.json',
    outputDir: 'docs/api',
  },
  tesseraV1: {
    version: docsVersions.legacy.path,
    sourcePath: 'openapi/tessera-v1.yaml',
    specPath: '.generated/openapi/tessera-v1.json',
    outputDir: `versioned_docs/version-${docsVersions.legacy.name}/api`,
  },
} as const;

/** Where the build publishes each OpenAPI file for download (copied by the generation script). */
export const openApiDownloadPath = (sourcePath: string): string => `/openapi/${sourcePath.split('/').pop()}`;

export const openApiPluginOptions = {
  id: 'openapi',
  docsPluginId: 'classic',
  config: Object.fromEntries(
    Object.entries(openApiSpecs).map(([id, spec]) => [
      id,
      {
        specPath: spec.specPath,
        outputDir: spec.outputDir,
        downloadUrl: openApiDownloadPath(spec.sourcePath),
        // Spec 7: the site makes no request outside its origin, so the explorer cannot send.
        hideSendButton: true,
        showSchemas: false,
        sidebarOptions: {groupPathsBy: 'tag', categoryLinkSource: 'tag', sidebarCollapsed: false},
      },
    ]),
  ),
} satisfies PluginOptions;

/** Request-sample languages on every operation page: curl, PHP, C# and Node.js. */
export const openApiThemeConfig = {
  languageTabs: [
    {highlight: 'bash', language: 'curl', logoClass: 'curl'},
    {highlight: 'php', language: 'php', logoClass: 'php', variants: ['guzzle', 'curl']},
    {highlight: 'csharp', language: 'csharp', logoClass: 'csharp', variants: ['restsharp']},
    {highlight: 'javascript', language: 'nodejs', logoClass: 'nodejs', variants: ['axios', 'native']},
  ],
  api: {
    // Spec 7: nothing the explorer does may be kept in browser storage.
    authPersistence: false,
  },
};
