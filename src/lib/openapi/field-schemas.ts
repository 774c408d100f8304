/**
 * Each field as a reader should see it on an operation page and in its Markdown twin: its real
 * type and its own example.
 *
 * The OpenAPI theme names a field's type from the schema it meets after every `$ref` is inlined,
 * and shows that schema's example. Three shapes come out wrong that way: a field that is a named
 * type or `null` (`oneOf: [$ref, {type: 'null'}]`) becomes an expandable "object" with a tab per
 * alternative; a field whose schema is a named string type shows the type's name where a reader
 * expects `string`; and a field that refers to a type shared by fields of other meanings shows
 * the type's example (a cart's VAT shows the example of an amount, a total). `withFieldSchemas`
 * writes each such field as the schema it stands for, in a copy of the document that the plugin
 * and the twins read (the OpenAPI file stays as authored):
 *
 * - a named type or `null` is that type, `nullable`;
 * - a reference to a named scalar type (string, number, integer, boolean) is the type written
 *   out, without its name, with the field's own description and constraints beside it;
 * - its example is the field's own: the one written beside it, else its value in the first real
 *   example of the object that holds it (`schemaInstances`), else the type's example only when
 *   the type means what the field means (`orderId` of type `OrderId`, the `id` of an `Order`, or a
 *   type no differently named field uses), else none.
 *
 * `withMapsAsLeaves` is for the page alone: the theme shows a map (`additionalProperties`) as an
 * expandable object holding a row "property name*"; a map of scalars becomes one row whose type
 * says what it is (`object with string values`).
 */
import {hasObjectPages, isNullSchema, objectRoute, objectSchemaNames, refName, schemasOf} from './reference-routes';
import {resolveRef, type JsonObject} from './refs';

const scalarTypes = new Set(['string', 'number', 'integer', 'boolean']);

const typesOf = (schema: JsonObject): string[] =>
  (Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type]).filter(
    (type): type is string => typeof type === 'string',
  );

/** Is the (resolved) schema a scalar: a string, number, integer or boolean, or an enumeration of them, maybe `null`? */
export function isScalarSchema(schema: JsonObject | undefined): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if (schema.properties || schema.items || schema.additionalProperties || schema.oneOf || schema.anyOf || schema.allOf) return false;
  const types = typesOf(schema).filter((type) => type !== 'null');
  if (types.length === 0) return Array.isArray(schema.enum) || 'const' in schema;
  return types.every((type) => scalarTypes.has(type));
}

/** The one alternative of a schema that is "this or `null`" (`oneOf`/`anyOf` of two, one of them `null`), if it is one. */
export function nonNullAlternative(document: JsonObject, schema: JsonObject): JsonObject | undefined {
  const variants = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
  if (!Array.isArray(variants) || variants.length !== 2 || schema.discriminator) return undefined;
  const others = variants.filter((variant) => !isNullSchema(resolveRef(document, variant)));
  return others.length === 1 ? others[0] : undefined;
}

/** The referenced schema a field stands for: its `$ref`, or the single part of an `allOf` wrapper. */
function referenceOf(schema: JsonObject): JsonObject | undefined {
  if (typeof schema.$ref === 'string') return schema;
  const parts = schema.allOf as JsonObject[] | undefined;
  if (Array.isArray(parts) && parts.length === 1 && typeof parts[0]?.$ref === 'string') return parts[0];
  return undefined;
}

const withoutKeys = (schema: JsonObject, keys: string[]): JsonObject =>
  Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key)));

const hasOwnExample = (schema: JsonObject) => 'example' in schema || (Array.isArray(schema.examples) && schema.examples.length > 0);

const exampleValue = (schema: JsonObject): unknown =>
  Array.isArray(schema.examples) && schema.examples.length > 0 ? schema.examples[0] : schema.example;

const isScalarValue = (value: unknown) => value !== null && value !== undefined && typeof value !== 'object';

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
const upperFirst = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The first real value of each named schema in the document's examples: request, response and
 * callback examples are walked together with their schemas, so an object page shows a value the
 * API documents (with consistent amounts and ids) rather than one assembled field by field.
 */
export function schemaInstances(document: JsonObject): Map<string, unknown> {
  const instances = new Map<string, unknown>();
  const walk = (value: unknown, schema: JsonObject | undefined, depth: number) => {
    if (!schema || value === undefined || value === null || depth > 30) return;
    const name = refName(schema);
    if (name && !instances.has(name)) instances.set(name, value);
    const resolved = resolveRef(document, schema);
    for (const part of (resolved.allOf ?? []) as JsonObject[]) walk(value, part, depth + 1);
    const variants = (resolved.oneOf ?? resolved.anyOf) as JsonObject[] | undefined;
    if (variants) {
      const discriminator = resolved.discriminator as {propertyName?: string; mapping?: Record<string, string>} | undefined;
      const chosen =
        discriminator?.propertyName && value && typeof value === 'object'
          ? discriminator.mapping?.[String((value as JsonObject)[discriminator.propertyName])]
          : undefined;
      for (const variant of variants) {
        if (chosen && variant.$ref !== chosen) continue;
        const variantSchema = resolveRef(document, variant);
        const fits = Array.isArray(value)
          ? variantSchema.type === 'array'
          : typeof value === 'object'
            ? Boolean(variantSchema.properties) || Boolean(variantSchema.allOf)
            : !variantSchema.properties && variantSchema.type !== 'null';
        if (fits) walk(value, variant, depth + 1);
      }
    }
    if (Array.isArray(value)) {
      for (const item of value) walk(item, resolved.items as JsonObject | undefined, depth + 1);
    } else if (typeof value === 'object') {
      const properties = (resolved.properties ?? {}) as Record<string, JsonObject>;
      for (const [key, child] of Object.entries(value as JsonObject)) walk(child, properties[key], depth + 1);
    }
  };
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const object = node as JsonObject;
    if (object.schema && typeof object.schema === 'object') {
      const schema = object.schema as JsonObject;
      if ('example' in object) walk(object.example, schema, 0);
      for (const example of Object.values((object.examples ?? {}) as JsonObject)) walk(resolveRef(document, example).value, schema, 0);
    }
    for (const [key, child] of Object.entries(object)) if (key !== 'examples' && key !== 'example') visit(child);
  };
  visit(document.paths);
  visit(document.webhooks);
  // OpenAPI 3.0 files (GitHub's) keep their webhooks in `x-webhooks`, as the plugin reads them.
  visit(document['x-webhooks']);
  visit((document.components as JsonObject | undefined)?.callbacks);
  visit((document.components as JsonObject | undefined)?.responses);
  visit((document.components as JsonObject | undefined)?.requestBodies);
  return instances;
}

/** For each named scalar schema, the names of the fields that refer to it (directly, through `allOf` or as "it or `null`"). */
export function fieldNamesByScalarType(document: JsonObject): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const properties = (node as JsonObject).properties;
    if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
      for (const [field, raw] of Object.entries(properties as Record<string, JsonObject>)) {
        if (!raw || typeof raw !== 'object') continue;
        const reference = referenceOf(nonNullAlternative(document, raw) ?? raw);
        const type = reference && refName(reference);
        if (type && isScalarSchema(resolveRef(document, reference))) names.set(type, (names.get(type) ?? new Set()).add(field));
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(document);
  return names;
}

/** Does the type's own example say what this field holds? (See the module comment.) */
function typeExampleFits(type: string, field: string, owner: string | undefined, fieldNames: Map<string, Set<string>>): boolean {
  if (lowerFirst(type) === field) return true;
  if (field === 'id' && owner && type === `${owner}Id`) return true;
  return (fieldNames.get(type)?.size ?? 0) <= 1;
}

type Owner = {name?: string; instance?: unknown};

/** The value of a field in an example of the object that holds it, when it is one. */
function instanceValue(owner: Owner, field: string): unknown {
  const instance = owner.instance;
  return instance && typeof instance === 'object' && !Array.isArray(instance) ? (instance as JsonObject)[field] : undefined;
}

/** A copy of the document with every field written as the schema it stands for (see the module comment). */
export function withFieldSchemas<T extends JsonObject>(document: T): T {
  const instances = schemaInstances(document);
  const fieldNames = fieldNamesByScalarType(document);

  /** `type: [X, 'null']` as the theme reads nullability: `type: X`, `nullable`. */
  const singleType = (schema: JsonObject): JsonObject => {
    const types = typesOf(schema);
    if (!Array.isArray(schema.type) || !types.includes('null')) return schema;
    const others = types.filter((type) => type !== 'null');
    return {...schema, type: others.length === 1 ? others[0] : others, nullable: true};
  };

  const field = (raw: JsonObject, name: string, owner: Owner): JsonObject => {
    const alternative = nonNullAlternative(document, raw);
    const nullable = alternative !== undefined;
    // What is said beside the reference (or beside the alternatives) is the field's own.
    const beside = nullable ? withoutKeys(raw, ['oneOf', 'anyOf']) : raw;
    const base = alternative ?? raw;
    const reference = referenceOf(base);
    const ownExample = hasOwnExample(beside) ? exampleValue(beside) : hasOwnExample(base) && !reference ? exampleValue(base) : undefined;
    const seen = instanceValue(owner, name);
    const example = ownExample !== undefined ? ownExample : isScalarValue(seen) ? seen : undefined;
    if (reference) {
      const target = resolveRef(document, reference);
      const type = refName(reference);
      if (isScalarSchema(target)) {
        const fallback = type && typeExampleFits(type, name, owner.name, fieldNames) ? exampleValue(target) : undefined;
        const chosen = example ?? fallback;
        const written: JsonObject = {
          ...withoutKeys(target, ['title', 'example', 'examples']),
          ...withoutKeys(reference === base ? beside : withoutKeys(base, ['allOf']), ['$ref', 'example', 'examples']),
          ...(beside !== base ? withoutKeys(beside, ['example', 'examples']) : {}),
          ...(chosen !== undefined ? {examples: [chosen]} : {}),
        };
        return singleType(nullable ? {...singleType(written), nullable: true} : written);
      }
      // An object or array type keeps its reference (the plugin inlines it, under its name).
      if (!nullable) return raw;
      return {
        ...withoutKeys(beside, ['example', 'examples']),
        ...base,
        ...(beside.description ? {description: beside.description} : {}),
        nullable: true,
      };
    }
    const written = schema(nullable ? {...base, ...withoutKeys(beside, ['example', 'examples'])} : base, {instance: seen});
    const result = nullable ? {...singleType(written), nullable: true} : written;
    if (ownExample === undefined && example !== undefined && isScalarSchema(result)) return {...result, examples: [example]};
    return result;
  };

  const schema = (node: JsonObject, owner: Owner): JsonObject => {
    if (!node || typeof node !== 'object' || typeof node.$ref === 'string') return node;
    let result: JsonObject = singleType({...node});
    if (result.properties && typeof result.properties === 'object') {
      result.properties = Object.fromEntries(
        Object.entries(result.properties as Record<string, JsonObject>).map(([name, raw]) => [
          name,
          raw && typeof raw === 'object' ? field(raw, name, owner) : raw,
        ]),
      );
    }
    if (result.items && typeof result.items === 'object' && !Array.isArray(result.items)) {
      const items = result.items as JsonObject;
      const first = Array.isArray(owner.instance) ? owner.instance[0] : undefined;
      result.items = schema(items, {instance: first});
    }
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      if (Array.isArray(result[key])) result[key] = (result[key] as JsonObject[]).map((part) => schema(part, owner));
    }
    if (result.additionalProperties && typeof result.additionalProperties === 'object') {
      result.additionalProperties = schema(result.additionalProperties as JsonObject, {});
    }
    const alternative = nonNullAlternative(document, result);
    if (alternative && !result.properties) {
      // A schema (not a field) that is "this or null": a body or an array's items.
      const beside = withoutKeys(result, ['oneOf', 'anyOf']);
      const target = referenceOf(alternative) ? resolveRef(document, alternative) : alternative;
      result = isScalarSchema(target)
        ? {...withoutKeys(target, ['title']), ...beside, nullable: true}
        : {...beside, ...alternative, nullable: true};
      result = singleType(result);
    }
    return result;
  };

  const copy = structuredClone(document) as JsonObject;
  const schemas = schemasOf(copy);
  for (const [name, value] of Object.entries(schemas)) {
    const own = schemasOf(document)[name] as JsonObject;
    const instance = hasOwnExample(own) ? exampleValue(own) : instances.get(name);
    schemas[name] = schema(value, {name, instance});
  }
  // Schemas written inside operations, parameters, responses and callbacks.
  const visit = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item));
    if (!node || typeof node !== 'object') return node;
    const object = node as JsonObject;
    if (key === 'schema') {
      const reference = referenceOf(object);
      const target = reference && resolveRef(document, reference);
      if (target && isScalarSchema(target))
        return singleType({...withoutKeys(target, ['title']), ...withoutKeys(object, ['$ref', 'allOf'])});
      return schema(object, {});
    }
    return Object.fromEntries(
      Object.entries(object).map(([childKey, child]) =>
        childKey === 'example' || childKey === 'examples' || childKey === 'x-codeSamples'
          ? [childKey, child]
          : [childKey, visit(child, childKey)],
      ),
    );
  };
  for (const key of ['paths', 'webhooks', 'x-webhooks']) if (copy[key]) copy[key] = visit(copy[key]);
  const components = copy.components as JsonObject | undefined;
  if (components) {
    for (const key of ['parameters', 'responses', 'requestBodies', 'callbacks', 'headers']) {
      if (components[key]) components[key] = visit(components[key]);
    }
  }
  return copy as T;
}

/** What a map's values are, in a word: `string`, `integer`, `any`; undefined when they are objects, which stay expandable. */
export function mapValueType(document: JsonObject, schema: JsonObject): string | undefined {
  const values = schema.additionalProperties;
  if (values === undefined || values === false || schema.properties || schema.oneOf || schema.anyOf || schema.allOf) return undefined;
  const types = typesOf(schema);
  if (types.length > 0 && !types.every((type) => type === 'object' || type === 'null')) return undefined;
  if (values === true || (typeof values === 'object' && Object.keys(values as JsonObject).length === 0)) return 'any';
  const target = resolveRef(document, values);
  if (!isScalarSchema(target)) return undefined;
  const valueTypes = typesOf(target).filter((type) => type !== 'null');
  const named = valueTypes.length > 0 ? valueTypes.join(' or ') : 'string';
  return typeof target.format === 'string' ? `${named} (${target.format})` : named;
}

/** A map's type as a reader says it: `object with string values`. */
export const mapTypeName = (valueType: string) => `object with ${valueType} values`;

/**
 * A field's type in words when it holds no fields of its own: a scalar (`string (uri)`), a fixed
 * value (`empty string`), a map or an array of scalars; undefined for anything that holds fields.
 */
function leafTypeName(document: JsonObject, raw: JsonObject): string | undefined {
  const schema = typeof raw.$ref === 'string' ? resolveRef(document, raw) : raw;
  if (isScalarSchema(schema)) {
    const types = typesOf(schema).filter((type) => type !== 'null');
    if (types.length === 0 && Array.isArray(schema.enum))
      return schema.enum.map((value) => (value === '' ? 'empty string' : JSON.stringify(value))).join(' or ');
    const named = types.length > 0 ? types.join(' or ') : 'string';
    return typeof schema.format === 'string' ? `${named} (${schema.format})` : named;
  }
  const valueType = mapValueType(document, schema);
  if (valueType) return mapTypeName(valueType);
  if (typesOf(schema).includes('array') && schema.items && !Array.isArray(schema.items)) {
    const items = leafTypeName(document, schema.items as JsonObject);
    return items && `array of ${items}`;
  }
  return undefined;
}

/**
 * A copy in which every field that holds no fields is one row named for what it is (see the module
 * comment): a map of scalars (`object with string values`), and a choice between such values
 * (`string or empty string`, Stripe's way to unset a field), which the theme would show as tabs.
 */
export function withMapsAsLeaves<T extends JsonObject>(document: T): T {
  const visit = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item));
    if (!node || typeof node !== 'object') return node;
    const object = node as JsonObject;
    if (key === 'field') {
      const map = typeof object.$ref === 'string' ? {...resolveRef(document, object), ...withoutKeys(object, ['$ref'])} : object;
      const valueType = mapValueType(document, map);
      // Without `type`, the theme names a schema by its title and shows it as one row.
      if (valueType) return {...withoutKeys(map, ['type', 'additionalProperties', 'propertyNames']), title: mapTypeName(valueType)};
      const variants = (object.oneOf ?? object.anyOf) as JsonObject[] | undefined;
      if (Array.isArray(variants) && variants.length > 0 && !object.discriminator && !object.properties && !object.type) {
        const nonNull = variants.filter((variant) => !isNullSchema(resolveRef(document, variant)));
        const names = nonNull.map((variant) => leafTypeName(document, variant));
        if (names.every((name): name is string => name !== undefined)) {
          const nullable = nonNull.length < variants.length;
          return {
            ...withoutKeys(object, ['oneOf', 'anyOf']),
            title: [...new Set(names)].join(' or '),
            ...(nullable ? {nullable: true} : {}),
          };
        }
      }
    }
    return Object.fromEntries(
      Object.entries(object).map(([childKey, child]) => {
        if (childKey === 'example' || childKey === 'examples' || childKey === 'x-codeSamples') return [childKey, child];
        // A parameter's schema is one row too (the theme's ParamsItem names it the same way).
        if (key === 'properties' || (childKey === 'schema' && typeof object.in === 'string' && typeof object.name === 'string'))
          return [childKey, visit(child, 'field')];
        return [childKey, visit(child, childKey)];
      }),
    );
  };
  return visit(document) as T;
}

/**
 * The object page a field that is "a named type or `null`" refers to: the type's own page (a
 * `Customer`), else the page of the object its id type names (`OrderId` → `Order`), else of the
 * object its name names (`orderId` → `Order`); undefined where none has a page.
 */
export function referencedObject(document: JsonObject, field: string, schema: JsonObject, pages: ReadonlySet<string>): string | undefined {
  const alternative = nonNullAlternative(document, schema);
  const reference = alternative && referenceOf(alternative);
  const type = reference && refName(reference);
  if (!type) return undefined;
  return [type, type.replace(/Id$/, ''), upperFirst(field.replace(/Id$/, ''))].find((name) => name && pages.has(name));
}

/**
 * A copy in which each field that is "a named type or `null`" ends its description with a link
 * to the page of the object it is or identifies (`referencedObject`), on the pages, their twins
 * and the object pages alike: the type shown is the scalar (`string<uuid>`, nullable), and the
 * link says what the id is of. A version without object pages is left as it is.
 */
export function withReferencedObjectLinks<T extends JsonObject>(document: T, docsRoute: string): T {
  if (!hasObjectPages(docsRoute)) return document;
  const pages = new Set(objectSchemaNames(document));
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const object = Object.fromEntries(
      Object.entries(node as JsonObject).map(([key, child]) => [key, key === 'example' || key === 'examples' ? child : visit(child)]),
    );
    const properties = object.properties;
    if (!properties || typeof properties !== 'object' || Array.isArray(properties)) return object;
    object.properties = Object.fromEntries(
      Object.entries(properties as Record<string, unknown>).map(([name, raw]) => {
        if (!raw || typeof raw !== 'object') return [name, raw];
        const field = raw as JsonObject;
        const target = referencedObject(document, name, field, pages);
        if (!target) return [name, field];
        const route = objectRoute(docsRoute, target);
        const description = typeof field.description === 'string' ? field.description.trim() : '';
        if (description.includes(`](${route})`)) return [name, field];
        const article = /^[AEIOU]/.test(target) ? 'an' : 'a';
        const link = `[\`${target}\`](${route})`;
        // An id type says whose id it is; an object type says which object it is.
        const isId = isScalarSchema(resolveRef(document, nonNullAlternative(document, field)));
        const sentence = isId ? `The id of ${article} ${link}.` : `${upperFirst(article)} ${link}.`;
        return [name, {...field, description: description ? `${description} ${sentence}` : sentence}];
      }),
    );
    return object;
  };
  return visit(document) as T;
}

/** The document the OpenAPI plugin generates the operation pages from: every field as it is shown. */
export const withFieldsAsShown = <T extends JsonObject>(document: T): T => withMapsAsLeaves(withFieldSchemas(document));
