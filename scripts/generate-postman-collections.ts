/**
 * Postman collections (v2.1) for each API version, generated from the OpenAPI files before every
 * build and start, so a reader can import the API into Postman (or Bruno, Insomnia) before writing
 * code. Written next to the OpenAPI downloads, in static/postman/ (not committed).
 *
 * openapi-to-postmanv2 (Postman's own converter) does the conversion; this script only adds what
 * the OpenAPI file cannot say: the bearer secret as the collection's default auth (the basic-auth
 * token operations keep their own), a fresh Idempotency-Key per send, and one environment per
 * server (sandbox, production) holding the variables that auth and the URLs use. It also sets each
 * body to the operation's first named request example, the one the reference's samples send: the
 * converter builds bodies from the schema's property examples instead.
 */
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {convert} from 'openapi-to-postmanv2';
import {openApiSpecs} from '../config/openapi';
import {collectionPath, environmentIds, environmentPath, postmanDirectory} from '../config/postman';
import {swapInStagedOutput} from './staged-output';
import {parseApiFile, sampleAuth, sampleRequest, type JsonObject, type SampleApiKey, type SampleRequest} from '../src/lib/openapi';
import {formFields} from '../src/lib/sample-languages/language';
import {httpMethods} from '../src/lib/http-methods';

const siteDir = path.resolve(import.meta.dirname, '..');

/** Variables the converter writes into the requests' auth; the environments define them. */
export const authVariables = {
  basicUsername: 'basicAuthUsername',
  basicPassword: 'basicAuthPassword',
  bearer: 'bearerToken',
  apiKey: 'apiKey',
} as const;

type Server = {url: string; description?: string};

export type PostmanCollection = {
  info: {name: string; schema: string; description?: unknown; _postman_id?: string};
  item: PostmanItem[];
  auth?: unknown;
  variable?: {key: string; value: string; type?: string}[];
};
export type PostmanItem = {name: string; item?: PostmanItem[]; request?: PostmanRequest};
export type PostmanParameter = {key: string; value: string; disabled?: boolean; description?: unknown};
export type PostmanRequest = {
  method: string;
  url: {path?: string[]; host?: string[]; query?: PostmanParameter[]; variable?: PostmanParameter[]};
  header?: {key: string; value: string; disabled?: boolean}[];
  auth?: {type: string};
  body?: {mode: string; raw?: string; urlencoded?: {key: string; value: string; description?: unknown}[]};
};

export type PostmanEnvironment = {
  name: string;
  values: {key: string; value: string; type: 'default' | 'secret'; enabled: boolean}[];
  _postman_variable_scope: 'environment';
};

/** The collection of one OpenAPI file and an environment per server. */
export type PostmanDownloads = {collection: PostmanCollection; environments: {id: string; environment: PostmanEnvironment}[]};

function convertDocument(source: string): Promise<PostmanCollection> {
  return new Promise((resolve, reject) => {
    convert(
      {type: 'string', data: source},
      // Folders as the reference's sidebar groups them; parameters and bodies from the examples.
      {folderStrategy: 'Tags', parametersResolution: 'Example', includeWebhooks: false},
      (error, result) => {
        if (error) return reject(new Error(`openapi-to-postmanv2: ${error.message}`));
        const collection = result?.output?.find((output) => output.type === 'collection')?.data as PostmanCollection | undefined;
        if (!result?.result || !collection) return reject(new Error(`openapi-to-postmanv2: ${result?.reason ?? 'no collection'}`));
        resolve(collection);
      },
    );
  });
}

export function requestsOf(items: PostmanItem[]): PostmanRequest[] {
  return items.flatMap((item) => (item.item ? requestsOf(item.item) : item.request ? [item.request] : []));
}

/** The idempotency key must differ per logical operation: Postman's `$guid` draws a new one per send. */
function withFreshIdempotencyKeys(collection: PostmanCollection): void {
  for (const request of requestsOf(collection.item)) {
    for (const header of request.header ?? []) {
      if (header.key.toLowerCase() === 'idempotency-key') header.value = '{{$guid}}';
    }
  }
}

/** Credentials are secrets in Postman (masked, not synced), except a basic-auth user name. */
const isSecret = (variable: string) => variable !== authVariables.basicUsername && /password|token|key|secret/i.test(variable);

/** The `{{variables}}` the collection uses that neither Postman (`$guid`) nor the collection itself defines. */
function environmentVariables(collection: PostmanCollection): string[] {
  const own = new Set((collection.variable ?? []).map((variable) => variable.key));
  const used = [...JSON.stringify(collection).matchAll(/\{\{([A-Za-z]\w*)\}\}/g)].map((match) => match[1]!);
  const standard = [authVariables.basicUsername, authVariables.basicPassword, authVariables.bearer];
  return [...new Set([...standard, ...used])].filter(
    (variable) => variable !== 'baseUrl' && (standard.includes(variable as never) || !own.has(variable)),
  );
}

function environmentFor(title: string, server: Server, id: string, variables: string[]): PostmanEnvironment {
  const label = id.replace(/^\w/, (letter) => letter.toUpperCase());
  return {
    name: `${title}: ${label}`,
    values: [
      {key: 'baseUrl', value: server.url, type: 'default', enabled: true},
      ...variables.map((key) => ({key, value: '', type: isSecret(key) ? ('secret' as const) : ('default' as const), enabled: true})),
    ],
    _postman_variable_scope: 'environment',
  };
}

/**
 * The variable of an API key: `apiKey`, or the key's own name where its scheme says what it is
 * (`ledgerSecret` for LEDGER_SECRET), as the samples' environment variables are named.
 */
const keyVariable = (key: SampleApiKey) =>
  /_API_KEY$/.test(key.key)
    ? authVariables.apiKey
    : key.key.toLowerCase().replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** Postman's auth for the sample's: the variables are the environments'. */
function postmanAuth(document: JsonObject, operation: JsonObject): unknown {
  const auth = sampleAuth(document, operation);
  const variable = (value: string) => `{{${value}}}`;
  if (auth.type === 'basic') {
    return {
      type: 'basic',
      basic: [
        {key: 'username', value: variable(authVariables.basicUsername), type: 'string'},
        {key: 'password', value: variable(authVariables.basicPassword), type: 'string'},
      ],
    };
  }
  if (auth.type === 'bearer') return {type: 'bearer', bearer: [{key: 'token', value: variable(authVariables.bearer), type: 'string'}]};
  if (auth.type === 'apiKey') {
    return {
      type: 'apikey',
      apikey: [
        {key: 'key', value: auth.name, type: 'string'},
        {key: 'value', value: variable(keyVariable(auth)), type: 'string'},
        // Postman sends an API key in a header or the query; a cookie is a header.
        {key: 'in', value: auth.in === 'query' ? 'query' : 'header', type: 'string'},
      ],
    };
  }
  return {type: 'noauth'};
}

/**
 * The auth a request without its own uses: that of the file's own security requirement, or else
 * that of most operations (Tessera's bearer secret; the converter sets no collection default).
 */
function defaultAuth(document: JsonObject): unknown {
  if (Array.isArray(document.security) && document.security.length > 0) return postmanAuth(document, {});
  const counts = new Map<string, {count: number; auth: unknown}>();
  for (const pathItem of Object.values((document.paths ?? {}) as Record<string, JsonObject>)) {
    for (const method of httpMethods) {
      const operation = pathItem[method] as JsonObject | undefined;
      if (!operation) continue;
      const auth = postmanAuth(document, operation);
      const key = JSON.stringify(auth);
      counts.set(key, {count: (counts.get(key)?.count ?? 0) + 1, auth});
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count)[0]?.auth ?? {type: 'noauth'};
}

export async function postmanDownloads(sourcePath: string): Promise<PostmanDownloads> {
  const source = readFileSync(path.join(siteDir, sourcePath), 'utf8');
  const document = parseApiFile(sourcePath, source) as JsonObject & {info: {title: string; version: string}; servers?: Server[]};
  const collection = await convertDocument(source);
  withFreshIdempotencyKeys(collection);
  withSampleRequests(collection, document);
  collection.auth = defaultAuth(document);
  const title = `${document.info.title} ${document.info.version}`;
  const servers = document.servers ?? [];
  const ids = environmentIds(servers);
  const variables = environmentVariables(collection);
  return {
    collection,
    environments: servers.map((server, index) => ({id: ids[index]!, environment: environmentFor(title, server, ids[index]!, variables)})),
  };
}

/** `POST v3/sessions/:sessionId` for a request of the collection and for an operation of the document. */
const requestKey = (method: string, postmanPath: string) => `${method.toUpperCase()} ${postmanPath}`;
const postmanPathOf = (apiPath: string) => apiPath.slice(1).replace(/\{(\w+)\}/g, ':$1');

/**
 * Each request sends what the operation's sample sends (src/lib/openapi/samples.ts): its body, its
 * path parameters' and required query parameters' values (the optional ones are listed, off), and
 * its auth, the scheme a server integration uses where the operation allows several (the
 * converter takes the first listed, a client key included), with the other API keys its security
 * requirement names together (Postman's auth holds one).
 */
function withSampleRequests(collection: PostmanCollection, document: JsonObject): void {
  const samples = new Map<string, {request: SampleRequest; apiPath: string; auth: unknown}>();
  for (const [apiPath, pathItem] of Object.entries(document.paths as Record<string, JsonObject>)) {
    for (const method of Object.keys(pathItem).filter((key) => httpMethods.includes(key))) {
      const operation = pathItem[method] as JsonObject;
      samples.set(requestKey(method, postmanPathOf(apiPath)), {
        request: sampleRequest(document, apiPath, pathItem, method),
        apiPath,
        auth: postmanAuth(document, operation),
      });
    }
  }
  for (const request of requestsOf(collection.item)) {
    const sample = samples.get(requestKey(request.method, (request.url.path ?? []).join('/')));
    if (!sample) continue;
    const {body} = sample.request;
    if (body !== undefined && request.body?.mode === 'raw')
      request.body.raw = JSON.stringify(withBodyKeyVariables(sample.request), null, 2);
    // The converter lists a form's top-level fields with placeholder values, nested ones not at all.
    if (body !== undefined && request.body?.mode === 'urlencoded')
      request.body.urlencoded = formFields(body).map(([key, value]) => ({key, value}));
    if (request.auth) request.auth = sample.auth as PostmanRequest['auth'];
    withSampleParameters(request, sample.request, sample.apiPath);
    for (const key of sample.request.additionalKeys ?? []) {
      const value = `{{${keyVariable(key)}}}`;
      if (key.in === 'query') (request.url.query ??= []).push({key: key.name, value});
      else
        request.header = [
          ...(request.header ?? []),
          key.in === 'header' ? {key: key.name, value} : {key: 'Cookie', value: `${key.name}=${value}`},
        ];
    }
  }
}

/** The sample's JSON body, a credential it carries (Plaid's required `secret`) as the environment's variable, as its headers send it. */
function withBodyKeyVariables(sample: SampleRequest): unknown {
  if (!sample.bodyKeys || !sample.body || typeof sample.body !== 'object') return sample.body;
  const keys = [...(sample.auth.type === 'apiKey' ? [sample.auth] : []), ...(sample.additionalKeys ?? [])];
  const filled = sample.bodyKeys.map(({member, key}) => {
    const apiKey = keys.find((candidate) => candidate.key === key);
    if (!apiKey) throw new Error(`the body member ${member} reads ${key}, which no API key of the request is`);
    return [member, `{{${keyVariable(apiKey)}}}`];
  });
  return {...(sample.body as Record<string, unknown>), ...Object.fromEntries(filled)};
}

/** The sample's values for the request's path variables and query parameters, in place of the converter's `<string>`. */
function withSampleParameters(request: PostmanRequest, sample: SampleRequest, apiPath: string): void {
  const url = new URL(sample.url);
  const template = apiPath.split('/');
  const sent = url.pathname.split('/').slice(-template.length);
  for (const variable of request.url.variable ?? []) {
    const index = template.indexOf(`{${variable.key}}`);
    if (index >= 0 && sent[index] !== undefined) variable.value = decodeURIComponent(sent[index]);
  }
  for (const parameter of request.url.query ?? []) {
    const value = url.searchParams.get(parameter.key);
    if (value === null) parameter.disabled = true;
    else Object.assign(parameter, {value, disabled: false});
  }
}

async function main(): Promise<void> {
  // Written aside and swapped in at the end, so a file the converter rejects leaves the last good collections.
  const stagingDir = path.join(siteDir, '.generated/staging-postman');
  rmSync(stagingDir, {recursive: true, force: true});
  mkdirSync(path.join(stagingDir, postmanDirectory), {recursive: true});
  const counts: string[] = [];
  for (const spec of Object.values(openApiSpecs)) {
    const downloads = await postmanDownloads(spec.sourcePath).catch((error: unknown) => {
      throw new Error(`${spec.sourcePath}: ${error instanceof Error ? error.message : String(error)}`, {cause: error});
    });
    writeFileSync(path.join(stagingDir, collectionPath(spec.sourcePath)), `${JSON.stringify(downloads.collection, null, 2)}\n`);
    for (const {id, environment} of downloads.environments) {
      writeFileSync(path.join(stagingDir, environmentPath(spec.sourcePath, id)), `${JSON.stringify(environment, null, 2)}\n`);
    }
    counts.push(
      `${spec.sourcePath}: ${requestsOf(downloads.collection.item).length} requests, ${downloads.environments.length} environments`,
    );
  }
  swapInStagedOutput(path.join(siteDir, 'static'), stagingDir, [postmanDirectory.slice(1)]);
  console.log(`Postman collections written (${counts.join('; ')})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
