/**
 * The V1 → V3 migration data and what is rendered from it. Each V1 operation carries its V3
 * successor in `x-tessera-successor` (openapi/tessera-v1.yaml), the changes shared by every
 * operation sit in the document's `x-tessera-migration`. The notice on each V1 operation page and
 * the tables of the migration guide are rendered here, and tests/unit/migration.test.ts checks
 * the data against both OpenAPI files with `migrationProblems`.
 */
import {apiOperations, errorStatuses, enumValues, operationFields, operationPageId, type ApiDocument, type ApiOperation} from './api-model';
import {migrationGuidePath} from '../../config/site-constants';

export type ChangeKind = 'field' | 'limit' | 'state' | 'error' | 'behaviour';
/** `v1`/`v3` are field paths (field), status values (state), `NNN code` (error) or free text (limit). */
export type MigrationChange = {kind: ChangeKind; subject?: string; v1?: string; v3?: string; note?: string};
export type SuccessorEntry = {operation?: string; removed?: string; also?: string[]; changes?: MigrationChange[]};
export type MigrationEntry = {v1: ApiOperation; successor: SuccessorEntry};

const changeKinds: ChangeKind[] = ['field', 'limit', 'state', 'error', 'behaviour'];

export const v3PagePath = (operation: ApiOperation): string => `/docs/3.0.0/api/${operationPageId(operation.pageOperationId)}`;
export const v1PagePath = (operation: ApiOperation): string => `/docs/1.0.0/api/${operationPageId(operation.pageOperationId)}`;

export function migrationEntries(v1: ApiDocument): MigrationEntry[] {
  return [...apiOperations(v1).values()].map((operation) => ({
    v1: operation,
    successor: (operation.operation['x-tessera-successor'] as SuccessorEntry | undefined) ?? {},
  }));
}

export function commonChanges(v1: ApiDocument): MigrationChange[] {
  return (v1['x-tessera-migration'] as {common?: MigrationChange[]} | undefined)?.common ?? [];
}

const errorPair = /^(\d{3}) ([a-z][a-z_]*)$/;

/** Every way the migration data disagrees with the two OpenAPI files. Empty when it is consistent. */
export function migrationProblems(v1: ApiDocument, v3: ApiDocument): string[] {
  const problems: string[] = [];
  const v3Operations = apiOperations(v3);
  const errors = {v1: errorStatuses(v1), v3: errorStatuses(v3)};
  const enums = {v1: enumValues(v1), v3: enumValues(v3)};
  const checkChange = (where: string, change: MigrationChange, fields?: {v1: Set<string>; v3: Set<string>}) => {
    if (!changeKinds.includes(change.kind)) problems.push(`${where}: unknown kind "${change.kind}"`);
    if (!change.v1 && !change.v3 && !change.note) problems.push(`${where}: a change needs v1, v3 or a note`);
    for (const version of ['v1', 'v3'] as const) {
      const value = change[version];
      if (!value) continue;
      if (change.kind === 'error') {
        const match = errorPair.exec(value);
        if (!match) problems.push(`${where}: ${version} "${value}" is not "NNN code"`);
        else if (!errors[version].get(match[2]!)?.has(Number(match[1]))) {
          problems.push(`${where}: ${version} has no error ${match[2]} with status ${match[1]}`);
        }
      }
      if (change.kind === 'state' && !enums[version].has(value)) problems.push(`${where}: ${version} defines no status ${value}`);
      if (change.kind === 'field' && fields && !fields[version].has(value))
        problems.push(`${where}: the ${version} operation has no field ${value}`);
    }
    if (change.kind === 'field' && fields && change.v1 && change.v3 && change.v1 === change.v3)
      problems.push(`${where}: ${change.v1} is not renamed`);
    if (change.kind === 'field' && fields && change.v1 && fields.v3.has(change.v1)) {
      problems.push(`${where}: ${change.v1} still exists unchanged in V3, so it was not renamed or removed`);
    }
  };
  commonChanges(v1).forEach((change, index) => checkChange(`x-tessera-migration.common[${index}]`, change));
  for (const {v1: operation, successor} of migrationEntries(v1)) {
    const where = `${operation.operationId} x-tessera-successor`;
    if (!successor.operation && !successor.removed) {
      problems.push(`${where}: missing (name the V3 operation, or say why it was removed)`);
      continue;
    }
    if (successor.operation && successor.removed) problems.push(`${where}: names a V3 operation and says it was removed`);
    const targets = [successor.operation, ...(successor.also ?? [])].filter((id): id is string => Boolean(id));
    const v3Fields = new Set<string>();
    for (const id of targets) {
      const target = v3Operations.get(id);
      if (!target) problems.push(`${where}: no V3 operation ${id}`);
      else for (const field of operationFields(v3, target)) v3Fields.add(field);
    }
    const fields = {v1: operationFields(v1, operation), v3: v3Fields};
    (successor.changes ?? []).forEach((change, index) => checkChange(`${where}.changes[${index}]`, change, fields));
  }
  return problems;
}

// Rendering. The output is Markdown that is also valid MDX: braces appear only inside code spans.

const code = (text: string) => `\`${text}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function operationLink(document: ApiDocument, operationId: string, version: 'v1' | 'v3'): string {
  const operation = apiOperations(document).get(operationId);
  if (!operation) throw new Error(`no ${version} operation ${operationId}`);
  const href = version === 'v3' ? v3PagePath(operation) : v1PagePath(operation);
  const label = operation.kind === 'callback' ? `${code(operationId)} (notification)` : code(operationId);
  return `[${label}](${href})`;
}

/** One change as a sentence: "`decision_expires_at` → `decisionDeadline`. Read on the session." */
export function changeSentence(change: MigrationChange): string {
  const literal = change.kind === 'limit' ? (text: string) => text : code;
  const from = change.v1 ? literal(change.v1) : undefined;
  const to = change.v3 ? literal(change.v3) : undefined;
  const head = from && to ? `${from} → ${to}.` : from ? `${from}: removed in V3.` : to ? `New in V3: ${to}.` : '';
  const note = (change.note ?? '').replace(/\s+/g, ' ').trim();
  return [change.subject ? `${change.subject}:` : '', head, note].filter(Boolean).join(' ');
}

/** The notice near the title of a V1 operation page. */
export function successorNotice(v3: ApiDocument, entry: MigrationEntry): string {
  const {successor} = entry;
  const also = (successor.also ?? []).map((id) => operationLink(v3, id, 'v3'));
  const lead = successor.operation
    ? `In V3 this is ${operationLink(v3, successor.operation, 'v3')}${also.length ? `, with ${also.join(' and ')}` : ''}.`
    : `V3 has no such operation: ${successor.removed!.trim()}${also.length ? ` See ${also.join(' and ')}.` : ''}`;
  const changes = (successor.changes ?? []).map((change) => `- ${changeSentence(change)}`);
  return [
    `:::caution[Moving to V3]`,
    '',
    lead,
    ...(changes.length ? ['', 'What changes:', '', ...changes] : []),
    '',
    `These come on top of the changes to every operation (authentication, casing, idempotency keys, error codes) listed in [Migrate from V1 to V3](${migrationGuidePath}).`,
    '',
    ':::',
  ].join('\n');
}

/** Every V1 operation → its V3 successor, for the migration guide. */
export function migrationTable(v1: ApiDocument, v3: ApiDocument): string {
  const rows = migrationEntries(v1).map(({v1: operation, successor}) => {
    const targets = [successor.operation, ...(successor.also ?? [])].filter((id): id is string => Boolean(id));
    const v3Cell = successor.operation ? targets.map((id) => operationLink(v3, id, 'v3')).join(', ') : `None. ${successor.removed!.trim()}`;
    return `| ${operationLink(v1, operation.operationId, 'v1')} | ${code(`${operation.method.toUpperCase()} ${operation.path}`)} | ${cell(v3Cell)} |`;
  });
  return ['| V1 operation | V1 call | V3 operation |', '|---|---|---|', ...rows].join('\n');
}

/** Every field renamed, moved or removed, per V1 operation. */
export function fieldChangesTable(v1: ApiDocument): string {
  const rows = migrationEntries(v1).flatMap(({v1: operation, successor}) =>
    (successor.changes ?? [])
      .filter((change) => change.kind === 'field')
      .map(
        (change) =>
          `| ${code(operation.operationId)} | ${change.v1 ? code(change.v1) : ''} | ${change.v3 ? code(change.v3) : 'removed'} | ${cell((change.note ?? '').trim())} |`,
      ),
  );
  return ['| V1 operation | V1 field | V3 field | Note |', '|---|---|---|---|', ...rows].join('\n');
}

/** Limits, states, error codes and behaviour that change, per V1 operation, then for all of them. */
export function behaviourChangesList(v1: ApiDocument): string {
  const kinds: ChangeKind[] = ['limit', 'state', 'error', 'behaviour'];
  const common = commonChanges(v1).map((change) => `- **Every operation**: ${changeSentence(change)}`);
  const perOperation = migrationEntries(v1).flatMap(({v1: operation, successor}) =>
    (successor.changes ?? [])
      .filter((change) => kinds.includes(change.kind))
      .map((change) => `- ${code(operation.operationId)}: ${changeSentence(change)}`),
  );
  return [...common, ...perOperation].join('\n');
}
