/**
 * `npm run bench:generation`: whether generating the API pages stays linear in operations. Cuts one
 * OpenAPI file (Stripe's by default, the largest vendored one) into its first 1/n, 2/n … n/n
 * operations, each with the whole of its components, and times `scripts/generate-api-docs.ts` with
 * the site's own files plus each cut, added as a maintainer adds a file (TESSERA_OPENAPI_ADD). Step 0
 * is the site alone. Prints each step's time (median of the runs) and max RSS, the time each step
 * adds per operation, and a least-squares line through the medians with its R².
 *
 *   npm run bench:generation                      Stripe in 4 steps, 3 runs each (about 4 minutes)
 *   npm run bench:generation -- --file tests/fixtures/openapi/vendor/adyen/adyen-checkout-v71.json --steps 5 --runs 1
 *
 * Afterwards the API pages are generated again without the file. Writes bench/generation-latest.md.
 */
import {spawnSync} from 'node:child_process';
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {httpMethods} from '../src/lib/http-methods';
import {loadApiDocument, operationCount, type JsonObject} from '../src/lib/openapi';
import {writeLatestReport} from './measure/latest-report';
import {timed, type StepCost} from './measure/timed';

const siteDir = path.resolve(import.meta.dirname, '..');
const cutsDir = '.generated/bench-generation';
const defaultFile = 'tests/fixtures/openapi/vendor/stripe/stripe.com.json';
const tsx = path.join(siteDir, 'node_modules/.bin/tsx');

/**
 * The document with its first `count` operations in path order (a path keeps its other fields and
 * only the methods within the count) and everything else whole: the cost measured is the pages'.
 */
export function withFirstOperations(document: JsonObject, count: number): JsonObject {
  const paths: Record<string, JsonObject> = {};
  let left = count;
  for (const [route, item] of Object.entries((document.paths ?? {}) as Record<string, JsonObject>)) {
    if (left <= 0) break;
    const kept = {...item};
    for (const method of httpMethods) {
      if (!(method in item)) continue;
      if (left > 0) left--;
      else delete kept[method];
    }
    paths[route] = kept;
  }
  return {...document, paths};
}

export type LinearFit = {secondsPerOperation: number; interceptSeconds: number; rSquared: number};

/** The least-squares line through (operations, seconds). */
export function linearFit(points: {operations: number; seconds: number}[]): LinearFit {
  const n = points.length;
  const meanX = points.reduce((sum, point) => sum + point.operations, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.seconds, 0) / n;
  const sxx = points.reduce((sum, point) => sum + (point.operations - meanX) ** 2, 0);
  const sxy = points.reduce((sum, point) => sum + (point.operations - meanX) * (point.seconds - meanY), 0);
  const syy = points.reduce((sum, point) => sum + (point.seconds - meanY) ** 2, 0);
  const slope = sxy / sxx;
  return {secondsPerOperation: slope, interceptSeconds: meanY - slope * meanX, rSquared: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy)};
}

export type GenerationStep = {operations: number; runs: StepCost[]; median: StepCost};

const medianOf = (runs: StepCost[]): StepCost => [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor((runs.length - 1) / 2)]!;

export function generationMarkdown(file: string, steps: GenerationStep[]): string {
  const fit = linearFit(steps.map((step) => ({operations: step.operations, seconds: step.median.seconds})));
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const rows = steps.map((step, index) => {
    const previous = steps[index - 1];
    const perOperation = previous
      ? `${(((step.median.seconds - previous.median.seconds) / (step.operations - previous.operations)) * 1000).toFixed(1)}`
      : '';
    return line([
      String(step.operations),
      step.median.seconds.toFixed(1),
      step.runs.map((run) => run.seconds.toFixed(1)).join(', '),
      perOperation,
      step.median.maxRssMB === null ? '' : step.median.maxRssMB.toFixed(0),
    ]);
  });
  return [
    `Added file: \`${file}\`, cut into its first operations in path order (step 0: the site's own files alone).`,
    '',
    line(['Operations added', 'gen-api (s, median)', 'Runs (s)', 'Added per operation since the step before (ms)', 'Max RSS (MB)']),
    line(['---:', '---:', '---', '---:', '---:']),
    ...rows,
    '',
    `Least-squares line: ${(fit.secondsPerOperation * 1000).toFixed(1)} ms per operation over ${fit.interceptSeconds.toFixed(1)} s for the site's own files, R² ${fit.rSquared.toFixed(3)}.`,
  ].join('\n');
}

function parseArguments(argv: string[]): {file: string; steps: number; runs: number} {
  const options = {file: defaultFile, steps: 4, runs: 3};
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--file') options.file = argv[++index] ?? '';
    else if (argument === '--steps') options.steps = Number(argv[++index]);
    else if (argument === '--runs') options.runs = Number(argv[++index]);
    else throw new Error(`Unknown argument ${argument}. Usage: bench:generation [--file FILE] [--steps N] [--runs N]`);
  }
  if (!(options.steps >= 2 && options.runs >= 1)) throw new Error('--steps takes 2 or more, --runs 1 or more');
  return options;
}

/** Times gen-api with the site's own files alone, then with each cut of the file added. */
function measureSteps(file: string, document: JsonObject, stepCount: number, runs: number): GenerationStep[] {
  const total = operationCount(document);
  const steps: GenerationStep[] = [];
  for (let step = 0; step <= stepCount; step++) {
    const operations = Math.round((total * step) / stepCount);
    const env = {...process.env, TESSERA_OPENAPI_ADD: ''};
    if (operations > 0) {
      // One name for every cut: its pages go to the same folder, which each run replaces (`--force`:
      // the generation skips inputs it has already generated from).
      const cut = `${cutsDir}/${path.basename(file, path.extname(file))}.json`;
      writeFileSync(path.join(siteDir, cut), JSON.stringify(withFirstOperations(document, operations)));
      env.TESSERA_OPENAPI_ADD = cut;
    }
    console.log(`\n${operations} of ${total} operations:`);
    const costs = Array.from({length: runs}, (_, run) =>
      timed(`gen-api, run ${run + 1}`, tsx, ['scripts/generate-api-docs.ts', '--force'], env, siteDir),
    );
    steps.push({operations, runs: costs, median: medianOf(costs)});
  }
  return steps;
}

/** The site's own API pages, as `npm run build` expects them. */
function regenerateSitePages(): void {
  rmSync(path.join(siteDir, cutsDir), {recursive: true, force: true});
  const restored = spawnSync(tsx, ['scripts/generate-api-docs.ts'], {
    cwd: siteDir,
    env: {...process.env, TESSERA_OPENAPI_ADD: ''},
    stdio: 'inherit',
  });
  if (restored.status !== 0) throw new Error('generating the site’s own API pages again failed');
}

function main(): void {
  const {file, steps: stepCount, runs} = parseArguments(process.argv.slice(2));
  const started = new Date();
  const document = loadApiDocument(file);
  rmSync(path.join(siteDir, cutsDir), {recursive: true, force: true});
  mkdirSync(path.join(siteDir, cutsDir), {recursive: true});
  let steps: GenerationStep[];
  try {
    steps = measureSteps(file, document, stepCount, runs);
  } catch (error) {
    regenerateSitePages();
    throw error;
  }
  regenerateSitePages();
  const markdown = generationMarkdown(file, steps);
  console.log(`\n${markdown}\n`);
  writeLatestReport({
    file: path.join(siteDir, 'bench/generation-latest.md'),
    title: 'Latest generation benchmark',
    script: 'bench:generation',
    started,
    markdown,
  });
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
