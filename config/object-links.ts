import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {openApiSpecs, type OpenApiSpec} from './openapi';
import {docsVersions} from './site-constants';
import {referenceRoutes} from '../src/lib/openapi';
import type {ObjectLinksOptions} from '../src/plugins/object-links/remark';

const siteDir = path.resolve(__dirname, '..');

/**
 * For src/plugins/object-links: each version's docs folder, and the objects, operations and error
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
