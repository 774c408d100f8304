import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {openApiSpecs, type OpenApiSpec} from '../../../config/openapi';
import {docsVersions} from '../../../config/site-constants';
import {referenceRoutes, siteDir} from '../../lib/openapi';

export type ObjectLinksOptions = {
  /** Per docs folder (absolute path), the names that have pages and their routes (src/lib/openapi/reference-routes.ts). */
  versions: {folder: string; routes: [string, string][]}[];
};

/**
 * For the remark plugin: each version's docs folder, and the objects, operations and error
 * codes of its OpenAPI file. The plugin reads this itself rather than taking it as an option:
 * Docusaurus serializes every plugin option into the site config each page ships in main.js.
 * Only Tessera's files have object and error pages to link to.
 */
export const objectLinksOptions = (): ObjectLinksOptions => ({
  versions: Object.values(openApiSpecs as Record<string, OpenApiSpec>)
    .filter((spec) => spec.referencePages)
    .map((spec) => {
      const document = parse(readFileSync(path.join(siteDir, spec.sourcePath), 'utf8')) as Record<string, unknown>;
      return {
        folder: path.join(siteDir, path.dirname(spec.outputDir)),
        routes: [...referenceRoutes(document, `/${docsVersions.routeBasePath}/${spec.version}`)],
      };
    }),
});
