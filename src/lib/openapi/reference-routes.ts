/**
 * The reference pages an OpenAPI document gets and their routes: one page per object of
 * `components/schemas` that a reader meets (objectSchemaNames says which), one per error code of
 * `x-error-catalogue`, one per operation. Generic over the document, so an object, code or
 * operation added to the OpenAPI file gets its page and the links to it without a code change.
 * scripts/reference writes the pages; the object-links remark plugin links the names in guides.
 */
import kebabCase from 'lodash/kebabCase.js';
import {docsVersions} from '../../../config/site-constants';
import {operationsOf, type OperationRef} from './operations';
import {resolveRef, type JsonObject} from './refs';

export const objectsFolder = 'objects';

export const errorsFolder = 'errors';

/** Only the current version has object pages (see write-reference-pages.ts). */
export const hasObjectPages = (docsRoute: string): boolean => docsRoute === `/${docsVersions.routeBasePath}/${docsVersions.current.path}`;

/** `OrderLine` → `order-line`, as the plugin kebab-cases the names of its pages. */
export const objectSlug = (schemaName: string): string => kebabCase(schemaName);

export const objectRoute = (docsRoute: string, schemaName: string): string => `${docsRoute}/${objectsFolder}/${objectSlug(schemaName)}`;

export const errorRoute = (docsRoute: string, code: string): string => `${docsRoute}/${errorsFolder}/${code}`;

const schemaRefPrefix = '#/components/schemas/';

export const refName = (schema: JsonObject): string | undefined =>
  typeof schema.$ref === 'string' && schema.$ref.startsWith(schemaRefPrefix) ? schema.$ref.slice(schemaRefPrefix.length) : undefined;

export const schemasOf = (document: JsonObject) =>
  ((document.components as JsonObject | undefined)?.schemas ?? {}) as Record<string, JsonObject>;

export const isNullSchema = (schema: JsonObject) => schema.type === 'null';

/** Is the schema an object (or a choice between objects), rather than a scalar or an enumeration? */
function isObjectSchema(document: JsonObject, schema: JsonObject, depth = 0): boolean {
  if (depth > 8) return false;
  const resolved = resolveRef(document, schema);
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  if (types.includes('object') || resolved.properties || resolved.allOf) return true;
  const variants = ((resolved.oneOf ?? resolved.anyOf) as JsonObject[] | undefined)?.filter(
    (variant) => !isNullSchema(resolveRef(document, variant)),
  );
  return Boolean(variants?.length) && variants!.every((variant) => isObjectSchema(document, variant, depth + 1));
}

/** The named schemas operations take as their request body, with those operations. */
export function requestBodySchemas(document: JsonObject, docsRoute: string): Map<string, OperationRef[]> {
  const bodies = new Map<string, OperationRef[]>();
  for (const operation of operationsOf(document, docsRoute)) {
    const content = (resolveRef(document, (operation.operation.requestBody ?? {}) as JsonObject).content ?? {}) as Record<
      string,
      JsonObject
    >;
    for (const media of Object.values(content)) {
      const name = media.schema ? refName(media.schema as JsonObject) : undefined;
      if (name && !bodies.get(name)?.includes(operation)) bodies.set(name, [...(bodies.get(name) ?? []), operation]);
    }
  }
  return bodies;
}

/**
 * The schemas that get an object page: every object the API returns, nests in a request or sends
 * in a notification. A request body is documented on its operation's page, unless something else
 * uses it too; a scalar or an enumeration (an id, a currency code, a status) is described in each
 * field that uses it. Every page adds its route to the JS each page of the site loads.
 */
export function objectSchemaNames(document: JsonObject): string[] {
  const schemas = schemasOf(document);
  const bodies = requestBodySchemas(document, '');
  const usedElsewhere = schemasReferencedOutsideRequestBodies(document);
  const onOperationPages = new Set([...bodies.keys()].filter((name) => !usedElsewhere.has(name)));
  const usedBy = schemaUsage(document);
  // The variants of such a body (one per session type, say) are shown with it.
  for (const body of [...onOperationPages]) {
    for (const variant of (schemas[body]?.oneOf ?? schemas[body]?.anyOf ?? []) as JsonObject[]) {
      const name = refName(variant);
      if (name && (usedBy.get(name) ?? []).every((user) => onOperationPages.has(user))) onOperationPages.add(name);
    }
  }
  return Object.keys(schemas).filter((name) => isObjectSchema(document, schemas[name]!) && !onOperationPages.has(name));
}

/** The schemas referred to anywhere but in the request bodies of operations (callbacks' request bodies are notifications, so they count). */
function schemasReferencedOutsideRequestBodies(document: JsonObject): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown, trail: readonly string[], self?: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((child) => visit(child, trail, self));
    const name = refName(node as JsonObject);
    if (name && name !== self) found.add(name);
    for (const [key, child] of Object.entries(node as JsonObject)) {
      const at = [...trail, key];
      const isOperationBody = key === 'requestBody' && trail.length === 3 && trail[0] === 'paths';
      const isSharedBodies = at.join('/') === 'components/requestBodies';
      // A schema referring to itself (a tree) does not count as a use.
      const definition = trail.length === 2 && trail.join('/') === 'components/schemas' ? key : self;
      if (!isOperationBody && !isSharedBodies) visit(child, at, definition);
    }
  };
  visit(document, []);
  return found;
}

/** For each schema, the named schemas that refer to it directly. */
export function schemaUsage(document: JsonObject): Map<string, string[]> {
  const schemas = schemasOf(document);
  const usage = new Map<string, string[]>();
  for (const [user, schema] of Object.entries(schemas)) {
    const found = new Set<string>();
    const visit = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach(visit);
      const object = node as JsonObject;
      const name = refName(object);
      if (name && name !== user) found.add(name);
      for (const [key, child] of Object.entries(object)) if (key !== 'examples' && key !== 'example') visit(child);
    };
    visit(schema);
    for (const name of found) usage.set(name, [...(usage.get(name) ?? []), user]);
  }
  return usage;
}

/** Every name of the document that has a page, with that page's route. */
export function referenceRoutes(document: JsonObject, docsRoute: string): Map<string, string> {
  const schemas = hasObjectPages(docsRoute) ? objectSchemaNames(document) : [];
  const codes = Object.keys((document['x-error-catalogue'] ?? {}) as JsonObject);
  return new Map([
    ...schemas.map((name) => [name, objectRoute(docsRoute, name)] as const),
    ...operationsOf(document, docsRoute).map((operation) => [operation.operationId, operation.route] as const),
    ...codes.map((code) => [code, errorRoute(docsRoute, code)] as const),
  ]);
}
