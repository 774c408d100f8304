/**
 * The OpenAPI files and how they are loaded: every other module of src/lib/openapi works on the
 * parsed document this returns.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import type {JsonObject} from './refs';

export type {JsonObject};
export type ApiDocument = JsonObject & {
  info?: JsonObject & {description?: string};
  paths?: Record<string, Record<string, JsonObject>>;
  webhooks?: Record<string, Record<string, JsonObject>>;
  components?: JsonObject & {
    schemas?: Record<string, JsonObject>;
    examples?: Record<string, JsonObject>;
    callbacks?: Record<string, JsonObject>;
  };
};

// __dirname: Docusaurus loads this module through its config (jiti, CommonJS) and Playwright its
// tests as CommonJS, where import.meta is not available.
export const siteDir = path.resolve(__dirname, '../../..');
export const apiFiles = {v3: 'openapi/tessera-v3.yaml', v1: 'openapi/tessera-v1.yaml'} as const;

/**
 * An OpenAPI file's text as a document: a `.json` file with JSON.parse, any other with the YAML
 * parser. A provider's file is often JSON of several MB, and the YAML parser keeps a node for every
 * value while it reads: GitHub's 5.7 MB file took it 15 s and 450 MB, JSON.parse 0.4 s and 76 MB.
 */
export function parseApiFile(file: string, text: string): ApiDocument {
  return (file.endsWith('.json') ? JSON.parse(text) : parse(text)) as ApiDocument;
}

export function loadApiDocument(file: string): ApiDocument {
  return parseApiFile(file, readFileSync(path.join(siteDir, file), 'utf8'));
}

const parsedOnce = new Map<string, ApiDocument>();

/**
 * `loadApiDocument`, parsed once per process, for scripts that run once and only read it (a parse
 * of Tessera's V3 file takes about a third of a second, Stripe's about a second). A process that
 * lives on while the files change (`npm start`) calls `loadApiDocument`.
 */
export function loadApiDocumentOnce(file: string): ApiDocument {
  let document = parsedOnce.get(file);
  if (!document) {
    document = loadApiDocument(file);
    parsedOnce.set(file, document);
  }
  return document;
}
