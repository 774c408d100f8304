/**
 * Request samples for every API operation, written at build time: curl, PHP (Guzzle),
 * C# (HttpClient) and Node.js (fetch), each sending the operation's first documented request
 * example to the sandbox. scripts/generate-api-docs.ts puts them in the OpenAPI copies the plugin
 * reads, as `x-codeSamples`, so no page generates samples in the browser.
 */

import {resolveRef, type JsonObject} from './openapi-refs';
import {httpMethods} from '../src/lib/http-methods';

export type {JsonObject};
type Parameter = {name: string; in: string; required?: boolean; example?: unknown; schema?: JsonObject};

export type SampleRequest = {
  method: string;
  url: string;
  auth: 'basic' | 'bearer' | 'none';
  idempotencyKey: boolean;
  body: unknown;
};

export type CodeSample = {lang: string; label: string; source: string};

const sandboxBaseUrl = 'https://api.sandbox.tessera.example';

/** The value a reader would send: the parameter's example, or its schema's first example. */
function exampleOf(document: JsonObject, parameter: Parameter): string {
  const schema = resolveRef(document, parameter.schema ?? {});
  const value = parameter.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
  if (value === undefined) throw new Error(`path parameter ${parameter.name} has no example`);
  return String(value);
}

/** The first named example of the JSON request body, if the operation takes one. */
function requestBodyExample(document: JsonObject, operation: JsonObject): unknown {
  const body = resolveRef(document, operation.requestBody);
  const content = (body?.content ?? {}) as Record<string, JsonObject>;
  const media = content['application/json'];
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values((media.examples ?? {}) as Record<string, unknown>)[0];
  return first === undefined ? undefined : resolveRef(document, first).value;
}

export function sampleRequest(document: JsonObject, path: string, pathItem: JsonObject, method: string): SampleRequest {
  const operation = pathItem[method] as JsonObject;
  const parameters = [...((pathItem.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])].map((parameter) =>
    resolveRef<Parameter>(document, parameter),
  );
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    if (!parameter) throw new Error(`${method.toUpperCase()} ${path}: no path parameter ${name}`);
    return encodeURIComponent(exampleOf(document, parameter));
  });
  const security = ((operation.security ?? document.security ?? []) as Record<string, unknown>[]).flatMap(Object.keys);
  return {
    method: method.toUpperCase(),
    url: `${sandboxBaseUrl}${url}`,
    auth: security.includes('basicAuth') ? 'basic' : security.includes('bearerAuth') ? 'bearer' : 'none',
    idempotencyKey: parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'),
    body: requestBodyExample(document, operation),
  };
}

const indent = (text: string, spaces: number) => text.replaceAll('\n', `\n${' '.repeat(spaces)}`);

export function curlSample(request: SampleRequest): string {
  const lines = [`curl -X ${request.method} '${request.url}'`];
  if (request.auth === 'basic') lines.push(`-u "$TESSERA_KEY_ID:$TESSERA_KEY_SECRET"`);
  if (request.auth === 'bearer') lines.push(`-H "Authorization: Bearer $TESSERA_SECRET"`);
  if (request.idempotencyKey) lines.push(`-H "Idempotency-Key: $(uuidgen)"`);
  lines.push(`-H 'Accept: application/json'`);
  if (request.body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`--data-raw '${JSON.stringify(request.body, null, 2).replaceAll("'", "'\\''")}'`);
  }
  return lines.join(' \\\n  ');
}

/** A JSON value as a PHP array literal, so the PHP sample reads as PHP. */
function phpValue(value: unknown, depth: number): string {
  const pad = '    '.repeat(depth + 1);
  const close = '    '.repeat(depth);
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${pad}${phpValue(item, depth + 1)},`).join('\n')}\n${close}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as JsonObject);
    if (entries.length === 0) return 'new \\stdClass()';
    return `[\n${entries.map(([key, item]) => `${pad}'${key}' => ${phpValue(item, depth + 1)},`).join('\n')}\n${close}]`;
  }
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  return String(value);
}

export function phpSample(request: SampleRequest): string {
  const options: string[] = [];
  if (request.auth === 'basic') options.push(`    'auth' => [getenv('TESSERA_KEY_ID'), getenv('TESSERA_KEY_SECRET')],`);
  const headers = [`        'Accept' => 'application/json',`];
  if (request.auth === 'bearer') headers.push(`        'Authorization' => 'Bearer ' . getenv('TESSERA_SECRET'),`);
  if (request.idempotencyKey) headers.push(`        'Idempotency-Key' => bin2hex(random_bytes(16)),`);
  options.push(`    'headers' => [\n${headers.join('\n')}\n    ],`);
  if (request.body !== undefined) options.push(`    'json' => ${phpValue(request.body, 1)},`);
  options.push(`    'http_errors' => false,`);
  return [
    '<?php',
    '// composer require guzzlehttp/guzzle',
    "require 'vendor/autoload.php';",
    '',
    '$client = new GuzzleHttp\\Client();',
    `$response = $client->request('${request.method}', '${request.url}', [`,
    ...options,
    ']);',
    '',
    'echo $response->getStatusCode(), PHP_EOL, $response->getBody(), PHP_EOL;',
  ].join('\n');
}

export function csharpSample(request: SampleRequest): string {
  const method = request.method[0] + request.method.slice(1).toLowerCase();
  const lines = [
    '// .NET 8 console program: dotnet new console, then replace Program.cs',
    'using System.Net.Http.Headers;',
    'using System.Text;',
    '',
    'using var client = new HttpClient();',
    `using var request = new HttpRequestMessage(HttpMethod.${method}, "${request.url}");`,
    'request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));',
  ];
  if (request.auth === 'basic') {
    lines.push(
      'var credentials = Convert.ToBase64String(Encoding.UTF8.GetBytes(',
      '    $"{Environment.GetEnvironmentVariable("TESSERA_KEY_ID")}:{Environment.GetEnvironmentVariable("TESSERA_KEY_SECRET")}"));',
      'request.Headers.Authorization = new AuthenticationHeaderValue("Basic", credentials);',
    );
  }
  if (request.auth === 'bearer') {
    lines.push(
      'request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", Environment.GetEnvironmentVariable("TESSERA_SECRET"));',
    );
  }
  if (request.idempotencyKey) lines.push('request.Headers.Add("Idempotency-Key", Guid.NewGuid().ToString());');
  if (request.body !== undefined) {
    const json = JSON.stringify(request.body, null, 2);
    lines.push(`request.Content = new StringContent("""\n${json}\n""", Encoding.UTF8, "application/json");`);
  }
  lines.push(
    '',
    'using var response = await client.SendAsync(request);',
    'Console.WriteLine((int)response.StatusCode);',
    'Console.WriteLine(await response.Content.ReadAsStringAsync());',
  );
  return lines.join('\n');
}

export function nodeSample(request: SampleRequest): string {
  const headers = [`    Accept: 'application/json',`];
  if (request.auth === 'basic') {
    headers.push(
      `    Authorization: 'Basic ' + Buffer.from(\`\${process.env.TESSERA_KEY_ID}:\${process.env.TESSERA_KEY_SECRET}\`).toString('base64'),`,
    );
  }
  if (request.auth === 'bearer') headers.push('    Authorization: `Bearer ${process.env.TESSERA_SECRET}`,');
  if (request.idempotencyKey) headers.push(`    'Idempotency-Key': crypto.randomUUID(),`);
  if (request.body !== undefined) headers.push(`    'Content-Type': 'application/json',`);
  const options = [`  method: '${request.method}',`, `  headers: {\n${headers.join('\n')}\n  },`];
  if (request.body !== undefined) options.push(`  body: JSON.stringify(${indent(JSON.stringify(request.body, null, 2), 2)}),`);
  return [
    '// Node.js 20 or later, as an ES module (sample.mjs)',
    `const response = await fetch('${request.url}', {`,
    ...options,
    '});',
    '',
    'console.log(response.status, await response.text());',
  ].join('\n');
}

/** The samples of one operation, in the order the reference shows them. */
export function codeSamples(request: SampleRequest): CodeSample[] {
  return [
    {lang: 'curl', label: 'cURL', source: curlSample(request)},
    {lang: 'php', label: 'PHP', source: phpSample(request)},
    {lang: 'csharp', label: 'C#', source: csharpSample(request)},
    {lang: 'javascript', label: 'Node.js', source: nodeSample(request)},
  ];
}

/** A copy of the document in which every path operation carries `x-codeSamples`. */
export function withCodeSamples(document: JsonObject): JsonObject {
  const copy = structuredClone(document);
  for (const [path, pathItem] of Object.entries((copy.paths ?? {}) as Record<string, JsonObject>)) {
    for (const method of httpMethods) {
      const operation = pathItem[method] as JsonObject | undefined;
      if (operation) operation['x-codeSamples'] = codeSamples(sampleRequest(copy, path, pathItem, method));
    }
  }
  return copy;
}
