/**
 * The request the "Try it" console edits, and what a visit remembers between requests: the objects
 * its answers named (so that the next page's path starts with the session or order just made) and
 * the bearer secret it was given. No DOM and no Node module: the worker and the unit tests run it.
 */
import type {SampleRequest} from '../openapi/samples';
import {header} from '../sandbox/http';
import type {ConsoleOperation} from './operations';

/** The request as the reader edits it: the path with its query, the headers, the body as text. */
export type ConsoleRequest = {method: string; path: string; headers: Record<string, string>; body: string};

/** An object an answer of the visit named: its kind (`session`, `order`, `capture`), id and last status. */
export type VisitObject = {kind: string; id: string; status?: string; operationId: string};

/** What the visit holds for one API: the objects in the order they appeared, and the secret to send. */
export type Visit = {objects: VisitObject[]; bearer?: string};

/** The credentials the console sends with Basic authentication: the example key id the files give, any secret. */
export const consoleKey = {id: 'key_test_8HqT2mVx4LcR9pWn3sYb6KdA', secret: 'console-secret'};

/** A bearer secret when the visit has none yet (the sandbox refuses it, as the API refuses an unknown secret). */
export const placeholderBearer = 'tsec_test_get_one_from_post_v3_auth_secret';

const singular = (word: string) => word.replace(/ies$/, 'y').replace(/(?<=[^s])s$/, '');
const camel = (word: string) => word.replace(/[-_]+([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** `sessions` → `session`, `hosted-pages` → `hostedPage`. */
export const kindOfSegment = (segment: string) => camel(singular(segment.toLowerCase()));

/**
 * The kind of object a path parameter names: `sessionId` → `session`; a bare `{id}` names the
 * object of the literal segment before it (`/orders/{id}` → `order`).
 */
export function kindOfParameter(name: string, template: string): string | undefined {
  const named = /^(.+?)_?(?:Id|ID|_id)$/.exec(name);
  if (named) return camel(named[1]!.charAt(0).toLowerCase() + named[1]!.slice(1));
  if (name !== 'id') return undefined;
  const segments = template.split('/');
  const index = segments.indexOf(`{${name}}`);
  const before = segments[index - 1];
  return before && !before.startsWith('{') ? kindOfSegment(before) : undefined;
}

/** The path with `{name}`s replaced by their values, each encoded as a path segment. */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) => (name in values ? encodeURIComponent(values[name]!) : whole));
}

/** The latest id of a kind the visit has seen. */
function latestId(visit: Visit, kind: string): string | undefined {
  for (let index = visit.objects.length - 1; index >= 0; index -= 1)
    if (visit.objects[index]!.kind === kind) return visit.objects[index]!.id;
  return undefined;
}

/** A version 4 UUID from the given randomness (the worker passes crypto's), for a fresh Idempotency-Key. */
export function uuidFrom(bytes: Uint8Array): string {
  const copy = Uint8Array.from(bytes.slice(0, 16));
  copy[6] = (copy[6]! & 0x0f) | 0x40;
  copy[8] = (copy[8]! & 0x3f) | 0x80;
  const hex = Array.from(copy, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/**
 * The request the console opens with: the page's example, its path filled with the objects the
 * visit made (the session created two pages ago), the visit's secret, a fresh Idempotency-Key.
 */
export function startRequest(
  operation: ConsoleOperation,
  visit: Visit,
  options: {example?: number; idempotencyKey: string},
): ConsoleRequest {
  const values: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') {
      const kind = kindOfParameter(parameter.name, operation.template);
      values[parameter.name] = (kind ? latestId(visit, kind) : undefined) ?? parameter.value;
    } else if (parameter.name.toLowerCase() === 'idempotency-key') {
      headers[parameter.name] = options.idempotencyKey;
    } else if (parameter.required || parameter.value) {
      headers[parameter.name] = parameter.value;
    }
  }
  if (operation.auth === 'basic') headers.Authorization = `Basic ${base64(`${consoleKey.id}:${consoleKey.secret}`)}`;
  if (operation.auth === 'bearer') headers.Authorization = `Bearer ${visit.bearer ?? placeholderBearer}`;
  // An added API's key in a header (Adyen's X-API-Key): any value, its simulator checks none.
  for (const key of [operation.sample.auth, ...(operation.sample.additionalKeys ?? [])])
    if (key.type === 'apiKey' && key.in === 'header') headers[key.name] = 'sandbox-console-key';
  const example = operation.examples[options.example ?? 0];
  if (example) headers['Content-Type'] = operation.sample.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return {
    method: operation.method,
    path: `${fillPath(operation.template, values)}${operation.query}`,
    headers,
    body: example ? JSON.stringify(example.body, null, 2) : '',
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/**
 * The objects an answer names: the body's own `id` (of the kind of the path parameter it equals,
 * else of the last plural segment: `POST /v3/sessions` → a session), every `…Id` member
 * (`orderId` → an order), and the members of arrays of objects with ids (`captures` → captures).
 */
export function objectsOf(operation: Pick<ConsoleOperation, 'template' | 'operationId'>, path: string, body: unknown): VisitObject[] {
  if (!isRecord(body)) return [];
  const found: VisitObject[] = [];
  const add = (kind: string | undefined, id: unknown, status?: unknown) => {
    if (!kind || typeof id !== 'string' || !id) return;
    found.push({kind, id, ...(typeof status === 'string' ? {status} : {}), operationId: operation.operationId});
  };
  const segments = operation.template.split('/');
  const sent = path.split('?')[0]!.split('/');
  const parameterOf = segments.findIndex((segment, index) => segment.startsWith('{') && decodeURIComponent(sent[index] ?? '') === body.id);
  const ownKind =
    parameterOf >= 0
      ? kindOfParameter(segments[parameterOf]!.slice(1, -1), operation.template)
      : [...segments].reverse().find((segment) => !segment.startsWith('{') && /s$/.test(segment));
  add(parameterOf >= 0 ? ownKind : ownKind && kindOfSegment(ownKind), body.id, body.status);
  for (const [key, value] of Object.entries(body)) {
    if (key !== 'id' && typeof value === 'string') add(kindOfParameter(key, ''), value);
    if (Array.isArray(value)) for (const item of value) if (isRecord(item)) add(kindOfSegment(key), item.id, item.status);
  }
  return found;
}

/** Adds an answer's objects to the visit: a known id moves to the end with its new status. */
export function remember(visit: Visit, objects: VisitObject[]): void {
  for (const object of objects) {
    const index = visit.objects.findIndex((known) => known.kind === object.kind && known.id === object.id);
    if (index >= 0) {
      const known = visit.objects.splice(index, 1)[0]!;
      visit.objects.push({...known, ...(object.status ? {status: object.status} : {})});
    } else visit.objects.push(object);
  }
}

/** The secret a 2xx answer of a Basic-authenticated operation gives, to send as Bearer afterwards. */
export function bearerOf(operation: Pick<ConsoleOperation, 'auth'>, status: number, body: unknown): string | undefined {
  if (operation.auth !== 'basic' || status < 200 || status >= 300 || !isRecord(body)) return undefined;
  const secret = body.secret ?? body.accessToken ?? body.access_token ?? body.token;
  return typeof secret === 'string' ? secret : undefined;
}

/** The Idempotency-Key the request sends, if any. */
export const idempotencyKeyOf = (request: Pick<ConsoleRequest, 'headers'>): string | undefined =>
  header(request.headers, 'Idempotency-Key');

/** A key every language's string literal holds as written: the files' own pattern for Idempotency-Key. */
const literalKey = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The request model of the page's samples with the reader's edit: the path and query as edited,
 * and the body as edited while it is JSON (the last JSON body otherwise, so a sample never shows
 * half a literal), an Idempotency-Key sent only when the edit keeps one: a fresh one per run
 * while it is the key the console made (`freshKey`), the reader's own key as written once they
 * typed one, so that the copied sample replays what they tried.
 */
export function editedSample(
  operation: ConsoleOperation,
  request: ConsoleRequest,
  fallbackBody: unknown,
  freshKey?: string,
): SampleRequest {
  let body: unknown = fallbackBody;
  if (request.body.trim() === '') body = undefined;
  else
    try {
      body = JSON.parse(request.body);
    } catch {
      // Keeps the last body that parsed.
    }
  const key = idempotencyKeyOf(request);
  const keepsKey = operation.sample.idempotencyKey && key !== undefined;
  const tried = keepsKey && key !== freshKey && literalKey.test(key) ? key : undefined;
  return {
    ...operation.sample,
    url: `${operation.baseUrl}${request.path}`,
    idempotencyKey: keepsKey,
    ...(tried ? {triedIdempotencyKey: tried} : {}),
    // A form's fields are edited as JSON; the samples send them as the form they are.
    body,
    bodyType: operation.sample.bodyType === 'form' ? 'form' : 'json',
  };
}

/**
 * The request of a guide's step (`POST /v3/orders/7b2e…/captures` and its JSON): each id of its
 * path is the visit's latest object of that kind, so the walk goes on with what the reader made
 * (the guide's own ids exist in no sandbox); what else the guide wrote stays as written.
 */
export function stepRequest(
  operation: ConsoleOperation,
  visit: Visit,
  step: {title: string; body?: unknown; idempotencyKey: string},
): ConsoleRequest {
  const start = startRequest(operation, visit, {idempotencyKey: step.idempotencyKey});
  const writtenPath = /^\w+ (\S+)$/.exec(step.title.trim())?.[1] ?? '';
  const written = writtenPath.split('?')[0]!.split('/');
  const started = start.path.split('?')[0]!.split('/');
  const segments = operation.template.split('/').map((segment, index) => {
    if (!segment.startsWith('{')) return segment;
    const kind = kindOfParameter(segment.slice(1, -1), operation.template);
    const made = kind ? latestId(visit, kind) : undefined;
    const fromGuide = written[index];
    return made !== undefined
      ? encodeURIComponent(made)
      : fromGuide && !fromGuide.startsWith('{') && !fromGuide.includes('…')
        ? fromGuide
        : started[index]!;
  });
  const query = writtenPath.includes('?') ? writtenPath.slice(writtenPath.indexOf('?')) : operation.query;
  const body = step.body === undefined ? start.body : JSON.stringify(step.body, null, 2);
  return {
    ...start,
    path: `${segments.join('/')}${query}`,
    headers: body && !start.headers['Content-Type'] ? {...start.headers, 'Content-Type': 'application/json'} : start.headers,
    body,
  };
}
