/** The operations a path item (or webhook) can hold, keyed by HTTP method, as OpenAPI 3.1 names them. */
export const httpMethods: readonly string[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
