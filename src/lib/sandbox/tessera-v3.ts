/**
 * The Tessera API V3 as the sandbox plays it: the state of each merchant account (sessions,
 * orders, captures, refunds, hosted pages, tokens) and the business rules the OpenAPI file states
 * (cart arithmetic, capturable and refundable amounts, the statuses each operation is allowed in,
 * the transitions of every status, the sandbox test data's cards, e-mail addresses, organisation
 * numbers and recipients). Every limit and status list is read from the file; the handlers hold
 * only what the file says in words.
 */
import type {JsonObject} from '../openapi/refs';
import {isoSeconds} from './clock';
import {randomAlphanumeric, uuid} from './ids';
import {ApiProblem, validationFailed} from './problems';
import type {ValidationIssue} from './validation';

type Money = {amount: number; currency: string};
type OrderLine = {
  reference: string;
  type: string;
  quantity: number;
  unitPrice: number;
  totalDiscountAmount?: number;
  vatRate: number;
  totalAmount: number;
  totalVatAmount: number;
};
type Cart = {currency: string; totalAmount: number; totalVatAmount: number; orderLines: OrderLine[]};

/** What the file fixes for the simulator: limits, status machines, test data. */
export type V3Facts = {
  limits: {
    idempotencyKeyRetentionSeconds: number;
    sandboxRequestsPerSecond: number;
    secretRequestsPerMinute: number;
    sessionReadableForSeconds: number;
    authorizationValidForSeconds: number;
    refundWindowSeconds: number;
  };
  timings: {
    refundSettlesAfterSeconds: number;
    hostedPageDeliveryAfterSeconds: number;
    signupReviewAfterSeconds: number;
    slowSignupReviewAfterSeconds: number;
  };
  transitions: Record<string, Record<string, string[]>>;
  allowedStatuses: Map<string, string[]>;
  sessionExpiry: {minimum: number; maximum: number; default: number};
  hostedPageMinimumSeconds: number;
  decisionTimeout: {minimum: number; maximum: number; default: number};
  secretLifetime: {minimum: number; maximum: number; default: number};
  clientTokenValidForSeconds: number;
  enabledCurrencies: Record<string, string[]>;
  testValues: {id: string; category: string; value: string; results: JsonObject[]}[];
};

function schema(document: JsonObject, name: string): JsonObject {
  const found = ((document.components as JsonObject).schemas as Record<string, JsonObject>)[name];
  if (!found) throw new Error(`the V3 file has no schema ${name}`);
  return found;
}

const property = (node: JsonObject, name: string) => (node.properties as Record<string, JsonObject>)[name]!;

/** Reads every fact the simulator needs from the V3 file; throws naming what is missing. */
export function readV3Facts(document: JsonObject): V3Facts {
  const limits = document['x-tessera-limits'] as JsonObject;
  const rateLimits = limits.rateLimits as Record<string, JsonObject>;
  const timings = document['x-sandbox-timings'] as V3Facts['timings'];
  const transitions: V3Facts['transitions'] = {};
  for (const name of ['SessionStatus', 'OrderStatus', 'RefundStatus', 'TokenStatus'])
    transitions[name] = schema(document, name)['x-tessera-transitions'] as Record<string, string[]>;
  const allowedStatuses = new Map<string, string[]>();
  for (const pathItem of Object.values(document.paths as Record<string, JsonObject>)) {
    for (const operation of Object.values(pathItem)) {
      const allowed = (operation as JsonObject)?.['x-tessera-allowed-statuses'] as {statuses: string[]} | undefined;
      if (allowed) allowedStatuses.set(String((operation as JsonObject).operationId), allowed.statuses);
    }
  }
  const fromNow = (node: JsonObject) => node['x-tessera-seconds-from-now'] as JsonObject;
  const sessionExpiry = fromNow(property(schema(document, 'PaymentSessionCreateRequest'), 'expiresAt'));
  const timeout = property(schema(document, 'PurchaseConfirmation'), 'timeoutSeconds');
  const lifetime = property(schema(document, 'SecretRequest'), 'expiresIn');
  const testData = document['x-sandbox-test-data'] as JsonObject;
  return {
    limits: {
      idempotencyKeyRetentionSeconds: Number(limits.idempotencyKeyRetentionSeconds),
      sandboxRequestsPerSecond: Number(rateLimits.sandbox!.requestsPerSecond),
      secretRequestsPerMinute: Number(rateLimits.generateASecret!.requestsPerMinute),
      sessionReadableForSeconds: Number(limits.sessionReadableForSeconds),
      authorizationValidForSeconds: Number(limits.authorizationValidForSeconds),
      refundWindowSeconds: Number(limits.refundWindowSeconds),
    },
    timings,
    transitions,
    allowedStatuses,
    sessionExpiry: {minimum: Number(sessionExpiry.minimum), maximum: Number(sessionExpiry.maximum), default: Number(sessionExpiry.default)},
    hostedPageMinimumSeconds: Number(fromNow(property(schema(document, 'CreateHostedPageRequest'), 'expiresAt')).minimum),
    decisionTimeout: {minimum: Number(timeout.minimum), maximum: Number(timeout.maximum), default: Number(timeout.default)},
    secretLifetime: {minimum: Number(lifetime.minimum), maximum: Number(lifetime.maximum), default: Number(lifetime.default)},
    clientTokenValidForSeconds: Number(property(schema(document, 'Session'), 'clientToken')['x-tessera-valid-for-seconds']),
    enabledCurrencies: testData.enabledCurrencies as Record<string, string[]>,
    testValues: testData.values as V3Facts['testValues'],
  };
}

/** A card of the sandbox test data, and what paying with it does. */
export type CardBehaviour = {
  id: string;
  outcome: 'authorized' | 'declined' | 'authentication_failed';
  declineCode?: string;
  chargesDeclined?: string;
  refundsFail?: string;
  last4: string;
};

const digits = (value: string) => value.replace(/[\s-]/g, '');

export function cardBehaviour(facts: V3Facts, number: string): CardBehaviour | undefined {
  const wanted = digits(number);
  const values = facts.testValues.filter(
    (value) => ['card', 'token_charge', 'refund'].includes(value.category) && digits(value.value) === wanted,
  );
  if (values.length === 0) return undefined;
  const behaviour: CardBehaviour = {id: values[0]!.id, outcome: 'authorized', last4: wanted.slice(-4)};
  for (const value of values) {
    const results = value.results as {sdkEvent?: string; code?: string; enum?: string; value?: string; errorCode?: string}[];
    const declineCode = results.find((result) => result.enum === 'Problem.declineCode')?.value;
    if (results.some((result) => result.code === 'authentication_failed')) behaviour.outcome = 'authentication_failed';
    else if (results.some((result) => result.code === 'payment_declined')) Object.assign(behaviour, {outcome: 'declined', declineCode});
    if (results.some((result) => result.errorCode === 'payment_declined')) behaviour.chargesDeclined = declineCode;
    const failure = results.find((result) => result.enum === 'Refund.failureReason');
    if (failure) behaviour.refundsFail = failure.value;
  }
  return behaviour;
}

/** The test value of a category whose outcome a result names (`{enum: SessionStatusReason, value: signup_declined}`). */
export function testValueWith(facts: V3Facts, category: string, result: JsonObject): string | undefined {
  return facts.testValues.find(
    (value) =>
      value.category === category && value.results.some((found) => Object.entries(result).every(([key, wanted]) => found[key] === wanted)),
  )?.value;
}

/** Rounds half away from zero, as `OrderLine` asks for the VAT. */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/** The `OrderLine` arithmetic: every line and the totals, with the expected value in each issue. */
export function cartArithmeticIssues(
  lines: OrderLine[],
  prefix: string,
  totals?: {totalAmount: number; totalVatAmount: number},
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  lines.forEach((line, index) => {
    const at = `${prefix}/orderLines/${index}`;
    const negative = line.type === 'discount' || line.type === 'gift_card';
    const discount = line.totalDiscountAmount ?? 0;
    if (negative && (line.unitPrice > 0 || line.totalAmount > 0 || line.totalVatAmount > 0 || discount !== 0))
      issues.push({
        pointer: at,
        code: 'invalid_value',
        detail: `A ${line.type} line has negative or zero amounts and a totalDiscountAmount of 0.`,
      });
    if (!negative && (line.unitPrice < 0 || line.totalAmount < 0 || line.totalVatAmount < 0))
      issues.push({pointer: at, code: 'invalid_value', detail: `A ${line.type} line has non-negative amounts.`});
    if (discount > line.quantity * line.unitPrice && !negative)
      issues.push({
        pointer: `${at}/totalDiscountAmount`,
        code: 'invalid_value',
        detail: `Must not exceed quantity × unitPrice (${line.quantity * line.unitPrice}).`,
      });
    const total = line.quantity * line.unitPrice - discount;
    if (line.totalAmount !== total)
      issues.push({
        pointer: `${at}/totalAmount`,
        code: 'invalid_value',
        detail: `Expected ${total} (quantity × unitPrice − totalDiscountAmount).`,
      });
    const vat = line.totalAmount - roundHalfAway((line.totalAmount * 10000) / (10000 + line.vatRate));
    if (Math.abs(line.totalVatAmount - vat) > 1)
      issues.push({pointer: `${at}/totalVatAmount`, code: 'invalid_value', detail: `Expected ${vat} (±1) for vatRate ${line.vatRate}.`});
  });
  if (totals) {
    const sum = lines.reduce((total, line) => total + line.totalAmount, 0);
    const vatSum = lines.reduce((total, line) => total + line.totalVatAmount, 0);
    if (totals.totalAmount !== sum)
      issues.push({
        pointer: `${prefix}/totalAmount`,
        code: 'invalid_value',
        detail: `Expected ${sum}, the sum of the order lines' totalAmount.`,
      });
    if (totals.totalVatAmount !== vatSum)
      issues.push({
        pointer: `${prefix}/totalVatAmount`,
        code: 'invalid_value',
        detail: `Expected ${vatSum}, the sum of the order lines' totalVatAmount.`,
      });
  }
  return issues;
}

type SessionRecord = {
  data: JsonObject & {id: string; type: string; status: string; statusReason: string | null};
  createdMs: number;
  expiresMs: number;
  decisionDeadlineMs: number | null;
  card?: CardBehaviour;
  /** The signup is submitted and waits for the review (approve or reject), which the sandbox decides at this time. */
  submitted?: boolean;
  reviewDueMs?: number;
  /** Whether the shopper agreed to store the payment method, for a session with `tokenization`. */
  consent?: boolean;
};

type OrderRecord = {
  data: JsonObject & {id: string; status: string; captures: JsonObject[]; refunds: JsonObject[]};
  card?: CardBehaviour;
  authorizationExpiresMs: number;
  released: boolean;
  notificationUrl: string | null;
};

type RefundRecord = {orderId: string; settlesMs: number};

type HostedPageRecord = {
  data: JsonObject & {id: string; sessionId: string};
  expiresMs: number;
  deliveryMs: number | null;
  deliveryFails: boolean;
};

type TokenRecord = {data: JsonObject & {id: string; status: string}; card?: CardBehaviour; notificationUrl: string | null};

/** What a handler gets: the request as parsed and validated, and the account's services. */
export type Call = {
  operationId: string;
  path: Record<string, string>;
  body: JsonObject | undefined;
  now: number;
  notify: (type: string, url: string | null, data: unknown) => void;
};

export type HandlerResult = {status: number; body: unknown};

/** One merchant account's objects and the V3 operations on them. */
/**
 * The order status its amounts give, in V3 and V1 alike (the `OrderStatus` tables: the status is a
 * summary of the amounts); `released` is the status of an order nothing was captured of once its
 * authorization is released.
 */
export function orderStatusOf(captured: number, refunded: number, remaining: number, released?: 'cancelled' | 'expired'): string {
  return captured === 0
    ? (released ?? 'authorized')
    : refunded === 0
      ? remaining > 0
        ? 'part_captured'
        : 'captured'
      : refunded === captured && remaining === 0
        ? 'refunded'
        : 'part_refunded';
}

export class V3Account {
  readonly sessions = new Map<string, SessionRecord>();
  readonly orders = new Map<string, OrderRecord>();
  readonly refunds = new Map<string, RefundRecord>();
  readonly hostedPages = new Map<string, HostedPageRecord>();
  readonly tokens = new Map<string, TokenRecord>();

  constructor(private readonly facts: V3Facts) {}

  // --- status machines -------------------------------------------------------------------

  /** Moves an object to a new status, refusing a transition the file does not list (a simulator bug). */
  private move(machine: string, object: {status: string}, next: string): void {
    if (object.status === next) return;
    const allowed = this.facts.transitions[machine]![object.status] ?? [];
    if (!allowed.includes(next)) throw new Error(`${machine}: ${object.status} → ${next} is not a transition the OpenAPI file lists`);
    object.status = next;
  }

  private requireStatus(operationId: string, status: string, code: string, detail: string): void {
    const allowed = this.facts.allowedStatuses.get(operationId);
    if (allowed && !allowed.includes(status)) throw new ApiProblem(code, detail);
  }

  // --- lookups ---------------------------------------------------------------------------

  private session(id: string, now: number): SessionRecord {
    const session = this.sessions.get(id);
    if (!session || now - session.createdMs > this.facts.limits.sessionReadableForSeconds * 1000)
      throw new ApiProblem('resource_not_found', `No session with id ${id} exists in the sandbox for this merchant account.`);
    return session;
  }

  private order(id: string): OrderRecord {
    const order = this.orders.get(id);
    if (!order) throw new ApiProblem('resource_not_found', `No order with id ${id} exists in the sandbox for this merchant account.`);
    return order;
  }

  private capture(order: OrderRecord, id: string): JsonObject {
    const capture = order.data.captures.find((found) => found.id === id);
    if (!capture) throw new ApiProblem('resource_not_found', `Order ${order.data.id} has no capture with id ${id}.`);
    return capture;
  }

  private token(id: string): TokenRecord {
    const token = this.tokens.get(id);
    if (!token) throw new ApiProblem('resource_not_found', `No token with id ${id} exists in the sandbox for this merchant account.`);
    return token;
  }

  // --- views -----------------------------------------------------------------------------

  private final = (status: string) => (this.facts.transitions.SessionStatus![status] ?? []).length === 0;

  /** The session as a response shows it: a fresh `clientToken` while it is open, `null` once final. */
  sessionView(session: SessionRecord): JsonObject {
    const compact = session.data.id.replaceAll('-', '').slice(0, 16);
    return {
      ...session.data,
      clientToken: this.final(session.data.status) ? null : `ct_test_${compact}_${randomAlphanumeric(32)}`,
      decisionDeadline: session.decisionDeadlineMs === null ? null : isoSeconds(session.decisionDeadlineMs),
    };
  }

  private notificationData(session: SessionRecord): JsonObject {
    const data = session.data;
    return {
      sessionId: data.id,
      sessionType: data.type,
      status: data.status,
      statusReason: data.statusReason,
      references: data.references,
      ...(data.cart ? {cart: data.cart} : {}),
      orderId: data.orderId,
      ...(data.captureId ? {captureId: data.captureId} : {}),
      tokenId: data.tokenId,
      merchantAccountId: data.merchantAccountId,
      decisionDeadline: session.decisionDeadlineMs === null ? null : isoSeconds(session.decisionDeadlineMs),
    };
  }

  private notifySession(call: Pick<Call, 'notify'>, session: SessionRecord): void {
    const url = ((session.data.merchantUrls as JsonObject | undefined)?.notification as string | undefined) ?? null;
    call.notify(`session.${session.data.status}`, url, this.notificationData(session));
  }

  // --- timed events ------------------------------------------------------------------------

  /** Everything that falls due by `now`: expiry, deadlines, settlement, delivery. */
  advance(now: number, notify: Call['notify']): void {
    for (const session of this.sessions.values()) {
      const data = session.data;
      if (data.status === 'awaiting_decision' && session.decisionDeadlineMs !== null && now >= session.decisionDeadlineMs) {
        this.move('SessionStatus', data, 'rejected');
        data.statusReason = 'decision_timeout';
        session.decisionDeadlineMs = null;
        data.updatedAt = isoSeconds(now);
        this.notifySession({notify}, session);
      } else if (session.submitted && data.status === 'in_progress' && session.reviewDueMs !== undefined && now >= session.reviewDueMs) {
        this.approve(session, now, notify);
      } else if (!this.final(data.status) && data.status !== 'awaiting_decision' && !session.submitted && now >= session.expiresMs) {
        // A submitted application does not expire while it is reviewed.
        this.move('SessionStatus', data, 'expired');
        data.statusReason = 'session_timeout';
        data.updatedAt = isoSeconds(now);
        this.notifySession({notify}, session);
      }
    }
    for (const order of this.orders.values()) {
      if (!order.released && now >= order.authorizationExpiresMs && (order.data.remainingAuthorizedAmount as Money).amount > 0) {
        order.released = true;
        (order.data.remainingAuthorizedAmount as Money).amount = 0;
        this.settleOrderStatus(order, now, (order.data.capturedAmount as Money).amount === 0 ? 'expired' : undefined);
      }
    }
    for (const [refundId, record] of this.refunds) {
      const order = this.orders.get(record.orderId)!;
      const refund = order.data.refunds.find((found) => found.id === refundId)! as JsonObject & {status: string};
      if (refund.status !== 'pending' || now < record.settlesMs) continue;
      const failure = order.card?.refundsFail;
      this.move('RefundStatus', refund, failure ? 'failed' : 'succeeded');
      refund.failureReason = failure ?? null;
      if (failure) {
        const capture = this.capture(order, String(refund.captureId));
        (capture.refundedAmount as Money).amount -= (refund.amount as Money).amount;
        (order.data.refundedAmount as Money).amount -= (refund.amount as Money).amount;
        this.settleOrderStatus(order, now);
      }
      order.data.updatedAt = isoSeconds(now);
      notify(`refund.${refund.status}`, order.notificationUrl, refund);
    }
    for (const page of this.hostedPages.values()) {
      const delivery = page.data.delivery as JsonObject;
      if (delivery.status === 'queued' && page.deliveryMs !== null && now >= page.deliveryMs)
        delivery.status = page.deliveryFails ? 'failed' : 'sent';
    }
  }

  /** The order status its amounts give (OrderStatus: "the status is a summary of them"). */
  private settleOrderStatus(order: OrderRecord, now: number, released?: 'cancelled' | 'expired'): void {
    const next = orderStatusOf(
      (order.data.capturedAmount as Money).amount,
      (order.data.refundedAmount as Money).amount,
      (order.data.remainingAuthorizedAmount as Money).amount,
      released,
    );
    this.move('OrderStatus', order.data, next);
    order.data.updatedAt = isoSeconds(now);
  }

  // --- sessions ----------------------------------------------------------------------------

  private expiresAt(value: unknown, now: number, fromMs: number, pointer: string): number {
    const {minimum, maximum, default: fallback} = this.facts.sessionExpiry;
    if (value === undefined) return fromMs + fallback * 1000;
    const at = Date.parse(String(value));
    if (at - now < minimum * 1000 || at - fromMs > maximum * 1000)
      throw validationFailed({
        errors: [
          {
            pointer,
            code: 'invalid_value',
            detail: `Must be between ${minimum / 60} minutes from now and ${maximum / 86400} days after the session was created.`,
          },
        ],
      });
    return at;
  }

  private checkCart(cart: Cart, country: string, prefix: string): void {
    this.checkCurrencyEnabled(cart, country, prefix);
    const issues = cartArithmeticIssues(cart.orderLines, prefix, cart);
    if (cart.totalAmount <= 0)
      issues.push({pointer: `${prefix}/totalAmount`, code: 'invalid_value', detail: 'Must be greater than zero for payment sessions.'});
    if (issues.length)
      throw new ApiProblem('cart_totals_mismatch', issues.map((found) => `${found.pointer}: ${found.detail}`).join(' '), {errors: issues});
  }

  private checkCurrencyEnabled(cart: Cart, country: string, prefix: string): void {
    const enabled = this.facts.enabledCurrencies[country] ?? this.facts.enabledCurrencies.default ?? [];
    if (!enabled.includes(cart.currency))
      throw new ApiProblem('unsupported_currency', `${cart.currency} is not enabled for purchases in ${country} on this account.`, {
        errors: [
          {pointer: `${prefix}/currency`, code: 'invalid_value', detail: `Enabled currencies for ${country}: ${enabled.join(', ')}.`},
        ],
      });
  }

  createSession(call: Call): HandlerResult {
    const body = call.body!;
    const id = uuid();
    const now = call.now;
    const payment = body.type === 'payment';
    if (payment) this.checkCart(body.cart as Cart, String(body.country), '/cart');
    const expiresMs = this.expiresAt(body.expiresAt, now, now, '/expiresAt');
    const data: SessionRecord['data'] = {
      id,
      type: String(body.type),
      status: 'created',
      statusReason: null,
      clientToken: null,
      country: body.country,
      ...(body.locale ? {locale: body.locale} : {}),
      ...(payment ? {cart: body.cart} : {}),
      ...(body.customer ? {customer: body.customer} : {}),
      ...(!payment && body.company ? {company: body.company} : {}),
      merchantUrls: body.merchantUrls,
      references: {merchantReference1: null, merchantReference2: null, ...((body.references as JsonObject | undefined) ?? {})},
      metadata: body.metadata ?? {},
      ...(payment && body.purchaseConfirmation
        ? {purchaseConfirmation: {timeoutSeconds: this.facts.decisionTimeout.default, ...(body.purchaseConfirmation as JsonObject)}}
        : {}),
      ...(payment && body.tokenization ? {tokenization: {required: false, ...(body.tokenization as JsonObject)}} : {}),
      ...(payment ? {autoCapture: body.autoCapture ?? false} : {}),
      createdAt: isoSeconds(now),
      updatedAt: isoSeconds(now),
      expiresAt: isoSeconds(expiresMs),
      decisionDeadline: null,
      orderId: null,
      tokenId: null,
      merchantAccountId: null,
    };
    const session: SessionRecord = {data, createdMs: now, expiresMs, decisionDeadlineMs: null};
    this.sessions.set(id, session);
    return {status: 201, body: this.sessionView(session)};
  }

  readSession(call: Call): HandlerResult {
    return {status: 200, body: this.sessionView(this.session(call.path.sessionId!, call.now))};
  }

  private modifiable(call: Call, session: SessionRecord, code = 'session_not_modifiable'): void {
    this.requireStatus(
      call.operationId,
      session.data.status,
      code,
      `Session ${session.data.id} is ${session.data.status}; ${call.operationId} is not allowed in that status.`,
    );
  }

  updateSession(call: Call): HandlerResult {
    const session = this.session(call.path.sessionId!, call.now);
    this.modifiable(call, session);
    if (session.submitted)
      throw new ApiProblem(
        'session_not_modifiable',
        `The application of session ${session.data.id} is submitted and under review; it can no longer be changed or cancelled.`,
      );
    const body = call.body!;
    const data = session.data;
    if (body.expiresAt !== undefined) {
      const at = Date.parse(String(body.expiresAt));
      if (at <= call.now || at - session.createdMs > this.facts.sessionExpiry.maximum * 1000)
        throw validationFailed({
          errors: [
            {
              pointer: '/expiresAt',
              code: 'invalid_value',
              detail: `Must be in the future and at most ${this.facts.sessionExpiry.maximum / 86400} days after the session was created.`,
            },
          ],
        });
      session.expiresMs = at;
      data.expiresAt = isoSeconds(at);
    }
    for (const key of ['customer', 'merchantUrls', 'locale'] as const) if (body[key] !== undefined) data[key] = body[key];
    if (body.company !== undefined) {
      if (data.type !== 'signup')
        throw new ApiProblem('session_type_mismatch', `Session ${data.id} is a ${data.type} session; company belongs to signup sessions.`);
      data.company = body.company;
    }
    data.updatedAt = isoSeconds(call.now);
    if (body.status === 'cancelled') {
      this.move('SessionStatus', data, 'cancelled');
      data.statusReason = 'merchant_cancelled';
      this.notifySession(call, session);
    }
    return {status: 200, body: this.sessionView(session)};
  }

  updateCart(call: Call): HandlerResult {
    const session = this.session(call.path.sessionId!, call.now);
    if (session.data.type !== 'payment')
      throw new ApiProblem('session_type_mismatch', `Session ${session.data.id} is a signup session and has no cart.`);
    this.modifiable(call, session);
    const cart = call.body as unknown as Cart;
    const current = session.data.cart as Cart;
    // A currency the account cannot use is refused as such before it is compared with the session's.
    this.checkCurrencyEnabled(cart, String(session.data.country), '');
    if (cart.currency !== current.currency)
      throw new ApiProblem('currency_mismatch', `The cart is in ${cart.currency} but the session is in ${current.currency}.`, {
        errors: [{pointer: '/currency', code: 'invalid_value', detail: `Must be ${current.currency}, the session's currency.`}],
      });
    this.checkCart(cart, String(session.data.country), '');
    session.data.cart = cart;
    session.data.updatedAt = isoSeconds(call.now);
    return {status: 200, body: this.sessionView(session)};
  }

  private replaceOnSession(call: Call, key: 'metadata' | 'references'): HandlerResult {
    const session = this.session(call.path.sessionId!, call.now);
    this.modifiable(call, session);
    const value = key === 'references' ? {merchantReference1: null, merchantReference2: null, ...call.body} : call.body;
    session.data[key] = value;
    session.data.updatedAt = isoSeconds(call.now);
    const order = typeof session.data.orderId === 'string' ? this.orders.get(session.data.orderId) : undefined;
    if (order) {
      order.data[key] = value;
      order.data.updatedAt = isoSeconds(call.now);
    }
    return {status: 200, body: this.sessionView(session)};
  }

  updateMetadata(call: Call): HandlerResult {
    return this.replaceOnSession(call, 'metadata');
  }

  updateReferences(call: Call): HandlerResult {
    return this.replaceOnSession(call, 'references');
  }

  makeDecision(call: Call): HandlerResult {
    const session = this.session(call.path.sessionId!, call.now);
    const data = session.data;
    if (data.status === 'rejected' && data.statusReason === 'decision_timeout')
      throw new ApiProblem(
        'decision_deadline_passed',
        `The decision deadline of session ${data.id} passed; it was rejected with reason decision_timeout.`,
      );
    this.requireStatus(
      call.operationId,
      data.status,
      'session_not_awaiting_decision',
      `Session ${data.id} is ${data.status}, not awaiting_decision.`,
    );
    const body = call.body!;
    session.decisionDeadlineMs = null;
    const urls = data.merchantUrls as Record<string, string | undefined>;
    if (body.decision === 'approve') {
      if (body.references) data.references = {merchantReference1: null, merchantReference2: null, ...(body.references as JsonObject)};
      this.completePayment(call, session);
    } else {
      this.move('SessionStatus', data, 'rejected');
      data.statusReason = 'merchant_rejected';
      data.updatedAt = isoSeconds(call.now);
      this.notifySession(call, session);
    }
    const template = body.decision === 'approve' ? urls.confirmation : (urls.cancel ?? urls.confirmation);
    return {
      status: 200,
      body: {
        sessionId: data.id,
        decision: body.decision,
        sessionStatus: data.status,
        orderId: data.orderId,
        decidedAt: isoSeconds(call.now),
        redirectUrl: String(template).replaceAll('{sessionId}', data.id),
      },
    };
  }

  // --- the shopper's side (test helpers) -----------------------------------------------------

  private open(session: SessionRecord, call: Call): void {
    if (session.data.status === 'created') this.move('SessionStatus', session.data, 'in_progress');
    session.data.updatedAt = isoSeconds(call.now);
  }

  private shopperSession(call: Call, type?: string): SessionRecord {
    const session = this.session(call.path.sessionId!, call.now);
    if (type && session.data.type !== type)
      throw new ApiProblem(
        'session_type_mismatch',
        `Session ${session.data.id} is a ${session.data.type} session; ${call.operationId} plays a ${type} session.`,
      );
    this.requireStatus(
      call.operationId,
      session.data.status,
      'session_not_modifiable',
      `Session ${session.data.id} is ${session.data.status}; the shopper can no longer act on it.`,
    );
    return session;
  }

  /** The shopper pays (payment session) or the applicant submits (signup session). */
  completeSession(call: Call): HandlerResult {
    const session = this.shopperSession(call);
    const body = call.body ?? {};
    const data = session.data;
    this.open(session, call);
    if (data.type === 'signup') {
      if (session.submitted)
        throw new ApiProblem('session_not_modifiable', `The application of session ${data.id} is already submitted and under review.`);
      const number = String(body.organisationNumber ?? (data.company as JsonObject | undefined)?.organisationNumber ?? '');
      if (number === testValueWith(this.facts, 'signup', {enum: 'SessionStatusReason', value: 'signup_declined'})) {
        this.move('SessionStatus', data, 'rejected');
        data.statusReason = 'signup_declined';
        this.notifySession(call, session);
        return {status: 200, body: {session: this.sessionView(session), outcome: 'signup_declined', declineCode: null}};
      }
      session.submitted = true;
      const slow = number === this.facts.testValues.find((value) => value.id === 'signup_review_slow')?.value;
      session.reviewDueMs =
        call.now + (slow ? this.facts.timings.slowSignupReviewAfterSeconds : this.facts.timings.signupReviewAfterSeconds) * 1000;
      return {status: 200, body: {session: this.sessionView(session), outcome: 'submitted', declineCode: null}};
    }
    const number = String(body.card ?? testValueWith(this.facts, 'card', {enum: 'OrderStatus', value: 'authorized'}));
    const card = cardBehaviour(this.facts, number);
    if (!card)
      throw validationFailed({
        errors: [
          {pointer: '/card', code: 'invalid_value', detail: 'Not a card of the sandbox test data; use one listed on Sandbox test data.'},
        ],
      });
    if (card.outcome !== 'authorized')
      return {
        status: 200,
        body: {
          session: this.sessionView(session),
          outcome: card.outcome === 'declined' ? 'declined' : 'authentication_failed',
          declineCode: card.declineCode ?? null,
        },
      };
    const email = String((data.customer as JsonObject | undefined)?.email ?? '');
    if (/\+reject@/.test(email)) {
      this.move('SessionStatus', data, 'rejected');
      data.statusReason = 'risk_declined';
      this.notifySession(call, session);
      return {status: 200, body: {session: this.sessionView(session), outcome: 'risk_declined', declineCode: null}};
    }
    session.card = card;
    if (body.consentToTokenization === false && (data.tokenization as JsonObject | undefined)?.required === true)
      throw validationFailed({
        errors: [
          {
            pointer: '/consentToTokenization',
            code: 'invalid_value',
            detail: 'This session requires tokenization: the shopper cannot pay without consenting.',
          },
        ],
      });
    const consent = body.consentToTokenization !== false;
    if (data.purchaseConfirmation && (data.purchaseConfirmation as JsonObject).required === true) {
      this.move('SessionStatus', data, 'awaiting_decision');
      session.decisionDeadlineMs = call.now + Number((data.purchaseConfirmation as JsonObject).timeoutSeconds) * 1000;
      session.consent = consent;
      this.notifySession(call, session);
      return {status: 200, body: {session: this.sessionView(session), outcome: 'awaiting_decision', declineCode: null}};
    }
    session.consent = consent;
    this.completePayment(call, session);
    return {status: 200, body: {session: this.sessionView(session), outcome: 'authorized', declineCode: null}};
  }

  /** A declined payment attempt: the session stays open for another card. */
  declineSession(call: Call): HandlerResult {
    const session = this.shopperSession(call, 'payment');
    this.open(session, call);
    const declineCode = String(call.body?.declineCode ?? 'do_not_honor');
    return {status: 200, body: {session: this.sessionView(session), outcome: 'declined', declineCode}};
  }

  cancelSession(call: Call): HandlerResult {
    const session = this.shopperSession(call);
    this.move('SessionStatus', session.data, 'cancelled');
    session.data.statusReason = 'shopper_cancelled';
    session.data.updatedAt = isoSeconds(call.now);
    this.notifySession(call, session);
    return {status: 200, body: {session: this.sessionView(session), outcome: 'cancelled', declineCode: null}};
  }

  private reviewedSignup(call: Call): SessionRecord {
    const session = this.session(call.path.sessionId!, call.now);
    if (session.data.type !== 'signup')
      throw new ApiProblem('session_type_mismatch', `Session ${session.data.id} is a payment session, not a signup.`);
    this.requireStatus(
      call.operationId,
      session.data.status,
      'session_not_modifiable',
      `Session ${session.data.id} is ${session.data.status}; it has no application under review.`,
    );
    if (!session.submitted)
      throw new ApiProblem(
        'session_not_modifiable',
        `Session ${session.data.id} has no application under review: complete it as the applicant first.`,
      );
    return session;
  }

  private approve(session: SessionRecord, now: number, notify: Call['notify']): void {
    this.move('SessionStatus', session.data, 'completed');
    session.data.merchantAccountId = `mer_${randomAlphanumeric(16)}`;
    session.data.updatedAt = isoSeconds(now);
    session.reviewDueMs = undefined;
    this.notifySession({notify}, session);
  }

  approveSignup(call: Call): HandlerResult {
    const session = this.reviewedSignup(call);
    this.approve(session, call.now, call.notify);
    return {status: 200, body: {session: this.sessionView(session), outcome: 'signup_approved', declineCode: null}};
  }

  rejectSignup(call: Call): HandlerResult {
    const session = this.reviewedSignup(call);
    session.reviewDueMs = undefined;
    this.move('SessionStatus', session.data, 'rejected');
    session.data.statusReason = 'signup_declined';
    session.data.updatedAt = isoSeconds(call.now);
    this.notifySession(call, session);
    return {status: 200, body: {session: this.sessionView(session), outcome: 'signup_declined', declineCode: null}};
  }

  // --- orders --------------------------------------------------------------------------------

  private paymentMethod(card: CardBehaviour | undefined): JsonObject {
    return {
      type: 'card',
      card: {brand: 'visa', last4: card?.last4 ?? '1111', expiryMonth: 12, expiryYear: 2030, funding: 'credit', issuerCountry: 'SE'},
    };
  }

  private createOrder(
    call: Call,
    cart: Cart,
    init: {
      initiator: string;
      sessionId: string | null;
      tokenId: string | null;
      card?: CardBehaviour;
      references: unknown;
      metadata: unknown;
      notificationUrl: string | null;
    },
  ): OrderRecord {
    const id = uuid();
    const money = (amount: number): Money => ({amount, currency: cart.currency});
    const authorizationExpiresMs = call.now + this.facts.limits.authorizationValidForSeconds * 1000;
    const order: OrderRecord = {
      data: {
        id,
        status: 'authorized',
        initiator: init.initiator,
        sessionId: init.sessionId,
        tokenId: init.tokenId,
        orderAmount: money(cart.totalAmount),
        capturedAmount: money(0),
        refundedAmount: money(0),
        remainingAuthorizedAmount: money(cart.totalAmount),
        cart,
        references: init.references,
        metadata: init.metadata,
        paymentMethod: this.paymentMethod(init.card),
        captures: [],
        refunds: [],
        createdAt: isoSeconds(call.now),
        updatedAt: isoSeconds(call.now),
        authorizationExpiresAt: isoSeconds(authorizationExpiresMs),
      },
      card: init.card,
      authorizationExpiresMs,
      released: false,
      notificationUrl: init.notificationUrl,
    };
    this.orders.set(id, order);
    return order;
  }

  private completePayment(call: Call, session: SessionRecord): void {
    const data = session.data;
    const tokenization = data.tokenization as JsonObject | undefined;
    const consent = session.consent !== false;
    const notificationUrl = ((data.merchantUrls as JsonObject).notification as string | undefined) ?? null;
    let tokenId: string | null = null;
    if (tokenization && consent) {
      tokenId = uuid();
      const cart = data.cart as Cart;
      this.tokens.set(tokenId, {
        data: {
          id: tokenId,
          status: 'active',
          usage: tokenization.usage,
          ...(tokenization.description ? {description: tokenization.description} : {}),
          paymentMethod: this.paymentMethod(session.card),
          ...(data.customer ? {customer: data.customer} : {}),
          sessionId: data.id,
          supportedCurrencies: [cart.currency],
          references: data.references,
          metadata: data.metadata,
          createdAt: isoSeconds(call.now),
          expiresAt: '2030-12-31T23:59:59Z',
          deactivatedAt: null,
          deactivationReason: null,
        },
        card: session.card,
        notificationUrl,
      });
    }
    const order = this.createOrder(call, data.cart as Cart, {
      initiator: 'customer',
      sessionId: data.id,
      tokenId,
      card: session.card,
      references: data.references,
      metadata: data.metadata,
      notificationUrl,
    });
    this.move('SessionStatus', data, 'completed');
    data.orderId = order.data.id;
    data.tokenId = tokenId;
    data.updatedAt = isoSeconds(call.now);
    if (data.autoCapture === true) data.captureId = this.addCapture(call, order, (data.cart as Cart).totalAmount, {}).id;
    this.notifySession(call, session);
  }

  private addCapture(call: Call, order: OrderRecord, amount: number, body: JsonObject): JsonObject {
    const currency = (order.data.orderAmount as Money).currency;
    (order.data.capturedAmount as Money).amount += amount;
    (order.data.remainingAuthorizedAmount as Money).amount -= amount;
    this.settleOrderStatus(order, call.now);
    const capture: JsonObject = {
      id: uuid(),
      orderId: order.data.id,
      amount: {amount, currency},
      refundedAmount: {amount: 0, currency},
      ...(body.reference ? {reference: body.reference} : {}),
      ...(body.orderLines ? {orderLines: body.orderLines} : {}),
      ...(body.shippingInfo ? {shippingInfo: body.shippingInfo} : {}),
      orderStatus: order.data.status,
      createdAt: isoSeconds(call.now),
    };
    order.data.captures.push(capture);
    return capture;
  }

  readAnOrder(call: Call): HandlerResult {
    return {status: 200, body: this.order(call.path.orderId!).data};
  }

  private checkCurrency(amount: Money, order: OrderRecord, pointer: string): void {
    const currency = (order.data.orderAmount as Money).currency;
    if (amount.currency !== currency)
      throw new ApiProblem('currency_mismatch', `The amount is in ${amount.currency} but order ${order.data.id} is in ${currency}.`, {
        errors: [{pointer, code: 'invalid_value', detail: `Must be ${currency}, the order's currency.`}],
      });
  }

  private linesMatch(lines: OrderLine[] | undefined, amount: number): void {
    if (!lines) return;
    const issues = cartArithmeticIssues(lines, '');
    const sum = lines.reduce((total, line) => total + line.totalAmount, 0);
    if (sum !== amount)
      issues.push({pointer: '/orderLines', code: 'invalid_value', detail: `The lines add up to ${sum}, not the amount ${amount}.`});
    if (issues.length)
      throw new ApiProblem('cart_totals_mismatch', issues.map((found) => `${found.pointer}: ${found.detail}`).join(' '), {errors: issues});
  }

  captureAnOrder(call: Call): HandlerResult {
    const order = this.order(call.path.orderId!);
    const body = call.body ?? {};
    const remaining = (order.data.remainingAuthorizedAmount as Money).amount;
    if (remaining > 0 && call.now >= order.authorizationExpiresMs)
      throw new ApiProblem(
        'authorization_expired',
        `The authorization of order ${order.data.id} expired at ${order.data.authorizationExpiresAt}.`,
      );
    if (order.released && order.data.status !== 'cancelled' && (order.data.capturedAmount as Money).amount === 0)
      throw new ApiProblem(
        'authorization_expired',
        `The authorization of order ${order.data.id} expired at ${order.data.authorizationExpiresAt}.`,
      );
    if (remaining === 0)
      throw new ApiProblem('order_not_capturable', `Order ${order.data.id} is ${order.data.status}; nothing remains authorized.`);
    const amount = body.amount as Money | undefined;
    if (amount) this.checkCurrency(amount, order, '/amount/currency');
    const value = amount?.amount ?? remaining;
    if (value <= 0)
      throw validationFailed({
        errors: [{pointer: '/amount/amount', code: 'minimum', detail: 'Must be greater than zero.'}],
      });
    if (value > remaining)
      throw new ApiProblem(
        'amount_exceeds_capturable',
        `The capture of ${value} exceeds the remaining authorized amount of ${remaining}.`,
        {
          errors: [{pointer: '/amount/amount', code: 'maximum', detail: `At most ${remaining} can be captured.`}],
        },
      );
    this.linesMatch(body.orderLines as OrderLine[] | undefined, value);
    return {status: 201, body: this.addCapture(call, order, value, body)};
  }

  readACapture(call: Call): HandlerResult {
    return {status: 200, body: this.capture(this.order(call.path.orderId!), call.path.captureId!)};
  }

  refundACapture(call: Call): HandlerResult {
    const order = this.order(call.path.orderId!);
    const capture = this.capture(order, call.path.captureId!);
    const body = call.body!;
    if (call.now - Date.parse(String(capture.createdAt)) > this.facts.limits.refundWindowSeconds * 1000)
      throw new ApiProblem(
        'refund_window_closed',
        `Capture ${capture.id} was made on ${capture.createdAt}; refunds are possible for ${this.facts.limits.refundWindowSeconds / 86400} days.`,
      );
    const amount = body.amount as Money;
    this.checkCurrency(amount, order, '/amount/currency');
    if (amount.amount <= 0)
      throw validationFailed({
        errors: [{pointer: '/amount/amount', code: 'minimum', detail: 'Must be greater than zero.'}],
      });
    const left = (capture.amount as Money).amount - (capture.refundedAmount as Money).amount;
    if (amount.amount > left)
      throw new ApiProblem(
        'amount_exceeds_refundable',
        `The refund of ${amount.amount} exceeds the ${left} left to refund on capture ${capture.id}.`,
        {
          errors: [{pointer: '/amount/amount', code: 'maximum', detail: `At most ${left} can be refunded on this capture.`}],
        },
      );
    this.linesMatch(body.orderLines as OrderLine[] | undefined, amount.amount);
    (capture.refundedAmount as Money).amount += amount.amount;
    (order.data.refundedAmount as Money).amount += amount.amount;
    this.settleOrderStatus(order, call.now);
    const refund: JsonObject = {
      id: uuid(),
      orderId: order.data.id,
      captureId: capture.id,
      amount,
      status: 'pending',
      failureReason: null,
      ...(body.reason ? {reason: body.reason} : {}),
      ...(body.description ? {description: body.description} : {}),
      ...(body.reference ? {reference: body.reference} : {}),
      ...(body.orderLines ? {orderLines: body.orderLines} : {}),
      createdAt: isoSeconds(call.now),
    };
    order.data.refunds.push(refund);
    if (body.notificationUrl) order.notificationUrl = String(body.notificationUrl);
    this.refunds.set(String(refund.id), {
      orderId: order.data.id,
      settlesMs: call.now + this.facts.timings.refundSettlesAfterSeconds * 1000,
    });
    return {status: 201, body: refund};
  }

  readARefund(call: Call): HandlerResult {
    const order = this.order(call.path.orderId!);
    this.capture(order, call.path.captureId!);
    const refund = order.data.refunds.find((found) => found.id === call.path.refundId && found.captureId === call.path.captureId);
    if (!refund) throw new ApiProblem('resource_not_found', `Capture ${call.path.captureId} has no refund with id ${call.path.refundId}.`);
    return {status: 200, body: refund};
  }

  cancelAnOrder(call: Call): HandlerResult {
    const order = this.order(call.path.orderId!);
    if (!['authorized', 'part_captured'].includes(order.data.status) || (order.data.remainingAuthorizedAmount as Money).amount === 0)
      throw new ApiProblem(
        'order_not_cancellable',
        `Order ${order.data.id} is ${order.data.status}; there is no authorization left to release.`,
      );
    order.released = true;
    (order.data.remainingAuthorizedAmount as Money).amount = 0;
    this.settleOrderStatus(order, call.now, 'cancelled');
    return {status: 200, body: order.data};
  }

  // --- hosted pages ------------------------------------------------------------------------

  private pageView(page: HostedPageRecord, now: number): JsonObject {
    const session = this.sessions.get(page.data.sessionId)!;
    const status =
      session.data.status === 'completed' ? 'completed' : this.final(session.data.status) || now >= page.expiresMs ? 'expired' : 'active';
    return {...page.data, status};
  }

  createAHostedPaymentPage(call: Call): HandlerResult {
    const body = call.body!;
    const session = this.session(String(body.sessionId), call.now);
    this.requireStatus(
      call.operationId,
      session.data.status,
      'session_not_modifiable',
      `Session ${session.data.id} is ${session.data.status}; a hosted page can only be created while it is created or in_progress.`,
    );
    let expiresMs = session.expiresMs;
    if (body.expiresAt !== undefined) {
      expiresMs = Date.parse(String(body.expiresAt));
      if (expiresMs - call.now < this.facts.hostedPageMinimumSeconds * 1000 || expiresMs > session.expiresMs)
        throw validationFailed({
          errors: [
            {
              pointer: '/expiresAt',
              code: 'invalid_value',
              detail: `Must be at least ${this.facts.hostedPageMinimumSeconds / 60} minutes from now and not after the session's expiresAt (${session.data.expiresAt}).`,
            },
          ],
        });
    }
    const delivery = (body.delivery as JsonObject | undefined) ?? {channel: 'link'};
    const customer = (session.data.customer as JsonObject | undefined) ?? {};
    const channel = String(delivery.channel);
    const destination =
      channel === 'email' ? (delivery.email ?? customer.email) : channel === 'sms' ? (delivery.phone ?? customer.phone) : null;
    if (channel !== 'link' && !destination)
      throw validationFailed({
        errors: [
          {
            pointer: `/delivery/${channel === 'email' ? 'email' : 'phone'}`,
            code: 'required',
            detail: `Required: the session has no customer.${channel === 'email' ? 'email' : 'phone'} to default to.`,
          },
        ],
      });
    const failing = this.facts.testValues
      .filter((value) => value.category === 'hosted_page_delivery' && value.results.some((result) => result.value === 'failed'))
      .map((value) => value.value);
    const masked =
      typeof destination === 'string'
        ? channel === 'email'
          ? destination.replace(/^(.).*(@.*)$/, '$1***$2')
          : `${destination.slice(0, 5)}*****${destination.slice(-2)}`
        : null;
    const id = uuid();
    const page: HostedPageRecord = {
      data: {
        id,
        sessionId: session.data.id,
        url: `https://pay.sandbox.tessera.example/p/${id}`,
        status: 'active',
        createdAt: isoSeconds(call.now),
        expiresAt: isoSeconds(expiresMs),
        delivery: {channel, status: channel === 'link' ? 'not_requested' : 'queued', destination: masked},
      },
      expiresMs,
      deliveryMs: channel === 'link' ? null : call.now + this.facts.timings.hostedPageDeliveryAfterSeconds * 1000,
      deliveryFails: typeof destination === 'string' && failing.includes(destination),
    };
    this.hostedPages.set(id, page);
    this.open(session, call);
    return {status: 201, body: this.pageView(page, call.now)};
  }

  readAHostedPaymentPage(call: Call): HandlerResult {
    const page = this.hostedPages.get(call.path.hostedPageId!);
    if (!page)
      throw new ApiProblem(
        'resource_not_found',
        `No hosted page with id ${call.path.hostedPageId} exists in the sandbox for this merchant account.`,
      );
    return {status: 200, body: this.pageView(page, call.now)};
  }

  // --- tokens --------------------------------------------------------------------------------

  private activeToken(call: Call): TokenRecord {
    const token = this.token(call.path.tokenId!);
    if (token.data.status !== 'active')
      throw new ApiProblem('token_not_active', `Token ${token.data.id} is ${token.data.status} and can no longer be charged or changed.`);
    return token;
  }

  getToken(call: Call): HandlerResult {
    return {status: 200, body: this.token(call.path.tokenId!).data};
  }

  patchToken(call: Call): HandlerResult {
    const token = this.activeToken(call);
    const body = call.body!;
    if (body.description !== undefined) token.data.description = body.description;
    if (body.references !== undefined)
      token.data.references = {merchantReference1: null, merchantReference2: null, ...(body.references as JsonObject)};
    if (body.metadata !== undefined) token.data.metadata = body.metadata;
    return {status: 200, body: token.data};
  }

  chargeAToken(call: Call): HandlerResult {
    const token = this.activeToken(call);
    const body = call.body!;
    const cart = body.cart as Cart;
    const supported = token.data.supportedCurrencies as string[];
    if (!supported.includes(cart.currency))
      throw new ApiProblem(
        'unsupported_currency',
        `Token ${token.data.id} can be charged in ${supported.join(', ')}, not ${cart.currency}.`,
        {
          errors: [{pointer: '/cart/currency', code: 'invalid_value', detail: `The token's supportedCurrencies: ${supported.join(', ')}.`}],
        },
      );
    const issues = cartArithmeticIssues(cart.orderLines, '/cart', cart);
    if (issues.length)
      throw new ApiProblem('cart_totals_mismatch', issues.map((found) => `${found.pointer}: ${found.detail}`).join(' '), {errors: issues});
    if (token.card?.chargesDeclined)
      throw new ApiProblem('payment_declined', `The issuer declined the charge of token ${token.data.id}.`, {
        declineCode: token.card.chargesDeclined,
      });
    const order = this.createOrder(call, cart, {
      initiator: 'merchant',
      sessionId: null,
      tokenId: token.data.id,
      card: token.card,
      references: {merchantReference1: null, merchantReference2: null, ...((body.references as JsonObject | undefined) ?? {})},
      metadata: body.metadata ?? {},
      notificationUrl: token.notificationUrl,
    });
    if (body.autoCapture === true) this.addCapture(call, order, cart.totalAmount, {});
    return {status: 201, body: order.data};
  }

  deactivateToken(call: Call): HandlerResult {
    const token = this.token(call.path.tokenId!);
    // Idempotent by nature: a token that is already deactivated or expired comes back unchanged.
    if (token.data.status !== 'active') return {status: 200, body: token.data};
    this.move('TokenStatus', token.data, 'deactivated');
    token.data.deactivatedAt = isoSeconds(call.now);
    token.data.deactivationReason = call.body?.reason ?? 'merchant_request';
    call.notify('token.deactivated', token.notificationUrl, {
      tokenId: token.data.id,
      status: token.data.status,
      deactivationReason: token.data.deactivationReason,
      references: token.data.references,
    });
    return {status: 200, body: token.data};
  }
}
