/**
 * What an API operation page needs from its operation at run time (issue 5). The OpenAPI plugin
 * puts the whole operation, gzipped and base64-encoded, in each page's `api` front matter (about
 * 27 KB gzipped twice over for the largest page, plus pako to inflate it) to feed its request
 * builder. This site shows request samples written at build time instead, so
 * scripts/generate-api-docs.ts swaps that blob for this summary.
 */

/** As scripts/request-samples.ts writes them into each operation's `x-codeSamples`. */
export type CodeSample = {lang: string; label: string; source: string};

export type OperationSummary = {
  method: string;
  path: string;
  /** Media types of the 2xx responses, in order: the response schema tabs start on the first. */
  accept: string[];
  /** Media types of the request body, in order: the request schema tabs start on the first. */
  contentTypes: string[];
  'x-codeSamples': CodeSample[];
};

type Operation = {
  method?: unknown;
  path?: unknown;
  responses?: Record<string, {content?: Record<string, unknown>}>;
  requestBody?: {content?: Record<string, unknown>};
  'x-codeSamples'?: CodeSample[];
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
    'x-codeSamples': operation['x-codeSamples'] ?? [],
  };
}

export function isOperationSummary(value: unknown): value is OperationSummary {
  if (typeof value !== 'object' || value === null) return false;
  const summary = value as Partial<OperationSummary>;
  return typeof summary.method === 'string' && typeof summary.path === 'string' && Array.isArray(summary['x-codeSamples']);
}
