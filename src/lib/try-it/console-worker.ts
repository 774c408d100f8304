/**
 * What the "Try it" console's worker answers (./worker.ts runs it): the sandbox simulator in the
 * reader's browser, one for the whole visit, in memory only. Tessera's files share one stateful
 * sandbox; an added API's file is answered statelessly. Each API's file and its validators,
 * compiled at build time because the site's CSP forbids eval, are loaded when first asked for.
 */
import type {ValidateFunction} from 'ajv/dist/2020';
import type {JsonObject} from '../openapi/refs';
import {codeSamples} from '../sample-languages';
import {header, type SandboxRequest, type SandboxResponse} from '../sandbox/http';
import {OpenApiRoutes, type RouteMatch} from '../sandbox/routes';
import {StatelessSimulator, TesseraSandbox} from '../sandbox/sandbox';
import {mappedVariant, RequestValidator, usePrecompiledValidators} from '../sandbox/validation';
import {apiOfRoute, type ConsoleApi} from './apis';
import {operationFileName} from './operation-files';
import type {ConsoleOperation} from './operations';
import type {ConsoleAnswer, PreparedOperation, RequestIssue, TryItWorker} from './protocol';
import {bearerOf, editedSample, objectsOf, remember, startRequest, stepRequest, uuidFrom, type ConsoleRequest, type Visit} from './request';

/** What each API's module (/assets/try-it/api-<id>.<hash>.mjs) exports. */
export type ApiModule = {document: JsonObject; validators: Record<string, ValidateFunction>; operations: ConsoleOperation[]};

type LoadedApi = {
  entry: ConsoleApi;
  document: JsonObject;
  operations: Map<string, ConsoleOperation>;
  routes: OpenApiRoutes;
  validator: RequestValidator;
};

/** When a secret the answer gave expires (V3's `expiresAt`, V1's `expires_at`), in the sandbox's time. */
function expiryOf(body: unknown): number | undefined {
  const {expiresAt, expires_at: expiresAtV1} = (body ?? {}) as {expiresAt?: unknown; expires_at?: unknown};
  const at = expiresAt ?? expiresAtV1;
  return typeof at === 'string' ? Date.parse(at) : undefined;
}

/**
 * The worker's answers over the given APIs; `importModule` loads an API's module, or one operation's
 * of an API with `perOperation` (the worker imports it from beside itself, a unit test from
 * static/assets/try-it).
 */
export function tryItWorker(
  apis: ConsoleApi[],
  importModule: (entry: ConsoleApi, operationFile?: string) => Promise<ApiModule>,
): TryItWorker {
  const loaded = new Map<string, Promise<LoadedApi>>();
  // An operation prepared from a per-operation API, by `api operationId`: the module it came from.
  const preparedModules = new Map<string, Promise<LoadedApi>>();

  function load(entry: ConsoleApi, operationFile?: string): Promise<LoadedApi> {
    const key = operationFile ? `${entry.id}/${operationFile}` : entry.id;
    let api = loaded.get(key);
    if (!api) {
      api = importModule(entry, operationFile).then((module) => {
        usePrecompiledValidators(module.document, module.validators);
        return {
          entry,
          document: module.document,
          operations: new Map(module.operations.map((operation) => [operation.operationId, operation])),
          routes: new OpenApiRoutes(module.document),
          validator: RequestValidator.of(module.document),
        };
      });
      loaded.set(key, api);
    }
    return api;
  }

  /** The module an operation of an API answers from: the API's, or the one its page prepared. */
  function loadFor(apiId: string, operationId: string): Promise<LoadedApi> {
    const entry = apiById(apiId);
    if (!entry.perOperation) return load(entry);
    const prepared = preparedModules.get(`${apiId} ${operationId}`);
    if (!prepared) throw new Error(`${operationId} of ${apiId} was not prepared`);
    return prepared;
  }

  function apiById(id: string): ConsoleApi {
    const entry = apis.find((api) => api.id === id);
    if (!entry) throw new Error(`the console knows no API ${id}`);
    return entry;
  }

  // --- the visit ---------------------------------------------------------------------------

  let tessera: Promise<TesseraSandbox> | undefined;
  const visits = new Map<string, Visit & {bearerExpiresMs?: number}>();
  const lastBodies = new Map<string, unknown>();

  function visitOf(api: string) {
    let visit = visits.get(api);
    if (!visit) {
      visit = {objects: []};
      visits.set(api, visit);
    }
    return visit;
  }

  /**
   * The visit's Tessera sandbox. V3 and V1 share it (one clock, one account), but V1's module, a
   * third of what the console loads, is fetched only once a V1 request needs it.
   */
  async function tesseraSandbox(withV1 = false): Promise<TesseraSandbox> {
    tessera ??= load(apis.find((api) => api.simulator === 'tessera-v3')!).then((v3) => new TesseraSandbox({v3: v3.document}));
    const sandbox = await tessera;
    if (withV1) sandbox.addV1((await load(apis.find((api) => api.simulator === 'tessera-v1')!)).document);
    return sandbox;
  }

  const freshKey = () => uuidFrom(crypto.getRandomValues(new Uint8Array(16)));

  // --- answering -------------------------------------------------------------------------------

  function json(status: number, body: unknown, type = 'application/json'): SandboxResponse {
    return {status, headers: {'Content-Type': type}, body: JSON.stringify(body)};
  }

  /** An added API's answer: its schemas checked, then its first documented success example. */
  function statelessAnswer(api: LoadedApi, request: SandboxRequest): SandboxResponse {
    const simulator = new StatelessSimulator(api.document);
    const pathname = new URL(request.path, 'http://console.invalid').pathname;
    const match = simulator.match(request.method, pathname);
    if (!match || 'methods' in match)
      return json(
        404,
        {title: 'Not found', detail: `The file has no operation ${request.method} ${pathname}.`},
        'application/problem+json',
      );
    const issues = issuesOf(api, match, request);
    if (issues.length)
      return json(400, {title: 'The request breaks the schema of this operation', errors: issues}, 'application/problem+json');
    const {status, body} = simulator.example(match);
    return body === undefined ? {status, headers: {}, body: ''} : json(status, body);
  }

  function issuesOf(api: LoadedApi, match: RouteMatch, request: SandboxRequest): RequestIssue[] {
    const issues: RequestIssue[] = [];
    for (const parameter of match.route.parameters) {
      const name = String(parameter.name);
      const schema = (parameter.schema ?? {}) as JsonObject;
      const value =
        parameter.in === 'path' ? match.pathParameters[name] : parameter.in === 'header' ? header(request.headers, name) : undefined;
      if (parameter.in !== 'path' && parameter.in !== 'header') continue;
      if (value === undefined || value === '') {
        if (parameter.required === true)
          issues.push({
            pointer: `${parameter.in}:${name}`,
            code: 'required',
            detail: `Required: send the ${name} ${parameter.in === 'path' ? 'segment' : 'header'}.`,
          });
        continue;
      }
      for (const found of api.validator.validateParameter(schema, value)) issues.push({...found, pointer: `${parameter.in}:${name}`});
    }
    // A form's fields are edited as JSON and checked as such; the samples send them form-encoded.
    const {requestBody} = match.route;
    const pointer = match.route.jsonBodyPointer ?? match.route.formBodyPointer;
    if (!requestBody) return issues;
    const raw = request.body ?? '';
    if (raw.trim() === '') {
      if (requestBody.required === true)
        issues.push({pointer: '/', code: 'required', detail: 'Required: this operation takes a JSON body.'});
      return issues;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch (error) {
      issues.push({pointer: '/', code: 'invalid_json', detail: `Not JSON: ${(error as Error).message}.`});
      return issues;
    }
    if (!pointer) return issues;
    issues.push(...api.validator.validate(mappedVariant(api.document, pointer, body) ?? pointer, body));
    return issues;
  }

  async function answer(
    api: LoadedApi,
    request: SandboxRequest,
  ): Promise<{response: SandboxResponse; notifications: ConsoleAnswer['notifications']}> {
    if (api.entry.simulator === 'stateless') return {response: statelessAnswer(api, request), notifications: []};
    const sandbox = await tesseraSandbox(api.entry.simulator === 'tessera-v1');
    const result = await sandbox.handle(request);
    const notifications = await Promise.all(
      result.notifications.map(async (notification) => ({
        id: notification.id,
        type: notification.type,
        url: notification.url,
        signature: await sandbox.outbox.sign(notification),
        body: notification.body,
      })),
    );
    return {response: result.response, notifications};
  }

  function operationOf(api: LoadedApi, operationId: string): ConsoleOperation {
    const operation = api.operations.get(operationId);
    if (!operation) throw new Error(`${api.entry.id} has no operation ${operationId}`);
    return operation;
  }

  /** Gets the visit a secret the first time an operation needs one, as a reader's backend would. */
  async function ensureBearer(api: LoadedApi): Promise<void> {
    const visit = visitOf(api.entry.id);
    const now = api.entry.simulator === 'stateless' ? 0 : (await tesseraSandbox()).clock.now();
    if (visit.bearer && (visit.bearerExpiresMs === undefined || visit.bearerExpiresMs - 30_000 > now)) return;
    const issuer = [...api.operations.values()].find((operation) => operation.auth === 'basic');
    if (!issuer) return;
    const request = startRequest(issuer, visit, {idempotencyKey: freshKey()});
    const {response} = await answer(api, request);
    const body = parse(response.body);
    const secret = bearerOf(issuer, response.status, body);
    if (!secret) return;
    visit.bearer = secret;
    visit.bearerExpiresMs = expiryOf(body);
  }

  function parse(text: string): unknown {
    try {
      return text ? JSON.parse(text) : undefined;
    } catch {
      return undefined;
    }
  }

  function describe(entry: ConsoleApi, operation: ConsoleOperation): Omit<PreparedOperation, 'request'> {
    return {
      api: entry.id,
      operationId: operation.operationId,
      method: operation.method,
      template: operation.template,
      parameters: operation.parameters,
      examples: operation.examples.map(({body: _body, ...rest}) => rest),
      bodyType: operation.sample.bodyType === 'form' ? 'form' : 'json',
      stateful: entry.simulator !== 'stateless',
    };
  }

  const worker: TryItWorker = {
    async prepare(route, method, template, example = 0): Promise<PreparedOperation | undefined> {
      const entry = apiOfRoute(apis, route);
      if (!entry) return undefined;
      const module = entry.perOperation ? load(entry, operationFileName(method, template)) : load(entry);
      // An operation the API does not have has no module: no console.
      const api = await module.catch((error: unknown) => {
        if (entry.perOperation) return undefined;
        throw error;
      });
      const operation = [...(api?.operations.values() ?? [])].find(
        (candidate) => candidate.method === method.toUpperCase() && candidate.template === template,
      );
      if (!api || !operation) return undefined;
      if (entry.perOperation) preparedModules.set(`${entry.id} ${operation.operationId}`, module);
      if (operation.auth === 'bearer') await ensureBearer(api);
      return {...describe(entry, operation), request: startRequest(operation, visitOf(entry.id), {example, idempotencyKey: freshKey()})};
    },

    async prepareStep(route, operationId, title, body): Promise<PreparedOperation | undefined> {
      // A guide belongs to its docs version: the Tessera file of that version answers it.
      const entry = apis.find((api) => api.simulator !== 'stateless' && route.startsWith(api.routePrefix.replace(/api\/$/, '')));
      if (!entry) return undefined;
      const api = await load(entry);
      const operation = api.operations.get(operationId);
      if (!operation) return undefined;
      if (operation.auth === 'bearer') await ensureBearer(api);
      return {
        ...describe(entry, operation),
        request: stepRequest(operation, visitOf(entry.id), {title, body, idempotencyKey: freshKey()}),
      };
    },

    async check(apiId, operationId, request) {
      const api = await loadFor(apiId, operationId);
      operationOf(api, operationId);
      const pathname = new URL(request.path, 'http://console.invalid').pathname;
      const match = api.routes.match(request.method, pathname);
      if (!match || 'methods' in match)
        return [{pointer: 'path', code: 'no_operation', detail: `The file has no operation ${request.method} ${pathname}.`}];
      return issuesOf(api, match, request);
    },

    async send(apiId, operationId, request) {
      const api = await loadFor(apiId, operationId);
      const operation = operationOf(api, operationId);
      const {response, notifications} = await answer(api, request);
      const visit = visitOf(apiId);
      const body = parse(response.body);
      // An added API's answers are its examples, the same on every call: no object of the visit
      // comes from them (GitHub's GPG key example has a `key_id` that is no SSH key's id).
      if (response.status >= 200 && response.status < 300 && api.entry.simulator !== 'stateless') {
        remember(visit, objectsOf(operation, request.path, body));
        const secret = bearerOf(operation, response.status, body);
        if (secret) {
          visit.bearer = secret;
          visit.bearerExpiresMs = expiryOf(body);
        }
      }
      return {...response, notifications, objects: [...visit.objects]};
    },

    async samples(apiId, operationId, request: ConsoleRequest, freshKey?: string) {
      const api = await loadFor(apiId, operationId);
      const operation = operationOf(api, operationId);
      const key = `${apiId} ${operationId}`;
      const sample = editedSample(operation, request, lastBodies.has(key) ? lastBodies.get(key) : operation.sample.body, freshKey);
      lastBodies.set(key, sample.body);
      return codeSamples(sample);
    },

    async objects(apiId) {
      return [...visitOf(apiId).objects];
    },

    async reset() {
      tessera = undefined;
      visits.clear();
      lastBodies.clear();
    },
  };

  return worker;
}
