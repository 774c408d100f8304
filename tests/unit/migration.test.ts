/**
 * The V1 → V3 migration data in openapi/tessera-v1.yaml: every V1 operation names its V3 successor
 * (or why it was removed), and every operation, field, status and error code it names exists.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {apiFiles, loadApiDocument, type ApiDocument} from '../../src/lib/api-model';
import {migrationEntries, migrationProblems, migrationTable, successorNotice} from '../../src/lib/migration';

const v1 = loadApiDocument(apiFiles.v1);
const v3 = loadApiDocument(apiFiles.v3);

test('the migration data agrees with both OpenAPI files', () => {
  const entries = migrationEntries(v1);
  console.log(
    `${entries.filter((entry) => entry.successor.operation || entry.successor.removed).length} of ${entries.length} V1 operations have a successor entry`,
  );
  assert.deepEqual(migrationProblems(v1, v3), []);
});

/** A copy of V1 with one operation's successor entry changed. */
function withEntry(operationId: string, change: (entry: Record<string, unknown>) => void): ApiDocument {
  const copy = structuredClone(v1);
  for (const item of Object.values(copy.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (operation.operationId === operationId) change(operation['x-tessera-successor'] as Record<string, unknown>);
    }
  }
  return copy;
}

test('a missing entry, an unknown V3 operation or field, and a field that was not renamed all fail', () => {
  const missing = withEntry('purchaseDecision', (entry) => {
    delete entry.operation;
  });
  assert.match(migrationProblems(missing, v3).join('\n'), /purchaseDecision x-tessera-successor: missing/);
  const unknownOperation = withEntry('purchaseDecision', (entry) => {
    entry.operation = 'decideOnPurchase';
  });
  assert.match(migrationProblems(unknownOperation, v3).join('\n'), /no V3 operation decideOnPurchase/);
  const unknownField = withEntry('purchaseDecision', (entry) => {
    entry.changes = [{kind: 'field', v1: 'decision_expires_at', v3: 'decisionExpiresAt'}];
  });
  assert.match(migrationProblems(unknownField, v3).join('\n'), /has no field decisionExpiresAt/);
  const notRenamed = withEntry('purchaseDecision', (entry) => {
    entry.changes = [{kind: 'field', v1: 'decision', v3: 'reason'}];
  });
  assert.match(migrationProblems(notRenamed, v3).join('\n'), /decision still exists unchanged in V3/);
  const wrongError = withEntry('purchaseDecision', (entry) => {
    entry.changes = [{kind: 'error', v1: '409 invalid_state_transition', v3: '422 session_not_awaiting_decision'}];
  });
  assert.match(migrationProblems(wrongError, v3).join('\n'), /v3 has no error session_not_awaiting_decision with status 422/);
});

test('the notice and the table link every V1 operation to its V3 page', () => {
  const entries = migrationEntries(v1);
  const table = migrationTable(v1, v3);
  for (const entry of entries) {
    assert.ok(table.includes(`(/docs/1.0.0/api/`), 'the table links V1 pages');
    const notice = successorNotice(v3, entry);
    assert.match(notice, /^:::caution\[Moving to V3\]/);
    if (entry.successor.operation) assert.match(notice, /\]\(\/docs\/3\.0\.0\/api\/[a-z-]+\)/);
  }
  assert.equal(table.split('\n').length, entries.length + 2);
  const decision = entries.find((entry) => entry.v1.operationId === 'purchaseDecision')!;
  assert.match(successorNotice(v3, decision), /\[`makeDecision`\]\(\/docs\/3\.0\.0\/api\/make-decision\)/);
  assert.match(successorNotice(v3, decision), /24 hours → 60 seconds/);
});
