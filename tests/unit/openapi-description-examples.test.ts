/**
 * An OpenAPI description and its examples agree where the description is checkable: a URL property
 * whose description says its value comes from fields of another object (`merchantUrls.cancel`, or
 * "the confirmation URL from `merchantUrls`") has only example values that one of those fields'
 * examples produce, with placeholders such as `{sessionId}` filled in.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {loadApiDocument, apiFiles, resolveRef, type JsonObject} from '../../src/lib/openapi';

type Source = {object: string; fields: string[]};

/** The fields a description says the value comes from. */
export function namedSources(description: string): Source[] {
  const sources: Source[] = [];
  for (const match of description.matchAll(/`([a-z][A-Za-z]*)\.([a-z][A-Za-z]*)`/g)) sources.push({object: match[1]!, fields: [match[2]!]});
  for (const match of description.matchAll(/\b([a-z][A-Za-z]*) URL from `([a-z][A-Za-z]*)`/g))
    sources.push({object: match[2]!, fields: [match[1]!]});
  return sources;
}

/** Example values of every `fields` entry of the object property named `object`, anywhere in the schemas. */
function sourceExamples(document: JsonObject, object: string, field: string): string[] {
  const found: string[] = [];
  for (const schema of Object.values(((document.components as JsonObject).schemas ?? {}) as Record<string, JsonObject>)) {
    const property = (schema.properties as JsonObject | undefined)?.[object];
    if (!property) continue;
    const target = resolveRef<JsonObject>(document, property);
    const fieldSchema = (target.properties as JsonObject | undefined)?.[field] as JsonObject | undefined;
    for (const value of (fieldSchema?.examples as unknown[] | undefined) ?? []) if (typeof value === 'string') found.push(value);
  }
  return [...new Set(found)];
}

const placeholderPattern = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[A-Za-z]+\\?\}/g, '[^/?&#]+')}$`);

/** Every example value of property `name`: its own `examples` and those in the operations' example bodies of the schema. */
function exampleValues(document: JsonObject, schema: JsonObject, name: string, own: unknown[]): unknown[] {
  const shape = new Set(Object.keys((schema.properties ?? {}) as JsonObject));
  const values = [...own];
  const visit = (node: unknown, inExample: boolean) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((child) => visit(child, inExample));
    const object = node as JsonObject;
    // An example body of this schema: it has the property, and nothing the schema lacks.
    if (inExample && name in object && Object.keys(object).every((key) => shape.has(key))) values.push(object[name]);
    for (const [key, child] of Object.entries(object)) visit(child, inExample || key === 'value' || key === 'example');
  };
  visit(document.paths, false);
  return values;
}

export function descriptionExampleProblems(document: JsonObject): string[] {
  const problems: string[] = [];
  for (const [schemaName, schema] of Object.entries(((document.components as JsonObject).schemas ?? {}) as Record<string, JsonObject>)) {
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonObject>)) {
      // URLs built from other fields are checkable; free text ("unless you changed it") is not.
      if (!String(property.format ?? '').startsWith('uri')) continue;
      const sources = namedSources(String(property.description ?? ''));
      if (!sources.length) continue;
      const allowed = sources.flatMap((source) => source.fields.flatMap((field) => sourceExamples(document, source.object, field)));
      if (!allowed.length) continue;
      for (const value of exampleValues(document, schema, name, (property.examples as unknown[]) ?? [])) {
        if (typeof value !== 'string') continue;
        if (!allowed.some((template) => placeholderPattern(template).test(value)))
          problems.push(
            `${schemaName}.${name}: the example ${value} is none of ${sources.map((source) => `${source.object}.${source.fields.join('/')}`).join(', ')}, which its description names`,
          );
      }
    }
  }
  return problems;
}

const v3 = loadApiDocument(apiFiles.v3) as JsonObject;

test('every property whose description names where its value comes from has examples from there', () => {
  const checked = Object.values((v3.components as JsonObject).schemas as Record<string, JsonObject>).flatMap((schema) =>
    Object.values((schema.properties ?? {}) as Record<string, JsonObject>).filter(
      (property) => namedSources(String(property.description ?? '')).length,
    ),
  );
  assert.ok(checked.length >= 1, 'no description names a source field');
  assert.deepEqual(descriptionExampleProblems(v3), []);
});

test('a description naming only the confirmation URL fails on an example that is the cancel URL', () => {
  const changed = structuredClone(v3) as JsonObject & {
    components: {schemas: Record<string, JsonObject & {properties: Record<string, JsonObject>}>};
  };
  changed.components.schemas.DecisionResponse!.properties.redirectUrl!.description =
    'The confirmation URL from `merchantUrls` with placeholders replaced.';
  assert.ok(descriptionExampleProblems(changed).some((problem) => problem.includes('/checkout/cancelled')));
});
