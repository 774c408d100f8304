/**
 * Notifications as Tessera sends them: signed with the webhook secret at each attempt, retried on
 * the schedule of the OpenAPI file's `x-tessera-delivery` until a `2xx` or until it gives up. The
 * host supplies the transport (Node's fetch in the local sandbox); without one, notifications are
 * kept for the caller to show, as the in-page console does.
 */
import type {Clock} from './clock';
import {signatureHeader} from './signature';

export type DeliveryRules = {timeoutSeconds: number; retryDelaysSeconds: number[]; thenEverySeconds: number; giveUpAfterSeconds: number};

export type Transport = (url: string, headers: Record<string, string>, body: string, timeoutMs: number) => Promise<number>;

export type DeliveryAttempt = {at: number; signature: string; status?: number; error?: string};

export type Notification = {
  id: string;
  type: string;
  url: string | null;
  body: string;
  createdAt: number;
  state: 'pending' | 'delivered' | 'failed' | 'undeliverable';
  attempts: DeliveryAttempt[];
  nextAttemptAt: number | null;
  /** The schedule of this notification when it is not the outbox's own (V1's webhook and validation requests). */
  rules?: DeliveryRules;
  /** Headers sent besides `Content-Type` and `Tessera-Signature` (V1's `Tessera-Event-Id`). */
  headers?: Record<string, string>;
};

export type DeliveryLog = (notification: Notification, attempt: DeliveryAttempt) => void;

export class NotificationOutbox {
  readonly sent: Notification[] = [];
  private delivering = false;

  constructor(
    private readonly clock: Clock,
    private readonly rules: DeliveryRules,
    private readonly secrets: () => string[],
    private readonly transport?: Transport,
    private readonly log?: DeliveryLog,
    // Signatures carry the receiver's time, not the sandbox's: a clock moved forward for a test
    // must not make every handler refuse the notifications as stale.
    private readonly wallClock: () => number = Date.now,
  ) {}

  /** Queues an event for its URL (`null` when the session named none: kept, never delivered). */
  enqueue(
    id: string,
    type: string,
    url: string | null,
    payload: unknown,
    options: {rules?: DeliveryRules; headers?: Record<string, string>} = {},
  ): Notification {
    const now = this.clock.now();
    const notification: Notification = {
      id,
      type,
      url,
      body: JSON.stringify(payload),
      createdAt: now,
      state: url ? 'pending' : 'undeliverable',
      attempts: [],
      nextAttemptAt: url ? now : null,
      ...options,
    };
    this.sent.push(notification);
    return notification;
  }

  /** The `Tessera-Signature` the notification carries when sent now. */
  async sign(notification: Notification): Promise<string> {
    return signatureHeader(this.secrets(), Math.floor(this.wallClock() / 1000), notification.body);
  }

  /** When the attempt after `attempts` failed ones is due, or null once the schedule gives up. */
  nextAttempt(notification: Notification): number | null {
    const failures = notification.attempts.length;
    const last = notification.attempts[failures - 1]!.at;
    const rules = notification.rules ?? this.rules;
    const delay = rules.retryDelaysSeconds[failures - 1] ?? rules.thenEverySeconds;
    const next = last + delay * 1000;
    return next - notification.createdAt > rules.giveUpAfterSeconds * 1000 ? null : next;
  }

  /** Sends every notification that is due. Without a transport it does nothing: the caller shows them. */
  async deliverDue(): Promise<void> {
    if (!this.transport || this.delivering) return;
    this.delivering = true;
    try {
      for (const notification of this.sent) {
        if (notification.state !== 'pending' || notification.nextAttemptAt === null || notification.nextAttemptAt > this.clock.now())
          continue;
        const signature = await this.sign(notification);
        const attempt: DeliveryAttempt = {at: this.clock.now(), signature};
        try {
          attempt.status = await this.transport(
            notification.url!,
            {
              'Content-Type': 'application/json',
              'User-Agent': 'Tessera-Sandbox/3',
              ...notification.headers,
              'Tessera-Signature': signature,
            },
            notification.body,
            (notification.rules ?? this.rules).timeoutSeconds * 1000,
          );
        } catch (error) {
          attempt.error = error instanceof Error ? error.message : String(error);
        }
        notification.attempts.push(attempt);
        if (attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300) {
          notification.state = 'delivered';
          notification.nextAttemptAt = null;
        } else {
          notification.nextAttemptAt = this.nextAttempt(notification);
          if (notification.nextAttemptAt === null) notification.state = 'failed';
        }
        this.log?.(notification, attempt);
      }
    } finally {
      this.delivering = false;
    }
  }
}
