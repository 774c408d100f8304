/**
 * A property that describes itself beside its `$ref` (OpenAPI 3.1) keeps that description wherever
 * the reference shows the property: the Markdown twins of the operation pages, the object pages and
 * the operation pages' schema data. `orderAmount` reads "The amount originally authorized", not
 * Money's "An amount of money in a given currency".
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {loadApiDocument, apiFiles, resolveRef, type JsonObject} from '../../src/lib/openapi';
import {operationMarkdown, operationsOf} from '../../src/plugins/markdown-twins/operation-markdown';
import {objectPages} from '../../scripts/reference/object-pages';
import {tableCell} from '../../scripts/reference/mdx';

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

type RefProperty = {schema: string; property: string; own: string; target: string};

/** Every property anywhere in the components that has both a `$ref` and its own description. */
function refProperties(document: JsonObject): RefProperty[] {
  const found: RefProperty[] = [];
  const visit = (node: unknown, schema: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((child) => visit(child, schema));
    const object = node as JsonObject;
    for (const [property, value] of Object.entries((object.properties ?? {}) as Record<string, JsonObject>)) {
      if (typeof value?.$ref === 'string' && typeof value.description === 'string') {
        const target = String(resolveRef<JsonObject>(document, {$ref: value.$ref}).description ?? '');
        if (oneLine(target) !== oneLine(value.description)) found.push({schema, property, own: value.description, target});
      }
    }
    for (const child of Object.values(object)) visit(child, schema);
  };
  for (const [name, schema] of Object.entries(((document.components as JsonObject).schemas ?? {}) as JsonObject)) visit(schema, name);
  return found;
}

for (const [version, file] of Object.entries(apiFiles)) {
  const document = loadApiDocument(file) as JsonObject;
  const properties = refProperties(document);

  test(`${version}: the operation twins show a property's own description, not its $ref target's`, () => {
    const twins = operationsOf(document)
      .map((entry) => operationMarkdown(document, entry, entry.pageId))
      .join('\n');
    const problems: string[] = [];
    for (const {schema, property, own} of properties) {
      const lines = twins.split('\n').filter((line) => line.trimStart().startsWith(`- \`${property}\` (`));
      if (!lines.length) continue;
      if (!lines.some((line) => line.includes(oneLine(own)))) problems.push(`${schema}.${property}: "${oneLine(own)}" is on no twin`);
    }
    assert.deepEqual(problems, []);
  });

  test(`${version}: the object pages show a property's own description, not its $ref target's`, () => {
    const {pages} = objectPages(document, version === 'v3' ? '/docs/3.0.0' : '/docs/1.0.0', file, () => '');
    const problems: string[] = [];
    for (const {schema, property, own} of properties) {
      const page = pages.find((candidate) => candidate.schemaName === schema);
      const row = page?.mdx.split('\n').find((line) => line.startsWith(`| \`${property}\` |`));
      if (row && !row.includes(tableCell(own).split('<br />')[0]!)) problems.push(`${schema}.${property}: ${row}`);
    }
    assert.deepEqual(problems, []);
  });
}

test('there are properties described beside their $ref, and orderAmount is one', () => {
  const properties = refProperties(loadApiDocument(apiFiles.v3) as JsonObject);
  assert.ok(properties.some((entry) => entry.schema === 'Order' && entry.property === 'orderAmount'));
});
