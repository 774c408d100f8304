/**
 * The two sides of a limit that changed between V1 and V3 (a `kind: limit` change in
 * openapi/tessera-v1.yaml), read from the files that state them. A side names where its file states
 * the limit, never the limit itself, so a limit changed in an OpenAPI file changes every page that
 * compares it:
 *
 *   v1: {pointer: /components/parameters/IdempotencyKey/schema}         → "8 to 255 characters from `A-Z a-z 0-9 . _ : -`"
 *   v3: {pointer: /components/schemas/PurchaseConfirmation/properties/timeoutSeconds}
 *                                                                      → "60 seconds by default, from 30 to 300 seconds"
 *   v1: {operation: createHostedPage, pointer: /x-tessera-max-active-per-session}  → "at most one"
 *
 * `pointer` is a JSON pointer into the document, or into the operation object when `operation`
 * names one. What it finds decides the words: a string schema's length and characters, an integer
 * schema's default and range in its `x-tessera-unit`, a date-time's `x-tessera-seconds-after`, or a
 * count (`null` for no limit).
 */
import {apiOperations, type ApiDocument} from './openapi';
import {pointerValue, resolveRef, type JsonObject} from './openapi/refs';
import {duration} from './migration-model';
import {countInWords} from './number-words';
import type {LimitSource} from './migration-entries';

export function isLimitSource(value: unknown): value is LimitSource {
  return Boolean(value && typeof value === 'object' && typeof (value as LimitSource).pointer === 'string');
}

/** What a limit source points at; throws, naming the source, when it points at nothing. */
function resolveLimit(document: ApiDocument, source: LimitSource): unknown {
  let base = document as JsonObject;
  if (source.operation) {
    const operation = apiOperations(document).get(source.operation);
    if (!operation) throw new Error(`no operation ${source.operation}`);
    base = operation.operation as JsonObject;
  }
  if (!source.pointer.startsWith('/')) throw new Error(`${source.pointer} is not a JSON pointer`);
  // A limit may be `null` (no limit); only `undefined` means the pointer names nothing.
  const value = pointerValue(base, source.pointer);
  if (value === undefined) throw new Error(`${source.operation ? `${source.operation} ` : ''}${source.pointer} points at nothing`);
  return resolveRef(document as JsonObject, value);
}

/** `^[A-Za-z0-9._:-]+$` → "A-Z a-z 0-9 . _ : -": the characters of a pattern that is one character class. */
export function patternCharacters(pattern: string): string | undefined {
  const match = /^\^\[([^\]]+)\](?:\+|\{\d+(?:,\d*)?\})\$$/.exec(pattern);
  if (!match) return undefined;
  const parts: string[] = [];
  const characters = match[1]!.replace(/\\(.)/g, '$1');
  for (let index = 0; index < characters.length; index += 1) {
    const isRange = characters[index + 1] === '-' && index + 2 < characters.length;
    parts.push(isRange ? characters.slice(index, index + 3) : characters[index]!);
    if (isRange) index += 2;
  }
  return parts.join(' ');
}

function schemaLimit(schema: JsonObject, where: string): string {
  const types = [schema.type].flat();
  if (types.includes('string') && schema.format === 'date-time') {
    const after = schema['x-tessera-seconds-after'] as {seconds?: number; event?: string} | undefined;
    if (typeof after?.seconds !== 'number' || !after.event)
      throw new Error(`${where}: a date-time limit needs x-tessera-seconds-after {seconds, event}`);
    return `${duration(after.seconds)} after ${after.event}`;
  }
  if (types.includes('string')) {
    const {minLength, maxLength, pattern} = schema as {minLength?: number; maxLength?: number; pattern?: string};
    if (typeof maxLength !== 'number') throw new Error(`${where}: a string limit needs maxLength`);
    const length =
      typeof minLength === 'number' && minLength > 0 ? `${minLength} to ${maxLength} characters` : `up to ${maxLength} characters`;
    const characters = pattern === undefined ? undefined : patternCharacters(pattern);
    if (pattern !== undefined && characters === undefined) throw new Error(`${where}: the pattern ${pattern} is not one character class`);
    return characters ? `${length} from \`${characters}\`` : length;
  }
  if (types.includes('integer')) {
    const unit = schema['x-tessera-unit'];
    if (typeof unit !== 'string') throw new Error(`${where}: an integer limit needs x-tessera-unit`);
    const {minimum, maximum} = schema as {minimum?: number; maximum?: number};
    const parts = [
      typeof schema.default === 'number' ? `${schema.default} ${unit} by default` : undefined,
      typeof minimum === 'number' && typeof maximum === 'number' ? `from ${minimum} to ${maximum} ${unit}` : undefined,
    ].filter(Boolean);
    if (!parts.length) throw new Error(`${where}: an integer limit needs a default or a minimum and maximum`);
    return parts.join(', ');
  }
  throw new Error(`${where}: no limit can be read from a schema of type ${types.join('/')}`);
}

/** The words for one side of a limit, read from its file. Throws when the file does not state it. */
export function limitText(document: ApiDocument, source: LimitSource): string {
  const where = `${source.operation ? `${source.operation} ` : ''}${source.pointer}`;
  const value = resolveLimit(document, source);
  if (value === null) return 'no limit';
  if (typeof value === 'number') return `at most ${countInWords(value)}`;
  if (value && typeof value === 'object') return schemaLimit(value as JsonObject, where);
  throw new Error(`${where}: no limit can be read from ${JSON.stringify(value)}`);
}
