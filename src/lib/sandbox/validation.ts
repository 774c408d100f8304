/**
 * Request validation against the schemas of an OpenAPI file, reported as the API reports it: one
 * `ValidationIssue` (`pointer`, `code`, `detail`) per offending field. Ajv, as the site's other
 * schema checks; the schemas are the file's own, so a field the file does not close is accepted
 * here as by any mock generated from the file.
 */
import Ajv2020, {type ErrorObject, type Options, type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {asJsonSchema, schemaAsJsonSchema} from '../openapi/json-schema-dialect';
import {pointerValue, type JsonObject} from '../openapi/refs';

export type ValidationIssue = {pointer: string; code: string; detail: string};

const codes: Record<string, string> = {
  required: 'required',
  type: 'type',
  format: 'format',
  pattern: 'pattern',
  minLength: 'min_length',
  maxLength: 'max_length',
  minItems: 'min_length',
  maxItems: 'max_length',
  minimum: 'minimum',
  exclusiveMinimum: 'minimum',
  maximum: 'maximum',
  exclusiveMaximum: 'maximum',
  enum: 'enum',
  const: 'enum',
  additionalProperties: 'unknown_property',
  unevaluatedProperties: 'unknown_property',
};

// Keywords whose errors only wrap the errors of their subschemas, which say more.
const wrappers = new Set(['if', 'then', 'else', 'oneOf', 'anyOf', 'allOf', 'not', 'discriminator']);

function issue(error: ErrorObject): ValidationIssue {
  const params = error.params as Record<string, unknown>;
  const child = (params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty) as string | undefined;
  const pointer = `${error.instancePath}${child === undefined ? '' : `/${child.replaceAll('~', '~0').replaceAll('/', '~1')}`}` || '/';
  const code = codes[error.keyword] ?? 'invalid_value';
  const detail =
    code === 'required'
      ? 'Required.'
      : code === 'unknown_property'
        ? 'Not a field of this object. Remove it.'
        : code === 'enum' && Array.isArray(params.allowedValues)
          ? `Must be one of ${params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}.`
          : code === 'enum' && 'allowedValue' in params
            ? `Must be ${JSON.stringify(params.allowedValue)}.`
            : `${(error.message ?? 'is not valid').replace(/^must/, 'Must')}.`;
  return {pointer, code, detail};
}

const validators = new WeakMap<JsonObject, RequestValidator>();
const precompiled = new WeakMap<JsonObject, Record<string, ValidateFunction>>();

/** The `$id` the document is added under, so that a pointer into it is a `$ref` Ajv resolves. */
export const documentId = 'https://sandbox.tessera.example/openapi.json';

/** The key a schema's validator is kept under: its pointer for a `$ref`, its JSON for an inline schema. */
export const validatorKey = (schema: JsonObject): string => (typeof schema.$ref === 'string' ? schema.$ref : JSON.stringify(schema));

/**
 * The Ajv the validators are compiled with, at run time or at build time
 * (scripts/sandbox/build-console.ts passes `code` to emit them as a module): one place for
 * the options, so that both compile the same validators.
 */
export function validatorAjv(document: JsonObject, options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({strict: false, allErrors: true, validateFormats: true, ...options});
  addFormats(ajv);
  // Ajv's discriminator support refuses `mapping`; bodies are matched to their variant before validation instead (mappedVariant).
  for (const keyword of ['discriminator', 'xml', 'externalDocs', 'example']) ajv.addKeyword(keyword);
  // A 3.0 file's schemas in the dialect Ajv compiles; JSON pointers name the same places in both.
  ajv.addSchema({...asJsonSchema(document), $id: documentId});
  return ajv;
}

/**
 * Gives the validators compiled at build time for a document (keyed by `validatorKey`), so that a
 * host whose Content-Security-Policy forbids eval (the browser's worker) never has Ajv compile:
 * Ajv compiles with `new Function`. Call before the first sandbox of the document is made.
 */
export function usePrecompiledValidators(document: JsonObject, compiled: Record<string, ValidateFunction>): void {
  precompiled.set(document, compiled);
}

/**
 * A path segment's or header's text as the value its schema types: `42` an integer, `true` a
 * boolean, else the text. A URL carries only text; GitHub's `{installation_id}` is an integer.
 */
export function parameterValue(document: JsonObject, schema: JsonObject, text: string): unknown {
  const typed = (typeof schema.$ref === 'string' ? pointerValue(document, schema.$ref) : schema) as JsonObject | undefined;
  const types = [typed?.type].flat();
  if ((types.includes('integer') || types.includes('number')) && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

export class RequestValidator {
  /** One validator per document, so that every sandbox of the same file shares its compiled schemas. */
  static of(document: JsonObject): RequestValidator {
    let validator = validators.get(document);
    if (!validator) {
      validator = new RequestValidator(document);
      validators.set(document, validator);
    }
    return validator;
  }

  private ajvInstance?: Ajv2020;
  private readonly cache: Map<string, ValidateFunction>;

  constructor(private readonly document: JsonObject) {
    this.cache = new Map(Object.entries(precompiled.get(document) ?? {}));
  }

  /** Made on the first schema no precompiled validator covers: adding the document makes Ajv compile its meta-schema. */
  private get ajv(): Ajv2020 {
    return (this.ajvInstance ??= validatorAjv(this.document));
  }

  /** The issues of a value against a schema object of the document: a local `$ref`, or an inline schema without refs. */
  validateSchema(schema: JsonObject, value: unknown, prefix = ''): ValidationIssue[] {
    const key = validatorKey(schema);
    if (typeof schema.$ref === 'string') return this.validate(key, value, prefix);
    if (!this.cache.has(key)) this.cache.set(key, this.ajv.compile(schemaAsJsonSchema(this.document, schema)));
    return this.validate(key, value, prefix);
  }

  /** The issues of a path segment's or header's text against its parameter's schema, the text read as the type it gives. */
  validateParameter(schema: JsonObject, text: string): ValidationIssue[] {
    return this.validateSchema(schema, parameterValue(this.document, schema, text));
  }

  /** The issues of a value against the schema at a JSON pointer of the document (`#/paths/...`); none when valid. */
  validate(pointer: string, value: unknown, prefix = ''): ValidationIssue[] {
    let validate = this.cache.get(pointer);
    if (!validate) {
      // A pointer into the document; inline schemas are cached by validateSchema under their JSON.
      validate = this.ajv.compile({$ref: `${documentId}${pointer}`});
      this.cache.set(pointer, validate);
    }
    if (validate(value)) return [];
    const errors = validate.errors ?? [];
    // A nullable field's `null` arm (a 3.0 file's `nullable`, src/lib/openapi/json-schema-dialect.ts)
    // says "must be null" beside what the value breaks in the other arm: that says more.
    const orNull = (error: ErrorObject) => error.keyword === 'type' && (error.params as {type?: unknown}).type === 'null';
    const specific = errors.filter(
      (error) =>
        !wrappers.has(error.keyword) &&
        !(
          orNull(error) &&
          errors.some(
            (other) => other !== error && !orNull(other) && !wrappers.has(other.keyword) && other.instancePath === error.instancePath,
          )
        ),
    );
    const seen = new Set<string>();
    return (specific.length ? specific : errors).map(issue).flatMap((found) => {
      const withPrefix = {...found, pointer: prefix ? `${prefix}${found.pointer === '/' ? '' : found.pointer}` : found.pointer};
      const key = `${withPrefix.pointer} ${withPrefix.code}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [withPrefix];
    });
  }
}

/**
 * The variant a discriminated `oneOf` maps a value to (`type: signup` → the signup schema), as a
 * pointer, so that the errors reported are those of the variant the client meant.
 */
export function mappedVariant(document: JsonObject, pointer: string, value: unknown): string | undefined {
  let schema = pointerValue(document, pointer);
  for (let hops = 0; typeof (schema as JsonObject | undefined)?.$ref === 'string' && hops < 20; hops += 1) {
    let target: unknown = document;
    for (const segment of String((schema as JsonObject).$ref)
      .replace(/^#\//, '')
      .split('/'))
      target = (target as JsonObject | undefined)?.[segment];
    schema = target;
  }
  const discriminator = (schema as JsonObject | undefined)?.discriminator as
    {propertyName?: string; mapping?: Record<string, string>} | undefined;
  if (!discriminator?.propertyName || !discriminator.mapping || !value || typeof value !== 'object') return undefined;
  const chosen = (value as JsonObject)[discriminator.propertyName];
  return typeof chosen === 'string' ? discriminator.mapping[chosen] : undefined;
}
