/**
 * What an API operation page needs from its operation at run time. The OpenAPI plugin puts the
 * whole operation, gzipped and base64-encoded, in each page's `api` front matter (about 27 KB
 * gzipped twice over for the largest page, plus pako to inflate it) to feed its request builder.
 * This site shows request samples written at build time instead, so
 * scripts/generate-api-docs.ts swaps that blob for this summary, and puts the samples in an
 * export of the page's MDX module (see `requestSamplesExport`).
 */

/** As src/lib/openapi/samples.ts writes them into each operation's `x-codeSamples` at build time. */
/**
 * `lang` is the sample language's id (src/lib/sample-languages), `highlight` the Prism language that
 * colours it, `title` the file name a guide's program shows above its code.
 */
export type CodeSample = {lang: string; label: string; highlight: string; source: string; title?: string};

/**
 * A sample as an operation page's module carries it: the first language's (the tab the page opens
 * on) with its source, every other language's without, loaded from the page's samples file when
 * the reader chooses it.
 */
export type PageSample = Omit<CodeSample, 'source'> & {source?: string};

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

/** The export naming the file with every sample of the page (src/lib/openapi/request-samples-file.ts). */
export const requestSamplesFileExportName = 'requestSamplesFile';

/**
 * The page's request-sample exports. Given the samples file (its URL path), only the first sample
 * keeps its source in the page: the others, which the page's HTML does not show either, cost the
 * page's JavaScript nothing until a reader chooses one.
 */
export function requestSamplesExport(samples: CodeSample[], file?: string): string {
  const shown: PageSample[] = file ? samples.map(({source, ...sample}, index) => (index === 0 ? {...sample, source} : sample)) : samples;
  const lines = [`export const ${requestSamplesExportName} = ${JSON.stringify(shown)};`];
  if (file) lines.push(`export const ${requestSamplesFileExportName} = ${JSON.stringify(file)};`);
  return lines.join('\n');
}

export function requestSamplesOf(content: object): PageSample[] {
  const samples = (content as Record<string, unknown>)[requestSamplesExportName];
  return Array.isArray(samples) ? (samples as PageSample[]) : [];
}

export function requestSamplesFileOf(content: object): string | undefined {
  const file = (content as Record<string, unknown>)[requestSamplesFileExportName];
  return typeof file === 'string' ? file : undefined;
}
