/**
 * The sandbox reaches every error code every V3 operation documents: for each operation, a request
 * that succeeds, and for each code its responses list, the change to it (or the state before it)
 * that makes the simulator answer that code with the documented status. A code no scenario reaches
 * is named; the few the sandbox cannot give by design are listed with the reason, and the list
 * must stay exact.
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

/** The codes each operation's responses document, with their statuses. */
function documentedCodes(): Map<string, Map<string, number>> {
  const codes = new Map<string, Map<string, number>>();
  for (const pathItem of Object.values(v3.paths as Record<string, JsonObject>)) {
    for (const operation of Object.values(pathItem) as JsonObject[]) {
      if (!operation?.operationId) continue;
      const found = new Map<string, number>();
      for (const [status, reference] of Object.entries((operation.responses ?? {}) as JsonObject)) {
        const response = resolveRef(v3, reference);
        for (const media of Object.values((response.content ?? {}) as Record<string, JsonObject>))
          for (const example of Object.values((media.examples ?? {}) as JsonObject)) {
            const value = resolveRef(v3, example).value as JsonObject | undefined;
            if (typeof value?.code === 'string') found.set(value.code, Number(status));
          }
      }
      codes.set(String(operation.operationId), found);
    }
  }
  return codes;
}

/**
 * Codes the sandbox cannot give for an operation, and why. None: the secret endpoint documents
 * neither `permission_denied` nor `account_restricted`, since the file says a refused key still
 * gets its secrets (SecretForbidden).
 */
const unreachableByDesign: Record<string, string> = {};

class World {
  readonly clock = new SandboxClock(() => 1_795_341_151_000);
  private gate?: () => void;
  readonly sandbox = new TesseraSandbox({v3, v1, clock: this.clock, sleep: () => new Promise<void>((resolve) => (this.gate = resolve))});
  secret = '';
  private counter = 0;

  async secretFor(keyId: string, expiresIn?: number): Promise<string> {
    const {response} = await this.sandbox.handle({
      method: 'POST',
      path: '/v3/auth/secret',
      headers: {Authorization: `Basic ${btoa(`${keyId}:x`)}`, ...(expiresIn ? {'Content-Type': 'application/json'} : {})},
      body: expiresIn ? JSON.stringify({expiresIn}) : undefined,
    });
    return String(JSON.parse(response.body).secret);
  }

  async start(): Promise<this> {
    this.secret = await this.secretFor(testKeyId);
    return this;
  }

  request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): SandboxRequest {
    return {
      method,
      path,
      headers: {
        Authorization: `Bearer ${this.secret}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': `key-${(this.counter += 1)}`,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
  }

  async send(request: SandboxRequest): Promise<{status: number; json: JsonObject}> {
    const {response} = await this.sandbox.handle(request);
    return {status: response.status, json: response.body ? (JSON.parse(response.body) as JsonObject) : {}};
  }

  async call(method: string, path: string, body?: unknown): Promise<JsonObject> {
    const answer = await this.send(this.request(method, path, body));
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json;
  }

  async advance(seconds: number): Promise<void> {
    this.clock.advance(seconds);
    await this.sandbox.tick();
    this.secret = await this.secretFor(testKeyId);
  }

  release(): void {
    this.gate?.();
  }

  paymentBody(extra: JsonObject = {}): JsonObject {
    const body = structuredClone(v3.components.examples.CreatePaymentSessionRequest.value) as JsonObject;
    delete body.expiresAt;
    delete body.purchaseConfirmation;
    return {...body, ...extra};
  }

  session(extra: JsonObject = {}) {
    return this.call('POST', '/v3/sessions', this.paymentBody(extra));
  }

  async paidOrder(card?: string, extra: JsonObject = {}): Promise<{session: JsonObject; order: JsonObject}> {
    const session = await this.session(extra);
    await this.call('POST', `/v3/test-helpers/sessions/${session.id}/complete`, card ? {card} : {});
    const read = await this.call('GET', `/v3/sessions/${session.id}`);
    return {session: read, order: await this.call('GET', `/v3/orders/${read.orderId}`)};
  }

  async capture(): Promise<{order: JsonObject; capture: JsonObject}> {
    const {order} = await this.paidOrder();
    return {order, capture: await this.call('POST', `/v3/orders/${order.id}/captures`, {})};
  }

  async token(card?: string): Promise<JsonObject> {
    const {session} = await this.paidOrder(card, {tokenization: {usage: 'unscheduled'}});
    return this.call('GET', `/v3/tokens/${session.tokenId}`);
  }

  async signup(submitted = true): Promise<JsonObject> {
    const body = structuredClone(v3.components.examples.CreateSignupSessionRequest.value) as JsonObject;
    delete body.expiresAt;
    const session = await this.call('POST', '/v3/sessions', body);
    if (submitted) await this.call('POST', `/v3/test-helpers/sessions/${session.id}/complete`, {});
    return session;
  }
}

const cart = () => (v3.components.examples.CreatePaymentSessionRequest.value as JsonObject).cart as JsonObject;
const chargeBody = () => ({cart: {...cart(), currency: 'SEK'}});

/** For each operation: the request that succeeds, built on a fresh world. */
const valid: Record<string, (world: World) => Promise<SandboxRequest>> = {
  generateASecret: async () => ({
    method: 'POST',
    path: '/v3/auth/secret',
    headers: {Authorization: `Basic ${btoa(`${testKeyId}:x`)}`, 'Content-Type': 'application/json'},
    body: '{"expiresIn":900}',
  }),
  createSession: async (world) => world.request('POST', '/v3/sessions', world.paymentBody()),
  readSession: async (world) => world.request('GET', `/v3/sessions/${(await world.session()).id}`),
  updateSession: async (world) => world.request('PATCH', `/v3/sessions/${(await world.session()).id}`, {locale: 'en-GB'}),
  updateCart: async (world) => world.request('PUT', `/v3/sessions/${(await world.session()).id}/cart`, cart()),
  updateMetadata: async (world) => world.request('PUT', `/v3/sessions/${(await world.session()).id}/metadata`, {cartId: 'c-1'}),
  updateReferences: async (world) =>
    world.request('PUT', `/v3/sessions/${(await world.session()).id}/references`, {merchantReference1: 'SO-1'}),
  makeDecision: async (world) => {
    const session = await world.session({purchaseConfirmation: {required: true}});
    await world.call('POST', `/v3/test-helpers/sessions/${session.id}/complete`, {});
    return world.request('POST', `/v3/sessions/${session.id}/decision`, {decision: 'approve'});
  },
  readAnOrder: async (world) => world.request('GET', `/v3/orders/${(await world.paidOrder()).order.id}`),
  captureAnOrder: async (world) => world.request('POST', `/v3/orders/${(await world.paidOrder()).order.id}/captures`, {}),
  readACapture: async (world) => {
    const {order, capture} = await world.capture();
    return world.request('GET', `/v3/orders/${order.id}/captures/${capture.id}`);
  },
  refundACapture: async (world) => {
    const {order, capture} = await world.capture();
    return world.request('POST', `/v3/orders/${order.id}/captures/${capture.id}/refunds`, {amount: {amount: 100, currency: 'SEK'}});
  },
  readARefund: async (world) => {
    const {order, capture} = await world.capture();
    const refund = await world.call('POST', `/v3/orders/${order.id}/captures/${capture.id}/refunds`, {
      amount: {amount: 100, currency: 'SEK'},
    });
    return world.request('GET', `/v3/orders/${order.id}/captures/${capture.id}/refunds/${refund.id}`);
  },
  cancelAnOrder: async (world) =>
    world.request('POST', `/v3/orders/${(await world.paidOrder()).order.id}/cancel`, {reason: 'out_of_stock'}),
  createAHostedPaymentPage: async (world) => world.request('POST', '/v3/hosted-pages', {sessionId: (await world.session()).id}),
  readAHostedPaymentPage: async (world) => {
    const page = await world.call('POST', '/v3/hosted-pages', {sessionId: (await world.session()).id});
    return world.request('GET', `/v3/hosted-pages/${page.id}`);
  },
  getToken: async (world) => world.request('GET', `/v3/tokens/${(await world.token()).id}`),
  patchToken: async (world) => world.request('PATCH', `/v3/tokens/${(await world.token()).id}`, {description: 'Monthly plan'}),
  chargeAToken: async (world) => world.request('POST', `/v3/tokens/${(await world.token()).id}/charges`, chargeBody()),
  deactivateToken: async (world) =>
    world.request('POST', `/v3/tokens/${(await world.token()).id}/deactivate`, {reason: 'customer_request'}),
  completeSession: async (world) => world.request('POST', `/v3/test-helpers/sessions/${(await world.session()).id}/complete`, {}),
  declineSession: async (world) => world.request('POST', `/v3/test-helpers/sessions/${(await world.session()).id}/decline`, {}),
  cancelSession: async (world) => world.request('POST', `/v3/test-helpers/sessions/${(await world.session()).id}/cancel`),
  approveSignup: async (world) => world.request('POST', `/v3/test-helpers/signups/${(await world.signup()).id}/approve`),
  rejectSignup: async (world) => world.request('POST', `/v3/test-helpers/signups/${(await world.signup()).id}/reject`),
  advanceSandboxClock: async (world) => world.request('POST', '/v3/test-helpers/clock', {advanceSeconds: 60}),
};

const withBody = (request: SandboxRequest, change: (body: JsonObject) => JsonObject): SandboxRequest => ({
  ...request,
  body: JSON.stringify(change(request.body ? (JSON.parse(request.body) as JsonObject) : {})),
});
const withHeaders = (request: SandboxRequest, headers: Record<string, string | undefined>): SandboxRequest => ({
  ...request,
  headers: {...request.headers, ...headers},
});
const sessionIdOf = (request: SandboxRequest) =>
  /\/sessions\/([0-9a-f-]{36})/.exec(request.path)?.[1] ?? /\/signups\/([0-9a-f-]{36})/.exec(request.path)?.[1];
const lastSegmentId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

type Scenario = (world: World, operationId: string) => Promise<SandboxRequest | {concurrent: SandboxRequest}>;

/** How to reach a code on any operation that documents it. */
const generic: Record<string, Scenario> = {
  authentication_required: async (world, operationId) => withHeaders(await valid[operationId]!(world), {Authorization: undefined}),
  invalid_credentials: async (world, operationId) =>
    withHeaders(await valid[operationId]!(world), {
      Authorization: operationId === 'generateASecret' ? `Basic ${btoa('not_a_key:x')}` : 'Bearer tsec_test_unknown',
    }),
  environment_mismatch: async (world, operationId) =>
    withHeaders(await valid[operationId]!(world), {
      Authorization:
        operationId === 'generateASecret' ? `Basic ${btoa('key_live_8HqT2mVx4LcR9pWn3sYb6KdA:x')}` : 'Bearer tsec_live_anything',
    }),
  secret_expired: async (world, operationId) => {
    const request = await valid[operationId]!(world);
    const short = await world.secretFor(testKeyId, 300);
    world.clock.advance(301);
    return withHeaders(request, {Authorization: `Bearer ${short}`});
  },
  permission_denied: async (world, operationId) =>
    withHeaders(await valid[operationId]!(world), {Authorization: `Bearer ${await world.secretFor(testValue('key_without_permissions'))}`}),
  account_restricted: async (world, operationId) =>
    withHeaders(await valid[operationId]!(world), {Authorization: `Bearer ${await world.secretFor(testValue('key_account_restricted'))}`}),
  validation_failed: async (world, operationId) => withBody(await valid[operationId]!(world), (body) => ({...body, notAField: true})),
  invalid_request: async (world, operationId) => ({...(await valid[operationId]!(world)), body: '{"unfinished": '}),
  resource_not_found: async (world, operationId) => {
    const request = await valid[operationId]!(world);
    if (operationId === 'createAHostedPaymentPage')
      return withBody(request, (body) => ({...body, sessionId: '00000000-0000-4000-8000-000000000000'}));
    const ids = [...request.path.matchAll(lastSegmentId)];
    const last = ids.at(-1)![0];
    return {...request, path: request.path.replace(last, '00000000-0000-4000-8000-000000000000')};
  },
  rate_limit_exceeded: async (world, operationId) => {
    const request = await valid[operationId]!(world);
    const limit =
      operationId === 'generateASecret'
        ? v3['x-tessera-limits'].rateLimits.generateASecret.requestsPerMinute
        : v3['x-tessera-limits'].rateLimits.sandbox.requestsPerSecond;
    // Any request counts; reads of an unknown session change nothing (a clock move would open a new window).
    const burst = operationId === 'generateASecret' ? request : world.request('GET', '/v3/sessions/00000000-0000-4000-8000-000000000000');
    for (let index = 0; index < limit; index += 1) await world.send(withHeaders(burst, {'Idempotency-Key': `burst-${index}`}));
    return request;
  },
  idempotency_key_reused: async (world, operationId) => {
    const request = await valid[operationId]!(world);
    await world.send(world.request('POST', '/v3/sessions', world.paymentBody({autoCapture: true}), {'Idempotency-Key': 'shared-key'}));
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
  'createSession cart_totals_mismatch': async (world) =>
    world.request('POST', '/v3/sessions', world.paymentBody({cart: {...cart(), totalAmount: 1}})),
  'createSession unsupported_currency': async (world) =>
    world.request('POST', '/v3/sessions', world.paymentBody({cart: {...cart(), currency: 'USD'}})),
  'updateSession session_not_modifiable': async (world) => {
    const session = await world.session();
    await world.call('PATCH', `/v3/sessions/${session.id}`, {status: 'cancelled'});
    return world.request('PATCH', `/v3/sessions/${session.id}`, {locale: 'en-GB'});
  },
  'updateCart session_type_mismatch': async (world) => world.request('PUT', `/v3/sessions/${(await world.signup(false)).id}/cart`, cart()),
  'updateCart cart_totals_mismatch': async (world) =>
    world.request('PUT', `/v3/sessions/${(await world.session()).id}/cart`, {...cart(), totalVatAmount: 1}),
  'updateCart unsupported_currency': async (world) =>
    world.request('PUT', `/v3/sessions/${(await world.session()).id}/cart`, {...cart(), currency: 'USD'}),
  'updateCart currency_mismatch': async (world) =>
    world.request('PUT', `/v3/sessions/${(await world.session()).id}/cart`, {...cart(), currency: 'EUR'}),
  'makeDecision session_not_awaiting_decision': async (world) =>
    world.request('POST', `/v3/sessions/${(await world.session()).id}/decision`, {decision: 'approve'}),
  'makeDecision decision_deadline_passed': async (world) => {
    const request = await valid.makeDecision!(world);
    await world.advance(61);
    return withHeaders(request, {Authorization: `Bearer ${world.secret}`});
  },
  'captureAnOrder order_not_capturable': async (world) => {
    const {order} = await world.capture();
    return world.request('POST', `/v3/orders/${order.id}/captures`, {});
  },
  'captureAnOrder authorization_expired': async (world) => {
    const {order} = await world.paidOrder();
    await world.advance(v3['x-tessera-limits'].authorizationValidForSeconds + 1);
    return world.request('POST', `/v3/orders/${order.id}/captures`, {});
  },
  'captureAnOrder amount_exceeds_capturable': async (world) =>
    world.request('POST', `/v3/orders/${(await world.paidOrder()).order.id}/captures`, {amount: {amount: 999999, currency: 'SEK'}}),
  'captureAnOrder currency_mismatch': async (world) =>
    world.request('POST', `/v3/orders/${(await world.paidOrder()).order.id}/captures`, {amount: {amount: 100, currency: 'EUR'}}),
  'refundACapture refund_window_closed': async (world) => {
    const {order, capture} = await world.capture();
    await world.advance(v3['x-tessera-limits'].refundWindowSeconds + 1);
    return world.request('POST', `/v3/orders/${order.id}/captures/${capture.id}/refunds`, {amount: {amount: 100, currency: 'SEK'}});
  },
  'refundACapture amount_exceeds_refundable': async (world) => {
    const {order, capture} = await world.capture();
    return world.request('POST', `/v3/orders/${order.id}/captures/${capture.id}/refunds`, {amount: {amount: 999999, currency: 'SEK'}});
  },
  'refundACapture currency_mismatch': async (world) => {
    const {order, capture} = await world.capture();
    return world.request('POST', `/v3/orders/${order.id}/captures/${capture.id}/refunds`, {amount: {amount: 100, currency: 'EUR'}});
  },
  'cancelAnOrder order_not_cancellable': async (world) =>
    world.request('POST', `/v3/orders/${(await world.capture()).order.id}/cancel`, {}),
  'createAHostedPaymentPage session_not_modifiable': async (world) => {
    const session = await world.session();
    await world.call('PATCH', `/v3/sessions/${session.id}`, {status: 'cancelled'});
    return world.request('POST', '/v3/hosted-pages', {sessionId: session.id});
  },
  'patchToken token_not_active': async (world) => {
    const token = await world.token();
    await world.call('POST', `/v3/tokens/${token.id}/deactivate`, {});
    return world.request('PATCH', `/v3/tokens/${token.id}`, {description: 'x'});
  },
  'chargeAToken token_not_active': async (world) => {
    const token = await world.token();
    await world.call('POST', `/v3/tokens/${token.id}/deactivate`, {});
    return world.request('POST', `/v3/tokens/${token.id}/charges`, chargeBody());
  },
  'chargeAToken payment_declined': async (world) =>
    world.request('POST', `/v3/tokens/${(await world.token(testValue('token_charge_declined'))).id}/charges`, chargeBody()),
  'chargeAToken cart_totals_mismatch': async (world) =>
    world.request('POST', `/v3/tokens/${(await world.token()).id}/charges`, {cart: {...cart(), totalAmount: 1}}),
  'chargeAToken unsupported_currency': async (world) =>
    world.request('POST', `/v3/tokens/${(await world.token()).id}/charges`, {cart: {...cart(), currency: 'EUR'}}),
  'approveSignup session_not_modifiable': async (world) =>
    world.request('POST', `/v3/test-helpers/signups/${(await world.signup(false)).id}/approve`),
  'rejectSignup session_not_modifiable': async (world) =>
    world.request('POST', `/v3/test-helpers/signups/${(await world.signup(false)).id}/reject`),
};

/** Session codes shared by the operations on a session: cancel it first. */
const afterCancel: Scenario = async (world, operationId) => {
  const request = await valid[operationId]!(world);
  const id = sessionIdOf(request)!;
  await world.send(world.request('PATCH', `/v3/sessions/${id}`, {status: 'cancelled'}));
  return request;
};

// Closed: a field the documented schema does not have fails, as a typo in the simulator would.
const responses = new SchemaValidator(v3, 'sandbox-responses', {closed: true});

/** What is wrong with an answer against the response the operation documents for its status. */
function responseProblems(operationId: string, status: number, body: JsonObject): string[] {
  for (const [template, pathItem] of Object.entries(v3.paths as Record<string, JsonObject>))
    for (const [method, operation] of Object.entries(pathItem) as [string, JsonObject][]) {
      if (operation?.operationId !== operationId) continue;
      const documented = ((operation.responses ?? {}) as JsonObject)[String(status)];
      if (!documented) return [`${operationId} answered ${status}, which it does not document`];
      const media = jsonMediaType(resolveRef(v3, documented).content as JsonObject | undefined);
      if (!media) return [];
      const pointer = `#/paths/${template.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/responses/${status}`;
      const schemaPointer = typeof (documented as JsonObject).$ref === 'string' ? `${(documented as JsonObject).$ref}` : pointer;
      return responses
        .validate(`${schemaPointer}/content/${media[0].replaceAll('/', '~1')}/schema`, body)
        .map((problem) => `${operationId} ${status}: ${problem}`);
    }
  return [`no operation ${operationId}`];
}

test('every success the sandbox answers matches the response schema the operation documents, field for field', async () => {
  const problems: string[] = [];
  for (const [operationId, build] of Object.entries(valid)) {
    const world = await new World().start();
    const answer = await world.send(await build(world));
    if (answer.status >= 300) problems.push(`${operationId}: the valid request answered ${answer.status} ${JSON.stringify(answer.json)}`);
    else problems.push(...responseProblems(operationId, answer.status, answer.json));
  }
  assert.deepEqual(problems, []);
});

async function reach(operationId: string, code: string): Promise<{status: number; code: unknown; body: JsonObject} | undefined> {
  const scenario = specific[`${operationId} ${code}`] ?? (code === 'session_not_modifiable' ? afterCancel : generic[code]);
  if (!scenario || !valid[operationId]) return undefined;
  const world = await new World().start();
  const prepared = await scenario(world, operationId);
  if ('concurrent' in prepared) {
    const first = world.send(prepared.concurrent);
    await new Promise((resolve) => setImmediate(resolve));
    const second = await world.send(prepared.concurrent);
    world.release();
    await first;
    return {status: second.status, code: second.json.code, body: second.json};
  }
  const answer = await world.send(prepared);
  return {status: answer.status, code: answer.json.code, body: answer.json};
}

test('the sandbox reaches every error code each V3 operation documents, with its documented status and problem body', async (t) => {
  const missed: string[] = [];
  const unreachable: string[] = [];
  let reached = 0;
  for (const [operationId, codes] of documentedCodes()) {
    for (const [code, status] of codes) {
      const pair = `${operationId} ${code}`;
      if (pair in unreachableByDesign) {
        unreachable.push(pair);
        continue;
      }
      const answer = await reach(operationId, code);
      if (!answer) missed.push(`${pair}: no scenario`);
      else if (answer.code !== code || answer.status !== status)
        missed.push(`${pair}: got ${answer.status} ${String(answer.code)}, expected ${status}`);
      else reached += 1;
    }
  }
  assert.deepEqual(missed, [], `reached ${reached}; not reached:\n${missed.join('\n')}`);
  assert.deepEqual(unreachable.sort(), Object.keys(unreachableByDesign).sort(), 'the list of codes unreachable by design is exact');
  assert.ok(reached > 250, `${reached} pairs reached`);
  t.diagnostic(`${reached} operation and code pairs reached; unreachable by design: ${unreachable.join(', ')}`);
});
