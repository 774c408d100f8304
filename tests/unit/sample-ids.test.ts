/**
 * Sample identifiers belong to one story: a merchant reference or metadata value (an order number,
 * a cart id) names one session and the order it creates, never an unrelated order. Checked over
 * the examples of the OpenAPI file and the JSON samples of the guides.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {loadApiDocument, apiFiles, type JsonObject} from '../../src/lib/openapi';
import {authoredPages, codeFences} from '../support/guides';

type Story = {identifier: string; story: string; where: string};

/** Each session or order sample with the identifiers it carries, keyed by its session (an order's `sessionId`). */
export function sampleStories(samples: Array<{value: unknown; where: string}>): Story[] {
  const stories: Story[] = [];
  const visit = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((child) => visit(child, where));
    const object = node as JsonObject;
    const isOrder = typeof object.id === 'string' && object.orderAmount !== undefined;
    const isSession = typeof object.id === 'string' && object.cart !== undefined && object.clientToken !== undefined;
    if (isOrder || isSession) {
      // A token charge's order has no session: it is its own story.
      const story = String((isOrder ? object.sessionId : object.id) ?? object.id);
      for (const group of ['references', 'metadata'] as const) {
        for (const [key, value] of Object.entries((object[group] ?? {}) as JsonObject)) {
          if (typeof value === 'string') stories.push({identifier: `${group}.${key} = ${value}`, story, where});
        }
      }
    }
    for (const child of Object.values(object)) visit(child, where);
  };
  for (const sample of samples) visit(sample.value, sample.where);
  return stories;
}

export function reusedIdentifiers(stories: Story[]): string[] {
  const byIdentifier = new Map<string, Map<string, string>>();
  for (const {identifier, story, where} of stories) {
    const seen = byIdentifier.get(identifier) ?? new Map<string, string>();
    if (!seen.has(story)) seen.set(story, where);
    byIdentifier.set(identifier, seen);
  }
  return [...byIdentifier]
    .filter(([, seen]) => seen.size > 1)
    .map(
      ([identifier, seen]) =>
        `${identifier} names unrelated samples: ${[...seen].map(([story, where]) => `${story} (${where})`).join(', ')}`,
    );
}

test('every reference and metadata value of a sample names one session and its order', () => {
  const samples: Array<{value: unknown; where: string}> = [{value: loadApiDocument(apiFiles.v3), where: apiFiles.v3}];
  for (const file of authoredPages()) {
    for (const fence of codeFences(file).filter((candidate) => candidate.language === 'json')) {
      try {
        samples.push({value: JSON.parse(fence.code), where: `${file}:${fence.line}`});
      } catch {
        // Not JSON (a fragment); the JSON sample check reports it.
      }
    }
  }
  const stories = sampleStories(samples);
  assert.ok(stories.length > 20, `only ${stories.length} identifiers found`);
  assert.deepEqual(reusedIdentifiers(stories), []);
});

test('an identifier of one order reused on another is reported', () => {
  const order = (id: string, sessionId: string | null, cartId: string) => ({
    id,
    sessionId,
    orderAmount: {amount: 1, currency: 'SEK'},
    metadata: {cartId},
  });
  const problems = reusedIdentifiers(
    sampleStories([{value: [order('o1', 's1', 'c-1'), order('o2', 's2', 'c-1'), order('o3', 's1', 'c-3')], where: 'x'}]),
  );
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /metadata.cartId = c-1 names unrelated samples: s1 \(x\), s2 \(x\)/);
});

/** Fields a resource never changes after it is created: every sample of one `id` must agree on them. */
const immutableFields = ['createdAt', 'type', 'amount', 'orderAmount', 'captureId', 'orderId', 'initiator'] as const;

/** Samples that give one resource `id` two different values of a field it cannot change (a `null` id not yet set does not count). */
export function conflictingResources(samples: Array<{value: unknown; where: string}>): string[] {
  const seen = new Map<string, {value: string; where: string}>();
  const problems: string[] = [];
  const visit = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((child) => visit(child, where));
    const object = node as JsonObject;
    if (typeof object.id === 'string') {
      for (const field of immutableFields) {
        if (object[field] === undefined || object[field] === null) continue;
        const key = `${object.id} ${field}`;
        const value = JSON.stringify(object[field]);
        const first = seen.get(key);
        if (!first) seen.set(key, {value, where});
        else if (first.value !== value) problems.push(`${key}: ${first.value} (${first.where}) and ${value} (${where})`);
      }
    }
    for (const child of Object.values(object)) visit(child, where);
  };
  for (const sample of samples) visit(sample.value, sample.where);
  return problems;
}

test('every example of one resource id agrees on the fields the resource cannot change', () => {
  const document = loadApiDocument(apiFiles.v3) as JsonObject;
  const samples = Object.entries(document.paths as JsonObject).map(([path, item]) => ({value: item, where: path}));
  samples.push({value: (document.components as JsonObject).examples, where: 'components/examples'});
  samples.push({value: (document.components as JsonObject).schemas, where: 'components/schemas'});
  assert.deepEqual(conflictingResources(samples), []);
});

test('a capture shown with two creation times is reported', () => {
  const capture = (createdAt: string) => ({id: 'cap-1', orderId: 'o1', amount: {amount: 1, currency: 'SEK'}, createdAt});
  const problems = conflictingResources([
    {value: capture('2026-11-22T09:52:31Z'), where: 'a'},
    {value: capture('2026-11-23T14:05:12Z'), where: 'b'},
  ]);
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /cap-1 createdAt/);
});
