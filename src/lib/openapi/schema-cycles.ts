/**
 * Schemas that reach themselves through `$ref`s, and a copy of a document in which they stop.
 *
 * The OpenAPI plugin inlines every `$ref` of a file before it writes a page (src/lib/openapi/refs.ts
 * `inlinedSize`). The largest providers' objects are expandable: a charge holds its customer or the
 * customer's id, the customer its default source, the source its customer… Inlined, such schemas
 * grow with every path through them, and Stripe's file never finishes. Their own reference pages
 * do what a reader needs instead: an object's fields once, and where it holds another object of
 * the same family, that object's name and where its fields are. `keepSchemaCyclesAsReferences`
 * writes that into the document the plugin reads: inside any schema, a reference to a schema of a
 * cycle becomes a short object naming it and linking to an operation that returns it, so each such
 * object is written out only as an operation's own request or response. Every other reference is
 * inlined as before, so a file without cycles (Tessera's) comes out unchanged.
 */
import {stronglyConnectedComponents} from '../strongly-connected';
import {resolveRef, type JsonObject} from './refs';

const schemaPrefix = '#/components/schemas/';

/** The schema references under `node`, each once, in the order met. */
function schemaRefsUnder(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) schemaRefsUnder(item, found);
  } else if (node && typeof node === 'object') {
    const ref = (node as JsonObject).$ref;
    if (typeof ref === 'string' && ref.startsWith(schemaPrefix)) found.add(ref);
    for (const value of Object.values(node)) schemaRefsUnder(value, found);
  }
  return found;
}

/**
 * The cycles of the schemas' references: each schema that reaches itself, mapped to the number of
 * its cycle (a strongly connected component of the reference graph). Two schemas reach each other
 * exactly when they have the same number.
 */
export function schemaCycles(document: JsonObject): Map<string, number> {
  const schemas = ((document.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject;
  const edges = new Map<string, string[]>();
  for (const [name, schema] of Object.entries(schemas)) {
    edges.set(
      `${schemaPrefix}${name}`,
      [...schemaRefsUnder(schema)].filter((ref) => ref.slice(schemaPrefix.length) in schemas),
    );
  }
  const cycles = new Map<string, number>();
  const components = stronglyConnectedComponents([...edges.keys()], (ref) => edges.get(ref) ?? []);
  // One schema is a cycle only when it references itself.
  const cyclic = components.filter(([first, ...rest]) => rest.length > 0 || (edges.get(first!) ?? []).includes(first!));
  cyclic.forEach((members, cycle) => members.forEach((member) => cycles.set(member, cycle)));
  return cycles;
}

/** Whether a response schema is the schema `ref`, or one of the alternatives it gives (a customer or a deleted one). */
function returns(schema: JsonObject | undefined, ref: string): boolean {
  if (!schema) return false;
  if (schema.$ref === ref) return true;
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonObject[] | undefined;
  return Array.isArray(alternatives) && alternatives.some((alternative) => alternative?.$ref === ref);
}

/**
 * Where a reader finds the fields of the schema `ref`: the operation that returns it, a GET of one
 * object (its path ends in a parameter) before any other GET, and a GET before any other method.
 */
function operationReturning(document: JsonObject, ref: string): {operationId: string; label: string} | undefined {
  const candidates: {operationId: string; label: string; rank: number}[] = [];
  for (const [itemPath, item] of Object.entries((document.paths ?? {}) as Record<string, JsonObject>)) {
    for (const [method, operation] of Object.entries(item) as [string, JsonObject][]) {
      if (!operation || typeof operation !== 'object' || typeof operation.operationId !== 'string') continue;
      const success = Object.entries((operation.responses ?? {}) as JsonObject).filter(([status]) => /^2/.test(status));
      const found = success.some(([, response]) => {
        const content = (resolveRef<JsonObject | undefined>(document, response)?.content ?? {}) as Record<string, JsonObject>;
        return Object.values(content).some((media) => returns(media.schema as JsonObject | undefined, ref));
      });
      if (!found) continue;
      const rank = method === 'get' ? (/\}$/.test(itemPath) ? 0 : 1) : 2;
      const label = typeof operation.summary === 'string' ? operation.summary : `${method.toUpperCase()} ${itemPath}`;
      candidates.push({operationId: operation.operationId, label, rank});
    }
  }
  return candidates.sort((a, b) => a.rank - b.rank)[0];
}

/** What a reference to a schema of a cycle becomes inside another schema: its name, and where its fields are. */
function referenceStub(
  document: JsonObject,
  ref: string,
  operationRoute: (operationId: string) => string,
  stubs: Map<string, JsonObject>,
): JsonObject {
  let stub = stubs.get(ref);
  if (!stub) {
    const name = ref.slice(schemaPrefix.length);
    const target = resolveRef<JsonObject>(document, {$ref: ref});
    const returning = operationReturning(document, ref);
    const where = returning
      ? `its fields are on [${returning.label}](${operationRoute(returning.operationId)})`
      : 'its fields are not repeated here';
    stub = {
      ...(typeof target.type === 'string' ? {type: target.type} : {type: 'object'}),
      title: name,
      description: `A \`${name}\` object: ${where}.`,
      'x-tessera-schema-reference': ref,
    };
    stubs.set(ref, stub);
  }
  return structuredClone(stub);
}

/**
 * A copy of the document in which, inside every component schema, a reference to a schema of a
 * cycle is a short object that names it (`x-tessera-schema-reference` keeps the reference) and
 * links to an operation that returns it (`operationRoute` gives that operation's page). References
 * from operations, and to schemas in no cycle, are left to be inlined. A document without cycles
 * is returned as it is.
 */
export function keepSchemaCyclesAsReferences(document: JsonObject, operationRoute: (operationId: string) => string): JsonObject {
  const cycles = schemaCycles(document);
  if (cycles.size === 0) return document;
  const copy = structuredClone(document);
  const schemas = (copy.components as JsonObject).schemas as JsonObject;
  const stubs = new Map<string, JsonObject>();
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as JsonObject).$ref;
    if (typeof ref === 'string' && cycles.has(ref)) return referenceStub(document, ref, operationRoute, stubs);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, rewrite(value)]));
  };
  for (const name of Object.keys(schemas)) schemas[name] = rewrite(schemas[name]);
  return copy;
}
