/**
 * The bundler records the keys of a JSON module at its top level only.
 *
 * In a production build Rspack records every key of every imported JSON file, at any depth, so that
 * it can leave out the keys no code reads. The site's JSON modules are read whole: an API operation
 * page spreads its parameters, request and responses from JSON files into the OpenAPI theme's
 * components, and Docusaurus loads route data as whole objects. The records drop nothing from the
 * output, and with a large API they cost memory: Stripe's file (19 MB of deeply nested schema JSON)
 * took the build to 4.5–4.8 GB, and 3.2–3.6 GB with one level recorded (SCALING.md, change 10).
 * What a module read whole bundles to is the same either way (tests/unit/shallow-json-exports.test.ts).
 *
 * The OpenAPI plugin (./index.ts) carries this `configureWebpack`: a plugin of its own would add its
 * name to the site metadata every page loads in main.js (28 bytes gzipped).
 */

/** How deep the bundler records a JSON module's keys: its top-level keys, as `import {key} from` reads them. */
export const jsonExportsDepth = 1;

export const shallowJsonExports = () => ({module: {parser: {json: {exportsDepth: jsonExportsDepth}}}});
