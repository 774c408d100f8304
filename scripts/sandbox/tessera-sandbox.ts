/**
 * The local Tessera sandbox: the simulator of src/lib/sandbox behind an HTTP server on loopback,
 * with the production paths of V3 and V1, so that an integration (and its CI) can run whole flows
 * against it. Built into one dependency-free file, `/sandbox/tessera-sandbox.mjs` (Node 20+), by
 * scripts/sandbox/build-sandbox.ts.
 *
 *   node tessera-sandbox.mjs [--port 4010] [--host 127.0.0.1] [--notify URL] [--webhook-secret whsec_...]
 *                            [--speed N] [--fail SPEC] [--no-rate-limits]
 *
 * Prints one line with its URL when ready, then one line per request and per notification
 * delivery. Bad input gets one line on stderr and exit code 2.
 */
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {parseArgs} from 'node:util';
import {SandboxClock} from '../../src/lib/sandbox/clock';
import {FaultSpecError, parseFaultSpec, type FaultRule} from '../../src/lib/sandbox/faults';
import {TesseraSandbox} from '../../src/lib/sandbox/sandbox';
import {openApiDocuments} from './openapi-documents';

export const usage =
  'usage: node tessera-sandbox.mjs [--port 4010] [--host 127.0.0.1] [--notify URL] [--webhook-secret whsec_...] [--speed N] [--fail SPEC] [--no-rate-limits]';

export type SandboxFlags = {
  port: number;
  host: string;
  notify?: string;
  webhookSecret?: string;
  speed: number;
  faults: FaultRule[];
  rateLimits: boolean;
};

export class UsageError extends Error {}

/** The command line, checked: every problem is one line for stderr. */
export function parseFlags(args: string[]): SandboxFlags {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({values} = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        port: {type: 'string'},
        host: {type: 'string'},
        notify: {type: 'string'},
        'webhook-secret': {type: 'string'},
        speed: {type: 'string'},
        fail: {type: 'string'},
        'no-rate-limits': {type: 'boolean'},
        help: {type: 'boolean'},
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]}. ${usage}`);
  }
  if (values.help) throw new UsageError(usage);
  const port = values.port === undefined ? 4010 : Number(values.port);
  if (!/^\d+$/.test(String(values.port ?? '4010')) || port > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, not "${values.port}"`);
  const host = String(values.host ?? '127.0.0.1');
  if (!['127.0.0.1', 'localhost', '::1'].includes(host) && !/^127\.\d+\.\d+\.\d+$/.test(host))
    throw new UsageError(
      `--host must be a loopback address (127.0.0.1, ::1 or localhost), not "${host}": the sandbox serves this machine only`,
    );
  let notify: string | undefined;
  if (values.notify !== undefined) {
    try {
      const url = new URL(String(values.notify));
      if (!['http:', 'https:'].includes(url.protocol)) throw new Error();
      notify = url.href;
    } catch {
      throw new UsageError(`--notify must be an http or https URL, not "${values.notify}"`);
    }
  }
  const webhookSecret = values['webhook-secret'] === undefined ? undefined : String(values['webhook-secret']);
  if (webhookSecret !== undefined && !/^whsec_[A-Za-z0-9_]{8,}$/.test(webhookSecret))
    throw new UsageError(`--webhook-secret must start with whsec_ followed by at least 8 letters, digits or underscores`);
  const speed = values.speed === undefined ? 1 : Number(values.speed);
  if (!Number.isFinite(speed) || speed <= 0 || speed > 1_000_000)
    throw new UsageError(`--speed must be a positive number, not "${values.speed}"`);
  let faults: FaultRule[];
  try {
    faults = values.fail === undefined ? [] : parseFaultSpec(String(values.fail));
  } catch (error) {
    if (error instanceof FaultSpecError) throw new UsageError(`--fail: ${error.message}`);
    throw error;
  }
  return {port, host, notify, webhookSecret, speed, faults, rateLimits: values['no-rate-limits'] !== true};
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const logLine = (line: string) => process.stdout.write(`${line}\n`);

/** Starts the server; resolves with its URL once it listens. A test may hand it a clock of its own (the examples' day). */
export async function startSandbox(
  flags: SandboxFlags,
  {clock = new SandboxClock(Date.now, flags.speed), quiet = false}: {clock?: SandboxClock; quiet?: boolean} = {},
): Promise<{url: string; close: () => Promise<void>; sandbox: TesseraSandbox}> {
  const {v3, v1} = openApiDocuments();
  const log = quiet ? () => undefined : logLine;
  const sandbox = new TesseraSandbox({
    v3,
    v1,
    clock,
    webhookSecret: flags.webhookSecret,
    notifyUrl: flags.notify,
    faults: flags.faults,
    rateLimits: flags.rateLimits,
    transport: async (url, headers, body, timeoutMs) => {
      const response = await fetch(url, {method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs)});
      await response.arrayBuffer();
      return response.status;
    },
    onDelivery: (notification, attempt) =>
      log(
        `notify ${notification.type} ${notification.id} → ${notification.url} ${attempt.status ?? attempt.error} (attempt ${notification.attempts.length}, ${notification.state})`,
      ),
  });
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const started = Date.now();
    void (async () => {
      const body = await readBody(request);
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
      );
      const result = await sandbox.handle({method: request.method ?? 'GET', path: request.url ?? '/', headers, body});
      const line = `${request.method} ${request.url}`;
      if (result.fault?.kind === 'timeout' || result.fault?.kind === 'drop') {
        const hold = result.fault.kind === 'timeout' ? (result.fault.seconds ?? 15) * 1000 : 0;
        setTimeout(() => request.socket.destroy(), hold);
        log(
          `${line} ${result.fault.kind === 'timeout' ? 'timed out (injected, not executed)' : `${result.response.status} dropped (injected, executed)`}`,
        );
        return;
      }
      response.writeHead(result.response.status, result.response.headers);
      response.end(result.response.body);
      log(
        `${line} ${result.response.status} ${Date.now() - started} ms${result.response.headers['Tessera-Idempotent-Replayed'] ? ' replayed' : ''}`,
      );
    })().catch((error: unknown) => {
      response.writeHead(500, {'Content-Type': 'text/plain'});
      response.end('sandbox error');
      process.stderr.write(`sandbox error on ${request.method} ${request.url}: ${error instanceof Error ? error.stack : String(error)}\n`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(flags.port, flags.host, () => resolve());
  });
  const timer = setInterval(() => void sandbox.tick(), 250);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : flags.port;
  const host = flags.host.includes(':') ? `[${flags.host}]` : flags.host;
  return {
    url: `http://${host}:${port}`,
    sandbox,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function main(args: string[]): Promise<void> {
  let flags: SandboxFlags;
  try {
    flags = parseFlags(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`tessera-sandbox: ${error.message}\n`);
    process.exit(2);
  }
  try {
    const {url, sandbox} = await startSandbox(flags);
    logLine(
      `Tessera sandbox ready at ${url} (V3 and V1; notifications signed with ${sandbox.webhookSecret}${flags.notify ? `, sent to ${flags.notify}` : ''})`,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message =
      code === 'EADDRINUSE'
        ? `port ${flags.port} on ${flags.host} is in use; choose another with --port`
        : code === 'EACCES'
          ? `no permission to listen on port ${flags.port}`
          : (error as Error).message;
    process.stderr.write(`tessera-sandbox: ${message}\n`);
    process.exit(2);
  }
}

if (process.argv[1] && /tessera-sandbox\.(ts|mjs)$/.test(process.argv[1])) void main(process.argv.slice(2));
