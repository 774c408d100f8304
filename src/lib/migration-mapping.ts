/**
 * What the OpenAPI files cannot say about the move from V1 to V3, and only that: which V3 field a
 * renamed or moved V1 field became, why a V1 field or error code has no successor, and which V3
 * codes replace a V1 code. Types, limits and everything else come from the two files
 * (migration-model.ts), which also rejects an entry here that names a field or code they lack.
 */
export type Direction = 'request' | 'response';

/** A V1 field path (array markers left out: `cart.lines.unit_price`) and its V3 path, or why it is gone. */
export type FieldMapping = {
  v1: string;
  /** Only for these V1 operations; every operation when left out. */
  operations?: string[];
  /** Only in requests or only in responses; both when left out. */
  direction?: Direction;
} & ({v3: string; note?: string} | {removed: string});

export type ErrorMapping =
  | {
      v1: string;
      v3: Array<{code: string; when?: string; operations?: string[]}>;
      /** V1 operations whose cause of this code V3 no longer has, and why. */
      goneFrom?: {operations: string[]; reason: string};
      note?: string;
    }
  | {v1: string; removed: string};

export type MigrationMapping = {
  /** Property names that change beyond camelCase wherever they appear: `tax_rate` → `vatRate`. */
  segments: Record<string, string>;
  fields: FieldMapping[];
  errors: ErrorMapping[];
};

const noValidation = 'V3 sends no validation request: ask for purchase confirmation and decide with `makeDecision`.';
const readTheSession = 'Read the session with `readSession`.';
const addressNamesRemoved = 'V3 addresses carry no names: send them as `customer.givenName` and `customer.familyName`.';

export const migrationMapping: MigrationMapping = {
  segments: {
    lines: 'orderLines',
    tax_rate: 'vatRate',
    total_tax_amount: 'totalVatAmount',
    organization_number: 'organisationNumber',
    decision_expires_at: 'decisionDeadline',
    captured_at: 'createdAt',
  },
  fields: [
    // Authentication
    {v1: 'access_token', operations: ['getAuthToken'], v3: 'secret'},
    {
      v1: 'grant_type',
      operations: ['getAuthToken'],
      removed: 'V3 takes no grant type: a secret can call every operation its API key is allowed to.',
    },
    {v1: 'scope', operations: ['getAuthToken'], removed: 'V3 secrets have no scope: the permissions of the API key apply.'},
    {
      v1: 'access_token',
      operations: ['getAuthTokenForSession', 'getSignupSessionAuth'],
      direction: 'response',
      v3: 'clientToken',
      note: 'Pass the session’s `clientToken` to `Tessera.init`.',
    },
    // Sessions
    {v1: 'purchase_country', v3: 'country'},
    {
      v1: 'decision_mode',
      v3: 'purchaseConfirmation.required',
      note: '`manual` becomes `true`; the deadline is `purchaseConfirmation.timeoutSeconds`.',
    },
    {v1: 'billing_address', v3: 'customer.billingAddress'},
    {v1: 'shipping_address', v3: 'customer.shippingAddress'},
    // V1 addresses carry names; V3 addresses do not (billing and shipping alike).
    ...['billing_address', 'shipping_address'].flatMap((address) => [
      {v1: `${address}.given_name`, removed: addressNamesRemoved},
      {v1: `${address}.family_name`, removed: addressNamesRemoved},
      {
        v1: `${address}.organization_name`,
        removed: 'V3 addresses have no organisation name; `careOf` names a recipient who does not live there under their own name.',
      },
    ]),
    {v1: 'customer.type', removed: 'V3’s `Customer` has no customer type to prefill.'},
    {v1: 'customer.organization_name', removed: 'V3’s `Customer` has no organisation name to prefill.'},
    {
      v1: 'merchant_urls.confirmation',
      v3: 'merchantUrls.confirmation',
      note: 'V1 appends `?session_id=` (`signup_id` for signups); V3 appends nothing and replaces the placeholder `{sessionId}` wherever you put it.',
    },
    {
      v1: 'merchant_urls.checkout',
      removed:
        'V3 has no link back to your checkout page; the shopper goes to `merchantUrls.cancel` when the session is cancelled, rejected or expires.',
    },
    {v1: 'merchant_urls.validation', removed: noValidation},
    {v1: 'validation_request_id', removed: noValidation},
    {v1: 'merchant_reference', v3: 'references.merchantReference1'},
    {
      v1: 'merchant_reference',
      operations: ['purchaseDecision'],
      direction: 'request',
      v3: 'references.merchantReference1',
      note: '`references` replaces both of the session’s references: send `merchantReference2` too, or it is cleared.',
    },
    {v1: 'merchant_data', v3: 'metadata', note: 'A JSON object of your own keys instead of a string.'},
    {v1: 'expires_in_minutes', v3: 'expiresAt'},
    // One V1 PUT/PATCH becomes updateCart (the cart is its whole body), updateReferences and updateMetadata.
    {
      v1: 'cart',
      operations: ['updateSession', 'patchCheckoutSession'],
      direction: 'request',
      v3: '',
      note: 'Send the cart as the whole body of `updateCart`.',
    },
    {
      v1: 'merchant_reference',
      operations: ['updateSession', 'patchCheckoutSession', 'updateOrder'],
      direction: 'request',
      v3: 'merchantReference1',
      note: 'Set with `updateReferences` on the session, also after it completed: the order’s references change with it.',
    },
    {
      v1: 'merchant_data',
      operations: ['updateSession', 'patchCheckoutSession'],
      direction: 'request',
      v3: '',
      note: 'Send your keys as the whole body of `updateMetadata`, a JSON object instead of a string.',
    },
    {
      v1: 'purchase_country',
      operations: ['updateSession', 'patchCheckoutSession'],
      direction: 'request',
      removed: '`updateSession` cannot change the country: create a new session.',
    },
    {
      v1: '*',
      operations: ['purchaseDecision', 'sendValidateResponse'],
      direction: 'response',
      removed: `The V3 response is a short decision result, not the session. ${readTheSession}`,
    },
    {
      v1: 'result',
      operations: ['sendValidateResponse'],
      direction: 'request',
      v3: 'decision',
    },
    {v1: 'customer_message', operations: ['sendValidateResponse'], direction: 'request', v3: 'message'},
    // Orders, captures and refunds
    {
      v1: 'status',
      operations: ['updateOrder'],
      direction: 'request',
      removed: 'V3 cancels with `cancelAnOrder` instead of setting `status` to `cancelled`.',
    },
    {
      v1: 'authorized_amount',
      operations: ['updateOrder'],
      direction: 'request',
      removed: 'V3 orders cannot lower the authorized amount; cancel what you will not capture with `cancelAnOrder`.',
    },
    {v1: 'shipping_address', operations: ['updateOrder'], direction: 'request', removed: 'V3 orders cannot change their shipping address.'},
    {
      v1: 'merchant_data',
      operations: ['updateOrder'],
      direction: 'request',
      removed: 'V3 orders take their metadata from the session: set it with `updateMetadata` there.',
    },
    {
      v1: 'authorized_amount',
      operations: ['updateOrder'],
      direction: 'response',
      v3: 'orderAmount',
      note: 'The amount originally authorized; what can still be captured is `remainingAuthorizedAmount`.',
    },
    ...['purchase_country', 'locale', 'customer', 'billing_address', 'shipping_address'].map((v1) => ({
      v1,
      operations: ['updateOrder'],
      direction: 'response' as const,
      removed: 'V3 orders do not repeat the session’s country, locale, customer and addresses: read the session of `sessionId`.',
    })),
    {v1: 'merchant_reference', operations: ['updateOrder'], direction: 'response', v3: 'references.merchantReference1'},
    {
      v1: 'payment_method.display',
      operations: ['updateOrder'],
      direction: 'response',
      removed: 'V3 describes the method with `card` or `bankAccount` details instead of a display text.',
    },
    {
      v1: 'description',
      operations: ['captureOrder'],
      removed: 'V3 captures carry no text for the receipt; `reference` is your own reference for the capture.',
    },
    {
      v1: 'captures.description',
      operations: ['updateOrder'],
      direction: 'response',
      removed: 'V3 captures carry no text for the receipt; `reference` is your own reference for the capture.',
    },
    {
      v1: 'remaining_authorized_amount',
      operations: ['captureOrder'],
      direction: 'response',
      removed: 'The V3 capture does not repeat it: read `remainingAuthorizedAmount` on the order.',
    },
    {
      v1: 'captures.remaining_authorized_amount',
      operations: ['updateOrder'],
      direction: 'response',
      removed: 'The V3 capture does not repeat it: read `remainingAuthorizedAmount` on the order.',
    },
    {
      v1: 'capture_id',
      operations: ['refundOrder'],
      direction: 'request',
      removed: 'The capture id moves into the path: `POST /v3/orders/{orderId}/captures/{captureId}/refunds`.',
    },
    {
      v1: 'order_status',
      operations: ['refundOrder'],
      direction: 'response',
      removed: 'The V3 refund does not repeat the order status: read the order.',
    },
    {
      v1: 'refunds.order_status',
      operations: ['updateOrder'],
      direction: 'response',
      removed: 'The V3 refund does not repeat the order status: read the order.',
    },
    {
      v1: 'completed_at',
      operations: ['refundOrder'],
      direction: 'response',
      removed: 'V3 reports a finished refund with the `refund.succeeded` or `refund.failed` notification.',
    },
    {
      v1: 'refunds.completed_at',
      operations: ['updateOrder'],
      direction: 'response',
      removed: 'V3 reports a finished refund with the `refund.succeeded` or `refund.failed` notification.',
    },
    // Hosted pages
    {v1: 'distribution', operations: ['createHostedPage'], v3: 'delivery'},
    {v1: 'distribution.method', operations: ['createHostedPage'], v3: 'delivery.channel'},
    {
      v1: 'distribution.recipient',
      operations: ['createHostedPage'],
      direction: 'request',
      v3: 'delivery.email',
      note: 'An e-mail recipient (`method` `email`) goes in `delivery.email`, a phone number (`method` `sms`) in `delivery.phone`.',
    },
    {v1: 'distribution.recipient', operations: ['createHostedPage'], direction: 'response', v3: 'delivery.destination', note: 'Masked.'},
    {
      v1: 'back_url',
      operations: ['createHostedPage'],
      removed: 'The shopper returns to the session’s `merchantUrls.confirmation` or `merchantUrls.cancel`.',
    },
    // Signups: a V3 signup is a session with `type` `signup`.
    {v1: 'applicant', operations: ['createSignup', 'readSignup'], v3: 'customer'},
    {
      v1: 'applicant.role',
      operations: ['createSignup', 'readSignup'],
      removed: 'V3 asks for no role: the applicant (`customer`) must be allowed to sign for the company.',
    },
    {v1: 'merchant_urls.webhook', operations: ['createSignup', 'readSignup'], v3: 'merchantUrls.notification'},
    {
      v1: 'rejection_reason',
      operations: ['createSignup', 'readSignup'],
      direction: 'response',
      v3: 'statusReason',
      note: 'A declined signup is `rejected` with reason `signup_declined`.',
    },
    ...['submitted_at', 'completed_at'].map((v1) => ({
      v1,
      operations: ['createSignup', 'readSignup'],
      direction: 'response' as const,
      removed: 'V3 sessions keep `createdAt`, `updatedAt` and `expiresAt`; the `createdAt` of a notification says when the status changed.',
    })),
    // The signup webhook becomes the session notifications.
    {v1: 'signup', operations: ['signupWebhookRequest'], v3: 'data'},
    {v1: 'signup.id', operations: ['signupWebhookRequest'], v3: 'data.sessionId'},
    {v1: 'previous_status', operations: ['signupWebhookRequest'], removed: 'V3 notifications do not carry the previous status.'},
    {
      v1: '*',
      operations: ['signupWebhookRequest'],
      removed: `The V3 notification carries the session’s ids, status and references (and a payment session’s cart) only. ${readTheSession}`,
    },
  ],
  errors: [
    {
      v1: 'authentication_required',
      v3: [
        {code: 'authentication_required', when: 'no or a malformed `Authorization` header'},
        {code: 'invalid_credentials', when: 'unknown or revoked credentials'},
        {code: 'environment_mismatch', when: 'credentials of the other environment (sandbox key against production or the reverse)'},
      ],
    },
    {v1: 'token_expired', v3: [{code: 'secret_expired'}]},
    {
      v1: 'insufficient_scope',
      v3: [{code: 'permission_denied'}],
      note: 'V3 checks the permissions of the API key, not the scope of a token.',
    },
    {
      v1: 'merchant_not_enabled',
      removed:
        'V3 has no code for a feature that is not enabled on the account. A currency that is not enabled fails with `unsupported_currency`, an API key without a permission with `permission_denied`; `account_restricted` means something else: the whole account is suspended or not activated yet.',
    },
    {
      v1: 'invalid_state_transition',
      v3: [
        {code: 'session_not_modifiable', operations: ['updateSession', 'patchCheckoutSession']},
        {code: 'session_not_awaiting_decision', operations: ['purchaseDecision']},
        {code: 'order_not_capturable', operations: ['captureOrder']},
        {code: 'order_not_cancellable', operations: ['updateOrder']},
        {
          code: 'session_not_modifiable',
          when: 'a session that is no longer `created` or `in_progress` (a session may have several active hosted pages in V3)',
          operations: ['createHostedPage'],
        },
        {code: 'refund_window_closed', when: 'a capture more than 180 days old', operations: ['refundOrder']},
        {code: 'amount_exceeds_refundable', when: 'a capture refunded in full', operations: ['refundOrder']},
      ],
    },
    {
      v1: 'amount_exceeds_remaining',
      v3: [
        {code: 'amount_exceeds_capturable', operations: ['captureOrder']},
        {code: 'amount_exceeds_refundable', operations: ['refundOrder']},
      ],
      goneFrom: {operations: ['updateOrder'], reason: 'V3 orders cannot change their authorized amount, so nothing can exceed it there.'},
    },
    {v1: 'cart_total_mismatch', v3: [{code: 'cart_totals_mismatch'}]},
    {v1: 'rate_limited', v3: [{code: 'rate_limit_exceeded'}]},
    {
      v1: 'idempotency_key_missing',
      removed: 'V3 does not require the `Idempotency-Key` header; send it anyway on every `POST` that creates something or moves money.',
    },
  ],
};
