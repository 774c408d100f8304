/**
 * An API operation page as Markdown, written from the OpenAPI file itself: the page's HTML holds
 * the theme's interactive schema viewer, which reads badly as text, while the OpenAPI file has
 * every fact in order. Request samples come from src/lib/openapi/samples.ts, so they are the ones
 * the page shows.
 */
import kebabCase from 'lodash/kebabCase.js';
import {mapTypeName, mapValueType, sampleRequest, type JsonObject, resolveRef, withFieldSchemas} from '../../lib/openapi';
import {schemeDescription, schemeKind, securityRequirementsOf, securitySchemesOf, securitySentence} from '../../lib/openapi/security';
import {codeSamples} from '../../lib/sample-languages';
import {httpMethods} from '../../lib/http-methods';

export type OperationEntry = {
  /** The page id the OpenAPI plugin gives the operation: its operationId (else summary), kebab-cased. */
  pageId: string;
  method: string;
  /** The path, or for a webhook its name. */
  path: string;
  webhook: boolean;
  pathItem: JsonObject;
  operation: JsonObject;
};

/** Every operation and webhook of the document, keyed as docusaurus-plugin-openapi-docs names its pages. */
export function operationsOf(document: JsonObject): OperationEntry[] {
  const entries = (group: unknown, webhook: boolean) =>
    Object.entries((group ?? {}) as Record<string, JsonObject>).flatMap(([key, pathItem]) =>
      httpMethods
        .filter((method) => pathItem[method])
        .map((method) => {
          const operation = pathItem[method] as JsonObject;
          return {
            pageId: kebabCase(String(operation.operationId ?? operation.summary ?? key)),
            method,
            path: key,
            webhook,
            pathItem,
            operation,
          };
        }),
    );
  // As the plugin reads them: OpenAPI 3.0 files (GitHub's) put webhooks in `x-webhooks`.
  return [...entries(document.paths, false), ...entries(document['x-webhooks'] ?? document.webhooks, true)];
}

type Schema = JsonObject & {
  type?: string | string[];
  properties?: Record<string, JsonObject>;
  required?: string[];
  items?: JsonObject;
  allOf?: JsonObject[];
  oneOf?: JsonObject[];
  anyOf?: JsonObject[];
  enum?: unknown[];
};

type Direction = 'request' | 'response';

/** One line of prose: list items and table cells cannot hold the paragraphs a description may have. */
const oneLine = (text: unknown) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/**
 * A description under a list item, as the page shows it: its first paragraph on the item's line
 * (with `facts` after it), and each further block (a paragraph, a table, a list) indented under
 * the item, so a table stays a table rather than a line of pipes.
 */
function describedItem(head: string, description: unknown, facts: string[], indent: string): string[] {
  const blocks = String(description ?? '')
    .trim()
    .split(/\n\s*\n/)
    .map((block) => block.replace(/^\n+|\s+$/g, ''))
    .filter(Boolean);
  const isProse = (block: string) => !/^\s*(\||>|[-*+]\s|\d+\.\s)/.test(block);
  const first = blocks[0] !== undefined && isProse(blocks[0]) ? oneLine(blocks.shift()) : '';
  const details = [first, ...facts].filter(Boolean).join(' ');
  const lines = [`${indent}- ${head}${details ? `: ${details}` : ''}`];
  for (const block of blocks) {
    const blockLines = isProse(block) ? [oneLine(block)] : block.split('\n').map((line) => line.trim());
    lines.push('', ...blockLines.map((line) => `${indent}  ${line}`));
  }
  if (blocks.length > 0) lines.push('');
  return lines;
}

function refName(value: unknown): string | undefined {
  const ref = (value as JsonObject | undefined)?.$ref;
  return typeof ref === 'string' ? ref.split('/').pop() : undefined;
}

/** allOf parts merged into one object schema, as a reader thinks of it. */
function merged(document: JsonObject, schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map((part) => merged(document, resolveRef<Schema>(document, part)));
  const result: Schema = {...schema, allOf: undefined};
  for (const part of parts) {
    result.type ??= part.type;
    result.description ??= part.description;
    result.properties = {...(part.properties ?? {}), ...(result.properties ?? {})};
    result.required = [...new Set([...(result.required ?? []), ...(part.required ?? [])])];
  }
  return result;
}

function typeOf(document: JsonObject, schema: Schema): string {
  const valueType = mapValueType(document, schema);
  if (valueType) return `${mapTypeName(valueType)}${schema.nullable ? ' or null' : ''}`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  // Alternatives without a type of their own (a string or an object): the type of each.
  const variants = types.length === 0 && !schema.properties ? (schema.oneOf ?? schema.anyOf) : undefined;
  if (variants) {
    const named = variants.map((variant) => refName(variant) ?? typeOf(document, merged(document, resolveRef<Schema>(document, variant))));
    return [...new Set(named.filter(Boolean))].join(' or ');
  }
  const named = types.map((type) => {
    if (type !== 'array') return type;
    const items = resolveRef<Schema>(document, schema.items ?? {});
    const itemName = refName(schema.items);
    return `array of ${itemName ? `${itemName} (${typeOf(document, merged(document, items)) || 'object'})` : typeOf(document, merged(document, items)) || 'any'}`;
  });
  if (named.length === 0 && schema.properties) named.push('object');
  if (schema.format) named[0] = `${named[0] ?? 'string'} (${String(schema.format)})`;
  if (schema.nullable && !named.includes('null')) named.push('null');
  return named.join(' or ');
}

/** The constraints and hints a reader needs besides the type: allowed values, limits, examples. */
function facts(schema: Schema, description = ''): string[] {
  const result: string[] = [];
  if (schema.enum) result.push(`One of: ${schema.enum.map(code).join(', ')}.`);
  // A description that already names the constant ("Always `Bearer`.") says it once.
  if (schema.const !== undefined && !description.includes(code(schema.const))) result.push(`Always ${code(schema.const)}.`);
  const limits: [string, string][] = [
    ['minimum', 'Minimum'],
    ['maximum', 'Maximum'],
    ['exclusiveMinimum', 'More than'],
    ['exclusiveMaximum', 'Less than'],
    ['minLength', 'Minimum length'],
    ['maxLength', 'Maximum length'],
    ['minItems', 'Minimum items'],
    ['maxItems', 'Maximum items'],
    ['pattern', 'Pattern'],
    ['default', 'Default'],
  ];
  for (const [key, label] of limits)
    if (schema[key] !== undefined && typeof schema[key] !== 'boolean') result.push(`${label}: ${code(schema[key])}.`);
  const example = schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
  if (example !== undefined && typeof example !== 'object') result.push(`Example: ${code(example)}.`);
  return result;
}

/**
 * A schema as a nested list: each property with its type, whether it is required, its
 * description and constraints. A named schema already written out on this page is referred to by
 * name instead of repeated; a schema that contains itself stops there.
 */
function schemaLines(
  document: JsonObject,
  value: unknown,
  direction: Direction,
  depth: number,
  seen: Set<string>,
  trail: string[],
): string[] {
  const name = refName(value);
  const schema = merged(document, resolveRef<Schema>(document, value ?? {}));
  const indent = '  '.repeat(depth);
  if (name && trail.includes(name)) return [`${indent}- (${name} again, recursively)`];
  const nextTrail = name ? [...trail, name] : trail;
  const lines: string[] = [];
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) {
    lines.push(`${indent}- ${schema.oneOf ? 'Exactly one of' : 'Any of'}:`);
    for (const variant of variants) {
      const variantSchema = merged(document, resolveRef<Schema>(document, variant));
      const variantName = refName(variant);
      const label = variantName ?? (variantSchema.title as string | undefined) ?? typeOf(document, variantSchema);
      lines.push(...describedItem(`**${label}**`, variantSchema.description, [], `${indent}  `));
      // A named variant is written out once, like a named property: expandable objects hold one another.
      if (variantName && nextTrail.includes(variantName)) lines.push(`${indent}    - (${variantName} again, recursively)`);
      else if (variantName && seen.has(variantName) && variantSchema.properties)
        lines.push(`${indent}    - Fields as in ${code(variantName)} above.`);
      else {
        if (variantName) seen.add(variantName);
        lines.push(
          ...propertyLines(document, variantSchema, direction, depth + 2, seen, variantName ? [...nextTrail, variantName] : nextTrail),
        );
      }
    }
  }
  if (schema.type === 'array' && schema.items) {
    const items = merged(document, resolveRef<Schema>(document, schema.items));
    if (items.properties || items.oneOf || items.anyOf)
      lines.push(...schemaLines(document, schema.items, direction, depth, seen, nextTrail));
    return lines;
  }
  lines.push(...propertyLines(document, schema, direction, depth, seen, nextTrail));
  return lines;
}

function propertyLines(
  document: JsonObject,
  schema: Schema,
  direction: Direction,
  depth: number,
  seen: Set<string>,
  trail: string[],
): string[] {
  const indent = '  '.repeat(depth);
  const lines: string[] = [];
  for (const [property, raw] of Object.entries(schema.properties ?? {})) {
    const propertySchema = merged(document, resolveRef<Schema>(document, raw));
    // A request never sends what the server writes, and a response never holds what only the client writes.
    if (direction === 'request' && propertySchema.readOnly) continue;
    if (direction === 'response' && propertySchema.writeOnly) continue;
    const name = refName(raw) ?? refName(propertySchema.items);
    const required = schema.required?.includes(property) ? ', required' : '';
    // OpenAPI 3.1 lets a property describe itself beside its $ref; that description is the one to show.
    const description = String((raw as JsonObject).description ?? propertySchema.description ?? '');
    // A reference that may be null says so beside the $ref (field-schemas.ts), which resolving it drops.
    const type = typeOf(document, (raw as JsonObject).nullable ? {...propertySchema, nullable: true} : propertySchema);
    const head = `${code(property)} (${type || 'any'}${required})`;
    lines.push(...describedItem(head, description, facts(propertySchema, description), indent));
    const nested = propertySchema.properties || propertySchema.oneOf || propertySchema.anyOf || propertySchema.items;
    if (!nested) continue;
    if (name && seen.has(name)) {
      lines.push(`${indent}  - Fields as in ${code(name)} above.`);
      continue;
    }
    if (name) seen.add(name);
    lines.push(...schemaLines(document, raw, direction, depth + 1, seen, trail));
  }
  return lines;
}

function examplesOf(document: JsonObject, media: JsonObject): {title: string; value: unknown}[] {
  if (media.example !== undefined) return [{title: 'Example', value: media.example}];
  // An example given only as `externalValue` (a provider's file elsewhere) has no value to show.
  return Object.entries((media.examples ?? {}) as Record<string, unknown>)
    .map(([key, raw]) => {
      const example = resolveRef<JsonObject>(document, raw);
      return {title: oneLine(example.summary) || key, value: example.value};
    })
    .filter((example) => example.value !== undefined);
}

function fence(language: string, source: string, title?: string): string {
  const longest = Math.max(2, ...[...source.matchAll(/`+/g)].map((match) => match[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}${title ? ` title=${JSON.stringify(title)}` : ''}\n${source}\n${ticks}`;
}

function bodySection(
  document: JsonObject,
  content: Record<string, JsonObject>,
  direction: Direction,
  seen: Set<string>,
  headingLevel: string,
): string[] {
  const lines: string[] = [];
  for (const [mediaType, media] of Object.entries(content)) {
    const name = refName(media.schema);
    lines.push(`Content type ${code(mediaType)}${name ? `, schema ${code(name)}` : ''}.`, '');
    if (name && seen.has(name)) {
      lines.push(`Fields as in ${code(name)} above.`, '');
    } else {
      if (name) seen.add(name);
      const schemaText = schemaLines(document, media.schema, direction, 0, seen, []);
      if (schemaText.length > 0) lines.push(...schemaText, '');
    }
    for (const example of examplesOf(document, media)) {
      lines.push(`${headingLevel} Example: ${example.title}`, '', fence('json', JSON.stringify(example.value, null, 2)), '');
    }
  }
  return lines;
}

function parametersSection(document: JsonObject, entry: OperationEntry): string[] {
  const parameters = [...((entry.pathItem.parameters as unknown[]) ?? []), ...((entry.operation.parameters as unknown[]) ?? [])].map(
    (parameter) => resolveRef<JsonObject & {name: string; in: string; schema?: JsonObject}>(document, parameter),
  );
  if (parameters.length === 0) return [];
  const rows = parameters.map((parameter) => {
    const schema = merged(document, resolveRef<Schema>(document, parameter.schema ?? {}));
    const description = oneLine(parameter.description ?? schema.description);
    const details = [description, ...facts(schema, description)].filter(Boolean).join(' ').replaceAll('|', '\\|');
    return `| ${code(parameter.name)} | ${parameter.in} | ${typeOf(document, schema) || 'any'} | ${parameter.required ? 'yes' : 'no'} | ${details} |`;
  });
  return ['## Parameters', '', '| Name | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |', ...rows, ''];
}

/**
 * The requirement in one sentence (schemes and OAuth scopes, src/lib/openapi/security.ts), then
 * each scheme it names with its description, or what the scheme is where the file gives none.
 */
function securitySection(document: JsonObject, entry: OperationEntry): string[] {
  if (entry.webhook) return [];
  const sentence = securitySentence(document, entry.operation);
  if (!sentence) return [];
  if (sentence === 'None.') return ['## Authentication', '', 'None.', ''];
  const schemes = securitySchemesOf(document);
  const names = [...new Set((securityRequirementsOf(document, entry.operation) ?? []).flatMap(Object.keys))];
  const lines = names.map((name) => `- ${code(name)} (${schemeKind(schemes[name] ?? {})}): ${schemeDescription(schemes[name] ?? {})}`);
  return ['## Authentication', '', sentence, '', ...lines, ''];
}

function headersLines(document: JsonObject, headers: Record<string, unknown> | undefined): string[] {
  const entries = Object.entries(headers ?? {});
  if (entries.length === 0) return [];
  return [
    'Headers:',
    '',
    ...entries.map(([name, raw]) => {
      const header = resolveRef<JsonObject>(document, raw);
      const schema = resolveRef<Schema>(document, header.schema ?? {});
      return `- ${code(name)} (${typeOf(document, schema) || 'string'}): ${oneLine(header.description)}`;
    }),
    '',
  ];
}

/**
 * The events Tessera sends because of the operation, as the page's Callbacks section shows them:
 * each under its tab's label (method and name), with its URL, description, body and the responses
 * your server returns.
 */
function callbacksSection(document: JsonObject, entry: OperationEntry, seen: Set<string>): string[] {
  const callbacks = Object.entries((entry.operation.callbacks ?? {}) as Record<string, unknown>);
  if (callbacks.length === 0) return [];
  const lines = ['## Callbacks', ''];
  for (const [name, raw] of callbacks) {
    const callback = resolveRef<Record<string, JsonObject>>(document, raw);
    for (const [expression, pathItem] of Object.entries(callback)) {
      for (const method of httpMethods.filter((candidate) => pathItem[candidate])) {
        const operation = pathItem[method] as JsonObject;
        lines.push(`### ${method.toUpperCase()} ${name}`, '', code(`${method.toUpperCase()} ${expression}`), '');
        if (operation.description) lines.push(String(operation.description).trim(), '');
        const requestBody = resolveRef<JsonObject>(document, operation.requestBody);
        if (requestBody?.content) {
          lines.push('#### Body', '');
          lines.push(...bodySection(document, requestBody.content as Record<string, JsonObject>, 'request', seen, '#####'));
        }
        for (const [status, rawResponse] of Object.entries((operation.responses ?? {}) as Record<string, unknown>)) {
          const response = resolveRef<JsonObject>(document, rawResponse);
          lines.push(`#### ${status}`, '');
          if (response.description) lines.push(String(response.description).trim(), '');
        }
      }
    }
  }
  return lines;
}

function samplesSection(document: JsonObject, entry: OperationEntry): string[] {
  if (entry.webhook) return [];
  const samples = codeSamples(sampleRequest(document, entry.path, entry.pathItem, entry.method));
  return [
    '## Request samples',
    '',
    ...samples.flatMap((sample) => [`### ${sample.label}`, '', fence(sample.highlight, sample.source), '']),
  ];
}

/**
 * The page body: title, call, the page's own notices (Markdown quotes, see admonitions.ts),
 * description, authentication, parameters, body, responses, callbacks, samples.
 */
/** The document with each field as the pages show it (src/lib/openapi/field-schemas.ts), once per document. */
const fieldDocuments = new WeakMap<JsonObject, JsonObject>();
function fieldDocumentOf(document: JsonObject): JsonObject {
  let fieldDocument = fieldDocuments.get(document);
  if (!fieldDocument) fieldDocuments.set(document, (fieldDocument = withFieldSchemas(document)));
  return fieldDocument;
}

export function operationMarkdown(
  rawDocument: JsonObject,
  rawEntry: OperationEntry,
  title: string,
  notices: string[] = [],
  /** Who sends the file's webhooks: Tessera, or the provider whose file was added. */
  sender = 'Tessera',
): string {
  // Fields, types and examples as the page shows them; the request samples from the file as written, as the page's are.
  const document = fieldDocumentOf(rawDocument);
  const pathItem = ((rawEntry.webhook ? (document['x-webhooks'] ?? document.webhooks) : document.paths) as Record<string, JsonObject>)[
    rawEntry.path
  ]!;
  const entry: OperationEntry = {...rawEntry, pathItem, operation: pathItem[rawEntry.method] as JsonObject};
  const {operation} = entry;
  const seen = new Set<string>();
  const method = entry.method.toUpperCase();
  const call = entry.webhook
    ? `Webhook ${code(entry.path)}: ${sender} sends ${code(method)} to your URL.`
    : `${code(`${method} ${entry.path}`)}`;
  const lines = [`# ${title}`, '', call, '', ...notices.flatMap((notice) => [notice, ''])];
  if (operation.deprecated) lines.push('**Deprecated.**', '');
  if (operation.description) lines.push(String(operation.description).trim(), '');
  lines.push(...securitySection(document, entry), ...parametersSection(document, entry));
  const requestBody = resolveRef<JsonObject>(document, operation.requestBody);
  if (requestBody?.content) {
    lines.push(entry.webhook ? '## Payload' : '## Request body', '');
    if (requestBody.description) lines.push(String(requestBody.description).trim(), '');
    if (requestBody.required) lines.push('Required.', '');
    lines.push(...bodySection(document, requestBody.content as Record<string, JsonObject>, 'request', seen, '###'));
  }
  const responses = Object.entries((operation.responses ?? {}) as Record<string, unknown>);
  if (responses.length > 0) {
    lines.push(entry.webhook ? '## Responses your server returns' : '## Responses', '');
    for (const [status, raw] of responses) {
      const response = resolveRef<JsonObject>(document, raw);
      lines.push(`### ${status}`, '');
      if (response.description) lines.push(String(response.description).trim(), '');
      lines.push(...headersLines(document, response.headers as Record<string, unknown> | undefined));
      if (response.content) lines.push(...bodySection(document, response.content as Record<string, JsonObject>, 'response', seen, '####'));
    }
  }
  lines.push(...callbacksSection(document, entry, seen), ...samplesSection(rawDocument, rawEntry));
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
