/**
 * Every example in both OpenAPI files validates against the schema it illustrates:
 * media-type examples, parameter and header examples, and `examples` inside schemas. Objects are
 * closed, so an example with a field the schema does not define fails.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  escapePointer,
  loadApiDocument,
  apiFiles,
  resolveRef,
  SchemaValidator,
  type JsonObject,
  type ApiDocument,
} from '../../src/lib/openapi';

type ExampleCase = {where: string; schemaPointer: string; value: unknown};

/** Walks the document and pairs each example with the pointer of the schema it belongs to. */
function collectExamples(document: ApiDocument): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const visit = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((child, index) => visit(child, `${pointer}/${index}`));
      return;
    }
    const object = node as JsonObject;
    // A media type, parameter or header: `schema` beside `example`/`examples`.
    if (object.schema && typeof object.schema === 'object') {
      const schemaPointer = `${pointer}/schema`;
      if ('example' in object) cases.push({where: `${pointer}/example`, schemaPointer, value: object.example});
      if (object.examples && typeof object.examples === 'object' && !Array.isArray(object.examples)) {
        for (const [name, example] of Object.entries(object.examples as JsonObject)) {
          const resolved = resolveRef(document, example);
          if ('value' in resolved) cases.push({where: `${pointer}/examples/${name}`, schemaPointer, value: resolved.value});
        }
      }
    }
    // A schema with its own `examples` array (JSON Schema 2020-12).
    const looksLikeSchema = 'type' in object || 'properties' in object || 'oneOf' in object || 'enum' in object || '$ref' in object;
    if (looksLikeSchema && Array.isArray(object.examples) && !pointer.includes('/properties/examples')) {
      object.examples.forEach((value, index) => cases.push({where: `${pointer}/examples/${index}`, schemaPointer: pointer, value}));
    }
    for (const [key, child] of Object.entries(object)) {
      if (key === 'examples' || key === 'example') continue;
      visit(child, `${pointer}/${escapePointer(key)}`);
    }
  };
  visit(document, '#');
  return cases;
}

for (const [version, file] of Object.entries(apiFiles)) {
  test(`every example in ${file} validates against its schema`, () => {
    const document = loadApiDocument(file);
    const validator = new SchemaValidator(document, `${version}-examples`);
    const cases = collectExamples(document);
    const failures = cases
      .map((example) => ({example, errors: validator.validate(example.schemaPointer, example.value)}))
      .filter(({errors}) => errors.length > 0)
      .map(({example, errors}) => `${example.where}: ${errors.join('; ')}`);
    console.log(`${file}: ${cases.length} examples checked`);
    assert.ok(cases.length > 100, `only ${cases.length} examples found`);
    assert.deepEqual(failures, []);
  });
}
