/**
 * Loads the OpenAPI files and validates values against their schemas with Ajv (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1). Used by the example tests and the guide
 * sample tests.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {escapePointer, resolveRef, type JsonObject} from '../../scripts/openapi-refs';
import {httpMethods} from '../../src/lib/http-methods';

// __dirname rather than import.meta: Playwright loads this file too, as CommonJS.
export const repoRoot = path.resolve(__dirname, '../..');

export {escapePointer, resolveRef, type JsonObject};
export type OpenApiDocument = JsonObject & {
  paths?: Record<string, Record<string, JsonObject>>;
  webhooks?: Record<string, Record<string, JsonObject>>;
  components?: JsonObject & {schemas?: Record<string, JsonObject>};
};

export const openApiFiles = {v3: 'openapi/tessera-v3.yaml', v1: 'openapi/tessera-v1.yaml'} as const;

export function loadOpenApi(file: string): OpenApiDocument {
  return parse(readFileSync(path.join(repoRoot, file), 'utf8')) as OpenApiDocument;
}

export type Operation = {method: string; path: string; operation: JsonObject; pointer: string};

/** Every operation of the document: paths and webhooks, keyed by operationId. */
export function operationsById(document: OpenApiDocument): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [group, items] of [
    ['paths', document.paths],
    ['webhooks', document.webhooks],
  ] as const) {
    for (const [itemPath, item] of Object.entries(items ?? {})) {
      for (const method of httpMethods) {
        const operation = item[method];
        if (!operation) continue;
        const pointer = `#/${group}/${escapePointer(itemPath)}/${method}`;
        operations.set(String(operation.operationId), {method, path: itemPath, operation, pointer});
      }
    }
  }
  return operations;
}

// The validator is shared with the content checks of the docs pipeline (src/lib/content-checks.ts).
export {SchemaValidator, jsonMediaType} from '../../src/lib/schema-validator';
