/**
 * The Tessera sandbox: one simulator of the API, V3 with state and V1 with its documented examples,
 * that answers requests as the OpenAPI files say the sandbox does. No DOM and no Node module, so
 * the local sandbox (scripts/sandbox) and a browser worker run the same code.
 *
 * Every request goes through the same steps as the files describe them: route, fault injection,
 * authentication (Basic with a `key_test_` key for a secret, Bearer with the secret elsewhere),
 * rate limits, parameters and body against the operation's schemas (`400`, never stored),
 * idempotency (stored for the file's retention, replayed with `Tessera-Idempotent-Replayed`),
 * then the operation itself (src/lib/sandbox/tessera-v3.ts), whose notifications are signed and
 * delivered by the outbox.
 */
import {resolveRef, type JsonObject} from '../openapi/refs';
import {isoSeconds, SandboxClock} from './clock';
import {FaultInjector, type FaultRule} from './faults';
import {header, type SandboxRequest, type SandboxResponse} from './http';
import {randomAlphanumeric, requestId, uuid} from './ids';
import {NotificationOutbox, type DeliveryLog, type DeliveryRules, type Notification, type Transport} from './notifications';
import {ApiProblem, ProblemCatalogue, validationFailed} from './problems';
import {OpenApiRoutes, type RouteMatch} from './routes';
import {readV3Facts, V3Account, type Call, type HandlerResult, type V3Facts} from './tessera-v3';
import {mappedVariant, RequestValidator, type ValidationIssue} from './validation';

export type SandboxOptions = {
  /** The V3 OpenAPI document, parsed. */
  v3: JsonObject;
  /** The V1 OpenAPI document, parsed: answered statelessly with its examples. */
  v1?: JsonObject;
  clock?: SandboxClock;
  /** Signs every notification; defaults to the test secret the file publishes (`x-tessera-test-vector`). */
  webhookSecret?: string;
  /** Where every notification goes, whatever URL the request named. */
  notifyUrl?: string;
  transport?: Transport;
  onDelivery?: DeliveryLog;
  faults?: FaultRule[];
  random?: () => number;
  /** Off for benchmarks that send more than the sandbox's requests per second on purpose. */
  rateLimits?: boolean;
  /** Waits as the `slow` fault does; the host's timer (setTimeout), injectable for tests. */
  sleep?: (milliseconds: number) => Promise<void>;
};

/** What a request did: the answer, the notifications it caused, and a fault the host must play (timeout, drop). */
export type SandboxResult = {response: SandboxResponse; notifications: Notification[]; fault?: FaultRule};

type StoredResponse = {
  fingerprint: string;
  operationId: string;
  storedMs: number;
  response?: SandboxResponse;
  notifications: Notification[];
};

type Account = {
  keyId: string;
  v3: V3Account;
  idempotency: Map<string, StoredResponse>;
  requestsThisSecond: {second: number; count: number};
};

type Secret = {keyId: string; expiresMs: number};

/** A sandbox key id: `key_test_` and 24 letters and digits (the file's `keyId` pattern). */
export const sandboxKeyId = /^key_test_[A-Za-z0-9]{24}$/;

/** JSON with sorted keys, so that two bodies that differ only in layout are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as JsonObject)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The Basic credentials of an `Authorization` header, decoded without Node's Buffer. */
function basicCredentials(authorization: string): [string, string] | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization);
  if (!match) return undefined;
  let decoded: string;
  try {
    decoded = new TextDecoder().decode(Uint8Array.from(atob(match[1]!), (character) => character.charCodeAt(0)));
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

/** The sandbox test data's API keys whose secrets are refused (`permission_denied`, `account_restricted`). */
function restrictedKeys(facts: V3Facts): Map<string, string> {
  const keys = new Map<string, string>();
  for (const value of facts.testValues.filter((found) => found.category === 'api_key')) {
    const code = value.results.find((result) => typeof result.errorCode === 'string')?.errorCode;
    if (typeof code === 'string') keys.set(value.value, code);
  }
  return keys;
}

/** Answers a V1 request with the file's documented example: validation as the file states it, no state. */
export class StatelessSimulator {
  private readonly routes: OpenApiRoutes;
  private readonly validator: RequestValidator;
  readonly problems: ProblemCatalogue;

  constructor(readonly document: JsonObject) {
    this.routes = new OpenApiRoutes(document);
    this.validator = RequestValidator.of(document);
    this.problems = new ProblemCatalogue(document);
  }

  match(method: string, pathname: string) {
    return this.routes.match(method, pathname);
  }

  validateBody(match: RouteMatch, value: unknown): ValidationIssue[] {
    return this.validator.validate(`${match.route.pointer}/requestBody/content/application~1json/schema`, value);
  }

  /** The first success response the operation documents, with its first example. */
  example(match: RouteMatch): HandlerResult {
    const responses = (match.route.operation.responses ?? {}) as Record<string, JsonObject>;
    const [status, reference] = Object.entries(responses).find(([code]) => code.startsWith('2')) ?? ['200', {}];
    const media = ((resolveRef(this.document, reference).content ?? {}) as Record<string, JsonObject>)['application/json'];
    const first = Object.values((media?.examples ?? {}) as Record<string, JsonObject>)[0];
    const example = media?.example ?? (first ? resolveRef(this.document, first).value : undefined);
    return {status: Number(status), body: example};
  }
}

export class TesseraSandbox {
  readonly clock: SandboxClock;
  readonly outbox: NotificationOutbox;
  readonly facts: V3Facts;
  readonly problems: ProblemCatalogue;
  readonly faults: FaultInjector;
  private readonly routes: OpenApiRoutes;
  private readonly validator: RequestValidator;
  private readonly v1?: StatelessSimulator;
  private readonly accounts = new Map<string, Account>();
  private readonly secrets = new Map<string, Secret>();
  private readonly secretCalls = new Map<string, number[]>();
  private readonly restricted: Map<string, string>;
  private readonly webhookSecrets: string[];

  /** Where every notification goes, whatever URL the request named (`--notify`); changeable while it runs. */
  notifyUrl: string | undefined;

  constructor(private readonly options: SandboxOptions) {
    this.notifyUrl = options.notifyUrl;
    this.clock = options.clock ?? new SandboxClock();
    this.facts = readV3Facts(options.v3);
    this.problems = new ProblemCatalogue(options.v3);
    this.routes = new OpenApiRoutes(options.v3);
    this.validator = RequestValidator.of(options.v3);
    this.v1 = options.v1 ? new StatelessSimulator(options.v1) : undefined;
    this.faults = new FaultInjector(options.faults ?? [], options.random);
    this.restricted = restrictedKeys(this.facts);
    this.webhookSecrets = [options.webhookSecret ?? publishedTestVector(options.v3).secret];
    const delivery = ((options.v3.components as JsonObject).responses as Record<string, JsonObject>).NotificationAccepted![
      'x-tessera-delivery'
    ] as DeliveryRules;
    this.outbox = new NotificationOutbox(this.clock, delivery, () => this.webhookSecrets, options.transport, options.onDelivery);
  }

  /** The secret that signs notifications now. */
  get webhookSecret(): string {
    return this.webhookSecrets[0]!;
  }

  /** Plays what has fallen due on the clock in every account, then delivers due notifications. */
  async tick(): Promise<void> {
    const now = this.clock.now();
    for (const account of this.accounts.values()) account.v3.advance(now, this.notifier([]));
    await this.outbox.deliverDue();
  }

  private notifier(caused: Notification[]): Call['notify'] {
    return (type, url, data) => {
      const id = uuid();
      const payload = {id, type, createdAt: isoSeconds(this.clock.now()), environment: 'sandbox', data};
      caused.push(this.outbox.enqueue(id, type, this.notifyUrl ?? url, payload));
    };
  }

  private account(keyId: string): Account {
    let account = this.accounts.get(keyId);
    if (!account) {
      account = {keyId, v3: new V3Account(this.facts), idempotency: new Map(), requestsThisSecond: {second: -1, count: 0}};
      this.accounts.set(keyId, account);
    }
    return account;
  }

  /** The accounts' objects, for a console that lists what a visit created. */
  objects(keyId: string): V3Account | undefined {
    return this.accounts.get(keyId)?.v3;
  }

  private respond(status: number, body: unknown, headers: Record<string, string> = {}): SandboxResponse {
    const problem = status >= 400;
    return {
      status,
      headers: {
        'Tessera-Request-Id': headers['Tessera-Request-Id'] ?? requestId(),
        ...(body === undefined ? {} : {'Content-Type': problem ? 'application/problem+json' : 'application/json'}),
        ...headers,
      },
      body: body === undefined ? '' : JSON.stringify(body),
    };
  }

  private problem(error: ApiProblem, instance: string, problems = this.problems): SandboxResponse {
    const facts = problems.of(error.code);
    const id = requestId();
    const body = {
      type: facts.type,
      title: facts.title,
      status: facts.status,
      detail: error.detail,
      instance,
      code: error.code,
      requestId: id,
      ...(error.extras.errors ? {errors: error.extras.errors} : {}),
      ...(error.extras.declineCode ? {declineCode: error.extras.declineCode} : {}),
    };
    return this.respond(facts.status, body, {'Tessera-Request-Id': id, ...error.headers});
  }

  async handle(request: SandboxRequest): Promise<SandboxResult> {
    const caused: Notification[] = [];
    const url = new URL(request.path, 'http://sandbox.invalid');
    const pathname = url.pathname;
    await this.tick();
    try {
      if (pathname.startsWith('/v1/') && this.v1) return {response: await this.handleV1(request, pathname), notifications: caused};
      const match = this.routes.match(request.method, pathname);
      if (!match || 'methods' in match)
        throw new ApiProblem('resource_not_found', `The sandbox has no operation ${request.method.toUpperCase()} ${pathname}.`);
      const fault = this.faults.pick(match.route.operationId);
      if (fault?.kind === '500')
        throw new ApiProblem(
          'internal_error',
          'An unexpected error occurred (a fault the sandbox injected). Retry the request with the same Idempotency-Key.',
        );
      if (fault?.kind === '503')
        throw new ApiProblem(
          'service_unavailable',
          'The sandbox is unavailable (a fault it injected). Retry after 1 second.',
          {},
          {'Retry-After': '1'},
        );
      if (fault?.kind === 'timeout') return {response: this.respond(504, undefined), notifications: caused, fault};
      const response = await this.execute(request, match, pathname, caused, fault);
      return {response, notifications: caused, ...(fault ? {fault} : {})};
    } catch (error) {
      if (!(error instanceof ApiProblem)) throw error;
      return {response: this.problem(error, pathname), notifications: caused};
    }
  }

  private async handleV1(request: SandboxRequest, pathname: string): Promise<SandboxResponse> {
    const v1 = this.v1!;
    const match = v1.match(request.method, pathname);
    const fail = (code: string, detail: string, extras: ApiProblem['extras'] = {}) =>
      this.problem(new ApiProblem(code, detail, extras), pathname, v1.problems);
    if (!match || 'methods' in match)
      return fail('resource_not_found', `The sandbox has no operation ${request.method.toUpperCase()} ${pathname}.`);
    if (((match.route.operation.security ?? v1.document.security ?? []) as unknown[]).length && !header(request.headers, 'authorization'))
      return fail('authentication_required', 'The request has no Authorization header.');
    if (match.route.operation.requestBody) {
      let body: unknown;
      try {
        body = request.body ? JSON.parse(request.body) : undefined;
      } catch (error) {
        return fail('invalid_request', `The body is not valid JSON: ${(error as Error).message}`);
      }
      const issues = body === undefined ? [] : v1.validateBody(match, body);
      if (issues.length) return fail('validation_failed', 'The request breaks the schema of this operation.', {errors: issues});
    }
    const {status, body} = v1.example(match);
    return this.respond(status, body);
  }

  // --- the steps ---------------------------------------------------------------------------

  private authenticate(request: SandboxRequest, match: RouteMatch): {keyId: string; basic: boolean} {
    const schemes = ((match.route.operation.security ?? []) as JsonObject[]).flatMap((requirement) => Object.keys(requirement));
    const authorization = header(request.headers, 'authorization') ?? '';
    if (schemes.includes('basicAuth')) {
      const credentials = basicCredentials(authorization);
      if (!credentials)
        throw new ApiProblem(
          'authentication_required',
          'Send the key id and key secret with HTTP Basic authentication.',
          {},
          {'WWW-Authenticate': 'Basic realm="tessera"'},
        );
      const [keyId] = credentials;
      if (keyId.startsWith('key_live_'))
        throw new ApiProblem(
          'environment_mismatch',
          'A production key (key_live_) cannot be used against the sandbox. Use a key_test_ key.',
        );
      if (!sandboxKeyId.test(keyId))
        throw new ApiProblem('invalid_credentials', 'The key id is not a sandbox key id: key_test_ and 24 letters and digits.');
      return {keyId, basic: true};
    }
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    if (!bearer)
      throw new ApiProblem(
        'authentication_required',
        'Send the secret from POST /v3/auth/secret as Authorization: Bearer.',
        {},
        {'WWW-Authenticate': 'Bearer realm="tessera"'},
      );
    if (bearer.startsWith('tsec_live_'))
      throw new ApiProblem('environment_mismatch', 'A production secret cannot be used against the sandbox.');
    const secret = this.secrets.get(bearer);
    if (!secret)
      throw new ApiProblem('invalid_credentials', 'The bearer secret is unknown to the sandbox. Generate one with POST /v3/auth/secret.');
    if (this.clock.now() >= secret.expiresMs)
      throw new ApiProblem(
        'secret_expired',
        `The bearer secret expired at ${isoSeconds(secret.expiresMs)}. Generate a new one with POST /v3/auth/secret.`,
        {},
        {'WWW-Authenticate': 'Bearer realm="tessera", error="invalid_token"'},
      );
    return {keyId: secret.keyId, basic: false};
  }

  private rateLimit(account: Account, match: RouteMatch): void {
    if (this.options.rateLimits === false) return;
    const now = this.clock.now();
    if (match.route.operationId === 'generateASecret') {
      const limit = this.facts.limits.secretRequestsPerMinute;
      const calls = (this.secretCalls.get(account.keyId) ?? []).filter((at) => now - at < 60_000);
      this.secretCalls.set(account.keyId, calls);
      if (calls.length >= limit) {
        const reset = Math.max(1, Math.ceil((calls[0]! + 60_000 - now) / 1000));
        throw this.rateLimited(limit, reset, `More than ${limit} requests per minute to POST /v3/auth/secret with this API key.`);
      }
      calls.push(now);
      return;
    }
    const second = Math.floor(now / 1000);
    const window = account.requestsThisSecond;
    if (window.second !== second) Object.assign(window, {second, count: 0});
    window.count += 1;
    const limit = this.facts.limits.sandboxRequestsPerSecond;
    if (window.count > limit)
      throw this.rateLimited(limit, 1, `More than ${limit} requests per second for this merchant account in the sandbox.`);
  }

  private rateLimited(limit: number, reset: number, detail: string): ApiProblem {
    return new ApiProblem(
      'rate_limit_exceeded',
      detail,
      {},
      {
        'Retry-After': String(reset),
        'RateLimit-Limit': String(limit),
        'RateLimit-Remaining': '0',
        'RateLimit-Reset': String(reset),
      },
    );
  }

  private checkParameters(request: SandboxRequest, match: RouteMatch): void {
    const issues: ValidationIssue[] = [];
    for (const parameter of match.route.parameters) {
      const name = String(parameter.name);
      const schema = (parameter.schema ?? {}) as JsonObject;
      if (parameter.in === 'path') {
        if (this.validator.validateSchema(schema, match.pathParameters[name]).length)
          throw new ApiProblem('resource_not_found', `No object with id ${match.pathParameters[name]}: ids are lowercase UUIDs.`);
      } else if (parameter.in === 'header') {
        const value = header(request.headers, name);
        if (value === undefined) {
          if (parameter.required === true)
            issues.push({pointer: `header:${name}`, code: 'required', detail: `Required: send the ${name} header.`});
        } else if (this.validator.validateSchema(schema, value).length) {
          throw new ApiProblem('invalid_request', `The ${name} header is malformed: 1–64 characters from A-Z a-z 0-9 _ -.`);
        }
      }
    }
    if (issues.length) throw validationFailed({errors: issues});
  }

  private parseBody(request: SandboxRequest, match: RouteMatch): JsonObject | undefined {
    const requestBody = match.route.operation.requestBody as JsonObject | undefined;
    const raw = request.body ?? '';
    if (!requestBody) return undefined;
    if (raw.trim() === '') {
      if (requestBody.required === true)
        throw validationFailed({
          errors: [{pointer: '/', code: 'required', detail: 'Required: this operation takes a JSON body.'}],
        });
      return undefined;
    }
    const contentType = header(request.headers, 'content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(contentType))
      throw new ApiProblem(
        'invalid_request',
        `The Content-Type is ${contentType ? `"${contentType}"` : 'missing'}; send application/json.`,
      );
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch (error) {
      throw new ApiProblem('invalid_request', `The body is not valid JSON: ${(error as Error).message}.`);
    }
    const pointer = `${match.route.pointer}/requestBody/content/application~1json/schema`;
    const issues = this.validator.validate(mappedVariant(this.options.v3, pointer, body) ?? pointer, body);
    if (issues.length) throw validationFailed({errors: issues});
    return body as JsonObject;
  }

  private async execute(
    request: SandboxRequest,
    match: RouteMatch,
    pathname: string,
    caused: Notification[],
    fault?: FaultRule,
  ): Promise<SandboxResponse> {
    const {keyId, basic} = this.authenticate(request, match);
    const account = this.account(keyId);
    this.rateLimit(account, match);
    // The sandbox test data's keys that are refused: their secrets are issued, every other call fails.
    const refusal = basic ? undefined : this.restricted.get(keyId);
    if (refusal === 'permission_denied') throw new ApiProblem(refusal, `This API key has no permission for ${match.route.operationId}.`);
    if (refusal) throw new ApiProblem(refusal, 'The merchant account of this API key is restricted; the sandbox accepts no calls for it.');
    this.checkParameters(request, match);
    const body = this.parseBody(request, match);
    const operationId = match.route.operationId;
    const takesKey = match.route.parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
    const key = takesKey ? header(request.headers, 'idempotency-key') : undefined;
    const now = this.clock.now();
    if (key !== undefined) {
      const fingerprint = `${operationId} ${pathname} ${canonical(body ?? null)}`;
      const stored = account.idempotency.get(key);
      if (stored && now - stored.storedMs < this.facts.limits.idempotencyKeyRetentionSeconds * 1000) {
        if (stored.fingerprint !== fingerprint)
          throw new ApiProblem(
            'idempotency_key_reused',
            `The Idempotency-Key ${key} was used within 24 hours with a different body or for another operation.`,
          );
        if (!stored.response)
          throw new ApiProblem('idempotency_request_in_progress', `A request with the Idempotency-Key ${key} is still being processed.`);
        return {
          ...stored.response,
          headers: {...stored.response.headers, 'Tessera-Request-Id': requestId(), 'Tessera-Idempotent-Replayed': 'true'},
        };
      }
      const entry: StoredResponse = {fingerprint, operationId, storedMs: now, notifications: []};
      account.idempotency.set(key, entry);
      try {
        const response = await this.run(operationId, match, body, keyId, account, caused, fault);
        entry.response = response;
        return response;
      } catch (error) {
        if (error instanceof ApiProblem && this.problems.of(error.code).status !== 400) {
          entry.response = this.problem(error, pathname);
          return entry.response;
        }
        account.idempotency.delete(key);
        throw error;
      }
    }
    return this.run(operationId, match, body, keyId, account, caused, fault);
  }

  private async run(
    operationId: string,
    match: RouteMatch,
    body: JsonObject | undefined,
    keyId: string,
    account: Account,
    caused: Notification[],
    fault?: FaultRule,
  ): Promise<SandboxResponse> {
    if (fault?.kind === 'slow')
      await (this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))))((fault.seconds ?? 2) * 1000);
    const call: Call = {operationId, path: match.pathParameters, body, now: this.clock.now(), notify: this.notifier(caused)};
    const result = this.dispatch(operationId, call, keyId, account);
    return this.respond(result.status, result.body);
  }

  private dispatch(operationId: string, call: Call, keyId: string, account: Account): HandlerResult {
    switch (operationId) {
      case 'generateASecret': {
        const {minimum, maximum, default: fallback} = this.facts.secretLifetime;
        const expiresIn = Math.min(maximum, Math.max(minimum, Number(call.body?.expiresIn ?? fallback)));
        const secret = `tsec_test_${randomAlphanumeric(40)}`;
        const expiresMs = call.now + expiresIn * 1000;
        this.secrets.set(secret, {keyId, expiresMs});
        return {
          status: 201,
          body: {secret, tokenType: 'Bearer', expiresIn, expiresAt: isoSeconds(expiresMs), keyId, environment: 'sandbox'},
        };
      }
      case 'advanceSandboxClock': {
        this.clock.advance(Number(call.body!.advanceSeconds));
        const now = this.clock.now();
        for (const each of this.accounts.values()) each.v3.advance(now, call.notify);
        return {status: 200, body: {now: isoSeconds(now)}};
      }
      default: {
        const handler = (account.v3 as unknown as Record<string, ((call: Call) => HandlerResult) | undefined>)[operationId];
        if (typeof handler !== 'function') throw new Error(`the sandbox has no handler for ${operationId}`);
        return handler.call(account.v3, call);
      }
    }
  }
}

export type TestVector = {secret: string; timestamp: number; body: string; header: string};

/** The signature test vector the V3 file publishes on its `Tessera-Signature` parameter. */
export function publishedTestVector(v3: JsonObject): TestVector {
  const parameter = ((v3.components as JsonObject).parameters as Record<string, JsonObject>).TesseraSignature;
  const vector = parameter?.['x-tessera-test-vector'] as TestVector | undefined;
  if (!vector) throw new Error('the V3 file publishes no x-tessera-test-vector on its TesseraSignature parameter');
  return vector;
}
