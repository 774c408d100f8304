/**
 * What a language of the request samples is: how it renders the one request model
 * (src/lib/openapi/samples.ts) and how the tests run what it renders with the language's real
 * toolchain. Each language is a folder beside this file; ./index.ts lists them in the order the
 * tabs show them.
 */
import type {SampleApiKey, SampleErrorFields, SampleRequest, SampleSuccess} from '../openapi/samples';

/** One command of a sample's run, in the folder the sample was saved to; `program` marks the run of the program itself (it gets the run's arguments). */
export type RunStep = {command: string; args: string[]; program?: boolean};

export type Toolchain = {
  /** The Debian packages that bring the toolchain and the libraries the samples use (`.ci/run` installs the missing ones). */
  debianPackages: string[];
  /** A command that succeeds when the toolchain and those libraries are installed. */
  probe: RunStep;
  /** The file a reader would save the sample as. */
  fileName: (source: string) => string;
  /**
   * What else the reader's project holds beside the sample (PHP's `vendor/autoload.php`), and
   * what this machine's toolchain needs that the reader's would not (see each language).
   */
  files?: (source: string) => Record<string, string>;
  /** The commands that build and run the saved sample, in order. */
  steps: (file: string) => RunStep[];
  /**
   * How a program that answers HTTP requests is served on `port`, when not by its program step
   * (which then reads the port from `PORT`): PHP's built-in server.
   */
  serve?: (file: string, port: number) => RunStep;
  /** Variables the toolchain needs besides the sample's credentials (Go's build cache). */
  environment?: () => Record<string, string>;
  /** How long a run may take; a first Go build compiles the standard library. */
  timeoutMs?: number;
  /**
   * How the tests set a server program's wall clock (./fake-clock.ts), for the notification
   * verifiers at the signature test vector's time: `libfaketime` where the runtime reads the time
   * through the C library (`debianPackages` then lists `libfaketime`). Absent where it cannot: Go
   * reads the kernel's clock through the vDSO, so its handler takes the clock as a parameter and
   * the test passes a fixed one from a Go test.
   */
  clock?: 'libfaketime';
};

export type SampleLanguage = {
  /** The tab's value and the value of the `lang` query parameter that chooses it. */
  id: string;
  /** The tab's label. */
  label: string;
  /** What a reader needs to run its samples, as prose says it (`<SampleLanguages/>`, src/lib/facts.ts): "Python 3.10 or later with requests". */
  runsWith: string;
  /**
   * The oldest release of the runtime that the samples (generated and the guides' own) run on,
   * where one version is the reader's requirement: `runsWith` says it, and a guide sample that
   * names the runtime must name this version (tests/unit/sample-runtimes.test.ts).
   */
  minimumVersion?: string;
  /** The Prism language that highlights it (config/site-constants.ts `highlightedLanguages`). */
  highlight: string;
  render: (request: SampleRequest) => string;
  toolchain: Toolchain;
};

/** The comment every sample puts beside its idempotency key. */
export const idempotencyComment = 'A new key for each new request; send the same key again to retry it safely.';

/** The comment beside the key a reader tried in the console (`SampleRequest.triedIdempotencyKey`). */
export const triedKeyComment = 'The key you tried in the console: sent again, it replays that request. A new request needs a new key.';

/** What a sample says beside its idempotency key: a fresh key's comment, or the tried key's. */
export const keyComment = (request: SampleRequest) => (request.triedIdempotencyKey ? triedKeyComment : idempotencyComment);

/** What a sample reads of the answer when the operation documents no 2xx response. */
export const successOf = (request: SampleRequest): SampleSuccess =>
  request.success ?? {status: 200, hasBody: true, name: 'body', fields: []};

export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export const pascalCase = (name: string) =>
  name
    .replace(/[^A-Za-z0-9]+(.)/g, (_, letter: string) => letter.toUpperCase())
    .replace(/^[^A-Za-z]+/, '')
    .replace(/^./, (letter) => letter.toUpperCase());

/** The sample's base name, from the operation id. */
export const baseName = (request: SampleRequest) => request.operationId ?? 'sample';

/** Whether the URL has a query already, so that an API key sent in the query joins it with `&`. */
export function hasQuery(url: string): boolean {
  return url.includes('?');
}

/** The JSON request body as text, two-space indented, as every language's literal starts from. */
export const jsonText = (body: unknown) => JSON.stringify(body, null, 2);

export {formFields} from '../openapi/form-fields';

/** What stands for a body member's environment variable in a literal until the language puts its reading there. */
const bodyKeyMarker = (key: string) => `\u2063${key}\u2063`;
/** The marker as a literal holds it: in double or single quotes, escaped or not. */
const quotedMarker = /(\\?["'])\u2063([A-Za-z0-9_]+)\u2063\1/g;

/**
 * The JSON body's literal, as `write` renders a body, with each member `bodyKeys` names reading
 * its environment variable: `read` gives the language's expression for it (`os.environ["PLAID_SECRET"]`),
 * in place of the quoted string the literal held (`quote`: the quote that string was written with).
 * Also the variables, in the order the literal reads them, for languages that format the text.
 */
export function bodyLiteral(
  request: SampleRequest,
  write: (body: unknown) => string,
  read: (key: string, quote: string) => string,
): {text: string; keys: string[]} {
  const bodyKeys = request.bodyKeys ?? [];
  if (bodyKeys.length === 0 || !isRecord(request.body)) return {text: write(request.body), keys: []};
  const marked = {...request.body};
  // Only the members the body has: a guide's own body (sampleRequestOf) may leave them out.
  for (const {member, key} of bodyKeys) if (member in marked) marked[member] = bodyKeyMarker(key);
  const keys: string[] = [];
  const text = write(marked).replace(quotedMarker, (_, quote: string, key: string) => {
    keys.push(key);
    return read(key, quote);
  });
  return {text, keys};
}

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** Whether the request sends its body form-encoded (`application/x-www-form-urlencoded`), not as JSON. */
export const isForm = (request: SampleRequest) => request.bodyType === 'form' && request.body !== undefined;

/** Every API key the request sends, `auth`'s first: those its security requirement names together. */
export const apiKeysOf = (request: SampleRequest): SampleApiKey[] => [
  ...(request.auth.type === 'apiKey' ? [request.auth] : []),
  ...(request.additionalKeys ?? []),
];

/**
 * The members of a typed error a sample prints, in order: the code, the message when the body has
 * one besides the code, the request's id when it has one. Each language writes them as
 * `{status} {code}: {message} (request {id})`.
 */
export function errorMembers(errors: SampleErrorFields & {code: string}): {code: string; message?: string; requestId?: string} {
  return {
    code: errors.code,
    ...(errors.message && errors.message !== errors.code ? {message: errors.message} : {}),
    ...(errors.requestId ? {requestId: errors.requestId} : {}),
  };
}
