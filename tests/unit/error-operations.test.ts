/**
 * An error page lists only operations that can return its code: the catalogue reads the codes an
 * operation returns from its error responses' examples and schemas (never from prose), and the
 * file itself must not contradict that — a response description names only codes the response
 * carries, a code named after a request header (`idempotency_…`) or about one authentication
 * scheme's credentials is listed only for operations that take that header or use that scheme, and a response description that names the statuses
 * refusing an operation names exactly the ones its `x-tessera-allowed-statuses` refuse.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {loadApiDocument, apiFiles, resolveRef, type JsonObject, operationsOf, responsesOf, type OperationRef} from '../../src/lib/openapi';
import {errorCatalogue, errorPages, responseDescriptionProblems, retryAdvice} from '../../scripts/reference/error-catalogue';

const versions = {v3: {file: apiFiles.v3, docsRoute: '/docs/3.0.0'}, v1: {file: apiFiles.v1, docsRoute: '/docs/1.0.0'}};

/** Header parameters an operation takes (own and path-level are both declared on the operation here). */
function headersOf(document: JsonObject, operation: OperationRef): Set<string> {
  const item = ((document.paths as JsonObject)[operation.path] ?? {}) as JsonObject;
  const parameters = [...((item.parameters as unknown[]) ?? []), ...((operation.operation.parameters as unknown[]) ?? [])];
  return new Set(
    parameters
      .map((parameter) => resolveRef(document, parameter))
      .filter((parameter) => parameter.in === 'header')
      .map((parameter) => String(parameter.name).toLowerCase()),
  );
}

/** The HTTP auth schemes (`basic`, `bearer`) an operation accepts. */
function authSchemesOf(document: JsonObject, operation: OperationRef): Set<string> {
  const schemes = ((document.components as JsonObject).securitySchemes ?? {}) as Record<string, JsonObject>;
  const requirements = (operation.operation.security ?? document.security ?? []) as Array<Record<string, unknown>>;
  return new Set(requirements.flatMap((requirement) => Object.keys(requirement).map((name) => String(schemes[name]?.scheme ?? name))));
}

/** Problems of a catalogue: operations listed for a code that, by the file's own terms, cannot return it. */
function listingProblems(document: JsonObject, docsRoute: string): string[] {
  const headerNames = new Set<string>();
  const collectHeaders = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(collectHeaders);
    const object = node as JsonObject;
    if (object.in === 'header' && typeof object.name === 'string') headerNames.add(object.name.toLowerCase());
    Object.values(object).forEach(collectHeaders);
  };
  collectHeaders(document);
  const schemeNames = new Set(
    Object.values(((document.components as JsonObject).securitySchemes ?? {}) as Record<string, JsonObject>).map((scheme) =>
      String(scheme.scheme ?? ''),
    ),
  );
  const problems: string[] = [];
  for (const entry of errorCatalogue(document, docsRoute)) {
    // A code named after a header (`idempotency_…` and `Idempotency-Key`) is about that header.
    const headers = [...headerNames].filter((name) => entry.code.startsWith(`${name.split('-')[0]}_`));
    // A code whose condition is about one scheme's credentials ("The bearer secret has …").
    const schemes = [...schemeNames].filter((scheme) => scheme && new RegExp(`^The ${scheme}\\b`, 'i').test(entry.when));
    for (const operation of entry.operations) {
      for (const header of headers)
        if (!headersOf(document, operation).has(header))
          problems.push(`${entry.code} is listed for ${operation.operationId}, which takes no ${header} header`);
      for (const scheme of schemes)
        if (!authSchemesOf(document, operation).has(scheme))
          problems.push(`${entry.code} is listed for ${operation.operationId}, which does not use ${scheme} authentication`);
      // A code whose remedy is new credentials (an expired bearer secret or access token) needs a bearer credential.
      if (entry.retry === 'new_secret_same_key' && !authSchemesOf(document, operation).has('bearer'))
        problems.push(`${entry.code} is listed for ${operation.operationId}, which takes no bearer credential that could expire`);
      if (entry.refusedStatuses && !operation.operation['x-tessera-allowed-statuses'])
        problems.push(`${entry.code} lists refused statuses, but ${operation.operationId} has no x-tessera-allowed-statuses`);
    }
  }
  return problems;
}

/** A response description that names statuses of the operation's status schema names exactly the refused ones. */
function statusDescriptionProblems(document: JsonObject, docsRoute: string): string[] {
  const schemas = (document.components as JsonObject).schemas as Record<string, JsonObject>;
  const problems: string[] = [];
  for (const operation of operationsOf(document, docsRoute)) {
    const allowed = operation.operation['x-tessera-allowed-statuses'] as {schema: string; statuses: string[]} | undefined;
    if (!allowed) continue;
    const values = (schemas[allowed.schema]!.enum as string[]) ?? [];
    const refused = values.filter((status) => !allowed.statuses.includes(status)).sort();
    for (const [status, response] of responsesOf(document, operation.operation)) {
      if (!/^4/.test(status) || typeof response.description !== 'string') continue;
      // Only the sentence that names the refusal: "… (`code`): it is `a`, `b` or `c`."
      const refusal = /\(`[a-z_]+`\)[:,][^.]*?(?:it is|is) ((?:`[a-z_]+`(?:, | or | and )?)+)/.exec(
        response.description.replace(/\s+/g, ' '),
      );
      if (!refusal) continue;
      const named = [...refusal[1]!.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]!).filter((value) => values.includes(value));
      if (named.length && named.sort().join() !== refused.join())
        problems.push(
          `${operation.operationId} ${status}: the description names ${named.join(', ')}; the operation refuses ${refused.join(', ')}`,
        );
    }
  }
  return problems;
}

/**
 * The converse for headers: a header parameter whose description promises a code ("fails with
 * `409 idempotency_request_in_progress`") makes every operation that takes the header return it.
 */
function headerPromiseProblems(document: JsonObject, docsRoute: string): string[] {
  const parameters = ((document.components as JsonObject).parameters ?? {}) as Record<string, JsonObject>;
  const catalogue = errorCatalogue(document, docsRoute);
  const problems: string[] = [];
  for (const parameter of Object.values(parameters)) {
    if (parameter.in !== 'header' || typeof parameter.description !== 'string') continue;
    const header = String(parameter.name).toLowerCase();
    const codes = [...parameter.description.matchAll(/`\d{3} ([a-z][a-z_]*)`/g)].map((match) => match[1]!);
    for (const operation of operationsOf(document, docsRoute)) {
      if (!headersOf(document, operation).has(header)) continue;
      for (const code of codes) {
        const entry = catalogue.find((candidate) => candidate.code === code);
        if (!entry?.operations.some((listed) => listed.operationId === operation.operationId))
          problems.push(`${operation.operationId} takes ${parameter.name}, whose description promises ${code}, but cannot return it`);
      }
    }
  }
  return problems;
}

for (const [version, {file, docsRoute}] of Object.entries(versions)) {
  const document = loadApiDocument(file) as JsonObject;

  test(`${version}: every error response description names only codes the response carries`, () => {
    assert.deepEqual(responseDescriptionProblems(document, docsRoute), []);
  });

  test(`${version}: every error page lists only operations that can return its code`, () => {
    assert.deepEqual(listingProblems(document, docsRoute), []);
    assert.deepEqual(statusDescriptionProblems(document, docsRoute), []);
  });

  test(`${version}: every operation that takes a header returns the codes the header's description promises`, () => {
    assert.deepEqual(headerPromiseProblems(document, docsRoute), []);
  });
}

const v3 = loadApiDocument(apiFiles.v3) as JsonObject;
const paths = () => structuredClone(v3) as JsonObject & {paths: Record<string, Record<string, JsonObject>>};

test('the checks fail on an operation that cannot return a code its responses carry', () => {
  const changed = paths();
  // A PATCH without Idempotency-Key that answers 409 with the idempotency conflict.
  const patchToken = Object.values(changed.paths).find((item) => item.patch?.operationId === 'patchToken')!.patch!;
  const createSession = changed.paths['/v3/sessions']!.post!;
  (patchToken.responses as JsonObject)['409'] = structuredClone((createSession.responses as JsonObject)['409']);
  // The secret endpoint (basic auth) answering with the bearer 401.
  const secret = Object.values(changed.paths).find((item) => item.post?.operationId === 'generateASecret')!.post!;
  (secret.responses as JsonObject)['401'] = {$ref: '#/components/responses/Unauthorized'};
  const problems = listingProblems(changed, '/docs/3.0.0');
  assert.ok(problems.some((problem) => problem.startsWith('idempotency_request_in_progress is listed for patchToken')));
  assert.ok(problems.some((problem) => problem.startsWith('secret_expired is listed for generateASecret')));
});

test('a code named only in a response description does not list the operation, and the description is reported', () => {
  const changed = paths();
  const rejected = (changed.paths['/v3/sessions']!.post!.responses as Record<string, JsonObject>)['422']!;
  rejected.description += ' Or the currency differs from the session (`currency_mismatch`).';
  const listed = errorCatalogue(changed, '/docs/3.0.0').find((entry) => entry.code === 'currency_mismatch')!;
  assert.ok(!listed.operations.some((operation) => operation.operationId === 'createSession'));
  assert.ok(responseDescriptionProblems(changed, '/docs/3.0.0').some((problem) => problem.includes('createSession 422')));
});

test('a response description naming other statuses than the operation refuses is reported', () => {
  const changed = paths();
  (changed.paths['/v3/sessions/{sessionId}/metadata']!.put!.responses as Record<string, JsonObject>)['409']!.description =
    'The session can no longer change (`session_not_modifiable`): it is `completed`, `cancelled`, `expired` or `rejected`.';
  assert.ok(statusDescriptionProblems(changed, '/docs/3.0.0').some((problem) => problem.startsWith('updateMetadata 409')));
});

test('the session_not_modifiable page lists the statuses each operation refuses', () => {
  const page = errorPages(v3, '/docs/3.0.0', 'Tessera API', apiFiles.v3, '').pages.find(
    (entry) => entry.code === 'session_not_modifiable',
  )!;
  const row = page.mdx.split('\n').find((line) => line.includes('/v3/sessions/{sessionId}/metadata'))!;
  assert.match(row, /\| `cancelled`, `expired`, `rejected` \|$/);
  assert.doesNotMatch(page.mdx, /because it is `completed`/);
});

const stopWords = new Set('a an the to of and or is it its that this with for on in be so not do did your you same after then'.split(' '));
const contentWords = (sentence: string) =>
  new Set(
    sentence
      .toLowerCase()
      .replace(/[`*,.;:()]/g, ' ')
      .split(/\s+/)
      .filter((word) => word && !stopWords.has(word)),
  );
const sentencesOf = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+/)
    .filter(Boolean);
/** Share of the shorter sentence's content words that the other one repeats. */
function overlap(first: string, second: string): number {
  const [a, b] = [contentWords(first), contentWords(second)];
  return [...a].filter((word) => b.has(word)).length / Math.max(1, Math.min(a.size, b.size));
}

/** Sentences an error page says twice: verbatim anywhere, or the retry advice restated in "What to do". */
function repeatedSentences(document: JsonObject, docsRoute: string): string[] {
  const problems: string[] = [];
  for (const entry of errorCatalogue(document, docsRoute)) {
    const advice = sentencesOf(retryAdvice[entry.retry]);
    const all = [...advice, ...sentencesOf(entry.when), ...sentencesOf(entry.action)];
    for (const sentence of new Set(all.filter((candidate, index) => all.indexOf(candidate) !== index)))
      problems.push(`${entry.code}: "${sentence}" twice`);
    for (const said of advice)
      for (const action of sentencesOf(entry.action))
        if (overlap(said, action) >= 0.6) problems.push(`${entry.code}: "${action}" restates the retry advice "${said}"`);
  }
  return problems;
}

for (const [version, {file, docsRoute}] of Object.entries(versions)) {
  test(`${version}: no error page says a sentence twice`, () => {
    assert.deepEqual(repeatedSentences(loadApiDocument(file) as JsonObject, docsRoute), []);
  });
}

test('an action that restates the retry advice is reported', () => {
  const changed = structuredClone(v3) as JsonObject & {'x-error-catalogue': Record<string, {action: string}>};
  changed['x-error-catalogue'].internal_error!.action =
    'Retry with exponential back-off. Because you send the same key, an operation that did take effect is not done twice.';
  assert.ok(repeatedSentences(changed, '/docs/3.0.0').some((problem) => problem.startsWith('internal_error:')));
});

test('an error whose advice says a later attempt can succeed is not told "do not retry": its retry kind allows a later attempt', () => {
  for (const [version, {file, docsRoute}] of Object.entries(versions)) {
    for (const entry of errorCatalogue(loadApiDocument(file) as JsonObject, docsRoute)) {
      if (!/\b(later|another) (retry|attempt)[^.]*\bcan succeed/i.test(entry.action)) continue;
      assert.ok(
        !/^Do not retry\b/.test(retryAdvice[entry.retry]),
        `${version} ${entry.code}: the action says a later attempt can succeed, the retry advice (${entry.retry}) says "${retryAdvice[entry.retry].split('.')[0]}"`,
      );
    }
  }
  assert.equal(errorCatalogue(v3, '/docs/3.0.0').find((entry) => entry.code === 'payment_declined')?.retry, 'later_new_key');
});
