/**
 * Request samples for every API operation, written at build time: curl, PHP (Guzzle),
 * C# (HttpClient) and Node.js (fetch), each sending the operation's first documented request
 * example to the sandbox. scripts/generate-api-docs.ts puts them in the OpenAPI copies the plugin
 * reads, as `x-codeSamples`, so no page generates samples in the browser.
 */

import {httpMethods} from '../http-methods';
import type {CodeSample} from './operation-summary';
import {resolveRef, type JsonObject} from './refs';

type Parameter = {name: string; in: string; required?: boolean; example?: unknown; examples?: Record<string, unknown>; schema?: JsonObject};

/**
 * How a sample authenticates, from the operation's first security requirement (or the document's).
 * Credentials come from environment variables: the names a security scheme gives in
 * `x-sample-credentials`, otherwise ones derived from the API's title (`ADYEN_API_KEY`).
 */
export type SampleAuth =
  | {type: 'none'}
  | {type: 'basic'; username: string; password: string}
  | {type: 'bearer'; token: string}
  | {type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; key: string};

export type SampleRequest = {
  method: string;
  url: string;
  auth: SampleAuth;
  idempotencyKey: boolean;
  body: unknown;
};

type Server = {url: string; description?: string; variables?: Record<string, {default?: string}>};

/** The server samples send to: the sandbox (or test) server if the file names one, else its first. */
export function sampleBaseUrl(document: JsonObject): string {
  const servers = (document.servers ?? []) as Server[];
  const isSandbox = (server: Server) => /sandbox|test/i.test(`${server.description ?? ''} ${server.url}`);
  const server = servers.find(isSandbox) ?? servers[0];
  if (!server) throw new Error(`${String((document.info as JsonObject | undefined)?.title)} has no servers to send samples to`);
  const url = server.url.replace(/\{(\w+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole);
  return url.replace(/\/$/, '');
}

/** `ADYEN_CHECKOUT` for "Adyen Checkout API": the prefix of the credentials' environment variables. */
const credentialPrefix = (document: JsonObject) =>
  String((document.info as JsonObject | undefined)?.title ?? 'API')
    .replace(/\bAPI\b/gi, '')
    .trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toUpperCase() || 'API';

export function sampleAuth(document: JsonObject, operation: JsonObject): SampleAuth {
  const requirements = (operation.security ?? document.security ?? []) as Record<string, unknown>[];
  const schemeName = requirements.flatMap(Object.keys)[0];
  if (!schemeName) return {type: 'none'};
  const schemes = ((document.components as JsonObject | undefined)?.securitySchemes ?? {}) as Record<string, unknown>;
  if (!schemes[schemeName]) throw new Error(`security scheme ${schemeName} is not in components.securitySchemes`);
  const scheme = resolveRef(document, schemes[schemeName]);
  const named = (scheme['x-sample-credentials'] ?? []) as string[];
  const prefix = credentialPrefix(document);
  const type = String(scheme.type);
  const httpScheme = String(scheme.scheme ?? '').toLowerCase();
  if (type === 'http' && httpScheme === 'basic') {
    return {type: 'basic', username: named[0] ?? `${prefix}_USERNAME`, password: named[1] ?? `${prefix}_PASSWORD`};
  }
  // OAuth 2 and OpenID Connect send the access token the flow returned as a bearer token.
  if ((type === 'http' && httpScheme === 'bearer') || type === 'oauth2' || type === 'openIdConnect') {
    return {type: 'bearer', token: named[0] ?? `${prefix}_ACCESS_TOKEN`};
  }
  if (type === 'apiKey') {
    const location = String(scheme.in);
    if (location !== 'header' && location !== 'query' && location !== 'cookie')
      throw new Error(`API key ${schemeName} is in "${location}"`);
    return {type: 'apiKey', in: location, name: String(scheme.name), key: named[0] ?? `${prefix}_API_KEY`};
  }
  throw new Error(`security scheme ${schemeName} (${type} ${httpScheme}) has no request sample`);
}

/** A value of the schema, for a file that gives no example: its own example, default or first enum value, else one of its type. */
export function exampleFromSchema(document: JsonObject, schemaOrRef: unknown, depth = 0): unknown {
  const schema = resolveRef(document, schemaOrRef ?? {});
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => exampleFromSchema(document, part, depth));
    if (parts.every((part) => part && typeof part === 'object' && !Array.isArray(part))) return Object.assign({}, ...parts) as unknown;
    return parts[0];
  }
  const alternative = ((schema.oneOf ?? schema.anyOf) as unknown[] | undefined)?.[0];
  if (alternative) return exampleFromSchema(document, alternative, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    if (depth >= 4) return {};
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    const required = new Set((schema.required ?? []) as string[]);
    // The required properties, or all of them when none is required, so the sample stays readable.
    const chosen = Object.keys(properties).filter((name) => required.size === 0 || required.has(name));
    return Object.fromEntries(chosen.map((name) => [name, exampleFromSchema(document, properties[name], depth + 1)]));
  }
  if (type === 'array') return depth >= 4 ? [] : [exampleFromSchema(document, schema.items, depth + 1)];
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'boolean') return true;
  const formats: Record<string, string> = {
    'date-time': '2026-01-15T09:30:00Z',
    date: '2026-01-15',
    email: 'shopper@example.com',
    uri: 'https://example.com',
    url: 'https://example.com',
    uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  };
  return formats[String(schema.format)] ?? 'string';
}

/** The value a reader would send: the parameter's example, else one its schema gives or implies. */
function exampleOf(document: JsonObject, parameter: Parameter): string {
  if (parameter.example !== undefined) return String(parameter.example);
  const named = Object.values(parameter.examples ?? {})[0];
  if (named !== undefined) return String(resolveRef(document, named).value);
  const schema = resolveRef(document, parameter.schema ?? {});
  const value = exampleFromSchema(document, schema);
  // A bare type name says nothing about the value: the parameter's own name reads better in a URL.
  return value === 'string' ? parameter.name : String(value);
}

/** The first named example of the JSON request body, if the operation takes one; else one built from its schema. */
function requestBodyExample(document: JsonObject, operation: JsonObject): unknown {
  const body = resolveRef(document, operation.requestBody);
  const content = (body?.content ?? {}) as Record<string, JsonObject>;
  const media = content['application/json'];
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values((media.examples ?? {}) as Record<string, unknown>)[0];
  if (first !== undefined) return resolveRef(document, first).value;
  return media.schema ? exampleFromSchema(document, media.schema) : undefined;
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
  return {
    method: method.toUpperCase(),
    url: `${sampleBaseUrl(document)}${url}`,
    auth: sampleAuth(document, operation),
    idempotencyKey: parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'),
    body: requestBodyExample(document, operation),
  };
}

const indent = (text: string, spaces: number) => text.replaceAll('\n', `\n${' '.repeat(spaces)}`);

export function curlSample(request: SampleRequest): string {
  const lines = [`curl -X ${request.method} '${request.url}'`];
  const auth = request.auth;
  if (auth.type === 'basic') lines.push(`-u "$${auth.username}:$${auth.password}"`);
  if (auth.type === 'bearer') lines.push(`-H "Authorization: Bearer $${auth.token}"`);
  if (auth.type === 'apiKey' && auth.in === 'header') lines.push(`-H "${auth.name}: $${auth.key}"`);
  if (auth.type === 'apiKey' && auth.in === 'query') lines.push(`--url-query "${auth.name}=$${auth.key}"`);
  if (auth.type === 'apiKey' && auth.in === 'cookie') lines.push(`-b "${auth.name}=$${auth.key}"`);
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
  const auth = request.auth;
  if (auth.type === 'basic') options.push(`    'auth' => [getenv('${auth.username}'), getenv('${auth.password}')],`);
  if (auth.type === 'apiKey' && auth.in === 'query') options.push(`    'query' => ['${auth.name}' => getenv('${auth.key}')],`);
  const headers = [`        'Accept' => 'application/json',`];
  if (auth.type === 'bearer') headers.push(`        'Authorization' => 'Bearer ' . getenv('${auth.token}'),`);
  if (auth.type === 'apiKey' && auth.in === 'header') headers.push(`        '${auth.name}' => getenv('${auth.key}'),`);
  if (auth.type === 'apiKey' && auth.in === 'cookie') headers.push(`        'Cookie' => '${auth.name}=' . getenv('${auth.key}'),`);
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
  const auth = request.auth;
  const env = (name: string) => `Environment.GetEnvironmentVariable("${name}")`;
  const url =
    auth.type === 'apiKey' && auth.in === 'query'
      ? `$"${request.url}${request.url.includes('?') ? '&' : '?'}${auth.name}={Uri.EscapeDataString(${env(auth.key)} ?? "")}"`
      : `"${request.url}"`;
  const lines = [
    '// .NET 8 console program: dotnet new console, then replace Program.cs',
    'using System.Net.Http.Headers;',
    'using System.Text;',
    '',
    'using var client = new HttpClient();',
    `using var request = new HttpRequestMessage(HttpMethod.${method}, ${url});`,
    'request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));',
  ];
  if (auth.type === 'basic') {
    lines.push(
      'var credentials = Convert.ToBase64String(Encoding.UTF8.GetBytes(',
      `    $"{${env(auth.username)}}:{${env(auth.password)}}"));`,
      'request.Headers.Authorization = new AuthenticationHeaderValue("Basic", credentials);',
    );
  }
  if (auth.type === 'bearer') {
    lines.push(`request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", ${env(auth.token)});`);
  }
  if (auth.type === 'apiKey' && auth.in === 'header') lines.push(`request.Headers.Add("${auth.name}", ${env(auth.key)});`);
  if (auth.type === 'apiKey' && auth.in === 'cookie') lines.push(`request.Headers.Add("Cookie", $"${auth.name}={${env(auth.key)}}");`);
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
  const auth = request.auth;
  if (auth.type === 'basic') {
    headers.push(
      `    Authorization: 'Basic ' + Buffer.from(\`\${process.env.${auth.username}}:\${process.env.${auth.password}}\`).toString('base64'),`,
    );
  }
  if (auth.type === 'bearer') headers.push(`    Authorization: \`Bearer \${process.env.${auth.token}}\`,`);
  if (auth.type === 'apiKey' && auth.in === 'header') headers.push(`    '${auth.name}': process.env.${auth.key},`);
  if (auth.type === 'apiKey' && auth.in === 'cookie') headers.push(`    Cookie: \`${auth.name}=\${process.env.${auth.key}}\`,`);
  if (request.idempotencyKey) headers.push(`    'Idempotency-Key': crypto.randomUUID(),`);
  if (request.body !== undefined) headers.push(`    'Content-Type': 'application/json',`);
  const options = [`  method: '${request.method}',`, `  headers: {\n${headers.join('\n')}\n  },`];
  if (request.body !== undefined) options.push(`  body: JSON.stringify(${indent(JSON.stringify(request.body, null, 2), 2)}),`);
  return [
    '// Node.js 20 or later, as an ES module (sample.mjs)',
    auth.type === 'apiKey' && auth.in === 'query'
      ? `const response = await fetch(\`${request.url}${request.url.includes('?') ? '&' : '?'}${auth.name}=\${encodeURIComponent(process.env.${auth.key})}\`, {`
      : `const response = await fetch('${request.url}', {`,
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
