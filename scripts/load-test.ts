/**
 * A bounded load test of nginx serving the build, on loopback: a fixed number of requests over a
 * mix of pages and the assets they load, as browsers ask for them (brotli accepted). Reports
 * requests per second, latency percentiles and errors. Part of `npm run bench`, not of `npm test`:
 * its figures depend on the machine.
 *
 *   tsx scripts/load-test.ts [--root build]     starts nginx itself, prints the figures
 *
 * autocannon is the load generator: a maintained Node tool with HDR-histogram latencies, so the
 * test needs nothing beyond npm and runs the same on every machine.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {pageTypes} from '../tests/support/page-types';
import {startNginx} from './nginx-server';

/** Every run makes exactly this many requests, over this many connections. */
export const loadTestRequests = 20_000;
export const loadTestConnections = 16;

export type LoadTestFigures = {
  command: string;
  requests: number;
  connections: number;
  paths: string[];
  seconds: number;
  requestsPerSecond: number;
  latencyMs: {p50: number; p90: number; p99: number; max: number};
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers other than 2xx (every path of the mix answers 200). */
  non2xx: number;
  megabytesPerSecond: number;
};

/** The mix: each page type's page (the 404 page apart) and the hashed files readers load with them. */
export function loadTestPaths(buildDir: string): string[] {
  const pages = pageTypes.filter((pageType) => (pageType.status ?? 200) === 200).map((pageType) => pageType.path);
  const home = readFileSync(path.join(buildDir, 'index.html'), 'utf8');
  const assets = [...new Set(home.match(/\/assets\/(js|css)\/[^"'\s>]+\.(js|css)/g) ?? [])];
  const diagrams = readdirSync(path.join(buildDir, 'diagrams'))
    .filter((name) => name.endsWith('.svg'))
    .slice(0, 2)
    .map((name) => `/diagrams/${name}`);
  const searchIndex = readdirSync(buildDir)
    .filter((name) => /^search-index-[0-9a-f]+\.json$/.test(name))
    .map((name) => `/${name}`);
  return [...pages, ...assets, ...diagrams, ...searchIndex];
}

export async function runLoadTest(baseUrl: string, buildDir: string, command = 'npm run bench'): Promise<LoadTestFigures> {
  const paths = loadTestPaths(buildDir);
  const result = await autocannon({
    url: baseUrl,
    connections: loadTestConnections,
    amount: loadTestRequests,
    headers: {'accept-encoding': 'br, gzip'},
    // Each connection walks the mix in turn.
    requests: paths.map((urlPath) => ({method: 'GET' as const, path: urlPath})),
  });
  return {
    command,
    requests: result.requests.sent,
    connections: loadTestConnections,
    paths,
    seconds: result.duration,
    requestsPerSecond: Math.round(result.requests.sent / result.duration),
    latencyMs: {p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max},
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    megabytesPerSecond: result.throughput.average / 1024 ** 2,
  };
}

export function describeLoadTest(figures: LoadTestFigures): string {
  return (
    `${figures.requests} requests over ${figures.connections} connections (${figures.paths.length} paths: pages, scripts, CSS, diagrams, search index; brotli) ` +
    `in ${figures.seconds.toFixed(1)} s: ${figures.requestsPerSecond} requests/s, latency p50 ${figures.latencyMs.p50} ms, p90 ${figures.latencyMs.p90} ms, ` +
    `p99 ${figures.latencyMs.p99} ms, max ${figures.latencyMs.max} ms; ${figures.errors} errors, ${figures.non2xx} non-2xx answers; ${figures.megabytesPerSecond.toFixed(1)} MB/s`
  );
}

async function main(): Promise<void> {
  const rootIndex = process.argv.indexOf('--root');
  const buildDir = path.resolve(rootIndex > 0 ? process.argv[rootIndex + 1]! : 'build');
  const server = await startNginx({root: buildDir});
  try {
    const figures = await runLoadTest(server.url, buildDir, 'tsx scripts/load-test.ts');
    console.log(`Load test, nginx at ${server.url}: ${describeLoadTest(figures)}`);
    if (figures.errors > 0 || figures.non2xx > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
