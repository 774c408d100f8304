/**
 * The content checks a page must pass, shared by the unit tests (every page, `npm run check`) and
 * the remark plugin that reports them while `npm start` runs (src/plugins/content-checks):
 *
 * - mentions: a backticked error code, status or enumeration value, SDK event or code, notification
 *   event type, or `NNN code` pair that the OpenAPI file or the SDK types contradict or do not define;
 * - JSON samples that do not validate against the schema they name;
 * - links to a page or file the site does not have;
 * - a Content-Security-Policy sample that asks for other Tessera sources than the SDK types.
 *
 * Every problem names its file and line.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {
  apiFiles,
  apiOperations,
  enumValues,
  errorStatuses,
  loadApiDocument,
  operationPageId,
  resolve,
  siteDir,
  type ApiDocument,
  type JsonObject,
  jsonMediaType,
  SchemaValidator,
  escapePointer,
} from './openapi';
import type {FactSources} from './facts';
import {numberWords} from './number-words';

export type ContentProblem = {file: string; line: number; message: string};
export const formatProblem = (problem: ContentProblem): string => `${problem.file}:${problem.line}: ${problem.message}`;

/** What a page may mention: the vocabulary of one API version and the SDK. */
export type Vocabulary = {
  version: 'v1' | 'v3';
  errors: Map<string, Set<number>>;
  values: Set<string>;
  eventPrefixes: Set<string>;
};

export function vocabulary(sources: FactSources, version: 'v1' | 'v3'): Vocabulary {
  const document = sources[version];
  // Field names are fair mentions too (V1's are snake case); paths and callbacks add the rest.
  const values = new Set<string>([...enumValues(document).keys(), ...propertyNames(document)]);
  if (version === 'v3') for (const literal of sources.sdk.literals) values.add(literal);
  const errors = errorStatuses(document);
  for (const code of errors.keys()) values.add(code);
  const eventPrefixes = new Set([...values].filter((value) => /^[a-z]+\.[a-z_]+$/.test(value)).map((value) => value.split('.')[0]!));
  return {version, errors, values, eventPrefixes};
}

/** The union of two vocabularies, for a page that compares V1 with V3. */
export function combinedVocabulary(first: Vocabulary, second: Vocabulary): Vocabulary {
  const errors = new Map(first.errors);
  for (const [code, statuses] of second.errors) errors.set(code, new Set([...(errors.get(code) ?? []), ...statuses]));
  return {
    version: first.version,
    errors,
    values: new Set([...first.values, ...second.values]),
    eventPrefixes: new Set([...first.eventPrefixes, ...second.eventPrefixes]),
  };
}

function propertyNames(document: ApiDocument): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    for (const [key, child] of Object.entries(node)) {
      if (key === 'properties' && child && typeof child === 'object') for (const name of Object.keys(child)) names.add(name);
      if (key === 'name' && typeof child === 'string') names.add(child);
      if (key !== 'examples' && key !== 'example') visit(child);
    }
  };
  visit(document);
  return names;
}

const snakeCase = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const statusCodePair = /^([1-5]\d\d) ([a-z][a-z0-9_]*)$/;

/** Replaces fenced code with blank lines, so prose keeps its line numbers. */
export function proseLines(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line;
  });
}

/**
 * Backticked mentions in prose (Markdown or an OpenAPI description) that the API or SDK
 * contradict or do not define. `firstLine` is the line of `text` in its file.
 */
export function mentionProblems(
  text: string,
  file: string,
  words: Vocabulary,
  firstLine = 1,
): {problems: ContentProblem[]; checked: number} {
  const problems: ContentProblem[] = [];
  let checked = 0;
  const checkPair = (status: string, code: string, line: number) => {
    checked += 1;
    const statuses = words.errors.get(code);
    if (!statuses) problems.push({file, line, message: `\`${status} ${code}\`: ${code} is not an error code of the ${words.version} API`});
    else if (!statuses.has(Number(status))) {
      problems.push({
        file,
        line,
        message: `\`${status} ${code}\`: the ${words.version} API answers ${code} with ${[...statuses].join(' or ')}, not ${status}`,
      });
    }
  };
  proseLines(text).forEach((content, index) => {
    const line = firstLine + index;
    for (const match of content.matchAll(/`([^`\n]+)`/g)) {
      const token = match[1]!.trim();
      const pair = statusCodePair.exec(token);
      if (pair) {
        checkPair(pair[1]!, pair[2]!, line);
        continue;
      }
      const isEvent = /^[a-z]+\.[a-z_]+$/.test(token) && words.eventPrefixes.has(token.split('.')[0]!);
      if (snakeCase.test(token) || isEvent) {
        checked += 1;
        // `signup.merchant_account_id` is a field path, not an event.
        const isFieldPath = token.includes('.') && token.split('.').every((segment) => words.values.has(segment));
        if (!words.values.has(token) && !isFieldPath) {
          problems.push({
            file,
            line,
            message: `\`${token}\` is not an error code, status, enumeration value or ${words.version === 'v3' ? 'SDK event or code' : 'event'} of the ${words.version} API`,
          });
        }
      }
    }
    // `409` and code `session_not_modifiable`; a table row | 409 | `session_not_modifiable` |.
    for (const match of content.matchAll(/`([1-5]\d\d)`(?:,| and| with)?(?: the)? code `([a-z][a-z0-9_]*)`/g))
      checkPair(match[1]!, match[2]!, line);
    const row = /^\s*\|\s*([1-5]\d\d)\s*\|\s*`([a-z][a-z0-9_]*)`\s*\|/.exec(content);
    if (row && words.errors.has(row[2]!)) checkPair(row[1]!, row[2]!, line);
  });
  return {problems, checked};
}

/** Every description in an OpenAPI document, with the line it starts on in the YAML file. */
export function openApiDescriptions(yamlText: string): Array<{line: number; text: string}> {
  const lines = yamlText.split('\n');
  const found: Array<{line: number; text: string}> = [];
  lines.forEach((line, index) => {
    const match = /^(\s*)(?:- )?description:\s*(.*)$/.exec(line);
    if (!match) return;
    const indent = match[1]!.length;
    if (/^[|>]/.test(match[2]!)) {
      const body: string[] = [];
      for (let next = index + 1; next < lines.length && (lines[next]!.trim() === '' || lines[next]!.search(/\S/) > indent); next++)
        body.push(lines[next]!);
      found.push({line: index + 2, text: body.join('\n')});
    } else {
      found.push({line: index + 1, text: match[2]!.replace(/^['"]|['"]$/g, '')});
    }
  });
  return found;
}

export type SampleFence = {language: string; meta: Record<string, string>; code: string; line: number};

/** The JSON pointer of the schema a JSON sample says it shows (`operation=… part=… status=…` or `schema=…`). */
export function samplePointer(fence: SampleFence, v3: ApiDocument): string {
  const {operation: operationId, part, status, schema} = fence.meta;
  if (schema) {
    if (!v3.components?.schemas?.[schema]) throw new Error(`no schema ${schema} in the OpenAPI file`);
    return `#/components/schemas/${schema}`;
  }
  if (!operationId) throw new Error('a json sample must name operation="…" (with part=) or schema="…"');
  const found = apiOperations(v3).get(operationId);
  if (!found || found.kind === 'callback') throw new Error(`no operation ${operationId} in the OpenAPI file`);
  const group = found.kind === 'webhook' ? 'webhooks' : 'paths';
  const pointer = `#/${group}/${escapePointer(found.path)}/${found.method}`;
  const within = (reference: unknown, fallback: string, what: string) => {
    const media = jsonMediaType(resolve(v3, reference)?.content as JsonObject | undefined);
    if (!media) throw new Error(`${operationId} ${what} has no JSON body`);
    const base = (reference as JsonObject).$ref ? String((reference as JsonObject).$ref) : fallback;
    return `${base}/content/${escapePointer(media[0])}/schema`;
  };
  if (part === 'request') {
    if (!found.operation.requestBody) throw new Error(`${operationId} takes no request body`);
    return within(found.operation.requestBody, `${pointer}/requestBody`, 'request');
  }
  if (part !== 'response') throw new Error('part must be "request" or "response"');
  if (!status) throw new Error('a response sample needs status="…"');
  const response = (found.operation.responses as JsonObject | undefined)?.[status];
  if (!response) throw new Error(`${operationId} has no ${status} response`);
  return within(response, `${pointer}/responses/${status}`, status);
}

export function jsonSampleProblems(fences: SampleFence[], file: string, v3: ApiDocument, validator: SchemaValidator): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const fence of fences.filter((candidate) => candidate.language === 'json')) {
    try {
      const pointer = samplePointer(fence, v3);
      let value: unknown;
      try {
        value = JSON.parse(fence.code);
      } catch (error) {
        throw new Error(`not valid JSON (${(error as Error).message})`, {cause: error});
      }
      for (const error of validator.validate(pointer, value))
        problems.push({file, line: fence.line, message: `JSON sample (${pointer}): ${error}`});
    } catch (error) {
      problems.push({file, line: fence.line, message: `JSON sample: ${(error as Error).message}`});
    }
  }
  return problems;
}

/** A CSP sample must ask for exactly the Tessera sources of `TesseraContentSecurityPolicy`. */
export function cspSampleProblems(fences: SampleFence[], file: string, sources: FactSources): ContentProblem[] {
  const required = new Map(sources.sdk.contentSecurityPolicy);
  const problems: ContentProblem[] = [];
  for (const fence of fences) {
    fence.code.split('\n').forEach((text, index) => {
      const header = /Content-Security-Policy:\s*(.*)$/i.exec(text)?.[1];
      if (!header) return;
      const asked = new Map<string, string[]>();
      for (const directive of header.split(';')) {
        const [name, ...values] = directive.trim().split(/\s+/);
        const tessera = values.filter((value) => value.includes('tessera.example'));
        if (name && tessera.length) asked.set(name, tessera);
      }
      const line = fence.line + 1 + index;
      for (const [directive, origin] of required) {
        if (!asked.get(directive)?.includes(origin))
          problems.push({file, line, message: `Content-Security-Policy sample lacks ${directive} ${origin} (sdk/tessera-sdk.d.ts)`});
      }
      for (const [directive, values] of asked) {
        if (!required.has(directive))
          problems.push({
            file,
            line,
            message: `Content-Security-Policy sample allows ${values.join(' ')} in ${directive}, which the SDK does not need (sdk/tessera-sdk.d.ts)`,
          });
      }
    });
  }
  return problems;
}

/** Every route of the site that a page can link to, read from the files that make them. */
export function siteRoutes(): Set<string> {
  const routes = new Set<string>(['/', '/docs', '/search']);
  const walk = (folder: string, visit: (file: string) => void) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder, {withFileTypes: true})) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full, visit);
      else visit(full);
    }
  };
  const addDocs = (folder: string, version: string) =>
    walk(path.join(siteDir, folder), (file) => {
      if (!/\.mdx?$/.test(file)) return;
      const id = /^id:\s*(\S+)\s*$/m.exec(readFileSync(file, 'utf8').split('\n---')[0] ?? '')?.[1];
      const relative = path
        .relative(path.join(siteDir, folder), file)
        .replace(/\.mdx?$/, '')
        .replace(/\.api$|\.tag$|\.info$/, '');
      const route = `/docs/${version}/${id ? path.join(path.dirname(relative), id) : relative}`.replace(/\/\.\//g, '/');
      routes.add(route.replace(/\/index$/, ''));
    });
  addDocs('docs', '3.0.0');
  walk(path.join(siteDir, 'versioned_docs'), () => undefined);
  if (existsSync(path.join(siteDir, 'versioned_docs'))) {
    for (const entry of readdirSync(path.join(siteDir, 'versioned_docs')))
      addDocs(`versioned_docs/${entry}`, entry.replace(/^version-/, ''));
  }
  walk(path.join(siteDir, 'src/pages'), (file) => {
    if (/\.(mdx?|tsx)$/.test(file))
      routes.add(
        `/${path
          .relative(path.join(siteDir, 'src/pages'), file)
          .replace(/\.(mdx?|tsx)$/, '')
          .replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/',
      );
  });
  for (const match of readFileSync(path.join(siteDir, 'sidebars.ts'), 'utf8').matchAll(/slug:\s*'([^']+)'/g))
    routes.add(`/docs/3.0.0${match[1]}`);
  // The API reference pages, from the OpenAPI files, so the check needs no generated pages.
  const kebab = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  for (const [version, file] of [
    ['3.0.0', apiFiles.v3],
    ['1.0.0', apiFiles.v1],
  ] as const) {
    const document = loadApiDocument(file);
    const pages = [
      kebab(String(document.info?.title ?? '')),
      ...((document.tags as Array<{name: string}> | undefined) ?? []).map((tag) => kebab(tag.name)),
    ];
    for (const operation of apiOperations(document).values())
      if (operation.kind !== 'callback') pages.push(operationPageId(operation.operationId));
    for (const page of pages) routes.add(`/docs/${version}/api/${page}`);
  }
  return routes;
}

/** Files a `pathname:///` link may point at: static/ and what the API generation publishes there. */
const staticFileExists = (sitePath: string) => existsSync(path.join(siteDir, 'static', sitePath));

export function linkProblem(url: string, routes: Set<string>): string | undefined {
  if (url.startsWith('pathname://')) {
    const sitePath = url.replace(/^pathname:\/\//, '');
    return staticFileExists(sitePath) ? undefined : `link to ${url}: no such file under static/`;
  }
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  const route = url.split(/[#?]/)[0]!.replace(/\/$/, '') || '/';
  return routes.has(route) ? undefined : `link to ${route}: no such page`;
}

/** Markdown links `[text](/path)` in prose, with their lines. */
export function linkProblems(text: string, file: string, routes: Set<string>): ContentProblem[] {
  const problems: ContentProblem[] = [];
  proseLines(text).forEach((content, index) => {
    for (const match of content.matchAll(/\]\(((?:\/|pathname:\/\/)[^)\s]*)\)/g)) {
      const problem = linkProblem(match[1]!, routes);
      if (problem) problems.push({file, line: index + 1, message: problem});
    }
  });
  return problems;
}

const countOf = (word: string): number | undefined => {
  if (/^\d+$/.test(word)) return Number(word);
  const index = numberWords.indexOf(word.toLowerCase());
  return index < 0 ? undefined : index;
};

/**
 * Facts about the SDK's types that prose restates instead of rendering them from
 * sdk/tessera-sdk.d.ts: how many fields or methods an interface has ("`TesseraInitOptions` has four
 * fields"), an event's payload (a table row `| \`unlocked\` | \`{sessionId: string}\` |`, or the
 * field table under an event's heading), and the supported browsers, which only
 * `<SupportedBrowsers />` may name. Runs on the page source before the fact components expand.
 */
export function sdkProseProblems(text: string, file: string, sources: FactSources): ContentProblem[] {
  const {sdk} = sources;
  const problems: ContentProblem[] = [];
  const browsers = [...new Set(sdk.supportedBrowsers.map(([browser]) => browser.split(' ')[0]!))];
  const browserPattern = new RegExp(`\\b(${browsers.join('|')})\\b`);
  let section: string | undefined;
  proseLines(text).forEach((content, index) => {
    const line = index + 1;
    const heading = /^#{2,6}\s+`?([a-z_]+)`?\s*$/.exec(content)?.[1];
    if (/^#{1,6}\s/.test(content)) section = heading && sdk.eventPayloads.has(heading) ? heading : undefined;
    // "`TesseraInitOptions` has four fields", "the five fields of `TesseraInitOptions`".
    for (const match of content.matchAll(
      /`(Tessera[A-Za-z]+)` has (\w+) (?:[a-z-]+ )?(fields|properties|methods)|(\w+) (?:[a-z-]+ )?(fields|properties|methods) of `(Tessera[A-Za-z]+)`/g,
    )) {
      const [type, word, kind] = match[1] ? [match[1], match[2]!, match[3]!] : [match[6]!, match[4]!, match[5]!];
      const members = sdk.interfaces.get(type);
      const said = countOf(word);
      if (!members || said === undefined) continue;
      const actual = kind === 'methods' ? members.methods.length : members.properties.length;
      if (said !== actual)
        problems.push({
          file,
          line,
          message: `${type} has ${actual} ${kind} in ${sdkFileName}, not ${word}: use <MemberCount type="${type}" />`,
        });
    }
    // | `unlocked` | `{sessionId: string}` | …
    const row = /^\s*\|\s*`([a-z_]+)`\s*\|(.*)$/.exec(content);
    const payload = row && sdk.eventPayloads.get(row[1]!);
    const literal = row && /`\{([^`]*)\}`/.exec(row[2]!)?.[1];
    if (payload && literal !== undefined && literal !== null) {
      const fields = literal
        .split(/[;,]/)
        .map((part) => part.split(':')[0]!.trim())
        .filter(Boolean);
      if (fields.join() !== payload.map(([field]) => field).join())
        problems.push({
          file,
          line,
          message: `${row[1]} carries ${payload.map(([field]) => field).join(', ')}, not ${fields.join(', ')}: use <EventPayload event="${row[1]}" />`,
        });
    }
    // The field table under an event's heading lists exactly the payload's fields.
    if (section && /^\s*\|\s*Field\s*\|/.test(content)) {
      const rows = proseLines(text)
        .slice(index + 2)
        .filter((_, offset, rest) => rest.slice(0, offset + 1).every((candidate) => /^\s*\|/.test(candidate)));
      const fields = rows.map((candidate) => /^\s*\|\s*`([A-Za-z]+)`/.exec(candidate)?.[1] ?? '?');
      const expected = sdk.eventPayloads.get(section)!.map(([field]) => field);
      if (fields.join() !== expected.join())
        problems.push({
          file,
          line,
          message: `the fields of ${section} are ${expected.join(', ')} in ${sdkFileName}, not ${fields.join(', ')}`,
        });
    }
    if (browserPattern.test(content.replace(/`[^`]*`/g, '')))
      problems.push({
        file,
        line,
        message: `name the supported browsers with <SupportedBrowsers /> (TesseraSupportedBrowsers in ${sdkFileName})`,
      });
  });
  return problems;
}

const sdkFileName = 'sdk/tessera-sdk.d.ts';

/**
 * A binary choice in prose ("accept or reject") where one word is a value of a two-value enum of
 * the API and the other is not: the prose renamed a value. Quote the values with `<EnumValues />`.
 */
/** Words the pages use for the parties, never for an API value: "the shopper or merchant". */
const partyWords = new Set(['shopper', 'customer', 'merchant', 'applicant']);

export function binaryChoiceProblems(text: string, file: string, document: ApiDocument): ContentProblem[] {
  const pairs: string[][] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const values = (node as JsonObject).enum;
    if (Array.isArray(values) && values.length === 2 && values.every((value) => typeof value === 'string')) pairs.push(values as string[]);
    Object.values(node).forEach(visit);
  };
  visit(document);
  const problems: ContentProblem[] = [];
  proseLines(text).forEach((content, index) => {
    for (const match of content.replace(/`[^`]*`/g, '`').matchAll(/\b([a-z]+) or ([a-z]+)\b/g)) {
      const [first, second] = [match[1]!, match[2]!];
      if (partyWords.has(first) || partyWords.has(second)) continue;
      const pair = pairs.find((values) => values.includes(first) !== values.includes(second));
      if (pair)
        problems.push({
          file,
          line: index + 1,
          message: `"${first} or ${second}": the API's values are ${pair.join(' and ')}; use <EnumValues />`,
        });
    }
  });
  return problems;
}

/**
 * Worked arithmetic in prose, `1000 × 8090 ÷ 10670 = 758.20`: the result must be the value of the
 * expression rounded to the decimals it shows. Operators are ×, ÷, +, − (or -), numbers may be
 * negative and in parentheses; × and ÷ bind before + and −.
 */
export function arithmeticProblems(text: string, file: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const number = String.raw`\(?[−-]?\d+(?:\.\d+)?\)?`;
  const expression = new RegExp(String.raw`(${number}(?:\s*[×÷+−-]\s*${number})+)\s*=\s*([−-]?\d+(?:\.\d+)?)(?![\d.]*\d)`, 'g');
  const value = (token: string) => Number(token.replace(/[()]/g, '').replace('−', '-'));
  proseLines(text).forEach((content, index) => {
    for (const match of content.replace(/`/g, '').matchAll(expression)) {
      const tokens = match[1]!.match(new RegExp(`${number}|[×÷+−-]`, 'g'))!;
      // Fold × and ÷ first, then + and −.
      const terms: number[] = [value(tokens[0]!)];
      const signs: number[] = [1];
      for (let at = 1; at < tokens.length; at += 2) {
        const [operator, operand] = [tokens[at]!, value(tokens[at + 1]!)];
        if (operator === '×') terms[terms.length - 1]! *= operand;
        else if (operator === '÷') terms[terms.length - 1]! /= operand;
        else {
          terms.push(operand);
          signs.push(operator === '+' ? 1 : -1);
        }
      }
      const exact = terms.reduce((sum, term, position) => sum + signs[position]! * term, 0);
      const shown = match[2]!.replace('−', '-');
      const decimals = shown.split('.')[1]?.length ?? 0;
      if (Math.abs(Number(exact.toFixed(decimals)) - Number(shown)) > 1e-9)
        problems.push({file, line: index + 1, message: `${match[0]}: the expression is ${exact.toFixed(Math.max(decimals, 2))}`});
    }
  });
  return problems;
}

/** The kinds of value prose can say a field holds, and the words it says them with. */
const typeWords: Record<string, string> = {
  'money object': 'money',
  integer: 'integer',
  'plain integer': 'integer',
  number: 'number',
  string: 'string',
  boolean: 'boolean',
  array: 'array',
  uuid: 'uuid',
  'date-time': 'date-time',
  object: 'object',
};

/** Every kind of value each property name holds, over every schema of a file (a Money reference is `money`, also an object). */
export function propertyKinds(document: ApiDocument): Map<string, Set<string>> {
  const kinds = new Map<string, Set<string>>();
  const kindsOf = (schema: JsonObject): string[] => {
    const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
    if (ref?.endsWith('/Money')) return ['money', 'object'];
    const target = resolve(document, schema) ?? schema;
    const types = (Array.isArray(target.type) ? target.type : [target.type]).filter((type): type is string => typeof type === 'string');
    const format = typeof target.format === 'string' ? [target.format] : [];
    const variants = ((target.oneOf ?? target.anyOf ?? target.allOf) as JsonObject[] | undefined)?.flatMap(kindsOf) ?? [];
    return [...types, ...format, ...variants];
  };
  const seen = new Set<unknown>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const properties = (node as JsonObject).properties;
    if (properties && typeof properties === 'object') {
      for (const [name, schema] of Object.entries(properties as Record<string, JsonObject>)) {
        const set = kinds.get(name) ?? new Set<string>();
        kindsOf(schema).forEach((kind) => set.add(kind));
        kinds.set(name, set);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(document.components?.schemas);
  return kinds;
}

/**
 * Prose that says what kind of value a field holds ("`expectedMonthlyVolume` is a Money object",
 * "`unitPrice` is an integer"): the field, by its last name, must hold that kind in some schema
 * of the file. A name the file does not have is not checked here (the mentions check knows it).
 */
export function fieldKindProblems(text: string, file: string, document: ApiDocument): ContentProblem[] {
  const kinds = propertyKinds(document);
  const words = Object.keys(typeWords)
    .sort((a, b) => b.length - a.length)
    .join('|');
  const claim = new RegExp(String.raw`\x60([A-Za-z_][\w.\[\]]*)\x60 (?:is|are|stays|becomes|remains) (?:a |an )?(${words})\b`, 'gi');
  const problems: ContentProblem[] = [];
  proseLines(text).forEach((content, index) => {
    for (const match of content.matchAll(claim)) {
      const name = match[1]!.replace(/\[\]/g, '').split('.').pop()!;
      const held = kinds.get(name);
      const said = typeWords[match[2]!.toLowerCase()]!;
      if (held && !held.has(said))
        problems.push({
          file,
          line: index + 1,
          message: `\`${match[1]}\` is said to be ${match[2]}, but the file's \`${name}\` is ${[...held].join(' or ')}`,
        });
    }
  });
  return problems;
}
