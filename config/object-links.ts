import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {openApiSpecs} from './openapi';
import {docsVersions} from './site-constants';
import type {ObjectLinksOptions} from '../src/plugins/object-links/remark';

const siteDir = path.resolve(__dirname, '..');

/** For src/plugins/object-links: each version's docs folder, its route, and the objects and error codes of its OpenAPI file. */
export const objectLinksOptions: ObjectLinksOptions = {
  versions: Object.values(openApiSpecs).map((spec) => {
    const document = parse(readFileSync(path.join(siteDir, spec.sourcePath), 'utf8')) as {components?: {schemas?: Record<string, unknown>}; 'x-error-catalogue'?: Record<string, unknown>};
    return {
      folder: path.join(siteDir, path.dirname(spec.outputDir)),
      docsRoute: `/${docsVersions.routeBasePath}/${spec.version}`,
      schemaNames: Object.keys(document.components?.schemas ?? {}),
      errorCodes: Object.keys(document['x-error-catalogue'] ?? {}),
    };
  }),
};
