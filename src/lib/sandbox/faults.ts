/**
 * Faults the sandbox injects so that an integration's retries can be tested: `--fail SPEC` of the
 * local sandbox and the simulator's `faults` option. A spec is a comma-separated list of
 * `KIND[:next=N|:rate=R][:op=OPERATION_ID][:seconds=S]`:
 *
 * - `500`, `503`: answer `internal_error` or `service_unavailable` without executing the request;
 * - `timeout`: hold the request `seconds` (default 15) and close the connection unanswered, unexecuted;
 * - `drop`: execute the request, then close the connection unanswered (a retry with the same
 *   `Idempotency-Key` gets the stored response);
 * - `slow`: execute the request `seconds` (default 2) late, holding its `Idempotency-Key` in flight.
 *
 * `next=N` hits the next N matching requests, `rate=R` each one with probability R (0 to 1); with
 * neither, every matching request.
 */
export const faultKinds = ['500', '503', 'timeout', 'drop', 'slow'] as const;
export type FaultKind = (typeof faultKinds)[number];

export type FaultRule = {kind: FaultKind; next?: number; rate?: number; operationId?: string; seconds?: number};

export class FaultSpecError extends Error {}

export function parseFaultSpec(spec: string): FaultRule[] {
  return spec
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [kind, ...options] = part.split(':');
      if (!faultKinds.includes(kind as FaultKind))
        throw new FaultSpecError(`unknown fault "${kind}" (expected one of ${faultKinds.join(', ')})`);
      const rule: FaultRule = {kind: kind as FaultKind};
      for (const option of options) {
        const [name, value = ''] = option.split('=', 2);
        const number = Number(value);
        if (name === 'op' && /^[A-Za-z][A-Za-z0-9_]*$/.test(value)) rule.operationId = value;
        else if (name === 'next' && Number.isInteger(number) && number > 0) rule.next = number;
        else if (name === 'rate' && value !== '' && number >= 0 && number <= 1) rule.rate = number;
        else if (name === 'seconds' && value !== '' && number >= 0 && number <= 600) rule.seconds = number;
        else throw new FaultSpecError(`bad fault option "${option}" in "${part}"`);
      }
      if (rule.next !== undefined && rule.rate !== undefined) throw new FaultSpecError(`"${part}": give next= or rate=, not both`);
      return rule;
    });
}

/** Decides, request by request, which fault (if any) hits it. */
export class FaultInjector {
  constructor(
    private readonly rules: FaultRule[] = [],
    private readonly random: () => number = Math.random,
  ) {}

  add(rules: FaultRule[]): void {
    this.rules.push(...rules);
  }

  pick(operationId: string): FaultRule | undefined {
    for (const rule of this.rules) {
      if (rule.operationId && rule.operationId !== operationId) continue;
      if (rule.next !== undefined) {
        if (rule.next <= 0) continue;
        rule.next -= 1;
        return rule;
      }
      if (rule.rate === undefined || this.random() < rule.rate) return rule;
    }
    return undefined;
  }
}
