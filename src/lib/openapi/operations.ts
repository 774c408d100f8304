/**
 * The operations of an OpenAPI document, walked three ways: by operationId with their kind
 * (paths, webhooks, callbacks) for the facts pages state, with the JSON pointer of each for the
 * example tests, and with the route of each operation's page for the reference pages and links.
 */
import kebabCase from 'lodash/kebabCase.js';
import {httpMethods} from '../http-methods';
import type {ApiDocument} from './document';
import {escapePointer, resolve, resolveRef, type JsonObject} from './refs';

export type ApiOperation = {
  operationId: string;
  method: string;
  path: string;
  operation: JsonObject;
  /** Callbacks have no page of their own: they are shown on the operation that declares them. */
  kind: 'path' | 'webhook' | 'callback';
  /** The operationId whose page shows this operation. */
  pageOperationId: string;
};

/** Every operation of the document by operationId: paths, webhooks and the callbacks of path operations. */
export function apiOperations(document: ApiDocument): Map<string, ApiOperation> {
  const operations = new Map<string, ApiOperation>();
  const addItems = (items: Record<string, Record<string, JsonObject>> | undefined, kind: ApiOperation['kind'], parent?: string) => {
    for (const [itemPath, item] of Object.entries(items ?? {})) {
      for (const method of httpMethods) {
        const operation = item[method];
        if (!operation || typeof operation.operationId !== 'string') continue;
        const operationId = operation.operationId;
        operations.set(operationId, {operationId, method, path: itemPath, operation, kind, pageOperationId: parent ?? operationId});
        for (const callback of Object.values((operation.callbacks as JsonObject | undefined) ?? {})) {
          addItems(resolve(document, callback) as Record<string, Record<string, JsonObject>>, 'callback', operationId);
        }
      }
    }
  };
  addItems(document.paths, 'path');
  addItems(document.webhooks, 'webhook');
  return operations;
}

/** How many operations the document has under `paths`: one page each for the OpenAPI plugin. */
export function operationCount(document: JsonObject): number {
  return Object.values((document.paths ?? {}) as Record<string, JsonObject>).reduce(
    (count, item) => count + httpMethods.filter((method) => item[method]).length,
    0,
  );
}

/** `makeDecision` → `make-decision`: the page id the OpenAPI plugin gives an operation. */
export function operationPageId(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

export type Operation = {method: string; path: string; operation: JsonObject; pointer: string};

/** Every operation of the document: paths and webhooks, keyed by operationId. */
export function operationsById(document: ApiDocument): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [group, items] of [
    ['paths', document.paths],
    ['webhooks', document.webhooks],
  ] as const) {
    for (const [itemPath, item] of Object.entries(items ?? {})) {
      for (const method of httpMethods) {
        const operation = item[method];
        if (!operation) continue;
        const pointer = `#/${group}/${escapePointer(itemPath)}/${method}`;
        operations.set(String(operation.operationId), {method, path: itemPath, operation, pointer});
      }
    }
  }
  return operations;
}

export type OperationRef = {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  operation: JsonObject;
  /** The site route of the operation's page, for example /docs/3.0.0/api/create-session. */
  route: string;
};

/** Every operation under `paths`, in the order of the file (callbacks are not operations a merchant calls). */
export function operationsOf(document: JsonObject, docsRoute: string): OperationRef[] {
  const operations: OperationRef[] = [];
  for (const [itemPath, item] of Object.entries((document.paths ?? {}) as Record<string, JsonObject>)) {
    for (const method of httpMethods) {
      const operation = item[method] as JsonObject | undefined;
      if (!operation?.operationId) continue;
      const operationId = String(operation.operationId);
      operations.push({
        operationId,
        method: method.toUpperCase(),
        path: itemPath,
        summary: String(operation.summary ?? operationId),
        operation,
        // The plugin names an operation's page after its operationId with lodash's kebabCase.
        route: `${docsRoute}/api/${kebabCase(operationId)}`,
      });
    }
  }
  return operations;
}

/** The response objects of an operation, resolved, by status. */
export function responsesOf(document: JsonObject, operation: JsonObject): [string, JsonObject][] {
  return Object.entries((operation.responses ?? {}) as JsonObject).map(([status, response]) => [status, resolveRef(document, response)]);
}
