/**
 * The V1 → V3 migration data and what is rendered from it. Each V1 operation carries its V3
 * successor in `x-tessera-successor` (openapi/tessera-v1.yaml), the changes shared by every
 * operation sit in the document's `x-tessera-migration`. The notice on each V1 operation page and
 * the tables of the migration guide are rendered here, and tests/unit/migration.test.ts checks
 * the data against both OpenAPI files with `migrationProblems`.
 */
import {apiOperations, enumValues, operationPageId, type ApiDocument, type ApiOperation} from './openapi';
import {migrationGuidePath} from '../../config/site-constants';
import {migrationEntries, type ChangeKind, type MigrationChange, type MigrationEntry} from './migration-entries';
import {camelCase, migrationModel, shapeLabel, type FieldEntry, type MigrationModel} from './migration-model';
import {isLimitSource, limitText} from './migration-limits';

const changeKinds: ChangeKind[] = ['limit', 'state', 'behaviour'];

export const v3PagePath = (operation: ApiOperation): string => `/docs/3.0.0/api/${operationPageId(operation.pageOperationId)}`;
export const v1PagePath = (operation: ApiOperation): string => `/docs/1.0.0/api/${operationPageId(operation.pageOperationId)}`;

export function commonChanges(v1: ApiDocument): MigrationChange[] {
  return (v1['x-tessera-migration'] as {common?: MigrationChange[]} | undefined)?.common ?? [];
}

/** Every way the migration data disagrees with the two OpenAPI files. Empty when it is consistent. */
export function migrationProblems(v1: ApiDocument, v3: ApiDocument): string[] {
  const problems: string[] = [];
  const v3Operations = apiOperations(v3);
  const enums = {v1: enumValues(v1), v3: enumValues(v3)};
  const checkChange = (where: string, change: MigrationChange) => {
    if (!changeKinds.includes(change.kind))
      problems.push(`${where}: kind "${change.kind}" is not written by hand (fields and error codes are computed from both files)`);
    if (!change.v1 && !change.v3 && !change.note) problems.push(`${where}: a change needs v1, v3 or a note`);
    for (const version of ['v1', 'v3'] as const) {
      const value = change[version];
      if (value === undefined) continue;
      if (change.kind === 'limit') {
        // A limit is read from the file that states it, so that it cannot drift from it.
        if (!isLimitSource(value))
          problems.push(`${where}: the ${version} limit is written out; name where ${version} states it ({pointer})`);
        else {
          try {
            limitText(version === 'v1' ? v1 : v3, value);
          } catch (error) {
            problems.push(`${where}: ${version} ${(error as Error).message}`);
          }
        }
      } else if (typeof value !== 'string' || (change.kind === 'state' && !enums[version].has(value)))
        problems.push(`${where}: ${version} defines no status ${JSON.stringify(value)}`);
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
    for (const id of [successor.operation, ...(successor.also ?? [])].filter((id): id is string => Boolean(id)))
      if (!v3Operations.has(id)) problems.push(`${where}: no V3 operation ${id}`);
    (successor.changes ?? []).forEach((change, index) => checkChange(`${where}.changes[${index}]`, change));
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

/** One change as a sentence: "Decision deadline: 24 hours after authorisation → 60 seconds by default, …". */
export function changeSentence(change: MigrationChange, documents: {v1: ApiDocument; v3: ApiDocument}): string {
  const side = (version: 'v1' | 'v3') => {
    const value = change[version];
    if (value === undefined) return undefined;
    if (isLimitSource(value)) return limitText(documents[version], value);
    return code(value);
  };
  const from = side('v1');
  const to = side('v3');
  const head = from && to ? `${from} → ${to}.` : from ? `${from}: removed in V3.` : to ? `New in V3: ${to}.` : '';
  const note = (change.note ?? '').replace(/\s+/g, ' ').trim();
  return [change.subject ? `${change.subject}:` : '', head, note].filter(Boolean).join(' ');
}

const fieldPath = (path: string) => (path ? code(path) : 'the request body');

/** What changes for a field, in a few words: its type, a stricter limit, a note; or why it was removed. */
function changeText(field: FieldEntry): string {
  if (field.fate === 'removed') return field.reason;
  const change = field.fate === 'type-changed' ? field.change : field.limits.join(', ');
  return [change, field.note].filter(Boolean).join('. ');
}

/** A field's fate after its name: " → `cart.orderLines[].unitPrice`; Money object … → integer", ": values removed: …". */
export function fateText(field: FieldEntry): string {
  if (field.fate === 'removed') return ` removed. ${field.reason}`;
  // Named whenever its path is not the V1 path in camelCase, also when only an enclosing object moved.
  const moved = field.v3Path.replace(/\[\]/g, '') !== field.v1Path.replace(/\[\]/g, '').split('.').map(camelCase).join('.');
  return moved ? ` ${[`→ ${fieldPath(field.v3Path)}`, changeText(field)].filter(Boolean).join('; ')}` : `: ${changeText(field)}`;
}

type ChangeRow = {field: FieldEntry; label: string; operations: string[]; directions: string[]};

/** Is a removed ancestor of this field (in the same operation and direction) removed for the same reason? */
function coveredByParent(model: MigrationModel, field: FieldEntry): boolean {
  if (field.fate !== 'removed') return false;
  const parts = field.v1Path.replace(/\[\]/g, '').split('.');
  return parts.slice(1).some((_, index) => {
    const parent = parts.slice(0, index + 1).join('.');
    return model.fields.some(
      (candidate) =>
        candidate.operationId === field.operationId &&
        candidate.direction === field.direction &&
        candidate.v1Path.replace(/\[\]/g, '') === parent &&
        candidate.fate === 'removed' &&
        candidate.reason === field.reason,
    );
  });
}

/**
 * The fields worth reading: every field that does more than change to camelCase, without the
 * children of a field removed for the same reason, and with the fields removed together with
 * their whole response as one row. `perOperation` keeps the rows of each operation apart.
 */
function changeRows(model: MigrationModel, operationIds: string[], perOperation: boolean): ChangeRow[] {
  const rows = new Map<string, ChangeRow>();
  for (const field of model.fields) {
    if (!operationIds.includes(field.operationId)) continue;
    if (field.fate === 'mapped' && !field.limits.length && !field.note) continue;
    if (coveredByParent(model, field)) continue;
    const wholesale = field.fate === 'removed' && field.wholesale;
    const label = wholesale ? `every other ${field.direction} field` : code(field.v1Path);
    const target = field.fate === 'removed' ? '' : field.v3Path;
    const key = [
      perOperation || wholesale ? field.operationId : '',
      wholesale ? field.direction : field.v1Path,
      field.fate,
      target,
      changeText(field),
    ].join('|');
    const row = rows.get(key) ?? {field, label, operations: [], directions: []};
    if (!row.operations.includes(field.operationId)) row.operations.push(field.operationId);
    if (!row.directions.includes(field.direction)) row.directions.push(field.direction);
    rows.set(key, row);
  }
  return [...rows.values()];
}

function operationErrors(model: MigrationModel, operationId: string): string[] {
  return model.errors.flatMap((error) =>
    error.fate === 'removed'
      ? []
      : error.v3
          .filter((target) => target.operations?.includes(operationId))
          .map((target) => `${code(`${error.v1Statuses.join('/')} ${error.code}`)} → ${code(`${target.status} ${target.code}`)}.`),
  );
}

/** The notice near the title of a V1 operation page. */
export function successorNotice(v3: ApiDocument, entry: MigrationEntry, model: MigrationModel): string {
  const {successor} = entry;
  const also = (successor.also ?? []).map((id) => operationLink(v3, id, 'v3'));
  const lead = successor.operation
    ? `In V3 this is ${operationLink(v3, successor.operation, 'v3')}${also.length ? `, with ${also.join(' and ')}` : ''}.`
    : `V3 has no such operation: ${successor.removed!.trim()}${also.length ? ` See ${also.join(' and ')}.` : ''}`;
  const changes = [
    ...(successor.changes ?? []).map((change) => changeSentence(change, model.documents)),
    ...(successor.operation
      ? changeRows(model, [entry.v1.operationId], true).map(({field, label, directions}) =>
          field.fate === 'removed' && field.wholesale
            ? `${label[0]!.toUpperCase()}${label.slice(1)}:${fateText(field)}`
            : `${label} (${directions.join(', ')})${fateText(field)}`,
        )
      : []),
    ...operationErrors(model, entry.v1.operationId),
  ].map((line) => `- ${line}`);
  return [
    `:::caution[Moving to V3]`,
    '',
    lead,
    ...(changes.length ? ['', 'What changes:', '', ...changes] : []),
    '',
    `These come on top of the changes to every operation (authentication, casing, ids, idempotency keys, error codes) listed in [Migrate from V1 to V3](${migrationGuidePath}).`,
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

const fateLabels: Record<FieldEntry['fate'], string> = {
  mapped: 'same type',
  renamed: 'renamed',
  'type-changed': 'type changed',
  removed: 'removed',
};

/**
 * Every V1 field that does more than change to camelCase, once for all the V1 operations that
 * send or return it, with its V3 field and what changes, computed from both files.
 */
export function fieldChangesTable(v1: ApiDocument, v3: ApiDocument, model: MigrationModel = migrationModel(v1, v3)): string {
  const operationIds = migrationEntries(v1).map((entry) => entry.v1.operationId);
  const rows = changeRows(model, operationIds, false).map(({field, label, operations, directions}) => {
    const target = field.fate === 'removed' ? '' : fieldPath(field.v3Path);
    return `| ${label} | ${operations.map(code).join(', ')} (${directions.join(', ')}) | ${target} | ${fateLabels[field.fate]} | ${cell(changeText(field))} |`;
  });
  const unchanged = model.fields.filter((field) => field.fate === 'mapped' && !field.limits.length && !field.note).length;
  return [
    '| V1 field | V1 operations | V3 field | Fate | What changes |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `The other ${unchanged} fields of the V1 requests and responses keep their type and only change to camelCase.`,
  ].join('\n');
}

/**
 * One V1 field's fate as a phrase for prose, "`expires_in_minutes` → `expiresAt`; integer minutes, …",
 * so a sentence about a field's type or limits is computed like the tables.
 */
export function fieldFatePhrase(
  model: MigrationModel,
  operationId: string,
  v1Path: string,
  direction: 'request' | 'response' = 'request',
): string {
  const field = model.fields.find((entry) => entry.operationId === operationId && entry.direction === direction && entry.v1Path === v1Path);
  if (!field) throw new Error(`no V1 ${direction} field ${v1Path} in ${operationId}`);
  return `${code(field.v1Path)}${fateText(field)}`;
}

/** Every V1 error code and the V3 code(s) that replace it, or why none does. */
export function errorChangesTable(v1: ApiDocument, v3: ApiDocument, model: MigrationModel = migrationModel(v1, v3)): string {
  const operationsText = (ids?: string[]) => (ids?.length ? ` from ${ids.map(code).join(', ')}` : '');
  const rows = model.errors.map((error) => {
    const v1Cell = code(`${error.v1Statuses.join('/')} ${error.code}`);
    if (error.fate === 'removed') return `| ${v1Cell} | none | removed | ${cell(error.reason)} |`;
    const v3Cell = error.v3
      .map(
        (target) =>
          `${code(`${target.status} ${target.code}`)}${target.when ? ` for ${target.when}` : ''}${operationsText(target.operations)}`,
      )
      .join('; ');
    const label = {mapped: 'same', 'status-changed': 'status changed', renamed: 'renamed', split: 'split'}[error.fate];
    return `| ${v1Cell} | ${cell(v3Cell)} | ${label} | ${cell(error.note ?? '')} |`;
  });
  return ['| V1 error | V3 error | Fate | Note |', '|---|---|---|---|', ...rows].join('\n');
}

const uniqueLeaves = (fields: FieldEntry[]) => [...new Set(fields.map((field) => ('v3Path' in field ? field.v3Path : '')))];

/** Which V3 amounts are integers and which are still Money objects, from the types. */
export function moneyStatement(v1: ApiDocument, v3: ApiDocument, model: MigrationModel = migrationModel(v1, v3)): string {
  const fromMoney = model.fields.filter((field) => field.v1Shape.type === 'money' && 'v3Shape' in field);
  const leaf = (path: string) => path.split('.').pop()!;
  const integers = uniqueLeaves(fromMoney.filter((field) => 'v3Shape' in field && field.v3Shape.type !== 'money')).map(leaf);
  const money = uniqueLeaves(fromMoney.filter((field) => 'v3Shape' in field && field.v3Shape.type === 'money')).map(leaf);
  const list = (paths: string[]) => [...new Set(paths)].map(code).join(', ');
  return `Every V1 amount is a Money object (\`amount\` in minor units and \`currency\`). V3 keeps that object for the amounts of orders, captures and refunds (${list(money)}), but cart and order line amounts become plain integers in minor units (${list(integers)}), and the cart names its currency once in \`cart.currency\`.`;
}

/** How ids change, from the id patterns and formats of both files. */
export function idStatement(v1: ApiDocument, v3: ApiDocument, model: MigrationModel = migrationModel(v1, v3)): string {
  const changes = new Map<string, string>();
  for (const field of model.fields)
    if (field.fate === 'type-changed' && field.v1Shape.id) changes.set(field.v1Shape.id.prefix, shapeLabel(field.v3Shape));
  const toUuid = [...changes].filter(([, label]) => label === 'UUID').map(([prefix]) => code(prefix));
  const other = [...changes].filter(([, label]) => label !== 'UUID');
  const length = model.fields.find((field) => field.v1Shape.id)?.v1Shape.id?.length;
  const otherText = other.map(([prefix, label]) => `${code(prefix)} ids stay prefixed but change their length (${label})`).join('; ');
  return `V1 ids are a type prefix and ${length} characters. In V3 the ${toUuid.join(', ')} ids become UUIDs${otherText ? `, while ${otherText}` : ''}.`;
}

/** Limits, states and behaviour that change, per V1 operation, then for all of them. */
export function behaviourChangesList(v1: ApiDocument, v3: ApiDocument): string {
  const documents = {v1, v3};
  const common = commonChanges(v1).map((change) => `- **Every operation**: ${changeSentence(change, documents)}`);
  const perOperation = migrationEntries(v1).flatMap(({v1: operation, successor}) =>
    (successor.changes ?? []).map((change) => `- ${code(operation.operationId)}: ${changeSentence(change, documents)}`),
  );
  return [...common, ...perOperation].join('\n');
}
