/**
 * The error catalogue of an OpenAPI file. Each `code` has an entry in the file's
 * `x-error-catalogue` extension (when it happens, what to do, whether to retry); its HTTP status,
 * title and example body come from the problem examples of the same file, and the operations that
 * return it from their error responses. So the catalogue says each fact once and follows the
 * operations the file gains or loses.
 */
import {site} from '../../config/site-constants';
import {firstSentence, frontMatterValue, generatedMarker, jsonFence, mdxText, tableCell} from './mdx';
import {errorRoute, errorsFolder, operationsOf, resolveRef, responsesOf, type JsonObject, type OperationRef} from '../../src/lib/openapi';

/** How a client recovers: the values `retry` may take in `x-error-catalogue`. */
export const retryAdvice = {
  no: 'Do not retry: the same request fails again whatever the key. Follow the advice below instead.',
  fix_same_key:
    'Do not retry unchanged. Fix the request, then send it again; you may keep the same `Idempotency-Key`, because Tessera does not store this response against the key.',
  fix_new_key:
    'Do not retry unchanged: the same request with the same key fails again. Fix what the advice below says and send the corrected request with a new `Idempotency-Key`.',
  same_key:
    'Retry the same request with the same `Idempotency-Key`, after a back-off, so that an operation that did take effect is not done twice.',
  new_secret_same_key: 'Get new credentials first, then retry the same request with the same `Idempotency-Key`.',
  later_new_key:
    'Not at once and not with the same key: this answer is stored against it and would be returned again. Where the advice below says a later attempt can succeed, send the request again later with a new `Idempotency-Key`; otherwise do not retry.',
} as const;

export type RetryAdvice = keyof typeof retryAdvice;

/** One line for the index. */
const retryShort: Record<RetryAdvice, string> = {
  no: 'Do not retry',
  fix_same_key: 'Fix, then resend (same key allowed)',
  fix_new_key: 'Fix, then resend with a new key',
  same_key: 'Retry with the same key',
  new_secret_same_key: 'Renew credentials, retry with the same key',
  later_new_key: 'Depends on the cause: later, with a new key',
};

export const httpStatusText: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * `refusedStatuses: true` marks the code an operation answers when its `x-tessera-allowed-statuses`
 * refuse the resource's status: its page then lists, per operation, the statuses that refuse it.
 */
export type CatalogueExtensionEntry = {when?: unknown; action?: unknown; retry?: unknown; example?: unknown; refusedStatuses?: unknown};

export type ErrorCode = {
  code: string;
  status: number;
  title: string;
  when: string;
  action: string;
  retry: RetryAdvice;
  example: ProblemBody;
  typeUri: string;
  route: string;
  operations: OperationRef[];
  refusedStatuses: boolean;
};

/** The `type` URI of a code: the address of its page on this site. */
export const errorTypeUri = (docsRoute: string, code: string): string => `${site.url}${errorRoute(docsRoute, code)}`;

export function catalogueExtension(document: JsonObject): Record<string, CatalogueExtensionEntry> {
  return (document['x-error-catalogue'] ?? {}) as Record<string, CatalogueExtensionEntry>;
}

/** A problem body: the object every error example is (`code`, `status`, `title`). */
export type ProblemBody = {code: string; status: number; title: string; type?: unknown; [member: string]: unknown};

export function isProblem(value: unknown): value is ProblemBody {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const object = value as JsonObject;
  return typeof object.code === 'string' && typeof object.status === 'number' && typeof object.title === 'string';
}

/** Is this response's body a problem (`application/problem+json`)? */
function isErrorResponse(response: JsonObject): boolean {
  return Object.keys((response.content ?? {}) as JsonObject).some((type) => type === 'application/problem+json');
}

/**
 * Codes named in prose: "code `x`" anywhere (not "decline code"), and "(`x`)" in an error
 * response; either may already be a link to the code's page (`[`x`](…)`).
 */
export function codesInProse(text: string, isErrorResponseDescription: boolean): string[] {
  const codes = [...text.matchAll(/(?<!decline )\bcodes? \[?`([a-z][a-z0-9_]*)`/g)].map((match) => match[1]!);
  if (isErrorResponseDescription) {
    codes.push(...[...text.matchAll(/\(\[?`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`(?:\]\([^)\s]*\))?\)/g)].map((match) => match[1]!));
  }
  return codes;
}

/** The problem examples of a response, resolved. */
function problemExamples(document: JsonObject, response: JsonObject): ProblemBody[] {
  const found: ProblemBody[] = [];
  for (const media of Object.values((response.content ?? {}) as Record<string, JsonObject>)) {
    if (isProblem(media.example)) found.push(media.example);
    for (const example of Object.values((media.examples ?? {}) as JsonObject)) {
      const value = resolveRef(document, example).value;
      if (isProblem(value)) found.push(value);
    }
  }
  return found;
}

/**
 * The `code` a problem schema pins with `const` (through `$ref` and `allOf`). An `enum` does not
 * count: a shared problem schema lists every code of the API, not what one response carries.
 */
function schemaCodes(document: JsonObject, schema: unknown): string[] {
  const resolved = resolveRef<JsonObject | undefined>(document, schema);
  if (!resolved || typeof resolved !== 'object') return [];
  const code = resolveRef<JsonObject | undefined>(document, (resolved.properties as JsonObject | undefined)?.code);
  return [
    ...(typeof code?.const === 'string' ? [code.const] : []),
    ...((resolved.allOf as unknown[] | undefined) ?? []).flatMap((part) => schemaCodes(document, part)),
  ];
}

/**
 * The codes an error response can carry: the codes of its problem examples and the one its schema
 * pins. Prose does not count: a description that names a code its examples lack is a mistake
 * in the file (see `responseDescriptionProblems`), not a way to list an operation.
 */
export function codesOfResponse(document: JsonObject, response: JsonObject): string[] {
  const codes = problemExamples(document, response).map((example) => example.code);
  for (const media of Object.values((response.content ?? {}) as Record<string, JsonObject>))
    codes.push(...schemaCodes(document, media.schema));
  return [...new Set(codes)];
}

/** Error responses whose description names a code that the response itself cannot carry. */
export function responseDescriptionProblems(document: JsonObject, docsRoute: string): string[] {
  const problems: string[] = [];
  const check = (where: string, response: JsonObject) => {
    if (!isErrorResponse(response) || typeof response.description !== 'string') return;
    const carried = new Set(codesOfResponse(document, response));
    for (const code of codesInProse(response.description, true))
      if (!carried.has(code))
        problems.push(`${where}: the description names \`${code}\`, which no example or schema of the response carries`);
  };
  for (const [name, response] of Object.entries(((document.components as JsonObject | undefined)?.responses ?? {}) as JsonObject))
    check(`#/components/responses/${name}`, response as JsonObject);
  for (const operation of operationsOf(document, docsRoute)) {
    for (const [status, response] of Object.entries((operation.operation.responses ?? {}) as JsonObject)) {
      if (!(response as JsonObject).$ref) check(`${operation.operationId} ${status}`, response as JsonObject);
    }
  }
  return problems;
}

export type CodeUsage = {code: string; where: string; status?: number};

/**
 * Every place either file uses a code: problem bodies in examples (their `code` and the code their
 * `type` URI ends in), the descriptions of error responses, and prose anywhere that says "code `x`".
 * The catalogue extension itself is not a use.
 */
export function codeUsages(document: JsonObject): CodeUsage[] {
  const usages: CodeUsage[] = [];
  const visit = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((child, index) => visit(child, `${pointer}/${index}`));
    const object = node as JsonObject;
    if (isProblem(object)) {
      usages.push({code: object.code, where: `${pointer}/code`, status: object.status});
      const typeCode = typeof object.type === 'string' ? /\/errors\/([a-z0-9_]+)$/.exec(object.type)?.[1] : undefined;
      if (typeCode) usages.push({code: typeCode, where: `${pointer}/type`, status: object.status});
    }
    if (typeof object.description === 'string') {
      for (const code of codesInProse(object.description, isErrorResponse(object))) usages.push({code, where: `${pointer}/description`});
    }
    for (const [key, child] of Object.entries(object)) {
      if (pointer === '#' && key === 'x-error-catalogue') continue;
      visit(child, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    }
  };
  visit(document, '#');
  return usages;
}

/** The catalogue: every entry of the extension with its status, title, example and operations. */
export function errorCatalogue(document: JsonObject, docsRoute: string): ErrorCode[] {
  const extension = catalogueExtension(document);
  const examples = new Map<string, ProblemBody>();
  for (const operation of operationsOf(document, docsRoute)) {
    for (const [, response] of responsesOf(document, operation.operation)) {
      for (const example of problemExamples(document, response)) if (!examples.has(example.code)) examples.set(example.code, example);
    }
  }
  const operations = operationsOf(document, docsRoute);
  const codesByOperation = new Map(
    operations.map((operation) => [
      operation.operationId,
      new Set(
        responsesOf(document, operation.operation)
          .filter(([status]) => /^[45]/.test(status))
          .flatMap(([, response]) => codesOfResponse(document, response)),
      ),
    ]),
  );
  return Object.entries(extension)
    .map(([code, entry]): ErrorCode => {
      const example: unknown = examples.get(code) ?? entry.example;
      if (!isProblem(example)) throw new Error(`x-error-catalogue: ${code} has no problem example in the file or the entry`);
      if (typeof entry.when !== 'string' || typeof entry.action !== 'string')
        throw new Error(`x-error-catalogue: ${code} needs "when" and "action"`);
      if (typeof entry.retry !== 'string' || !(entry.retry in retryAdvice)) {
        throw new Error(`x-error-catalogue: ${code} has retry "${String(entry.retry)}"; use one of ${Object.keys(retryAdvice).join(', ')}`);
      }
      return {
        code,
        status: example.status,
        title: example.title,
        when: entry.when,
        action: entry.action,
        retry: entry.retry as RetryAdvice,
        example,
        typeUri: errorTypeUri(docsRoute, code),
        route: errorRoute(docsRoute, code),
        operations: operations.filter((operation) => codesByOperation.get(operation.operationId)?.has(code)),
        refusedStatuses: entry.refusedStatuses === true,
      };
    })
    .sort((a, b) => a.status - b.status);
}

const statusLabel = (status: number) => `${status} ${httpStatusText[status] ?? ''}`.trim();

export type ErrorPages = {pages: {code: string; mdx: string}[]; index: string};

export function errorPages(document: JsonObject, docsRoute: string, apiName: string, sourcePath: string, fenceMeta: string): ErrorPages {
  const catalogue = errorCatalogue(document, docsRoute);
  const pages = catalogue.map((entry, position) => {
    const refused = (operation: OperationRef) => {
      const allowed = operation.operation['x-tessera-allowed-statuses'] as {schema: string; statuses: string[]} | undefined;
      if (!allowed) throw new Error(`${entry.code} has refusedStatuses, but ${operation.operationId} has no x-tessera-allowed-statuses`);
      const values = (((document.components as JsonObject).schemas as JsonObject)[allowed.schema] as JsonObject).enum as string[];
      return values
        .filter((status) => !allowed.statuses.includes(status))
        .map((status) => `\`${status}\``)
        .join(', ');
    };
    const operationsSection = entry.operations.length
      ? [
          entry.refusedStatuses ? '| Operation | Request | Returned in status |' : '| Operation | Request |',
          entry.refusedStatuses ? '|---|---|---|' : '|---|---|',
          ...entry.operations.map(
            (operation) =>
              `| [${tableCell(operation.summary)}](${operation.route}) | \`${operation.method} ${operation.path}\` |${entry.refusedStatuses ? ` ${refused(operation)} |` : ''}`,
          ),
        ].join('\n')
      : `No operation declares it: any operation of the ${apiName} can return it.`;
    const mdx = [
      '---',
      generatedMarker(sourcePath),
      `title: ${frontMatterValue(entry.code)}`,
      `description: ${frontMatterValue(`${statusLabel(entry.status)}: ${entry.title}. ${firstSentence(entry.when)}`)}`,
      `sidebar_label: ${frontMatterValue(entry.code)}`,
      // What a reader types for an error besides its code: its HTTP status and its title. The search
      // lists a page's keywords before any page's text, so "401 secret expired" finds this page
      // above the guides that mention the code.
      `keywords: [${[statusLabel(entry.status), entry.title].map(frontMatterValue).join(', ')}]`,
      `sidebar_position: ${position + 1}`,
      `slug: /${errorsFolder}/${entry.code}`,
      '---',
      '',
      `- **HTTP status:** \`${statusLabel(entry.status)}\``,
      `- **Title:** ${mdxText(entry.title)}`,
      `- **Type:** \`${entry.typeUri}\``,
      `- **Retry:** ${mdxText(retryAdvice[entry.retry])}`,
      '',
      '## When it happens',
      '',
      mdxText(entry.when),
      '',
      '## What to do',
      '',
      mdxText(entry.action),
      '',
      '## Operations that return it',
      '',
      operationsSection,
      '',
      '## Example response',
      '',
      jsonFence(entry.example, `title="${statusLabel(entry.status)} (application/problem+json)" ${fenceMeta}`.trim()),
      '',
      `See all codes in the [error catalogue](${docsRoute}/${errorsFolder}).`,
      '',
    ].join('\n');
    return {code: entry.code, mdx};
  });
  const statuses = [...new Set(catalogue.map((entry) => entry.status))];
  const index = [
    '---',
    generatedMarker(sourcePath),
    'title: Error codes',
    `description: ${frontMatterValue(`Every error code of the ${apiName} by HTTP status: what it means and whether to retry.`)}`,
    `slug: /${errorsFolder}`,
    '---',
    '',
    `Every error of the ${apiName} is an RFC 9457 problem (\`application/problem+json\`) with a stable \`code\`. Branch on \`code\`, never on \`title\` or \`detail\`. The \`type\` of an error is the address of its page here, so a log line leads straight to what to do. Tessera may add codes: treat a code you do not know like the other codes of its HTTP status.`,
    '',
    ...statuses.flatMap((status) => [
      `## ${statusLabel(status)}`,
      '',
      '| Code | Title | What to do |',
      '|---|---|---|',
      // The whole advice: its first sentence alone ("Read `declineCode`.") stops before what to do.
      ...catalogue
        .filter((entry) => entry.status === status)
        .map(
          (entry) =>
            `| [\`${entry.code}\`](${entry.route}) | ${tableCell(entry.title)} | ${retryShort[entry.retry]}: ${tableCell(entry.action)} |`,
        ),
      '',
    ]),
  ].join('\n');
  return {pages, index};
}
