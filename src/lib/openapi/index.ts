/**
 * The OpenAPI model: loading the files (document.ts), `$ref`s and JSON pointers (refs.ts), walking
 * operations (operations.ts) and schemas (schemas.ts), each field as the pages show it
 * (field-schemas.ts), the reference pages and their routes (reference-routes.ts), request samples
 * (samples.ts), schema validation (schema-validator.ts) and what an operation page keeps at run
 * time (operation-summary.ts). The build scripts, the site's
 * plugins and the tests all read the OpenAPI files through it. Browser code imports
 * operation-summary.ts alone: the rest reads files with Node.
 */
export * from './document';
export * from './refs';
export * from './schema-cycles';
export * from './description-markup';
export * from './provider-content';
export * from './security';
export * from './operations';
export * from './schemas';
export * from './field-schemas';
export * from './reference-routes';
export * from './samples';
export * from './schema-validator';
export * from './operation-summary';
export * from './request-samples-file';
