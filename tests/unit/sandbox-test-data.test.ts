/**
 * The sandbox test values (`x-sandbox-test-data` in openapi/tessera-v3.yaml) are written once and
 * agree with the API: every outcome names enum values, SDK events and error codes that exist, every
 * page that mentions a test value renders it from the data, and the build-time renderer shows them.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {stringify} from 'yaml';
import {
  describeResult,
  enumLabels,
  loadSandboxTestData,
  sandboxTestDataExtension,
  type SandboxTestValue,
} from '../../src/lib/sandbox-test-data';
import remarkSandboxTestValues, {tableTag, valueTag} from '../../src/plugins/sandbox-test-values/remark';
import {loadApiDocument, apiFiles, siteDir, resolveRef, type JsonObject} from '../../src/lib/openapi';
import {authoredPages} from '../support/guides';
import {v3GuideRoutesBeyondSpec} from '../routes-beyond-spec';

const data = loadSandboxTestData();
const v3 = loadApiDocument(apiFiles.v3);
const sandboxPage = path.join(siteDir, 'docs', `${v3GuideRoutesBeyondSpec[0]!.replace('/docs/3.0.0/', '')}.mdx`);

/** `HostedPage.delivery.status` → the enum of that property, following `$ref`s. */
function enumOf(name: string): unknown[] | undefined {
  const [schemaName, ...properties] = name.split('.');
  let schema = resolveRef(v3, v3.components?.schemas?.[schemaName!]) as JsonObject | undefined;
  for (const property of properties) schema = schema && resolveRef(v3, (schema.properties as JsonObject | undefined)?.[property]);
  return schema?.enum as unknown[] | undefined;
}

/** The SDK's events and the codes of `recoverable_error`, read from sdk/tessera-sdk.d.ts. */
function sdkEvents(): Map<string, string[]> {
  const file = path.join(siteDir, 'sdk/tessera-sdk.d.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const events = new Map<string, string[]>();
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'TesseraEventMap') return;
    for (const member of node.members) {
      if (!ts.isPropertySignature(member) || !member.type) continue;
      const codes: string[] = [];
      if (ts.isTypeLiteralNode(member.type)) {
        const code = member.type.members.find((field) => ts.isPropertySignature(field) && field.name.getText() === 'code') as
          ts.PropertySignature | undefined;
        if (code?.type && ts.isUnionTypeNode(code.type)) {
          for (const literal of code.type.types)
            if (ts.isLiteralTypeNode(literal) && ts.isStringLiteral(literal.literal)) codes.push(literal.literal.text);
        }
      }
      events.set(member.name.getText(), codes);
    }
  });
  return events;
}

/** Every `code` with its `status` in the problem examples of the file. */
function problemCodes(): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const object = node as JsonObject;
    if (typeof object.code === 'string' && typeof object.status === 'number' && typeof object.type === 'string')
      found.add(`${object.status} ${object.code}`);
    Object.values(object).forEach(visit);
  };
  visit(v3);
  return found;
}

/** Is this a card number with a valid Luhn check digit? */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((character, index) => {
    let digit = Number(character);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  });
  return sum % 10 === 0;
}

test('every test value has a unique id, a known category, an outcome and results', () => {
  const ids = data.values.map((entry) => entry.id);
  assert.equal(new Set(ids).size, ids.length, 'ids are unique');
  const categories = new Set(data.categories.map((category) => category.id));
  for (const entry of data.values) {
    assert.ok(categories.has(entry.category), `${entry.id}: category ${entry.category}`);
    assert.ok(entry.value.length > 0 && entry.outcome.length > 20, `${entry.id}: value and outcome`);
    assert.ok(entry.results.length > 0, `${entry.id}: at least one result`);
  }
  for (const category of categories)
    assert.ok(
      data.values.some((entry) => entry.category === category),
      `${category} has values`,
    );
  console.log(
    `${data.values.length} outcomes, ${new Set(data.values.map((entry) => entry.value)).size} distinct test values, ${categories.size} categories`,
  );
});

test('every outcome names enum values, SDK events and error codes the API and SDK define', () => {
  const events = sdkEvents();
  const codes = problemCodes();
  const failures: string[] = [];
  for (const entry of data.values) {
    for (const result of entry.results) {
      if ('enum' in result) {
        const values = enumOf(result.enum);
        if (!values) failures.push(`${entry.id}: ${result.enum} is not an enum of ${apiFiles.v3}`);
        else if (!values.includes(result.value)) failures.push(`${entry.id}: ${result.enum} has no value ${result.value}`);
        if (!(result.enum in enumLabels)) failures.push(`${entry.id}: no label for ${result.enum}`);
      } else if ('sdkEvent' in result) {
        if (!events.has(result.sdkEvent)) failures.push(`${entry.id}: the SDK has no event ${result.sdkEvent}`);
        else if (result.code && !events.get(result.sdkEvent)!.includes(result.code))
          failures.push(`${entry.id}: ${result.sdkEvent} has no code ${result.code}`);
      } else if (!codes.has(`${result.status} ${result.errorCode}`)) {
        failures.push(`${entry.id}: no ${result.status} ${result.errorCode} problem in ${apiFiles.v3}`);
      }
    }
  }
  assert.deepEqual(failures, []);
});

test('every decline code of the API has a test card', () => {
  const declineCodes = enumOf('Problem.declineCode') as string[];
  const covered = new Set(
    data.values
      .filter((entry) => entry.category === 'card')
      .flatMap((entry) =>
        entry.results.flatMap((result) => ('enum' in result && result.enum === 'Problem.declineCode' ? [result.value] : [])),
      ),
  );
  assert.deepEqual([...covered].sort(), [...declineCodes].sort());
});

test('test card numbers pass the Luhn check, as real card forms require', () => {
  const cards = data.values.filter((entry) => /^[0-9 ]{16,19}$/.test(entry.value));
  assert.ok(cards.length >= 10, `${cards.length} card values`);
  for (const entry of cards) assert.ok(passesLuhn(entry.value.replaceAll(' ', '')), `${entry.id}: ${entry.value}`);
});

/**
 * What a page must not type itself: each value that only the test data defines (in its spaced and
 * unspaced forms), an email's `+tag`, and the digits that go with a value ("CVC `123`").
 */
function typedForms(entries: SandboxTestValue[], elsewhere: string): string[] {
  const forms = new Set<string>();
  for (const entry of entries) {
    if (elsewhere.includes(entry.value)) continue; // Also an ordinary example value of the API.
    forms.add(entry.value);
    if (/^[0-9 ]+$/.test(entry.value)) forms.add(entry.value.replaceAll(' ', ''));
    const tag = /(\+[a-z]+)@/.exec(entry.value)?.[1];
    if (tag) forms.add(tag);
    for (const match of (entry.with ?? '').matchAll(/(\w+) `([0-9]+)`/g)) forms.add(`${match[1]} \`${match[2]}\``);
  }
  return [...forms];
}

test('pages and the OpenAPI file never type a test value: they render it from the data', () => {
  const {[sandboxTestDataExtension]: extension, ...restOfFile} = v3;
  assert.ok(extension);
  const elsewhere = stringify(restOfFile);
  const forms = typedForms(data.values, elsewhere);
  assert.ok(forms.includes('4111 1111 1111 1111') && forms.includes('+reject') && forms.includes('CVC `123`'), forms.join(', '));
  const found: string[] = [];
  for (const page of authoredPages()) {
    const text = readFileSync(page, 'utf8');
    for (const form of forms) if (text.includes(form)) found.push(`${path.relative(siteDir, page)}: ${form}`);
  }
  for (const form of forms) if (elsewhere.includes(form)) found.push(`${apiFiles.v3} outside ${sandboxTestDataExtension}: ${form}`);
  assert.deepEqual(found, []);
});

test('every rendered test value and table names an id or category of the data, and the sandbox page shows every category', () => {
  const ids = new Set(data.values.map((entry) => entry.id));
  const categories = new Set(data.categories.map((category) => category.id));
  const failures: string[] = [];
  let mentions = 0;
  for (const page of authoredPages()) {
    const text = readFileSync(page, 'utf8');
    for (const match of text.matchAll(new RegExp(`<${valueTag}\\s+id="([^"]+)"`, 'g'))) {
      mentions += 1;
      if (!ids.has(match[1]!)) failures.push(`${path.relative(siteDir, page)}: ${match[1]}`);
    }
    for (const match of text.matchAll(new RegExp(`<${tableTag}\\s+category="([^"]+)"`, 'g'))) {
      if (!categories.has(match[1]!)) failures.push(`${path.relative(siteDir, page)}: category ${match[1]}`);
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(mentions >= 8, `only ${mentions} guide mentions render a test value`);
  const sandboxSource = readFileSync(sandboxPage, 'utf8');
  const shown = [...sandboxSource.matchAll(new RegExp(`<${tableTag}\\s+category="([^"]+)"`, 'g'))].map((match) => match[1]);
  assert.deepEqual(shown.sort(), [...categories].sort());
});

type Node = {type: string; name?: string; value?: string; children?: Node[]; attributes?: {type: string; name: string; value: unknown}[]};
const textOf = (node: Node): string => node.value ?? (node.children ?? []).map(textOf).join('');
const jsx = (type: string, name: string, attributes: Record<string, unknown>): Node => ({
  type,
  name,
  attributes: Object.entries(attributes).map(([key, value]) => ({type: 'mdxJsxAttribute', name: key, value})),
  children: [],
});

test('the renderer writes a value, a value with its details, and a category table from the data', () => {
  const card = data.values.find((entry) => entry.id === 'card_authorized')!;
  const tree: Node = {
    type: 'root',
    children: [
      {
        type: 'paragraph',
        children: [
          {type: 'text', value: 'Pay with '},
          jsx('mdxJsxTextElement', valueTag, {id: 'card_authorized', withDetails: null}),
          {type: 'text', value: '.'},
        ],
      },
      {type: 'paragraph', children: [jsx('mdxJsxTextElement', valueTag, {id: 'signup_declined'})]},
      jsx('mdxJsxFlowElement', tableTag, {category: 'card'}),
    ],
  };
  remarkSandboxTestValues()(tree as never, {path: 'example.mdx'});
  const [withDetails, plain, where, table] = tree.children!;
  assert.match(
    textOf(where!),
    new RegExp(`^Where to use them: ${data.categories.find((category) => category.id === 'card')!.enteredIn.replaceAll('`', '')}`),
  );
  assert.equal(textOf(withDetails!), `Pay with ${card.value} with ${card.with!.replaceAll('`', '')}.`);
  assert.equal(withDetails!.children![1]!.type, 'inlineCode');
  assert.equal(textOf(plain!), data.values.find((entry) => entry.id === 'signup_declined')!.value);
  assert.equal(table!.type, 'table');
  const cardEntries = data.values.filter((entry) => entry.category === 'card');
  assert.equal(table!.children!.length, cardEntries.length + 1);
  assert.match(textOf(table!.children![1]!), new RegExp(describeResult(cardEntries[0]!.results[0]!).replaceAll('`', '')));
  assert.throws(
    () => remarkSandboxTestValues()({type: 'root', children: [jsx('mdxJsxTextElement', valueTag, {id: 'no_such_value'})]} as never, {}),
    /no_such_value/,
  );
});

test('every card an example shows is a sandbox test card: its last four digits are those of a card value', () => {
  const cardEnds = new Set(
    data.values.filter((value) => /^\d{4}( \d{4}){3}$/.test(value.value)).map((value) => value.value.replaceAll(' ', '').slice(-4)),
  );
  const found: string[] = [];
  const sources = [
    ...[apiFiles.v3, apiFiles.v1].map((file) => ({file, text: readFileSync(path.join(siteDir, file), 'utf8')})),
    ...authoredPages().map((file) => ({file: path.relative(siteDir, file), text: readFileSync(file, 'utf8')})),
  ];
  const wrong = sources.flatMap(({file, text}) =>
    [...text.matchAll(/(?:last4"?:\s*["']?|•••• |ending in )(\d{4})\b/g)].flatMap((match) => {
      found.push(match[1]!);
      return cardEnds.has(match[1]!) ? [] : [`${file}: "${match[0]}"`];
    }),
  );
  // The schema's own example, which the object pages show.
  const cardDetails = resolveRef(v3, {$ref: '#/components/schemas/CardDetails'});
  for (const example of ((cardDetails.properties as JsonObject).last4 as JsonObject).examples as string[])
    if (!cardEnds.has(example)) wrong.push(`CardDetails.last4 example "${example}"`);
  assert.ok(found.length > 5, 'no card examples found: the pattern no longer matches');
  assert.deepEqual(wrong, []);
});
