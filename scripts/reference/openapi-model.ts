/**
 * What the generated reference pages (error codes, objects, notifications) read from an OpenAPI
 * document: its operations with the address of their pages, and the Markdown helpers that put
 * the document's prose into MDX safely. Everything is derived from the document, so operations
 * and schemas added to the OpenAPI files later get their links and pages without a code change.
 */
import kebabCase from 'lodash/kebabCase.js';
import {resolveRef, type JsonObject} from '../openapi-refs';
import {httpMethods} from '../../src/lib/http-methods';

export type {JsonObject};
export {resolveRef};

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

/** Escapes what MDX would read as JSX or expressions, outside code spans. */
export function mdxText(markdown: string): string {
  return markdown
    .split(/(`+[^`]*`+)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/[{}]/g, (brace) => `\\${brace}`)
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;'),
    )
    .join('');
}

/**
 * Prose for one table cell: paragraphs and list items become separate lines inside the cell,
 * and pipes are escaped (also in code spans, as GitHub-flavoured tables require).
 */
export function tableCell(markdown: string): string {
  const lines = markdown
    .trim()
    .split('\n')
    .map((line) => line.trim());
  const joined = lines
    .map((line, index) => {
      if (line === '') return '';
      const bullet = /^[-*] /.test(line);
      const text = bullet ? `• ${line.slice(2)}` : line;
      const previous = lines[index - 1];
      const newLine = index > 0 && (bullet || previous === '' || /^\|/.test(line));
      return `${newLine ? '<br />' : index > 0 ? ' ' : ''}${text}`;
    })
    .join('');
  return mdxText(joined).replaceAll('&lt;br /&gt;', '<br />').replace(/\|/g, '\\|');
}

/** A YAML-safe front matter value. */
export const frontMatterValue = (value: string): string => JSON.stringify(value);

/** The first sentence of some prose, for one-line summaries and page descriptions. */
export function firstSentence(markdown: string): string {
  const flat = markdown.replace(/\s+/g, ' ').trim();
  const match = /^.*?[.!?](?=\s|$)/.exec(flat);
  return match ? match[0] : flat;
}

/** `json` fenced block; the fence meta lets the unit tests validate the example against its schema. */
export function jsonFence(value: unknown, meta: string): string {
  return ['```json ' + meta, JSON.stringify(value, null, 2), '```'].join('\n');
}

/** The first line every generated page carries (YAML front matter allows comments). */
export function generatedMarker(sourcePath: string): string {
  return `# Generated from ${sourcePath} by scripts/reference/write-reference-pages.ts: edit the OpenAPI file, not this page.`;
}

/** The response objects of an operation, resolved, by status. */
export function responsesOf(document: JsonObject, operation: JsonObject): [string, JsonObject][] {
  return Object.entries((operation.responses ?? {}) as JsonObject).map(([status, response]) => [status, resolveRef(document, response)]);
}
