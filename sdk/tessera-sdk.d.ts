/**
 * The Tessera client SDK (V3), as the documentation describes it: the single source of truth for
 * the browser side, as openapi/tessera-v3.yaml is for the REST API. The SDK guides quote these
 * names, and tests/unit/guide-samples.test.ts type-checks every client sample against this file.
 *
 * Load it with `<script src="https://js.tessera.example/v3/tessera.js"></script>` (the same file
 * serves production and sandbox: the client token says which environment a session lives in).
 * The form runs in an iframe served from js.tessera.example, which talks to the Tessera API hosts;
 * your page needs the Content-Security-Policy in `TesseraContentSecurityPolicy`. The supported
 * browsers are in `TesseraSupportedBrowsers`.
 */

/**
 * The browsers the SDK supports, and the versions of each; the pages render this list. In any
 * other browser (every version of Internet Explorer among them) `Tessera.init` fails with
 * `unsupported_browser`.
 */
export interface TesseraSupportedBrowsers {
  Chrome: 'the last two major versions';
  Edge: 'the last two major versions';
  Firefox: 'the last two major versions';
  'Chrome on Android': 'the last two major versions';
  Safari: '15 or later, on macOS and iOS';
}

/**
 * The directives a merchant page's Content-Security-Policy must allow, and nothing more: the page
 * itself never calls the Tessera API (the form's iframe does, under its own policy), so
 * `connect-src` needs no Tessera host.
 */
export interface TesseraContentSecurityPolicy {
  /** Loads tessera.js. */
  'script-src': 'https://js.tessera.example';
  /** The form runs in an iframe served from the SDK host. */
  'frame-src': 'https://js.tessera.example';
}

/** Session types, as `SessionType` in openapi/tessera-v3.yaml. */
export type TesseraSessionType = 'payment' | 'signup';

/** Payment method kinds, as `PaymentMethodSummary.type` in openapi/tessera-v3.yaml. */
export type TesseraPaymentMethodType = 'card' | 'bank_account' | 'invoice' | 'wallet';

/** Why a session ended without completing, as `SessionStatusReason` in openapi/tessera-v3.yaml. */
export type TesseraSessionEndReason =
  | 'shopper_cancelled'
  | 'merchant_cancelled'
  | 'session_timeout'
  | 'merchant_rejected'
  | 'decision_timeout'
  | 'risk_declined'
  | 'signup_declined';

export interface TesseraAppearance {
  /** `dark` suits a dark checkout page. Default `light`. */
  theme?: 'light' | 'dark';
  /** Buttons, links and focus rings, as a CSS colour. Must reach 4.5:1 contrast with the background. */
  colorPrimary?: string;
  /** Corner radius of fields and buttons, as a CSS length, for example `6px`. */
  borderRadius?: string;
  /**
   * A font family installed on the shopper's device, for example `system-ui`. The form runs in
   * Tessera's iframe, so your page's web fonts are not available to it; the SDK loads no fonts.
   */
  fontFamily?: string;
}

export interface TesseraInitOptions {
  /** `clientToken` from the createSession response. Never your API key or bearer secret. */
  clientToken: string;
  /** Where the form is rendered: a CSS selector or an element in the document. Its content is replaced. */
  container: string | HTMLElement;
  /** BCP 47 locale, for example `sv-SE`. Defaults to the session's `locale`. */
  locale?: string;
  appearance?: TesseraAppearance;
  /**
   * Handlers subscribed before the form loads. Only these receive `ready` and `load_failed`,
   * which fire before `init` settles; later events reach them as well as `client.on` handlers.
   */
  on?: TesseraEventHandlers;
}

/**
 * What `Tessera.init` can fail with, in the `load_failed` event and the rejected promise:
 * - `invalid_client_token`: not a client token, one from the other environment, or one past its
 *   validity (`Session.clientToken` in openapi/tessera-v3.yaml), even while the session is still
 *   open: read the session on your backend for a fresh token and call `init` again;
 * - `session_not_found`: no session for this token (it was created in another account);
 * - `session_expired`: the session is `expired`: create a new one;
 * - `session_final`: the session is `completed`, `cancelled` or `rejected`: show the outcome;
 * - `container_not_found`: the selector matches no element in the document;
 * - `unsupported_browser`: the browser is older than the supported versions;
 * - `network_error`: js.tessera.example or the API could not be reached: offer a retry.
 * A token of this environment is checked against its session's status before its age: for a
 * session that is final or expired, an old token fails with `session_final` or `session_expired`,
 * not `invalid_client_token` (a fresh token would not help: a final session has none).
 */
export type TesseraLoadFailureCode =
  | 'invalid_client_token'
  | 'session_not_found'
  | 'session_expired'
  | 'session_final'
  | 'container_not_found'
  | 'unsupported_browser'
  | 'network_error';

export interface TesseraAddress {
  /** ISO 3166-1 alpha-2 country code. */
  country: string;
  postalCode: string;
  city: string;
}

/** Every event the client emits, with its payload. */
export interface TesseraEventMap {
  /**
   * The form is rendered and the shopper or merchant can use it. The session is now `in_progress`.
   * A session loaded in `awaiting_decision` (the page was reloaded while your backend decides)
   * shows the form locked with the waiting indicator instead, and `awaiting_decision` fires again
   * right after `init` resolves. Fires just before `init` resolves, so only `options.on` handlers
   * receive it.
   * @beforeInit
   */
  ready: {sessionId: string; sessionType: TesseraSessionType};
  /**
   * The form could not be shown. Nothing is rendered. Fires just before `init` rejects with the
   * same code, so only `options.on` handlers receive it.
   * @beforeInit
   */
  load_failed: {code: TesseraLoadFailureCode; message: string};
  /** `lock()` took effect: the form is read-only and shows a progress indicator. */
  locked: {sessionId: string};
  /**
   * The form is usable again and shows the session as your backend last updated it: after
   * `unlock()`, or when the SDK released a lock that was held for 60 seconds (`automatic: true`).
   */
  unlocked: {sessionId: string; automatic: boolean};
  /** Payment sessions: the shopper entered or changed the shipping address. Recalculate shipping here. */
  shipping_address_changed: {sessionId: string; address: TesseraAddress};
  /** Payment sessions: the shopper picked a payment method (fires again on every change). */
  payment_method_selected: {sessionId: string; type: TesseraPaymentMethodType};
  /** The shopper pressed Pay, or the merchant pressed Submit on a signup. The form locks itself until the outcome. */
  submitted: {sessionId: string};
  /** Payment sessions with `purchaseConfirmation.required`: Tessera waits for your makeDecision call. */
  awaiting_decision: {sessionId: string; decisionDeadline: string};
  /**
   * The session is `completed`. Payment sessions carry `orderId`; signup sessions carry
   * `merchantAccountId`. The SDK does not navigate: send the shopper to your confirmation page.
   */
  completed: {sessionId: string; sessionType: TesseraSessionType; orderId: string | null; merchantAccountId: string | null};
  /**
   * The session ended without completing: `rejected`, `cancelled` or `expired`, with the reason.
   * The SDK does not navigate: send the shopper to your cancel page (`merchantUrls.cancel`) or offer
   * a new attempt.
   */
  ended: {sessionId: string; status: 'rejected' | 'cancelled' | 'expired'; reason: TesseraSessionEndReason};
  /**
   * A problem the shopper can fix in the form; the form stays usable and says what happened.
   * `payment_declined` carries the issuer's `declineCode` (as in openapi/tessera-v3.yaml);
   * `authentication_failed` means the shopper did not complete the card's 3-D Secure check.
   */
  recoverable_error: {
    sessionId: string;
    code: 'payment_declined' | 'authentication_failed' | 'network_error';
    declineCode: string | null;
    message: string;
  };
}

export type TesseraEventName = keyof TesseraEventMap;

export type TesseraEventHandlers = {[E in TesseraEventName]?: (payload: TesseraEventMap[E]) => void};

export interface TesseraClient {
  readonly sessionId: string;
  readonly sessionType: TesseraSessionType;
  /** Subscribes to an event. Returns a function that unsubscribes. */
  on<E extends TesseraEventName>(event: E, handler: (payload: TesseraEventMap[E]) => void): () => void;
  /**
   * Makes the form read-only while your backend changes the session (cart, customer, references,
   * metadata). Resolves once the form is locked; calling it while locked resolves at once. Rejects
   * with a `TesseraLockError`: `not_lockable` once the form has locked itself (after `submitted`,
   * in `awaiting_decision`) or the session has ended, and `destroyed` after `destroy()`. Either
   * way the session is past changing: do not send the update.
   * A lock held for 60 seconds is released by the SDK, which reloads the session and emits
   * `unlocked` with `automatic: true`.
   */
  lock(): Promise<void>;
  /**
   * Reloads the session from Tessera, shows your changes, and makes the form usable again.
   * Calling it when the form is not locked resolves at once and changes nothing: after the SDK
   * released a lock itself (`unlocked` with `automatic: true`), `unlock()` does not reload, so
   * show a later change with `lock()` and `unlock()` again. Rejects with a `TesseraLockError`:
   * `network_error` when the session could not be reloaded (the form stays locked; call
   * `unlock()` again, and the SDK releases the lock itself after 60 seconds), and `destroyed`
   * after `destroy()`.
   */
  unlock(): Promise<void>;
  /** Removes the form and every listener. Call it when your page leaves the checkout step. */
  destroy(): void;
}

export interface TesseraStatic {
  /** The SDK build, for example `3.4.1`. */
  readonly version: string;
  /**
   * Renders the session's form into the container. Resolves when the form is ready (after
   * `ready`); rejects with a `TesseraLoadError` (after `load_failed`).
   */
  init(options: TesseraInitOptions): Promise<TesseraClient>;
}

export interface TesseraLoadError extends Error {
  readonly code: TesseraLoadFailureCode;
}

/** Why `lock()` or `unlock()` rejected: the `code` of a `TesseraLockError`. */
export type TesseraLockFailureCode =
  /** `lock()`: the form has locked itself (after `submitted`, in `awaiting_decision`) or the session has ended. */
  | 'not_lockable'
  /** `unlock()`: the session could not be reloaded from Tessera; the form stays locked until a retry or the automatic release. */
  | 'network_error'
  /** `lock()` or `unlock()` after `destroy()`: the form is gone. */
  | 'destroyed';

export interface TesseraLockError extends Error {
  readonly code: TesseraLockFailureCode;
}

declare global {
  interface Window {
    Tessera: TesseraStatic;
  }
  const Tessera: TesseraStatic;
}
