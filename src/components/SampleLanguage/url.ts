import {sampleLanguageParameter} from '../../../config/site-constants';

/** `search` with the sample-language parameter set to `language`, unless it already holds one; null when nothing changes. */
export function searchWithLanguage(search: string, language: string | null): string | null {
  const parameters = new URLSearchParams(search);
  if (parameters.has(sampleLanguageParameter) || !language) return null;
  parameters.set(sampleLanguageParameter, language);
  return `?${parameters.toString()}`;
}
