/**
 * The V1 → V3 migration: every V1 operation names its V3 successor (or why it was removed), every
 * V1 request field, response field and error code has a fate computed from both OpenAPI files,
 * the hand-written mapping names only fields and codes that exist, and the types the guide states
 * are the schemas' types.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {openApiSpecs} from '../../config/openapi';
import type {JsonObject} from '../../src/lib/openapi';
import {apiFiles, apiOperations, loadApiDocument, operationPageId, siteDir, type ApiDocument} from '../../src/lib/openapi';
import {admonitionQuotes} from '../../src/plugins/markdown-twins/admonitions';
import {operationMarkdown, operationsOf} from '../../src/plugins/markdown-twins/operation-markdown';
import {
  errorChangesTable,
  fieldChangesTable,
  fieldFatePhrase,
  idStatement,
  migrationProblems,
  migrationTable,
  moneyStatement,
  successorNotice,
} from '../../src/lib/migration';
import {migrationEntries} from '../../src/lib/migration-entries';
import {limitText} from '../../src/lib/migration-limits';
import {duration, migrationModel, type FieldEntry} from '../../src/lib/migration-model';
import {migrationMapping, type MigrationMapping} from '../../src/lib/migration-mapping';

const v1 = loadApiDocument(apiFiles.v1);
const v3 = loadApiDocument(apiFiles.v3);
const model = migrationModel(v1, v3);

const field = (operationId: string, direction: 'request' | 'response', v1Path: string): FieldEntry => {
  const found = model.fields.find((entry) => entry.operationId === operationId && entry.direction === direction && entry.v1Path === v1Path);
  assert.ok(found, `no fate for ${operationId} ${direction} ${v1Path}`);
  return found;
};

const v3PathOf = (entry: FieldEntry) => ('v3Path' in entry ? entry.v3Path : undefined);

test('the operation-level migration data agrees with both OpenAPI files', () => {
  assert.deepEqual(migrationProblems(v1, v3), []);
});

test('every V1 field and error code has a V3 fate, and the mapping agrees with both files', () => {
  console.log(
    `${model.fields.length} V1 field fates (${['mapped', 'renamed', 'type-changed', 'removed'].map((fate) => `${model.fields.filter((entry) => entry.fate === fate).length} ${fate}`).join(', ')}), ${model.errors.length} error codes`,
  );
  assert.deepEqual(model.problems, []);
  assert.ok(model.fields.length > 500);
  for (const entry of model.fields)
    if (entry.fate === 'removed') assert.ok(entry.reason.trim(), `${entry.operationId} ${entry.v1Path}: a removal needs a reason`);
  for (const error of model.errors) if (error.fate === 'removed') assert.ok(error.reason.trim(), `${error.code}: a removal needs a reason`);
});

test('a value a V1 request may send and V3 dropped names the V3 value that takes over (x-tessera-v3-values)', () => {
  // Requests you send: a webhook's request is one Tessera sends you.
  const sentByYou = (operationId: string) => apiOperations(v1).get(operationId)?.kind === 'path';
  const withoutSuccessor = model.fields
    .filter(
      (entry) =>
        entry.direction === 'request' &&
        sentByYou(entry.operationId) &&
        entry.fate === 'type-changed' &&
        /values removed/.test(entry.change),
    )
    .map((entry) => `${entry.operationId} ${entry.v1Path}: ${entry.fate === 'type-changed' ? entry.change : ''}`);
  assert.deepEqual(withoutSuccessor, []);
  assert.match(
    field('refundOrder', 'request', 'reason').fate === 'type-changed'
      ? (field('refundOrder', 'request', 'reason') as {change: string}).change
      : '',
    /`cancellation` → `customer_request`/,
  );
  // A successor that V3 does not have fails the model.
  const broken = structuredClone(v1) as JsonObject;
  const reason = (broken.components as JsonObject).schemas as Record<string, JsonObject>;
  const refundReason = Object.values(reason).find((schema) => JSON.stringify(schema).includes('"price_adjustment"'));
  assert.ok(refundReason);
  const withSuccessors = JSON.parse(
    JSON.stringify(refundReason).replace('"price_adjustment":"goodwill"', '"price_adjustment":"discount"'),
  ) as JsonObject;
  Object.assign(refundReason, withSuccessors);
  assert.throws(() => migrationModel(broken as ApiDocument, v3), /price_adjustment → discount, which V3 does not have/);
});

/** The model with one change to the mapping. */
const withMapping = (change: (mapping: MigrationMapping) => void) => {
  const mapping = structuredClone(migrationMapping);
  change(mapping);
  return migrationModel(v1, v3, mapping).problems.join('\n');
};

test('a V1 field or error code without a fate, and a mapping the files contradict, all fail', () => {
  assert.match(
    withMapping((mapping) => (mapping.fields = mapping.fields.filter((entry) => entry.v1 !== 'back_url'))),
    /createHostedPage request back_url: no fate/,
  );
  assert.match(
    withMapping((mapping) => (mapping.errors = mapping.errors.filter((entry) => entry.v1 !== 'merchant_not_enabled'))),
    /error merchant_not_enabled: no fate/,
  );
  assert.match(
    withMapping((mapping) => mapping.fields.push({v1: 'decision_expires_at', operations: ['readSession'], v3: 'decisionExpiresAt'})),
    /readSession response decision_expires_at: mapped to decisionExpiresAt, which the V3 operation readSession does not have/,
  );
  assert.match(
    withMapping((mapping) => mapping.fields.push({v1: 'no_such_field', removed: 'Gone.'})),
    /field mapping no_such_field: matches no V1 field/,
  );
  assert.match(
    withMapping((mapping) => mapping.fields.push({v1: 'locale', operations: ['createSession'], removed: 'Gone.'})),
    /createSession request locale: marked removed, but V3 has locale/,
  );
  assert.match(
    withMapping((mapping) => mapping.errors.push({v1: 'no_such_code', removed: 'Gone.'})),
    /error mapping no_such_code: V1 has no such error code/,
  );
  assert.match(
    withMapping((mapping) => mapping.errors.push({v1: 'resource_not_found', v3: [{code: 'resource_missing'}]})),
    /V3 has no error code resource_missing/,
  );
  assert.match(
    withMapping((mapping) => mapping.errors.push({v1: 'internal_error', removed: 'Gone.'})),
    /internal_error: marked removed, but V3 has the same code/,
  );
  // Every pair of a V1 operation and an error code it answers has a V3 fate.
  const withoutTarget = (code: string, operationId: string) =>
    withMapping((mapping) => {
      const entry = mapping.errors.find((candidate) => candidate.v1 === code);
      if (entry && 'v3' in entry) entry.v3 = entry.v3.filter((target) => !target.operations?.includes(operationId));
    });
  assert.match(
    withoutTarget('invalid_state_transition', 'createHostedPage'),
    /error invalid_state_transition of createHostedPage: no V3 fate/,
  );
  assert.match(withoutTarget('invalid_state_transition', 'refundOrder'), /error invalid_state_transition of refundOrder: no V3 fate/);
  assert.match(
    withMapping((mapping) => {
      const entry = mapping.errors.find((candidate) => candidate.v1 === 'amount_exceeds_remaining');
      if (entry && 'v3' in entry) delete entry.goneFrom;
    }),
    /error amount_exceeds_remaining of updateOrder: no V3 fate/,
  );
  assert.match(
    withMapping((mapping) => {
      const entry = mapping.errors.find((candidate) => candidate.v1 === 'invalid_state_transition');
      if (entry && 'v3' in entry) entry.v3.push({code: 'session_not_modifiable', operations: ['readSession']});
    }),
    /error invalid_state_transition: readSession does not answer it in V1/,
  );
  assert.match(
    withMapping((mapping) => (mapping.segments.no_such_segment = 'noSuchSegment')),
    /segment rename no_such_segment/,
  );
});

test('the types the guide states are the schemas’ types', () => {
  // Cart amounts become integers; capture, refund and order amounts stay Money objects.
  const unitPrice = field('createSession', 'request', 'cart.lines[].unit_price');
  assert.equal(unitPrice.fate, 'type-changed');
  assert.equal('v3Shape' in unitPrice && unitPrice.v3Shape.type, 'integer');
  for (const [operationId, path] of [
    ['captureOrder', 'amount'],
    ['refundOrder', 'amount'],
    ['updateOrder', 'captured_amount'],
  ] as const) {
    const amount = field(operationId, operationId === 'updateOrder' ? 'response' : 'request', path);
    assert.equal(amount.fate, 'mapped', `${operationId} ${path}`);
    assert.equal('v3Shape' in amount && amount.v3Shape.type, 'money', `${operationId} ${path}`);
  }
  // shippingInfo became an array: its tracking number is inside each parcel, not renamed.
  const shippingInfo = field('captureOrder', 'request', 'shipping_info');
  assert.equal(shippingInfo.fate, 'type-changed');
  assert.equal('v3Shape' in shippingInfo && shippingInfo.v3Shape.type, 'array');
  const trackingNumber = field('captureOrder', 'request', 'shipping_info.tracking_number');
  assert.equal('v3Path' in trackingNumber && trackingNumber.v3Path, 'shippingInfo[].trackingNumber');
  assert.notEqual(trackingNumber.fate, 'renamed');
  // Ids: UUIDs, except merchant accounts, prefixed in both with another length.
  const sessionId = field('createSession', 'response', 'id');
  assert.equal('v3Shape' in sessionId && sessionId.v3Shape.format, 'uuid');
  const merchantAccount = field('readSignup', 'response', 'merchant_account_id');
  assert.equal(merchantAccount.fate, 'type-changed');
  assert.deepEqual('v3Shape' in merchantAccount && merchantAccount.v3Shape.id, {prefix: 'mer_', length: 16});
  assert.notDeepEqual(merchantAccount.v1Shape.id, {prefix: 'mer_', length: 16});
  // createSession: addresses move under customer, tax becomes VAT, `service` lines and the checkout URL go,
  // the confirmation URL becomes a template.
  assert.equal(v3PathOf(field('createSession', 'request', 'shipping_address')), 'customer.shippingAddress');
  assert.equal(v3PathOf(field('createSession', 'request', 'cart.lines[].tax_rate')), 'cart.orderLines[].vatRate');
  assert.equal(v3PathOf(field('createSession', 'request', 'cart.total_tax_amount')), 'cart.totalVatAmount');
  const lineType = field('createSession', 'request', 'cart.lines[].type');
  assert.equal(lineType.fate === 'type-changed' && lineType.change, 'values replaced: `service` → `digital`');
  assert.equal(field('createSession', 'request', 'merchant_urls.checkout').fate, 'removed');
  const confirmation = field('createSession', 'request', 'merchant_urls.confirmation');
  assert.equal('v3Shape' in confirmation && confirmation.v3Shape.format, 'uri-template');
  // Signup expiry: the limits are the schemas' own.
  const signupExpiry = field('createSignup', 'request', 'expires_in_minutes');
  assert.equal(signupExpiry.fate, 'type-changed');
  assert.equal(signupExpiry.v1Shape.maximum, 43200);
  assert.deepEqual('v3Shape' in signupExpiry && signupExpiry.v3Shape.fromNow, {minimum: 600, maximum: 604800, default: 86400});
});

test('the limits of a date-time from now agree with the description next to them', () => {
  const schemas = v3.components!.schemas!;
  const expiries = [
    schemas.PaymentSessionCreateRequest!.properties,
    schemas.SignupSessionCreateRequest!.properties,
    schemas.CreateHostedPageRequest!.properties,
  ].map((properties) => (properties as Record<string, Record<string, unknown>>).expiresAt!);
  for (const expiry of expiries) {
    const limits = expiry['x-tessera-seconds-from-now'] as Record<string, number | string>;
    assert.ok(limits, 'x-tessera-seconds-from-now');
    for (const limit of Object.values(limits)) {
      // A number of seconds, or another object's field (`session.expiresAt`) the limit names.
      const [object, field] = typeof limit === 'number' ? [] : limit.split('.');
      const said = typeof limit === 'number' ? duration(limit) : `${object}'s \`${field}\``;
      assert.ok(String(expiry.description).includes(said), `${said} in the description`);
    }
  }
});

test('the error codes: the environment check is a 403 in V3, and merchant_not_enabled does not become a code with another meaning', () => {
  const authentication = model.errors.find((error) => error.code === 'authentication_required')!;
  assert.ok(
    authentication.fate !== 'removed' &&
      authentication.v3.some((target) => target.status === 403 && target.code === 'environment_mismatch'),
  );
  const notEnabled = model.errors.find((error) => error.code === 'merchant_not_enabled')!;
  assert.equal(notEnabled.fate, 'removed');
  const table = errorChangesTable(v1, v3, model);
  assert.match(table, /\| `401 authentication_required` \|[^\n]*`403 environment_mismatch`/);
  assert.match(table, /\| `409 idempotency_key_reused` \| `422 idempotency_key_reused` \| status changed \|/);
  assert.equal(table.split('\n').length, model.errors.length + 2);
});

test('the guide’s statements and tables are rendered from the model', () => {
  const money = moneyStatement(v1, v3, model);
  assert.match(money, /V3 keeps that object for the amounts of orders, captures and refunds \([^)]*`capturedAmount`/);
  assert.match(money, /plain integers in minor units \([^)]*`unitPrice`/);
  const ids = idStatement(v1, v3, model);
  assert.match(ids, /`cs_`[^.]*ids become UUIDs/);
  assert.match(ids, /`mer_` ids stay prefixed but change their length \(id `mer_` \+ 16 characters\)/);
  const fields = fieldChangesTable(v1, v3, model);
  assert.match(
    fields,
    /\| `shipping_info` \| `captureOrder` \(request\) \| `shippingInfo` \| type changed \| object → array of objects \(at most 20\)/,
  );
  assert.match(
    fields,
    /\| `cart\.lines\[\]\.unit_price` \| `createSession`, [^|]*\(request, response\) \| `cart\.orderLines\[\]\.unitPrice` \| type changed \| Money object/,
  );
  assert.match(
    fields,
    /\| `expires_in_minutes` \| `createSignup` \(request\) \| `expiresAt` \| type changed \| integer minutes, 60 \(1 hour\) to 43200 \(30 days\)[^|]*→ date-time 10 minutes to 7 days ahead/,
  );
});

test('the notice and the table link every V1 operation to its V3 page', () => {
  const entries = migrationEntries(v1);
  const table = migrationTable(v1, v3);
  assert.ok(table.includes(`(/docs/1.0.0/api/`), 'the table links V1 pages');
  for (const entry of entries) {
    const notice = successorNotice(v3, entry, model);
    assert.match(notice, /^:::caution\[Moving to V3\]/);
    if (entry.successor.operation) assert.match(notice, /\]\(\/docs\/3\.0\.0\/api\/[a-z-]+\)/);
  }
  assert.equal(table.split('\n').length, entries.length + 2);
  const decision = entries.find((entry) => entry.v1.operationId === 'purchaseDecision')!;
  assert.match(successorNotice(v3, decision, model), /\[`makeDecision`\]\(\/docs\/3\.0\.0\/api\/make-decision\)/);
  assert.match(successorNotice(v3, decision, model), /24 hours after authorisation → 60 seconds by default, from 30 to 300 seconds/);
  assert.match(successorNotice(v3, decision, model), /`409 invalid_state_transition` → `409 session_not_awaiting_decision`/);
});

/** A copy of V1 with one successor entry changed. */
function withEntry(operationId: string, change: (entry: Record<string, unknown>) => void): ApiDocument {
  const copy = structuredClone(v1);
  for (const item of Object.values(copy.paths ?? {}))
    for (const operation of Object.values(item))
      if (operation.operationId === operationId) change(operation['x-tessera-successor'] as Record<string, unknown>);
  return copy;
}

test('a missing successor entry and an unknown V3 operation fail', () => {
  assert.match(
    migrationProblems(
      withEntry('purchaseDecision', (entry) => delete entry.operation),
      v3,
    ).join('\n'),
    /purchaseDecision x-tessera-successor: missing/,
  );
  assert.match(
    migrationProblems(
      withEntry('purchaseDecision', (entry) => (entry.operation = 'decideOnPurchase')),
      v3,
    ).join('\n'),
    /no V3 operation decideOnPurchase/,
  );
  assert.match(
    migrationProblems(
      withEntry('purchaseDecision', (entry) => (entry.changes = [{kind: 'field', v1: 'decision', v3: 'decision'}])),
      v3,
    ).join('\n'),
    /kind "field" is not written by hand/,
  );
});

test('a limit is read from the file that states it, never written out', () => {
  const limitChange = (v1Side: unknown) => (entry: Record<string, unknown>) =>
    (entry.changes = [
      {
        kind: 'limit',
        subject: 'Decision deadline',
        v1: v1Side,
        v3: {pointer: '/components/schemas/PurchaseConfirmation/properties/timeoutSeconds'},
      },
    ]);
  assert.match(migrationProblems(withEntry('purchaseDecision', limitChange('24 hours')), v3).join('\n'), /the v1 limit is written out/);
  assert.match(
    migrationProblems(
      withEntry('purchaseDecision', limitChange({pointer: '/components/schemas/CheckoutSession/properties/decided_by'})),
      v3,
    ).join('\n'),
    /v1 \/components\/schemas\/CheckoutSession\/properties\/decided_by points at nothing/,
  );
  // What each kind of source reads as.
  const document = {
    components: {
      schemas: {
        key: {type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]{1,64}$'},
        note: {type: 'string', maxLength: 255},
        timeout: {type: 'integer', minimum: 30, maximum: 300, default: 60, 'x-tessera-unit': 'seconds'},
        deadline: {type: ['string', 'null'], format: 'date-time', 'x-tessera-seconds-after': {seconds: 86400, event: 'authorisation'}},
        unbounded: {type: 'object'},
      },
    },
    paths: {'/pages': {post: {operationId: 'createPage', 'x-tessera-max-active-per-session': 1}}},
  } as unknown as ApiDocument;
  const read = (pointer: string, operation?: string) => limitText(document, {pointer, operation});
  assert.equal(read('/components/schemas/key'), '1 to 64 characters from `A-Z a-z 0-9 _ -`');
  assert.equal(read('/components/schemas/note'), 'up to 255 characters');
  assert.equal(read('/components/schemas/timeout'), '60 seconds by default, from 30 to 300 seconds');
  assert.equal(read('/components/schemas/deadline'), '24 hours after authorisation');
  assert.equal(read('/x-tessera-max-active-per-session', 'createPage'), 'at most one');
  assert.throws(() => read('/components/schemas/unbounded'), /no limit can be read from a schema of type object/);
  // The file's own prose says what its extension says.
  const deadline = (v1 as JsonObject & {components: {schemas: Record<string, {properties: Record<string, JsonObject>}>}}).components.schemas
    .CheckoutSession!.properties.decision_expires_at!;
  const after = deadline['x-tessera-seconds-after'] as {seconds: number; event: string};
  assert.ok(String(deadline.description).includes(`${duration(after.seconds)} after ${after.event}`), String(deadline.description));
});

test('the Markdown twin of every V1 operation page carries its "Moving to V3" notice', () => {
  const entries = migrationEntries(v1).filter((entry) => entry.v1.kind !== 'callback');
  assert.equal(entries.length, 16);
  const operations = operationsOf(v1 as JsonObject);
  for (const entry of entries) {
    const notice = successorNotice(v3, entry, model);
    // The generated page: the plugin's MDX with the notice under the endpoint (scripts/v1-successor-notices.ts).
    const mdx = `---\nid: x\n---\n\n<MethodEndpoint method="post" path="/x">\n</MethodEndpoint>\n\n${notice}\n\nThe description.\n`;
    const quotes = admonitionQuotes(mdx, (href) => `https://docs.tessera.example${href}.md`);
    assert.equal(quotes.length, 1, entry.v1.operationId);
    const operation = operations.find((candidate) => candidate.pageId === operationPageId(entry.v1.operationId))!;
    const twin = operationMarkdown(v1 as JsonObject, operation, String(operation.operation.summary), quotes);
    assert.match(twin, /^> \*\*Caution: Moving to V3\*\*$/m, entry.v1.operationId);
    // Every line of the notice is in the twin, its links pointing at the twins of the V3 pages.
    for (const line of notice.split('\n').slice(1, -1).filter(Boolean))
      assert.ok(
        twin.includes(`> ${line.replace(/\]\((\/[^)\s]*)\)/g, '](https://docs.tessera.example$1.md)')}`),
        `${entry.v1.operationId}: ${line}`,
      );
    // Right under the call, before the operation's own description.
    assert.ok(twin.indexOf('Moving to V3') < twin.indexOf('## '), entry.v1.operationId);
  }
});

test('the generated V1 operation pages each carry exactly one notice, which the twin picks up', (context) => {
  const outputDir = path.join(siteDir, openApiSpecs.tesseraV1.outputDir);
  if (!existsSync(outputDir)) return context.skip('run npm run gen-api first');
  const pages = readdirSync(outputDir).filter((file) => file.endsWith('.api.mdx'));
  const withNotice = pages.filter((file) => {
    const quotes = admonitionQuotes(readFileSync(path.join(outputDir, file), 'utf8'));
    assert.ok(quotes.length <= 1, file);
    return quotes.some((quote) => quote.startsWith('> **Caution: Moving to V3**'));
  });
  assert.equal(withNotice.length, 16);
});

test('a field fate named in prose is computed like the tables, and an unknown field fails', () => {
  assert.match(
    fieldFatePhrase(model, 'createSignup', 'expires_in_minutes'),
    /^`expires_in_minutes` → `expiresAt`; integer minutes, 60 \(1 hour\) to 43200 \(30 days\)/,
  );
  assert.match(fieldFatePhrase(model, 'captureOrder', 'shipping_info'), /^`shipping_info`: object → array of objects/);
  assert.throws(() => fieldFatePhrase(model, 'createSession', 'shipping_info'), /no V1 request field shipping_info in createSession/);
});
