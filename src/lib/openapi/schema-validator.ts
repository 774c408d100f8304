/**
 * Validates values against the schemas of an OpenAPI file with Ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1). Used by the example and sample tests and by the content checks that
 * `npm start` runs while a writer edits.
 */
import Ajv2020, {type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {asJsonSchema, schemaAsJsonSchema} from './json-schema-dialect';
import type {JsonObject} from './refs';

type OpenApiDocument = JsonObject;

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

/** A copy of a schema taken out of the document whose local `$ref`s point into the document registered as `id`. */
function withRefsInto(id: string, node: unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => withRefsInto(id, item));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `${id}${value}` : withRefsInto(id, value),
    ]),
  );
}

export class SchemaValidator {
  private readonly ajv: Ajv2020;
  private readonly id: string;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(
    readonly document: OpenApiDocument,
    name: string,
    {closed = true, quick = false}: {closed?: boolean; quick?: boolean} = {},
  ) {
    this.ajv = new Ajv2020({
      strict: false,
      validateFormats: true,
      // A yes or no answer (the request samples ask whether an example is a body): the first error
      // ends the check, the document is not checked against the meta-schema, and each referenced
      // schema is compiled once, not into every schema that refers to it.
      ...(quick ? {allErrors: false, validateSchema: false, inlineRefs: false} : {allErrors: true}),
    });
    addFormats(this.ajv);
    // OpenAPI keywords Ajv does not know about.
    for (const keyword of ['discriminator', 'xml', 'externalDocs', 'example']) this.ajv.addKeyword(keyword);
    this.id = `https://tessera.example/${name}.json`;
    this.closed = closed;
    const schemaDocument = asJsonSchema(closed ? (closeObjectSchemas(document) as JsonObject) : document);
    this.ajv.addSchema({...schemaDocument, $id: this.id});
  }

  private readonly closed: boolean;

  /**
   * Validates against a schema as the document holds it (a request body's, inline or a `$ref`),
   * its references read in the document.
   */
  validateSchema(schema: unknown, value: unknown): string[] {
    const key = JSON.stringify(schema);
    let validateFunction = this.cache.get(key);
    if (!validateFunction) {
      const prepared = schemaAsJsonSchema(this.document, (this.closed ? closeObjectSchemas(schema) : schema) as JsonObject);
      validateFunction = this.ajv.compile(withRefsInto(this.id, prepared) as JsonObject);
      this.cache.set(key, validateFunction);
    }
    return validateFunction(value) ? [] : (validateFunction.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
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
