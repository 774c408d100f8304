/**
 * What the sandbox costs: the gzipped size of the local sandbox file (/sandbox/tessera-sandbox.mjs,
 * everything an integrator downloads) and how many requests per second the simulator answers in
 * Node, on a mixed flow (create, complete, read, capture, refund, read the order), in process so
 * that the figure is the simulator's and not the network's. `npm run bench` reports both;
 * `npm run bench:sandbox` alone prints them.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {loadApiDocument, apiFiles} from '../src/lib/openapi';
import {SandboxClock} from '../src/lib/sandbox/clock';
import {TesseraSandbox} from '../src/lib/sandbox/sandbox';
import {gzipLevel} from './measure/page-weight';
import {buildSandbox, sandboxBundle} from './sandbox/build-sandbox';

export type SandboxFigures = {bundleBytes: number; bundleGzipBytes: number; requests: number; seconds: number; requestsPerSecond: number};

/** A payment session with one order line that adds up: the smallest body the V3 file accepts for a flow. */
export const onePaymentSession = {
  type: 'payment',
  country: 'SE',
  cart: {
    currency: 'SEK',
    totalAmount: 24900,
    totalVatAmount: 4980,
    orderLines: [
      {
        reference: 'TEE',
        name: 'Tee',
        type: 'physical',
        quantity: 1,
        unitPrice: 24900,
        vatRate: 2500,
        totalAmount: 24900,
        totalVatAmount: 4980,
      },
    ],
  },
  merchantUrls: {confirmation: 'https://shop.tessera.example/done'},
};

/** One flow of six requests against the in-process simulator. */
async function flow(sandbox: TesseraSandbox, secret: string, index: number): Promise<number> {
  const headers = {Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json'};
  const send = async (method: string, requestPath: string, body?: unknown, key?: string) => {
    const {response} = await sandbox.handle({
      method,
      path: requestPath,
      headers: key ? {...headers, 'Idempotency-Key': key} : headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${requestPath}: ${response.status} ${response.body}`);
    return JSON.parse(response.body) as Record<string, string>;
  };
  const session = await send('POST', '/v3/sessions', onePaymentSession);
  await send('POST', `/v3/test-helpers/sessions/${session.id}/complete`, {});
  const read = await send('GET', `/v3/sessions/${session.id}`);
  const capture = await send('POST', `/v3/orders/${read.orderId}/captures`, {}, `capture-${index}`);
  await send(
    'POST',
    `/v3/orders/${read.orderId}/captures/${capture.id}/refunds`,
    {amount: {amount: 100, currency: 'SEK'}},
    `refund-${index}`,
  );
  await send('GET', `/v3/orders/${read.orderId}`);
  return 6;
}

export async function benchSandbox(flows = 500): Promise<SandboxFigures> {
  if (!existsSync(sandboxBundle)) await buildSandbox();
  const bundle = readFileSync(sandboxBundle);
  const sandbox = new TesseraSandbox({
    v3: loadApiDocument(apiFiles.v3),
    v1: loadApiDocument(apiFiles.v1),
    clock: new SandboxClock(),
    rateLimits: false,
  });
  const {response} = await sandbox.handle({
    method: 'POST',
    path: '/v3/auth/secret',
    headers: {Authorization: `Basic ${btoa('key_test_8HqT2mVx4LcR9pWn3sYb6KdA:bench')}`},
  });
  const secret = String(JSON.parse(response.body).secret);
  // A first flow compiles the schemas; the figure is for a warm simulator, as a running sandbox is.
  await flow(sandbox, secret, -1);
  const started = performance.now();
  let requests = 0;
  for (let index = 0; index < flows; index += 1) requests += await flow(sandbox, secret, index);
  const seconds = (performance.now() - started) / 1000;
  return {
    bundleBytes: bundle.length,
    bundleGzipBytes: gzipSync(bundle, {level: gzipLevel}).length,
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
  };
}

export const describeSandbox = (figures: SandboxFigures): string =>
  `local sandbox ${(figures.bundleBytes / 1024).toFixed(0)} KB, ${(figures.bundleGzipBytes / 1024).toFixed(1)} KB gzipped (level ${gzipLevel}); the simulator answered ${figures.requests} requests of a mixed flow in ${figures.seconds.toFixed(2)} s in Node: ${figures.requestsPerSecond.toFixed(0)} requests per second`;

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  benchSandbox().then((figures) => console.log(`Sandbox: ${describeSandbox(figures)}.`));
}
