/**
 * A bounded load test of nginx serving the build, on loopback: a fixed number of requests over a
 * mix of pages and the assets they load, as browsers ask for them (brotli accepted). Reports
 * requests per second, latency percentiles and errors. Part of `npm run bench`, not of `npm test`:
 * its figures depend on the machine.
 *
 *   tsx scripts/load-test.ts [--root build] [--reloads N]   starts nginx itself, prints the figures;
 *                                                           N reloads of nginx (SIGHUP) during the run
 *
 * Requests sent are compared with answers received: autocannon reconnects silently when the
 * server closes a keep-alive connection, and a request written just before that close is neither
 * answered nor counted as an error (it is what a reload costs: nginx's old workers close their
 * idle keep-alive connections, and a request racing that close is lost; see DEPLOY.md).
 *
 * autocannon is the load generator: a maintained Node tool with HDR-histogram latencies, so the
 * test needs nothing beyond npm and runs the same on every machine.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {pageTypes} from './measure/page-types';
import {startNginx} from './nginx-server';

/**
 * Every run makes exactly this many requests, over this many connections: 1000 each, nginx's
 * keepalive_requests. After that many answers nginx closes a connection (`Connection: close`);
 * autocannon ignores the header and writes its next request on the closing connection, where it
 * is lost, when a browser would open a new connection.
 */
export const loadTestRequests = 16_000;
export const loadTestConnections = 16;

export type LoadTestFigures = {
  command: string;
  requests: number;
  connections: number;
  paths: string[];
  seconds: number;
  requestsPerSecond: number;
  latencyMs: {p50: number; p90: number; p99: number; max: number};
  /** Connection errors (refused, reset) and timeouts. */
  errors: number;
  timeouts: number;
  /** Answers other than 2xx (every path of the mix answers 200). */
  non2xx: number;
  /** Requests written to a connection. */
  sent: number;
  /** Answers received, 2xx or not. */
  answered: number;
  /** Requests sent that got no answer (lost on a connection the server closed), connection errors apart. */
  unanswered: number;
  /** nginx reloads during the run. */
  reloads: number;
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

/** Every request that did not get a 2xx answer: the run failed. */
export const loadTestFailures = (figures: LoadTestFigures): number => figures.errors + figures.non2xx + figures.unanswered;

export async function runLoadTest(
  baseUrl: string,
  buildDir: string,
  command = 'npm run bench',
  {reload, reloads = 0}: {reload?: () => void; reloads?: number} = {},
): Promise<LoadTestFigures> {
  const paths = loadTestPaths(buildDir);
  // Reloads spread over the run, by requests answered.
  let answeredSoFar = 0;
  let reloaded = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: baseUrl,
        connections: loadTestConnections,
        amount: loadTestRequests,
        headers: {'accept-encoding': 'br, gzip'},
        // Each connection walks the mix in turn.
        requests: paths.map((urlPath) => ({method: 'GET' as const, path: urlPath})),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    if (reload && reloads > 0) {
      run.on('response', () => {
        answeredSoFar += 1;
        if (reloaded < reloads && answeredSoFar >= ((reloaded + 1) * loadTestRequests) / (reloads + 1)) {
          reloaded += 1;
          reload();
        }
      });
    }
  });
  const answered = [1, 2, 3, 4, 5].reduce((sum, klass) => sum + (result as unknown as Record<string, number>)[`${klass}xx`]!, 0);
  return {
    command,
    requests: loadTestRequests,
    connections: loadTestConnections,
    paths,
    seconds: result.duration,
    requestsPerSecond: Math.round(result.requests.sent / result.duration),
    latencyMs: {p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max},
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    sent: result.requests.sent,
    answered,
    unanswered: Math.max(0, result.requests.sent - answered - result.errors),
    reloads: reloaded,
    megabytesPerSecond: result.throughput.average / 1024 ** 2,
  };
}

export function describeLoadTest(figures: LoadTestFigures): string {
  return (
    `${figures.requests} requests over ${figures.connections} connections (${figures.paths.length} paths: pages, scripts, CSS, diagrams, search index; brotli) ` +
    `in ${figures.seconds.toFixed(1)} s: ${figures.requestsPerSecond} requests/s, latency p50 ${figures.latencyMs.p50} ms, p90 ${figures.latencyMs.p90} ms, ` +
    `p99 ${figures.latencyMs.p99} ms, max ${figures.latencyMs.max} ms; ${figures.megabytesPerSecond.toFixed(1)} MB/s; ` +
    `${figures.sent} sent, ${figures.answered} answered, ${figures.unanswered} unanswered, ${figures.errors} connection errors, ${figures.timeouts} timeouts, ` +
    `${figures.non2xx} non-2xx answers${figures.reloads > 0 ? `, with ${figures.reloads} nginx reloads during the run` : ''}`
  );
}

async function main(): Promise<void> {
  const rootIndex = process.argv.indexOf('--root');
  const buildDir = path.resolve(rootIndex > 0 ? process.argv[rootIndex + 1]! : 'build');
  const reloadsIndex = process.argv.indexOf('--reloads');
  const reloads = reloadsIndex > 0 ? Number(process.argv[reloadsIndex + 1]) : 0;
  const server = await startNginx({root: buildDir});
  try {
    const figures = await runLoadTest(server.url, buildDir, `tsx scripts/load-test.ts${reloads ? ` --reloads ${reloads}` : ''}`, {
      reloads,
      reload: () => server.child.kill('SIGHUP'),
    });
    console.log(`Load test, nginx at ${server.url}: ${describeLoadTest(figures)}`);
    if (loadTestFailures(figures) > 0) process.exitCode = 1;
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
