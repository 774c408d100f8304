/**
 * The Tessera sandbox: one simulator of the API, V3 and V1, each with state, that answers requests
 * as the OpenAPI files say the sandbox does. No DOM and no Node module, so the local sandbox
 * (scripts/sandbox) and a browser worker run the same code.
 *
 * Every request goes through the same steps as its version's file describes them: route, fault
 * injection, authentication (V3: Basic with a `key_test_` key for a secret, Bearer with the secret
 * elsewhere; V1: Basic for its three token operations, Bearer with a merchant, session or signup
 * token elsewhere), rate limits, parameters and body against the operation's schemas (`400`,
 * never stored), idempotency (stored for the file's retention; V3 replays with
 * `Tessera-Idempotent-Replayed`, V1 returns the stored response unchanged), then the operation
 * itself (src/lib/sandbox/tessera-v3.ts, tessera-v1.ts), whose notifications (V3's notifications,
 * V1's signup webhook and validation requests) are signed and delivered by the outbox. The two
 * versions share the clock and the sandbox test data, not their objects.
 */
import {resolveRef, type JsonObject} from '../openapi/refs';
import {isoSeconds, SandboxClock} from './clock';
import {FaultInjector, type FaultRule} from './faults';
import {header, type SandboxRequest, type SandboxResponse} from './http';
import {randomAlphanumeric, requestId, uuid} from './ids';
import {NotificationOutbox, type DeliveryLog, type DeliveryRules, type Notification, type Transport} from './notifications';
import {ApiProblem, ProblemCatalogue, validationFailed} from './problems';
import {OpenApiRoutes, type RouteMatch} from './routes';
import {readV1Facts, V1Account, type V1Call, type V1Facts, type V1Result, type V1Sender} from './tessera-v1';
import {readV3Facts, V3Account, type Call, type HandlerResult, type V3Facts} from './tessera-v3';
import {mappedVariant, RequestValidator, type ValidationIssue} from './validation';

export type SandboxOptions = {
  /** The V3 OpenAPI document, parsed. */
  v3: JsonObject;
  /** The V1 OpenAPI document, parsed: answered with state, as V3. */
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

type Window = {second: number; count: number};

type Account = {
  keyId: string;
  v3: V3Account;
  idempotency: Map<string, StoredResponse>;
  requestsThisSecond: Window;
  v1?: V1Account;
  /** V1's own keys and limit: each version keeps its own idempotency store and counts its own requests. */
  v1Idempotency: Map<string, StoredResponse>;
  v1RequestsThisSecond: Window;
};

type Secret = {keyId: string; expiresMs: number};

/** A V1 access token: a merchant token with its scopes, or a browser token bound to one session or signup. */
type V1Token = {keyId: string; kind: 'merchant' | 'session' | 'signup'; scopes: string[]; boundTo?: string; expiresMs: number};

/** What the steps shared by both versions need of one version's file. */
type Surface = {document: JsonObject; validator: RequestValidator; problems: ProblemCatalogue};

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

/** Answers a request with the file's documented example: validation as the file states it, no state (the added provider APIs). */
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
    const pointer = match.route.jsonBodyPointer ?? match.route.formBodyPointer;
    return pointer ? this.validator.validate(pointer, value) : [];
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
  private v1?: {facts: V1Facts; routes: OpenApiRoutes; surface: Surface};
  private readonly v1Tokens = new Map<string, V1Token>();
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
    if (options.v1) this.addV1(options.v1);
    this.faults = new FaultInjector(options.faults ?? [], options.random);
    this.restricted = restrictedKeys(this.facts);
    this.webhookSecrets = [options.webhookSecret ?? publishedTestVector(options.v3).secret];
    const delivery = ((options.v3.components as JsonObject).responses as Record<string, JsonObject>).NotificationAccepted![
      'x-tessera-delivery'
    ] as DeliveryRules;
    this.outbox = new NotificationOutbox(this.clock, delivery, () => this.webhookSecrets, options.transport, options.onDelivery);
  }

  /**
   * Answers V1 from now on, in the same accounts and on the same clock: the in-page console loads
   * V1's file only when a reader first opens a V1 page, after V3 has kept state for a while.
   */
  addV1(document: JsonObject): void {
    if (this.v1) return;
    this.v1 = {
      facts: readV1Facts(document),
      routes: new OpenApiRoutes(document),
      surface: {document, validator: RequestValidator.of(document), problems: new ProblemCatalogue(document)},
    };
    for (const account of this.accounts.values()) account.v1 = new V1Account(this.v1.facts, this.facts);
  }

  /** The secret that signs notifications now. */
  get webhookSecret(): string {
    return this.webhookSecrets[0]!;
  }

  /** Plays what has fallen due on the clock in every account, then delivers due notifications. */
  async tick(): Promise<void> {
    const now = this.clock.now();
    for (const account of this.accounts.values()) {
      account.v3.advance(now, this.notifier([]));
      account.v1?.advance(now, this.v1Sender([]));
    }
    await this.outbox.deliverDue();
  }

  private notifier(caused: Notification[]): Call['notify'] {
    return (type, url, data) => {
      const id = uuid();
      const payload = {id, type, createdAt: isoSeconds(this.clock.now()), environment: 'sandbox', data};
      caused.push(this.outbox.enqueue(id, type, this.notifyUrl ?? url, payload));
    };
  }

  /** V1's signed requests to the merchant: the signup webhook on its schedule, a validation request once. */
  private v1Sender(caused: Notification[]): V1Sender {
    return (kind, url, body, eventId) => {
      const facts = this.v1!.facts;
      const headers = {'User-Agent': 'Tessera-Sandbox/1', ...(kind === 'webhook' ? {'Tessera-Event-Id': eventId} : {})};
      const rules =
        kind === 'webhook'
          ? facts.webhookDelivery
          : {
              timeoutSeconds: facts.validationSeconds,
              retryDelaysSeconds: [],
              thenEverySeconds: facts.validationSeconds,
              giveUpAfterSeconds: 0,
            };
      const type = kind === 'webhook' ? String(body.type) : 'validation_request';
      caused.push(this.outbox.enqueue(eventId, type, this.notifyUrl ?? url, body, {rules, headers}));
    };
  }

  private account(keyId: string): Account {
    let account = this.accounts.get(keyId);
    if (!account) {
      account = {
        keyId,
        v3: new V3Account(this.facts),
        idempotency: new Map(),
        requestsThisSecond: {second: -1, count: 0},
        v1: this.v1 ? new V1Account(this.v1.facts, this.facts) : undefined,
        v1Idempotency: new Map(),
        v1RequestsThisSecond: {second: -1, count: 0},
      };
      this.accounts.set(keyId, account);
    }
    return account;
  }

  /** The accounts' objects, for a console that lists what a visit created. */
  objects(keyId: string): V3Account | undefined {
    return this.accounts.get(keyId)?.v3;
  }

  /** The account's V1 objects (checkout sessions, orders, hosted pages, signups). */
  v1Objects(keyId: string): V1Account | undefined {
    return this.accounts.get(keyId)?.v1;
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
    if (pathname.startsWith('/v1/') && this.v1) return this.handleV1(request, url, caused);
    try {
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

  // --- V1 ------------------------------------------------------------------------------------

  /** The headers of every V1 response: the request id, and the deprecation and sunset V1 announces. */
  private v1Headers(requestIdValue = requestId()): Record<string, string> {
    const facts = this.v1!.facts;
    return {
      'Tessera-Request-Id': requestIdValue,
      Deprecation: `@${Math.floor(facts.deprecationMs / 1000)}`,
      Sunset: new Date(facts.sunsetMs).toUTCString(),
    };
  }

  /** A V1 problem body: the V1 file's title and status for the code, and `request_id` in snake case. */
  private v1Problem(error: ApiProblem, instance: string): SandboxResponse {
    const facts = this.v1!.surface.problems.of(error.code);
    const id = requestId();
    const body = {
      type: facts.type,
      title: facts.title,
      status: facts.status,
      detail: error.detail,
      instance,
      code: error.code,
      request_id: id,
      ...(error.extras.errors ? {errors: error.extras.errors} : {}),
    };
    return this.respond(facts.status, body, {...this.v1Headers(id), ...error.headers});
  }

  private async handleV1(request: SandboxRequest, url: URL, caused: Notification[]): Promise<SandboxResult> {
    const v1 = this.v1!;
    const pathname = url.pathname;
    // After the sunset every V1 request fails with `410 Gone`; the file documents no body for it.
    if (this.clock.now() >= v1.facts.sunsetMs) return {response: {status: 410, headers: this.v1Headers(), body: ''}, notifications: caused};
    try {
      const match = v1.routes.match(request.method, pathname);
      if (!match || 'methods' in match)
        throw new ApiProblem('resource_not_found', `The sandbox has no V1 operation ${request.method.toUpperCase()} ${pathname}.`);
      const fault = this.faults.pick(match.route.operationId);
      // V1 documents no 503: both injected server errors answer its one 5xx code.
      if (fault?.kind === '500' || fault?.kind === '503')
        throw new ApiProblem(
          'internal_error',
          'Tessera could not process the request (a fault the sandbox injected). Retry it with the same Idempotency-Key.',
        );
      if (fault?.kind === 'timeout') return {response: this.respond(504, undefined), notifications: caused, fault};
      const response = await this.executeV1(request, match, url, caused, fault);
      return {response, notifications: caused, ...(fault ? {fault} : {})};
    } catch (error) {
      if (!(error instanceof ApiProblem)) throw error;
      return {response: this.v1Problem(error, pathname), notifications: caused};
    }
  }

  private authenticateV1(request: SandboxRequest, match: RouteMatch): {keyId: string; token?: V1Token} {
    const schemes = ((match.route.operation.security ?? []) as JsonObject[]).flatMap((requirement) => Object.keys(requirement));
    const authorization = header(request.headers, 'authorization') ?? '';
    if (schemes.includes('basicAuth')) {
      const credentials = basicCredentials(authorization);
      if (!credentials) throw new ApiProblem('authentication_required', 'Send the key id and key secret with HTTP Basic authentication.');
      const [keyId] = credentials;
      if (keyId.startsWith('key_live_'))
        throw new ApiProblem('authentication_required', `The API key ${keyId} is not valid in the sandbox. Use a test key (key_test_).`);
      if (!sandboxKeyId.test(keyId))
        throw new ApiProblem('authentication_required', 'The key id is not a sandbox key id: key_test_ and 24 letters and digits.');
      return {keyId};
    }
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    if (!bearer) throw new ApiProblem('authentication_required', 'Send an access token from getAuthToken as Authorization: Bearer.');
    const token = this.v1Tokens.get(bearer);
    if (!token)
      throw new ApiProblem(
        'authentication_required',
        /^(at|st|su)_live_/.test(bearer)
          ? 'The access token was issued in production and is not valid in the sandbox.'
          : 'The access token is unknown to the sandbox. Request one with getAuthToken.',
      );
    if (this.clock.now() >= token.expiresMs)
      throw new ApiProblem('token_expired', `The token expired at ${isoSeconds(token.expiresMs)}. Request a new one with getAuthToken.`);
    return {keyId: token.keyId, token};
  }

  /** What a token may do: a merchant token the scope the operation names, a browser token only its own session or signup. */
  private authorizeV1(token: V1Token, match: RouteMatch): void {
    const operationId = match.route.operationId;
    if (token.kind !== 'merchant') {
      const own =
        token.kind === 'session'
          ? ['readSession', 'payCheckoutSession'].includes(operationId) && match.pathParameters.sessionId === token.boundTo
          : ['readSignup', 'submitSignup'].includes(operationId) && match.pathParameters.signupId === token.boundTo;
      if (!own)
        throw new ApiProblem(
          'insufficient_scope',
          `A ${token.kind === 'session' ? 'checkout_session' : 'signup'} token can only read its own ${token.kind}. Use a merchant token from getAuthToken.`,
        );
      return;
    }
    const scope = this.v1!.facts.scopes.get(operationId);
    if (scope && !token.scopes.includes(scope))
      throw new ApiProblem(
        'insufficient_scope',
        `${operationId} needs the ${scope} scope; this token has ${token.scopes.join(' ') || 'none'}.`,
      );
  }

  private rateLimitV1(account: Account): void {
    if (this.options.rateLimits === false) return;
    const second = Math.floor(this.clock.now() / 1000);
    const window = account.v1RequestsThisSecond;
    if (window.second !== second) Object.assign(window, {second, count: 0});
    window.count += 1;
    const limit = this.v1!.facts.limits.sandboxRequestsPerSecond;
    if (window.count > limit)
      throw new ApiProblem(
        'rate_limited',
        `The limit of ${limit} requests per second for this merchant account in the sandbox was exceeded. Retry after 1 second.`,
        {},
        {'Retry-After': '1'},
      );
  }

  private async executeV1(
    request: SandboxRequest,
    match: RouteMatch,
    url: URL,
    caused: Notification[],
    fault?: FaultRule,
  ): Promise<SandboxResponse> {
    const v1 = this.v1!;
    const {keyId, token} = this.authenticateV1(request, match);
    const account = this.account(keyId);
    this.rateLimitV1(account);
    if (token) {
      // The sandbox test data's refused keys: a restricted account has no feature enabled.
      if (this.restricted.get(keyId) === 'account_restricted')
        throw new ApiProblem(
          'merchant_not_enabled',
          'The merchant account of this API key is restricted; no V1 feature is enabled for it.',
        );
      this.authorizeV1(token, match);
    }
    this.checkParameters(
      request,
      match,
      v1.surface,
      (name) =>
        name === 'Idempotency-Key'
          ? new ApiProblem(
              'idempotency_key_missing',
              `${match.route.method.toUpperCase()} ${url.pathname} creates a resource or moves money and requires an Idempotency-Key header.`,
            )
          : {pointer: `header:${name}`, code: 'required', detail: `Required: send the ${name} header.`},
      'validation_failed',
    );
    const body = this.parseBody(request, match, v1.surface);
    const operationId = match.route.operationId;
    const call: V1Call = {
      operationId,
      path: match.pathParameters,
      body,
      now: 0,
      // Where `Location` points: the local sandbox's own address, or the sandbox host when the caller sent no Host.
      origin: header(request.headers, 'host') ? `http://${header(request.headers, 'host')}` : 'https://api.sandbox.tessera.example',
      send: this.v1Sender(caused),
    };
    const run = async () => {
      if (fault?.kind === 'slow') await this.sleep((fault.seconds ?? 2) * 1000);
      call.now = this.clock.now();
      const result = this.dispatchV1(call, keyId, account, caused);
      return this.respond(result.status, result.body, {...this.v1Headers(), ...result.headers});
    };
    const takesKey = match.route.parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
    const key = takesKey ? header(request.headers, 'idempotency-key') : undefined;
    if (key === undefined) return run();
    return this.idempotent(account.v1Idempotency, key, `${operationId} ${url.pathname} ${canonical(body ?? null)}`, operationId, {
      retentionSeconds: v1.facts.limits.idempotencyKeyRetentionSeconds,
      problems: v1.surface.problems,
      render: (error) => this.v1Problem(error, url.pathname),
      // V1 returns the stored response unchanged.
      replay: (stored) => stored,
      run,
    });
  }

  private dispatchV1(call: V1Call, keyId: string, account: Account, caused: Notification[]): V1Result {
    const facts = this.v1!.facts;
    const issue = (kind: V1Token['kind'], seconds: number, scopes: string[], boundTo?: string) => {
      const prefix = {merchant: 'at', session: 'st', signup: 'su'}[kind];
      const accessToken = `${prefix}_test_${randomAlphanumeric(32)}`;
      const expiresMs = call.now + seconds * 1000;
      this.v1Tokens.set(accessToken, {keyId, kind, scopes, boundTo, expiresMs});
      return {access_token: accessToken, token_type: 'Bearer', expires_in: seconds, expires_at: isoSeconds(expiresMs)};
    };
    const v1 = account.v1!;
    switch (call.operationId) {
      case 'getAuthToken': {
        // A key without permissions gets a token without scopes; any other key every scope it asks for.
        const allowed = this.restricted.get(keyId) === 'permission_denied' ? [] : facts.allScopes;
        const asked = typeof call.body?.scope === 'string' ? call.body.scope.split(' ') : allowed;
        const scopes = allowed.filter((scope) => asked.includes(scope));
        return {status: 200, body: {...issue('merchant', facts.tokenSeconds.merchant, scopes), scope: scopes.join(' ')}};
      }
      case 'getAuthTokenForSession': {
        const session = v1.sessionForToken(call);
        const token = issue('session', facts.tokenSeconds.session, [], session.data.id);
        return {status: 200, body: {...token, scope: 'checkout_session', session_id: session.data.id}};
      }
      case 'getSignupSessionAuth': {
        const signup = v1.signupForToken(call);
        const token = issue('signup', facts.tokenSeconds.signup, [], signup.data.id);
        return {status: 200, body: {...token, scope: 'signup', signup_id: signup.data.id}};
      }
      case 'advanceSandboxClock': {
        this.clock.advance(Number(call.body!.advance_seconds));
        const now = this.clock.now();
        // What the moved clock makes fall due in either version is this request's doing.
        for (const each of this.accounts.values()) {
          each.v3.advance(now, this.notifier(caused));
          each.v1?.advance(now, call.send);
        }
        return {status: 200, body: {now: isoSeconds(now)}};
      }
      default: {
        const handler = (v1 as unknown as Record<string, ((call: V1Call) => V1Result) | undefined>)[call.operationId];
        if (typeof handler !== 'function') throw new Error(`the sandbox has no V1 handler for ${call.operationId}`);
        return handler.call(v1, call);
      }
    }
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

  private get v3Surface(): Surface {
    return {document: this.options.v3, validator: this.validator, problems: this.problems};
  }

  private checkParameters(
    request: SandboxRequest,
    match: RouteMatch,
    surface: Surface,
    // V3 lists every missing header in one validation_failed; V1 names its own code for a missing Idempotency-Key.
    missingHeader: (name: string) => ApiProblem | ValidationIssue = (name) => ({
      pointer: `header:${name}`,
      code: 'required',
      detail: `Required: send the ${name} header.`,
    }),
    // V3 calls a malformed header an unparsable request; V1 an invalid field (its `invalid_request` is about the body).
    malformedHeaderCode = 'invalid_request',
  ): void {
    const issues: ValidationIssue[] = [];
    for (const parameter of match.route.parameters) {
      const name = String(parameter.name);
      const schema = (parameter.schema ?? {}) as JsonObject;
      if (parameter.in === 'path') {
        if (surface.validator.validateParameter(schema, match.pathParameters[name] ?? '').length)
          throw new ApiProblem(
            'resource_not_found',
            `No object with id ${match.pathParameters[name]}: the id is not of the form the file gives it.`,
          );
      } else if (parameter.in === 'header') {
        const value = header(request.headers, name);
        if (value === undefined) {
          if (parameter.required === true) {
            const missing = missingHeader(name);
            if (missing instanceof ApiProblem) throw missing;
            issues.push(missing);
          }
        } else if (surface.validator.validateParameter(schema, value).length) {
          const {minLength, maxLength, pattern} = schema;
          throw new ApiProblem(
            malformedHeaderCode,
            `The ${name} header is malformed: ${String(minLength)}–${String(maxLength)} characters matching ${String(pattern)}.`,
          );
        }
      }
    }
    if (issues.length) throw validationFailed({errors: issues});
  }

  private parseBody(request: SandboxRequest, match: RouteMatch, surface: Surface): JsonObject | undefined {
    const {requestBody} = match.route;
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
    const pointer = match.route.jsonBodyPointer;
    if (!pointer) return body as JsonObject;
    const issues = surface.validator.validate(mappedVariant(surface.document, pointer, body) ?? pointer, body);
    if (issues.length) throw validationFailed({errors: issues});
    return body as JsonObject;
  }

  private sleep(milliseconds: number): Promise<void> {
    return (this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))))(milliseconds);
  }

  /**
   * Runs a request under its Idempotency-Key: the first execution is stored for the retention the
   * file states (a `400` is not: the fixed request may reuse the key), a retry with the same body
   * gets the stored response, another body `idempotency_key_reused`, a retry while the first
   * still runs `idempotency_request_in_progress`.
   */
  private async idempotent(
    store: Map<string, StoredResponse>,
    key: string,
    fingerprint: string,
    operationId: string,
    options: {
      retentionSeconds: number;
      problems: ProblemCatalogue;
      render: (error: ApiProblem) => SandboxResponse;
      replay: (stored: SandboxResponse) => SandboxResponse;
      run: () => Promise<SandboxResponse>;
    },
  ): Promise<SandboxResponse> {
    const now = this.clock.now();
    const stored = store.get(key);
    if (stored && now - stored.storedMs < options.retentionSeconds * 1000) {
      if (stored.fingerprint !== fingerprint)
        throw new ApiProblem(
          'idempotency_key_reused',
          `The Idempotency-Key ${key} was used within ${options.retentionSeconds / 3600} hours with a different body or for another operation.`,
        );
      if (!stored.response)
        throw new ApiProblem('idempotency_request_in_progress', `A request with the Idempotency-Key ${key} is still being processed.`);
      return options.replay(stored.response);
    }
    const entry: StoredResponse = {fingerprint, operationId, storedMs: now, notifications: []};
    store.set(key, entry);
    try {
      entry.response = await options.run();
      return entry.response;
    } catch (error) {
      if (error instanceof ApiProblem && options.problems.of(error.code).status !== 400) {
        entry.response = options.render(error);
        return entry.response;
      }
      store.delete(key);
      throw error;
    }
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
    this.checkParameters(request, match, this.v3Surface);
    const body = this.parseBody(request, match, this.v3Surface);
    const operationId = match.route.operationId;
    const takesKey = match.route.parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
    const key = takesKey ? header(request.headers, 'idempotency-key') : undefined;
    const run = () => this.run(operationId, match, body, keyId, account, caused, fault);
    if (key === undefined) return run();
    return this.idempotent(account.idempotency, key, `${operationId} ${pathname} ${canonical(body ?? null)}`, operationId, {
      retentionSeconds: this.facts.limits.idempotencyKeyRetentionSeconds,
      problems: this.problems,
      render: (error) => this.problem(error, pathname),
      replay: (stored) => ({
        ...stored,
        headers: {...stored.headers, 'Tessera-Request-Id': requestId(), 'Tessera-Idempotent-Replayed': 'true'},
      }),
      run,
    });
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
    if (fault?.kind === 'slow') await this.sleep((fault.seconds ?? 2) * 1000);
    const call: Call = {operationId, path: match.pathParameters, body, now: this.clock.now(), notify: this.notifier(caused)};
    const result = this.dispatch(operationId, call, keyId, account, caused);
    return this.respond(result.status, result.body);
  }

  private dispatch(operationId: string, call: Call, keyId: string, account: Account, caused: Notification[]): HandlerResult {
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
        // What the moved clock makes fall due in either version is this request's doing.
        for (const each of this.accounts.values()) {
          each.v3.advance(now, call.notify);
          each.v1?.advance(now, this.v1Sender(caused));
        }
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
