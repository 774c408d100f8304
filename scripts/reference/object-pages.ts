/**
 * One page per object of `components/schemas` (objectSchemaNames says which schemas are objects a
 * reader meets): every field with its type, format, constraints, description, example and whether
 * it is always present. Generic over the document, so an object added to the OpenAPI file gets its
 * page (and the links to it) without a code change.
 *
 * The plugin's own schema pages (`showSchemas`) render through the theme's ApiItem and Schema
 * components, which this site replaces and loads only with operation pages; these pages are plain
 * Markdown, so an object page weighs what a guide weighs.
 */
import {firstSentence, frontMatterValue, generatedMarker, jsonFence, mdxText, tableCell} from './mdx';
import {
  isNullSchema,
  objectRoute,
  objectSchemaNames,
  objectsFolder,
  objectSlug,
  refName,
  requestBodySchemas,
  resolveRef,
  schemasOf,
  schemaInstances,
  schemaUsage,
  type JsonObject,
} from '../../src/lib/openapi';

export type FieldRow = {
  name: string;
  type: string;
  presence: string;
  details: string;
  /**
   * The part of the field's description from its first table on (a table of values, and any text
   * between tables): a table cannot sit inside a table cell, so the page shows it under the fields
   * table, in a block the cell links to.
   */
  tables?: {id: string; markdown: string};
};

/**
 * A description split where its first Markdown table starts: the prose a table cell can hold, and
 * the rest, tables included, or undefined when it has no table.
 */
export function splitAtFirstTable(description: string): {prose: string; rest?: string} {
  const lines = description.split('\n');
  const start = lines.findIndex((line, index) => /^\s*\|/.test(line) && /^\s*\|?\s*:?-{3,}/.test(lines[index + 1] ?? ''));
  if (start < 0) return {prose: description};
  return {prose: lines.slice(0, start).join('\n').trim(), rest: lines.slice(start).join('\n').trim()};
}

/** The id of the block that holds a field's tables: `field-data-sessionid` for `data.sessionId`. */
export const fieldTablesId = (fieldName: string) => `field-${fieldName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

type Context = {document: JsonObject; docsRoute: string; pageNames?: ReadonlySet<string>};

const pageNamesOf = (context: Context): ReadonlySet<string> => (context.pageNames ??= new Set(objectSchemaNames(context.document)));

/** The schema's name when it refers to a schema that has an object page. */
const pageRef = (context: Context, schema: JsonObject): string | undefined => {
  const name = refName(schema);
  return name && pageNamesOf(context).has(name) ? name : undefined;
};

const link = (context: Context, name: string) => `[${name}](${objectRoute(context.docsRoute, name)})`;

/** Can the value be `null`? */
function nullable(context: Context, schema: JsonObject): boolean {
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true;
  const variants = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
  return Boolean(variants?.some((variant) => isNullSchema(resolveRef(context.document, variant))));
}

/** The type of a schema in a few words, linking named schemas to their pages. */
export function describeType(context: Context, schema: JsonObject): string {
  const name = refName(schema);
  if (name) return pageNamesOf(context).has(name) ? link(context, name) : describeType(context, resolveRef(context.document, schema));
  const variants = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
  if (variants) {
    const described = variants.filter((variant) => !isNullSchema(variant)).map((variant) => describeType(context, variant));
    return described.join(' or ');
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) return describeType(context, schema.allOf[0] as JsonObject);
  if (Array.isArray(schema.allOf)) return (schema.allOf as JsonObject[]).map((part) => describeType(context, part)).join(' and ');
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((type) => type && type !== 'null') as string[];
  if (types.includes('array')) {
    const items = (schema.items ?? {}) as JsonObject;
    return `array of ${describeType(context, items)}`;
  }
  if (types.length === 0 && 'const' in schema) return typeof schema.const;
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  return `${types.join(' or ') || 'any'}${format}`;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** Constraints a reader must respect, in words. */
export function constraintsOf(schema: JsonObject): string[] {
  const constraints: string[] = [];
  if (Array.isArray(schema.enum))
    constraints.push(
      `One of ${schema.enum
        .filter((value) => value !== null)
        .map(code)
        .join(', ')}.`,
    );
  if ('const' in schema) constraints.push(`Always ${code(schema.const)}.`);
  if (schema.minimum !== undefined) constraints.push(`Minimum ${schema.minimum}.`);
  if (schema.exclusiveMinimum !== undefined) constraints.push(`Greater than ${schema.exclusiveMinimum}.`);
  if (schema.maximum !== undefined) constraints.push(`Maximum ${schema.maximum}.`);
  if (schema.exclusiveMaximum !== undefined) constraints.push(`Less than ${schema.exclusiveMaximum}.`);
  if (schema.multipleOf !== undefined) constraints.push(`Multiple of ${schema.multipleOf}.`);
  if (schema.minLength !== undefined) constraints.push(`At least ${plural(Number(schema.minLength), 'character')}.`);
  if (schema.maxLength !== undefined) constraints.push(`At most ${plural(Number(schema.maxLength), 'character')}.`);
  if (schema.pattern !== undefined) constraints.push(`Pattern ${code(schema.pattern)}.`);
  if (schema.minItems !== undefined) constraints.push(`At least ${plural(Number(schema.minItems), 'item')}.`);
  if (schema.maxItems !== undefined) constraints.push(`At most ${plural(Number(schema.maxItems), 'item')}.`);
  if (schema.uniqueItems) constraints.push('Items are unique.');
  if (schema.minProperties !== undefined)
    constraints.push(`At least ${schema.minProperties === 1 ? '1 property' : `${schema.minProperties} properties`}.`);
  if (schema.maxProperties !== undefined)
    constraints.push(`At most ${schema.maxProperties === 1 ? '1 property' : `${schema.maxProperties} properties`}.`);
  if (schema.default !== undefined) constraints.push(`Default ${code(schema.default)}.`);
  if (schema.readOnly) constraints.push('Read-only: returned by the API, never sent.');
  if (schema.writeOnly) constraints.push('Write-only: sent to the API, never returned.');
  if (schema.deprecated) constraints.push('Deprecated.');
  return constraints;
}

/** The first example of a schema, looking through a single reference or an allOf wrapper. */
export function exampleOf(context: Context, schema: JsonObject, depth = 0): unknown {
  if (depth > 8) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  if (schema.$ref) return exampleOf(context, resolveRef(context.document, schema), depth + 1);
  const variants = (schema.oneOf ?? schema.anyOf ?? schema.allOf) as JsonObject[] | undefined;
  if (variants) {
    for (const variant of variants) {
      if (isNullSchema(variant)) continue;
      const value = exampleOf(context, variant, depth + 1);
      if (value !== undefined) return value;
    }
  }
  return undefined;
}

/** Properties and required names of an object schema, merging allOf parts. */
function objectParts(context: Context, schema: JsonObject): {properties: Record<string, JsonObject>; required: Set<string>} {
  const properties: Record<string, JsonObject> = {};
  const required = new Set<string>();
  const visit = (node: JsonObject) => {
    const resolved = resolveRef(context.document, node);
    Object.assign(properties, (resolved.properties ?? {}) as Record<string, JsonObject>);
    for (const name of (resolved.required ?? []) as string[]) required.add(name);
    for (const part of (resolved.allOf ?? []) as JsonObject[]) visit(part);
  };
  visit(schema);
  return {properties, required};
}

/** The inline object schema of a property (not a named one, which has its own page), if any. */
function inlineObject(schema: JsonObject): JsonObject | undefined {
  if (schema.$ref) return undefined;
  if (schema.properties) return schema;
  const items = schema.items as JsonObject | undefined;
  if (items && !items.$ref && items.properties) return items;
  return undefined;
}

/** One row per field, nested inline objects flattened with dotted names (`data.sessionId`). */
export function fieldRows(context: Context, schema: JsonObject, prefix = '', instance?: unknown): FieldRow[] {
  const {properties, required} = objectParts(context, schema);
  const rows: FieldRow[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const target = resolveRef(context.document, property);
    const canBeNull = nullable(context, property) || nullable(context, target);
    const isRequired = required.has(name);
    const presence = isRequired ? (canBeNull ? 'Required, can be `null`' : 'Required') : canBeNull ? 'Optional, can be `null`' : 'Optional';
    const ownDescription = typeof property.description === 'string' ? property.description : undefined;
    const description = ownDescription ?? (pageRef(context, property) ? undefined : (target.description as string | undefined));
    const constraints = pageRef(context, property)
      ? constraintsOf(property)
      : [...constraintsOf(target), ...(refName(property) ? constraintsOf(property) : [])];
    // A field's example: its value in a real example of the object, else its own example, else
    // the example of a scalar schema it refers to (an object's example says nothing about this field).
    const instanceValue = instance && typeof instance === 'object' && !Array.isArray(instance) ? (instance as JsonObject)[name] : undefined;
    const example = instanceValue ?? (pageRef(context, property) && target.properties ? undefined : exampleOf(context, property));
    const fullName = `${prefix}${name}`;
    const {prose, rest} = splitAtFirstTable(description ?? '');
    const tables = rest ? {id: fieldTablesId(fullName), markdown: rest} : undefined;
    const described = [prose && tableCell(prose), tables && `Its values are in [the table below](#${tables.id}).`]
      .filter(Boolean)
      .join(' ');
    const details = [
      described,
      constraints.length ? tableCell(constraints.join(' ')) : '',
      example !== undefined && example !== null && typeof example !== 'object' ? `Example: ${tableCell(code(example))}` : '',
    ]
      .filter(Boolean)
      .join('<br />');
    rows.push({name: fullName, type: tableCell(describeType(context, property)), presence, details, ...(tables ? {tables} : {})});
    const nested = inlineObject(target);
    const nestedInstance = nested === target ? instanceValue : Array.isArray(instanceValue) ? instanceValue[0] : undefined;
    if (nested) rows.push(...fieldRows(context, nested, `${fullName}${nested === target ? '' : '[]'}.`, nestedInstance));
  }
  return rows;
}

/** An example value of a whole object, assembled from its fields' examples (required and optional). */
export function objectExample(context: Context, schema: JsonObject, depth = 0): unknown {
  const own = exampleOf(context, schema);
  if (own !== undefined || depth > 6) return own;
  const resolved = resolveRef(context.document, schema);
  const variants = (resolved.oneOf ?? resolved.anyOf) as JsonObject[] | undefined;
  if (variants) {
    const first = variants.find((variant) => !isNullSchema(resolveRef(context.document, variant)));
    return first ? objectExample(context, first, depth + 1) : null;
  }
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  if (types.includes('array')) {
    const item = objectExample(context, (resolved.items ?? {}) as JsonObject, depth + 1);
    return item === undefined ? undefined : [item];
  }
  const {properties} = objectParts(context, resolved);
  if (Object.keys(properties).length === 0) return undefined;
  const value: JsonObject = {};
  for (const [name, property] of Object.entries(properties)) {
    const example = objectExample(context, property, depth + 1);
    if (example !== undefined) value[name] = example;
  }
  return value;
}

export type ObjectPage = {schemaName: string; slug: string; route: string; summary: string; mdx: string};

/** The pages for every schema of the document, and the index that lists them. */
export function objectPages(
  document: JsonObject,
  docsRoute: string,
  sourcePath: string,
  fenceMeta: (schemaName: string) => string,
): {
  pages: ObjectPage[];
  index: string;
} {
  const context: Context = {document, docsRoute};
  const schemas = schemasOf(document);
  const pageNames = pageNamesOf(context);
  const usedBy = schemaUsage(document);
  const instances = schemaInstances(document);
  const bodies = requestBodySchemas(document, docsRoute);
  /** What uses a schema: the objects with pages, and the operations whose request body refers to it, directly or through other schemas. */
  const usersOf = (schemaName: string, seen = new Set<string>()): string[] => {
    if (seen.has(schemaName)) return [];
    seen.add(schemaName);
    const users = (usedBy.get(schemaName) ?? []).flatMap((user) => (pageNames.has(user) ? [link(context, user)] : usersOf(user, seen)));
    const operations = (bodies.get(schemaName) ?? []).map((operation) => `[${operation.summary}](${operation.route}) (request body)`);
    return [...new Set([...users, ...operations])];
  };
  const pages = Object.entries(schemas)
    .filter(([schemaName]) => pageNames.has(schemaName))
    .map(([schemaName, schema], position): ObjectPage => {
      const description = typeof schema.description === 'string' ? schema.description : '';
      const summary = description ? firstSentence(description) : `The ${schemaName} object.`;
      const sections: string[] = [];
      if (description) sections.push(mdxText(description.trim()));
      const variants = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
      const discriminator = schema.discriminator as {propertyName?: string; mapping?: Record<string, string>} | undefined;
      if (variants) {
        const lines = variants.map((variant) => {
          const value = discriminator?.mapping && Object.entries(discriminator.mapping).find(([, ref]) => ref === variant.$ref)?.[0];
          return `- ${describeType(context, variant)}${value ? ` when \`${discriminator?.propertyName}\` is \`${value}\`` : ''}`;
        });
        sections.push(`## Variants\n\nOne of:\n\n${lines.join('\n')}`);
      }
      const instance = instances.get(schemaName);
      const rows = fieldRows(context, schema, '', instance);
      const fieldNames = rows.map((row) => row.name).filter((name) => !name.includes('.'));
      if (rows.length) {
        sections.push(
          [
            '## Fields',
            '',
            'Required fields are always present in responses and must be sent in requests; optional fields may be absent.',
            '',
            '| Field | Type | Presence | Description |',
            '|---|---|---|---|',
            ...rows.map((row) => `| \`${row.name}\` | ${row.type} | ${row.presence} | ${row.details || '&nbsp;'} |`),
          ].join('\n'),
        );
        // The tables of the fields' descriptions, each after its field's name in bold, part of the
        // Fields section (no heading of their own, so the table of contents and the search's
        // sections stay as they were: one section per object page's part, not one per value table).
        for (const row of rows)
          if (row.tables)
            sections.push(
              `<FieldValues id="${row.tables.id}">\n\n**\`${row.name}\`**\n\n${mdxText(row.tables.markdown)}\n\n</FieldValues>`,
            );
      } else if (!variants) {
        const constraints = constraintsOf(schema);
        const type = describeType(context, schema);
        const lines = [`- **Type:** ${tableCell(type)}`];
        if (constraints.length) lines.push(`- **Constraints:** ${tableCell(constraints.join(' '))}`);
        if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
          lines.push(
            `- **Values:** ${tableCell(describeType(context, schema.additionalProperties as JsonObject))} ${tableCell(constraintsOf(schema.additionalProperties as JsonObject).join(' '))}`,
          );
        }
        sections.push(`## Type\n\n${lines.join('\n')}`);
      }
      const example = instance ?? objectExample(context, schema);
      if (example !== undefined) sections.push(`## Example\n\n${jsonFence(example, fenceMeta(schemaName))}`);
      const users = usersOf(schemaName);
      if (users.length) sections.push(`## Used by\n\n${users.map((user) => `- ${user}`).join('\n')}`);
      const mdx = [
        '---',
        generatedMarker(sourcePath),
        // "Refund object", as the page's heading and in the browser's tab: "Refund" alone could be any page about refunds.
        `title: ${frontMatterValue(`${schemaName} object`)}`,
        `description: ${frontMatterValue(summary)}`,
        // The names of its own fields: the search ranks the page that defines a field first for
        // its name (a page's keywords before any page's text), above the guides that use it.
        ...(fieldNames.length ? [`keywords: [${fieldNames.map(frontMatterValue).join(', ')}]`] : []),
        `sidebar_position: ${position + 1}`,
        `slug: /${objectsFolder}/${objectSlug(schemaName)}`,
        '---',
        '',
        // Imported by the pages that use it, not given to every page through MDXComponents.
        ...(rows.some((row) => row.tables) ? [`import FieldValues from '@site/src/components/FieldValues';`, ''] : []),
        sections.join('\n\n'),
        '',
      ].join('\n');
      return {schemaName, slug: objectSlug(schemaName), route: objectRoute(docsRoute, schemaName), summary, mdx};
    });
  const index = [
    '---',
    generatedMarker(sourcePath),
    'title: Objects',
    `description: ${frontMatterValue('Every object of the API with all its fields: type, format, constraints, description, example and whether it is always present.')}`,
    `slug: /${objectsFolder}`,
    '---',
    '',
    'Every object the API sends or receives, with all its fields. Each page lists the type, format, constraints, description and an example of every field, and says whether the field is always present.',
    '',
    '| Object | What it is |',
    '|---|---|',
    ...pages.map((page) => `| [${page.schemaName}](${page.route}) | ${tableCell(page.summary)} |`),
    '',
    '## Request bodies',
    '',
    "What an operation takes as its request body is documented, field by field, on that operation's page. Identifiers, amounts, codes and statuses are described in each field that uses them.",
    '',
    '| Request body | Operation |',
    '|---|---|',
    ...[...bodies]
      .filter(([schemaName]) => !pageNames.has(schemaName))
      .map(
        ([schemaName, operations]) =>
          `| \`${schemaName}\` | ${operations.map((operation) => `[${operation.summary}](${operation.route})`).join(', ')} |`,
      ),
    '',
  ].join('\n');
  return {pages, index};
}
