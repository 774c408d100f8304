/**
 * The downloads of every API the site documents, on the API reference's first page: Tessera's
 * own table comes from its OpenAPI file (its *Download the specification* section); the APIs
 * added in config/openapi.ts get an *Other APIs* table under it, written here at generation, each
 * with a link to its pages, its OpenAPI file, its Postman collection and one environment per
 * server (scripts/generate-postman-collections.ts writes those, under the same names).
 */
import path from 'node:path';
import {openApiDownloadPath, versionDocsFolder, type OpenApiSpec} from '../config/openapi';
import {collectionPath, environmentIds, environmentPath} from '../config/postman';
import {docsVersions} from '../config/site-constants';

export type AddedApiDownloads = {
  title: string;
  version: string;
  /** The route of its first page (its info page). */
  route: string;
  openApi: string;
  collection: string;
  environments: {id: string; path: string}[];
};

type Document = {info: {title: string; version: string}; servers?: {url: string; description?: string}[]};

/** The downloads of an added API, from its entry, its document and the id of its info page. */
export function addedApiDownloads(spec: OpenApiSpec, document: Document, infoPageId: string): AddedApiDownloads {
  const folder = path.posix.relative(versionDocsFolder(spec.version), spec.outputDir);
  const ids = environmentIds(document.servers ?? []);
  return {
    title: document.info.title,
    version: document.info.version,
    route: `/${docsVersions.routeBasePath}/${spec.version}/${folder}/${infoPageId}`,
    openApi: openApiDownloadPath(spec.sourcePath),
    collection: collectionPath(spec.sourcePath),
    environments: ids.map((id) => ({id, path: environmentPath(spec.sourcePath, id)})),
  };
}

/** Text as MDX shows it literally: markup characters escaped. */
const literal = (text: string) => text.replace(/[\\`*_[\]<>{}|#]/g, (character) => `\\${character}`);

/** A link to a file the site serves as it is, not a page (Docusaurus's `pathname://`). */
const fileLink = (sitePath: string, text = path.posix.basename(sitePath)) => `[${literal(text)}](pathname://${sitePath})`;

/** The *Other APIs* section: a table of the added APIs' downloads, or nothing when there are none. */
export function otherApisSection(apis: readonly AddedApiDownloads[]): string {
  if (apis.length === 0) return '';
  const rows = apis.map((api) =>
    [
      `[${literal(api.title)}](${api.route}) ${literal(api.version)}`,
      fileLink(api.openApi),
      fileLink(api.collection),
      api.environments.map((environment) => fileLink(environment.path, environment.id)).join(', '),
    ].join(' | '),
  );
  return [
    '### Other APIs',
    '',
    'The other APIs these pages document, each with its own reference pages and downloads:',
    '',
    '| API | OpenAPI file | Postman collection | Postman environments |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** The heading of Tessera's downloads in its OpenAPI file's description. */
export const downloadsHeading = '## Download the specification';

/**
 * The info page with the *Other APIs* section after the table under its downloads heading. A page
 * without that heading and table fails: the OpenAPI file's description changed shape.
 */
export function withOtherApis(page: string, section: string, file: string): string {
  const lines = page.split('\n');
  const heading = lines.findIndex((line) => line.trim() === downloadsHeading);
  const tableStart = lines.findIndex((line, index) => index > heading && line.startsWith('|'));
  if (heading < 0 || tableStart < 0) throw new Error(`${file}: no "${downloadsHeading}" section with a table to add the other APIs to`);
  let tableEnd = tableStart;
  while (lines[tableEnd + 1]?.startsWith('|')) tableEnd += 1;
  if (!section) return page;
  return [...lines.slice(0, tableEnd + 1), '', section, ...lines.slice(tableEnd + 1)].join('\n');
}
