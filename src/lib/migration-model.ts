/**
 * The V1 → V3 fate of every V1 request field, response field and error code, computed from both
 * OpenAPI files. A field keeps its place when its camelCase spelling exists in the V3 successor
 * operation(s); its type is compared from the two schemas (Money object, integer, UUID, prefixed
 * id, URL template, enumeration values …). What the files cannot say (which V3 field a renamed V1
 * field became, why a field or code was removed, which V3 code replaces a V1 code) comes from the
 * typed table in migration-mapping.ts. `migrationModelProblems` lists every V1 field or code
 * without a fate and every mapping the files contradict; tests/unit/migration.test.ts keeps it empty.
 */
import {apiOperations, errorStatuses, resolve, type ApiDocument, type ApiOperation, type JsonObject} from './openapi';
import {migrationMapping, type Direction, type ErrorMapping, type FieldMapping, type MigrationMapping} from './migration-mapping';
import {migrationEntries} from './migration-entries';

export type {Direction};

/** What a field holds, as far as a migration cares: the kind of value, not its description. */
export type FieldShape = {
  type: 'money' | 'integer' | 'number' | 'boolean' | 'string' | 'object' | 'array' | 'any';
  /** date-time, date, uri, uri-template or uuid: the formats that change how a value is written. */
  format?: string;
  /** A prefixed id, `^mer_[A-Za-z0-9]{16}$`: the prefix and the number of characters after it. */
  id?: {prefix: string; length: number};
  enum?: string[];
  /** `x-tessera-v3-values` of a V1 enumeration: the V3 value that takes over each removed one. */
  successorValues?: Record<string, string>;
  items?: FieldShape;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  maxLength?: number;
  maxItems?: number;
  /** `x-tessera-seconds-from-now`: the limits of a date-time measured from the request. */
  fromNow?: {
    minimum: number;
    maximum?: number;
    /** Seconds ahead, or another date-time field it defaults to (`session.expiresAt`). */
    default?: number | string;
    /** Another date-time field it may not be after (`session.expiresAt`). */
    notAfter?: string;
  };
  /** A minutes or seconds count, from the field name (`expires_in_minutes`). */
  unit?: 'minutes' | 'seconds';
};

/** Another object's field, as a limit names it: `session.expiresAt` → "the session's `expiresAt`". */
const otherField = (path: string) => {
  const [object, ...field] = path.split('.');
  return `the ${object}’s \`${field.join('.')}\``;
};

const keptFormats = new Set(['date-time', 'date', 'uri', 'uri-template', 'uuid']);
const prefixedId = /^\^([a-z]+_)\[A-Za-z0-9\]\{(\d+)\}\$$/;

const refName = (node: unknown): string | undefined => {
  const ref = (node as JsonObject | undefined)?.$ref;
  return typeof ref === 'string' ? ref.split('/').pop() : undefined;
};

/** The schema without its `null` alternative (`type: [string, 'null']`, `oneOf: [X, {type: 'null'}]`). */
function withoutNull(document: ApiDocument, node: unknown): unknown {
  const resolved = resolve(document, node);
  const oneOf = resolved?.oneOf as unknown[] | undefined;
  if (oneOf) {
    const rest = oneOf.filter((part) => resolve(document, part)?.type !== 'null');
    if (rest.length === 1) return withoutNull(document, rest[0]);
  }
  return node;
}

function isMoney(document: ApiDocument, node: unknown): boolean {
  if (refName(node) === 'Money') return true;
  const allOf = resolve(document, node)?.allOf as unknown[] | undefined;
  return Boolean(allOf?.length === 1 && refName(allOf[0]) === 'Money');
}

/** Keywords of a schema with its `allOf` parts and `$ref` target merged, the outer ones winning. */
function merged(document: ApiDocument, node: unknown, depth = 0): JsonObject {
  const direct = (node ?? {}) as JsonObject;
  const target = typeof direct.$ref === 'string' ? merged(document, resolve(document, {$ref: direct.$ref}), depth + 1) : {};
  const parts = ((direct.allOf as unknown[] | undefined) ?? []).map((part) => merged(document, part, depth + 1));
  const {$ref: _ref, allOf: _allOf, ...own} = direct;
  return depth > 20 ? own : Object.assign({}, target, ...parts, own);
}

export function fieldShape(document: ApiDocument, node: unknown, name = ''): FieldShape {
  const nonNull = withoutNull(document, node);
  if (isMoney(document, nonNull)) return {type: 'money'};
  const schema = merged(document, nonNull);
  const types = ([] as unknown[]).concat(schema.type ?? []).filter((type) => type !== 'null');
  let type = (types[0] as FieldShape['type'] | undefined) ?? (schema.properties ? 'object' : schema.const !== undefined ? 'string' : 'any');
  if (!['integer', 'number', 'boolean', 'string', 'object', 'array'].includes(type)) type = 'any';
  const shape: FieldShape = {type};
  if (typeof schema.format === 'string' && keptFormats.has(schema.format)) shape.format = schema.format;
  const id = typeof schema.pattern === 'string' ? prefixedId.exec(schema.pattern) : null;
  if (id) shape.id = {prefix: id[1]!, length: Number(id[2])};
  const values = (schema.enum as unknown[] | undefined)?.filter((value): value is string => typeof value === 'string');
  if (values?.length) shape.enum = values;
  if (typeof schema.const === 'string') shape.enum = [schema.const];
  const successors = schema['x-tessera-v3-values'] as Record<string, string> | undefined;
  if (successors) shape.successorValues = successors;
  for (const key of ['minimum', 'maximum', 'maxLength', 'maxItems'] as const) if (typeof schema[key] === 'number') shape[key] = schema[key];
  if (schema.default !== undefined) shape.default = schema.default;
  const fromNow = schema['x-tessera-seconds-from-now'] as FieldShape['fromNow'] | undefined;
  if (fromNow) shape.fromNow = fromNow;
  if (type === 'integer' && /_minutes$/.test(name)) shape.unit = 'minutes';
  if (type === 'integer' && /(_in|In|Seconds)$/.test(name)) shape.unit = 'seconds';
  if (type === 'array') shape.items = fieldShape(document, schema.items, name);
  return shape;
}

/** Every field a schema can hold, by path (`cart.lines[].unit_price`); Money objects are one field. */
export function schemaFields(document: ApiDocument, node: unknown, prefix = '', seen: Set<string> = new Set()): Map<string, FieldShape> {
  const fields = new Map<string, FieldShape>();
  const visit = (schemaNode: unknown, path: string, trail: Set<string>) => {
    const nonNull = withoutNull(document, schemaNode);
    if (isMoney(document, nonNull)) return;
    const name = refName(nonNull);
    if (name && trail.has(name)) return;
    const nextTrail = name ? new Set(trail).add(name) : trail;
    const schema = merged(document, nonNull);
    for (const part of [...((schema.oneOf as unknown[] | undefined) ?? []), ...((schema.anyOf as unknown[] | undefined) ?? [])])
      visit(part, path, nextTrail);
    if (schema.items) visit(schema.items, `${path}[]`, nextTrail);
    for (const [property, value] of Object.entries((schema.properties as JsonObject | undefined) ?? {})) {
      const fieldPath = path ? `${path}.${property}` : property;
      if (!fields.has(fieldPath)) fields.set(fieldPath, fieldShape(document, value, property));
      visit(value, fieldPath, nextTrail);
    }
  };
  visit(node, prefix, seen);
  return fields;
}

/** The fields an operation is sent (`request`) or answers with (`response`, 2xx only). */
export function operationShapes(document: ApiDocument, operation: ApiOperation, direction: Direction): Map<string, FieldShape> {
  const fields = new Map<string, FieldShape>();
  const addContent = (content: unknown) => {
    for (const media of Object.values((content as JsonObject | undefined) ?? {}))
      for (const [path, shape] of schemaFields(document, (media as JsonObject).schema)) if (!fields.has(path)) fields.set(path, shape);
  };
  if (direction === 'request') addContent(resolve(document, operation.operation.requestBody)?.content);
  else
    for (const [status, response] of Object.entries((operation.operation.responses as JsonObject | undefined) ?? {}))
      if (status.startsWith('2')) addContent(resolve(document, response)?.content);
  return fields;
}

// Labels: how the guide names a shape.

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** 604800 → "7 days", 5400 → "90 minutes". */
export function duration(seconds: number): string {
  if (seconds % 86400 === 0 && seconds > 172800) return plural(seconds / 86400, 'day');
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

const codeList = (values: string[]) => values.map((value) => `\`${value}\``).join(', ');

export function shapeLabel(shape: FieldShape): string {
  if (shape.type === 'money') return 'Money object (`amount` and `currency`)';
  if (shape.id) return `id \`${shape.id.prefix}\` + ${shape.id.length} characters`;
  if (shape.format === 'uuid') return 'UUID';
  if (shape.type === 'array') {
    const items = shape.items?.type === 'object' ? 'objects' : shape.items ? shapeLabel(shape.items) : 'values';
    return `array of ${items}${typeof shape.maxItems === 'number' ? ` (at most ${shape.maxItems})` : ''}`;
  }
  if (shape.fromNow) {
    const {minimum, maximum, default: byDefault, notAfter} = shape.fromNow;
    const range = maximum === undefined ? `at least ${duration(minimum)} ahead` : `${duration(minimum)} to ${duration(maximum)} ahead`;
    const cap = notAfter ? `, not after ${otherField(notAfter)}` : '';
    const defaultText =
      byDefault === undefined
        ? ''
        : typeof byDefault === 'number'
          ? `, default ${duration(byDefault)} ahead`
          : `, default ${otherField(byDefault)}`;
    return `date-time ${range}${cap}${defaultText}`;
  }
  if (shape.format === 'uri-template') return 'URL template (may hold `{sessionId}`)';
  if (shape.format === 'uri') return 'URL';
  if (shape.format) return shape.format;
  if (shape.type === 'integer' && shape.unit && typeof shape.minimum === 'number' && typeof shape.maximum === 'number') {
    const inSeconds = (value: number) => (shape.unit === 'minutes' ? value * 60 : value);
    const defaultText = typeof shape.default === 'number' ? `, default ${shape.default} (${duration(inSeconds(shape.default))})` : '';
    return `integer ${shape.unit}, ${shape.minimum} (${duration(inSeconds(shape.minimum))}) to ${shape.maximum} (${duration(inSeconds(shape.maximum))})${defaultText}`;
  }
  if (shape.enum) return `one of ${codeList(shape.enum)}`;
  if (shape.type === 'integer') return 'integer';
  return shape.type;
}

/** What has to be equal for a value to be written the same way in both versions. */
function typeKey(shape: FieldShape): string {
  const base = [shape.type, shape.format ?? '', shape.id ? `${shape.id.prefix}${shape.id.length}` : '', shape.unit ?? ''].join(':');
  return `${base}${shape.items ? `[${typeKey(shape.items)}]` : ''}`;
}

/** The difference between two shapes that a V1 value has to change for, or undefined when it fits as is. */
export function typeChange(v1: FieldShape, v3: FieldShape): string | undefined {
  if (typeKey(v1) !== typeKey(v3) || Boolean(v1.fromNow) !== Boolean(v3.fromNow)) return `${shapeLabel(v1)} → ${shapeLabel(v3)}`;
  if (v1.enum && v3.enum) {
    const removed = v1.enum.filter((value) => !v3.enum!.includes(value));
    for (const [value, successor] of Object.entries(v1.successorValues ?? {}))
      if (!v3.enum.includes(successor)) throw new Error(`x-tessera-v3-values: ${value} → ${successor}, which V3 does not have`);
    const successor = (value: string) => v1.successorValues?.[value];
    const replaced = removed.filter(successor).map((value) => `\`${value}\` → \`${successor(value)}\``);
    const gone = removed.filter((value) => !successor(value));
    const parts = [
      replaced.length ? `values replaced: ${replaced.join(', ')}` : '',
      gone.length ? `values removed: ${codeList(gone)}` : '',
    ];
    if (removed.length) return parts.filter(Boolean).join('; ');
  }
  return undefined;
}

/**
 * Limits that are stricter in V3 though the type stays: `maxLength 255 → 64`. Looser limits are
 * left out: a value V1 accepted still fits.
 */
export function limitChanges(v1: FieldShape, v3: FieldShape): string[] {
  const changes: string[] = [];
  const labels = {maxLength: 'at most {} characters', maxItems: 'at most {} items', maximum: 'at most {}', minimum: 'at least {}'};
  for (const key of ['maxLength', 'maxItems', 'maximum', 'minimum'] as const) {
    const before = v1[key];
    const after = v3[key];
    // A limit only V3 states is left out too: V1 bounded the value another way (a pattern, an enumeration).
    if (typeof after !== 'number' || typeof before !== 'number') continue;
    if (key === 'minimum' ? after > before : after < before) changes.push(`${labels[key].replace('{}', String(after))} (V1: ${before})`);
  }
  return changes;
}

// Fates.

export type FieldFate =
  | {fate: 'mapped' | 'renamed'; v3Path: string; v1Shape: FieldShape; v3Shape: FieldShape; limits: string[]; note?: string}
  | {fate: 'type-changed'; v3Path: string; renamed: boolean; v1Shape: FieldShape; v3Shape: FieldShape; change: string; note?: string}
  | {fate: 'removed'; v1Shape: FieldShape; reason: string; /** Removed with the rest of its operation or response. */ wholesale?: boolean};

export type FieldEntry = {operationId: string; direction: Direction; v1Path: string} & FieldFate;

export const camelCase = (segment: string): string => segment.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
const normal = (path: string) => path.replace(/\[\]/g, '');

/** The V3 operations that replace a V1 operation: its successor and the ones it names in `also`. */
export function successorOperations(v1: ApiDocument, operationId: string): string[] {
  const entry = migrationEntries(v1).find((candidate) => candidate.v1.operationId === operationId);
  if (!entry) throw new Error(`no V1 operation ${operationId}`);
  return [entry.successor.operation, ...(entry.successor.also ?? [])].filter((id): id is string => Boolean(id));
}

/** The V3 fields of the successor operations, by path without array markers. */
function successorShapes(v3: ApiDocument, operationIds: string[], direction: Direction): Map<string, {path: string; shape: FieldShape}> {
  const operations = apiOperations(v3);
  const fields = new Map<string, {path: string; shape: FieldShape}>();
  for (const id of operationIds) {
    const operation = operations.get(id);
    if (!operation) continue;
    for (const [path, shape] of operationShapes(v3, operation, direction))
      if (!fields.has(normal(path))) fields.set(normal(path), {path, shape});
  }
  return fields;
}

/** The mapping entries that apply to one V1 operation and direction. */
const matching = (mapping: MigrationMapping, operationId: string, direction: Direction) =>
  mapping.fields
    .filter(
      (entry) => (entry.operations === undefined || entry.operations.includes(operationId)) && (entry.direction ?? direction) === direction,
    )
    // An entry for named operations wins over one for every operation.
    .sort((a, b) => Number(a.operations === undefined) - Number(b.operations === undefined));

type Resolved = {to: string; mapping?: FieldMapping} | {removed: string; mapping: FieldMapping};

/** The V3 path a V1 path becomes: the longest mapped prefix, then camelCase (or a segment rename) for the rest. */
function translate(mapping: MigrationMapping, operationId: string, direction: Direction, v1Path: string): Resolved {
  const segments = normal(v1Path).split('.');
  const entries = matching(mapping, operationId, direction);
  for (let length = segments.length; length > 0; length--) {
    const prefix = segments.slice(0, length).join('.');
    const entry = entries.find((candidate) => candidate.v1 === prefix);
    if (!entry) continue;
    if ('removed' in entry) return {removed: entry.removed, mapping: entry};
    const rest = segments.slice(length).map((segment) => mapping.segments[segment] ?? camelCase(segment));
    // An empty V3 path is the request body itself (`updateCart` takes the cart as its body).
    return {to: [entry.v3, ...rest].filter(Boolean).join('.'), mapping: entry};
  }
  return {to: segments.map((segment) => mapping.segments[segment] ?? camelCase(segment)).join('.')};
}

export type MigrationModel = {
  fields: FieldEntry[];
  errors: ErrorEntry[];
  problems: string[];
  documents: {v1: ApiDocument; v3: ApiDocument};
};

export type ErrorTarget = {status: number; code: string; when?: string; operations?: string[]};
export type ErrorEntry = {code: string; v1Statuses: number[]} & (
  {fate: 'mapped' | 'status-changed' | 'renamed' | 'split'; v3: ErrorTarget[]; note?: string} | {fate: 'removed'; reason: string}
);

/**
 * The error codes each V1 operation can answer: the problem bodies of its responses (their
 * examples, references followed) and the codes its description names as `409 code` or `code`.
 */
export function v1ErrorCodesByOperation(v1: ApiDocument): Map<string, Set<string>> {
  const known = new Set(errorStatuses(v1).keys());
  const byOperation = new Map<string, Set<string>>();
  for (const {v1: operation} of migrationEntries(v1)) {
    const {operationId} = operation;
    const codes = new Set<string>();
    const visit = (node: unknown, depth: number) => {
      const resolved = resolve(v1, node);
      if (!resolved || depth > 12) return;
      if (Array.isArray(resolved)) return resolved.forEach((item) => visit(item, depth + 1));
      if (typeof resolved.code === 'string' && typeof resolved.status === 'number' && typeof resolved.title === 'string')
        codes.add(resolved.code);
      for (const [key, value] of Object.entries(resolved)) if (key !== 'schema') visit(value, depth + 1);
    };
    visit(operation.operation.responses, 0);
    const description = typeof operation.operation.description === 'string' ? operation.operation.description : '';
    for (const match of description.matchAll(/`(?:\d{3} )?([a-z][a-z_]*)`/g)) if (known.has(match[1]!)) codes.add(match[1]!);
    byOperation.set(operationId, codes);
  }
  return byOperation;
}

/**
 * Every pair of a V1 operation and an error code it can answer must have a V3 fate: the operation
 * is removed (its `x-tessera-successor` says why), the code is removed, its cause is gone from that
 * operation (`goneFrom` says why), or a V3 code replaces it there (a mapping target for every
 * operation or naming this one, or the same code in V3).
 */
function unmappedErrorPairs(v1: ApiDocument, v3: ApiDocument, mapping: MigrationMapping): string[] {
  const removedOperations = new Set(migrationEntries(v1).flatMap((entry) => (entry.successor.removed ? [entry.v1.operationId] : [])));
  const v3Codes = new Set(errorStatuses(v3).keys());
  const problems: string[] = [];
  for (const [operationId, codes] of v1ErrorCodesByOperation(v1)) {
    if (removedOperations.has(operationId)) continue;
    for (const code of codes) {
      const entry = mapping.errors.find((candidate) => candidate.v1 === code);
      if (entry && 'removed' in entry) continue;
      if (entry?.goneFrom?.operations.includes(operationId)) continue;
      if (entry ? entry.v3.some((target) => !target.operations || target.operations.includes(operationId)) : v3Codes.has(code)) continue;
      problems.push(`error ${code} of ${operationId}: no V3 fate (give migration-mapping.ts a V3 code for this operation)`);
    }
  }
  return problems;
}

function errorEntries(v1: ApiDocument, v3: ApiDocument, mapping: MigrationMapping, problems: string[]): ErrorEntry[] {
  problems.push(...unmappedErrorPairs(v1, v3, mapping));
  const codesByOperation = v1ErrorCodesByOperation(v1);
  const v1Errors = errorStatuses(v1);
  const v3Errors = errorStatuses(v3);
  const v1Operations = apiOperations(v1);
  for (const entry of mapping.errors) if (!v1Errors.has(entry.v1)) problems.push(`error mapping ${entry.v1}: V1 has no such error code`);
  return [...v1Errors.entries()].map(([code, statuses]): ErrorEntry => {
    const v1Statuses = [...statuses].sort();
    const entry: ErrorMapping | undefined = mapping.errors.find((candidate) => candidate.v1 === code);
    if (entry && 'removed' in entry) {
      if (v3Errors.has(code)) problems.push(`error ${code}: marked removed, but V3 has the same code`);
      return {code, v1Statuses, fate: 'removed', reason: entry.removed};
    }
    if (entry) {
      const targets = entry.v3.map((target): ErrorTarget => {
        const v3Statuses = v3Errors.get(target.code);
        if (!v3Statuses) problems.push(`error ${code}: V3 has no error code ${target.code}`);
        for (const id of target.operations ?? []) if (!v1Operations.has(id)) problems.push(`error ${code}: no V1 operation ${id}`);
        // A target of named operations must be one of their answers: a stale entry fails as a missing one does.
        for (const id of target.operations ?? [])
          if (v1Operations.has(id) && !codesByOperation.get(id)?.has(code)) problems.push(`error ${code}: ${id} does not answer it in V1`);
        return {status: [...(v3Statuses ?? [0])][0]!, code: target.code, when: target.when, operations: target.operations};
      });
      const fate =
        targets.length > 1
          ? 'split'
          : targets[0]!.code === code
            ? v1Statuses.includes(targets[0]!.status)
              ? 'mapped'
              : 'status-changed'
            : 'renamed';
      for (const id of entry.goneFrom?.operations ?? []) if (!v1Operations.has(id)) problems.push(`error ${code}: no V1 operation ${id}`);
      const gone = entry.goneFrom ? `From ${entry.goneFrom.operations.map((id) => `\`${id}\``).join(', ')}: ${entry.goneFrom.reason}` : '';
      return {code, v1Statuses, fate, v3: targets, note: [entry.note, gone].filter(Boolean).join(' ') || undefined};
    }
    const v3Statuses = v3Errors.get(code);
    if (!v3Statuses) {
      problems.push(`error ${code}: no fate (V3 has no such code: map it in migration-mapping.ts or say why it was removed)`);
      return {code, v1Statuses, fate: 'removed', reason: ''};
    }
    const status = [...v3Statuses][0]!;
    return {code, v1Statuses, fate: v1Statuses.includes(status) ? 'mapped' : 'status-changed', v3: [{status, code}]};
  });
}

/** Every V1 field and error code with its V3 fate, and every way the mapping disagrees with the files. */
export function migrationModel(v1: ApiDocument, v3: ApiDocument, mapping: MigrationMapping = migrationMapping): MigrationModel {
  const problems: string[] = [];
  const fields: FieldEntry[] = [];
  const used = new Set<FieldMapping>();
  const v1Operations = apiOperations(v1);
  for (const entry of mapping.fields)
    for (const id of entry.operations ?? []) if (!v1Operations.has(id)) problems.push(`field mapping ${entry.v1}: no V1 operation ${id}`);
  for (const {v1: operation, successor} of migrationEntries(v1)) {
    const targets = successorOperations(v1, operation.operationId);
    for (const direction of ['request', 'response'] as const) {
      // A V1 call may become several V3 calls; its response is compared with what the main one answers.
      const compared = direction === 'response' && successor.operation ? [successor.operation] : targets;
      const v3Fields = successorShapes(v3, compared, direction);
      for (const [v1Path, v1Shape] of operationShapes(v1, operation, direction)) {
        const where = `${operation.operationId} ${direction} ${v1Path}`;
        const base = {operationId: operation.operationId, direction, v1Path};
        const resolved = translate(mapping, operation.operationId, direction, v1Path);
        if (resolved.mapping) used.add(resolved.mapping);
        const fallback = matching(mapping, operation.operationId, direction).find((entry) => entry.v1 === '*');
        // Where a whole response is replaced, its reason wins over the removals that apply to every operation.
        if ('removed' in resolved && fallback && 'removed' in fallback && resolved.mapping.operations === undefined) {
          used.add(fallback);
          fields.push({...base, fate: 'removed', v1Shape, reason: fallback.removed, wholesale: true});
          continue;
        }
        if ('removed' in resolved) {
          const automatic = translate({...mapping, fields: []}, operation.operationId, direction, v1Path);
          if (resolved.mapping.v1 === normal(v1Path) && 'to' in automatic && v3Fields.has(automatic.to))
            problems.push(`${where}: marked removed, but V3 has ${v3Fields.get(automatic.to)!.path}`);
          fields.push({...base, fate: 'removed', v1Shape, reason: resolved.removed});
          continue;
        }
        const found = resolved.to === '' ? {path: '', shape: {type: 'object'} as FieldShape} : v3Fields.get(resolved.to);
        if (!found && fallback && 'removed' in fallback) {
          used.add(fallback);
          fields.push({...base, fate: 'removed', v1Shape, reason: fallback.removed, wholesale: true});
          continue;
        }
        if (!found) {
          if (resolved.mapping && resolved.mapping.v1 === normal(v1Path))
            problems.push(
              `${where}: mapped to ${resolved.to}, which the V3 operation${targets.length > 1 ? 's' : ''} ${targets.join(', ')} do${targets.length > 1 ? '' : 'es'} not have`,
            );
          else if (!successor.operation && successor.removed) {
            fields.push({...base, fate: 'removed', v1Shape, reason: `The operation is gone. ${successor.removed.trim()}`, wholesale: true});
            continue;
          } else problems.push(`${where}: no fate (V3 has no ${resolved.to}: map it in migration-mapping.ts or say why it was removed)`);
          fields.push({...base, fate: 'removed', v1Shape, reason: ''});
          continue;
        }
        const note =
          resolved.mapping && 'v3' in resolved.mapping && resolved.mapping.v1 === normal(v1Path) ? resolved.mapping.note : undefined;
        // Renamed: the field's own name changes, or a mapping moves it. A field inside a moved or
        // renamed object keeps its place in that object, and the object's row says where it went.
        const leaf = (path: string) => normal(path).split('.').pop() ?? '';
        const renamed = leaf(found.path) !== camelCase(leaf(v1Path)) || resolved.mapping?.v1 === normal(v1Path);
        const change = typeChange(v1Shape, found.shape);
        if (change) fields.push({...base, fate: 'type-changed', v3Path: found.path, renamed, v1Shape, v3Shape: found.shape, change, note});
        else
          fields.push({
            ...base,
            fate: renamed ? 'renamed' : 'mapped',
            v3Path: found.path,
            v1Shape,
            v3Shape: found.shape,
            limits: limitChanges(v1Shape, found.shape),
            note,
          });
      }
    }
  }
  for (const entry of mapping.fields)
    if (!used.has(entry))
      problems.push(`field mapping ${entry.v1}: matches no V1 field of ${entry.operations?.join(', ') ?? 'any operation'}`);
  for (const [segment, to] of Object.entries(mapping.segments))
    if (
      !fields.some(
        (field) => normal(field.v1Path).split('.').includes(segment) && 'v3Path' in field && normal(field.v3Path).split('.').includes(to),
      )
    )
      problems.push(`segment rename ${segment} → ${to}: no V1 field uses it`);
  const errors = errorEntries(v1, v3, mapping, problems);
  return {fields, errors, problems, documents: {v1, v3}};
}
