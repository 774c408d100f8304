import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {loadApiDocuments} from '../support/sandbox';
import {SandboxClock} from '../../src/lib/sandbox/clock';
import {parseFaultSpec} from '../../src/lib/sandbox/faults';
import {TesseraSandbox, publishedTestVector} from '../../src/lib/sandbox/sandbox';
import {verifySignature} from '../../src/lib/sandbox/signature';
import type {SandboxRequest} from '../../src/lib/sandbox/http';
import {SandboxClient} from '../support/sandbox';

const {v3, v1} = loadApiDocuments();

describe('the sandbox simulator', () => {
  test('a payment flows from session to refund as the pages describe it', async () => {
    const client = await SandboxClient.start();
    const session = await client.createPaymentSession();
    assert.equal(session.status, 'created');
    assert.match(String(session.clientToken), /^ct_test_/);
    const completed = await client.call('POST', `/v3/test-helpers/sessions/${session.id}/complete`, {card: '4111 1111 1111 1111'});
    assert.equal(completed.status, 200);
    assert.equal(completed.json.outcome, 'authorized');
    assert.deepEqual(
      completed.notifications.map((notification) => notification.type),
      ['session.completed'],
    );
    const read = await client.call('GET', `/v3/sessions/${session.id}`);
    assert.equal(read.json.status, 'completed');
    assert.equal(read.json.clientToken, null);
    const orderId = String(read.json.orderId);
    const partial = await client.call(
      'POST',
      `/v3/orders/${orderId}/captures`,
      {amount: {amount: 10000, currency: 'SEK'}},
      {'Idempotency-Key': 'capture-1'},
    );
    assert.equal(partial.status, 201);
    assert.equal(partial.json.orderStatus, 'part_captured');
    const rest = await client.call('POST', `/v3/orders/${orderId}/captures`, {}, {'Idempotency-Key': 'capture-2'});
    assert.equal(
      (rest.json.amount as {amount: number}).amount,
      15900,
      'a capture without an amount takes what remains of the 25900 authorized',
    );
    assert.equal(rest.json.orderStatus, 'captured');
    const refund = await client.call(
      'POST',
      `/v3/orders/${orderId}/captures/${partial.json.id}/refunds`,
      {amount: {amount: 4000, currency: 'SEK'}},
      {'Idempotency-Key': 'refund-1'},
    );
    assert.equal(refund.status, 201);
    assert.equal(refund.json.status, 'pending', 'a new refund is pending, never the schema example');
    await client.advance(v3['x-sandbox-timings'].refundSettlesAfterSeconds);
    const order = await client.call('GET', `/v3/orders/${orderId}`);
    assert.equal(order.json.status, 'part_refunded');
    assert.equal((order.json.refunds as {status: string}[])[0]!.status, 'succeeded');
    assert.equal(client.sandbox.outbox.sent.at(-1)!.type, 'refund.succeeded');
  });

  test('a refund of an order paid with the refund-failing card fails and its amount is refundable again', async () => {
    const client = await SandboxClient.start();
    const session = await client.createPaymentSession();
    await client.call('POST', `/v3/test-helpers/sessions/${session.id}/complete`, {card: '4000 0000 0000 8088'});
    const orderId = String((await client.call('GET', `/v3/sessions/${session.id}`)).json.orderId);
    const capture = await client.call('POST', `/v3/orders/${orderId}/captures`, {}, {'Idempotency-Key': 'c'});
    await client.call(
      'POST',
      `/v3/orders/${orderId}/captures/${capture.json.id}/refunds`,
      {amount: {amount: 25900, currency: 'SEK'}},
      {'Idempotency-Key': 'r'},
    );
    assert.equal((await client.call('GET', `/v3/orders/${orderId}`)).json.status, 'refunded');
    await client.advance(60);
    const order = await client.call('GET', `/v3/orders/${orderId}`);
    assert.equal(order.json.status, 'captured', 'a failed full refund returns the order to captured (OrderStatus)');
    assert.deepEqual(order.json.refundedAmount, {amount: 0, currency: 'SEK'});
    assert.equal((order.json.refunds as {failureReason: string}[])[0]!.failureReason, 'account_closed');
  });

  test('idempotency: a first execution has no replay header, a retry replays, another body is refused', async () => {
    const client = await SandboxClient.start();
    const body = client.paymentSessionBody();
    const first = await client.call('POST', '/v3/sessions', body, {'Idempotency-Key': 'same-key'});
    assert.equal(first.status, 201);
    assert.equal(first.headers['Tessera-Idempotent-Replayed'], undefined);
    const replay = await client.call('POST', '/v3/sessions', body, {'Idempotency-Key': 'same-key'});
    assert.equal(replay.headers['Tessera-Idempotent-Replayed'], 'true');
    assert.equal(replay.json.id, first.json.id);
    const reused = await client.call('POST', '/v3/sessions', {...body, autoCapture: true}, {'Idempotency-Key': 'same-key'});
    assert.equal(reused.status, 422);
    assert.equal(reused.json.code, 'idempotency_key_reused');
    await client.advance(v3['x-tessera-limits'].idempotencyKeyRetentionSeconds);
    await client.renewSecret();
    const later = await client.call('POST', '/v3/sessions', {...body, autoCapture: true}, {'Idempotency-Key': 'same-key'});
    assert.equal(later.status, 201, 'after 24 hours the key is new again');
  });

  test('a request with a field the API does not have fails with 400 validation_failed naming it', async () => {
    const client = await SandboxClient.start();
    const body = client.paymentSessionBody() as {cart: {orderLines: Record<string, unknown>[]}};
    body.cart.orderLines[0]!.tax_rate = 2500;
    const response = await client.call('POST', '/v3/sessions', {...body, merchant_reference: 'SO-1'});
    assert.equal(response.status, 400);
    assert.equal(response.json.code, 'validation_failed');
    assert.deepEqual((response.json.errors as {pointer: string; code: string}[]).map(({pointer, code}) => `${pointer} ${code}`).sort(), [
      '/cart/orderLines/0/tax_rate unknown_property',
      '/merchant_reference unknown_property',
    ]);
  });

  test('the statuses an operation is not allowed in answer 409 with the documented code', async () => {
    const client = await SandboxClient.start();
    const session = await client.createPaymentSession();
    const decision = await client.call('POST', `/v3/sessions/${session.id}/decision`, {decision: 'approve'});
    assert.equal(decision.status, 409);
    assert.equal(decision.json.code, 'session_not_awaiting_decision');
    await client.call('PATCH', `/v3/sessions/${session.id}`, {status: 'cancelled'});
    const cart = await client.call('PUT', `/v3/sessions/${session.id}/cart`, client.paymentSessionBody().cart);
    assert.equal(cart.status, 409);
    assert.equal(cart.json.code, 'session_not_modifiable');
  });

  test('a missing decision lets the deadline reject the session, and a late decision is refused', async () => {
    const client = await SandboxClient.start();
    const session = await client.createPaymentSession({purchaseConfirmation: {required: true, timeoutSeconds: 30}});
    const outcome = await client.call('POST', `/v3/test-helpers/sessions/${session.id}/complete`, {});
    assert.equal(outcome.json.outcome, 'awaiting_decision');
    await client.advance(31);
    const late = await client.call(
      'POST',
      `/v3/sessions/${session.id}/decision`,
      {decision: 'reject', reason: 'other'},
      {'Idempotency-Key': 'late'},
    );
    assert.equal(late.json.code, 'decision_deadline_passed');
    const read = await client.call('GET', `/v3/sessions/${session.id}`);
    assert.equal(read.json.statusReason, 'decision_timeout');
  });

  test('a rejection without a reason breaks the schema, as the file now says', async () => {
    const client = await SandboxClient.start();
    const session = await client.createPaymentSession({purchaseConfirmation: {required: true}});
    await client.call('POST', `/v3/test-helpers/sessions/${session.id}/complete`, {});
    const response = await client.call('POST', `/v3/sessions/${session.id}/decision`, {decision: 'reject'});
    assert.equal(response.status, 400);
    assert.deepEqual(response.json.errors, [{pointer: '/reason', code: 'required', detail: 'Required.'}]);
  });

  test('secrets expire, live keys are refused, and the capture takes no call without its Idempotency-Key', async () => {
    const client = await SandboxClient.start();
    const live = await client.raw({
      method: 'POST',
      path: '/v3/auth/secret',
      headers: {Authorization: `Basic ${btoa('key_live_8HqT2mVx4LcR9pWn3sYb6KdA:x')}`},
    });
    assert.equal(JSON.parse(live.response.body).code, 'environment_mismatch');
    const session = await client.createPaymentSession();
    await client.call('POST', `/v3/test-helpers/sessions/${session.id}/complete`, {});
    const orderId = (await client.call('GET', `/v3/sessions/${session.id}`)).json.orderId;
    const withoutKey = await client.call('POST', `/v3/orders/${orderId}/captures`, {}, {}, {withoutIdempotencyKey: true});
    assert.equal(withoutKey.status, 400);
    assert.deepEqual(
      (withoutKey.json.errors as {pointer: string}[]).map((issue) => issue.pointer),
      ['header:Idempotency-Key'],
    );
    await client.advance(3600);
    const expired = await client.call('GET', `/v3/sessions/${session.id}`);
    assert.equal(expired.status, 401);
    assert.equal(expired.json.code, 'secret_expired');
  });

  test('sessions expire at expiresAt and send session.expired', async () => {
    const client = await SandboxClient.start({expiresIn: 3600});
    const session = await client.createPaymentSession();
    await client.advance(24 * 3600 - 60);
    const secret = await client.renewSecret();
    assert.ok(secret);
    await client.advance(61);
    await client.renewSecret();
    assert.equal((await client.call('GET', `/v3/sessions/${session.id}`)).json.status, 'expired');
    assert.equal(client.sandbox.outbox.sent.at(-1)!.type, 'session.expired');
  });

  test('every notification is signed so that the documented check accepts it', async () => {
    const client = await SandboxClient.start();
    const session = await client.createPaymentSession();
    const completed = await client.call('POST', `/v3/test-helpers/sessions/${session.id}/complete`, {});
    const notification = completed.notifications[0]!;
    const signature = await client.sandbox.outbox.sign(notification);
    // Signed at the receiver's time, whatever the sandbox clock says.
    const now = Math.floor(Date.now() / 1000);
    assert.deepEqual(await verifySignature(signature, notification.body, publishedTestVector(v3).secret, now), {valid: true});
    assert.equal((await verifySignature(signature, `${notification.body} `, publishedTestVector(v3).secret, now)).valid, false);
  });

  test('injected faults answer 503 without executing, and a dropped response is replayed to the retry', async () => {
    const client = await SandboxClient.start();
    client.sandbox.faults.add(parseFaultSpec('503:next=1:op=createSession,drop:next=1:op=createSession'));
    const body = client.paymentSessionBody();
    const unavailable = await client.call('POST', '/v3/sessions', body, {'Idempotency-Key': 'faulty'});
    assert.equal(unavailable.status, 503);
    assert.equal(unavailable.headers['Retry-After'], '1');
    const dropped = await client.raw(client.request('POST', '/v3/sessions', body, {'Idempotency-Key': 'faulty'}));
    assert.equal(dropped.fault?.kind, 'drop');
    const retry = await client.call('POST', '/v3/sessions', body, {'Idempotency-Key': 'faulty'});
    assert.equal(retry.headers['Tessera-Idempotent-Replayed'], 'true');
    assert.equal(retry.json.id, JSON.parse(dropped.response.body).id);
  });

  test('the sandbox answers more requests per second than its limit with 429 and the rate headers', async () => {
    const clock = new SandboxClock(() => 1_800_000_000_000);
    const client = await SandboxClient.start({clock});
    const limit = v3['x-tessera-limits'].rateLimits.sandbox.requestsPerSecond as number;
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index += 1)
      statuses.push((await client.call('GET', '/v3/sessions/3f6c2a1e-8b4d-4c9a-9e27-5d1f0b7a6c42')).status);
    assert.equal(statuses.filter((status) => status === 429).length, 1);
    const limited = await client.call('GET', '/v3/sessions/3f6c2a1e-8b4d-4c9a-9e27-5d1f0b7a6c42');
    assert.equal(limited.headers['RateLimit-Limit'], String(limit));
    assert.equal(limited.headers['Retry-After'], '1');
  });

  test('a submitted signup is reviewed, not expired: approved after the review time, the slow-review number later, and not changeable meanwhile', async () => {
    const client = await SandboxClient.start({expiresIn: 3600});
    const timings = v3['x-sandbox-timings'];
    const quick = await client.createSignupSession();
    const submitted = await client.call('POST', `/v3/test-helpers/sessions/${quick.id}/complete`, {});
    assert.equal(submitted.json.outcome, 'submitted');
    const update = await client.call('PATCH', `/v3/sessions/${quick.id}`, {status: 'cancelled'});
    assert.equal(update.json.code, 'session_not_modifiable', 'a submitted application cannot be cancelled');
    const slowNumber = (v3['x-sandbox-test-data'].values as {id: string; value: string}[]).find(
      (value) => value.id === 'signup_review_slow',
    )!.value;
    const slow = await client.createSignupSession();
    await client.call('POST', `/v3/test-helpers/sessions/${slow.id}/complete`, {organisationNumber: slowNumber});
    await client.advance(timings.signupReviewAfterSeconds);
    const approved = await client.call('GET', `/v3/sessions/${quick.id}`);
    assert.equal(approved.json.status, 'completed');
    assert.match(String(approved.json.merchantAccountId), /^mer_[A-Za-z0-9]{16}$/);
    assert.equal((await client.call('GET', `/v3/sessions/${slow.id}`)).json.status, 'in_progress');
    await client.advance(timings.slowSignupReviewAfterSeconds);
    assert.equal((await client.call('GET', `/v3/sessions/${slow.id}`)).json.status, 'completed');
    const unsubmitted = await client.createSignupSession();
    const pending = await client.createSignupSession();
    await client.call('POST', `/v3/test-helpers/sessions/${pending.id}/complete`, {organisationNumber: slowNumber});
    await client.advance(24 * 3600);
    await client.renewSecret();
    assert.equal((await client.call('GET', `/v3/sessions/${unsubmitted.id}`)).json.status, 'expired');
    assert.equal((await client.call('GET', `/v3/sessions/${pending.id}`)).json.status, 'completed', 'reviewed, never expired');
  });

  test('a notification the receiver refuses is retried on the documented schedule, signed at each attempt, until it gives up after 3 days', async () => {
    const clock = new SandboxClock(() => 1_795_341_151_000);
    const attempts: {at: number; signature: string}[] = [];
    const sandbox = new TesseraSandbox({
      v3,
      v1,
      clock,
      transport: async (_url, headers) => {
        attempts.push({at: clock.now(), signature: headers['Tessera-Signature']!});
        return 503;
      },
    });
    const basic = `Basic ${btoa('key_test_8HqT2mVx4LcR9pWn3sYb6KdA:x')}`;
    const {response} = await sandbox.handle({method: 'POST', path: '/v3/auth/secret', headers: {Authorization: basic}});
    const headers = {Authorization: `Bearer ${JSON.parse(response.body).secret}`, 'Content-Type': 'application/json'};
    const body = structuredClone(v3.components.examples.CreatePaymentSessionRequest.value);
    delete body.expiresAt;
    delete body.purchaseConfirmation;
    const created = JSON.parse(
      (await sandbox.handle({method: 'POST', path: '/v3/sessions', headers, body: JSON.stringify(body)})).response.body,
    );
    await sandbox.handle({method: 'POST', path: `/v3/test-helpers/sessions/${created.id}/complete`, headers, body: '{}'});
    const delivery = v3.components.responses.NotificationAccepted['x-tessera-delivery'];
    for (let minute = 0; minute <= (delivery.giveUpAfterSeconds / 60) * 1.2; minute += 1) {
      clock.advance(60);
      await sandbox.tick();
    }
    const offsets = attempts.map((attempt) => Math.round((attempt.at - attempts[0]!.at) / 60_000));
    const expected = [0];
    for (const delay of [...delivery.retryDelaysSeconds, ...Array(10).fill(delivery.thenEverySeconds)]) {
      const next = expected.at(-1)! + delay / 60;
      if (next * 60 > delivery.giveUpAfterSeconds) break;
      expected.push(next);
    }
    assert.deepEqual(offsets, expected, 'minutes after the first attempt');
    assert.equal(sandbox.outbox.sent[0]!.state, 'failed');
    for (const attempt of attempts)
      assert.deepEqual(
        await verifySignature(
          attempt.signature,
          sandbox.outbox.sent[0]!.body,
          publishedTestVector(v3).secret,
          Math.floor(Date.now() / 1000),
        ),
        {valid: true},
      );
  });
});

/** A V1 integration against the in-process sandbox: a merchant token, and requests as a V1 client sends them. */
class V1Client {
  token = '';
  private counter = 0;
  constructor(readonly sandbox: TesseraSandbox) {}

  static async start(sandbox = new TesseraSandbox({v3, v1, clock: new SandboxClock(() => 1_795_341_151_000)})): Promise<V1Client> {
    const client = new V1Client(sandbox);
    client.token = String((await client.basic('/v1/auth/token', {grant_type: 'client_credentials'})).json.access_token);
    return client;
  }

  async basic(path: string, body: unknown, keyId = 'key_test_8HqT2mVx4LcR9pWn3sYb6KdA') {
    return this.send({
      method: 'POST',
      path,
      headers: {Authorization: `Basic ${btoa(`${keyId}:s`)}`, 'Content-Type': 'application/json'},
      body: JSON.stringify(body),
    });
  }

  async send(request: SandboxRequest) {
    const {response, notifications} = await this.sandbox.handle(request);
    return {status: response.status, headers: response.headers, json: response.body ? JSON.parse(response.body) : {}, notifications};
  }

  call(method: string, path: string, body?: unknown, headers: Record<string, string | undefined> = {}) {
    const takesKey = method === 'POST' && !/\/(validation|pay|submit|clock)$/.test(path);
    return this.send({
      method,
      path,
      headers: {
        Authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : {'Content-Type': 'application/json'}),
        ...(takesKey ? {'Idempotency-Key': `v1-key-${(this.counter += 1)}`} : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  sessionBody(extra: Record<string, unknown> = {}, validation = false) {
    const operation = v1.paths['/v1/checkout/sessions'].post;
    const body = structuredClone(operation.requestBody.content['application/json'].examples.swedishWebShop.value);
    if (!validation) delete body.merchant_urls.validation;
    return {...body, ...extra};
  }

  async advance(seconds: number): Promise<void> {
    this.sandbox.clock.advance(seconds);
    await this.sandbox.tick();
  }
}

describe('V1 in the sandbox', () => {
  const sek = (amount: number) => ({amount, currency: 'SEK'});

  test('a manual-decision purchase flows from session to refund, and every answer announces the sunset', async () => {
    const client = await V1Client.start();
    const created = await client.call('POST', '/v1/checkout/sessions', client.sessionBody({decision_mode: 'manual'}));
    assert.equal(created.status, 201);
    assert.match(created.json.id, /^cs_[A-Za-z0-9]{24}$/);
    assert.equal(created.json.status, 'created');
    assert.equal(created.headers.Location, `https://api.sandbox.tessera.example/v1/checkout/sessions/${created.json.id}`);
    assert.equal(created.headers.Deprecation, '@1767225600');
    assert.equal(created.headers.Sunset, 'Wed, 30 Jun 2027 23:59:59 GMT');
    const paid = await client.call('POST', `/v1/test-helpers/checkout/sessions/${created.json.id}/pay`, {});
    assert.equal(paid.json.status, 'awaiting_decision');
    assert.equal(
      Date.parse(paid.json.decision_expires_at) - Date.parse(paid.json.updated_at),
      v1.components.schemas.CheckoutSession.properties.decision_expires_at['x-tessera-seconds-after'].seconds * 1000,
    );
    const decided = await client.call('POST', `/v1/checkout/sessions/${created.json.id}/decision`, {
      decision: 'approve',
      merchant_reference: 'NV-2',
    });
    assert.equal(decided.json.status, 'completed');
    const orderId = decided.json.order_id;
    assert.match(orderId, /^ord_/);
    const partial = await client.call('POST', `/v1/orders/${orderId}/capture`, {amount: sek(94800)});
    assert.equal(partial.status, 201);
    assert.equal(partial.json.order_status, 'part_captured');
    assert.deepEqual(partial.json.remaining_authorized_amount, sek(89900), 'the 184700 authorised less the capture');
    const rest = await client.call('POST', `/v1/orders/${orderId}/capture`, {amount: sek(89900)});
    assert.equal(rest.json.order_status, 'captured');
    const tooMuch = await client.call('POST', `/v1/orders/${orderId}/refund`, {amount: sek(89901)});
    assert.equal(tooMuch.status, 422, 'without capture_id the refund comes from the latest capture, 89900');
    assert.equal(tooMuch.json.code, 'amount_exceeds_remaining');
    const refund = await client.call('POST', `/v1/orders/${orderId}/refund`, {amount: sek(4900), reason: 'goodwill'});
    assert.equal(refund.status, 201);
    assert.equal(refund.json.status, 'pending');
    assert.equal(refund.json.capture_id, rest.json.id);
    assert.equal(refund.json.order_status, 'part_refunded');
    await client.advance(v3['x-sandbox-timings'].refundSettlesAfterSeconds);
    const order = await client.call('PATCH', `/v1/orders/${orderId}`, {merchant_reference: 'ERP-1'});
    assert.equal(order.json.status, 'part_refunded');
    assert.deepEqual(order.json.refunded_amount, sek(4900));
    assert.equal(order.json.refunds[0].status, 'succeeded');
    assert.equal(order.json.merchant_reference, 'ERP-1');
    const session = await client.call('GET', `/v1/checkout/sessions/${created.json.id}`);
    assert.equal(session.json.merchant_reference, 'NV-2', 'the decision replaced the reference');
  });

  test('the validation request is signed and sent to merchant_urls.validation; an accepted one authorises, an unanswered one returns the session to in_progress', async () => {
    const client = await V1Client.start();
    const session = await client.call('POST', '/v1/checkout/sessions', client.sessionBody({}, true));
    const paid = await client.call('POST', `/v1/test-helpers/checkout/sessions/${session.json.id}/pay`, {});
    assert.equal(paid.json.status, 'awaiting_validation');
    const [request] = paid.notifications;
    assert.equal(request!.url, session.json.merchant_urls.validation);
    const body = JSON.parse(request!.body);
    assert.equal(body.validation_request_id, paid.json.validation_request_id);
    assert.equal(body.session.id, session.json.id);
    const signature = await client.sandbox.outbox.sign(request!);
    assert.deepEqual(await verifySignature(signature, request!.body, client.sandbox.webhookSecret, Math.floor(Date.now() / 1000)), {
      valid: true,
    });
    const stale = await client.call('POST', `/v1/checkout/sessions/${session.json.id}/validation`, {
      validation_request_id: 'vrq_000000000000000000000000',
      result: 'accept',
    });
    assert.equal(stale.status, 409);
    const accepted = await client.call('POST', `/v1/checkout/sessions/${session.json.id}/validation`, {
      validation_request_id: body.validation_request_id,
      result: 'accept',
    });
    assert.equal(accepted.json.status, 'completed');
    assert.equal(accepted.json.validation_request_id, null);

    const other = await client.call('POST', '/v1/checkout/sessions', client.sessionBody({}, true));
    await client.call('POST', `/v1/test-helpers/checkout/sessions/${other.json.id}/pay`, {});
    await client.advance(v1.components.schemas.CheckoutSession.properties.validation_request_id['x-tessera-valid-for-seconds']);
    const timedOut = await client.call('GET', `/v1/checkout/sessions/${other.json.id}`);
    assert.equal(timedOut.json.status, 'in_progress');
    assert.equal(timedOut.json.validation_request_id, null);
  });

  test('a declined card returns the session to in_progress; sessions, decisions and authorisations expire on the clock', async () => {
    const client = await V1Client.start();
    const session = await client.call('POST', '/v1/checkout/sessions', client.sessionBody({expires_in_minutes: 10}));
    const declined = await client.call('POST', `/v1/test-helpers/checkout/sessions/${session.json.id}/pay`, {card: '4000 0000 0000 0002'});
    assert.equal(declined.json.status, 'in_progress');
    await client.advance(600);
    assert.equal((await client.call('GET', `/v1/checkout/sessions/${session.json.id}`)).json.status, 'expired');
    const token = await client.basic('/v1/auth/session-token', {session_id: session.json.id});
    assert.equal(token.status, 409, 'an expired session can no longer be paid');

    const manual = await client.call('POST', '/v1/checkout/sessions', client.sessionBody({decision_mode: 'manual'}));
    await client.call('POST', `/v1/test-helpers/checkout/sessions/${manual.json.id}/pay`, {});
    await client.advance(86400);
    client.token = String((await client.basic('/v1/auth/token', {grant_type: 'client_credentials'})).json.access_token);
    assert.equal(
      (await client.call('GET', `/v1/checkout/sessions/${manual.json.id}`)).json.status,
      'expired',
      'no decision by decision_expires_at',
    );
    const late = await client.call('POST', `/v1/checkout/sessions/${manual.json.id}/decision`, {decision: 'approve'});
    assert.equal(late.status, 409);
    assert.equal(late.json.code, 'invalid_state_transition');

    const automatic = await client.call('POST', '/v1/checkout/sessions', client.sessionBody());
    const completed = await client.call('POST', `/v1/test-helpers/checkout/sessions/${automatic.json.id}/pay`, {});
    await client.advance(v1['x-tessera-limits'].authorizationValidForSeconds);
    client.token = String((await client.basic('/v1/auth/token', {grant_type: 'client_credentials'})).json.access_token);
    const capture = await client.call('POST', `/v1/orders/${completed.json.order_id}/capture`, {amount: sek(100)});
    assert.equal(capture.status, 409, 'the authorisation expired after 28 days: the order is expired');
    const cancel = await client.call('PATCH', `/v1/orders/${completed.json.order_id}`, {status: 'cancelled'});
    assert.equal(cancel.status, 409);
  });

  test('idempotency: a retry with the same key gets the stored response unchanged, another body is refused, a missing key is named', async () => {
    const client = await V1Client.start();
    const body = client.sessionBody();
    const first = await client.call('POST', '/v1/checkout/sessions', body, {'Idempotency-Key': 'same-key-1'});
    const retry = await client.call('POST', '/v1/checkout/sessions', body, {'Idempotency-Key': 'same-key-1'});
    assert.deepEqual(retry.json, first.json);
    assert.equal(retry.headers['Tessera-Request-Id'], first.headers['Tessera-Request-Id'], 'returned unchanged, as V1 says');
    assert.equal(retry.headers['Tessera-Idempotent-Replayed'], undefined, 'V1 documents no replay header');
    assert.equal(client.sandbox.v1Objects('key_test_8HqT2mVx4LcR9pWn3sYb6KdA')!.sessions.size, 1);
    const other = await client.call('POST', '/v1/checkout/sessions', {...body, merchant_reference: 'X'}, {'Idempotency-Key': 'same-key-1'});
    assert.equal(other.status, 409);
    assert.equal(other.json.code, 'idempotency_key_reused');
    const missing = await client.call('POST', '/v1/checkout/sessions', body, {'Idempotency-Key': undefined});
    assert.equal(missing.status, 400);
    assert.equal(missing.json.code, 'idempotency_key_missing');
  });

  test("V1's own authentication: live keys and unknown tokens refused, tokens expire, a session token reads only its own session", async () => {
    const client = await V1Client.start();
    const live = await client.basic('/v1/auth/token', {grant_type: 'client_credentials'}, 'key_live_8HqT2mVx4LcR9pWn3sYb6KdA');
    assert.equal(live.status, 401);
    assert.equal(live.json.code, 'authentication_required');
    assert.match(live.json.request_id, /^req_/);
    const session = await client.call('POST', '/v1/checkout/sessions', client.sessionBody());
    const browser = String((await client.basic('/v1/auth/session-token', {session_id: session.json.id})).json.access_token);
    assert.match(browser, /^st_test_/);
    const own = await client.call('GET', `/v1/checkout/sessions/${session.json.id}`, undefined, {Authorization: `Bearer ${browser}`});
    assert.equal(own.status, 200);
    const server = await client.call('POST', '/v1/checkout/sessions', client.sessionBody(), {Authorization: `Bearer ${browser}`});
    assert.equal(server.json.code, 'insufficient_scope');
    const ordersOnly = String(
      (await client.basic('/v1/auth/token', {grant_type: 'client_credentials', scope: 'orders'})).json.access_token,
    );
    assert.equal(
      (await client.call('GET', `/v1/checkout/sessions/${session.json.id}`, undefined, {Authorization: `Bearer ${ordersOnly}`})).status,
      403,
    );
    await client.advance(3600);
    const expired = await client.call('GET', `/v1/checkout/sessions/${session.json.id}`);
    assert.equal(expired.json.code, 'token_expired');
  });

  test('a signup is submitted, reviewed and approved on the clock, each change sent to its webhook signed with Tessera-Event-Id', async () => {
    const client = await V1Client.start();
    const example = structuredClone(v1.paths['/v1/signups'].post.requestBody.content['application/json'].examples);
    const signup = await client.call('POST', '/v1/signups', Object.values(example as Record<string, {value: unknown}>)[0]!.value);
    assert.equal(signup.json.status, 'created');
    const submitted = await client.call('POST', `/v1/test-helpers/signups/${signup.json.id}/submit`, {});
    assert.equal(submitted.json.status, 'in_review');
    assert.deepEqual(
      submitted.notifications.map((notification) => JSON.parse(notification.body).signup.status),
      ['in_progress', 'in_review'],
    );
    const [first] = submitted.notifications;
    assert.equal(first!.url, signup.json.merchant_urls.webhook);
    assert.equal(first!.headers!['Tessera-Event-Id'], JSON.parse(first!.body).id);
    assert.match(first!.headers!['Tessera-Event-Id']!, /^evt_[A-Za-z0-9]{24}$/);
    await client.advance(v3['x-sandbox-timings'].signupReviewAfterSeconds);
    const read = await client.call('GET', `/v1/signups/${signup.json.id}`);
    assert.equal(read.json.status, 'completed');
    assert.match(read.json.merchant_account_id, /^mer_[A-Za-z0-9]{24}$/);
    const last = client.sandbox.outbox.sent.at(-1)!;
    assert.equal(JSON.parse(last.body).previous_status, 'in_review');

    const declined = await client.call('POST', '/v1/signups', {
      ...Object.values(example as Record<string, {value: Record<string, unknown>}>)[0]!.value,
    });
    const rejected = await client.call('POST', `/v1/test-helpers/signups/${declined.json.id}/submit`, {
      organization_number: v3['x-sandbox-test-data'].values.find((value: {id: string}) => value.id === 'signup_declined').value,
    });
    assert.equal(rejected.json.status, 'rejected');
    assert.equal(rejected.json.rejection_reason, 'verification_failed');
  });

  test('a refund of an order paid with the refund-failing card fails, and its amount is refundable again', async () => {
    const client = await V1Client.start();
    const session = await client.call('POST', '/v1/checkout/sessions', client.sessionBody());
    const card = v3['x-sandbox-test-data'].values.find((value: {id: string}) => value.id === 'refund_failed').value;
    const paid = await client.call('POST', `/v1/test-helpers/checkout/sessions/${session.json.id}/pay`, {card});
    await client.call('POST', `/v1/orders/${paid.json.order_id}/capture`, {amount: sek(184700)});
    const refund = await client.call('POST', `/v1/orders/${paid.json.order_id}/refund`, {amount: sek(184700)});
    assert.equal(refund.json.order_status, 'refunded');
    await client.call('POST', '/v1/test-helpers/clock', {advance_seconds: v3['x-sandbox-timings'].refundSettlesAfterSeconds});
    const order = await client.call('PATCH', `/v1/orders/${paid.json.order_id}`, {merchant_data: 'x'});
    assert.equal(order.json.refunds[0].status, 'failed');
    assert.ok(order.json.refunds[0].completed_at);
    assert.equal(order.json.status, 'captured');
    assert.deepEqual(order.json.refunded_amount, sek(0));
  });

  test("a clock moved through one version answers with what it made fall due in the other: V1's helper expires a V3 session", async () => {
    const v3Client = await SandboxClient.start();
    const session = await v3Client.createPaymentSession();
    const client = await V1Client.start(v3Client.sandbox);
    const moved = await client.call('POST', '/v1/test-helpers/clock', {advance_seconds: 25 * 3600});
    assert.equal(moved.status, 200);
    const expired = moved.notifications.find((notification) => notification.type === 'session.expired');
    assert.ok(
      expired,
      `the answer names the V3 session's expiry: ${moved.notifications.map((notification) => notification.type).join(', ')}`,
    );
    assert.equal((JSON.parse(expired.body) as {data: {sessionId?: string; id?: string}}).data.sessionId ?? '', session.id);
  });

  test('after the sunset every V1 request fails with 410 Gone', async () => {
    const client = await V1Client.start();
    await client.advance((Date.parse(v1['x-tessera-sunset'].sunset) - client.sandbox.clock.now()) / 1000 + 1);
    const gone = await client.basic('/v1/auth/token', {grant_type: 'client_credentials'});
    assert.equal(gone.status, 410);
    assert.equal(gone.headers.Sunset, 'Wed, 30 Jun 2027 23:59:59 GMT');
  });
});
