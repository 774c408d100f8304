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

type Parameter = {name: string; in: string; required?: boolean; example?: unknown; examples?: Record<string, unknown>; schema?: JsonObject};

/**
 * How a sample authenticates, with the scheme a server integration would use among those the
 * operation's security requirements (or the document's) allow (`chosenScheme`).
 * Credentials come from environment variables: the names a security scheme gives in
 * `x-sample-credentials`, otherwise ones derived from the API's title (`ADYEN_API_KEY`).
 */
export type SampleAuth =
  | {type: 'none'}
  | {type: 'basic'; username: string; password: string}
  | {type: 'bearer'; token: string}
  | {type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; key: string};

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
  idempotencyKey: boolean;
  body: unknown;
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

/** `ADYEN_CHECKOUT` for "Adyen Checkout API": the prefix of the credentials' environment variables. */
const credentialPrefix = (document: JsonObject) =>
  String((document.info as JsonObject | undefined)?.title ?? 'API')
    .replace(/\bAPI\b/gi, '')
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

/**
 * The scheme a sample authenticates with. The operation's security (else the document's) lists
 * alternatives; when it allows several, the one a server integration would use
 * (`serverSideRank`), and the first listed among equals. Anonymous access (`{}`) is chosen only
 * when nothing else is allowed.
 */
function chosenScheme(document: JsonObject, operation: JsonObject): {name: string; scheme: JsonObject} | undefined {
  const requirements = (operation.security ?? document.security ?? []) as Record<string, unknown>[];
  const schemes = ((document.components as JsonObject | undefined)?.securitySchemes ?? {}) as Record<string, unknown>;
  const candidates = requirements.flatMap(Object.keys).map((name) => {
    if (!schemes[name]) throw new Error(`security scheme ${name} is not in components.securitySchemes`);
    return {name, scheme: resolveRef(document, schemes[name])};
  });
  return candidates
    .map((candidate, order) => ({...candidate, order, rank: serverSideRank(candidate.name, candidate.scheme)}))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)[0];
}

export function sampleAuth(document: JsonObject, operation: JsonObject): SampleAuth {
  const chosen = chosenScheme(document, operation);
  if (!chosen) return {type: 'none'};
  const {name: schemeName, scheme} = chosen;
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
    return {type: 'apiKey', in: location, name: String(scheme.name), key: named[0] ?? `${prefix}_API_KEY`};
  }
  throw new Error(`security scheme ${schemeName} (${type} ${httpScheme}) has no request sample`);
}

/**
 * What a property's name says its value is, where its schema says no more than its type: a
 * currency code (in lower case, which every API that names its case accepts) and an amount in
 * minor units large enough for any minimum charge.
 */
function valueByName(name: string | undefined, type: unknown): unknown {
  if (!name) return undefined;
  if (type === 'string' && /(^|_)currency$|Currency$/.test(name)) return 'eur';
  if (type === 'integer' && /(^|_)amount$|Amount$/.test(name)) return 1000;
  return undefined;
}

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
    const parts = schema.allOf.map((part) => exampleFromSchema(document, part, depth));
    if (parts.every((part) => part && typeof part === 'object' && !Array.isArray(part))) return Object.assign({}, ...parts) as unknown;
    return parts[0];
  }
  const alternative = ((schema.oneOf ?? schema.anyOf) as unknown[] | undefined)?.[0];
  if (alternative) return exampleFromSchema(document, alternative, depth);
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
  return formats[String(schema.format)] ?? 'string';
}

/**
 * What the identifiers of most APIs look like, in the order they are tried: lowercase hex, capital
 * letters and digits, digits, a UUID.
 */
const identifierShapes = ['8f14e45fceea167a', 'A1B2C3D4E5F6G7H8', '4815162342', '3fa85f64-5717-4562-b3fc-2c963f66afa6'];

/**
 * A plausible identifier for a string the file gives no example of: the first shape that, cut or
 * repeated to the schema's length limits, its pattern accepts; undefined when none does.
 */
export function identifierFor(schema: JsonObject): string | undefined {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  let pattern: RegExp | undefined;
  try {
    pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  } catch {
    // A pattern JavaScript cannot read (another regex dialect) constrains nothing here.
  }
  for (const shape of identifierShapes) {
    const fitted = shape
      .repeat(Math.ceil(Math.max(minLength, 1) / shape.length))
      .slice(0, Math.min(Math.max(shape.length, minLength), maxLength));
    if (fitted.length >= minLength && (!pattern || pattern.test(fitted))) return fitted;
  }
  return undefined;
}

/** The value a reader would send: the parameter's example, else one its schema gives or implies. */
function exampleOf(document: JsonObject, parameter: Parameter): string {
  if (parameter.example !== undefined) return String(parameter.example);
  const named = Object.values(parameter.examples ?? {})[0];
  if (named !== undefined) return String(resolveRef(document, named).value);
  const schema = resolveRef(document, parameter.schema ?? {});
  const value = exampleFromSchema(document, schema);
  if (value !== 'string') return String(value);
  // A bare type name says nothing about the value. A path names a resource by its identifier, so a
  // path parameter takes an identifier's shape: its own name in the URL would be sent as it is.
  // Elsewhere, or where no shape fits the schema, the name reads better than a guess.
  return (parameter.in === 'path' ? identifierFor(schema) : undefined) ?? parameter.name;
}

const formMediaType = 'application/x-www-form-urlencoded';

/**
 * HTTP gives the body of a GET or HEAD no meaning, and fetch refuses to send one. A form body such
 * an operation declares (Stripe's `expand`, on every retrieval) goes in the query string instead,
 * in the same bracket notation; one without fields goes nowhere.
 */
function withoutBodyOnRead(method: string, url: string, example: {body: unknown; bodyType?: 'json' | 'form'}) {
  if (!['get', 'head'].includes(method) || example.bodyType !== 'form') return {url, ...example};
  const fields = formFields(example.body);
  return {url: fields.length > 0 ? `${url}?${new URLSearchParams(fields).toString()}` : url, body: undefined};
}

/**
 * The body a sample sends: the first named example of the operation's JSON body (else one built
 * from its schema), or of its form-encoded body when it takes no JSON.
 */
function requestBodyExample(document: JsonObject, operation: JsonObject): {body: unknown; bodyType?: 'json' | 'form'} {
  const body = resolveRef(document, operation.requestBody);
  const content = (body?.content ?? {}) as Record<string, JsonObject>;
  const mediaType = ['application/json', formMediaType].find((type) => content[type]);
  const media = mediaType ? content[mediaType] : undefined;
  if (!media) return {body: undefined};
  const bodyType = mediaType === formMediaType ? 'form' : 'json';
  if (media.example !== undefined) return {body: media.example, bodyType};
  const first = Object.values((media.examples ?? {}) as Record<string, unknown>)[0];
  if (first !== undefined) return {body: resolveRef(document, first).value, bodyType};
  return {body: media.schema ? exampleFromSchema(document, media.schema) : undefined, bodyType};
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
  const properties = Object.keys((body?.schema.properties ?? {}) as JsonObject);
  const statusField = properties.includes('status') ? 'status' : properties.find((name) => /Status$/.test(name));
  const fields = [properties.includes('id') ? 'id' : undefined, statusField].filter((name): name is string => Boolean(name));
  const refName = body?.ref?.split('/').pop();
  const name = refName && /^[A-Za-z][A-Za-z0-9]*$/.test(refName) ? lowerFirst(refName) : 'body';
  return {status: Number(status), hasBody: Boolean(body), name: name === 'response' || name === 'request' ? 'body' : name, fields};
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
    message: memberOf(document, schema, ['title', 'message', 'detail', 'errorMessage', 'error_description']),
    requestId: memberOf(document, schema, ['requestId', 'request_id', 'pspReference', 'traceId']),
  };
  return fields.code ? fields : undefined;
}

export function sampleRequest(document: JsonObject, path: string, pathItem: JsonObject, method: string): SampleRequest {
  const operation = pathItem[method] as JsonObject;
  const parameters = [...((pathItem.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])].map((parameter) =>
    resolveRef<Parameter>(document, parameter),
  );
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    if (!parameter) throw new Error(`${method.toUpperCase()} ${path}: no path parameter ${name}`);
    return encodeURIComponent(exampleOf(document, parameter));
  });
  return {
    method: method.toUpperCase(),
    auth: sampleAuth(document, operation),
    idempotencyKey: parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'),
    ...withoutBodyOnRead(method, `${sampleBaseUrl(document)}${url}`, requestBodyExample(document, operation)),
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
  const exampleSegments = operationRequest.url.slice(baseUrl.length).split('/');
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
  return {...operationRequest, url: `${baseUrl}${segments.join('/')}`, body: shown.body, bodyType: 'json'};
}
