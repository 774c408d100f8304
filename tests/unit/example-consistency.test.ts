/**
 * The examples of openapi/tessera-v3.yaml tell one story: an id names one object wherever it
 * appears (a response, a notification, a schema's example, a nested capture), so what cannot
 * change in an object's life is the same everywhere, it never ends in two ways, one session
 * has at most one token, and one order's refunds end one way (the sandbox card decides).
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import path from 'node:path';
import {apiFiles, loadApiDocument, siteDir, type JsonObject} from '../../src/lib/openapi';
import {authoredPages, codeFences} from '../support/guides';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The fields an object's life changes, by path inside the object (a prefix covers its parts): its
 * status and timestamps, what the update operations set (cart, references, metadata, expiry),
 * what a completed session or a capture adds, and the amounts and lists that captures and refunds
 * move. Every other field must be the same in every example of one id.
 */
const changingFields = [
  'status',
  'statusReason',
  'updatedAt',
  'expiresAt',
  'clientToken',
  'decisionDeadline',
  'orderId',
  'tokenId',
  'merchantAccountId',
  'deactivatedAt',
  'deactivationReason',
  'failureReason',
  'cart',
  'references',
  'metadata',
  'capturedAmount',
  'refundedAmount',
  'remainingAuthorizedAmount',
  'captures',
  'refunds',
  'delivery.status',
];
const changes = (path: string, also: readonly string[] = []) =>
  [...changingFields, ...also].some((field) => path === field || path.startsWith(`${field}.`));

/**
 * What the guides change besides: they walk through updates the file's examples do not show, a
 * session's prefilled `customer` (and `company`) with updateSession and a token's `description`
 * with patchToken.
 */
const changedInGuides = ['customer', 'company', 'description'];

/** Statuses that end an object's life: one object cannot show two of one set. */
const finalStatusSets = [
  ['succeeded', 'failed'],
  ['completed', 'cancelled', 'expired', 'rejected'],
  ['deactivated', 'expired'],
];

type Sighting = {where: string; object: JsonObject};

/** Every example object with a UUID `id`, by id, with where it is. */
function examplesById(document: JsonObject): Map<string, Sighting[]> {
  const byId = new Map<string, Sighting[]>();
  const visit = (node: unknown, where: string, inExample: boolean) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, `${where}[${index}]`, inExample));
    const object = node as JsonObject;
    if (inExample && typeof object.id === 'string' && uuid.test(object.id))
      byId.set(object.id, [...(byId.get(object.id) ?? []), {where, object}]);
    // A notification about a session or a token is a sighting of it: its status and reason.
    const data = object.data as JsonObject | undefined;
    if (inExample && typeof object.type === 'string' && data && typeof data === 'object') {
      const subject = /^session\./.test(object.type) ? data.sessionId : /^token\./.test(object.type) ? data.tokenId : undefined;
      if (typeof subject === 'string' && uuid.test(subject)) {
        const seen = Object.fromEntries(
          ['status', 'statusReason', 'deactivationReason'].filter((key) => key in data).map((key) => [key, data[key]]),
        );
        byId.set(subject, [...(byId.get(subject) ?? []), {where: `${where}/data`, object: seen as JsonObject}]);
      }
    }
    for (const [key, value] of Object.entries(object))
      visit(value, `${where}/${key}`, inExample || ['example', 'examples', 'value'].includes(key));
  };
  visit(document, '', false);
  return byId;
}

/** An object's scalar fields (and whole arrays) by dotted path. */
function flattened(object: JsonObject, prefix = ''): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(object)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [path, text] of flattened(value as JsonObject, `${prefix}${key}.`)) fields.set(path, text);
    } else fields.set(`${prefix}${key}`, JSON.stringify(value));
  }
  return fields;
}

/** What is wrong with the examples of one document. */
function inconsistencies(document: JsonObject, alsoChanging: readonly string[] = []): string[] {
  const problems: string[] = [];
  const byId = examplesById(document);
  for (const [id, sightings] of byId) {
    const fields = sightings.map(({object}) => flattened(object));
    for (const path of new Set(fields.flatMap((field) => [...field.keys()]))) {
      if (changes(path, alsoChanging)) continue;
      const values = new Set(fields.flatMap((field) => (field.has(path) ? [field.get(path)!] : [])));
      if (values.size > 1)
        problems.push(`${id} has ${path} ${[...values].join(' and ')} (${sightings.map(({where}) => where).join(', ')})`);
    }
    const statuses = new Set(sightings.flatMap(({object}) => (typeof object.status === 'string' ? [object.status] : [])));
    for (const finals of finalStatusSets) {
      const ends = finals.filter((status) => statuses.has(status));
      if (ends.length > 1) problems.push(`${id} ends both ${ends.join(' and ')}`);
    }
    // An object that ended ended for one reason.
    for (const status of statuses) {
      if (!finalStatusSets.some((finals) => finals.includes(status))) continue;
      for (const key of ['statusReason', 'deactivationReason']) {
        const reasons = new Set(
          sightings.flatMap(({object}) => (object.status === status && key in object ? [JSON.stringify(object[key])] : [])),
        );
        if (reasons.size > 1) problems.push(`${id} is ${status} with ${key} ${[...reasons].join(' and ')}`);
      }
    }
  }
  // A token is made by one session: two tokens (objects with supportedCurrencies) name two sessions.
  const tokenSessions = new Map<string, string>();
  for (const [id, sightings] of byId) {
    for (const {object} of sightings) {
      if (!Array.isArray(object.supportedCurrencies) || typeof object.sessionId !== 'string') continue;
      const other = tokenSessions.get(object.sessionId);
      if (other && other !== id) problems.push(`tokens ${other} and ${id} both come from session ${object.sessionId}`);
      tokenSessions.set(object.sessionId, id);
    }
  }
  // In the sandbox the card an order was paid with decides how every refund of it ends
  // (sandbox test data, category `refund`): one order's refunds cannot end in two ways.
  const refundEnds = new Map<string, Map<string, string>>();
  for (const [id, sightings] of byId) {
    for (const {object} of sightings) {
      if (typeof object.captureId !== 'string' || typeof object.orderId !== 'string') continue;
      if (object.status !== 'succeeded' && object.status !== 'failed') continue;
      const ends = refundEnds.get(object.orderId) ?? new Map<string, string>();
      ends.set(object.status, id);
      refundEnds.set(object.orderId, ends);
    }
  }
  for (const [orderId, ends] of refundEnds)
    if (ends.size > 1)
      problems.push(`order ${orderId} has refund ${ends.get('succeeded')} succeeded and refund ${ends.get('failed')} failed`);
  // A capture's refunds that still count (pending or succeeded) add up to at most the capture.
  const captureAmounts = new Map<string, number>();
  const counted = new Map<string, Map<string, number>>();
  const amountOf = (object: JsonObject) => (object.amount as JsonObject | undefined)?.amount;
  for (const [id, sightings] of byId) {
    for (const {object} of sightings) {
      const amount = amountOf(object);
      if (typeof amount !== 'number') continue;
      if (typeof object.captureId === 'string' && (object.status === 'pending' || object.status === 'succeeded')) {
        const refunds = counted.get(object.captureId) ?? new Map<string, number>();
        refunds.set(id, amount);
        counted.set(object.captureId, refunds);
      } else if (object.refundedAmount !== undefined && typeof object.orderId === 'string') captureAmounts.set(id, amount);
    }
  }
  for (const [captureId, refunds] of counted) {
    const captured = captureAmounts.get(captureId);
    const total = [...refunds.values()].reduce((sum, amount) => sum + amount, 0);
    if (captured !== undefined && total > captured)
      problems.push(`capture ${captureId} of ${captured} has refunds ${[...refunds.keys()].join(' and ')} of ${total} in all`);
  }
  return problems;
}

test('an id names one object across the examples of openapi/tessera-v3.yaml', () => {
  assert.deepEqual(inconsistencies(loadApiDocument(apiFiles.v3) as JsonObject), []);
});

test("the guides' JSON samples tell the same story as the file: one id, one object (a notification event too)", () => {
  const fences = authoredPages()
    .flatMap(codeFences)
    .filter((fence) => fence.language === 'json');
  const samples = fences.flatMap((fence) => {
    try {
      return [{where: `${path.relative(siteDir, fence.file)}:${fence.line}`, value: JSON.parse(fence.code) as unknown}];
    } catch {
      return [];
    }
  });
  assert.ok(samples.length > 50, 'the guides have JSON samples');
  const document = loadApiDocument(apiFiles.v3) as JsonObject;
  const withGuides = {
    ...document,
    'x-guide-samples': {examples: Object.fromEntries(samples.map(({where, value}) => [where, {value}]))},
  } as JsonObject;
  assert.deepEqual(inconsistencies(withGuides, changedInGuides), []);
});

test('a field that cannot change, two endings of one object, two tokens of one session and two refund endings of one order are each found', () => {
  const id = '7b2e9c40-5f13-4a8d-a6c1-0e94d3b85f27';
  const order = {id, status: 'captured', createdAt: '2026-11-22T09:52:31Z', purchaseCurrency: 'SEK'};
  const document = (...objects: JsonObject[]) =>
    ({components: {examples: Object.fromEntries(objects.map((object, index) => [`E${index}`, {value: object}]))}}) as JsonObject;
  assert.deepEqual(inconsistencies(document(order, {...order, status: 'part_refunded', updatedAt: 'later'})), []);
  assert.match(inconsistencies(document(order, {...order, createdAt: '2026-11-23T00:00:00Z'})).join('\n'), /has createdAt/);
  assert.match(inconsistencies(document({id, status: 'succeeded'}, {id, status: 'failed'})).join('\n'), /ends both succeeded and failed/);
  const notification = (status: string, statusReason: string) => ({type: `session.${status}`, data: {sessionId: id, status, statusReason}});
  assert.match(
    inconsistencies(document({id, status: 'completed'}, notification('rejected', 'decision_timeout'))).join('\n'),
    /ends both completed and rejected/,
  );
  assert.match(
    inconsistencies(
      document({id, status: 'cancelled', statusReason: 'merchant_cancelled'}, notification('cancelled', 'shopper_cancelled')),
    ).join('\n'),
    /is cancelled with statusReason/,
  );
  const token = (tokenId: string) => ({id: tokenId, sessionId: 'd2a7f4c1-6e3b-4a85-9f0d-3c8b1e5a7d92', supportedCurrencies: ['SEK']});
  assert.match(
    inconsistencies(document(token('9c1f5e28-b3a7-4d60-8e49-f27d0c6a1b34'), token('4a8c2e61-7d39-4b05-a1f6-e3c0d9b7f812'))).join('\n'),
    /both come from session/,
  );
  const refund = (refundId: string, status: string) => ({
    id: refundId,
    orderId: id,
    captureId: 'c41d7e92-0a6b-4f35-8d2c-9b17e6a30f58',
    status,
  });
  assert.deepEqual(inconsistencies(document(refund('5d9a1c73-e4b8-4f02-9c6d-38a7f0e2b915', 'succeeded'))), []);
  const capture = {id: 'c41d7e92-0a6b-4f35-8d2c-9b17e6a30f58', orderId: id, amount: {amount: 24900}, refundedAmount: {amount: 0}};
  const refundOf = (refundId: string, amount: number, status: string) => ({...refund(refundId, status), amount: {amount}});
  assert.deepEqual(inconsistencies(document(capture, refundOf('5d9a1c73-e4b8-4f02-9c6d-38a7f0e2b915', 24900, 'succeeded'))), []);
  assert.match(
    inconsistencies(
      document(
        capture,
        refundOf('5d9a1c73-e4b8-4f02-9c6d-38a7f0e2b915', 24900, 'succeeded'),
        refundOf('0b6e2f4a-9c31-4d87-a5e2-6f8d1c3b7a90', 5000, 'pending'),
      ),
    ).join('\n'),
    /capture c41d7e92\S+ of 24900 has refunds .* of 29900 in all/,
  );
  assert.match(
    inconsistencies(
      document(refund('5d9a1c73-e4b8-4f02-9c6d-38a7f0e2b915', 'succeeded'), refund('8e3b6f21-4c7d-4a95-b0e2-1f9d7c5a3e64', 'failed')),
    ).join('\n'),
    /has refund 5d9a1c73\S+ succeeded and refund 8e3b6f21\S+ failed/,
  );
});
