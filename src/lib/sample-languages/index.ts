/**
 * The request samples: each language (./languages.ts) renders the request model of an operation.
 */
import {httpMethods} from '../http-methods';
import type {CodeSample} from '../openapi/operation-summary';
import type {JsonObject} from '../openapi/refs';
import {sampleRequest, withBodyExamplesAsSent, type SampleRequest} from '../openapi/samples';
import type {SampleLanguage} from './language';
import {sampleLanguages} from './languages';

export type {SampleLanguage} from './language';
export {sampleLanguages} from './languages';

export function sampleLanguage(id: string): SampleLanguage {
  const language = sampleLanguages.find((candidate) => candidate.id === id);
  if (!language) throw new Error(`no sample language "${id}"`);
  return language;
}

/** The samples of one request, one per language, in tab order. */
export function codeSamples(request: SampleRequest): CodeSample[] {
  return sampleLanguages.map((language) => ({
    lang: language.id,
    label: language.label,
    highlight: language.highlight,
    source: language.render(request),
  }));
}

/**
 * A copy of the document in which every path operation carries `x-codeSamples`, and each request
 * body's schema example is one the sample would send (`withBodyExamplesAsSent`).
 */
export function withCodeSamples(document: JsonObject): JsonObject {
  const copy = withBodyExamplesAsSent(structuredClone(document));
  for (const [path, pathItem] of Object.entries((copy.paths ?? {}) as Record<string, JsonObject>)) {
    for (const method of httpMethods) {
      const operation = pathItem[method] as JsonObject | undefined;
      if (operation) operation['x-codeSamples'] = codeSamples(sampleRequest(copy, path, pathItem, method));
    }
  }
  return copy;
}
