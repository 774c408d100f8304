/** Which operation of an OpenAPI file a request names: its path templates matched against the request path. */
import {httpMethods} from '../http-methods';
import {escapePointer, pointerValue, resolveRef, type JsonObject} from '../openapi/refs';

export type Route = {
  operationId: string;
  method: string;
  template: string;
  operation: JsonObject;
  /** The path item's parameters followed by the operation's, resolved. */
  parameters: JsonObject[];
  /** JSON pointer of the operation inside the document. */
  pointer: string;
  /** The operation's request body, resolved (providers' files often keep it in components/requestBodies). */
  requestBody?: JsonObject;
  /** JSON pointer of the request body's `application/json` schema, where it is, when the body can be JSON. */
  jsonBodyPointer?: string;
  /** JSON pointer of the form fields' schema (`application/x-www-form-urlencoded`: Stripe's bodies), when the body can be a form. */
  formBodyPointer?: string;
};

export type RouteMatch = {route: Route; pathParameters: Record<string, string>};

/** A request body behind each of its `$ref`s, and the JSON pointer of where it is. */
function requestBodyAt(document: JsonObject, operationPointer: string, requestBody: unknown): {pointer: string; body?: JsonObject} {
  let pointer = `${operationPointer}/requestBody`;
  let body = requestBody as JsonObject | undefined;
  for (let hops = 0; body && typeof body.$ref === 'string' && hops <= 20; hops += 1) {
    pointer = body.$ref;
    body = pointerValue(document, body.$ref) as JsonObject | undefined;
  }
  if (typeof body?.$ref === 'string') throw new Error(`$ref loop at ${body.$ref}`);
  return {pointer, body};
}

/** The JSON pointer of a media type's schema in a request body (at `pointer`), when the body has that media type. */
function mediaSchemaPointer({pointer, body}: {pointer: string; body?: JsonObject}, mediaType: string): string | undefined {
  return (body?.content as JsonObject | undefined)?.[mediaType] ? `${pointer}/content/${escapePointer(mediaType)}/schema` : undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class OpenApiRoutes {
  private readonly routes: {pattern: RegExp; names: string[]; route: Route}[] = [];

  constructor(document: JsonObject) {
    for (const [template, pathItemRef] of Object.entries((document.paths ?? {}) as JsonObject)) {
      const pathItem = resolveRef(document, pathItemRef);
      const names: string[] = [];
      const pattern = new RegExp(
        `^${template
          .split(/(\{[^}]+\})/)
          .map((part) => {
            if (!part.startsWith('{')) return escapeRegExp(part);
            names.push(part.slice(1, -1));
            return '([^/]+)';
          })
          .join('')}$`,
      );
      const shared = ((pathItem.parameters ?? []) as unknown[]).map((parameter) => resolveRef(document, parameter));
      for (const method of httpMethods) {
        const operation = pathItem[method] as JsonObject | undefined;
        if (!operation) continue;
        const own = ((operation.parameters ?? []) as unknown[]).map((parameter) => resolveRef(document, parameter));
        const parameters = [...shared.filter((parameter) => !own.some((o) => o.name === parameter.name && o.in === parameter.in)), ...own];
        const pointer = `#/paths/${escapePointer(template)}/${method}`;
        const requestBody = operation.requestBody ? requestBodyAt(document, pointer, operation.requestBody) : undefined;
        this.routes.push({
          pattern,
          names,
          route: {
            operationId: String(operation.operationId ?? `${method} ${template}`),
            method,
            template,
            operation,
            parameters,
            pointer,
            ...(requestBody
              ? {
                  requestBody: requestBody.body,
                  jsonBodyPointer: mediaSchemaPointer(requestBody, 'application/json'),
                  formBodyPointer: mediaSchemaPointer(requestBody, 'application/x-www-form-urlencoded'),
                }
              : {}),
          },
        });
      }
    }
    // A literal segment wins over a parameter (`/sessions/search` before `/sessions/{id}`).
    this.routes.sort((a, b) => a.names.length - b.names.length);
  }

  /** The operation for a method and path; `methods` lists the methods the path has when only the method is wrong. */
  match(method: string, pathname: string): RouteMatch | {methods: string[]} | undefined {
    const methods: string[] = [];
    for (const {pattern, names, route} of this.routes) {
      const found = pattern.exec(pathname);
      if (!found) continue;
      if (route.method !== method.toLowerCase()) {
        methods.push(route.method.toUpperCase());
        continue;
      }
      const pathParameters = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1]!)]));
      return {route, pathParameters};
    }
    return methods.length ? {methods} : undefined;
  }

  operations(): Route[] {
    return this.routes.map(({route}) => route);
  }
}
