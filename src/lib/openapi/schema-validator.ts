/**
 * Validates values against the schemas of an OpenAPI file with Ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1). Used by the example and sample tests and by the content checks that
 * `npm start` runs while a writer edits.
 */
import Ajv2020, {type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
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

export class SchemaValidator {
  private readonly ajv: Ajv2020;
  private readonly id: string;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(
    readonly document: OpenApiDocument,
    name: string,
    {closed = true}: {closed?: boolean} = {},
  ) {
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
