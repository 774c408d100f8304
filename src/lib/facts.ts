/**
 * Facts that several pages state, rendered as Markdown from the OpenAPI files and the SDK types
 * instead of retyped. Each MDX component name below is expanded at compile time by
 * src/plugins/api-facts (so pages ship no extra JavaScript); an unknown name or a name the data
 * does not define fails the page with its file and line.
 *
 * - `<ErrorCode code="session_not_modifiable"/>` → `409 session_not_modifiable`
 * - `<AllowedStatuses operation="updateMetadata"/>`, `<DisallowedStatuses operation="cancelAnOrder"/>`
 *   → the statuses from the operation's `x-tessera-allowed-statuses`
 * - `<LoadFailureCodes/>` → the codes `Tessera.init` fails with (sdk/tessera-sdk.d.ts)
 * - `<LockFailureCodes/>` → the codes `lock()` and `unlock()` reject with; `format="table"` with what each means
 * - `<CspDirectives/>` (a table) or `<CspDirectives format="header"/>` (the header value)
 * - `<MemberCount type="TesseraInitOptions"/>` → `five`: how many fields (or `kind="methods"`) an SDK interface has
 * - `<EventPayload event="unlocked"/>` → `{sessionId: string; automatic: boolean}`, the event's payload type
 * - `<SupportedBrowsers/>` → the browsers of `TesseraSupportedBrowsers`, as one phrase
 * - `<EnumValues pointer="/components/schemas/DecisionRequest/properties/decision"/>` → `approve` or `reject`
 * - `<ApiValue pointer="/components/schemas/Session/properties/clientToken/x-tessera-valid-for-seconds"/>`
 * - `<AllowedStatusesTable schema="SessionStatus"/>`: every operation with allowed statuses of that schema
 * - `<SchemaFields schema="SessionNotification" expand="data"/>`: a field table from the schema's descriptions
 * - `<ApiPermissions/>`: the API key permissions (`x-tessera-permissions`) with the operations that need each
 * - `<MigrationTable/>`, `<MigrationFieldChanges/>`, `<MigrationErrorChanges/>`, `<MigrationBehaviourChanges/>`,
 *   `<MigrationMoneyStatement/>`, `<MigrationIdStatement/>`, `<MigrationFieldFate operation="createSignup" field="expires_in_minutes"/>`
 *   (src/lib/migration.ts, from migration-model.ts)
 */
import {statSync} from 'node:fs';
import path from 'node:path';
import {
  allowedStatuses,
  apiFiles,
  apiOperations,
  disallowedStatuses,
  errorStatuses,
  loadApiDocument,
  operationPageId,
  pointerValue,
  resolve,
  siteDir,
  statusEnum,
  type ApiDocument,
  type JsonObject,
} from './openapi';
import {
  behaviourChangesList,
  errorChangesTable,
  fieldChangesTable,
  fieldFatePhrase,
  idStatement,
  migrationTable,
  moneyStatement,
} from './migration';
import {migrationModel, type MigrationModel} from './migration-model';
import {countInWords} from './number-words';
import {sampleLanguages} from './sample-languages';
import {loadSdkModel, sdkFile, supportedBrowsersText, type SdkModel} from './sdk-model';

export type FactSources = {v1: ApiDocument; v3: ApiDocument; sdk: SdkModel};
export type RenderedFact = {markdown: string; block: boolean};
type Attributes = Record<string, string | true>;

let cached: {stamp: string; sources: FactSources} | undefined;

/** The sources, reloaded when one of the files changes (so `npm start` picks up an edited OpenAPI file). */
export function factSources(): FactSources {
  const stamp = [apiFiles.v1, apiFiles.v3, sdkFile].map((file) => statSync(path.join(siteDir, file)).mtimeMs).join(':');
  if (cached?.stamp !== stamp) {
    cached = {stamp, sources: {v1: loadApiDocument(apiFiles.v1), v3: loadApiDocument(apiFiles.v3), sdk: loadSdkModel()}};
  }
  return cached.sources;
}

const models = new WeakMap<FactSources, MigrationModel>();
/** The migration model of the sources, computed once per load of the files. */
const modelOf = (sources: FactSources): MigrationModel => {
  const model = models.get(sources) ?? migrationModel(sources.v1, sources.v3);
  models.set(sources, model);
  return model;
};

const required = (attributes: Attributes, name: string, component: string): string => {
  const value = attributes[name];
  if (typeof value !== 'string' || !value) throw new Error(`<${component}> needs ${name}="…"`);
  return value;
};

const renderers: Record<string, (attributes: Attributes, sources: FactSources) => RenderedFact> = {
  ErrorCode(attributes, {v3}) {
    const code = required(attributes, 'code', 'ErrorCode');
    const statuses = errorStatuses(v3).get(code);
    if (!statuses || statuses.size !== 1)
      throw new Error(`<ErrorCode code="${code}">: ${statuses ? 'several statuses' : 'no such error code'} in ${apiFiles.v3}`);
    return {markdown: `\`${[...statuses][0]} ${code}\``, block: false};
  },
  AllowedStatuses(attributes, {v3}) {
    const operation = required(attributes, 'operation', 'AllowedStatuses');
    const allowed = allowedStatuses(v3, operation);
    if (!allowed) throw new Error(`<AllowedStatuses operation="${operation}">: the operation has no x-tessera-allowed-statuses`);
    return {markdown: codeList(allowed.statuses, attributes.and ? 'and' : 'or'), block: false};
  },
  DisallowedStatuses(attributes, {v3}) {
    const operation = required(attributes, 'operation', 'DisallowedStatuses');
    return {markdown: codeList(disallowedStatuses(v3, operation).statuses, attributes.and ? 'and' : 'or'), block: false};
  },
  LoadFailureCodes(attributes, {sdk}) {
    if (!sdk.loadFailureCodes.length) throw new Error(`<LoadFailureCodes>: no TesseraLoadFailureCode in ${sdkFile}`);
    return {markdown: codeList(sdk.loadFailureCodes, attributes.and ? 'and' : 'or'), block: false};
  },
  LockFailureCodes(attributes, {sdk}) {
    if (!sdk.lockFailureCodes.length) throw new Error(`<LockFailureCodes>: no TesseraLockFailureCode in ${sdkFile}`);
    if (attributes.format === 'table') {
      const rows = sdk.lockFailureCodes.map(([code, meaning]) => `| \`${code}\` | ${meaning.replace(/\|/g, '\\|')} |`);
      return {markdown: ['| `code` | When |', '|---|---|', ...rows].join('\n'), block: true};
    }
    return {
      markdown: codeList(
        sdk.lockFailureCodes.map(([code]) => code),
        attributes.and ? 'and' : 'or',
      ),
      block: false,
    };
  },
  CspDirectives(attributes, {sdk}) {
    if (!sdk.contentSecurityPolicy.length) throw new Error(`<CspDirectives>: no TesseraContentSecurityPolicy in ${sdkFile}`);
    if (attributes.format === 'header') {
      return {
        markdown: `\`${sdk.contentSecurityPolicy.map(([directive, sources]) => `${directive} ${sources}`).join('; ')}\``,
        block: false,
      };
    }
    if (attributes.format === 'names')
      return {
        markdown: codeList(
          sdk.contentSecurityPolicy.map(([directive]) => directive),
          'and',
        ),
        block: false,
      };
    const rows = sdk.contentSecurityPolicy.map(([directive, sources]) => `| \`${directive}\` | \`${sources}\` |`);
    return {markdown: ['| Directive | Allow |', '|---|---|', ...rows].join('\n'), block: true};
  },
  MemberCount(attributes, {sdk}) {
    const type = required(attributes, 'type', 'MemberCount');
    const members = sdk.interfaces.get(type);
    if (!members) throw new Error(`<MemberCount type="${type}">: no such interface in ${sdkFile}`);
    const count = attributes.kind === 'methods' ? members.methods.length : members.properties.length;
    return {markdown: countInWords(count), block: false};
  },
  EventPayload(attributes, {sdk}) {
    const event = required(attributes, 'event', 'EventPayload');
    const payload = sdk.eventPayloads.get(event);
    if (!payload) throw new Error(`<EventPayload event="${event}">: no such event in ${sdkFile}`);
    return {markdown: `\`{${payload.map(([field, type]) => `${field}: ${type}`).join('; ')}}\``, block: false};
  },
  SupportedBrowsers(_, {sdk}) {
    if (!sdk.supportedBrowsers.length) throw new Error(`<SupportedBrowsers>: no TesseraSupportedBrowsers in ${sdkFile}`);
    return {markdown: supportedBrowsersText(sdk.supportedBrowsers), block: false};
  },
  EnumValues(attributes, {v3}) {
    const pointer = required(attributes, 'pointer', 'EnumValues');
    const values = resolve(v3, pointerValue(v3, pointer))?.enum;
    if (!Array.isArray(values) || !values.length) throw new Error(`<EnumValues pointer="${pointer}">: no enum there in ${apiFiles.v3}`);
    return {markdown: codeList(values.map(String), attributes.and ? 'and' : 'or'), block: false};
  },
  ApiValue(attributes, {v3}) {
    const pointer = required(attributes, 'pointer', 'ApiValue');
    const value = pointerValue(v3, pointer);
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`<ApiValue pointer="${pointer}">: no string or number there in ${apiFiles.v3}`);
    return {markdown: String(value), block: false};
  },
  AllowedStatusesTable(attributes, {v3}) {
    const schema = required(attributes, 'schema', 'AllowedStatusesTable');
    const statuses = statusEnum(v3, schema);
    const rows = [...apiOperations(v3).values()].flatMap((operation) => {
      const allowed = operation.operation['x-tessera-allowed-statuses'] as {schema: string; statuses: string[]} | undefined;
      if (allowed?.schema !== schema) return [];
      const link = `[${String(operation.operation.summary)}](/docs/3.0.0/api/${operationPageId(operation.operationId)})`;
      return [`| ${link} | ${statuses.map((status) => (allowed.statuses.includes(status) ? 'Yes' : 'No')).join(' | ')} |`];
    });
    if (!rows.length) throw new Error(`<AllowedStatusesTable schema="${schema}">: no operation has x-tessera-allowed-statuses for it`);
    const header = `| Operation | ${statuses.map((status) => `\`${status}\``).join(' | ')} |`;
    return {markdown: [header, `|---|${statuses.map(() => '---').join('|')}|`, ...rows].join('\n'), block: true};
  },
  SchemaFields(attributes, {v3}) {
    const name = required(attributes, 'schema', 'SchemaFields');
    const schema = v3.components?.schemas?.[name];
    if (!schema) throw new Error(`<SchemaFields schema="${name}">: no such schema in ${apiFiles.v3}`);
    const expand = new Set(typeof attributes.expand === 'string' ? attributes.expand.split(',') : []);
    const firstParagraph = (node: JsonObject | undefined): string => {
      const own =
        node?.description ??
        resolve(v3, (node?.allOf as unknown[] | undefined)?.[0] ?? (node?.oneOf as unknown[] | undefined)?.[0])?.description;
      return String(own ?? '')
        .split(/\n\s*\n/)[0]!
        .replace(/\s+/g, ' ')
        .replace(/\|/g, '\\|')
        .trim();
    };
    const rows: string[] = [];
    const list = (node: JsonObject | undefined, prefix: string) => {
      for (const [property, value] of Object.entries((resolve(v3, node)?.properties as JsonObject | undefined) ?? {})) {
        const resolved = resolve(v3, value);
        if (expand.has(`${prefix}${property}`)) list(resolved, `${prefix}${property}.`);
        else rows.push(`| \`${prefix}${property}\` | ${firstParagraph(value as JsonObject) || firstParagraph(resolved)} |`);
      }
    };
    list(schema, '');
    return {markdown: ['| Field | Meaning |', '|---|---|', ...rows].join('\n'), block: true};
  },
  ApiPermissions(_, {v3}) {
    const scheme = (v3.components?.securitySchemes as Record<string, JsonObject> | undefined)?.bearerAuth;
    const permissions = scheme?.['x-tessera-permissions'] as Record<string, string> | undefined;
    if (!permissions) throw new Error(`<ApiPermissions>: no x-tessera-permissions on bearerAuth in ${apiFiles.v3}`);
    const byPermission = new Map<string, string[]>(Object.keys(permissions).map((permission) => [permission, []]));
    for (const operation of apiOperations(v3).values()) {
      if (operation.kind !== 'path') continue;
      const needs = operation.operation['x-tessera-permission'];
      if (needs === undefined) continue;
      const list = byPermission.get(String(needs));
      if (!list)
        throw new Error(`<ApiPermissions>: ${operation.operationId} needs ${String(needs)}, which x-tessera-permissions does not list`);
      list.push(`[${String(operation.operation.summary)}](/docs/3.0.0/api/${operationPageId(operation.operationId)})`);
    }
    const rows = [...byPermission].map(
      ([permission, operations]) => `| \`${permission}\` | ${permissions[permission]} | ${operations.join(', ')} |`,
    );
    return {markdown: ['| Permission | Allows | Operations |', '|---|---|---|', ...rows].join('\n'), block: true};
  },
  MigrationTable: (_, {v1, v3}) => ({markdown: migrationTable(v1, v3), block: true}),
  MigrationFieldChanges: (_, sources) => ({markdown: fieldChangesTable(sources.v1, sources.v3, modelOf(sources)), block: true}),
  MigrationErrorChanges: (_, sources) => ({markdown: errorChangesTable(sources.v1, sources.v3, modelOf(sources)), block: true}),
  MigrationMoneyStatement: (_, sources) => ({markdown: moneyStatement(sources.v1, sources.v3, modelOf(sources)), block: false}),
  MigrationIdStatement: (_, sources) => ({markdown: idStatement(sources.v1, sources.v3, modelOf(sources)), block: false}),
  MigrationFieldFate(attributes, sources) {
    const operation = required(attributes, 'operation', 'MigrationFieldFate');
    const field = required(attributes, 'field', 'MigrationFieldFate');
    const direction = attributes.direction === 'response' ? 'response' : 'request';
    return {markdown: fieldFatePhrase(modelOf(sources), operation, field, direction), block: false};
  },
  MigrationBehaviourChanges: (_, {v1, v3}) => ({markdown: behaviourChangesList(v1, v3), block: true}),
  // The languages every request sample comes in, and what each needs (src/lib/sample-languages).
  SampleLanguages: () => ({
    markdown: proseList(
      sampleLanguages.map((language) => language.runsWith),
      'and',
    ),
    block: false,
  }),
};

export const factComponents = Object.keys(renderers);

export function isFactComponent(name: string | null | undefined): boolean {
  return Boolean(name && Object.hasOwn(renderers, name));
}

export function renderFact(name: string, attributes: Attributes, sources: FactSources = factSources()): RenderedFact {
  const renderer = renderers[name];
  if (!renderer) throw new Error(`unknown fact component <${name}>`);
  return renderer(attributes, sources);
}

/**
 * The source of a page with every fact component replaced by its Markdown, so the content checks
 * see what a reader reads. Line numbers stay the same (block facts are put on one line each).
 */
export function expandFactsInSource(source: string, sources: FactSources = factSources()): string {
  return source.replace(/<([A-Z][A-Za-z]+)((?:\s+[a-zA-Z]+(?:="[^"]*")?)*)\s*\/>/g, (whole, name: string, rawAttributes: string) => {
    if (!isFactComponent(name)) return whole;
    const attributes: Attributes = {};
    for (const match of rawAttributes.matchAll(/([a-zA-Z]+)(?:="([^"]*)")?/g)) attributes[match[1]!] = match[2] ?? true;
    return renderFact(name, attributes, sources).markdown.replace(/\n/g, ' ');
  });
}

/** `a`, `b` or `c` (or `and`): how prose lists code values. */
export function codeList(values: string[], conjunction: 'or' | 'and' = 'or'): string {
  return proseList(
    values.map((value) => `\`${value}\``),
    conjunction,
  );
}

/** a, b and c: how prose lists phrases. */
export function proseList(values: string[], conjunction: 'or' | 'and' = 'or'): string {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} ${conjunction} ${values.at(-1)}`;
}
