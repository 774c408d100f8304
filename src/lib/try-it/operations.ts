/**
 * What the "Try it" console needs of each operation of an OpenAPI file, worked out at build time
 * (scripts/sandbox/build-console.ts) so that the browser's worker never builds samples from the
 * file (that takes Ajv compiling, which the site's Content-Security-Policy forbids): the request
 * a reader starts from, as the page's samples send it, and the operation's named body examples.
 */
import {httpMethods} from '../http-methods';
import {resolveRef, type JsonObject} from '../openapi/refs';
import {sampleBaseUrl, sampleRequest, type SampleRequest} from '../openapi/samples';

/** A parameter the console shows as a field: a path segment or a header. */
export type ConsoleParameter = {name: string; in: 'path' | 'header'; required: boolean; value: string};

/** A body the reader can start from: one of the operation's named examples. */
export type ConsoleExample = {name: string; summary?: string; body: unknown};

export type ConsoleOperation = {
  method: string;
  /** The path template, as in the file (`/v3/sessions/{sessionId}`). */
  template: string;
  operationId: string;
  /** The server the samples send to; the console's path goes after it. */
  baseUrl: string;
  /** The query string the sample sends (the required query parameters), `?` included, or ''. */
  query: string;
  parameters: ConsoleParameter[];
  /** How the operation authenticates: the scheme the sample uses. */
  auth: 'basic' | 'bearer' | 'none' | 'apiKey';
  /** The body examples, the sample's first; none when the operation takes no JSON body. */
  examples: ConsoleExample[];
  /** The request model the page's samples are rendered from; the console renders it again with the reader's edit. */
  sample: SampleRequest;
};

type Parameter = {name: string; in: string; required?: boolean; example?: unknown; schema?: JsonObject};

/** The value of each `{name}` of the template in a path the sample filled in. */
export function pathValues(template: string, path: string): Record<string, string> {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${template
      .split(/(\{[^}]+\})/)
      .map((part) => {
        if (!part.startsWith('{')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(part.slice(1, -1));
        return '([^/]*)';
      })
      .join('')}$`,
  );
  const found = pattern.exec(path);
  return Object.fromEntries(names.map((name, index) => [name, found ? decodeURIComponent(found[index + 1] ?? '') : '']));
}

function headerExample(document: JsonObject, parameter: Parameter): string {
  if (parameter.example !== undefined) return String(parameter.example);
  const schema = resolveRef(document, parameter.schema ?? {});
  if (schema.example !== undefined) return String(schema.example);
  return '';
}

function bodyExamples(document: JsonObject, operation: JsonObject, sample: SampleRequest): ConsoleExample[] {
  if (sample.body === undefined) return [];
  const content = (resolveRef(document, operation.requestBody ?? {}).content ?? {}) as Record<string, JsonObject>;
  const media = content[sample.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json'];
  const named = Object.entries((media?.examples ?? {}) as Record<string, unknown>).map(([name, example]): ConsoleExample => {
    const resolved = resolveRef(document, example);
    return {name, ...(typeof resolved.summary === 'string' ? {summary: resolved.summary} : {}), body: resolved.value};
  });
  // The sample's body comes first: it is the one the page shows, checked against the schema.
  const first: ConsoleExample = named[0] ? {...named[0], body: sample.body} : {name: 'example', body: sample.body};
  return [first, ...named.slice(1).filter((example) => example.body !== undefined)];
}

/** Every operation of the document, as the console starts it. */
export function consoleOperations(document: JsonObject): ConsoleOperation[] {
  const baseUrl = sampleBaseUrl(document);
  const operations: ConsoleOperation[] = [];
  for (const [template, pathItemRef] of Object.entries((document.paths ?? {}) as JsonObject)) {
    const pathItem = resolveRef(document, pathItemRef);
    for (const method of httpMethods) {
      const operation = pathItem[method] as JsonObject | undefined;
      if (!operation) continue;
      const sample = sampleRequest(document, template, pathItem, method);
      const [sentPath = '', query = ''] = sample.url.slice(baseUrl.length).split('?');
      const values = pathValues(template, sentPath);
      const declared = [...((pathItem.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])].map((parameter) =>
        resolveRef<Parameter>(document, parameter),
      );
      const parameters: ConsoleParameter[] = [
        ...Object.entries(values).map(([name, value]): ConsoleParameter => ({name, in: 'path', required: true, value})),
        ...declared
          .filter((parameter) => parameter.in === 'header')
          .map((parameter): ConsoleParameter => ({
            name: parameter.name,
            in: 'header',
            required: parameter.required === true,
            value: headerExample(document, parameter),
          })),
      ];
      operations.push({
        method: method.toUpperCase(),
        template,
        operationId: String(operation.operationId ?? `${method} ${template}`),
        baseUrl,
        query: query ? `?${query}` : '',
        parameters,
        auth: sample.auth.type,
        examples: bodyExamples(document, operation, sample),
        sample,
      });
    }
  }
  return operations;
}
