/**
 * What the pages may say about the API's data, read from the OpenAPI files: the fields each
 * operation sends and receives, error codes with their HTTP statuses, enumeration values, and the
 * statuses each operation is allowed in. The fact components, the migration notices and the
 * content checks all read the API through src/lib/openapi, so a fact has one source.
 */
import type {ApiDocument} from './document';
import {apiOperations, type ApiOperation} from './operations';
import {resolve, type JsonObject} from './refs';

/** Dotted paths of every property a schema can hold (`cart.orderLines.vatRate`), through refs, compositions and arrays. */
export function schemaFieldPaths(document: ApiDocument, schema: unknown, prefix = '', seen: Set<unknown> = new Set()): string[] {
  const resolved = resolve(document, schema);
  if (!resolved || seen.has(resolved)) return [];
  const nextSeen = new Set(seen).add(resolved);
  const fields: string[] = [];
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const part of (resolved[key] as unknown[] | undefined) ?? []) fields.push(...schemaFieldPaths(document, part, prefix, nextSeen));
  }
  if (resolved.items) fields.push(...schemaFieldPaths(document, resolved.items, prefix, nextSeen));
  for (const [name, property] of Object.entries((resolved.properties as JsonObject | undefined) ?? {})) {
    fields.push(`${prefix}${name}`, ...schemaFieldPaths(document, property, `${prefix}${name}.`, nextSeen));
  }
  return fields;
}

/** The fields an operation sends (request body) and receives (success responses), as dotted paths. */
export function operationFields(document: ApiDocument, operation: ApiOperation): Set<string> {
  const fields = new Set<string>();
  const addContent = (content: unknown) => {
    for (const media of Object.values((content as JsonObject | undefined) ?? {})) {
      for (const field of schemaFieldPaths(document, (media as JsonObject).schema)) fields.add(field);
    }
  };
  addContent(resolve(document, operation.operation.requestBody)?.content);
  for (const [status, response] of Object.entries((operation.operation.responses as JsonObject | undefined) ?? {})) {
    if (status.startsWith('2')) addContent(resolve(document, response)?.content);
  }
  return fields;
}

/**
 * Error code → HTTP statuses, from every problem body in the file (an object with a string `code`
 * and `title` and a numeric `status`): the response examples, inline or in components, and the
 * examples of the error catalogue (`x-error-catalogue`) for codes no operation example shows.
 */
export function errorStatuses(document: ApiDocument): Map<string, Set<number>> {
  const statuses = new Map<string, Set<number>>();
  const add = (code: string, status: number) => statuses.set(code, (statuses.get(code) ?? new Set()).add(status));
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const object = node as JsonObject;
    if (typeof object.code === 'string' && typeof object.status === 'number' && typeof object.title === 'string') {
      add(object.code, object.status);
    }
    Object.values(object).forEach(visit);
  };
  visit(document);
  for (const match of (document.info?.description ?? '').matchAll(/^\|\s*(\d{3})\s*\|\s*`([a-z][a-z_]*)`\s*\|/gm))
    add(match[2]!, Number(match[1]));
  return statuses;
}

/** Enumeration value (enum, const, or a word a pattern lists) → the named schemas (or property paths) that define it, over all of components/schemas. */
export function enumValues(document: ApiDocument): Map<string, Set<string>> {
  const values = new Map<string, Set<string>>();
  const visit = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item) => visit(item, where));
    const object = node as JsonObject;
    const add = (value: unknown) => {
      if (typeof value === 'string') values.set(value, (values.get(value) ?? new Set()).add(where));
    };
    if (Array.isArray(object.enum)) object.enum.forEach(add);
    add(object.const);
    // A pattern that lists its words, `^(checkout|orders|hosted_pages)( …)*$`, enumerates them too.
    if (typeof object.pattern === 'string') {
      for (const group of object.pattern.matchAll(/\(([a-z_]+(?:\|[a-z_]+)+)\)/g)) group[1]!.split('|').forEach(add);
    }
    for (const [key, child] of Object.entries(object)) {
      if (key === 'examples' || key === 'example') continue;
      visit(child, key === 'properties' || key === 'items' ? where : `${where}.${key}`);
    }
  };
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) visit(schema, name);
  for (const operation of apiOperations(document).values()) visit(operation.operation, operation.operationId);
  return values;
}

/** The statuses of a named status schema (`SessionStatus`, `OrderStatus`). */
export function statusEnum(document: ApiDocument, schemaName: string): string[] {
  const values = document.components?.schemas?.[schemaName]?.enum;
  if (!Array.isArray(values)) throw new Error(`no enum schema ${schemaName} in the OpenAPI file`);
  return values.filter((value): value is string => typeof value === 'string');
}

export type AllowedStatuses = {schema: string; statuses: string[]};

/**
 * The statuses in which an operation is allowed, from its `x-tessera-allowed-statuses`
 * (`{schema: SessionStatus, statuses: [created, in_progress]}`), or undefined when it has none.
 */
export function allowedStatuses(document: ApiDocument, operationId: string): AllowedStatuses | undefined {
  const operation = apiOperations(document).get(operationId);
  if (!operation) throw new Error(`no operation ${operationId} in the OpenAPI file`);
  const allowed = operation.operation['x-tessera-allowed-statuses'] as AllowedStatuses | undefined;
  return allowed;
}

/** The statuses of the same schema in which the operation fails. */
export function disallowedStatuses(document: ApiDocument, operationId: string): AllowedStatuses {
  const allowed = allowedStatuses(document, operationId);
  if (!allowed) throw new Error(`${operationId} has no x-tessera-allowed-statuses`);
  return {schema: allowed.schema, statuses: statusEnum(document, allowed.schema).filter((status) => !allowed.statuses.includes(status))};
}
