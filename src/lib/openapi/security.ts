/**
 * An operation's security requirement in words, for its page and its Markdown twin: which schemes
 * (all of a requirement together, one requirement of several), the OAuth scopes each needs, and
 * what each scheme is. Providers often leave a scheme's description empty (Square's `oauth2`,
 * Plaid's API keys); the scheme's own fields still say what it is.
 */
import type {JsonObject} from './refs';

type Scheme = {
  type?: unknown;
  description?: unknown;
  name?: unknown;
  in?: unknown;
  scheme?: unknown;
  bearerFormat?: unknown;
  flows?: Record<string, {authorizationUrl?: unknown; tokenUrl?: unknown}>;
  openIdConnectUrl?: unknown;
};

const code = (text: string) => `\`${text}\``;

const flowNames: Record<string, string> = {
  authorizationCode: 'authorization code',
  clientCredentials: 'client credentials',
  implicit: 'implicit',
  password: 'password',
};

/** What a scheme is, from its fields: `an API key in the PLAID-SECRET header`, `OAuth 2.0 (authorization code flow)`. */
export function schemeKind(scheme: Scheme): string {
  if (scheme.type === 'apiKey') {
    const place = scheme.in === 'query' ? 'query parameter' : scheme.in === 'cookie' ? 'cookie' : 'header';
    return `an API key in the ${code(String(scheme.name ?? ''))} ${place}`;
  }
  if (scheme.type === 'http') {
    const kind = String(scheme.scheme ?? '').toLowerCase();
    const format = typeof scheme.bearerFormat === 'string' ? ` (${scheme.bearerFormat})` : '';
    return kind === 'bearer' ? `a bearer token${format} in the ${code('Authorization')} header` : `HTTP ${kind} authentication`;
  }
  if (scheme.type === 'oauth2') {
    const flows = Object.keys(scheme.flows ?? {}).map((flow) => flowNames[flow] ?? flow);
    return `OAuth 2.0${flows.length > 0 ? `, ${flows.join(' or ')} flow` : ''}`;
  }
  if (scheme.type === 'openIdConnect') return 'OpenID Connect';
  if (scheme.type === 'mutualTLS') return 'mutual TLS';
  return String(scheme.type ?? 'an unnamed scheme');
}

/** A scheme's description as one line, or what it is when the file gives no description. */
export function schemeDescription(scheme: Scheme): string {
  const description = typeof scheme.description === 'string' ? scheme.description.replace(/\s+/g, ' ').trim() : '';
  return description || `${schemeKind(scheme).replace(/^./, (first) => first.toUpperCase())}.`;
}

const listed = (items: string[], last: string) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;

/** The security schemes of the document by name. */
export const securitySchemesOf = (document: JsonObject): Record<string, Scheme> =>
  ((document.components as JsonObject | undefined)?.securitySchemes ?? {}) as Record<string, Scheme>;

/** The requirements that apply to an operation: its own, else the document's; undefined when neither says. */
export function securityRequirementsOf(document: JsonObject, operation: JsonObject): Record<string, string[]>[] | undefined {
  const requirements = (operation.security ?? document.security) as Record<string, string[]>[] | undefined;
  return Array.isArray(requirements) ? requirements : undefined;
}

/**
 * One sentence: `oauth2 (OAuth 2.0 …) with the scope PAYMENTS_WRITE`; several schemes of one
 * requirement joined by "and", alternative requirements by "or"; `None.` for an operation that
 * needs none. Undefined when the file says nothing about security.
 */
export function securitySentence(document: JsonObject, operation: JsonObject): string | undefined {
  const requirements = securityRequirementsOf(document, operation);
  if (!requirements) return undefined;
  const schemes = securitySchemesOf(document);
  const alternatives = requirements.map((requirement) => {
    const parts = Object.entries(requirement).map(([name, scopes]) => {
      const scheme = schemes[name] ?? {};
      const list = (Array.isArray(scopes) ? scopes : []).map(String).filter(Boolean);
      const scopeText = list.length > 0 ? ` with the scope${list.length > 1 ? 's' : ''} ${listed(list.map(code), 'and')}` : '';
      return `${code(name)} (${schemeKind(scheme)})${scopeText}`;
    });
    return parts.length > 0 ? listed(parts, 'and') : 'none';
  });
  if (alternatives.length === 0 || alternatives.every((alternative) => alternative === 'none')) return 'None.';
  const sentence = alternatives.length > 1 ? `One of: ${listed(alternatives, 'or')}` : alternatives[0]!;
  return `${sentence.replace(/^./, (first) => first.toUpperCase())}.`;
}
