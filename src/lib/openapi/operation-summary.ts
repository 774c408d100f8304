/**
 * What an API operation page needs from its operation at run time. The OpenAPI plugin puts the
 * whole operation, gzipped and base64-encoded, in each page's `api` front matter (about 27 KB
 * gzipped twice over for the largest page, plus pako to inflate it) to feed its request builder.
 * This site shows request samples written at build time instead, so
 * scripts/generate-api-docs.ts swaps that blob for this summary, and puts the samples in an
 * export of the page's MDX module (see `requestSamplesExport`).
 */

/** As src/lib/openapi/samples.ts writes them into each operation's `x-codeSamples` at build time. */
export type CodeSample = {lang: string; label: string; source: string};

export type OperationSummary = {
  method: string;
  path: string;
  /** Media types of the 2xx responses, in order: the response schema tabs start on the first. */
  accept: string[];
  /** Media types of the request body, in order: the request schema tabs start on the first. */
  contentTypes: string[];
};

type Operation = {
  method?: unknown;
  path?: unknown;
  responses?: Record<string, {content?: Record<string, unknown>}>;
  requestBody?: {content?: Record<string, unknown>};
};

export function summarizeOperation(operation: Operation): OperationSummary {
  if (typeof operation.method !== 'string' || typeof operation.path !== 'string') {
    throw new Error('an operation without method or path');
  }
  const accept = Object.entries(operation.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .flatMap(([, response]) => Object.keys(response.content ?? {}));
  return {
    method: operation.method,
    path: operation.path,
    accept: [...new Set(accept)],
    contentTypes: Object.keys(operation.requestBody?.content ?? {}),
  };
}

export function isOperationSummary(value: unknown): value is OperationSummary {
  if (typeof value !== 'object' || value === null) return false;
  const summary = value as Partial<OperationSummary>;
  return typeof summary.method === 'string' && typeof summary.path === 'string' && Array.isArray(summary.accept);
}

/**
 * The request samples travel as an ES export of the page's MDX module, never in front matter:
 * Docusaurus's mdx-loader writes front matter into the module with stringify-object, which does
 * not escape backslashes, so a curl line continuation (`\` + newline) reached readers as `\n`
 * and PHP's `GuzzleHttp\Client` as `GuzzleHttpClient`. An MDX export is parsed as JavaScript, and
 * JSON is a JavaScript literal, so the text arrives exactly as written.
 * Docusaurus attaches a content module's named exports to its default export, where ApiItem reads it.
 */
export const requestSamplesExportName = 'requestSamples';

export function requestSamplesExport(samples: CodeSample[]): string {
  return `export const ${requestSamplesExportName} = ${JSON.stringify(samples)};`;
}

export function requestSamplesOf(content: object): CodeSample[] {
  const samples = (content as Record<string, unknown>)[requestSamplesExportName];
  return Array.isArray(samples) ? (samples as CodeSample[]) : [];
}
