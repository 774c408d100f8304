/**
 * The reference generated from the OpenAPI files: the error catalogue covers every code either
 * file uses, object pages cover every object and field, and the notifications page covers every
 * callback with a verification sample that really verifies.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {createHmac} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {loadApiDocument, apiFiles, SchemaValidator, type JsonObject, objectSchemaNames, requestBodySchemas} from '../../src/lib/openapi';
import {authoredPages, codeFences} from '../support/guides';
import {catalogueExtension, codeUsages, errorCatalogue, errorPages, errorTypeUri, isProblem} from '../../scripts/reference/error-catalogue';
import {tableCell} from '../../scripts/reference/mdx';
import {fieldRows, objectPages} from '../../scripts/reference/object-pages';
import {linkCodeSpans, withObjectLinks} from '../../scripts/reference/object-links';
import {notificationEvents, notificationsPage, verificationSamples} from '../../scripts/reference/notifications-page';
import {sampleLanguages} from '../../src/lib/sample-languages';

const versions = {v3: {file: apiFiles.v3, docsRoute: '/docs/3.0.0'}, v1: {file: apiFiles.v1, docsRoute: '/docs/1.0.0'}};

for (const {file, docsRoute} of Object.values(versions)) {
  const document = loadApiDocument(file) as JsonObject;

  test(`every error code ${file} uses (responses, examples, descriptions) has a catalogue entry with the same status`, () => {
    const catalogue = new Map(errorCatalogue(document, docsRoute).map((entry) => [entry.code, entry]));
    const usages = codeUsages(document);
    assert.ok(usages.length > 30, `only ${usages.length} uses of codes found`);
    const problems = usages.flatMap((usage) => {
      const entry = catalogue.get(usage.code);
      if (!entry) return [`${usage.where}: ${usage.code} has no entry in x-error-catalogue`];
      if (usage.status !== undefined && usage.status !== entry.status)
        return [`${usage.where}: ${usage.code} is ${usage.status} here, ${entry.status} in the catalogue`];
      return [];
    });
    assert.deepEqual(problems, []);
    // Every entry is used somewhere, so the catalogue does not document codes the API never sends.
    const used = new Set(usages.map((usage) => usage.code));
    assert.deepEqual(
      [...catalogue.keys()].filter((code) => !used.has(code) && !catalogueExtension(document)[code]?.example),
      [],
    );
  });

  test(`the error index of ${file} says all of what to do for each code, not its first sentence`, () => {
    const {index} = errorPages(document, docsRoute, 'API', file, '');
    for (const entry of errorCatalogue(document, docsRoute)) {
      const row = index.split('\n').find((line) => line.startsWith(`| [\`${entry.code}\`]`));
      assert.ok(row, `${entry.code} has no row`);
      assert.ok(row.endsWith(`: ${tableCell(entry.action)} |`), `${entry.code}: ${row}`);
    }
  });

  test(`every error type URI in ${file} is the address of its code's page`, () => {
    const problems: string[] = [];
    const visit = (node: unknown, pointer: string) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((child, index) => visit(child, `${pointer}/${index}`));
      if (isProblem(node) && node.type !== errorTypeUri(docsRoute, node.code)) problems.push(`${pointer}: ${String(node.type)}`);
      for (const [key, child] of Object.entries(node)) visit(child, `${pointer}/${key}`);
    };
    visit(document, '#');
    assert.deepEqual(problems, []);
  });

  test(`every catalogue entry of ${file} has an example body that validates as a problem`, () => {
    const validator = new SchemaValidator(document, `${file}-catalogue`);
    const catalogue = errorCatalogue(document, docsRoute);
    assert.ok(catalogue.length >= 15);
    for (const entry of catalogue) {
      assert.equal(entry.example.code, entry.code);
      assert.deepEqual(validator.validate('#/components/schemas/Problem', entry.example), [], entry.code);
      assert.ok(entry.when.length > 20 && entry.action.length > 10, `${entry.code}: say when it happens and what to do`);
    }
  });

  test(`every object of ${file} gets an object page listing every field`, () => {
    const schemas = ((document.components as JsonObject).schemas ?? {}) as Record<string, JsonObject>;
    const {pages, index} = objectPages(document, docsRoute, file, (name) => `schema="${name}"`);
    assert.deepEqual(
      pages.map((page) => page.schemaName),
      objectSchemaNames(document),
    );
    for (const page of pages) {
      assert.ok(index.includes(`](${page.route})`), `${page.schemaName} is not in the objects index`);
      for (const field of Object.keys((schemas[page.schemaName]!.properties ?? {}) as JsonObject)) {
        assert.ok(page.mdx.includes(`| \`${field}\` |`), `${page.schemaName}.${field} has no row`);
      }
    }
  });
}

const v3 = loadApiDocument(apiFiles.v3) as JsonObject;

test('a code named only in an error response description still needs a catalogue entry', () => {
  const changed = structuredClone(v3) as JsonObject & {components: {responses: Record<string, JsonObject>}};
  changed.components.responses.NotFound!.description = 'No such thing (`thing_not_found`).';
  const codes = new Set(Object.keys(catalogueExtension(changed)));
  assert.ok(codeUsages(changed).some((usage) => usage.code === 'thing_not_found' && !codes.has(usage.code)));
});

test('the error tables of the guides use catalogued codes with their statuses', () => {
  const catalogue = new Map(errorCatalogue(v3, versions.v3.docsRoute).map((entry) => [entry.code, entry.status]));
  const problems: string[] = [];
  let rows = 0;
  for (const page of authoredPages()) {
    for (const match of readFileSync(page, 'utf8').matchAll(/^\|\s*(\d{3})\s*\|\s*`([a-z][a-z0-9_]*)`\s*\|/gm)) {
      rows += 1;
      const status = catalogue.get(match[2]!);
      if (status !== Number(match[1])) problems.push(`${page}: ${match[1]} ${match[2]} (catalogue: ${status ?? 'no entry'})`);
    }
  }
  assert.ok(rows > 20, `only ${rows} error table rows found in the guides`);
  assert.deepEqual(problems, []);
});

test('error bodies in the guides use catalogued codes and the type URIs of their pages', () => {
  const catalogue = new Map(errorCatalogue(v3, versions.v3.docsRoute).map((entry) => [entry.code, entry]));
  const problems: string[] = [];
  let bodies = 0;
  for (const fence of authoredPages()
    .flatMap(codeFences)
    .filter((candidate) => candidate.language === 'json')) {
    let value: unknown;
    try {
      value = JSON.parse(fence.code);
    } catch {
      continue; // guide-samples.test.ts reports invalid JSON.
    }
    if (!isProblem(value)) continue;
    bodies += 1;
    const entry = catalogue.get(value.code);
    if (!entry) problems.push(`${fence.file}:${fence.line}: ${value.code} has no catalogue entry`);
    else if (value.type !== entry.typeUri || value.status !== entry.status)
      problems.push(`${fence.file}:${fence.line}: ${String(value.type)} ${value.status}`);
  }
  assert.ok(bodies > 10, `only ${bodies} error bodies found in the guides`);
  assert.deepEqual(problems, []);
});

test('field rows say type, presence, constraints and example, and link named objects', () => {
  const schemas = (v3.components as JsonObject).schemas as Record<string, JsonObject>;
  const rows = fieldRows({document: v3, docsRoute: '/docs/3.0.0'}, schemas.OrderLine!);
  const quantity = rows.find((row) => row.name === 'quantity')!;
  assert.equal(quantity.type, 'integer');
  assert.equal(quantity.presence, 'Required');
  assert.match(quantity.details, /Minimum 1\. Maximum 100000\./);
  assert.match(quantity.details, /Example: `1`/);
  assert.equal(rows.find((row) => row.name === 'cart')?.type, undefined);
  // An enumeration has no page: its field says its type and its values.
  const type = rows.find((row) => row.name === 'type')!;
  assert.equal(type.type, 'string');
  assert.match(type.details, /One of `physical`/);
  const cart = fieldRows({document: v3, docsRoute: '/docs/3.0.0'}, schemas.Cart!);
  assert.equal(cart.find((row) => row.name === 'orderLines')!.type, 'array of [OrderLine](/docs/3.0.0/objects/order-line)');
  const session = fieldRows({document: v3, docsRoute: '/docs/3.0.0'}, schemas.SessionNotification!);
  assert.ok(
    session.some((row) => row.name === 'data.sessionId'),
    'nested inline objects are flattened',
  );
  assert.match(session.find((row) => row.name === 'data.orderId')!.presence, /can be `null`/);
});

test('the objects readers meet have pages; request bodies stay on their operation pages; scalars and enumerations are described where used', () => {
  const names = objectSchemaNames(v3);
  for (const name of [
    'Session',
    'Cart',
    'OrderLine',
    'Money',
    'Customer',
    'Address',
    'Order',
    'Capture',
    'Refund',
    'Token',
    'HostedPage',
    'Problem',
  ]) {
    assert.ok(names.includes(name), `${name} has no page`);
  }
  for (const event of notificationEvents(v3, '/docs/3.0.0'))
    assert.ok(names.includes(event.payloadSchema), `${event.payloadSchema} has no page`);
  const bodies = requestBodySchemas(v3, '/docs/3.0.0');
  assert.ok(bodies.has('CaptureRequest') && !names.includes('CaptureRequest'), 'a request body is documented on its operation page');
  // Cart is a request body of updateCart but also part of Session: it has a page.
  assert.ok(bodies.has('Cart') && names.includes('Cart'));
  for (const scalar of ['SessionId', 'CurrencyCode', 'OrderStatus']) assert.ok(!names.includes(scalar), `${scalar} should not have a page`);
  const {index} = objectPages(v3, '/docs/3.0.0', apiFiles.v3, () => '');
  assert.match(index, /\| `CaptureRequest` \| \[[^\]]+\]\(\/docs\/3\.0\.0\/api\/capture-[a-z-]+\) \|/);
});

test('names in prose link to their pages, but not inside links or fences', () => {
  const routes = new Map([
    ['OrderLine', '/docs/3.0.0/objects/order-line'],
    ['Cart', '/docs/3.0.0/objects/cart'],
    ['readSession', '/docs/3.0.0/api/read-session'],
  ]);
  assert.equal(
    linkCodeSpans('See `OrderLine` and `readSession`.', routes),
    'See [`OrderLine`](/docs/3.0.0/objects/order-line) and [`readSession`](/docs/3.0.0/api/read-session).',
  );
  assert.equal(linkCodeSpans('[`Cart`](/x) and `Unknown`', routes), '[`Cart`](/x) and `Unknown`');
  assert.equal(linkCodeSpans('```\n`Cart`\n```', routes), '```\n`Cart`\n```');
});

test('codes stay recognised in descriptions whose names are already linked', () => {
  const linked = withObjectLinks(v3, versions.v3.docsRoute);
  const plain = errorCatalogue(v3, versions.v3.docsRoute).map((entry) => [
    entry.code,
    entry.operations.map((operation) => operation.operationId),
  ]);
  const fromLinked = errorCatalogue(linked, versions.v3.docsRoute).map((entry) => [
    entry.code,
    entry.operations.map((operation) => operation.operationId),
  ]);
  assert.deepEqual(fromLinked, plain);
});

test('every notification callback is an event on the notifications page, with its payload and example', () => {
  const events = notificationEvents(v3, versions.v3.docsRoute);
  const callbacks = Object.keys((v3.components as JsonObject).callbacks as JsonObject);
  assert.equal(events.length, callbacks.length);
  const {mdx} = notificationsPage(v3, versions.v3.docsRoute, apiFiles.v3);
  for (const event of events) {
    assert.match(mdx, new RegExp(`^### ${event.event.replace('.', '\\.')} `, 'm'));
    assert.ok(mdx.includes(`schema="${event.payloadSchema}"`), `${event.event}: no example of ${event.payloadSchema}`);
    assert.ok(mdx.includes(`](/docs/3.0.0/objects/`), 'payloads link to object pages');
    assert.equal((event.example as JsonObject).type, event.event);
  }
});

/** The signature tolerance the OpenAPI file states for the Tessera-Signature header. */
function toleranceSeconds(): number {
  const header = ((v3.components as JsonObject).parameters as Record<string, JsonObject>).TesseraSignature!;
  const match = /more\s+than\s+(\d+)\s+seconds/.exec(String(header.description));
  assert.ok(match, 'the Tessera-Signature description states the tolerance in seconds');
  return Number(match[1]);
}

test('the signing secret rotation overlap the Tessera-Signature header states agrees with its description', () => {
  const header = ((v3.components as JsonObject).parameters as Record<string, JsonObject>).TesseraSignature!;
  const overlap = header['x-tessera-rotation-overlap-seconds'];
  assert.equal(typeof overlap, 'number', 'x-tessera-rotation-overlap-seconds');
  const hours = /For (\d+) hours after you rotate the signing secret/.exec(String(header.description));
  assert.ok(hours, 'the description states the overlap in hours');
  assert.equal(Number(hours[1]) * 3600, overlap);
});

test('the verification program comes in every sample language but cURL, in tab order', () => {
  assert.deepEqual(
    Object.keys(verificationSamples),
    sampleLanguages.filter((language) => language.id !== 'curl').map((language) => language.id),
  );
});

test('the C# verification sample uses the documented header, tolerance, secret and HMAC', () => {
  const source = readFileSync(verificationSamples.csharp.file, 'utf8');
  assert.match(source, new RegExp(`SignatureToleranceSeconds = ${toleranceSeconds()};`));
  assert.match(source, /Request\.Headers\["Tessera-Signature"\]/);
  assert.match(source, /new HMACSHA256\(Encoding\.UTF8\.GetBytes\(signingSecret\)\)/);
  assert.match(source, /hmac\.ComputeHash\(signedPayload\)/);
  assert.match(source, /CryptographicOperations\.FixedTimeEquals/);
  assert.match(source, /Environment\.GetEnvironmentVariable\("TESSERA_WEBHOOK_SECRET"\)/);
});

test('the PHP verification sample accepts a signed notification and rejects forged, tampered and replayed ones', async () => {
  const secret = 'whsec_test_4eC39HqLyjWDarjtT1zdp7dc';
  const server = spawn('php', ['-S', '127.0.0.1:0', verificationSamples.php.file], {
    env: {...process.env, TESSERA_WEBHOOK_SECRET: secret},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Development Server \((http:\/\/127\.0\.0\.1:\d+)\) started/.exec(output);
        if (match) resolve(match[1]!);
      };
      server.stdout.on('data', onData);
      server.stderr.on('data', onData);
      server.on('error', reject);
      server.on('exit', (code) => reject(new Error(`php -S exited with ${code}: ${output}`)));
    });
    const event = notificationEvents(v3, versions.v3.docsRoute)[0]!.example;
    const body = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const sign = (timestamp: number, signed: string, key = secret) =>
      createHmac('sha256', key).update(`${timestamp}.${signed}`).digest('hex');
    const send = async (header: string, sentBody = body) =>
      (await fetch(origin, {method: 'POST', headers: {'Content-Type': 'application/json', 'Tessera-Signature': header}, body: sentBody}))
        .status;
    assert.equal(await send(`t=${now},v1=${sign(now, body)}`), 200, 'a correctly signed notification');
    assert.equal(await send(`t=${now},v1=${sign(now, body, 'whsec_old')},v1=${sign(now, body)}`), 200, 'during a secret rotation');
    assert.equal(await send(`t=${now},v1=${sign(now, body, 'whsec_other')}`), 400, 'signed with another secret');
    assert.equal(await send(`t=${now},v1=${sign(now, body)}`, body.replace('sandbox', 'production')), 400, 'a tampered body');
    const old = now - toleranceSeconds() - 5;
    assert.equal(await send(`t=${old},v1=${sign(old, body)}`), 400, 'a replay older than the tolerance');
    assert.equal(await send(''), 400, 'no signature');
  } finally {
    server.kill();
  }
});

test('a table in a field description is shown as a table under the fields, not as pipes in a cell', () => {
  for (const [file, docsRoute] of [
    [apiFiles.v3, '/docs/3.0.0'],
    [apiFiles.v1, '/docs/1.0.0'],
  ] as const) {
    const {pages} = objectPages(loadApiDocument(file) as JsonObject, docsRoute, file, () => '');
    for (const page of pages) {
      const rows = page.mdx.split('\n').filter((line) => line.startsWith('| `'));
      for (const row of rows) assert.doesNotMatch(row, /<br \/>\\\|/, `${page.route}: a table row inside a cell: ${row.slice(0, 120)}`);
      if (page.mdx.includes('<FieldValues '))
        assert.match(
          page.mdx,
          /^import FieldValues from '@site\/src\/components\/FieldValues';$/m,
          `${page.route} uses FieldValues without importing it`,
        );
      for (const [, id] of page.mdx.matchAll(/\(#(field-[a-z0-9-]+)\)/g))
        assert.match(page.mdx, new RegExp(`^<FieldValues id="${id}">$`, 'm'), `${page.route} links #${id}, which no block has`);
    }
    if (file === apiFiles.v3) {
      const order = pages.find((page) => page.schemaName === 'Order')!;
      assert.match(
        order.mdx,
        /<FieldValues id="field-status">\n\n\*\*`status`\*\*\n\n\| Status \| Meaning \| Next statuses \|\n\|---\|---\|---\|\n\| `authorized` \|/,
      );
    }
  }
});
