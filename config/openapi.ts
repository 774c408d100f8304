import path from 'node:path';
import kebabCase from 'lodash/kebabCase.js';
import type {PluginOptions} from 'docusaurus-plugin-openapi-docs/src/types';
import {docsVersions} from './site-constants';
import {scaleCorpusSpecs} from './scale-corpus';

/** One OpenAPI file of the site: the docs version it belongs to and where its pages are written. */
export type OpenApiSpec = {
  version: string;
  sourcePath: string;
  /** The copy with build-time request samples that the plugin reads. */
  specPath: string;
  /** The folder of its pages, inside its version's docs folder. */
  outputDir: string;
  /**
   * Tessera's own reference pages beside the API pages (error catalogue, objects, notifications:
   * scripts/reference/), read from `x-error-catalogue` and the callbacks. At most one file per version.
   */
  referencePages?: boolean;
  /**
   * The site an added API's relative links (`/docs/errors/item`) point into, when its file does
   * not name it in `externalDocs`, `info.termsOfService` or `info.contact` (src/lib/openapi/provider-content.ts).
   */
  linkBase?: string;
};

/** The docs folder of a version, relative to the site. */
export const versionDocsFolder = (version: string) =>
  version === docsVersions.current.path ? 'docs' : `versioned_docs/version-${docsVersions.legacy.name}`;

/**
 * A URL segment from a name: lower case, words split where the name changes case, anything but
 * letters and digits a hyphen (`CheckoutService-v71` → `checkout-service-v71`, `stripe.com` →
 * `stripe-com`).
 */
export function urlSlug(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The entry of an added OpenAPI file: its pages go to `api/<slug>/` in the version's docs
 * (`/docs/3.0.0/api/adyen-checkout/...`) and its API is a category of the version's API reference.
 * The slug is the file's name as a URL segment (`urlSlug`) unless `slug` names it. `linkBase` is the
 * provider's site, for relative links in its descriptions, when its file does not name one.
 */
export function addedApi(sourcePath: string, options: {version?: string; slug?: string; linkBase?: string} = {}): OpenApiSpec {
  const version = options.version ?? docsVersions.current.path;
  const slug = options.slug ?? urlSlug(path.basename(sourcePath).replace(/\.(ya?ml|json)$/, ''));
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) throw new Error(`${sourcePath}: the slug "${slug}" is not a lower-case URL segment`);
  return {
    version,
    sourcePath,
    specPath: `.generated/openapi/${slug}.json`,
    outputDir: `${versionDocsFolder(version)}/api/${slug}`,
    ...(options.linkBase ? {linkBase: options.linkBase} : {}),
  };
}

/**
 * The route of an operation's page, as the OpenAPI plugin names it: its operationId in lodash's
 * kebab case, in the folder of its file's pages (`/docs/3.0.0/api/stripe/get-customers-customer`).
 */
export function operationPageRoute(spec: OpenApiSpec, operationId: string): string {
  return `/${docsVersions.routeBasePath}/${spec.version}/${path.relative(versionDocsFolder(spec.version), spec.outputDir)}/${kebabCase(operationId)}`;
}

/**
 * TESSERA_OPENAPI_ADD=<file>[,<file>…] appends files as if they were listed, to try one before adding it
 * (tests/scale/openapi-generation.test.ts does so with the fixtures).
 */
const triedSpecs = (): string[] => (process.env.TESSERA_OPENAPI_ADD ?? '').split(',').filter(Boolean);

/**
 * API reference generation. Each OpenAPI file (`sourcePath`) writes into the docs
 * folder of the version it documents. scripts/generate-api-docs.ts runs the generation before
 * build/start, from a copy (`specPath`) to which it adds build-time request samples.
 * To document another API, add one entry: `myApi: addedApi('openapi/my-api.yaml')`, or with its own URL
 * segment `addedApi('openapi/stripe.com.json', {slug: 'stripe'})` (CONTRIBUTING.md).
 * TESSERA_SCALE=<n> appends the scale corpus (config/scale-corpus.ts, `npm run bench:scale`).
 */
export const openApiSpecs = {
  tesseraV3: {
    version: docsVersions.current.path,
    sourcePath: 'openapi/tessera-v3.yaml',
    specPath: '.generated/openapi/tessera-v3.json',
    outputDir: 'docs/api',
    referencePages: true,
  },
  tesseraV1: {
    version: docsVersions.legacy.path,
    sourcePath: 'openapi/tessera-v1.yaml',
    specPath: '.generated/openapi/tessera-v1.json',
    outputDir: `versioned_docs/version-${docsVersions.legacy.name}/api`,
    referencePages: true,
  },
  ...Object.fromEntries([...scaleCorpusSpecs(), ...triedSpecs()].map((sourcePath) => [path.basename(sourcePath), addedApi(sourcePath)])),
} satisfies Record<string, OpenApiSpec>;

/**
 * While scripts/generate-api-docs.ts runs the plugin, it writes into this folder (relative to the
 * site) instead of the docs, and the script swaps the result in only when everything succeeded.
 */
export const openApiStagingEnv = 'TESSERA_OPENAPI_STAGING';
const stagingRoot = () => process.env[openApiStagingEnv] ?? '';

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
        outputDir: path.join(stagingRoot(), spec.outputDir),
        downloadUrl: openApiDownloadPath(spec.sourcePath),
        // Spec 7: the site makes no request outside its origin, so the explorer cannot send.
        hideSendButton: true,
        showSchemas: false,
        sidebarOptions: {groupPathsBy: 'tag', categoryLinkSource: 'tag', sidebarCollapsed: false},
      },
    ]),
  ),
} satisfies PluginOptions;

/**
 * The request-sample languages of the theme's own explorer, which only the stock build's ApiItem
 * would show: the site shows the samples src/lib/sample-languages writes, in the same languages and order.
 */
export const openApiThemeConfig = {
  languageTabs: [
    {highlight: 'bash', language: 'curl', logoClass: 'curl'},
    {highlight: 'python', language: 'python', logoClass: 'python'},
    {highlight: 'javascript', language: 'nodejs', logoClass: 'nodejs', variants: ['native', 'axios']},
    {highlight: 'php', language: 'php', logoClass: 'php', variants: ['guzzle', 'curl']},
    {highlight: 'java', language: 'java', logoClass: 'java'},
    {highlight: 'go', language: 'go', logoClass: 'go'},
    {highlight: 'ruby', language: 'ruby', logoClass: 'ruby'},
    {highlight: 'csharp', language: 'csharp', logoClass: 'csharp', variants: ['restsharp']},
  ],
  api: {
    // Spec 7: nothing the explorer does may be kept in browser storage.
    authPersistence: false,
  },
};
