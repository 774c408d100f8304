/**
 * The sandbox's clock. Expiry, deadlines, refund settlement and notification retries all read it,
 * so a caller that controls it (the clock test helper, `--speed`, a unit test) can make a day
 * pass in a second. Milliseconds since the Unix epoch, as `Date.now()`.
 */
export type Clock = {now(): number};

export class SandboxClock implements Clock {
  private offsetMs = 0;
  private readonly startedAt: number;

  /**
   * @param source the real clock it runs on (`Date.now` unless a test passes its own)
   * @param speed how many sandbox seconds pass per real second
   */
  constructor(
    private readonly source: () => number = Date.now,
    private readonly speed = 1,
  ) {
    this.startedAt = source();
  }

  now(): number {
    const real = this.source();
    return Math.floor(this.startedAt + (real - this.startedAt) * this.speed + this.offsetMs);
  }

  /** Moves the clock forward; what falls due happens at the next request or tick. */
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

/** An ISO 8601 timestamp in UTC without milliseconds, as the API writes them (`2026-11-22T09:41:07Z`). */
export const isoSeconds = (milliseconds: number): string =>
  new Date(Math.floor(milliseconds / 1000) * 1000).toISOString().replace('.000Z', 'Z');
