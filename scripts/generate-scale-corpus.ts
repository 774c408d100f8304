/**
 * Writes the scale corpus of `npm run bench:scale`: synthetic OpenAPI files (deterministic, from a
 * seeded generator) and, unless `--synthetic-only`, the vendored real provider files that fit
 * (tests/fixtures/openapi/vendor/), together `scale` times the operations Tessera's own files
 * have. config/openapi.ts adds them through the same list entry a maintainer writes
 * (config/scale-corpus.ts reads the manifest) when TESSERA_SCALE is set.
 *
 *   tsx scripts/generate-scale-corpus.ts --scale 15 [--synthetic-only]
 */
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {stringify} from 'yaml';
import {openApiSpecs} from '../config/openapi';
import {scaleCorpusDir, scaleManifestPath, type ScaleManifest} from '../config/scale-corpus';
import {loadApiDocumentOnce, operationCount, type JsonObject} from '../src/lib/openapi';

const siteDir = path.resolve(import.meta.dirname, '..');

/** Real providers' files, with their operation counts checked at generation. */
export const vendoredSpecs = [
  'tests/fixtures/openapi/vendor/adyen/adyen-checkout-v71.json',
  'tests/fixtures/openapi/vendor/stripe/stripe.com.json',
];

/**
 * Every vendored provider file, each of which the site must build with one list entry:
 * `npm run bench:scale -- --each-file` builds them one at a time. Square's, Plaid's and GitHub's
 * (845 operations, 24× Tessera's on its own) are not in the scale corpus, which stays the
 * comparison of one size of site with another.
 */
export const providerFixtures = [
  ...vendoredSpecs,
  'tests/fixtures/openapi/vendor/square/squareup.com.json',
  'tests/fixtures/openapi/vendor/plaid/plaid.com.json',
  'tests/fixtures/openapi/vendor/github/api.github.com.json',
];

/** Operations per synthetic file: about one provider API's worth. */
const operationsPerFile = 60;

/** mulberry32: a small seeded generator, so the same scale always writes the same files. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const resources = [
  'invoice',
  'payout',
  'dispute',
  'mandate',
  'subscription',
  'coupon',
  'terminal',
  'store',
  'balance',
  'transfer',
  'beneficiary',
  'chargeback',
  'settlement',
  'report',
  'webhook',
  'customer',
  'address',
  'device',
  'ledger',
  'fee',
  'quote',
  'shipment',
  'voucher',
  'wallet',
  'split',
  'reconciliation',
  'statement',
  'limit',
  'account',
  'document',
];
const words = [
  'the',
  'merchant',
  'payment',
  'amount',
  'currency',
  'status',
  'created',
  'within',
  'account',
  'request',
  'returns',
  'updated',
  'settled',
  'pending',
  'shopper',
  'reference',
  'value',
  'minor',
  'unit',
  'sandbox',
  'retry',
  'idempotent',
  'filters',
  'page',
  'cursor',
  'order',
  'capture',
  'refund',
  'country',
  'locale',
  'expires',
  'after',
  'before',
];
const propertyTypes = [
  {type: 'string'},
  {type: 'string', format: 'date-time'},
  {type: 'integer', minimum: 0},
  {type: 'boolean'},
  {type: 'string', enum: ['pending', 'active', 'closed']},
  {type: 'string', format: 'uuid'},
];
const securitySchemes: JsonObject[] = [
  {type: 'http', scheme: 'bearer'},
  {type: 'apiKey', in: 'header', name: 'X-Api-Key'},
  {type: 'oauth2', flows: {clientCredentials: {tokenUrl: 'https://auth.synthetic.example/oauth/token', scopes: {}}}},
  {type: 'http', scheme: 'basic'},
];

const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);
const camel = (word: string) => word.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/** One synthetic provider API: resources with list, create, read, update and delete, in the shapes providers publish. */
export function syntheticApi(index: number, operations: number): JsonObject {
  const random = seededRandom(0x7e55e7a + index);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const sentence = (length: number) => {
    const text = Array.from({length}, () => pick(words)).join(' ');
    return `${capitalized(text)}.`;
  };
  const paths: Record<string, JsonObject> = {};
  const schemas: Record<string, JsonObject> = {};
  const tags: JsonObject[] = [];
  let written = 0;
  for (let resourceIndex = 0; written < operations; resourceIndex += 1) {
    const noun = `${resources[resourceIndex % resources.length]}${resourceIndex >= resources.length ? `-${Math.floor(resourceIndex / resources.length) + 1}` : ''}`;
    const name = capitalized(camel(noun));
    const tag = `${name}s`;
    tags.push({name: tag, description: sentence(12)});
    const properties = Object.fromEntries(
      Array.from({length: 3 + Math.floor(random() * 6)}, (_, property) => [
        `${pick(words)}${capitalized(pick(words))}${property}`,
        {...pick(propertyTypes), description: sentence(8)},
      ]),
    );
    schemas[name] = {type: 'object', description: sentence(14), properties: {id: {type: 'string', format: 'uuid'}, ...properties}};
    schemas[`${name}Input`] = {type: 'object', required: Object.keys(properties).slice(0, 2), properties};
    const idParameter = {
      name: `${camel(noun)}Id`,
      in: 'path',
      required: true,
      description: `The id of the ${noun.replace(/-/g, ' ')}.`,
      // Half of the files give no example, as many providers do.
      schema: index % 2 === 0 ? {type: 'string', format: 'uuid'} : {type: 'string'},
    };
    const reference = {$ref: `#/components/schemas/${name}`};
    const body = {required: true, content: {'application/json': {schema: {$ref: `#/components/schemas/${name}Input`}}}};
    const ok = (description: string, schema: unknown) => ({description, content: {'application/json': {schema}}});
    const errors = {'400': {description: sentence(6)}, '404': {description: sentence(5)}};
    const collection = `/${noun}s`;
    const item = `/${noun}s/{${idParameter.name}}`;
    const candidates: [string, string, JsonObject][] = [
      [
        collection,
        'get',
        {summary: `List ${noun.replace(/-/g, ' ')}s`, responses: {'200': ok(sentence(6), {type: 'array', items: reference}), ...errors}},
      ],
      [
        collection,
        'post',
        {summary: `Create a ${noun.replace(/-/g, ' ')}`, requestBody: body, responses: {'201': ok(sentence(6), reference), ...errors}},
      ],
      [
        item,
        'get',
        {
          summary: `Read a ${noun.replace(/-/g, ' ')}`,
          parameters: [idParameter],
          responses: {'200': ok(sentence(6), reference), ...errors},
        },
      ],
      [
        item,
        'patch',
        {
          summary: `Update a ${noun.replace(/-/g, ' ')}`,
          parameters: [idParameter],
          requestBody: body,
          responses: {'200': ok(sentence(6), reference), ...errors},
        },
      ],
      [
        item,
        'delete',
        {
          summary: `Delete a ${noun.replace(/-/g, ' ')}`,
          parameters: [idParameter],
          responses: {'204': {description: sentence(5)}, ...errors},
        },
      ],
    ];
    for (const [apiPath, method, operation] of candidates) {
      if (written >= operations) break;
      const operationId = `${method}${capitalized(camel(apiPath.split('/')[1]!))}${apiPath.includes('{') ? 'Item' : ''}`;
      (paths[apiPath] ??= {})[method] = {operationId, tags: [tag], description: [sentence(14), sentence(18)].join(' '), ...operation};
      written += 1;
    }
  }
  const scheme = securitySchemes[index % securitySchemes.length]!;
  return {
    openapi: '3.1.0',
    info: {title: `Synthetic Provider ${index + 1} API`, version: '1.0.0', description: `${sentence(20)} ${sentence(16)}`},
    // No description, like many providers' servers.
    servers: [{url: `https://api.synthetic-${index + 1}.example/v1`}],
    security: [{providerAuth: []}],
    tags,
    paths,
    components: {securitySchemes: {providerAuth: scheme}, schemas},
  };
}

/** The operations of the site's own files: the 1× the scales multiply. */
const baselineOperations = (): number =>
  Object.values(openApiSpecs)
    .filter((spec) => spec.referencePages)
    .reduce((count, spec) => count + operationCount(loadApiDocumentOnce(spec.sourcePath)), 0);

/**
 * The scale `npm run bench:scale` builds unless told: the smallest whole one whose corpus holds
 * every vendored file, and at least 10× (the scale the site's targets were first set at).
 */
export function scaleHoldingEveryVendoredFile(): number {
  const baseline = baselineOperations();
  const vendored = vendoredSpecs.reduce((count, sourcePath) => count + operationCount(loadApiDocumentOnce(sourcePath)), 0);
  return Math.max(10, Math.ceil((baseline + vendored) / baseline));
}

/** What a scale needs: the vendored files and the synthetic operations that make up the rest. */
export function corpusPlan(
  scale: number,
  syntheticOnly: boolean,
): {vendored: string[]; synthetic: number[]; target: number; baseline: number} {
  const baseline = baselineOperations();
  const target = Math.round(baseline * scale);
  let remaining = target - baseline;
  const vendored: string[] = [];
  for (const sourcePath of syntheticOnly ? [] : vendoredSpecs) {
    const count = operationCount(loadApiDocumentOnce(sourcePath));
    if (count > remaining) continue;
    vendored.push(sourcePath);
    remaining -= count;
  }
  const synthetic: number[] = [];
  while (remaining > 0) {
    synthetic.push(Math.min(operationsPerFile, remaining));
    remaining -= operationsPerFile;
  }
  return {vendored, synthetic, target, baseline};
}

export function writeScaleCorpus(scale: number, syntheticOnly: boolean): ScaleManifest {
  const plan = corpusPlan(scale, syntheticOnly);
  rmSync(path.join(siteDir, scaleCorpusDir), {recursive: true, force: true});
  mkdirSync(path.join(siteDir, scaleCorpusDir), {recursive: true});
  const syntheticPaths = plan.synthetic.map((operations, index) => {
    const sourcePath = `${scaleCorpusDir}/synthetic-api-${index + 1}.yaml`;
    const header = '# Generated by scripts/generate-scale-corpus.ts for the scale harness: not an API anyone offers.\n';
    writeFileSync(path.join(siteDir, sourcePath), header + stringify(syntheticApi(index, operations)));
    return sourcePath;
  });
  const manifest: ScaleManifest = {scale, operations: plan.target, sourcePaths: [...plan.vendored, ...syntheticPaths]};
  writeFileSync(path.join(siteDir, scaleManifestPath), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

function main(): void {
  const args = process.argv.slice(2);
  const scaleIndex = args.indexOf('--scale');
  const scale = Number(scaleIndex >= 0 ? args[scaleIndex + 1] : process.env.TESSERA_SCALE);
  if (!(scale > 1)) throw new Error('Usage: tsx scripts/generate-scale-corpus.ts --scale <n greater than 1> [--synthetic-only]');
  const manifest = writeScaleCorpus(scale, args.includes('--synthetic-only'));
  console.log(`Scale corpus ${scale}×: ${manifest.operations} operations in all; added ${manifest.sourcePaths.join(', ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
