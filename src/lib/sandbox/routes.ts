/** Which operation of an OpenAPI file a request names: its path templates matched against the request path. */
import {httpMethods} from '../http-methods';
import {resolveRef, type JsonObject} from '../openapi/refs';

export type Route = {
  operationId: string;
  method: string;
  template: string;
  operation: JsonObject;
  /** The path item's parameters followed by the operation's, resolved. */
  parameters: JsonObject[];
  /** JSON pointer of the operation inside the document. */
  pointer: string;
};

export type RouteMatch = {route: Route; pathParameters: Record<string, string>};

const escapePointerSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
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
        this.routes.push({
          pattern,
          names,
          route: {
            operationId: String(operation.operationId ?? `${method} ${template}`),
            method,
            template,
            operation,
            parameters,
            pointer: `#/paths/${escapePointerSegment(template)}/${method}`,
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
