/**
 * Every fact a page or an OpenAPI description states agrees with the OpenAPI files and the SDK
 * types (src/lib/content-checks.ts): backticked error codes, statuses, event names and
 * `NNN code` pairs, the fact components, JSON and Content-Security-Policy samples, links, and
 * the statuses an operation is allowed in.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {apiFiles, apiOperations, disallowedStatuses, resolve, siteDir, type JsonObject, SchemaValidator} from '../../src/lib/openapi';
import {
  arithmeticProblems,
  binaryChoiceProblems,
  fieldKindProblems,
  combinedVocabulary,
  cspSampleProblems,
  formatProblem,
  jsonSampleProblems,
  linkProblems,
  mentionProblems,
  openApiDescriptions,
  sdkProseProblems,
  siteRoutes,
  vocabulary,
  type ContentProblem,
} from '../../src/lib/content-checks';
import {expandFactsInSource, factComponents, factSources} from '../../src/lib/facts';
import {authoredPages, codeFences} from '../support/guides';
import {allSpecRoutes} from '../spec-routes';

const sources = factSources();
const words = {v1: vocabulary(sources, 'v1'), v3: vocabulary(sources, 'v3')};
const pages = authoredPages().map((file) => ({file: path.relative(siteDir, file), text: readFileSync(file, 'utf8')}));
/** A page that compares the versions (the migration guide) may name V1 codes and values too. */
const wordsFor = (text: string) =>
  /^compares_api_versions:\s*true\s*$/m.test(text.split('\n---')[0] ?? '') ? combinedVocabulary(words.v3, words.v1) : words.v3;
const report = (problems: ContentProblem[]) => problems.map(formatProblem);

test('every backticked error code, status, event and NNN code pair on a page is one the API or SDK defines', () => {
  let checked = 0;
  const problems: ContentProblem[] = [];
  for (const page of pages) {
    const result = mentionProblems(page.text, page.file, wordsFor(page.text));
    checked += result.checked;
    problems.push(...result.problems);
  }
  console.log(`validated ${checked} mentions on ${pages.length} pages`);
  assert.deepEqual(report(problems), []);
});

test('every OpenAPI description mentions only the codes, statuses and events of its own version', () => {
  let checked = 0;
  const problems: ContentProblem[] = [];
  for (const version of ['v3', 'v1'] as const) {
    const yaml = readFileSync(path.join(siteDir, apiFiles[version]), 'utf8');
    for (const description of openApiDescriptions(yaml)) {
      const result = mentionProblems(description.text, apiFiles[version], words[version], description.line);
      checked += result.checked;
      problems.push(...result.problems);
    }
  }
  console.log(`validated ${checked} mentions in the OpenAPI descriptions`);
  assert.deepEqual(report(problems), []);
});

test('every fact component renders from the data', () => {
  let rendered = 0;
  const pattern = new RegExp(`<(${factComponents.join('|')})\\b`, 'g');
  for (const page of pages) {
    rendered += page.text.match(pattern)?.length ?? 0;
    assert.doesNotThrow(() => expandFactsInSource(page.text, sources), page.file);
  }
  console.log(`${rendered} facts rendered from the OpenAPI files and the SDK types`);
  assert.ok(rendered > 0);
});

test('every JSON sample validates, every CSP sample matches the SDK, every link has a page', () => {
  const validator = new SchemaValidator(sources.v3, 'v3-content-checks');
  const routes = siteRoutes();
  const problems: ContentProblem[] = [];
  for (const page of pages) {
    const fences = codeFences(path.join(siteDir, page.file));
    problems.push(...jsonSampleProblems(fences, page.file, sources.v3, validator));
    problems.push(...cspSampleProblems(fences, page.file, sources));
    problems.push(...linkProblems(expandFactsInSource(page.text, sources), page.file, routes));
  }
  assert.deepEqual(report(problems), []);
});

test('the link check knows every route of the spec without the generated pages', () => {
  const routes = siteRoutes();
  assert.deepEqual(
    allSpecRoutes.filter((route) => !routes.has(route)),
    [],
  );
});

test('client samples subscribe to events that fire before init settles only through options.on', () => {
  const events = sources.sdk.beforeInitEvents;
  assert.deepEqual(events.sort(), ['load_failed', 'ready']);
  const problems: string[] = [];
  for (const page of pages) {
    for (const fence of codeFences(path.join(siteDir, page.file)).filter((candidate) => candidate.language === 'ts')) {
      fence.code.split('\n').forEach((line, index) => {
        const subscribed = /\.on\(\s*['"]([a-z_]+)['"]/.exec(line)?.[1];
        if (subscribed && events.includes(subscribed)) {
          problems.push(
            `${page.file}:${fence.line + 1 + index}: client.on('${subscribed}') never fires: ${subscribed} fires before Tessera.init settles, so pass the handler in options.on`,
          );
        }
      });
    }
  }
  assert.deepEqual(problems, []);
});

/** The statuses a description names in backticks, among those of the schema. */
const namedStatuses = (text: string, statuses: string[]) =>
  new Set([...text.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]!).filter((word) => statuses.includes(word)));

test('the statuses an operation is allowed in are stated once, and its 409 descriptions agree', () => {
  const v3 = sources.v3;
  const problems: string[] = [];
  for (const operation of apiOperations(v3).values()) {
    const allowed = operation.operation['x-tessera-allowed-statuses'] as {schema: string; statuses: string[]} | undefined;
    if (!allowed) continue;
    const disallowed = disallowedStatuses(v3, operation.operationId).statuses;
    const conflict = resolve(v3, (operation.operation.responses as JsonObject)['409']);
    const named = namedStatuses(String(conflict?.description ?? ''), [...allowed.statuses, ...disallowed]);
    // A 409 that names statuses names exactly those the operation fails in.
    if (named.size && [...named].sort().join() !== [...disallowed].sort().join()) {
      problems.push(`${operation.operationId}: its 409 says ${[...named].join(', ')}, but it fails in ${disallowed.join(', ')}`);
    }
  }
  // The summary table in SessionStatus lists the same statuses as the operations.
  const description = String(v3.components?.schemas?.SessionStatus?.description ?? '');
  for (const match of description.matchAll(/^\|\s*((?:`\w+`(?:,\s*)?)+)\s*\|\s*(.+?)\s*\|$/gm)) {
    const operationIds = [...match[1]!.matchAll(/`(\w+)`/g)].map((found) => found[1]!);
    for (const operationId of operationIds) {
      const allowed = apiOperations(v3).get(operationId)?.operation['x-tessera-allowed-statuses'] as {statuses: string[]} | undefined;
      if (!allowed) continue;
      const listed = /every status/.test(match[2]!) ? [...allowed.statuses] : [...match[2]!.matchAll(/`(\w+)`/g)].map((found) => found[1]!);
      if (listed.sort().join() !== [...allowed.statuses].sort().join())
        problems.push(
          `SessionStatus table: ${operationId} allowed in ${listed.join(', ')}, x-tessera-allowed-statuses says ${allowed.statuses.join(', ')}`,
        );
    }
  }
  assert.deepEqual(problems, []);
});

test('the checks catch what they are for', () => {
  const mention = (text: string) => report(mentionProblems(text, 'page.mdx', words.v3).problems);
  assert.match(mention('It fails with `409 idempotency_key_reused`.').join(), /answers idempotency_key_reused with 422, not 409/);
  assert.match(mention('| 409 | `idempotency_key_reused` | Use a new key. |').join(), /with 422, not 409/);
  assert.match(mention('It fails with `403` and code `session_not_modifiable`.').join(), /with 409, not 403/);
  assert.match(mention('The session is `awaiting_confirmation`.').join(), /`awaiting_confirmation` is not/);
  assert.match(mention('Tessera sends `session.approved`.').join(), /`session.approved` is not/);
  assert.deepEqual(
    mention('The session is `awaiting_decision`; `Tessera.init` fails with `invalid_client_token`; Tessera sends `session.completed`.'),
    [],
  );
  assert.deepEqual(mention('```json\n{"code": "not_a_code"}\n```'), [], 'code fences are samples, not prose');
  assert.match(
    report(linkProblems('See [the guide](/docs/3.0.0/guides/guides/missing_page).', 'page.mdx', siteRoutes())).join(),
    /missing_page: no such page/,
  );
  const csp = cspSampleProblems(
    [
      {
        language: 'http',
        meta: {},
        line: 1,
        code: 'Content-Security-Policy: script-src https://js.tessera.example; connect-src https://api.tessera.example',
      },
    ],
    'page.mdx',
    sources,
  );
  assert.match(report(csp).join('\n'), /lacks frame-src/);
  assert.match(report(csp).join('\n'), /connect-src, which the SDK does not need/);
});

test('a completed auto-captured session without captureId fails validation', () => {
  const validator = new SchemaValidator(sources.v3, 'v3-capture-rule');
  const examples = Object.values(sources.v3.components?.examples ?? {}).map((entry) => entry.value as JsonObject | undefined);
  const completed = structuredClone(
    examples.find((value) => value?.status === 'completed' && value.type === 'payment' && typeof value.orderId === 'string'),
  );
  assert.ok(completed, 'the OpenAPI file has a completed payment session example');
  Object.assign(completed, {autoCapture: true, captureId: 'c41d7e92-0a6b-4f35-8d2c-9b17e6a30f58'});
  assert.deepEqual(validator.validate('#/components/schemas/Session', completed), []);
  delete completed.captureId;
  assert.notDeepEqual(validator.validate('#/components/schemas/Session', completed), []);
});

test('counts, payloads and browsers that prose says about the SDK types come from the types', () => {
  const problems = pages.flatMap((page) => sdkProseProblems(page.text, page.file, sources));
  assert.deepEqual(report(problems), []);
  const check = (text: string) => report(sdkProseProblems(text, 'page.mdx', sources)).join('\n');
  assert.match(check('`TesseraInitOptions` has four fields.'), /has 5 fields/);
  assert.match(check('| `unlocked` | `{sessionId: string}` | fires |'), /carries sessionId, automatic/);
  assert.match(check('### unlocked\n\nText.\n\n| Field | Type |\n| --- | --- |\n| `sessionId` | `string` |\n'), /fields of unlocked/);
  assert.match(check('Use Safari 14 or later.'), /SupportedBrowsers/);
  assert.equal(check('`TesseraInitOptions` has <MemberCount type="TesseraInitOptions" /> fields. Supported: <SupportedBrowsers />.'), '');
});

test('the glossary names enumeration values as the schemas define them', () => {
  const file = 'src/pages/markdown-page.md';
  const text = readFileSync(path.join(siteDir, file), 'utf8');
  assert.deepEqual(report(binaryChoiceProblems(text, file, sources.v3)), []);
  assert.match(expandFactsInSource(text, sources), /Your answer, `approve` or `reject`,/);
  assert.match(report(binaryChoiceProblems('Your answer, accept or reject, when …', file, sources.v3)).join(), /approve and reject/);
});

test('worked arithmetic on the pages adds up to the decimals it shows', () => {
  assert.deepEqual(report(pages.flatMap((page) => arithmeticProblems(page.text, page.file))), []);
  const check = (text: string) => report(arithmeticProblems(text, 'page.mdx')).join('\n');
  assert.match(check('1000 × 8090 ÷ 10670 = 758.18 and 1000 × 2580 ÷ 10670 = 241.80.'), /758\.18: the expression is 758\.20/);
  assert.equal(check('8090 + 2580 + 590 − 758 − 242 = 10260, and −758 × 1900 ÷ 11900 = −121.03.'), '');
  assert.match(check('1 × (−758) − 0 = −757'), /the expression is -758/);
});

test('what prose says a field holds (a Money object, an integer, a string) is what the OpenAPI file says', () => {
  const v3Pages = pages.filter((page) => !page.file.startsWith('versioned_docs/'));
  assert.deepEqual(report(v3Pages.flatMap((page) => fieldKindProblems(page.text, page.file, sources.v3))), []);
  const check = (text: string) => report(fieldKindProblems(text, 'page.mdx', sources.v3)).join('\n');
  assert.match(
    check('`expectedMonthlyVolume` is an integer in minor units.'),
    /said to be integer, but the file's `expectedMonthlyVolume` is money or object/,
  );
  assert.match(check('`cart.orderLines[].unitPrice` is a Money object.'), /`unitPrice` is integer/);
  assert.equal(check('`expectedMonthlyVolume` is a Money object; `expectedMonthlyVolume.amount` is an integer.'), '');
  assert.equal(check('`noSuchField` is a string.'), '');
});

test('every operation that takes a bearer secret names the permission it needs, and the permissions table lists them all', () => {
  const {v3} = factSources();
  const permissions = Object.keys(
    ((v3.components?.securitySchemes as Record<string, JsonObject> | undefined)?.bearerAuth?.['x-tessera-permissions'] as
      JsonObject | undefined) ?? {},
  );
  assert.ok(permissions.length > 0, 'bearerAuth lists no x-tessera-permissions');
  const wrong = [...apiOperations(v3).values()]
    .filter((operation) => operation.kind === 'path' && JSON.stringify(operation.operation.security ?? v3.security).includes('bearerAuth'))
    .flatMap((operation) => {
      const needs = operation.operation['x-tessera-permission'];
      return typeof needs === 'string' && permissions.includes(needs) ? [] : [`${operation.operationId}: ${String(needs)}`];
    });
  assert.deepEqual(wrong, []);
  const table = expandFactsInSource('<ApiPermissions />');
  for (const permission of permissions) assert.ok(table.includes(`\`${permission}\``), `${permission} is not in the table`);
  assert.match(table, /\[Capture an order\]\(\/docs\/3\.0\.0\/api\/capture-an-order\)/);
});

test('a client sample that sends the shopper to the confirmation page keeps the session id, as merchantUrls.confirmation does', () => {
  const navigations = authoredPages()
    .flatMap(codeFences)
    .filter((fence) => ['ts', 'tsx', 'js', 'javascript'].includes(fence.language))
    .flatMap((fence) =>
      [...fence.code.matchAll(/location\.(?:assign|replace|href)\b[^\n]*\/checkout\/confirmation[^\n]*/g)].map((match) => ({
        where: `${path.relative(siteDir, fence.file)}:${fence.line}`,
        line: match[0],
      })),
    );
  assert.ok(navigations.length > 1, 'no sample navigates to the confirmation page: the check no longer looks at anything');
  assert.deepEqual(
    navigations.filter(({line}) => !/[?&]session=\$\{/.test(line)).map(({where, line}) => `${where}: ${line}`),
    [],
  );
});

test('the {sessionId} placeholder is promised only for the merchant URLs that are URI templates', () => {
  const {v3} = factSources();
  const merchantUrls = resolve(v3, {$ref: '#/components/schemas/MerchantUrls'}) as JsonObject;
  const properties = merchantUrls.properties as Record<string, JsonObject>;
  const templates = Object.keys(properties).filter((name) => properties[name]!.format === 'uri-template');
  const plain = Object.keys(properties).filter((name) => !templates.includes(name));
  assert.deepEqual(templates, ['confirmation', 'cancel']);
  const description = String(merchantUrls.description);
  for (const name of [...templates, ...plain])
    assert.ok(description.includes(`\`${name}\``), `MerchantUrls does not say what ${name} takes`);
  const overPromises = authoredPages().flatMap((file) =>
    [
      ...readFileSync(file, 'utf8').matchAll(
        /\b(?:any|every|all)(?: merchant)? URLs? (?:may|can) (?:contain|hold|use)[^.\n]*\{sessionId\}/gi,
      ),
    ].map((match) => `${path.relative(siteDir, file)}: ${match[0]}`),
  );
  assert.deepEqual(overPromises, []);
});
