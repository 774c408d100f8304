/** JSON pointers and local `$ref`s in an OpenAPI document. */

export type JsonObject = {[key: string]: unknown};

export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** A JSON pointer's segment as the name it stands for: `~1` is `/`, `~0` is `~` (in that order). */
export function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Follows a local `$ref` (and chains of them) inside the document. */
export function resolveRef<T = JsonObject>(document: JsonObject, value: unknown): T {
  let current = value as JsonObject;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops += 1) {
    if (hops > 20) throw new Error(`$ref loop at ${current.$ref}`);
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((node, segment) => (node as JsonObject)[unescapePointer(segment)], document) as JsonObject;
  }
  return current as T;
}

/** The local `$ref`s of the document that point at nothing (the OpenAPI plugin renders them as empty schemas). */
export function danglingRefs(document: JsonObject): string[] {
  const dangling = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const ref = (node as JsonObject).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      try {
        if (resolveRef(document, node) === undefined) dangling.add(ref);
      } catch {
        dangling.add(ref);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(document);
  return [...dangling];
}

/** What a JSON pointer (`/a/b` or `#/a/b`) names inside `node`: undefined when it names nothing. */
export function pointerValue(node: unknown, pointer: string): unknown {
  let target = node;
  for (const part of pointer.replace(/^#?\//, '').split('/')) {
    target = (target as JsonObject | undefined)?.[unescapePointer(part)];
  }
  return target;
}

/**
 * Follows a local `$ref` (and chains of them, up to 20) leniently: undefined for what is not an
 * object or points at nothing, where resolveRef throws.
 */
export function resolve(document: JsonObject, node: unknown, depth = 0): JsonObject | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const ref = (node as JsonObject).$ref;
  if (typeof ref !== 'string' || depth > 20) return node as JsonObject;
  return resolve(document, pointerValue(document, ref), depth + 1);
}

/**
 * How many objects and arrays the document becomes when every local `$ref` is replaced by what it
 * points at, a reference to a schema already being expanded above it counting as one (a cycle):
 * what the OpenAPI plugin builds and serialises before it writes a page (its loadAndResolveSpec
 * dereferences every reference and then de-cycles the result). Schemas that reference one another
 * without end, as expandable objects do (a charge expands to its customer, which expands to its
 * default source, which expands to its customer's other objects…), grow with every path through
 * them, not with the file's size. Counting stops past `limit`, so the answer comes quickly either way.
 */
export function inlinedSize(document: JsonObject, limit: number): number {
  let count = 0;
  const expanding: string[] = [];
  const visit = (node: unknown): void => {
    if (count > limit || !node || typeof node !== 'object') return;
    count += 1;
    if (Array.isArray(node)) return node.forEach(visit);
    const ref = (node as JsonObject).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      if (expanding.includes(ref)) return;
      expanding.push(ref);
      try {
        visit(resolveRef(document, node));
      } catch {
        // A dangling reference is reported by danglingRefs.
      } finally {
        expanding.pop();
      }
      return;
    }
    for (const value of Object.values(node)) visit(value);
  };
  // The plugin serialises the whole document, its components included.
  visit(document);
  return count;
}
