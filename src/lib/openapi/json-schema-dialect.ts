/**
 * OpenAPI 3.0's schemas in JSON Schema 2020-12's terms, for Ajv (the site's checks and the sandbox's
 * request validation): 3.0 extends an older draft with `nullable` and boolean exclusive bounds,
 * which Ajv's 2020 dialect refuses (`"nullable" cannot be used without "type"`, in most providers'
 * files: GitHub's, Stripe's, Plaid's). Only schemas change, so every JSON pointer into the
 * document names the same place in the copy. A 3.1 document is JSON Schema already.
 */
import type {JsonObject} from './refs';

/** Keywords whose values are data, not schemas: nothing inside them is converted. */
const dataKeywords = new Set(['example', 'examples', 'default', 'const', 'enum']);

/** Keywords that only describe: a schema of these and `nullable` allows any value. */
const annotations = new Set(['title', 'description', 'deprecated', 'example', 'examples', 'externalDocs', 'readOnly', 'writeOnly', 'xml']);

/** Keywords whose values map names to schemas: a property called `example` or `default` is a schema. */
const schemaMaps = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions', 'schemas']);

function convert(node: unknown, namesSchemas = false): unknown {
  if (Array.isArray(node)) return node.map((item) => convert(item));
  if (!node || typeof node !== 'object') return node;
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(node))
    copy[key] = !namesSchemas && dataKeywords.has(key) ? value : convert(value, !namesSchemas && schemaMaps.has(key));
  if (namesSchemas) return copy;
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof copy[exclusive] !== 'boolean') continue;
    if (copy[exclusive] && typeof copy[bound] === 'number') {
      copy[exclusive] = copy[bound];
      delete copy[bound];
    } else delete copy[exclusive];
  }
  if (typeof copy.nullable !== 'boolean') return copy;
  const {nullable, ...schema} = copy;
  if (!nullable) return schema;
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...(schema.enum as unknown[]), null];
  if (typeof schema.type === 'string') return {...schema, type: [schema.type, 'null']};
  if (Array.isArray(schema.type))
    return {...schema, type: schema.type.includes('null') ? schema.type : [...(schema.type as unknown[]), 'null']};
  // No type: a `$ref`, a composition or bare constraints, or null.
  if (Object.keys(schema).every((key) => annotations.has(key) || key.startsWith('x-'))) return schema;
  return {anyOf: [schema, {type: 'null'}]};
}

/** The document with its schemas in JSON Schema 2020-12's terms: a 3.0 document's converted, a 3.1 document as it is. */
export function asJsonSchema(document: JsonObject): JsonObject {
  return String(document.openapi ?? '').startsWith('3.0') ? (convert(document) as JsonObject) : document;
}

/** A schema of the document (an inline parameter schema) in JSON Schema 2020-12's terms, as asJsonSchema converts the document's. */
export function schemaAsJsonSchema(document: JsonObject, schema: JsonObject): JsonObject {
  return String(document.openapi ?? '').startsWith('3.0') ? (convert(schema) as JsonObject) : schema;
}
