/**
 * Every field of every operation, of every API the site generates from and of the foreign files
 * the tests use, shows its real type and its own example: on the page (the schemas the OpenAPI
 * plugin reads, named by the theme's own `getSchemaName`, and the pages the plugin wrote) and in
 * the Markdown twin.
 */
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import Module, {createRequire} from 'node:module';
import path from 'node:path';
import {describe, test} from 'node:test';
import {parse} from 'yaml';
import {openApiSpecs} from '../../config/openapi';
import {
  isNullSchema,
  isScalarSchema,
  nonNullAlternative,
  refName,
  resolveRef,
  schemaInstances,
  schemasOf,
  withFieldsAsShown,
  withReferencedObjectLinks,
  objectRoute,
  objectSchemaNames,
  type JsonObject,
} from '../../src/lib/openapi';
import {operationMarkdown, operationsOf} from '../../src/plugins/markdown-twins/operation-markdown';
import {httpMethods} from '../../src/lib/http-methods';

const siteDir = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);

// The theme's naming module imports Docusaurus' Translate, which only the bundler resolves; its naming needs none of it.
const translateStub = path.join(siteDir, 'node_modules/.virtual/docusaurus-translate.js');
const moduleInternals = Module as unknown as {_resolveFilename: (request: string, ...rest: unknown[]) => string};
const resolveFilename = moduleInternals._resolveFilename;
moduleInternals._resolveFilename = (request, ...rest) =>
  request === '@docusaurus/Translate' ? translateStub : resolveFilename(request, ...rest);
const stub = new Module(translateStub);
stub.exports = {translate: ({message}: {message: string}) => message};
stub.loaded = true;
require.cache[translateStub] = stub;
const {getSchemaName} = require('docusaurus-theme-openapi-docs/lib/markdown/schema') as {getSchemaName: (schema: JsonObject) => string};

const foreignFiles = [
  ...readdirSync(path.join(siteDir, 'tests/fixtures/openapi'))
    .filter((file) => file.endsWith('.yaml') && file !== 'broken-reference.yaml')
    .map((file) => `tests/fixtures/openapi/${file}`),
  'tests/fixtures/openapi/vendor/adyen/adyen-checkout-v71.json',
  'tests/fixtures/openapi/vendor/stripe/stripe.com.json',
];
const files = [...Object.values(openApiSpecs).map((spec) => spec.sourcePath), ...foreignFiles];
const load = (file: string) => {
  const text = readFileSync(path.join(siteDir, file), 'utf8');
  return (file.endsWith('.json') ? JSON.parse(text) : parse(text)) as JsonObject;
};

/** What the plugin's dereferencing makes of a schema: the target, with what is written beside the `$ref` laid over it. */
function deref(document: JsonObject, schema: JsonObject): JsonObject {
  if (typeof schema?.$ref !== 'string') return schema;
  const {$ref: ref, ...beside} = schema;
  // The plugin titles every component schema with its name before it inlines them.
  const name = refName(schema);
  return {...(name ? {title: name} : {}), ...deref(document, resolveRef(document, {$ref: ref})), ...beside};
}

const exampleOf = (schema: JsonObject): unknown =>
  Array.isArray(schema.examples) && schema.examples.length > 0 ? schema.examples[0] : schema.example;

/**
 * The theme's choice (Schema's SchemaEdge) between one row and an expandable block for a property
 * (dereferenced, as the plugin hands it over; an `allOf` is merged first).
 */
function isExpandable(document: JsonObject, schema: JsonObject): boolean {
  const items = schema.items as JsonObject | undefined;
  return Boolean(
    schema.oneOf ||
    schema.anyOf ||
    schema.properties ||
    schema.additionalProperties ||
    items?.properties ||
    items?.oneOf ||
    items?.anyOf ||
    items?.allOf ||
    (Array.isArray(schema.allOf) && (schema.allOf as JsonObject[]).some((part) => isExpandable(document, deref(document, part)))),
  );
}

/** Does the schema hold fields, or alternatives of which at least one holds fields? */
function holdsFields(document: JsonObject, raw: JsonObject, depth = 0): boolean {
  const schema = deref(document, raw);
  if (depth > 10 || !schema || typeof schema !== 'object') return false;
  if (schema.properties || schema['x-tessera-schema-reference']) return true;
  const values = schema.additionalProperties;
  if (values && typeof values === 'object' && !isScalarSchema(deref(document, values as JsonObject))) return true;
  if (schema.items) return holdsFields(document, schema.items as JsonObject, depth + 1);
  const parts = [...((schema.oneOf ?? schema.anyOf ?? []) as JsonObject[]), ...((schema.allOf ?? []) as JsonObject[])];
  return parts.some((part) => !isNullSchema(deref(document, part)) && holdsFields(document, part, depth + 1));
}

type Finding = string;

/**
 * Walks the schema the page shows (`shown`, in the prepared document) beside the one the file
 * says (`written`), field by field: each field's type name, its row or block, and its example.
 */
function checkFields(
  documents: {shown: JsonObject; written: JsonObject; instances: Map<string, unknown>; checked?: Set<string>},
  shownRaw: JsonObject,
  writtenRaw: JsonObject | undefined,
  where: string,
  findings: Finding[],
  trail: Set<string>,
  instance?: unknown,
): void {
  const {shown: shownDocument, written: writtenDocument, instances, checked} = documents;
  const shownName = refName(shownRaw);
  if (shownName && trail.has(shownName)) return;
  // A named schema reads the same wherever it is shown (its example is its own), so it is checked once.
  if (shownName && checked) {
    if (checked.has(shownName)) return;
    checked.add(shownName);
  }
  const nextTrail = shownName ? new Set(trail).add(shownName) : trail;
  const shown = deref(shownDocument, shownRaw);
  const writtenName = writtenRaw && refName(writtenRaw);
  const written = writtenRaw && deref(writtenDocument, writtenRaw);
  const writtenOwn = writtenName ? schemaFromNamedInstance(writtenDocument, writtenName, instances) : instance;
  for (const [name, shownProperty] of Object.entries((shown.properties ?? {}) as Record<string, JsonObject>)) {
    const field = `${where}.${name}`;
    const property = deref(shownDocument, shownProperty);
    const rawWritten = (written?.properties as Record<string, JsonObject> | undefined)?.[name];
    const writtenProperty = rawWritten && (nonNullAlternative(writtenDocument, rawWritten) ?? rawWritten);
    if (!property['x-tessera-schema-reference']) {
      const typeName = getSchemaName(property);
      if (!typeName || /^any\b/.test(typeName)) findings.push(`${field}: type "${typeName}"`);
      if (
        typeName &&
        typeName.replace(/\[\]$/, '') in schemasOf(shownDocument) &&
        isScalarSchema(property.items ? deref(shownDocument, property.items as JsonObject) : property)
      )
        findings.push(`${field}: type "${typeName}", the name of a scalar type, where its type belongs`);
      if (isExpandable(shownDocument, property) && !holdsFields(shownDocument, property))
        findings.push(`${field}: an expandable block for a schema without fields`);
    }
    // The example: the one written beside the field, its value in a real example of the object
    // that holds it, or that of a type that means the field; never one another field's type lends it.
    const example = exampleOf(property);
    if (example !== undefined && example !== null && typeof example !== 'object' && rawWritten) {
      const seen =
        writtenOwn && typeof writtenOwn === 'object' && !Array.isArray(writtenOwn) ? (writtenOwn as JsonObject)[name] : undefined;
      const besideExample = exampleOf(rawWritten);
      if (besideExample === undefined && seen !== undefined && seen !== null && typeof seen !== 'object' && seen !== example)
        findings.push(`${field}: example ${JSON.stringify(example)} where its object's example holds ${JSON.stringify(seen)}`);
      const typeName = writtenProperty && refName(writtenProperty);
      const fromType = typeName !== undefined && besideExample === undefined && (seen === undefined || seen === null);
      if (fromType && typeName && !typeMeansField(writtenDocument, typeName, name, writtenName))
        findings.push(`${field}: example ${JSON.stringify(example)} of the type ${typeName}, which fields of other names share`);
    }
    const childInstance = writtenOwn && typeof writtenOwn === 'object' ? (writtenOwn as JsonObject)[name] : undefined;
    if (property.properties) checkFields(documents, shownProperty, writtenProperty, field, findings, nextTrail, childInstance);
    for (const [shownChild, writtenChild, childOwn] of children(
      shownProperty,
      shownDocument,
      writtenProperty,
      writtenDocument,
      childInstance,
    ))
      checkFields(documents, shownChild, writtenChild, field, findings, nextTrail, childOwn);
  }
  for (const [shownChild, writtenChild, childOwn] of children(shownRaw, shownDocument, writtenRaw, writtenDocument, writtenOwn, true))
    checkFields(documents, shownChild, writtenChild, where, findings, nextTrail, childOwn);
}

/** The first real example of a named schema: its own, else one the document's examples hold. */
function schemaFromNamedInstance(document: JsonObject, name: string, instances: Map<string, unknown>): unknown {
  const own = exampleOf(resolveRef(document, {$ref: `#/components/schemas/${name}`}));
  return own !== undefined ? own : instances.get(name);
}

/** A type's example fits a field named for it (`orderId` of `OrderId`, `id` of an `Order`), or one that no other field name shares. */
function typeMeansField(document: JsonObject, type: string, field: string, owner: string | undefined): boolean {
  if (type.charAt(0).toLowerCase() + type.slice(1) === field || (field === 'id' && owner && type === `${owner}Id`)) return true;
  return (fieldNamesOf(document).get(type)?.size ?? 0) <= 1;
}

/** For each named schema, the names of the fields that refer to it, found by a walk of their own. */
const fieldNames = new WeakMap<JsonObject, Map<string, Set<string>>>();
function fieldNamesOf(document: JsonObject): Map<string, Set<string>> {
  let names = fieldNames.get(document);
  if (names) return names;
  names = new Map();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(((node as JsonObject).properties ?? {}) as Record<string, JsonObject>)) {
      const target = value && typeof value === 'object' ? (nonNullAlternative(document, value) ?? value) : undefined;
      const reference = target && (typeof target.$ref === 'string' ? target : (target.allOf as JsonObject[] | undefined)?.[0]);
      const type = reference && refName(reference);
      if (type) names!.set(type, (names!.get(type) ?? new Set()).add(key));
    }
    Object.values(node).forEach(visit);
  };
  visit(document);
  fieldNames.set(document, names);
  return names;
}

/** The schemas under a schema the walk goes on with (items, parts, alternatives), paired with what the file writes there. */
function children(
  shownRaw: JsonObject,
  shownDocument: JsonObject,
  writtenRaw: JsonObject | undefined,
  writtenDocument: JsonObject,
  instance: unknown,
  partsOnly = false,
): [JsonObject, JsonObject | undefined, unknown][] {
  const shown = deref(shownDocument, shownRaw);
  const written =
    writtenRaw &&
    deref(
      writtenDocument,
      (writtenRaw.allOf as JsonObject[] | undefined)?.length === 1 && !writtenRaw.properties
        ? (writtenRaw.allOf as JsonObject[])[0]!
        : writtenRaw,
    );
  const result: [JsonObject, JsonObject | undefined, unknown][] = [];
  if (shown.items && !partsOnly)
    result.push([shown.items as JsonObject, written?.items as JsonObject | undefined, Array.isArray(instance) ? instance[0] : undefined]);
  if (shown.items && partsOnly) return result;
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const parts = (shown[key] ?? []) as JsonObject[];
    const writtenParts = (written?.[key] ?? []) as JsonObject[];
    parts.forEach((part, index) => result.push([part, writtenParts[index], instance]));
  }
  if (partsOnly) return result;
  if (shown.properties || !shown.additionalProperties || typeof shown.additionalProperties !== 'object') return result;
  result.push([shown.additionalProperties as JsonObject, written?.additionalProperties as JsonObject | undefined, undefined]);
  return result;
}

/** Every schema an operation shows: parameters, request bodies, responses, and those of its callbacks. */
function operationSchemas(document: JsonObject, operation: JsonObject, pathItem: JsonObject): [string, JsonObject][] {
  const schemas: [string, JsonObject][] = [];
  for (const raw of [...((pathItem.parameters ?? []) as JsonObject[]), ...((operation.parameters ?? []) as JsonObject[])]) {
    const parameter = resolveRef(document, raw);
    if (parameter.schema) schemas.push([`parameter ${String(parameter.name)}`, {properties: {[String(parameter.name)]: parameter.schema}}]);
  }
  const body = resolveRef<JsonObject | undefined>(document, operation.requestBody);
  for (const [type, media] of Object.entries((body?.content ?? {}) as Record<string, JsonObject>))
    if (media.schema) schemas.push([`request ${type}`, media.schema as JsonObject]);
  for (const [status, raw] of Object.entries((operation.responses ?? {}) as Record<string, JsonObject>)) {
    const response = resolveRef(document, raw);
    for (const [type, media] of Object.entries((response?.content ?? {}) as Record<string, JsonObject>))
      if (media.schema) schemas.push([`${status} ${type}`, media.schema as JsonObject]);
  }
  for (const [name, rawCallback] of Object.entries((operation.callbacks ?? {}) as Record<string, JsonObject>)) {
    for (const [expression, callbackItem] of Object.entries(resolveRef(document, rawCallback) as Record<string, JsonObject>)) {
      for (const method of httpMethods) {
        const callbackOperation = callbackItem?.[method] as JsonObject | undefined;
        if (callbackOperation)
          schemas.push(
            ...operationSchemas(document, callbackOperation, callbackItem).map(([where, schema]): [string, JsonObject] => [
              `callback ${name} ${expression} ${where}`,
              schema,
            ]),
          );
      }
    }
  }
  return schemas;
}

/** Every operation and webhook with what is shown for it, in both documents at once. */
function pageFindings(written: JsonObject): Finding[] {
  const shown = withFieldsAsShown(written);
  const documents = {shown, written, instances: schemaInstances(written), checked: new Set<string>()};
  const findings: Finding[] = [];
  for (const group of ['paths', 'webhooks']) {
    for (const [key, shownItem] of Object.entries((shown[group] ?? {}) as Record<string, JsonObject>)) {
      const writtenItem = resolveRef<JsonObject>(written, (written[group] as JsonObject)[key]);
      for (const method of httpMethods) {
        const shownOperation = shownItem?.[method] as JsonObject | undefined;
        if (!shownOperation) continue;
        const writtenSchemas = operationSchemas(written, writtenItem[method] as JsonObject, writtenItem);
        operationSchemas(shown, shownOperation, shownItem).forEach(([where, schema], index) =>
          checkFields(documents, schema, writtenSchemas[index]?.[1], `${method.toUpperCase()} ${key} ${where}`, findings, new Set()),
        );
      }
    }
  }
  return [...new Set(findings)];
}

/** The V3 file with the amounts of a cart and its lines left to their type's example. */
function withoutFieldExamples(document: JsonObject): JsonObject {
  const schemas = schemasOf(document);
  const cart = schemas.Cart!.properties as Record<string, JsonObject>;
  const line = schemas.OrderLine!.properties as Record<string, JsonObject>;
  for (const field of [cart.totalVatAmount!, line.unitPrice!, line.totalDiscountAmount!, line.totalAmount!, line.totalVatAmount!])
    delete field.examples;
  return document;
}

describe('field types and examples as the operation pages show them', () => {
  for (const file of files) {
    test(`${file}: no field of any operation is "any", an expandable block without fields, or an example of another field`, () => {
      assert.deepEqual(pageFindings(load(file)), []);
    });
  }

  test('the walk finds what the file as written would show: nullable ids and maps as blocks, type names, a total as a VAT', () => {
    // The same walk over the file as the plugin would read it without withFieldsAsShown, its
    // amounts without the examples written beside them (as a file that leaves them to the type).
    const written = withoutFieldExamples(load('openapi/tessera-v3.yaml'));
    const documents = {shown: written, written, instances: schemaInstances(written)};
    const findings: Finding[] = [];
    const session = {$ref: '#/components/schemas/Session'};
    checkFields(documents, session, session, 'Session', findings, new Set());
    assert.ok(findings.includes('Session.orderId: an expandable block for a schema without fields'), findings.join('\n'));
    assert.ok(
      findings.includes('Session.type: type "SessionType", the name of a scalar type, where its type belongs'),
      findings.join('\n'),
    );
    assert.ok(
      findings.some((finding) => /^Session\.cart\.totalVatAmount: example 25900 /.test(finding)),
      findings.join('\n'),
    );
    assert.ok(
      findings.some((finding) => /^Session\.metadata: an expandable block/.test(finding)),
      findings.join('\n'),
    );
    assert.ok(
      findings.some((finding) => /^Session\.cart\.orderLines\.totalDiscountAmount: example 25900 /.test(finding)),
      findings.join('\n'),
    );
  });

  test('the theme names the fields as a reader reads them, and an amount without an example of its own shows its value in its object', () => {
    const shown = withFieldsAsShown(withoutFieldExamples(load('openapi/tessera-v3.yaml')));
    const session = deref(shown, {$ref: '#/components/schemas/Session'}).properties as Record<string, JsonObject>;
    assert.equal(getSchemaName(deref(shown, session.orderId!)), 'string<uuid>');
    assert.equal(session.orderId!.nullable, true);
    assert.equal(getSchemaName(deref(shown, session.merchantAccountId!)), 'string');
    assert.equal(getSchemaName(deref(shown, session.metadata!)), 'object with string values');
    assert.equal(isExpandable(shown, deref(shown, session.metadata!)), false);
    const cart = deref(shown, session.cart!).properties as Record<string, JsonObject>;
    assert.deepEqual(deref(shown, cart.totalVatAmount!).examples, [5180]);
  });
});

describe('field types and examples in the Markdown twins', () => {
  for (const spec of Object.values(openApiSpecs)) {
    test(`${spec.sourcePath}: no field of any operation's twin is "any"`, () => {
      const document = load(spec.sourcePath);
      for (const entry of operationsOf(document)) {
        const markdown = operationMarkdown(document, entry, String(entry.operation.summary));
        assert.doesNotMatch(markdown, /^\s*- `[^`]+` \(any\b/m, entry.pageId);
      }
    });
  }

  test('a nullable id, a named string type and a map read as what they are, and a VAT has its own example', () => {
    const document = load('openapi/tessera-v3.yaml');
    const entry = operationsOf(document).find((operation) => operation.pageId === 'read-session')!;
    const markdown = operationMarkdown(document, entry, 'Read a session');
    assert.match(markdown, /^- `orderId` \(string \(uuid\) or null, required\)/m);
    assert.match(markdown, /^- `merchantAccountId` \(string or null, required\)/m);
    assert.match(markdown, /^- `metadata` \(object with string values, required\)/m);
    assert.match(markdown, /^ {2}- `totalVatAmount` \(integer \(int64\), required\): .*Example: `5180`\./m);
    assert.match(markdown, /^ {4}- `totalDiscountAmount` \(integer \(int64\)\): .*Example: `0`\./m);
    const v1 = load('openapi/tessera-v1.yaml');
    const patch = operationsOf(v1).find((operation) => operation.pageId === 'patch-checkout-session')!;
    assert.match(operationMarkdown(v1, patch, 'Patch'), /^- `customer` \(object or null\)/m);
  });
});

describe('the pages the OpenAPI plugin wrote', () => {
  for (const spec of Object.values(openApiSpecs)) {
    test(`${spec.outputDir}: every field's type is named, and only objects expand`, (context) => {
      const folder = path.join(siteDir, spec.outputDir);
      if (!existsSync(folder)) return context.skip('run npm run gen-api first');
      const findings: Finding[] = [];
      const visit = (node: unknown, where: string): void => {
        if (Array.isArray(node)) return node.forEach((item, index) => visit(item, `${where}[${index}]`));
        if (!node || typeof node !== 'object') return;
        for (const [name, property] of Object.entries(((node as JsonObject).properties ?? {}) as Record<string, JsonObject>)) {
          if (!property || typeof property !== 'object' || typeof property === 'string' || property['x-tessera-schema-reference']) continue;
          const typeName = getSchemaName(property);
          if (!typeName || /^any\b/.test(typeName)) findings.push(`${where}.${name}: type "${typeName}"`);
          if (isExpandable({}, property) && !holdsFields({}, property))
            findings.push(`${where}.${name}: an expandable block for a schema without fields`);
        }
        // Conditions (`if`, `then`, `not`) are rules, not fields: the theme does not show them.
        for (const [key, value] of Object.entries(node))
          if (!['examples', 'example', 'if', 'then', 'else', 'not'].includes(key)) visit(value, `${where}.${key}`);
      };
      for (const file of readdirSync(folder).filter((name) => /\.(StatusCodes|RequestSchema|ParamsDetails)(\.\d+)?\.json$/.test(name)))
        visit(JSON.parse(readFileSync(path.join(folder, file), 'utf8')), file);
      assert.deepEqual(findings, []);
    });
  }
});

describe('a field that is an id or null links the object it identifies', () => {
  const docsRoute = '/docs/3.0.0';
  const written = load('openapi/tessera-v3.yaml');
  const pages = new Set(objectSchemaNames(written));
  /** Every field of the file that is "a named type or `null`", with the object page a reader expects it to link. */
  const nullableReferences = (): {where: string; field: string; expected?: string}[] => {
    const found: {where: string; field: string; expected?: string}[] = [];
    const visit = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((item) => visit(item, where));
      if (!node || typeof node !== 'object') return;
      for (const [field, raw] of Object.entries(((node as JsonObject).properties ?? {}) as Record<string, JsonObject>)) {
        const alternative = raw && typeof raw === 'object' ? nonNullAlternative(written, raw) : undefined;
        const type = alternative && refName(alternative);
        if (!type) continue;
        // The object itself, the object its id type names (`OrderId`), or the object the field names (`orderId`).
        const named = [type, type.replace(/Id$/, ''), field.charAt(0).toUpperCase() + field.slice(1).replace(/Id$/, '')];
        found.push({where: `${where}.${field}`, field, expected: named.find((name) => pages.has(name))});
      }
      for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'example') visit(value, `${where}/${key}`);
    };
    visit(written, '');
    return found;
  };

  test('on the operation pages (the document the plugin reads), each links its object’s page where it has one', () => {
    const references = nullableReferences();
    assert.ok(references.filter((reference) => reference.expected).length >= 7, references.map((reference) => reference.where).join('\n'));
    // A merchant account is made in the Merchant Portal, not an object of the API: it has no page.
    assert.deepEqual(
      [...new Set(references.filter((reference) => !reference.expected).map((reference) => reference.field))],
      ['merchantAccountId'],
    );
    const shown = JSON.stringify(withFieldsAsShown(withReferencedObjectLinks(written, docsRoute)));
    for (const object of new Set(references.map((reference) => reference.expected).filter(Boolean)))
      assert.ok(shown.includes(`](${objectRoute(docsRoute, object!)})`), object);
    const session = deref(withFieldsAsShown(withReferencedObjectLinks(written, docsRoute)), {$ref: '#/components/schemas/Session'})
      .properties as Record<string, JsonObject>;
    assert.match(String(session.orderId!.description), /The id of an \[`Order`\]\(\/docs\/3\.0\.0\/objects\/order\)\.$/);
    assert.match(String(session.tokenId!.description), /The id of a \[`Token`\]\(\/docs\/3\.0\.0\/objects\/token\)\.$/);
    assert.doesNotMatch(String(session.merchantAccountId!.description), /objects\//);
    assert.equal(getSchemaName(deref(withFieldsAsShown(withReferencedObjectLinks(written, docsRoute)), session.orderId!)), 'string<uuid>');
  });

  test('in the twin, the field reads as uuid or null with its object’s link; a version without object pages is unchanged', () => {
    const linked = withReferencedObjectLinks(written, docsRoute);
    const order = operationsOf(linked).find((operation) => operation.pageId === 'read-an-order')!;
    assert.match(
      operationMarkdown(linked, order, 'Read an order'),
      /^- `sessionId` \(string \(uuid\) or null, required\): .*The id of a \[`Session`\]\(\/docs\/3\.0\.0\/objects\/session\)\./m,
    );
    const v1 = load('openapi/tessera-v1.yaml');
    assert.deepEqual(withReferencedObjectLinks(v1, '/docs/1.0.0'), v1);
  });
});
