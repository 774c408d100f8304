/**
 * The part of an OpenAPI document that a few operations need: those operations under their paths
 * (with their path item's shared parameters), and of `components` only what their `$ref`s reach,
 * transitively, beside every security scheme. Everything a mock checks a request of those
 * operations against (parameters, body schema, credentials, servers) is the file's own, unchanged;
 * what goes is what no request of theirs can touch. A mock of GitHub's 5.5 MB file took Prism about
 * three minutes to load for the four operations the scale tier runs; the slice loads in seconds.
 * The "Try it" console's module of an added API's operation is such a slice too
 * (scripts/sandbox/build-console.ts).
 */
import {httpMethods} from '../http-methods';
import {unescapePointer, type JsonObject} from './refs';

export type OperationKey = {apiPath: string; method: string};

export function operationsSlice(document: JsonObject, operations: readonly OperationKey[]): JsonObject {
  const sourcePaths = (document.paths ?? {}) as Record<string, JsonObject>;
  const paths: Record<string, JsonObject> = {};
  for (const {apiPath, method} of operations) {
    const item = sourcePaths[apiPath];
    if (!item?.[method]) throw new Error(`${method.toUpperCase()} ${apiPath} is not in the document`);
    // The path item's own fields (shared parameters, servers) stay; of its operations, only the chosen ones.
    const kept = (paths[apiPath] ??= Object.fromEntries(
      Object.entries(item).filter(([key]) => !(httpMethods as readonly string[]).includes(key)),
    ));
    kept[method] = item[method];
  }
  const components = (document.components ?? {}) as Record<string, Record<string, unknown>>;
  const reached: Record<string, Record<string, unknown>> = {};
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const ref = (node as JsonObject).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/') && !seen.has(ref)) {
      seen.add(ref);
      const [kind, name] = ref.slice('#/components/'.length).split('/').map(unescapePointer);
      const target = components[kind!]?.[name!];
      if (target !== undefined) {
        (reached[kind!] ??= {})[name!] = target;
        visit(target);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(paths);
  // Security schemes are named, not referenced: every one stays, as do what they reference.
  if (components.securitySchemes) {
    reached.securitySchemes = {...components.securitySchemes};
    visit(components.securitySchemes);
  }
  // Of the top level, the fields that describe every operation (servers, security, info); the
  // webhooks and the file's own extensions (GitHub's `x-webhooks`) describe no request to the API.
  const kept = ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'security', 'tags', 'externalDocs'];
  const top = Object.fromEntries(Object.entries(document).filter(([key]) => kept.includes(key)));
  return {...top, paths, ...(Object.keys(reached).length ? {components: reached} : {})};
}
