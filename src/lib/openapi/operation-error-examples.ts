/**
 * Each operation's 400, 401 and 403 examples as that operation's own. The file shares these
 * responses between operations (`components/responses`): one description fits them all, but each
 * example was written for one operation (the one its `instance` names), so a capture's "lacks the
 * permission orders:write" would stand on every page. `withOperationErrorExamples` writes every
 * such response out in each operation of a copy of the document, its examples adapted:
 *
 * - `instance` is the operation's path, with its parameters' examples;
 * - the method and path, and the permission (`x-tessera-permission`) or scope (`x-tessera-scope`),
 *   that a `detail` names are the operation's, where the example names its own operation's;
 * - a `validation_failed` lists what the sandbox's validator reports for the operation's own
 *   request example with its first required field left out and one constrained field broken.
 *
 * What an example says that no operation's facts can replace (a detail naming a permission on an
 * operation that needs none) stops the generation: the file is then wrong, not the page.
 */
import {httpMethods} from '../http-methods';
import {mappedVariant, RequestValidator, type ValidationIssue} from '../sandbox/validation';
import {pointerValue, resolveRef, type JsonObject} from './refs';

/** The statuses whose responses the file shares between operations with one example each. */
export const sharedErrorStatuses = ['400', '401', '403'];

type OperationFacts = {
  operationId: string;
  method: string;
  path: string;
  /** The JSON pointer of the operation in the document (`#/paths/~1v3~1sessions/post`). */
  pointer: string;
  /** The path as a request names it, with its parameters' examples. */
  instance: string;
  /** The permission or scope the operation needs. */
  needs?: string;
};

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
const pathPattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
const wordPattern = (word: string) => new RegExp(`(?<![\\w:])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w:])`, 'g');

function parameterExample(parameter: JsonObject): unknown {
  const schema = (parameter.schema ?? {}) as JsonObject;
  return parameter.example ?? schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
}

/** Every operation of the document with the facts its examples name. */
export function operationFacts(document: JsonObject): OperationFacts[] {
  const found: OperationFacts[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, JsonObject>)) {
    for (const method of httpMethods) {
      const operation = item[method] as JsonObject | undefined;
      if (!operation) continue;
      const parameters = [...((item.parameters ?? []) as unknown[]), ...((operation.parameters ?? []) as unknown[])].map((parameter) =>
        resolveRef<JsonObject>(document, parameter),
      );
      const instance = path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
        const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
        const example = parameter && parameterExample(parameter);
        return example === undefined ? whole : String(example);
      });
      const needs = operation['x-tessera-permission'] ?? operation['x-tessera-scope'];
      found.push({
        operationId: String(operation.operationId ?? `${method} ${path}`),
        method,
        path,
        pointer: `#/paths/${escapePointer(path)}/${method}`,
        instance,
        ...(typeof needs === 'string' ? {needs} : {}),
      });
    }
  }
  return found;
}

/** The schema at a JSON pointer of the document, its `$ref`s followed and its `allOf` parts merged. */
function schemaAt(document: JsonObject, pointer: string): JsonObject {
  const schema = resolveRef<JsonObject>(document, pointerValue(document, pointer) ?? {});
  const parts = ((schema.allOf ?? []) as unknown[]).map((part) => resolveRef<JsonObject>(document, part));
  return {
    ...schema,
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {}), schema.properties ?? {}) as JsonObject,
    required: [...new Set([...parts.flatMap((part) => (part.required ?? []) as string[]), ...((schema.required ?? []) as string[])])],
  };
}

/** A value that breaks the rule of a scalar field's schema, or undefined when it states none a value can break. */
function breakingValue(schema: JsonObject): unknown {
  if (Array.isArray(schema.enum)) return schema.enum.includes('unknown') ? 'unknown_value' : 'unknown';
  if (typeof schema.maximum === 'number') return schema.maximum + 1;
  if (typeof schema.minimum === 'number') return schema.minimum - 1;
  if (typeof schema.maxLength === 'number') return 'x'.repeat(schema.maxLength + 1);
  if (typeof schema.pattern === 'string') return '#';
  const formats: Record<string, string> = {uri: 'not a URL', email: 'not an e-mail address', 'date-time': 'tomorrow', uuid: 'not-a-uuid'};
  if (typeof schema.format === 'string' && formats[schema.format]) return formats[schema.format];
  return undefined;
}

/** A value of the wrong type for a schema that states one. */
function wrongTypeValue(schema: JsonObject): unknown {
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((type) => typeof type === 'string');
  if (types.length === 0 || types.includes('null')) return undefined;
  return types.includes('string') ? 42 : 'yes';
}

const validators = new WeakMap<JsonObject, RequestValidator>();

/**
 * What the sandbox's validator reports for the operation's request example with its first
 * required field left out and its first field with a rule broken; undefined without a JSON body.
 */
export function requestBodyIssues(document: JsonObject, facts: OperationFacts): ValidationIssue[] | undefined {
  const operation = resolveRef<JsonObject>(document, {$ref: facts.pointer});
  const rawBody = operation.requestBody as JsonObject | undefined;
  if (!rawBody) return undefined;
  const requestBody = resolveRef<JsonObject>(document, rawBody);
  const media = ((requestBody.content ?? {}) as Record<string, JsonObject>)['application/json'];
  if (!media?.schema) return undefined;
  const base = typeof rawBody.$ref === 'string' ? rawBody.$ref : `${facts.pointer}/requestBody`;
  const pointer = `${base}/content/application~1json/schema`;
  const first = Object.values((media.examples ?? {}) as Record<string, unknown>)[0];
  const example = first !== undefined ? resolveRef<JsonObject>(document, first).value : media.example;
  const body: JsonObject = example && typeof example === 'object' && !Array.isArray(example) ? structuredClone(example as JsonObject) : {};
  const variant = mappedVariant(document, pointer, body);
  const schemaPointer = variant ?? pointer;
  const schema = schemaAt(document, schemaPointer);
  const discriminator = (resolveRef<JsonObject>(document, schemaAt(document, pointer)).discriminator as {propertyName?: string} | undefined)
    ?.propertyName;
  const missing = (schema.required as string[]).find((name) => name !== discriminator && name in body);
  if (missing) delete body[missing];
  // A field the example sends with a rule it can break, else one it sends with a type, else any field of the body.
  const fields = Object.entries(schema.properties as Record<string, unknown>)
    .filter(([name]) => name !== missing && name !== discriminator)
    .map(([name, raw]) => [name, resolveRef<JsonObject>(document, raw)] as const);
  const sent = fields.filter(([name]) => name in body);
  const broken = [
    ...sent.map(([name, field]) => [name, breakingValue(field)] as const),
    ...sent.map(([name, field]) => [name, wrongTypeValue(field)] as const),
    ...fields.map(([name, field]) => [name, breakingValue(field) ?? wrongTypeValue(field)] as const),
  ].find(([, value]) => value !== undefined);
  // A map (metadata) breaks the rule of its values.
  const values = schema.additionalProperties;
  const key = Object.keys(body).find((name) => !(name in (schema.properties as JsonObject)));
  const mapValue = values && typeof values === 'object' && key ? breakingValue(resolveRef<JsonObject>(document, values)) : undefined;
  if (broken) body[broken[0]] = broken[1];
  else if (key && mapValue !== undefined) body[key] = mapValue;
  let validator = validators.get(document);
  if (!validator) validators.set(document, (validator = new RequestValidator(document)));
  return validator.validate(schemaPointer, body);
}

/** The operations an example was written for: those whose path its `instance` is. */
const sourcesOf = (operations: OperationFacts[], value: JsonObject) =>
  operations.filter((operation) => typeof value.instance === 'string' && pathPattern(operation.path).test(value.instance));

function adaptedValue(
  document: JsonObject,
  operations: OperationFacts[],
  target: OperationFacts,
  value: JsonObject,
  where: string,
): JsonObject {
  const sources = sourcesOf(operations, value);
  const result: JsonObject = {...value, instance: target.instance};
  let detail = typeof value.detail === 'string' ? value.detail : undefined;
  if (detail !== undefined && typeof value.instance === 'string') {
    if (sources.length === 1)
      detail = detail.replaceAll(
        `${sources[0]!.method.toUpperCase()} ${value.instance}`,
        `${target.method.toUpperCase()} ${target.instance}`,
      );
    detail = detail.replaceAll(value.instance, target.instance);
    // The permission or scope of the operation the example was written for, where the detail names it.
    const named = sources.map((source) => source.needs).find((needs) => needs !== undefined && wordPattern(needs).test(detail!));
    if (named) {
      if (!target.needs) throw new Error(`${where}: the detail names ${named}, and ${target.operationId} needs no permission or scope`);
      detail = detail.replace(wordPattern(named), target.needs);
    }
  }
  if (value.code === 'validation_failed') {
    const issues = requestBodyIssues(document, target);
    if (!issues?.length) throw new Error(`${where}: ${target.operationId} has no request body whose example a broken field makes invalid`);
    result.errors = issues;
    if (detail !== undefined)
      detail = detail.replace(
        /^\d+ fields? in the request body (?:are|is) invalid/,
        issues.length === 1 ? '1 field in the request body is invalid' : `${issues.length} fields in the request body are invalid`,
      );
  }
  if (detail !== undefined) result.detail = detail;
  return result;
}

/** A copy of the document in which each operation's 400, 401 and 403 responses are its own (see the module comment). */
export function withOperationErrorExamples<T extends JsonObject>(document: T): T {
  const operations = operationFacts(document);
  if (operations.length === 0) return document;
  const copy = structuredClone(document) as JsonObject;
  for (const target of operations) {
    const operation = (copy.paths as Record<string, JsonObject>)[target.path]![target.method] as JsonObject;
    const responses = (operation.responses ?? {}) as Record<string, unknown>;
    for (const status of sharedErrorStatuses) {
      if (!responses[status]) continue;
      const response = structuredClone(resolveRef<JsonObject>(document, responses[status]));
      for (const [mediaType, media] of Object.entries((response.content ?? {}) as Record<string, JsonObject>)) {
        if (!media.examples) continue;
        media.examples = Object.fromEntries(
          Object.entries(media.examples as Record<string, unknown>).map(([name, raw]) => {
            const example = resolveRef<JsonObject>(document, raw);
            if (!example.value || typeof example.value !== 'object') return [name, example];
            const where = `${target.operationId} ${status} ${mediaType} ${name}`;
            return [name, {...example, value: adaptedValue(document, operations, target, example.value as JsonObject, where)}];
          }),
        );
      }
      responses[status] = response;
    }
  }
  return copy as T;
}
