/** The providers' OpenAPI files vendored under tests/fixtures/openapi/vendor/<provider>/ (each with its licence), as paths from the site. */
import {readdirSync} from 'node:fs';
import path from 'node:path';

const siteDir = path.resolve(import.meta.dirname, '../..');
const vendorDir = 'tests/fixtures/openapi/vendor';

export const vendoredOpenApiFiles: string[] = readdirSync(path.join(siteDir, vendorDir), {withFileTypes: true})
  .filter((entry) => entry.isDirectory())
  .flatMap((provider) =>
    readdirSync(path.join(siteDir, vendorDir, provider.name))
      .filter((name) => /\.(?:json|ya?ml)$/.test(name))
      .map((name) => `${vendorDir}/${provider.name}/${name}`),
  )
  .sort();
