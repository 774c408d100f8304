/**
 * The OpenAPI documents the local sandbox simulates. Run from the sources (`npx tsx
 * scripts/sandbox/tessera-sandbox.ts`), they are read from openapi/; in the built
 * `/sandbox/tessera-sandbox.mjs` the bundler replaces this module with the parsed documents
 * (scripts/sandbox/build-sandbox.ts), so the file needs nothing beside it.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import type {JsonObject} from '../../src/lib/openapi/refs';

const siteDir = path.resolve(__dirname, '../..');

export function openApiDocuments(): {v3: JsonObject; v1: JsonObject} {
  const read = (file: string) => parse(readFileSync(path.join(siteDir, 'openapi', file), 'utf8')) as JsonObject;
  return {v3: read('tessera-v3.yaml'), v1: read('tessera-v1.yaml')};
}
