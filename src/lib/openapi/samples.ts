/**
 * The request model every request sample is rendered from: what an operation's sample sends (the
 * operation's first documented request example, to the sandbox, with the file's own
 * authentication) and how it reads the answer. Each language renders it in its own module
 * (src/lib/sample-languages), and scripts/generate-api-docs.ts puts the samples in the OpenAPI
 * copies the plugin reads, as `x-codeSamples`, so no page generates samples in the browser.
 */

import type {ApiDocument} from './document';
import {formFields} from './form-fields';
import {operationsById} from './operations';
import {resolveRef, type JsonObject} from './refs';
import {SchemaValidator} from './schema-validator';

type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  style?: string;
  explode?: boolean;
  example?: unknown;
  examples?: Record<string, unknown>;
  schema?: JsonObject;
};

/**
 * How a sample authenticates, with the scheme a server integration would use among those the
 * operation's security requirements (or the document's) allow (`chosenRequirement`).
 * Credentials come from environment variables: the names a security scheme gives in
 * `x-sample-credentials`, otherwise ones derived from the API's name and, for an API key, the
 * scheme's name (`ADYEN_CHECKOUT_API_KEY`, `PLAID_CLIENT_ID`).
 */
export type SampleAuth =
  | {type: 'none'}
  | {type: 'basic'; username: string; password: string}
  | {type: 'bearer'; token: string}
  | {type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; key: string};

/** An API key a sample sends: where, under which name, from which environment variable. */
export type SampleApiKey = Extract<SampleAuth, {type: 'apiKey'}>;

/** What a sample prints of a 2xx answer: a few fields of the body, or the whole of it. */
export type SampleSuccess = {
  /** The documented 2xx status. */
  status: number;
  /** Whether that answer has a JSON body. */
  hasBody: boolean;
  /** The sample's name for the parsed body, in camel case: `session` for a Session. */
  name: string;
  /** The top-level fields it prints (the id and the status), none to print the whole body. */
  fields: string[];
  /** Whether the body is a JSON array (GitHub's lists), which a language that types the parsed body must know. */
  array?: true;
};

/**
 * The members of the API's error body a sample prints, when its 4xx answers document them (Tessera's
 * problem details: `code`, `title`, `requestId`); a sample prints the raw body of an API that has none.
 */
export type SampleErrorFields = {code?: string; message?: string; requestId?: string};

export type SampleRequest = {
  method: string;
  url: string;
  auth: SampleAuth;
  /**
   * The other API keys of the security requirement `auth` belongs to, which the API asks for
   * together with it (Plaid: its secret and API version beside the client id); none for most APIs.
   */
  additionalKeys?: SampleApiKey[];
  idempotencyKey: boolean;
  /**
   * The key to send as written instead of a fresh one per run: the key a reader typed into the
   * "Try it" console, so that the sample they copy replays the request they tried. Only keys of
   * the file's own pattern (`[A-Za-z0-9_-]`), which every language's string literal holds as is.
   */
  triedIdempotencyKey?: string;
  body: unknown;
  /**
   * The top-level members of the JSON body whose value each language reads from an environment
   * variable, not from `body` (which holds the variable's name there): a credential the schema
   * requires in the body too (Plaid's `client_id` and `secret` on `/application/get`).
   */
  bodyKeys?: SampleBodyKey[];
  /**
   * How the body is sent: JSON, or form-encoded (`application/x-www-form-urlencoded`, as Stripe's
   * API takes every body) when the operation takes no JSON.
   */
  bodyType?: 'json' | 'form';
  /** The operation's id, for the file and class names some languages need (`captureAnOrder`). */
  operationId?: string;
  success?: SampleSuccess;
  errorFields?: SampleErrorFields;
};

type Server = {url: string; description?: string; variables?: Record<string, {default?: string}>};

/** The server samples send to: the sandbox (or test) server if the file names one, else its first. */
export function sampleBaseUrl(document: JsonObject): string {
  const servers = (document.servers ?? []) as Server[];
  const isSandbox = (server: Server) => /sandbox|test/i.test(`${server.description ?? ''} ${server.url}`);
  const server = servers.find(isSandbox) ?? servers[0];
  if (!server) throw new Error(`${String((document.info as JsonObject | undefined)?.title)} has no servers to send samples to`);
  const url = server.url.replace(/\{(\w+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole);
  return url.replace(/\/$/, '');
}

/**
 * `ADYEN_CHECKOUT` for "Adyen Checkout API", `PLAID` for "The Plaid API": the prefix of the
 * credentials' environment variables.
 */
const credentialPrefix = (document: JsonObject) =>
  String((document.info as JsonObject | undefined)?.title ?? 'API')
    .replace(/\bAPI\b/gi, '')
    .replace(/^\s*the\s+/i, '')
    .trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toUpperCase() || 'API';

/** Words by which a scheme says its key is a client's, for use in a browser or an app, not on a server. */
const clientSideScheme = /client[-_ ]?(?:side|key)|publishable|public[-_ ]?key|browser|front[-_ ]?end/i;

/**
 * How a server integration would rather authenticate, lower first: a bearer token (OAuth 2, OpenID
 * Connect), an API key in a header, basic auth, a key in a cookie, a key in the query string (it
 * ends up in logs); any scheme that calls itself a client's or public key comes after all of them.
 */
function serverSideRank(name: string, scheme: JsonObject): number {
  const type = String(scheme.type);
  const httpScheme = String(scheme.scheme ?? '').toLowerCase();
  const rank =
    (type === 'http' && httpScheme === 'bearer') || type === 'oauth2' || type === 'openIdConnect'
      ? 0
      : type === 'apiKey' && scheme.in === 'header'
        ? 1
        : type === 'http' && httpScheme === 'basic'
          ? 2
          : type === 'apiKey' && scheme.in === 'cookie'
            ? 3
            : 4;
  const clientSide = clientSideScheme.test(name) || clientSideScheme.test(String(scheme.description ?? ''));
  return clientSide ? rank + 10 : rank;
}

type NamedScheme = {name: string; scheme: JsonObject};

/**
 * The security requirement a sample meets, its schemes best first. The operation's security (else
 * the document's) lists alternatives, each of which names the schemes sent together; of several,
 * the one whose best scheme a server integration would use (`serverSideRank`), and the first
 * listed among equals. Anonymous access (`{}`) is chosen only when nothing else is allowed.
 */
function chosenRequirement(document: JsonObject, operation: JsonObject): NamedScheme[] {
  const requirements = (operation.security ?? document.security ?? []) as Record<string, unknown>[];
  const schemes = ((document.components as JsonObject | undefined)?.securitySchemes ?? {}) as Record<string, unknown>;
  const ranked = requirements
    .map((requirement) =>
      Object.keys(requirement)
        .map((name) => {
          if (!schemes[name]) throw new Error(`security scheme ${name} is not in components.securitySchemes`);
          const scheme = resolveRef(document, schemes[name]);
          return {name, scheme, rank: serverSideRank(name, scheme)};
        })
        .map((candidate, order) => ({...candidate, order}))
        .sort((a, b) => a.rank - b.rank || a.order - b.order),
    )
    .map((candidates, order) => ({candidates, order}))
    .filter(({candidates}) => candidates.length > 0)
    .sort((a, b) => a.candidates[0]!.rank - b.candidates[0]!.rank || a.order - b.order);
  return (ranked[0]?.candidates ?? []).map(({name, scheme}) => ({name, scheme}));
}

/** Words of a scheme's name that say how a credential is sent, not what it is. */
const mechanismWords = new Set([
  'auth',
  'authentication',
  'authorization',
  'scheme',
  'security',
  'header',
  'query',
  'cookie',
  'oauth',
  'oauth2',
  'http',
]);

/**
 * The environment variable of an API key: the API's prefix and what the scheme's name says the
 * key is (`PLAID_CLIENT_ID` for `clientId`, `PLAID_VERSION` for `plaidVersion`), or `_API_KEY`
 * when the name says no more than that it is one (`ApiKeyAuth`).
 */
function keyVariable(prefix: string, schemeName: string): string {
  const words = schemeName
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word && !mechanismWords.has(word.toLowerCase()))
    .map((word) => word.toUpperCase());
  // Leading words the prefix starts with already: `ledgerVersion` of the Ledger Data API is LEDGER_DATA_VERSION.
  const prefixWords = prefix.split('_');
  let shared = 0;
  while (shared < words.length && words[shared] === prefixWords[shared]) shared += 1;
  const own = words.slice(shared);
  return own.length === 0 || own.join('_') === 'API_KEY' ? `${prefix}_API_KEY` : [prefix, ...own].join('_');
}

function authOf(document: JsonObject, {name: schemeName, scheme}: NamedScheme): SampleAuth {
  const named = (scheme['x-sample-credentials'] ?? []) as string[];
  const prefix = credentialPrefix(document);
  const type = String(scheme.type);
  const httpScheme = String(scheme.scheme ?? '').toLowerCase();
  if (type === 'http' && httpScheme === 'basic') {
    return {type: 'basic', username: named[0] ?? `${prefix}_USERNAME`, password: named[1] ?? `${prefix}_PASSWORD`};
  }
  // OAuth 2 and OpenID Connect send the access token the flow returned as a bearer token.
  if ((type === 'http' && httpScheme === 'bearer') || type === 'oauth2' || type === 'openIdConnect') {
    return {type: 'bearer', token: named[0] ?? `${prefix}_ACCESS_TOKEN`};
  }
  if (type === 'apiKey') {
    const location = String(scheme.in);
    if (location !== 'header' && location !== 'query' && location !== 'cookie')
      throw new Error(`API key ${schemeName} is in "${location}"`);
    return {type: 'apiKey', in: location, name: String(scheme.name), key: named[0] ?? keyVariable(prefix, schemeName)};
  }
  throw new Error(`security scheme ${schemeName} (${type} ${httpScheme}) has no request sample`);
}

export function sampleAuth(document: JsonObject, operation: JsonObject): SampleAuth {
  const [first] = chosenRequirement(document, operation);
  return first ? authOf(document, first) : {type: 'none'};
}

/**
 * The API keys the chosen requirement asks for beside `sampleAuth`'s. A second scheme that is no
 * API key (basic auth and a bearer token together) has nowhere to go: both are the Authorization
 * header.
 */
export function sampleAdditionalKeys(document: JsonObject, operation: JsonObject): SampleApiKey[] {
  return chosenRequirement(document, operation)
    .slice(1)
    .map((scheme) => authOf(document, scheme))
    .filter((auth): auth is SampleApiKey => auth.type === 'apiKey');
}

/**
 * What a property's name says its value is, where its schema says no more than its type: a
 * currency code (in lower case, which every API that names its case accepts), an amount in
 * minor units large enough for any minimum charge, a language, a country, an address of mail, a
 * phone number or a web address.
 */
function valueByName(name: string | undefined, type: unknown): unknown {
  if (!name) return undefined;
  if (type === 'string' && /(^|_)currency$|Currency$/.test(name)) return 'eur';
  if (type === 'integer' && /(^|_)amount$|Amount$/.test(name)) return 1000;
  if (type !== 'string') return undefined;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const last = words.at(-1);
  if (last === 'language' || last === 'lang') return 'en';
  if (last === 'locale') return 'en-US';
  if (last === 'country' || words.slice(-2).join('_') === 'country_code') return 'US';
  if (last === 'email') return 'shopper@example.com';
  if (last === 'phone' || words.slice(-2).join('_') === 'phone_number') return '+14155550123';
  if (last === 'url' || last === 'uri' || last === 'webhook') return 'https://example.com/webhook';
  return undefined;
}

/** Whether a name says its value identifies something (`client_user_id`, `access_token`, `shiftId`). */
const namesIdentifier = (name: string | undefined) => Boolean(name && /(?:^|_)(?:id|token)$|[a-z](?:Id|Token)$/.test(name));

/**
 * A value of the schema, for a file that gives no example: its own example, default or first enum
 * value, else one its property's name implies (`valueByName`), else one of its type.
 */
export function exampleFromSchema(document: JsonObject, schemaOrRef: unknown, depth = 0, name?: string): unknown {
  const schema = resolveRef(document, schemaOrRef ?? {});
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => exampleFromSchema(document, part, depth, name));
    if (parts.every((part) => part && typeof part === 'object' && !Array.isArray(part))) return Object.assign({}, ...parts) as unknown;
    return parts[0];
  }
  const alternative = ((schema.oneOf ?? schema.anyOf) as unknown[] | undefined)?.[0];
  if (alternative) return exampleFromSchema(document, alternative, depth, name);
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  const named = valueByName(name, type);
  if (named !== undefined) return named;
  if (type === 'object' || schema.properties) {
    if (depth >= 4) return {};
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    const required = new Set((schema.required ?? []) as string[]);
    // The required properties, or all of them when none is required, so the sample stays readable.
    const chosen = Object.keys(properties).filter((name) => required.size === 0 || required.has(name));
    return Object.fromEntries(chosen.map((property) => [property, exampleFromSchema(document, properties[property], depth + 1, property)]));
  }
  if (type === 'array') return depth >= 4 ? [] : [exampleFromSchema(document, schema.items, depth + 1)];
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'boolean') return true;
  const formats: Record<string, string> = {
    'date-time': '2026-01-15T09:30:00Z',
    date: '2026-01-15',
    email: 'shopper@example.com',
    uri: 'https://example.com',
    url: 'https://example.com',
    uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  };
  const formatted = formats[String(schema.format)];
  if (formatted) return formatted;
  // A string whose name says it is an identifier, or whose schema (a pattern, a length) refuses
  // the word, gets an identifier the schema accepts.
  if (namesIdentifier(name) || !acceptsText(schema, 'string')) return identifierFor(schema) ?? 'string';
  return 'string';
}

/** Whether a string schema's pattern and length limits accept `text`; a pattern JavaScript cannot read accepts it. */
function acceptsText(schema: JsonObject, text: string): boolean {
  if (typeof schema.minLength === 'number' && text.length < schema.minLength) return false;
  if (typeof schema.maxLength === 'number' && text.length > schema.maxLength) return false;
  if (typeof schema.pattern !== 'string') return true;
  try {
    return new RegExp(schema.pattern, 'u').test(text);
  } catch {
    return true;
  }
}

/**
 * What the identifiers of most APIs look like, in the order they are tried: lowercase hex, capital
 * letters and digits, digits, a UUID.
 */
const identifierShapes = ['8f14e45fceea167a', 'A1B2C3D4E5F6G7H8', '4815162342', '3fa85f64-5717-4562-b3fc-2c963f66afa6'];

/** Sixteen hexadecimal digits drawn from `seed` (FNV-1a), so that different names get different identifiers. */
function hexOf(seed: string): string {
  let hash = 0x811c9dc5;
  let digits = '';
  for (let round = 0; digits.length < 16; round += 1) {
    for (const character of `${seed}#${round}`) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193) >>> 0;
    digits += hash.toString(16).padStart(8, '0');
  }
  return digits.slice(0, 16);
}

/**
 * A plausible identifier for a string the file gives no example of: the first shape that, cut or
 * repeated to the schema's length limits, its pattern accepts; undefined when none does. With a
 * `seed` (a parameter's name), the hexadecimal shape is drawn from it, so that two identifiers of
 * one request differ.
 */
export function identifierFor(schema: JsonObject, seed?: string): string | undefined {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  let pattern: RegExp | undefined;
  try {
    pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  } catch {
    // A pattern JavaScript cannot read (another regex dialect) constrains nothing here.
  }
  const shapes = seed === undefined ? identifierShapes : [hexOf(seed), ...identifierShapes.slice(1)];
  for (const shape of shapes) {
    const fitted = shape
      .repeat(Math.ceil(Math.max(minLength, 1) / shape.length))
      .slice(0, Math.min(Math.max(shape.length, minLength), maxLength));
    if (fitted.length >= minLength && (!pattern || pattern.test(fitted))) return fitted;
  }
  return undefined;
}

/** The value a reader would send: the parameter's example, else one its schema gives or its name implies. */
function exampleOf(document: JsonObject, parameter: Parameter): string {
  if (parameter.example !== undefined) return String(parameter.example);
  const named = Object.values(parameter.examples ?? {})[0];
  if (named !== undefined) return String(resolveRef(document, named).value);
  const schema = resolveRef(document, parameter.schema ?? {});
  const value = exampleFromSchema(document, schema, 0, parameter.name);
  if (value !== 'string') return String(value);
  // A bare type name says nothing about the value. A path names a resource by its identifier, so a
  // path parameter takes an identifier's shape: its own name in the URL would be sent as it is; so
  // does a query parameter named as one (`location_id`, see exampleFromSchema). Elsewhere, or
  // where no shape fits the schema, the name reads better than a guess.
  return (parameter.in === 'path' ? identifierFor(schema) : undefined) ?? parameter.name;
}

/**
 * The path with its parameters filled in: each one's example, and for a parameter that would get
 * the value an earlier one has (two identifiers without examples), one drawn from its own name.
 */
function filledPath(document: JsonObject, method: string, path: string, parameters: Parameter[], used: Set<string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    if (!parameter) throw new Error(`${method.toUpperCase()} ${path}: no path parameter ${name}`);
    return encodeURIComponent(distinctExampleOf(document, parameter, used));
  });
}

/**
 * The parameter's example value; or, when it is the identifier a parameter without one gets and an
 * earlier parameter of the request has it already, an identifier drawn from its own name.
 */
function distinctExampleOf(document: JsonObject, parameter: Parameter, used: Set<string>): string {
  let value = exampleOf(document, parameter);
  const schema = resolveRef(document, parameter.schema ?? {});
  if (used.has(value) && value === identifierFor(schema)) value = identifierFor(schema, parameter.name) ?? value;
  used.add(value);
  return value;
}

/**
 * The query parameters the operation requires, with their example values, as the parameter's
 * style writes them (an object of Stripe's `deepObject` style as `scope[type]=account`, one of the
 * default `form` style as its members, an array as repeated names); a sample leaves optional ones out.
 */
function requiredQuery(document: JsonObject, parameters: Parameter[], used: Set<string>): [string, string][] {
  return parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .flatMap((parameter): [string, string][] => {
      const schema = resolveRef(document, parameter.schema ?? {});
      const named = Object.values(parameter.examples ?? {})[0];
      const value =
        parameter.example ??
        (named !== undefined ? resolveRef(document, named).value : undefined) ??
        exampleFromSchema(document, schema, 0, parameter.name);
      const explode = parameter.explode ?? (parameter.style ?? 'form') === 'form';
      if (Array.isArray(value)) {
        return explode ? value.map((item) => [parameter.name, String(item)]) : [[parameter.name, value.map(String).join(',')]];
      }
      if (isRecord(value)) {
        if (parameter.style === 'deepObject') return formFields(value, parameter.name);
        return explode ? formFields(value) : [[parameter.name, Object.entries(value).flat().map(String).join(',')]];
      }
      return [[parameter.name, distinctExampleOf(document, parameter, used)]];
    });
}

const formMediaType = 'application/x-www-form-urlencoded';

/**
 * HTTP gives the body of a GET or HEAD no meaning, and fetch refuses to send one. A form body such
 * an operation declares (Stripe's `expand`, on every retrieval) goes in the query string instead,
 * in the same bracket notation; one without fields goes nowhere.
 */
function withoutBodyOnRead<Example extends {body: unknown; bodyType?: 'json' | 'form'}>(
  method: string,
  url: string,
  query: [string, string][],
  example: Example,
) {
  const moved = ['get', 'head'].includes(method) && example.bodyType === 'form';
  const fields = [...query, ...(moved ? formFields(example.body) : [])];
  const withQuery = fields.length > 0 ? `${url}?${new URLSearchParams(fields).toString()}` : url;
  return moved ? {url: withQuery, body: undefined} : {url: withQuery, ...example};
}

/** One open validator per document, made when a sample first checks an example against it. */
const validators = new WeakMap<JsonObject, SchemaValidator>();

/**
 * Whether `value` is a body of `schema`; true where the schema cannot be compiled (a dialect Ajv
 * refuses), which leaves the file's example as the file gives it.
 */
function isBodyOf(document: JsonObject, schema: unknown, value: unknown): boolean {
  let validator = validators.get(document);
  if (!validator) {
    validator = new SchemaValidator(document, 'samples-open', {closed: false, quick: true});
    validators.set(document, validator);
  }
  try {
    return validator.validateSchema(schema, value).length === 0;
  } catch {
    return true;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/**
 * The body an example stands for, or undefined when it is none: the example itself when it
 * validates against the body's schema and sends a field the schema declares, or none (`{}`); the
 * example's one member when it wraps a valid body under a key the schema does not declare
 * (Square's `{"request_body": {...}}`).
 */
function bodyOfExample(document: JsonObject, schema: unknown, example: unknown): unknown {
  if (!schema) return example;
  const declared = Object.keys((resolveRef(document, schema).properties ?? {}) as JsonObject);
  const sendsDeclared = (value: unknown) =>
    !isRecord(value) ||
    declared.length === 0 ||
    Object.keys(value).length === 0 ||
    Object.keys(value).some((key) => declared.includes(key));
  if (isRecord(example) && Object.keys(example).length === 1 && declared.length > 0 && !declared.includes(Object.keys(example)[0]!)) {
    const inner = Object.values(example)[0];
    if (sendsDeclared(inner) && isBodyOf(document, schema, inner)) return inner;
  }
  return sendsDeclared(example) && isBodyOf(document, schema, example) ? example : undefined;
}

/**
 * The body a sample sends: the first named example of the operation's JSON body (else its schema's
 * example), or of its form-encoded body when it takes no JSON, as long as it is a body of that
 * schema (`bodyOfExample`); else one built from the schema. A sample never sends what the API
 * would refuse because its file's example does not match its own schema.
 */
function requestBodyExample(document: JsonObject, operation: JsonObject): {body: unknown; bodyType?: 'json' | 'form'} {
  const body = resolveRef(document, operation.requestBody);
  const content = (body?.content ?? {}) as Record<string, JsonObject>;
  const mediaType = ['application/json', formMediaType].find((type) => content[type]);
  const media = mediaType ? content[mediaType] : undefined;
  if (!media) return {body: undefined};
  const bodyType = mediaType === formMediaType ? 'form' : 'json';
  const first = Object.values((media.examples ?? {}) as Record<string, unknown>)[0];
  const schema = media.schema ? resolveRef(document, media.schema) : undefined;
  const example = media.example !== undefined ? media.example : first !== undefined ? resolveRef(document, first).value : schema?.example;
  if (example !== undefined) {
    const valid = bodyOfExample(document, media.schema, example);
    if (valid !== undefined) return {body: valid, bodyType};
  }
  if (!schema) return {body: undefined, bodyType};
  // Built from the schema without the example just refused.
  const {example: _refused, ...withoutExample} = schema;
  return {body: exampleFromSchema(document, withoutExample), bodyType};
}

/**
 * Makes the request-body schemas of `document` (a copy the OpenAPI plugin reads) hold examples the
 * schema accepts, as the samples send them: an example that wraps the body in one key (Square's
 * `request_body`) is unwrapped, one that is no body of its schema is dropped, so the page's example
 * tab, which the plugin builds from the schema, shows the body the sample sends.
 */
export function withBodyExamplesAsSent(document: JsonObject): JsonObject {
  for (const pathItem of Object.values((document.paths ?? {}) as Record<string, JsonObject>)) {
    for (const operation of Object.values(pathItem)) {
      if (!isRecord(operation) || !operation.requestBody) continue;
      const content = (resolveRef(document, operation.requestBody)?.content ?? {}) as Record<string, JsonObject>;
      const media = content['application/json'];
      if (!media?.schema || media.example !== undefined || media.examples !== undefined) continue;
      const schema = resolveRef(document, media.schema);
      if (schema.example === undefined) continue;
      const sent = bodyOfExample(document, media.schema, schema.example);
      if (sent === undefined) delete schema.example;
      else if (sent !== schema.example) schema.example = sent;
    }
  }
  return document;
}

/** A member of a JSON body whose value is a credential the sample reads from its environment variable. */
export type SampleBodyKey = {member: string; key: string};

/**
 * The body with its credentials taken out of the example (Plaid's `client_id` and `secret`, which
 * its request schemas declare beside the headers that carry them): a body never holds a credential
 * as a literal, from an example or a schema's placeholder (`"secret": "string"`). A member that
 * repeats a key the sample already sends in a header, the query or a cookie is left out, unless
 * the schema requires it (Plaid's `/application/get`); then it stays, and the sample fills it from
 * the key's environment variable (`bodyKeys`).
 */
function withCredentialsFromEnvironment(
  document: JsonObject,
  operation: JsonObject,
  body: unknown,
  keys: SampleApiKey[],
): {body: unknown; bodyKeys?: SampleBodyKey[]} {
  if (!isRecord(body) || keys.length === 0) return {body};
  const media = ((resolveRef(document, operation.requestBody)?.content ?? {}) as Record<string, JsonObject>)['application/json'];
  const schema = media?.schema ? resolveRef(document, media.schema) : {};
  const required = new Set((schema.required ?? []) as string[]);
  const plain = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const keyOf = (member: string) =>
    plain(member).length >= 6
      ? keys.find((key) =>
          [plain(key.name), plain(key.key)].some((credential) => credential === plain(member) || credential.endsWith(plain(member))),
        )
      : undefined;
  const bodyKeys: SampleBodyKey[] = [];
  const kept = Object.entries(body).filter(([member]) => {
    const key = keyOf(member);
    if (key && required.has(member)) bodyKeys.push({member, key: key.key});
    return !key || required.has(member);
  });
  // The value the language replaces with its reading of the variable; the key's name, so the body still reads as one.
  const filled = Object.fromEntries(
    kept.map(([member, value]) => [member, bodyKeys.find((found) => found.member === member)?.key ?? value]),
  );
  return bodyKeys.length > 0 ? {body: filled, bodyKeys} : {body: filled};
}

/** The JSON schema of a response's body, for the JSON media types (`application/problem+json` too). */
function jsonSchemaOf(document: JsonObject, response: unknown): {schema: JsonObject; ref?: string} | undefined {
  const resolved = resolveRef(document, response ?? {});
  const content = (resolved.content ?? {}) as Record<string, JsonObject>;
  const media = Object.entries(content).find(([type]) => /^application\/(?:[\w.+-]+\+)?json\b/.test(type))?.[1];
  if (!media?.schema) return undefined;
  const raw = media.schema as JsonObject;
  return {schema: resolveRef(document, raw), ref: typeof raw.$ref === 'string' ? raw.$ref : undefined};
}

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

function sampleSuccess(document: JsonObject, operation: JsonObject): SampleSuccess | undefined {
  const responses = (operation.responses ?? {}) as Record<string, unknown>;
  const status = Object.keys(responses).find((code) => /^2\d\d$/.test(code));
  if (!status) return undefined;
  const body = jsonSchemaOf(document, responses[status]);
  const schemas = (body?.schema.properties ?? {}) as Record<string, unknown>;
  // Only members a sample can print as text: Plaid's `status` is an object.
  const properties = Object.keys(schemas).filter((name) => {
    const type = resolveRef(document, schemas[name] ?? {}).type;
    return type !== 'object' && type !== 'array';
  });
  const statusField = properties.includes('status') ? 'status' : properties.find((name) => /Status$/.test(name));
  const fields = [properties.includes('id') ? 'id' : undefined, statusField].filter((name): name is string => Boolean(name));
  const refName = body?.ref?.split('/').pop();
  const name = refName && /^[A-Za-z][A-Za-z0-9]*$/.test(refName) ? lowerFirst(refName) : 'body';
  return {
    status: Number(status),
    hasBody: Boolean(body),
    name: name === 'response' || name === 'request' ? 'body' : name,
    fields,
    ...(body?.schema.type === 'array' ? {array: true as const} : {}),
  };
}

/**
 * The first of `candidates` the schema requires, else the first it has, of those whose value is
 * text or a number: a sample prints it. Stripe's `error` member is an object that holds the code,
 * and printing it as the code would print an object twice.
 */
function memberOf(document: JsonObject, schema: JsonObject, candidates: string[]): string | undefined {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const printable = (name: string) => {
    if (!(name in properties)) return false;
    const type = resolveRef(document, properties[name] ?? {}).type;
    return type !== 'object' && type !== 'array';
  };
  const required = new Set((schema.required ?? []) as string[]);
  return candidates.find((name) => required.has(name) && printable(name)) ?? candidates.find(printable);
}

function sampleErrorFields(document: JsonObject, operation: JsonObject): SampleErrorFields | undefined {
  const responses = (operation.responses ?? {}) as Record<string, unknown>;
  const status = Object.keys(responses).find((code) => /^4\d\d$/.test(code)) ?? ('default' in responses ? 'default' : undefined);
  const schema = status ? jsonSchemaOf(document, responses[status])?.schema : undefined;
  if (!schema) return undefined;
  const fields = {
    code: memberOf(document, schema, ['code', 'errorCode', 'error_code', 'error']),
    message: memberOf(document, schema, ['title', 'message', 'detail', 'errorMessage', 'error_message', 'error_description']),
    requestId: memberOf(document, schema, ['requestId', 'request_id', 'pspReference', 'traceId']),
  };
  return fields.code ? fields : undefined;
}

export function sampleRequest(document: JsonObject, path: string, pathItem: JsonObject, method: string): SampleRequest {
  const operation = pathItem[method] as JsonObject;
  const parameters = [...((pathItem.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])].map((parameter) =>
    resolveRef<Parameter>(document, parameter),
  );
  const used = new Set<string>();
  const url = filledPath(document, method, path, parameters, used);
  const auth = sampleAuth(document, operation);
  const additionalKeys = sampleAdditionalKeys(document, operation);
  const keys = [...(auth.type === 'apiKey' ? [auth] : []), ...additionalKeys];
  const example = requestBodyExample(document, operation);
  const sent =
    example.bodyType === 'json' ? {...example, ...withCredentialsFromEnvironment(document, operation, example.body, keys)} : example;
  return {
    method: method.toUpperCase(),
    auth,
    ...(additionalKeys.length > 0 ? {additionalKeys} : {}),
    idempotencyKey: parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'),
    ...withoutBodyOnRead(method, `${sampleBaseUrl(document)}${url}`, requiredQuery(document, parameters, used), sent),
    operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined,
    success: sampleSuccess(document, operation),
    errorFields: sampleErrorFields(document, operation),
  };
}

/** A request as a guide shows it: its operation, a title `METHOD /path`, and the JSON it sends, if any. */
export type ShownRequest = {operationId: string; title: string; body?: unknown};

/** `POST /v3/orders/7b2e…/captures`: the method and path of a guide's request title, or undefined. */
export function requestTitle(title: string): {method: string; path: string} | undefined {
  const match = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/.exec(title.trim());
  return match ? {method: match[1]!, path: match[2]!} : undefined;
}

/**
 * The request model of a request a guide shows: the method and path of its title (a `{name}` left
 * in the path takes the operation's example value), its JSON as the body, and the rest (auth,
 * server, idempotency key, how the answer is read) from the operation, as on its reference page.
 */
export function sampleRequestOf(document: JsonObject, shown: ShownRequest): SampleRequest {
  const found = operationsById(document as ApiDocument).get(shown.operationId);
  if (!found) throw new Error(`no operation ${shown.operationId} in ${String((document.info as JsonObject | undefined)?.title)}`);
  const title = requestTitle(shown.title);
  if (!title || title.method.toLowerCase() !== found.method)
    throw new Error(`the title "${shown.title}" is not a ${found.method.toUpperCase()} request of ${shown.operationId}`);
  const pathItem = (document.paths as Record<string, JsonObject>)[found.path]!;
  const operationRequest = sampleRequest(document, found.path, pathItem, found.method);
  const baseUrl = sampleBaseUrl(document);
  const [examplePath = '', query] = operationRequest.url.slice(baseUrl.length).split('?');
  const exampleSegments = examplePath.split('/');
  const shownSegments = title.path.split('/');
  const templateSegments = found.path.split('/');
  if (shownSegments.length !== templateSegments.length)
    throw new Error(`the path of "${shown.title}" does not match ${shown.operationId}'s ${found.path}`);
  const segments = templateSegments.map((segment, index) => {
    const written = shownSegments[index]!;
    if (/^\{\w+\}$/.test(segment)) return /^\{\w+\}$/.test(written) ? exampleSegments[index]! : written;
    if (segment !== written) throw new Error(`the path of "${shown.title}" does not match ${shown.operationId}'s ${found.path}`);
    return segment;
  });
  return {...operationRequest, url: `${baseUrl}${segments.join('/')}${query ? `?${query}` : ''}`, body: shown.body, bodyType: 'json'};
}
