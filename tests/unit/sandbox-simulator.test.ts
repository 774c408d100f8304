import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {loadApiDocuments} from '../support/sandbox';
import {SandboxClock} from '../../src/lib/sandbox/clock';
import {parseFaultSpec} from '../../src/lib/sandbox/faults';
import {TesseraSandbox, publishedTestVector} from '../../src/lib/sandbox/sandbox';
import {verifySignature} from '../../src/lib/sandbox/signature';
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

  test('V1 answers with its documented examples and validates against its own schemas', async () => {
    const sandbox = new TesseraSandbox({v3, v1});
    const invalid = await sandbox.handle({
      method: 'POST',
      path: '/v1/checkout/sessions',
      headers: {Authorization: 'Bearer x', 'Content-Type': 'application/json'},
      body: '{"unknown":1}',
    });
    assert.equal(invalid.response.status, 400);
    assert.match(JSON.parse(invalid.response.body).type, /\/docs\/1\.0\.0\/errors\/validation_failed$/);
  });
});
