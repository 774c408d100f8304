/**
 * Runs code samples as a reader would, with each language's real toolchain (the language's module
 * in src/lib/sample-languages says which and how), against a mock of the API: Stoplight Prism,
 * which validates every request against the OpenAPI file and answers from its examples (started
 * by playwright.config.ts, see mockServers).
 *
 * What a run changes in a sample, and nothing else:
 * - the sandbox base URL `https://api.sandbox.tessera.example` becomes a loopback proxy in front
 *   of the mock, which records every exchange (status and Prism's `sl-violations` header);
 * - credentials come from the environment variables the samples read (`sampleEnvironment`);
 * - the files the language's toolchain needs beside the sample are written (PHP's
 *   `vendor/autoload.php` loads Debian's Guzzle; C# gets Mono's rewrite, see its module).
 */
import {spawn} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import http from 'node:http';
import net, {type AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {sampleLanguage} from '../../src/lib/sample-languages';
import {fakeClock, type FakeClock} from '../../src/lib/sample-languages/fake-clock';
import type {RunStep, Toolchain} from '../../src/lib/sample-languages/language';
import {e2ePort} from './e2e-server';
import {signatureTestVector} from './notification-signature';

export const sandboxBaseUrl = 'https://api.sandbox.tessera.example';

/**
 * Test values for the placeholders the samples read from the environment. The webhook secret is
 * the one the V3 file publishes with its signature test vector, so that what the handlers verify
 * is what the sandbox and the notifications page sign with.
 */
export const sampleEnvironment = {
  TESSERA_KEY_ID: 'test-key-id',
  TESSERA_KEY_SECRET: 'test-key-secret',
  TESSERA_SECRET: 'test-bearer-secret',
  TESSERA_WEBHOOK_SECRET: signatureTestVector().secret,
  TESSERA_ENVIRONMENT: 'sandbox',
} as const;

/** Loopback ports of the two mocks, derived from the e2e server's port (playwright.config.ts). */
export function mockServers(e2ePort: number) {
  return {
    v3: {port: e2ePort + 1000, file: 'openapi/tessera-v3.yaml'},
    v1: {port: e2ePort + 1001, file: 'openapi/tessera-v1.yaml'},
  } as const;
}

/** The command that serves one OpenAPI file as a mock; `--errors` answers every violation with an error. */
export const mockCommand = (file: string, port: number) =>
  `node node_modules/@stoplight/prism-cli/dist/index.js mock ${file} --host 127.0.0.1 --port ${port} --errors`;

export type Exchange = {
  method: string;
  url: string;
  status: number;
  violations: string | undefined;
  /** The request's `Idempotency-Key`, if it sent one. */
  idempotencyKey?: string;
  /** Whether the answer was a replay of an earlier one (`Tessera-Idempotent-Replayed: true`). */
  replayed?: boolean;
};

export type SampleRun = {exitCode: number | null; stdout: string; stderr: string; exchanges: Exchange[]};

/** A sample language's id (src/lib/sample-languages): `curl`, `python`, `node`, `php`, `java`, `go`, `ruby`, `csharp`. */
export type SampleLanguageId = string;

/** A proxy on a free loopback port that forwards to `target` and records each exchange. */
async function startRecordingProxy(target: URL): Promise<{url: string; exchanges: Exchange[]; close: () => Promise<void>}> {
  const exchanges: Exchange[] = [];
  const server = http.createServer((incoming, outgoing) => {
    const forwarded = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: {...incoming.headers, host: target.host},
      },
      (answer) => {
        const violations = answer.headers['sl-violations'];
        const idempotencyKey = incoming.headers['idempotency-key'];
        exchanges.push({
          method: incoming.method ?? '',
          url: incoming.url ?? '',
          status: answer.statusCode ?? 0,
          violations: Array.isArray(violations) ? violations.join(' ') : violations,
          ...(typeof idempotencyKey === 'string' ? {idempotencyKey} : {}),
          ...(answer.headers['tessera-idempotent-replayed'] === 'true' ? {replayed: true} : {}),
        });
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => {
      // A server that closed the connection unanswered (the sandbox's `drop` fault) is passed on as such.
      const dropped = (error as NodeJS.ErrnoException).code === 'ECONNRESET';
      const idempotencyKey = incoming.headers['idempotency-key'];
      exchanges.push({
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        status: 0,
        violations: dropped ? 'connection closed unanswered' : `mock unreachable: ${error.message}`,
        ...(typeof idempotencyKey === 'string' ? {idempotencyKey} : {}),
      });
      if (dropped) incoming.socket.destroy();
      else outgoing.writeHead(502).end();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<Omit<SampleRun, 'exchanges'>> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => resolve({exitCode: null, stdout, stderr: `${stderr}${error.message}`}));
    child.on('close', (exitCode) => resolve({exitCode, stdout, stderr}));
  });
}

/**
 * Runs `source` with its language's toolchain, the sandbox URL pointed at the mock at `mockUrl`.
 * `fileName` keeps a guide sample's own path (its title), so relative requires resolve as they
 * would for the reader.
 */
export async function runSample(
  languageId: SampleLanguageId,
  source: string,
  mockUrl: string,
  options: {
    fileName?: string;
    args?: string[];
    harness?: ProgramHarness;
    /** The server the sample calls, pointed at the mock: Tessera's sandbox unless another API's. */
    baseUrl?: string;
    /** The credentials another API's samples read, with test values. */
    environment?: Record<string, string>;
    /** Commands instead of the toolchain's steps (a Go test of the program). */
    steps?: RunStep[];
  } = {},
): Promise<SampleRun> {
  const {toolchain} = sampleLanguage(languageId);
  const proxy = await startRecordingProxy(new URL(mockUrl));
  const folder = mkdtempSync(path.join(tmpdir(), 'tessera-sample-'));
  try {
    const proxied = source.replaceAll(options.baseUrl ?? sandboxBaseUrl, proxy.url);
    const file = options.fileName ?? toolchain.fileName(source);
    const env = {...prepareRun(folder, toolchain, file, proxied, options.harness), ...options.environment};
    // The steps' output together: a build step's errors, then the program's own output.
    const result: Omit<SampleRun, 'exchanges'> = {exitCode: null, stdout: '', stderr: ''};
    for (const step of options.steps ?? toolchain.steps(file)) {
      const args = [...step.args, ...(step.program ? (options.args ?? []) : [])];
      const stepResult = await run(step.command, args, folder, env, toolchain.timeoutMs ?? 30_000);
      Object.assign(result, {
        exitCode: stepResult.exitCode,
        stdout: result.stdout + stepResult.stdout,
        stderr: result.stderr + stepResult.stderr,
      });
      if (stepResult.exitCode !== 0) break;
    }
    return {...result, exchanges: proxy.exchanges};
  } finally {
    await proxy.close();
    rmSync(folder, {recursive: true, force: true});
  }
}

/**
 * Writes a program and what its run needs into `folder` (the toolchain's files, the harness's,
 * the program under its file name) and returns the environment it runs in.
 */
function prepareRun(
  folder: string,
  toolchain: Toolchain,
  fileName: string,
  source: string,
  harness: ProgramHarness | undefined,
): NodeJS.ProcessEnv {
  for (const [name, text] of Object.entries({...toolchain.files?.(source), ...harness?.files?.(folder), [fileName]: source})) {
    mkdirSync(path.dirname(path.join(folder, name)), {recursive: true});
    writeFileSync(path.join(folder, name), text);
  }
  return {
    PATH: process.env.PATH,
    HOME: folder,
    CURL_HOME: folder,
    // A reader's terminal is UTF-8: Java 17 reads a source file in the locale's charset.
    LANG: 'C.UTF-8',
    ...toolchain.environment?.(),
    ...sampleEnvironment,
    ...harness?.environment?.(folder),
  };
}

export type HandlerRun = SampleRun & {answer: {status: number; body: string}};

/**
 * How a guide's program is run, in whichever language it is written (tests/e2e/samples.spec.ts
 * keeps one per program): what the reader's project has beside it, and for a server (a web
 * handler, a webhook receiver) the request a browser or Tessera sends it.
 */
export type ProgramHarness = {
  /** Files beside the program (a request body, a store file), given the folder it runs in. */
  files?: (folder: string) => Record<string, string>;
  /** Variables besides the credentials, given the folder (PHP's `PHP_INI_SCAN_DIR`). */
  environment?: (folder: string) => Record<string, string>;
  /**
   * A server's request: sent once it listens on the port in `PORT`. Absent for a script. With
   * `fakeClock`, `setClock` sets the server's wall clock, where its toolchain's `clock` allows.
   */
  send?: (
    handlerUrl: string,
    environment: NodeJS.ProcessEnv,
    setClock: FakeClock['set'] | undefined,
  ) => Promise<{status: number; body: string}>;
  /** Runs the server on a clock the harness sets (src/lib/sample-languages/fake-clock.ts), where the runtime allows. */
  fakeClock?: boolean;
};

/**
 * Serves a program that answers HTTP requests with its language's toolchain (the toolchain's
 * `serve` step, else its program step with the port in `PORT`), once its build steps have run,
 * and lets the harness send it the request a browser or Tessera would send. Its API calls go to
 * the mock, recorded, as a script's do.
 */
export async function runServer(
  languageId: SampleLanguageId,
  source: string,
  fileName: string,
  mockUrl: string,
  harness: ProgramHarness & Required<Pick<ProgramHarness, 'send'>>,
): Promise<HandlerRun> {
  const {toolchain} = sampleLanguage(languageId);
  const proxy = await startRecordingProxy(new URL(mockUrl));
  const folder = mkdtempSync(path.join(tmpdir(), 'tessera-server-'));
  const port = await freePort();
  let server: ReturnType<typeof spawn> | undefined;
  let output = '';
  try {
    const proxied = source.replaceAll(sandboxBaseUrl, proxy.url);
    const env = {...prepareRun(folder, toolchain, fileName, proxied, harness), PORT: String(port)};
    const clock = harness.fakeClock && toolchain.clock === 'libfaketime' ? fakeClock(folder) : undefined;
    const steps = toolchain.steps(fileName);
    for (const step of steps.slice(
      0,
      steps.findIndex((candidate) => candidate.program),
    )) {
      const built = await run(step.command, step.args, folder, env, toolchain.timeoutMs ?? 30_000);
      if (built.exitCode !== 0) return {...built, exchanges: proxy.exchanges, answer: {status: 0, body: ''}};
    }
    const serve = toolchain.serve?.(fileName, port) ?? steps.find((step) => step.program)!;
    // Its own process group: `go run` starts the built program as a child, which must stop too.
    server = spawn(serve.command, serve.args, {
      cwd: folder,
      env: {...env, ...clock?.environment},
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => server!.on('exit', () => resolve()));
    await Promise.race([
      waitForPort(port, toolchain.timeoutMs ?? 30_000),
      exited.then(() => {
        throw new Error(`the server exited before it listened:\n${output.trim().split('\n').slice(-6).join('\n')}`);
      }),
    ]);
    const answer = await harness.send(`http://127.0.0.1:${port}`, {...env}, clock?.set);
    return {exitCode: 0, stdout: answer.body, stderr: output, exchanges: proxy.exchanges, answer};
  } catch (error) {
    return {
      exitCode: null,
      stdout: '',
      stderr: `${output}${(error as Error).message}`,
      exchanges: proxy.exchanges,
      answer: {status: 0, body: ''},
    };
  } finally {
    if (server?.pid) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await proxy.close();
    rmSync(folder, {recursive: true, force: true});
  }
}

/** Runs a shell sample (a reader's test script) in `environment`; its output is returned, its exit code checked by the caller. */
export async function runShell(source: string, environment: NodeJS.ProcessEnv): Promise<Omit<SampleRun, 'exchanges'>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'tessera-shell-'));
  try {
    writeFileSync(path.join(folder, 'sample.sh'), source);
    return await run('bash', ['-e', '-o', 'pipefail', 'sample.sh'], folder, environment, 30_000);
  } finally {
    rmSync(folder, {recursive: true, force: true});
  }
}

let nextPort = 0;

/**
 * A free port for a program's server, below Linux's ephemeral range (32768 and up): a port the
 * kernel hands out for `listen(0)` (the sandbox, a proxy) can then never be taken between this
 * probe and the program's own bind, which a slow-starting program (Java) would lose, leaving the
 * test talking to another server. Each worker of each run (E2E_PORT) probes a range of its own.
 */
async function freePort(): Promise<number> {
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const base = 12000 + (Math.floor(e2ePort / 20) % 20) * 1000 + (worker % 10) * 100;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = base + (nextPort++ % 100);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${base}–${base + 99}`);
}

async function waitForPort(port: number, timeoutMs = 5_000): Promise<void> {
  for (let attempt = 0; attempt < timeoutMs / 50; attempt += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on port ${port}`);
}

/** Why a run does not count as a success, or undefined: exit 0, at least one call, every answer 2xx, no violation. */
export function runProblem(result: SampleRun): string | undefined {
  const output = `${result.stderr}${result.stdout}`.trim().split('\n').slice(-6).join('\n    ');
  const failed = result.exchanges
    .filter((exchange) => exchange.status < 200 || exchange.status > 299 || exchange.violations)
    .map(
      (exchange) =>
        `${exchange.method} ${exchange.url} answered ${exchange.status}${exchange.violations ? ` (${exchange.violations})` : ''}`,
    );
  if (result.exitCode !== 0) return [`exited with ${result.exitCode}:\n    ${output}`, ...failed].join('\n    ');
  if (result.exchanges.length === 0) return `made no request to the API:\n    ${output}`;
  return failed.length ? failed.join('; ') : undefined;
}

/** Wraps tasks so that at most `limit` of them run at once; the others wait their turn, in order. */
export function limitConcurrency(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

export const firstLine = (source: string) => source.split('\n').find((line) => line.trim() !== '') ?? '';
