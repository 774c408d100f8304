/**
 * The Tessera API V1 as the sandbox plays it: the state of each merchant account (checkout
 * sessions, orders with their captures and refunds, hosted pages, signups) and the business rules
 * openapi/tessera-v1.yaml states (cart arithmetic, one currency per session and order, capturable
 * and refundable amounts, the statuses each operation and each field of `updateOrder` is allowed
 * in, the transitions of every status, the validation request and the signup webhook). Every limit
 * and status list is read from the file; the handlers hold only what the file says in words.
 *
 * V1 and V3 share the sandbox's clock and its test data (the V3 file's `x-sandbox-test-data` and
 * `x-sandbox-timings`: one sandbox, one set of simulated issuers), but no objects: each version
 * only knows its own ids, as the migration guide says.
 */
import type {JsonObject} from '../openapi/refs';
import {isoSeconds} from './clock';
import {randomAlphanumeric} from './ids';
import type {DeliveryRules} from './notifications';
import {ApiProblem, validationFailed} from './problems';
import {cardBehaviour, orderStatusOf, testValueWith, type CardBehaviour, type V3Facts} from './tessera-v3';
import type {ValidationIssue} from './validation';

type Money = {amount: number; currency: string};
type OrderLine = {
  reference: string;
  name: string;
  type: string;
  quantity: number;
  unit_price: Money;
  tax_rate: number;
  total_amount: Money;
  total_tax_amount: Money;
};
type Cart = {total_amount: Money; total_tax_amount: Money; lines: OrderLine[]};

type Range = {minimum: number; maximum: number; default: number};

/** What the V1 file fixes for the simulator. */
export type V1Facts = {
  limits: {
    idempotencyKeyRetentionSeconds: number;
    sandboxRequestsPerSecond: number;
    readableAfterFinalSeconds: number;
    authorizationValidForSeconds: number;
    refundWindowSeconds: number;
  };
  transitions: Record<'CheckoutSessionStatus' | 'OrderStatus' | 'SignupStatus' | 'RefundStatus', Record<string, string[]>>;
  allowedStatuses: Map<string, string[]>;
  /** The statuses each field of `updateOrder` may be changed in. */
  orderFieldStatuses: Record<string, string[]>;
  scopes: Map<string, string>;
  allScopes: string[];
  sessionExpiryMinutes: Range;
  hostedPageExpiryMinutes: Range;
  signupExpiryMinutes: Range;
  decisionSeconds: number;
  validationSeconds: number;
  tokenSeconds: {merchant: number; session: number; signup: number};
  maxActiveHostedPages: number;
  maxCaptures: number;
  currencies: string[];
  signupCountries: string[];
  webhookDelivery: DeliveryRules;
  deprecationMs: number;
  sunsetMs: number;
};

function schema(document: JsonObject, name: string): JsonObject {
  const found = ((document.components as JsonObject).schemas as Record<string, JsonObject>)[name];
  if (!found) throw new Error(`the V1 file has no schema ${name}`);
  return found;
}

const property = (node: JsonObject, name: string) => (node.properties as Record<string, JsonObject>)[name]!;

function range(node: JsonObject): Range {
  return {minimum: Number(node.minimum), maximum: Number(node.maximum), default: Number(node.default)};
}

function operations(document: JsonObject): JsonObject[] {
  return Object.values(document.paths as Record<string, JsonObject>).flatMap((pathItem) =>
    Object.values(pathItem).filter((operation): operation is JsonObject => Boolean((operation as JsonObject)?.operationId)),
  );
}

/** Reads every fact the simulator needs from the V1 file; throws naming what is missing. */
export function readV1Facts(document: JsonObject): V1Facts {
  const limits = document['x-tessera-limits'] as JsonObject;
  const sunset = document['x-tessera-sunset'] as {deprecation: string; sunset: string};
  const allowedStatuses = new Map<string, string[]>();
  const scopes = new Map<string, string>();
  const byId = new Map<string, JsonObject>();
  for (const operation of operations(document)) {
    const id = String(operation.operationId);
    byId.set(id, operation);
    const allowed = operation['x-tessera-allowed-statuses'] as {statuses: string[]} | undefined;
    if (allowed) allowedStatuses.set(id, allowed.statuses);
    if (typeof operation['x-tessera-scope'] === 'string') scopes.set(id, operation['x-tessera-scope']);
  }
  const orderFieldStatuses: Record<string, string[]> = {};
  for (const [name, field] of Object.entries(schema(document, 'UpdateOrderRequest').properties as Record<string, JsonObject>)) {
    const allowed = field['x-tessera-allowed-statuses'] as {statuses: string[]} | undefined;
    if (allowed) orderFieldStatuses[name] = allowed.statuses;
  }
  const webhook = ((document.webhooks as Record<string, JsonObject>).signupStatusChanged!.post as JsonObject)[
    'x-tessera-delivery'
  ] as DeliveryRules;
  const maximum = (name: string) => Number(property(schema(document, name), 'expires_in').maximum);
  return {
    limits: {
      idempotencyKeyRetentionSeconds: Number(limits.idempotencyKeyRetentionSeconds),
      sandboxRequestsPerSecond: Number(((limits.rateLimits as JsonObject).sandbox as JsonObject).requestsPerSecond),
      readableAfterFinalSeconds: Number(limits.readableAfterFinalSeconds),
      authorizationValidForSeconds: Number(limits.authorizationValidForSeconds),
      refundWindowSeconds: Number(limits.refundWindowSeconds),
    },
    transitions: {
      CheckoutSessionStatus: schema(document, 'CheckoutSessionStatus')['x-tessera-transitions'] as Record<string, string[]>,
      OrderStatus: schema(document, 'OrderStatus')['x-tessera-transitions'] as Record<string, string[]>,
      SignupStatus: schema(document, 'SignupStatus')['x-tessera-transitions'] as Record<string, string[]>,
      RefundStatus: property(schema(document, 'Refund'), 'status')['x-tessera-transitions'] as Record<string, string[]>,
    },
    allowedStatuses,
    orderFieldStatuses,
    scopes,
    allScopes: [...new Set(scopes.values())],
    sessionExpiryMinutes: range(property(schema(document, 'CreateSessionRequest'), 'expires_in_minutes')),
    hostedPageExpiryMinutes: range(property(schema(document, 'CreateHostedPageRequest'), 'expires_in_minutes')),
    signupExpiryMinutes: range(property(schema(document, 'CreateSignupRequest'), 'expires_in_minutes')),
    decisionSeconds: Number(
      (property(schema(document, 'CheckoutSession'), 'decision_expires_at')['x-tessera-seconds-after'] as JsonObject).seconds,
    ),
    validationSeconds: Number(property(schema(document, 'CheckoutSession'), 'validation_request_id')['x-tessera-valid-for-seconds']),
    tokenSeconds: {merchant: maximum('AccessToken'), session: maximum('SessionAccessToken'), signup: maximum('SignupAccessToken')},
    maxActiveHostedPages: Number(byId.get('createHostedPage')!['x-tessera-max-active-per-session']),
    maxCaptures: Number(byId.get('captureOrder')!['x-tessera-max-captures-per-order']),
    currencies: property(schema(document, 'Money'), 'currency')['x-tessera-supported-values'] as string[],
    signupCountries: property(schema(document, 'CreateSignupRequest'), 'country')['x-tessera-supported-values'] as string[],
    webhookDelivery: webhook,
    deprecationMs: Date.parse(sunset.deprecation),
    sunsetMs: Date.parse(sunset.sunset),
  };
}

/** A V1 id: the type prefix and 24 letters or digits (the file's id patterns). */
export const v1Id = (prefix: string): string => `${prefix}_${randomAlphanumeric(24)}`;

/** Rounds half away from zero: the tax of a line "rounded to the nearest minor unit". */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/** The `OrderLine` and `Cart` arithmetic, as `422 cart_total_mismatch` issues (the code the file's examples put in `errors`). */
export function v1CartIssues(cart: Cart, prefix: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const code = 'cart_total_mismatch';
  cart.lines.forEach((line, index) => {
    const at = `${prefix}/lines/${index}`;
    const negative = line.type === 'discount';
    const amounts = [line.unit_price.amount, line.total_amount.amount, line.total_tax_amount.amount];
    if (negative ? amounts.some((amount) => amount > 0) : amounts.some((amount) => amount < 0))
      issues.push({
        pointer: at,
        code,
        detail: negative ? 'A discount line has zero or negative amounts.' : `A ${line.type} line has zero or positive amounts.`,
      });
    const total = line.quantity * line.unit_price.amount;
    if (line.total_amount.amount !== total)
      issues.push({pointer: `${at}/total_amount/amount`, code, detail: `Must equal quantity × unit_price.amount, ${total}.`});
    const tax = roundHalfAway((line.total_amount.amount * line.tax_rate) / (10000 + line.tax_rate));
    if (line.total_tax_amount.amount !== tax)
      issues.push({
        pointer: `${at}/total_tax_amount/amount`,
        code,
        detail: `Must equal total_amount × tax_rate ÷ (10000 + tax_rate), rounded: ${tax}.`,
      });
  });
  const sum = cart.lines.reduce((total, line) => total + line.total_amount.amount, 0);
  const taxSum = cart.lines.reduce((total, line) => total + line.total_tax_amount.amount, 0);
  if (cart.total_amount.amount !== sum)
    issues.push({pointer: `${prefix}/total_amount/amount`, code, detail: `Must equal the sum of lines[].total_amount, ${sum}.`});
  if (cart.total_tax_amount.amount !== taxSum)
    issues.push({pointer: `${prefix}/total_tax_amount/amount`, code, detail: `Must equal the sum of lines[].total_tax_amount, ${taxSum}.`});
  return issues;
}

/** Every Money of a cart or of order lines, with its pointer. */
function moneys(lines: OrderLine[], prefix: string): [string, Money][] {
  return lines.flatMap((line, index) =>
    (['unit_price', 'total_amount', 'total_tax_amount'] as const).map((name): [string, Money] => [
      `${prefix}/${index}/${name}`,
      line[name],
    ]),
  );
}

type SessionRecord = {
  data: JsonObject & {id: string; status: string; decision_mode: string; cart: Cart};
  createdMs: number;
  expiresMs: number;
  decisionDeadlineMs: number | null;
  validationDeadlineMs: number | null;
  finalMs: number | null;
  card?: CardBehaviour;
};

type OrderRecord = {
  data: JsonObject & {id: string; status: string; captures: JsonObject[]; refunds: JsonObject[]};
  card?: CardBehaviour;
  authorizationExpiresMs: number;
  released: boolean;
};

type RefundRecord = {orderId: string; settlesMs: number};

type HostedPageRecord = {data: JsonObject & {id: string; session_id: string}; expiresMs: number};

type SignupRecord = {
  data: JsonObject & {id: string; status: string};
  expiresMs: number;
  finalMs: number | null;
  reviewDueMs: number | null;
};

/** What a V1 handler gets: the request as parsed and validated, and the account's services. */
export type V1Call = {
  operationId: string;
  path: Record<string, string>;
  body: JsonObject | undefined;
  now: number;
  /** Where `Location` points: the request's scheme and host. */
  origin: string;
  send: V1Sender;
};

/** Sends a signed request to the merchant: the signup webhook or the validation request. */
export type V1Sender = (kind: 'webhook' | 'validation', url: string | null, body: JsonObject, eventId: string) => void;

export type V1Result = {status: number; body: unknown; headers?: Record<string, string>};

const money = (amount: number, currency: string): Money => ({amount, currency});

/** One merchant account's V1 objects and the V1 operations on them. */
export class V1Account {
  readonly sessions = new Map<string, SessionRecord>();
  readonly orders = new Map<string, OrderRecord>();
  readonly refunds = new Map<string, RefundRecord>();
  readonly hostedPages = new Map<string, HostedPageRecord>();
  readonly signups = new Map<string, SignupRecord>();
  /** What is refunded (pending or succeeded) of each capture: the V1 capture does not show it. */
  private readonly refundedOfCapture = new Map<string, number>();

  constructor(
    private readonly facts: V1Facts,
    private readonly sandbox: V3Facts,
  ) {}

  // --- status machines ---------------------------------------------------------------------

  /** Moves an object to a new status, refusing a transition the file does not list (a simulator bug). */
  private move(machine: keyof V1Facts['transitions'], object: {status: string}, next: string): void {
    if (object.status === next) return;
    const allowed = this.facts.transitions[machine][object.status] ?? [];
    if (!allowed.includes(next)) throw new Error(`${machine}: ${object.status} → ${next} is not a transition the V1 file lists`);
    object.status = next;
  }

  private final(machine: keyof V1Facts['transitions'], status: string): boolean {
    return (this.facts.transitions[machine][status] ?? []).length === 0;
  }

  private requireStatus(operationId: string, status: string, detail: string): void {
    const allowed = this.facts.allowedStatuses.get(operationId);
    if (allowed && !allowed.includes(status)) throw new ApiProblem('invalid_state_transition', detail);
  }

  // --- lookups -----------------------------------------------------------------------------

  private readable(record: {finalMs: number | null}, now: number): boolean {
    return record.finalMs === null || now - record.finalMs <= this.facts.limits.readableAfterFinalSeconds * 1000;
  }

  session(id: string, now: number): SessionRecord {
    const session = this.sessions.get(id);
    if (!session || !this.readable(session, now))
      throw new ApiProblem('resource_not_found', `No checkout session ${id} exists in the sandbox environment.`);
    return session;
  }

  signup(id: string, now: number): SignupRecord {
    const signup = this.signups.get(id);
    if (!signup || !this.readable(signup, now))
      throw new ApiProblem('resource_not_found', `No signup ${id} exists in the sandbox environment.`);
    return signup;
  }

  private order(id: string): OrderRecord {
    const order = this.orders.get(id);
    if (!order) throw new ApiProblem('resource_not_found', `No order ${id} exists in the sandbox environment.`);
    return order;
  }

  // --- views -------------------------------------------------------------------------------

  private touch(data: JsonObject, now: number): void {
    data.updated_at = isoSeconds(now);
  }

  private sessionView(session: SessionRecord): JsonObject {
    return {...session.data, decision_expires_at: session.decisionDeadlineMs === null ? null : isoSeconds(session.decisionDeadlineMs)};
  }

  private toSessionStatus(session: SessionRecord, next: string, now: number): void {
    this.move('CheckoutSessionStatus', session.data, next);
    this.touch(session.data, now);
    if (this.final('CheckoutSessionStatus', next)) session.finalMs = now;
  }

  private toSignupStatus(signup: SignupRecord, next: string, now: number, send: V1Sender): void {
    const previous = signup.data.status;
    this.move('SignupStatus', signup.data, next);
    this.touch(signup.data, now);
    if (this.final('SignupStatus', next)) signup.finalMs = now;
    const id = v1Id('evt');
    const url = (signup.data.merchant_urls as JsonObject).webhook as string;
    send(
      'webhook',
      url,
      {id, type: 'signup.status_changed', created_at: isoSeconds(now), previous_status: previous, signup: {...signup.data}},
      id,
    );
  }

  // --- timed events ------------------------------------------------------------------------

  /** Everything that falls due by `now`: expiry, deadlines, released authorisations, settled refunds, reviews. */
  advance(now: number, send: V1Sender): void {
    for (const session of this.sessions.values()) {
      const data = session.data;
      if (data.status === 'awaiting_decision') {
        if (session.decisionDeadlineMs !== null && now >= session.decisionDeadlineMs) {
          // No decision in time: the session expires and the authorisation is released.
          session.decisionDeadlineMs = null;
          this.toSessionStatus(session, 'expired', now);
        }
      } else if (data.status === 'awaiting_validation' && session.validationDeadlineMs !== null && now >= session.validationDeadlineMs) {
        // No answer in time counts as a rejection with reason `timeout`: the customer is asked to try again.
        session.validationDeadlineMs = null;
        data.validation_request_id = null;
        this.toSessionStatus(session, 'in_progress', now);
      }
      if (!this.final('CheckoutSessionStatus', data.status) && data.status !== 'awaiting_decision' && now >= session.expiresMs) {
        session.validationDeadlineMs = null;
        data.validation_request_id = null;
        this.toSessionStatus(session, 'expired', now);
      }
    }
    for (const order of this.orders.values()) {
      const remaining = order.data.remaining_authorized_amount as Money;
      if (!order.released && now >= order.authorizationExpiresMs && remaining.amount > 0) {
        order.released = true;
        remaining.amount = 0;
        this.settleOrderStatus(order, now, (order.data.captured_amount as Money).amount === 0 ? 'expired' : undefined);
      }
    }
    for (const [refundId, record] of this.refunds) {
      const order = this.orders.get(record.orderId)!;
      const refund = order.data.refunds.find((found) => found.id === refundId)! as JsonObject & {status: string};
      if (refund.status !== 'pending' || now < record.settlesMs) continue;
      const fails = Boolean(order.card?.refundsFail);
      this.move('RefundStatus', refund, fails ? 'failed' : 'succeeded');
      refund.completed_at = isoSeconds(now);
      if (fails) {
        // `refunded_amount` counts pending and succeeded refunds only: a failed one is refundable again.
        const captureId = String(refund.capture_id);
        this.refundedOfCapture.set(captureId, this.refundedOfCapture.get(captureId)! - (refund.amount as Money).amount);
        (order.data.refunded_amount as Money).amount -= (refund.amount as Money).amount;
        this.settleOrderStatus(order, now);
      }
      refund.order_status = order.data.status;
    }
    for (const signup of this.signups.values()) {
      if (signup.data.status === 'in_review' && signup.reviewDueMs !== null && now >= signup.reviewDueMs) {
        signup.reviewDueMs = null;
        signup.data.merchant_account_id = v1Id('mer');
        signup.data.completed_at = isoSeconds(now);
        this.toSignupStatus(signup, 'completed', now, send);
      } else if (['created', 'in_progress'].includes(signup.data.status) && now >= signup.expiresMs) {
        this.toSignupStatus(signup, 'expired', now, send);
      }
    }
  }

  /** The order status its amounts give (the `OrderStatus` table). */
  private settleOrderStatus(order: OrderRecord, now: number, released?: 'cancelled' | 'expired'): void {
    const next = orderStatusOf(
      (order.data.captured_amount as Money).amount,
      (order.data.refunded_amount as Money).amount,
      (order.data.remaining_authorized_amount as Money).amount,
      released,
    );
    this.move('OrderStatus', order.data, next);
    this.touch(order.data, now);
  }

  // --- tokens ------------------------------------------------------------------------------

  /** The session a session token is requested for, in a status that can still be paid. */
  sessionForToken(call: V1Call): SessionRecord {
    const session = this.session(String(call.body!.session_id), call.now);
    this.requireStatus(
      call.operationId,
      session.data.status,
      `Checkout session ${session.data.id} is ${session.data.status} and can no longer be paid.`,
    );
    return session;
  }

  signupForToken(call: V1Call): SignupRecord {
    const signup = this.signup(String(call.body!.signup_id), call.now);
    this.requireStatus(
      call.operationId,
      signup.data.status,
      `Signup ${signup.data.id} is ${signup.data.status} and can no longer be filled in.`,
    );
    return signup;
  }

  // --- checkout sessions ---------------------------------------------------------------------

  /** One currency per session, a supported one, and totals that add up. */
  private checkCart(cart: Cart, prefix: string, currency = cart.total_amount.currency): void {
    if (!this.facts.currencies.includes(currency))
      throw validationFailed({
        errors: [{pointer: `${prefix}/total_amount/currency`, code: 'enum', detail: `Must be one of ${this.facts.currencies.join(', ')}.`}],
      });
    const all: [string, Money][] = [
      [`${prefix}/total_amount`, cart.total_amount],
      [`${prefix}/total_tax_amount`, cart.total_tax_amount],
      ...moneys(cart.lines, `${prefix}/lines`),
    ];
    const other = all.filter(([, value]) => value.currency !== currency);
    if (other.length)
      throw new ApiProblem(
        'currency_mismatch',
        `The cart is in ${currency} but ${other[0]![0].slice(prefix.length + 1)} is in ${other[0]![1].currency}.`,
        {errors: other.map(([pointer]) => ({pointer: `${pointer}/currency`, code: 'currency_mismatch', detail: `Must be ${currency}.`}))},
      );
    const issues = v1CartIssues(cart, prefix);
    if (issues.length) {
      const sum = cart.lines.reduce((total, line) => total + line.total_amount.amount, 0);
      throw new ApiProblem(
        'cart_total_mismatch',
        `The lines add up to ${sum} ${currency} but cart.total_amount is ${cart.total_amount.amount} ${currency}.`,
        {errors: issues},
      );
    }
  }

  createSession(call: V1Call): V1Result {
    const body = call.body!;
    const cart = body.cart as Cart;
    this.checkCart(cart, '/cart');
    const minutes = Number(body.expires_in_minutes ?? this.facts.sessionExpiryMinutes.default);
    const expiresMs = call.now + minutes * 60_000;
    const id = v1Id('cs');
    const data: SessionRecord['data'] = {
      id,
      status: 'created',
      locale: body.locale,
      purchase_country: body.purchase_country,
      decision_mode: String(body.decision_mode ?? 'automatic'),
      cart,
      customer: body.customer ?? null,
      billing_address: body.billing_address ?? null,
      shipping_address: body.shipping_address ?? null,
      merchant_urls: body.merchant_urls,
      merchant_reference: body.merchant_reference ?? null,
      merchant_data: body.merchant_data ?? null,
      order_id: null,
      validation_request_id: null,
      created_at: isoSeconds(call.now),
      updated_at: isoSeconds(call.now),
      expires_at: isoSeconds(expiresMs),
      decision_expires_at: null,
    };
    const session: SessionRecord = {
      data,
      createdMs: call.now,
      expiresMs,
      decisionDeadlineMs: null,
      validationDeadlineMs: null,
      finalMs: null,
    };
    this.sessions.set(id, session);
    return {status: 201, body: this.sessionView(session), headers: {Location: `${call.origin}/v1/checkout/sessions/${id}`}};
  }

  readSession(call: V1Call): V1Result {
    return {status: 200, body: this.sessionView(this.session(call.path.sessionId!, call.now))};
  }

  private editable(call: V1Call): SessionRecord {
    const session = this.session(call.path.sessionId!, call.now);
    this.requireStatus(
      call.operationId,
      session.data.status,
      `Checkout session ${session.data.id} is ${session.data.status} and can no longer be changed.`,
    );
    return session;
  }

  private replaceCart(session: SessionRecord, cart: Cart): void {
    // The session's currency is fixed by its first cart: every amount of a session uses the same currency.
    const currency = session.data.cart.total_amount.currency;
    if (cart.total_amount.currency !== currency)
      throw new ApiProblem('currency_mismatch', `The session is in ${currency} but the new cart is in ${cart.total_amount.currency}.`, {
        errors: [{pointer: '/cart/total_amount/currency', code: 'currency_mismatch', detail: `Must be ${currency}.`}],
      });
    this.checkCart(cart, '/cart', currency);
    session.data.cart = cart;
  }

  updateSession(call: V1Call): V1Result {
    const session = this.editable(call);
    const body = call.body!;
    this.replaceCart(session, body.cart as Cart);
    const data = session.data;
    for (const key of ['locale', 'purchase_country', 'merchant_urls'] as const) data[key] = body[key];
    // Optional fields left out are cleared.
    for (const key of ['customer', 'billing_address', 'shipping_address', 'merchant_reference', 'merchant_data'] as const)
      data[key] = body[key] ?? null;
    this.touch(data, call.now);
    return {status: 200, body: this.sessionView(session)};
  }

  patchCheckoutSession(call: V1Call): V1Result {
    const session = this.editable(call);
    const body = call.body!;
    if (body.cart !== undefined) this.replaceCart(session, body.cart as Cart);
    for (const [key, value] of Object.entries(body)) if (key !== 'cart') session.data[key] = value;
    this.touch(session.data, call.now);
    return {status: 200, body: this.sessionView(session)};
  }

  purchaseDecision(call: V1Call): V1Result {
    const session = this.session(call.path.sessionId!, call.now);
    this.requireStatus(
      call.operationId,
      session.data.status,
      `Checkout session ${session.data.id} is ${session.data.status}, not awaiting_decision.`,
    );
    const body = call.body!;
    session.decisionDeadlineMs = null;
    if (body.decision === 'approve') {
      if (body.merchant_reference !== undefined) session.data.merchant_reference = body.merchant_reference;
      this.complete(session, call.now);
    } else {
      this.toSessionStatus(session, 'rejected', call.now);
    }
    return {status: 200, body: this.sessionView(session)};
  }

  sendValidateResponse(call: V1Call): V1Result {
    const session = this.session(call.path.sessionId!, call.now);
    this.requireStatus(
      call.operationId,
      session.data.status,
      `Checkout session ${session.data.id} is ${session.data.status}, not awaiting_validation.`,
    );
    const body = call.body!;
    if (body.validation_request_id !== session.data.validation_request_id)
      throw new ApiProblem(
        'invalid_state_transition',
        `Validation request ${String(body.validation_request_id)} is not the open one of checkout session ${session.data.id}.`,
      );
    session.data.validation_request_id = null;
    session.validationDeadlineMs = null;
    if (body.result === 'accept') {
      this.toSessionStatus(session, 'processing', call.now);
      this.authorize(session, call.now);
    } else {
      this.toSessionStatus(session, 'in_progress', call.now);
    }
    return {status: 200, body: this.sessionView(session)};
  }

  /** `processing`: the card decides; then `completed`, `awaiting_decision`, or back to `in_progress`. */
  private authorize(session: SessionRecord, now: number): void {
    if (session.card?.outcome !== 'authorized') {
      this.toSessionStatus(session, 'in_progress', now);
      return;
    }
    if (session.data.decision_mode === 'manual') {
      this.toSessionStatus(session, 'awaiting_decision', now);
      session.decisionDeadlineMs = now + this.facts.decisionSeconds * 1000;
      return;
    }
    this.complete(session, now);
  }

  /** The customer's details an order needs, from the session or the sandbox's test customer. */
  private confirmedCustomer(session: SessionRecord): {customer: JsonObject; billing: JsonObject} {
    const data = session.data;
    const customer = (data.customer as JsonObject | null) ?? {type: 'person'};
    const billing = (data.billing_address as JsonObject | null) ??
      (data.shipping_address as JsonObject | null) ?? {
        given_name: String(customer.given_name ?? 'Test'),
        family_name: String(customer.family_name ?? 'Customer'),
        street_address: 'Testgatan 1',
        postal_code: '111 22',
        city: 'Stockholm',
        country: String(data.purchase_country),
      };
    return {customer, billing};
  }

  private complete(session: SessionRecord, now: number): void {
    const data = session.data;
    const {customer, billing} = this.confirmedCustomer(session);
    data.customer = customer;
    data.billing_address = billing;
    const id = v1Id('ord');
    const cart = data.cart;
    const currency = cart.total_amount.currency;
    const authorizationExpiresMs = now + this.facts.limits.authorizationValidForSeconds * 1000;
    this.orders.set(id, {
      data: {
        id,
        session_id: data.id,
        status: 'authorized',
        purchase_country: data.purchase_country,
        locale: data.locale,
        cart,
        customer,
        billing_address: billing,
        shipping_address: data.shipping_address ?? null,
        merchant_reference: data.merchant_reference ?? null,
        merchant_data: data.merchant_data ?? null,
        payment_method: {type: 'card', display: `Visa •••• ${session.card?.last4 ?? '1111'}`},
        authorized_amount: money(cart.total_amount.amount, currency),
        captured_amount: money(0, currency),
        refunded_amount: money(0, currency),
        remaining_authorized_amount: money(cart.total_amount.amount, currency),
        captures: [],
        refunds: [],
        created_at: isoSeconds(now),
        updated_at: isoSeconds(now),
        authorization_expires_at: isoSeconds(authorizationExpiresMs),
      },
      card: session.card,
      authorizationExpiresMs,
      released: false,
    });
    data.order_id = id;
    this.toSessionStatus(session, 'completed', now);
  }

  // --- the customer's side (test helper) -----------------------------------------------------

  payCheckoutSession(call: V1Call): V1Result {
    const session = this.session(call.path.sessionId!, call.now);
    this.requireStatus(
      call.operationId,
      session.data.status,
      `Checkout session ${session.data.id} is ${session.data.status}; the customer can no longer pay it.`,
    );
    const number = String(call.body?.card ?? testValueWith(this.sandbox, 'card', {enum: 'OrderStatus', value: 'authorized'}));
    const card = cardBehaviour(this.sandbox, number);
    if (!card)
      throw validationFailed({
        errors: [
          {pointer: '/card', code: 'invalid_value', detail: 'Not a card of the sandbox test data; use one listed on Sandbox test data.'},
        ],
      });
    session.card = card;
    if (session.data.status === 'created') this.toSessionStatus(session, 'in_progress', call.now);
    const validation = (session.data.merchant_urls as JsonObject).validation;
    if (typeof validation === 'string') {
      const id = v1Id('vrq');
      session.data.validation_request_id = id;
      session.validationDeadlineMs = call.now + this.facts.validationSeconds * 1000;
      this.toSessionStatus(session, 'awaiting_validation', call.now);
      call.send('validation', validation, {validation_request_id: id, session: this.sessionView(session)}, v1Id('evt'));
    } else {
      this.toSessionStatus(session, 'processing', call.now);
      this.authorize(session, call.now);
    }
    return {status: 200, body: this.sessionView(session)};
  }

  // --- orders --------------------------------------------------------------------------------

  private sameCurrency(order: OrderRecord, entries: [string, Money][]): void {
    const currency = (order.data.authorized_amount as Money).currency;
    const other = entries.filter(([, value]) => value.currency !== currency);
    if (other.length)
      throw new ApiProblem(
        'currency_mismatch',
        `Order ${order.data.id} is in ${currency} but ${other[0]![0].slice(1)} is in ${other[0]![1].currency}.`,
        {
          errors: other.map(([pointer]) => ({pointer: `${pointer}/currency`, code: 'currency_mismatch', detail: `Must be ${currency}.`})),
        },
      );
  }

  private positive(value: Money, pointer: string): void {
    if (value.amount <= 0)
      throw validationFailed({errors: [{pointer: `${pointer}/amount`, code: 'minimum', detail: 'Must be greater than zero.'}]});
  }

  updateOrder(call: V1Call): V1Result {
    const order = this.order(call.path.orderId!);
    const body = call.body!;
    for (const field of Object.keys(body)) {
      const allowed = this.facts.orderFieldStatuses[field];
      if (allowed && !allowed.includes(order.data.status))
        throw new ApiProblem(
          'invalid_state_transition',
          `Order ${order.data.id} is ${order.data.status}; ${field} can only be changed while it is ${allowed.join(' or ')}.`,
        );
    }
    const amount = body.authorized_amount as Money | undefined;
    if (amount && order.released)
      throw new ApiProblem(
        'invalid_state_transition',
        `The authorisation of order ${order.data.id} was released at ${String(order.data.authorization_expires_at)}; nothing is left to lower.`,
      );
    if (amount) {
      this.sameCurrency(order, [['/authorized_amount', amount]]);
      const authorized = order.data.authorized_amount as Money;
      const captured = (order.data.captured_amount as Money).amount;
      if (amount.amount > authorized.amount)
        throw new ApiProblem(
          'amount_exceeds_remaining',
          `The authorised amount can only be lowered: it is ${authorized.amount}, not more.`,
          {
            errors: [{pointer: '/authorized_amount/amount', code: 'amount_exceeds_remaining', detail: `At most ${authorized.amount}.`}],
          },
        );
      if (amount.amount < Math.max(captured, 1))
        throw validationFailed({
          errors: [
            {
              pointer: '/authorized_amount/amount',
              code: 'minimum',
              detail: `Must be at least ${Math.max(captured, 1)}, the captured amount.`,
            },
          ],
        });
      (order.data.remaining_authorized_amount as Money).amount -= authorized.amount - amount.amount;
      authorized.amount = amount.amount;
      this.settleOrderStatus(order, call.now);
    }
    if (body.shipping_address !== undefined) order.data.shipping_address = body.shipping_address;
    for (const key of ['merchant_reference', 'merchant_data'] as const) if (body[key] !== undefined) order.data[key] = body[key];
    if (body.status === 'cancelled') {
      order.released = true;
      (order.data.remaining_authorized_amount as Money).amount = 0;
      this.settleOrderStatus(order, call.now, 'cancelled');
    }
    this.touch(order.data, call.now);
    return {status: 200, body: order.data};
  }

  captureOrder(call: V1Call): V1Result {
    const order = this.order(call.path.orderId!);
    this.requireStatus(call.operationId, order.data.status, `Order ${order.data.id} is ${order.data.status} and cannot be captured.`);
    const remaining = order.data.remaining_authorized_amount as Money;
    if (order.released || call.now >= order.authorizationExpiresMs)
      throw new ApiProblem(
        'invalid_state_transition',
        `The authorisation of order ${order.data.id} expired at ${String(order.data.authorization_expires_at)}.`,
      );
    if (order.data.captures.length >= this.facts.maxCaptures)
      throw new ApiProblem(
        'invalid_state_transition',
        `Order ${order.data.id} already has ${this.facts.maxCaptures} captures, the most an order allows.`,
      );
    const body = call.body!;
    const amount = body.amount as Money;
    const lines = (body.order_lines as OrderLine[] | undefined) ?? [];
    this.sameCurrency(order, [['/amount', amount], ...moneys(lines, '/order_lines')]);
    this.positive(amount, '/amount');
    if (amount.amount > remaining.amount)
      throw new ApiProblem(
        'amount_exceeds_remaining',
        `The capture of ${amount.amount} exceeds the remaining authorised amount of ${remaining.amount}.`,
        {
          errors: [{pointer: '/amount/amount', code: 'amount_exceeds_remaining', detail: `At most ${remaining.amount} can be captured.`}],
        },
      );
    (order.data.captured_amount as Money).amount += amount.amount;
    remaining.amount -= amount.amount;
    this.settleOrderStatus(order, call.now);
    const capture: JsonObject = {
      id: v1Id('cap'),
      order_id: order.data.id,
      amount,
      description: body.description ?? null,
      order_lines: body.order_lines ?? null,
      shipping_info: body.shipping_info ?? null,
      remaining_authorized_amount: {...remaining},
      order_status: order.data.status,
      captured_at: isoSeconds(call.now),
    };
    order.data.captures.push(capture);
    this.refundedOfCapture.set(String(capture.id), 0);
    return {status: 201, body: capture};
  }

  refundOrder(call: V1Call): V1Result {
    const order = this.order(call.path.orderId!);
    this.requireStatus(
      call.operationId,
      order.data.status,
      `Order ${order.data.id} is ${order.data.status}; only captured money can be refunded.`,
    );
    const body = call.body!;
    const amount = body.amount as Money;
    const lines = (body.order_lines as OrderLine[] | undefined) ?? [];
    this.sameCurrency(order, [['/amount', amount], ...moneys(lines, '/order_lines')]);
    this.positive(amount, '/amount');
    const left = (capture: JsonObject) => (capture.amount as Money).amount - this.refundedOfCapture.get(String(capture.id))!;
    const open = (capture: JsonObject) =>
      call.now - Date.parse(String(capture.captured_at)) <= this.facts.limits.refundWindowSeconds * 1000;
    const refundable = order.data.captures.filter(open).reduce((total, capture) => total + left(capture), 0);
    let capture: JsonObject | undefined;
    if (body.capture_id !== undefined) {
      capture = order.data.captures.find((found) => found.id === body.capture_id);
      if (!capture) throw new ApiProblem('resource_not_found', `Order ${order.data.id} has no capture ${String(body.capture_id)}.`);
      if (!open(capture))
        throw new ApiProblem(
          'invalid_state_transition',
          `Capture ${String(capture.id)} was made on ${String(capture.captured_at)}; refunds are possible for ${this.facts.limits.refundWindowSeconds / 86400} days.`,
        );
    } else {
      capture = [...order.data.captures].reverse().find((found) => open(found) && left(found) > 0);
      if (!capture)
        throw new ApiProblem(
          'invalid_state_transition',
          `Order ${order.data.id} has no capture within its ${this.facts.limits.refundWindowSeconds / 86400}-day refund window with money left to refund.`,
        );
    }
    const most = Math.min(refundable, left(capture));
    if (amount.amount > most)
      throw new ApiProblem(
        'amount_exceeds_remaining',
        `The refund of ${amount.amount} exceeds the ${most} left to refund on capture ${String(capture.id)}.`,
        {
          errors: [{pointer: '/amount/amount', code: 'amount_exceeds_remaining', detail: `At most ${most} can be refunded.`}],
        },
      );
    this.refundedOfCapture.set(String(capture.id), this.refundedOfCapture.get(String(capture.id))! + amount.amount);
    (order.data.refunded_amount as Money).amount += amount.amount;
    this.settleOrderStatus(order, call.now);
    const refund: JsonObject = {
      id: v1Id('rfd'),
      order_id: order.data.id,
      capture_id: capture.id,
      status: 'pending',
      amount,
      reason: body.reason ?? 'other',
      description: body.description ?? null,
      order_lines: body.order_lines ?? null,
      order_status: order.data.status,
      created_at: isoSeconds(call.now),
      completed_at: null,
    };
    order.data.refunds.push(refund);
    this.refunds.set(String(refund.id), {
      orderId: order.data.id,
      settlesMs: call.now + this.sandbox.timings.refundSettlesAfterSeconds * 1000,
    });
    return {status: 201, body: refund};
  }

  // --- hosted pages --------------------------------------------------------------------------

  private pageView(page: HostedPageRecord, now: number): JsonObject {
    const session = this.sessions.get(page.data.session_id)!;
    const status =
      session.data.status === 'completed'
        ? 'completed'
        : this.final('CheckoutSessionStatus', session.data.status) || now >= page.expiresMs
          ? 'expired'
          : 'active';
    return {...page.data, status};
  }

  createHostedPage(call: V1Call): V1Result {
    const body = call.body!;
    const session = this.session(String(body.session_id), call.now);
    this.requireStatus(
      call.operationId,
      session.data.status,
      `Checkout session ${session.data.id} is ${session.data.status}; a hosted page can only be created while it is created or in_progress.`,
    );
    const active = [...this.hostedPages.values()].filter(
      (page) => page.data.session_id === session.data.id && this.pageView(page, call.now).status === 'active',
    );
    if (active.length >= this.facts.maxActiveHostedPages)
      throw new ApiProblem(
        'invalid_state_transition',
        `Checkout session ${session.data.id} already has an active hosted page, ${String(active[0]!.data.id)}.`,
      );
    const minutes = Number(body.expires_in_minutes ?? this.facts.hostedPageExpiryMinutes.default);
    const expiresMs = Math.min(call.now + minutes * 60_000, session.expiresMs);
    const id = v1Id('hpp');
    const distribution = body.distribution as JsonObject;
    const page: HostedPageRecord = {
      data: {
        id,
        session_id: session.data.id,
        status: 'active',
        url: `https://pay.sandbox.tessera.example/hpp/${id}`,
        distribution: {method: distribution.method, recipient: distribution.recipient ?? null},
        back_url: body.back_url ?? null,
        created_at: isoSeconds(call.now),
        expires_at: isoSeconds(expiresMs),
      },
      expiresMs,
    };
    this.hostedPages.set(id, page);
    return {status: 201, body: this.pageView(page, call.now)};
  }

  // --- signups -------------------------------------------------------------------------------

  createSignup(call: V1Call): V1Result {
    const body = call.body!;
    if (!this.facts.signupCountries.includes(String(body.country)))
      throw validationFailed({
        errors: [{pointer: '/country', code: 'enum', detail: `V1 onboards companies in ${this.facts.signupCountries.join(', ')}.`}],
      });
    const minutes = Number(body.expires_in_minutes ?? this.facts.signupExpiryMinutes.default);
    const expiresMs = call.now + minutes * 60_000;
    const id = v1Id('sgn');
    const signup: SignupRecord = {
      data: {
        id,
        status: 'created',
        locale: body.locale,
        country: body.country,
        company: body.company ?? null,
        applicant: body.applicant ?? null,
        merchant_urls: body.merchant_urls,
        merchant_reference: body.merchant_reference ?? null,
        merchant_account_id: null,
        rejection_reason: null,
        created_at: isoSeconds(call.now),
        updated_at: isoSeconds(call.now),
        submitted_at: null,
        completed_at: null,
        expires_at: isoSeconds(expiresMs),
      },
      expiresMs,
      finalMs: null,
      reviewDueMs: null,
    };
    this.signups.set(id, signup);
    return {status: 201, body: signup.data, headers: {Location: `${call.origin}/v1/signups/${id}`}};
  }

  readSignup(call: V1Call): V1Result {
    return {status: 200, body: this.signup(call.path.signupId!, call.now).data};
  }

  /** The applicant submits (test helper); the sandbox test data's organisation numbers decide the review. */
  submitSignup(call: V1Call): V1Result {
    const signup = this.signup(call.path.signupId!, call.now);
    this.requireStatus(
      call.operationId,
      signup.data.status,
      `Signup ${signup.data.id} is ${signup.data.status}; the applicant can no longer submit it.`,
    );
    const company = {...((signup.data.company as JsonObject | null) ?? {})};
    if (call.body?.organization_number !== undefined) company.organization_number = call.body.organization_number;
    signup.data.company = company;
    if (signup.data.status === 'created') this.toSignupStatus(signup, 'in_progress', call.now, call.send);
    signup.data.submitted_at = isoSeconds(call.now);
    this.toSignupStatus(signup, 'in_review', call.now, call.send);
    const number = String(company.organization_number ?? '');
    if (number === testValueWith(this.sandbox, 'signup', {enum: 'SessionStatusReason', value: 'signup_declined'})) {
      signup.data.rejection_reason = 'verification_failed';
      this.toSignupStatus(signup, 'rejected', call.now, call.send);
    } else {
      const slow = number === this.sandbox.testValues.find((value) => value.id === 'signup_review_slow')?.value;
      const seconds = slow ? this.sandbox.timings.slowSignupReviewAfterSeconds : this.sandbox.timings.signupReviewAfterSeconds;
      signup.reviewDueMs = call.now + seconds * 1000;
    }
    return {status: 200, body: signup.data};
  }
}
