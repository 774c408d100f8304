/**
 * The sandbox answers every V1 operation as openapi/tessera-v1.yaml documents it: for each
 * operation a request that succeeds, its answer validated field for field against the documented
 * response schema, and for each error code its responses list, the change to it (or the state
 * before it) that makes the simulator answer that code with the documented status and a V1 problem
 * body. A code no scenario reaches is named; the list of codes unreachable by design must stay exact.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {resolveRef, type JsonObject} from '../../src/lib/openapi/refs';
import {SandboxClock} from '../../src/lib/sandbox/clock';
import type {SandboxRequest} from '../../src/lib/sandbox/http';
import {parseFaultSpec} from '../../src/lib/sandbox/faults';
import {TesseraSandbox} from '../../src/lib/sandbox/sandbox';
import {jsonMediaType, SchemaValidator} from '../../src/lib/openapi/schema-validator';
import {loadApiDocuments, testKeyId} from '../support/sandbox';

const {v3, v1} = loadApiDocuments();
const testValue = (id: string) =>
  (v3['x-sandbox-test-data'].values as {id: string; value: string}[]).find((value) => value.id === id)!.value;

function operation(operationId: string): {template: string; method: string; operation: JsonObject} {
  for (const [template, pathItem] of Object.entries(v1.paths as Record<string, JsonObject>))
    for (const [method, found] of Object.entries(pathItem) as [string, JsonObject][])
      if (found?.operationId === operationId) return {template, method, operation: found};
  throw new Error(`no V1 operation ${operationId}`);
}

const requestExample = (operationId: string, name?: string): JsonObject => {
  const examples = (operation(operationId).operation.requestBody as JsonObject).content as JsonObject;
  const all = (examples['application/json'] as JsonObject).examples as Record<string, JsonObject>;
  return structuredClone((name ? all[name] : Object.values(all)[0])!.value) as JsonObject;
};

/** The codes each operation's responses document, with their statuses. */
function documentedCodes(): Map<string, Map<string, number>> {
  const codes = new Map<string, Map<string, number>>();
  for (const pathItem of Object.values(v1.paths as Record<string, JsonObject>)) {
    for (const found of Object.values(pathItem) as JsonObject[]) {
      if (!found?.operationId) continue;
      const byCode = new Map<string, number>();
      for (const [status, reference] of Object.entries((found.responses ?? {}) as JsonObject)) {
        const response = resolveRef(v1, reference);
        for (const media of Object.values((response.content ?? {}) as Record<string, JsonObject>))
          for (const example of Object.values((media.examples ?? {}) as JsonObject)) {
            const value = resolveRef(v1, example).value as JsonObject | undefined;
            if (typeof value?.code === 'string') byCode.set(value.code, Number(status));
          }
      }
      codes.set(String(found.operationId), byCode);
    }
  }
  return codes;
}

/** Codes the sandbox cannot give for an operation, and why. None: every documented V1 code is reached. */
const unreachableByDesign: Record<string, string> = {};

const basic = (keyId = testKeyId) => `Basic ${btoa(`${keyId}:any-secret`)}`;

class World {
  readonly clock = new SandboxClock(() => 1_795_341_151_000);
  private gate?: () => void;
  readonly sandbox = new TesseraSandbox({v3, v1, clock: this.clock, sleep: () => new Promise<void>((resolve) => (this.gate = resolve))});
  token = '';
  private counter = 0;

  async tokenFor(keyId: string, body: JsonObject = {grant_type: 'client_credentials'}): Promise<string> {
    const {response} = await this.sandbox.handle({
      method: 'POST',
      path: '/v1/auth/token',
      headers: {Authorization: basic(keyId), 'Content-Type': 'application/json'},
      body: JSON.stringify(body),
    });
    return String(JSON.parse(response.body).access_token);
  }

  async start(): Promise<this> {
    this.token = await this.tokenFor(testKeyId);
    return this;
  }

  request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): SandboxRequest {
    return {
      method,
      path,
      headers: {
        Authorization: `Bearer ${this.token}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': `key-${String((this.counter += 1)).padStart(8, '0')}`,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
  }

  basicRequest(path: string, body: JsonObject): SandboxRequest {
    return {method: 'POST', path, headers: {Authorization: basic(), 'Content-Type': 'application/json'}, body: JSON.stringify(body)};
  }

  async send(request: SandboxRequest): Promise<{status: number; json: JsonObject; headers: Record<string, string>}> {
    const {response} = await this.sandbox.handle(request);
    return {status: response.status, headers: response.headers, json: response.body ? (JSON.parse(response.body) as JsonObject) : {}};
  }

  async call(method: string, path: string, body?: unknown): Promise<JsonObject> {
    const answer = await this.send(this.request(method, path, body));
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json;
  }

  /** The file's Swedish web shop session, without a validation URL unless asked for. */
  sessionBody(extra: JsonObject = {}, validation = false): JsonObject {
    const body = requestExample('createSession', 'swedishWebShop');
    if (!validation) delete (body.merchant_urls as JsonObject).validation;
    return {...body, ...extra};
  }

  session(extra: JsonObject = {}, validation = false) {
    return this.call('POST', '/v1/checkout/sessions', this.sessionBody(extra, validation));
  }

  async awaitingDecision(): Promise<JsonObject> {
    const session = await this.session({decision_mode: 'manual'});
    return this.call('POST', `/v1/test-helpers/checkout/sessions/${session.id}/pay`, {});
  }

  async awaitingValidation(): Promise<JsonObject> {
    const session = await this.session({}, true);
    return this.call('POST', `/v1/test-helpers/checkout/sessions/${session.id}/pay`, {});
  }

  async order(card?: string): Promise<{id: unknown; session: JsonObject}> {
    const session = await this.session();
    const paid = await this.call('POST', `/v1/test-helpers/checkout/sessions/${session.id}/pay`, card ? {card} : {});
    return {id: paid.order_id, session: paid};
  }

  async captured(): Promise<{order: JsonObject; capture: JsonObject}> {
    const order = await this.order();
    const capture = await this.call('POST', `/v1/orders/${order.id}/capture`, {amount: {amount: 184700, currency: 'SEK'}});
    return {order, capture};
  }

  signup() {
    return this.call('POST', '/v1/signups', requestExample('createSignup'));
  }

  async advance(seconds: number): Promise<void> {
    this.clock.advance(seconds);
    await this.sandbox.tick();
    this.token = await this.tokenFor(testKeyId);
  }

  release(): void {
    this.gate?.();
  }
}

/** For each operation: the request that succeeds, built on a fresh world. */
const valid: Record<string, (world: World) => Promise<SandboxRequest>> = {
  getAuthToken: async (world) => world.basicRequest('/v1/auth/token', requestExample('getAuthToken', 'ordersOnly')),
  getAuthTokenForSession: async (world) => world.basicRequest('/v1/auth/session-token', {session_id: (await world.session()).id}),
  getSignupSessionAuth: async (world) => world.basicRequest('/v1/auth/signup-token', {signup_id: (await world.signup()).id}),
  createSession: async (world) => world.request('POST', '/v1/checkout/sessions', world.sessionBody({}, true)),
  readSession: async (world) => world.request('GET', `/v1/checkout/sessions/${(await world.session()).id}`),
  updateSession: async (world) =>
    world.request('PUT', `/v1/checkout/sessions/${(await world.session()).id}`, requestExample('updateSession')),
  patchCheckoutSession: async (world) =>
    world.request('PATCH', `/v1/checkout/sessions/${(await world.session()).id}`, requestExample('patchCheckoutSession')),
  purchaseDecision: async (world) =>
    world.request('POST', `/v1/checkout/sessions/${(await world.awaitingDecision()).id}/decision`, requestExample('purchaseDecision')),
  sendValidateResponse: async (world) => {
    const session = await world.awaitingValidation();
    return world.request('POST', `/v1/checkout/sessions/${session.id}/validation`, {
      validation_request_id: session.validation_request_id,
      result: 'accept',
    });
  },
  updateOrder: async (world) =>
    world.request('PATCH', `/v1/orders/${(await world.order()).id}`, {authorized_amount: {amount: 94800, currency: 'SEK'}}),
  captureOrder: async (world) =>
    world.request('POST', `/v1/orders/${(await world.order()).id}/capture`, requestExample('captureOrder', 'partialCapture')),
  refundOrder: async (world) => {
    const {order, capture} = await world.captured();
    return world.request('POST', `/v1/orders/${order.id}/refund`, {...requestExample('refundOrder'), capture_id: capture.id});
  },
  createHostedPage: async (world) =>
    world.request('POST', '/v1/hosted-pages', {...requestExample('createHostedPage'), session_id: (await world.session()).id}),
  createSignup: async (world) => world.request('POST', '/v1/signups', requestExample('createSignup')),
  readSignup: async (world) => world.request('GET', `/v1/signups/${(await world.signup()).id}`),
  payCheckoutSession: async (world) =>
    world.request('POST', `/v1/test-helpers/checkout/sessions/${(await world.session({}, true)).id}/pay`, {}),
  submitSignup: async (world) => world.request('POST', `/v1/test-helpers/signups/${(await world.signup()).id}/submit`, {}),
  advanceSandboxClock: async (world) => world.request('POST', '/v1/test-helpers/clock', requestExample('advanceSandboxClock')),
};

const withBody = (request: SandboxRequest, change: (body: JsonObject) => JsonObject): SandboxRequest => ({
  ...request,
  body: JSON.stringify(change(request.body ? (JSON.parse(request.body) as JsonObject) : {})),
});
const withHeaders = (request: SandboxRequest, headers: Record<string, string | undefined>): SandboxRequest => ({
  ...request,
  headers: {...request.headers, ...headers},
});
const v1Ids = /\b(cs|ord|sgn)_[A-Za-z0-9]{24}\b/g;
const unknownId = (prefix: string) => `${prefix}_000000000000000000000000`;
const sekCart = () => requestExample('createSession', 'swedishWebShop').cart as JsonObject;

type Scenario = (world: World, operationId: string) => Promise<SandboxRequest | {concurrent: SandboxRequest}>;

/** How to reach a code on any operation that documents it. */
const generic: Record<string, Scenario> = {
  authentication_required: async (world, operationId) => withHeaders(await valid[operationId]!(world), {Authorization: undefined}),
  token_expired: async (world, operationId) => {
    const request = await valid[operationId]!(world);
    world.clock.advance(v1.components.schemas.AccessToken.properties.expires_in.maximum);
    return request;
  },
  insufficient_scope: async (world, operationId) => {
    const request = await valid[operationId]!(world);
    // A browser token outside its own session, or (for the helpers a browser token drives) another session's token.
    const {response} = await world.sandbox.handle(world.basicRequest('/v1/auth/session-token', {session_id: (await world.session()).id}));
    return withHeaders(request, {Authorization: `Bearer ${String(JSON.parse(response.body).access_token)}`});
  },
  merchant_not_enabled: async (world, operationId) =>
    withHeaders(await valid[operationId]!(world), {Authorization: `Bearer ${await world.tokenFor(testValue('key_account_restricted'))}`}),
  validation_failed: async (world, operationId) => withBody(await valid[operationId]!(world), (body) => ({...body, not_a_field: true})),
  invalid_request: async (world, operationId) => ({...(await valid[operationId]!(world)), body: '{"unfinished": '}),
  idempotency_key_missing: async (world, operationId) => withHeaders(await valid[operationId]!(world), {'Idempotency-Key': undefined}),
  resource_not_found: async (world, operationId) => {
    const request = await valid[operationId]!(world);
    const ids = [...request.path.matchAll(v1Ids)];
    if (ids.length) return {...request, path: request.path.replace(ids.at(-1)![0], unknownId(ids.at(-1)![1]!))};
    return withBody(request, (body) =>
      Object.fromEntries(
        Object.entries(body).map(([key, value]) => [
          key,
          key.endsWith('_id') ? unknownId(String(value).slice(0, String(value).indexOf('_'))) : value,
        ]),
      ),
    );
  },
  rate_limited: async (world, operationId) => {
    const request = await valid[operationId]!(world);
    const limit = v1['x-tessera-limits'].rateLimits.sandbox.requestsPerSecond;
    // Any V1 request counts; reads of an unknown session change nothing.
    const burst = world.request('GET', `/v1/checkout/sessions/${unknownId('cs')}`);
    for (let index = 0; index < limit; index += 1) await world.send(burst);
    return request;
  },
  idempotency_key_reused: async (world, operationId) => {
    const request = await valid[operationId]!(world);
    await world.send(
      world.request('POST', '/v1/checkout/sessions', world.sessionBody({merchant_reference: 'OTHER'}), {'Idempotency-Key': 'shared-key'}),
    );
    return withHeaders(request, {'Idempotency-Key': 'shared-key'});
  },
  idempotency_request_in_progress: async (world, operationId) => {
    const request = withHeaders(await valid[operationId]!(world), {'Idempotency-Key': 'in-flight'});
    world.sandbox.faults.add(parseFaultSpec(`slow:next=1:op=${operationId}`));
    return {concurrent: request};
  },
};

/** Codes that depend on the operation's own rules. */
const specific: Record<string, Scenario> = {
  'getAuthToken authentication_required': async (world) =>
    withHeaders(await valid.getAuthToken!(world), {Authorization: basic('key_live_8HqT2mVx4LcR9pWn3sYb6KdA')}),
  'getAuthTokenForSession invalid_state_transition': async (world) => {
    const session = await world.session();
    await world.advance(v1.components.schemas.CreateSessionRequest.properties.expires_in_minutes.default * 60);
    return world.basicRequest('/v1/auth/session-token', {session_id: session.id});
  },
  'getSignupSessionAuth invalid_state_transition': async (world) => {
    const signup = await world.signup();
    await world.call('POST', `/v1/test-helpers/signups/${signup.id}/submit`, {});
    return world.basicRequest('/v1/auth/signup-token', {signup_id: signup.id});
  },
  'createSession cart_total_mismatch': async (world) =>
    world.request('POST', '/v1/checkout/sessions', world.sessionBody({cart: {...sekCart(), total_amount: {amount: 1, currency: 'SEK'}}})),
  'createSession currency_mismatch': async (world) =>
    world.request(
      'POST',
      '/v1/checkout/sessions',
      world.sessionBody({cart: {...sekCart(), total_tax_amount: {amount: 36940, currency: 'EUR'}}}),
    ),
  'updateSession cart_total_mismatch': async (world) =>
    withBody(await valid.updateSession!(world), (body) => ({
      ...body,
      cart: {...(body.cart as JsonObject), total_amount: {amount: 1, currency: 'SEK'}},
    })),
  'updateSession currency_mismatch': async (world) =>
    withBody(await valid.updateSession!(world), (body) => ({
      ...body,
      cart: {...(body.cart as JsonObject), total_tax_amount: {amount: 1, currency: 'EUR'}},
    })),
  'patchCheckoutSession cart_total_mismatch': async (world) =>
    world.request('PATCH', `/v1/checkout/sessions/${(await world.session()).id}`, {
      cart: {...sekCart(), total_tax_amount: {amount: 1, currency: 'SEK'}},
    }),
  'patchCheckoutSession currency_mismatch': async (world) =>
    world.request('PATCH', `/v1/checkout/sessions/${(await world.session()).id}`, {
      cart: {...sekCart(), total_amount: {amount: 184700, currency: 'EUR'}},
    }),
  'updateSession invalid_state_transition': async (world) =>
    world.request('PUT', `/v1/checkout/sessions/${String((await world.order()).session.id)}`, requestExample('updateSession')),
  'patchCheckoutSession invalid_state_transition': async (world) =>
    world.request('PATCH', `/v1/checkout/sessions/${String((await world.order()).session.id)}`, {merchant_reference: 'NV-1'}),
  'purchaseDecision invalid_state_transition': async (world) =>
    world.request('POST', `/v1/checkout/sessions/${(await world.session()).id}/decision`, {decision: 'approve'}),
  'sendValidateResponse invalid_state_transition': async (world) => {
    const request = await valid.sendValidateResponse!(world);
    // An outdated answer: the validation request the body names is no longer open.
    return withBody(request, (body) => ({...body, validation_request_id: 'vrq_000000000000000000000000'}));
  },
  'updateOrder invalid_state_transition': async (world) => {
    const {order} = await world.captured();
    return world.request('PATCH', `/v1/orders/${order.id}`, {status: 'cancelled'});
  },
  'updateOrder amount_exceeds_remaining': async (world) =>
    world.request('PATCH', `/v1/orders/${(await world.order()).id}`, {authorized_amount: {amount: 999999, currency: 'SEK'}}),
  'updateOrder currency_mismatch': async (world) =>
    world.request('PATCH', `/v1/orders/${(await world.order()).id}`, {authorized_amount: {amount: 100, currency: 'EUR'}}),
  'captureOrder invalid_state_transition': async (world) => {
    const order = await world.order();
    await world.call('PATCH', `/v1/orders/${order.id}`, {status: 'cancelled'});
    return world.request('POST', `/v1/orders/${order.id}/capture`, {amount: {amount: 100, currency: 'SEK'}});
  },
  'captureOrder amount_exceeds_remaining': async (world) =>
    world.request('POST', `/v1/orders/${(await world.order()).id}/capture`, {amount: {amount: 999999, currency: 'SEK'}}),
  'captureOrder currency_mismatch': async (world) =>
    world.request('POST', `/v1/orders/${(await world.order()).id}/capture`, {amount: {amount: 100, currency: 'EUR'}}),
  'refundOrder invalid_state_transition': async (world) =>
    world.request('POST', `/v1/orders/${(await world.order()).id}/refund`, {amount: {amount: 100, currency: 'SEK'}}),
  'refundOrder amount_exceeds_remaining': async (world) =>
    world.request('POST', `/v1/orders/${(await world.captured()).order.id}/refund`, {amount: {amount: 999999, currency: 'SEK'}}),
  'refundOrder currency_mismatch': async (world) =>
    world.request('POST', `/v1/orders/${(await world.captured()).order.id}/refund`, {amount: {amount: 100, currency: 'EUR'}}),
  'createHostedPage invalid_state_transition': async (world) => {
    const session = await world.session();
    await world.call('POST', '/v1/hosted-pages', {session_id: session.id, distribution: {method: 'link'}});
    return world.request('POST', '/v1/hosted-pages', {session_id: session.id, distribution: {method: 'link'}});
  },
  'payCheckoutSession invalid_state_transition': async (world) => {
    const session = await world.session();
    await world.call('POST', `/v1/test-helpers/checkout/sessions/${session.id}/pay`, {});
    return world.request('POST', `/v1/test-helpers/checkout/sessions/${session.id}/pay`, {});
  },
  'submitSignup invalid_state_transition': async (world) => {
    const signup = await world.signup();
    await world.call('POST', `/v1/test-helpers/signups/${signup.id}/submit`, {});
    return world.request('POST', `/v1/test-helpers/signups/${signup.id}/submit`, {});
  },
};

// Closed: a field the documented schema does not have fails, as a typo in the simulator would.
const responses = new SchemaValidator(v1, 'sandbox-v1-responses', {closed: true});

/** What is wrong with an answer against the response the operation documents for its status. */
function responseProblems(operationId: string, status: number, body: JsonObject, headers: Record<string, string>): string[] {
  const {template, method, operation: found} = operation(operationId);
  const documented = ((found.responses ?? {}) as JsonObject)[String(status)];
  if (!documented) return [`${operationId} answered ${status}, which it does not document`];
  const response = resolveRef(v1, documented);
  const problems = Object.keys((response.headers ?? {}) as JsonObject)
    .filter((name) => !(name in headers))
    .map((name) => `${operationId} ${status}: no ${name} header`);
  const media = jsonMediaType(response.content as JsonObject | undefined);
  if (!media) return problems;
  const pointer = `#/paths/${template.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/responses/${status}`;
  const schemaPointer = typeof (documented as JsonObject).$ref === 'string' ? `${(documented as JsonObject).$ref}` : pointer;
  return [
    ...problems,
    ...responses
      .validate(`${schemaPointer}/content/${media[0].replaceAll('/', '~1')}/schema`, body)
      .map((problem) => `${operationId} ${status}: ${problem}`),
  ];
}

test('every V1 operation succeeds in the sandbox, its answer matching the documented response schema and headers field for field', async () => {
  const problems: string[] = [];
  for (const [operationId, build] of Object.entries(valid)) {
    const world = await new World().start();
    const answer = await world.send(await build(world));
    if (answer.status >= 300) problems.push(`${operationId}: the valid request answered ${answer.status} ${JSON.stringify(answer.json)}`);
    else problems.push(...responseProblems(operationId, answer.status, answer.json, answer.headers));
  }
  assert.deepEqual(problems, []);
  const operations = [...documentedCodes().keys()].filter((id) => id !== 'signupWebhookRequest');
  assert.deepEqual(Object.keys(valid).sort(), operations.sort(), 'every V1 operation has a valid request');
});

async function reach(
  operationId: string,
  code: string,
): Promise<{status: number; code: unknown; body: JsonObject; headers: Record<string, string>} | undefined> {
  const scenario = specific[`${operationId} ${code}`] ?? generic[code];
  if (!scenario || !valid[operationId]) return undefined;
  const world = await new World().start();
  const prepared = await scenario(world, operationId);
  if ('concurrent' in prepared) {
    const first = world.send(prepared.concurrent);
    await new Promise((resolve) => setImmediate(resolve));
    const second = await world.send(prepared.concurrent);
    world.release();
    await first;
    return {status: second.status, code: second.json.code, body: second.json, headers: second.headers};
  }
  const answer = await world.send(prepared);
  return {status: answer.status, code: answer.json.code, body: answer.json, headers: answer.headers};
}

test('the sandbox reaches every error code each V1 operation documents, with its documented status, problem body and headers', async (t) => {
  const missed: string[] = [];
  const unreachable: string[] = [];
  let reached = 0;
  for (const [operationId, codes] of documentedCodes()) {
    if (operationId === 'signupWebhookRequest') continue;
    for (const [code, status] of codes) {
      const pair = `${operationId} ${code}`;
      if (pair in unreachableByDesign) {
        unreachable.push(pair);
        continue;
      }
      const answer = await reach(operationId, code);
      if (!answer) missed.push(`${pair}: no scenario`);
      else if (answer.code !== code || answer.status !== status)
        missed.push(`${pair}: got ${answer.status} ${String(answer.code)} ${String(answer.body.detail)}, expected ${status}`);
      else {
        const problems = responseProblems(operationId, status, answer.body, answer.headers);
        if (answer.headers['Content-Type'] !== 'application/problem+json') problems.push(`${pair}: not application/problem+json`);
        if (answer.body.request_id !== answer.headers['Tessera-Request-Id']) problems.push(`${pair}: request_id is not the header's`);
        if (problems.length) missed.push(...problems);
        else reached += 1;
      }
    }
  }
  assert.deepEqual(missed, [], `reached ${reached}; not reached:\n${missed.join('\n')}`);
  assert.deepEqual(unreachable.sort(), Object.keys(unreachableByDesign).sort(), 'the list of codes unreachable by design is exact');
  assert.ok(reached > 150, `${reached} pairs reached`);
  t.diagnostic(`${reached} V1 operation and code pairs reached; unreachable by design: ${unreachable.join(', ') || 'none'}`);
});
