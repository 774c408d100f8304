/**
 * The machine-readable limits and status machines of the V3 file, which the sandbox follows, say
 * what the file's prose and the pages say: a limit changed in one place and not the other fails here.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {loadApiDocuments} from '../support/sandbox';

const {v3} = loadApiDocuments();
const limits = v3['x-tessera-limits'];
const operation = (id: string) =>
  Object.values(v3.paths as Record<string, Record<string, {operationId?: string; description?: string}>>)
    .flatMap((pathItem) => Object.values(pathItem))
    .find((candidate) => candidate?.operationId === id)!;
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Seconds as the prose writes them: `24 hours`, `90 days`, `1 minute` (a single day is said in hours). */
function duration(seconds: number): string {
  const units: [number, string][] = [
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const [size, unit] = units.find(([size]) => seconds % size === 0 && !(size === 86400 && seconds === 86400))!;
  const count = seconds / size;
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

test('the limits the sandbox reads are the ones the descriptions state', () => {
  const info = flat(v3.info.description);
  assert.match(info, new RegExp(`for \\*\\*${duration(limits.idempotencyKeyRetentionSeconds)}\\*\\*`), 'idempotency retention');
  const {production, sandbox, generateASecret} = limits.rateLimits;
  assert.match(
    info,
    new RegExp(
      `\\| ${production.requestsPerSecond} requests per second, bursts up to ${production.burst} \\| ${sandbox.requestsPerSecond} requests per second \\|`,
    ),
  );
  assert.match(
    info,
    new RegExp(`\\| \`POST /v3/auth/secret\`, per API key \\| ${generateASecret.requestsPerMinute} requests per minute \\|`),
  );
  assert.match(
    flat(operation('generateASecret').description!),
    new RegExp(`limited to ${generateASecret.requestsPerMinute} requests per minute per API key`),
  );
  assert.match(flat(operation('readSession').description!), new RegExp(`for ${duration(limits.sessionReadableForSeconds)} after creation`));
  const orders = flat((v3.tags as {name: string; description: string}[]).find((tag) => tag.name === 'Order management')!.description);
  assert.match(orders, new RegExp(`valid for ${duration(limits.authorizationValidForSeconds)}`));
  assert.match(
    flat(v3['x-error-catalogue'].refund_window_closed.when),
    new RegExp(`more than ${duration(limits.refundWindowSeconds)} old`),
  );
  const sandboxPage = readFileSync('docs/guides/guides/additional_guides/sandbox_test_data.mdx', 'utf8');
  assert.match(
    sandboxPage,
    new RegExp(`\\(${sandbox.requestsPerSecond} requests per second\\)`),
    'the sandbox page states the sandbox rate limit',
  );
  assert.match(
    sandboxPage,
    new RegExp(
      `the ${duration(limits.authorizationValidForSeconds).replace(' days', '-day')} authorization window, the ${duration(limits.refundWindowSeconds).replace(' days', '-day')} refund window`,
    ),
  );
});

test('the delivery schedule the sandbox retries on is the one the notification responses describe', () => {
  const delivery = v3.components.responses.NotificationAccepted['x-tessera-delivery'];
  const text = flat(v3.components.responses.NotificationAccepted.description);
  assert.match(text, new RegExp(`within ${duration(delivery.timeoutSeconds)}`));
  const schedule = `retried after ${(delivery.retryDelaysSeconds as number[]).map(duration).join(', ')} and then every ${duration(delivery.thenEverySeconds)}, for up to ${duration(delivery.giveUpAfterSeconds)} in total`;
  assert.ok(text.includes(schedule), `"${schedule}" in: ${text}`);
});

test('the transitions the sandbox follows are the next statuses the status tables and descriptions list', () => {
  for (const name of ['SessionStatus', 'OrderStatus']) {
    const schema = v3.components.schemas[name];
    const rows = [...String(schema.description).matchAll(/^\| `([a-z_]+)` \| .* \| (.*) \|$/gm)];
    const table = Object.fromEntries(
      rows.map(([, status, next]) => [status, next === 'none' ? [] : [...next!.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]!)]),
    );
    const listed = Object.fromEntries(
      Object.entries(schema['x-tessera-transitions'] as Record<string, string[]>).map(([status, next]) => [status, [...next].sort()]),
    );
    assert.deepEqual(Object.fromEntries(Object.entries(table).map(([status, next]) => [status, [...next].sort()])), listed, name);
    assert.deepEqual(Object.keys(listed).sort(), [...schema.enum].sort(), `${name}: every status has its transitions`);
  }
  for (const name of ['RefundStatus', 'TokenStatus']) {
    const schema = v3.components.schemas[name];
    const moves = /`([a-z_]+)` moves to `([a-z_]+)` or `([a-z_]+)`/.exec(flat(schema.description))!;
    const transitions = schema['x-tessera-transitions'] as Record<string, string[]>;
    assert.deepEqual(transitions[moves[1]!], [moves[2]!, moves[3]!], name);
    for (const status of schema.enum as string[])
      if (status !== moves[1]) assert.deepEqual(transitions[status], [], `${name}: ${status} is final`);
  }
});
