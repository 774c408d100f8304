/**
 * Loads the OpenAPI files and validates values against their schemas with Ajv (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1). Used by the example tests (issue 3) and the guide
 * sample tests (issue 4).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import Ajv2020, {type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {escapePointer, resolveRef, type JsonObject} from '../../scripts/openapi-refs';

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

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export type Operation = {method: string; path: string; operation: JsonObject; pointer: string};

/** Every operation of the document: paths and webhooks, keyed by operationId. */
export function operationsById(document: OpenApiDocument): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [group, items] of [['paths', document.paths], ['webhooks', document.webhooks]] as const) {
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

/**
 * A copy of the document in which every object schema that lists its properties accepts no
 * others, so that a sample with a field the API does not have fails validation.
 */
function closeObjectSchemas(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjectSchemas);
  if (!node || typeof node !== 'object') return node;
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(node)) copy[key] = key === 'examples' || key === 'example' ? value : closeObjectSchemas(value);
  const isObjectSchema = copy.properties && typeof copy.properties === 'object' && !('in' in copy);
  if (isObjectSchema && !('additionalProperties' in copy) && !('unevaluatedProperties' in copy)) copy.additionalProperties = false;
  return copy;
}

export class SchemaValidator {
  private readonly ajv: Ajv2020;
  private readonly id: string;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument, name: string, {closed = true}: {closed?: boolean} = {}) {
    this.ajv = new Ajv2020({strict: false, allErrors: true, validateFormats: true});
    addFormats(this.ajv);
    // OpenAPI keywords Ajv does not know about.
    for (const keyword of ['discriminator', 'xml', 'externalDocs', 'example']) this.ajv.addKeyword(keyword);
    this.id = `https://tessera.example/${name}.json`;
    const schemaDocument = closed ? closeObjectSchemas(document) : document;
    this.ajv.addSchema({...(schemaDocument as JsonObject), $id: this.id});
  }

  /** Validates against the schema at a JSON pointer inside the document (`#/components/...`). */
  validate(pointer: string, value: unknown): string[] {
    let validateFunction = this.cache.get(pointer);
    if (!validateFunction) {
      validateFunction = this.ajv.compile({$ref: `${this.id}${pointer}`});
      this.cache.set(pointer, validateFunction);
    }
    if (validateFunction(value)) return [];
    return (validateFunction.errors ?? []).map(
      (error) => `${error.instancePath || '/'} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
    );
  }
}

/** The JSON media type of a request body or response: application/json or application/problem+json. */
export function jsonMediaType(content: JsonObject | undefined): [string, JsonObject] | undefined {
  const entry = Object.entries(content ?? {}).find(([type]) => type === 'application/json' || type.endsWith('+json'));
  return entry as [string, JsonObject] | undefined;
}
