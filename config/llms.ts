/**
 * What /llms.txt says about the site before its page lists (src/plugins/markdown-twins), and the
 * files it offers besides the pages. The plugin's MarkdownTwinsOptions type checks this where the
 * plugin reads it.
 */
import path from 'node:path';
import {openApiDownloadPath, openApiSpecs} from './openapi';
import {collectionPath, environmentPath, serversOf} from './postman';
import {docsVersions, site} from './site-constants';

/** Reads the servers of each OpenAPI file (an environment each), so it runs when the plugin does. */
const apiDownloads = (siteDir: string) =>
  Object.values(openApiSpecs).flatMap((spec) => {
    const label = spec.version === docsVersions.current.path ? `${spec.version}, current` : `${spec.version}, deprecated`;
    const file = path.basename(spec.sourcePath);
    return [
      {
        title: `OpenAPI file ${file}`,
        path: openApiDownloadPath(spec.sourcePath),
        description: `The API of docs version ${label}: the source of its reference pages.`,
      },
      {
        title: `Postman collection for ${file}`,
        path: collectionPath(spec.sourcePath),
        description: 'One request per operation, with the documented example bodies and authentication.',
      },
      ...serversOf(siteDir, spec.sourcePath).map((server) => ({
        title: `Postman environment for ${file}: ${server.id}`,
        path: environmentPath(spec.sourcePath, server.id),
        description: `Base URL ${server.url} and the credential variables the collection uses.`,
      })),
    ];
  });

export const markdownTwinsOptions = {
  title: site.title,
  summary: `Developer documentation for ${site.productName} Checkout, a payment-checkout provider: step-by-step guides, the client SDK and the REST API reference for payment sessions, signup sessions, order management (capture, refund, cancel), hosted payment pages and tokenized payment methods.`,
  /** The paragraphs after the summary, given the facts the site computes (the plugin passes them). */
  details: (facts: {sampleLanguages: string}) => [
    'Every page below is the Markdown twin of a docs page: the page URL with `.md`. Each twin starts with front matter naming its docs version and canonical URL.',
    `Version ${docsVersions.current.path} is current and documents the V3 API. Version ${docsVersions.legacy.path} is deprecated: it documents the V1 API, which is being retired; build new integrations on V3.`,
    `Every request is shown as its JSON and as a sample in ${facts.sampleLanguages}, against the sandbox https://api.sandbox.tessera.example; client samples are TypeScript against the SDK declarations.`,
  ],
  downloads: (siteDir: string) => [
    {
      title: 'Every current page in one file',
      path: '/llms-full.txt',
      description: `The whole ${docsVersions.current.path} documentation as Markdown.`,
    },
    ...apiDownloads(siteDir),
    {
      title: 'Client SDK type declarations',
      path: '/sdk/tessera-sdk.d.ts',
      description: 'Tessera.init, the client methods and every event with its payload.',
    },
  ],
};
