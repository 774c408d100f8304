/**
 * The local sandbox as an integrator runs it: the built file alone in an empty folder (no
 * node_modules beside it) serves a flow and delivers its notification signed with the published
 * secret, and every bad input is refused with one line on stderr and exit code 2.
 */
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {copyFileSync, mkdtempSync, rmSync} from 'node:fs';
import http from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {onePaymentSession} from '../../scripts/bench-sandbox';
import {buildSandbox} from '../../scripts/sandbox/build-sandbox';
import {parseFlags, UsageError} from '../../scripts/sandbox/tessera-sandbox';
import {verifySignature} from '../../src/lib/sandbox/signature';
import {signatureTestVector} from '../support/notification-signature';
import {loadApiDocuments, secretFrom} from '../support/sandbox';

const folder = mkdtempSync(path.join(tmpdir(), 'tessera-sandbox-'));
const bundle = path.join(folder, 'tessera-sandbox.mjs');

before(async () => {
  const built = path.join(folder, 'build', 'tessera-sandbox.mjs');
  await buildSandbox(built);
  copyFileSync(built, bundle);
  rmSync(path.join(folder, 'build'), {recursive: true});
});
after(() => rmSync(folder, {recursive: true, force: true}));

const run = (args: string[]) => spawnSync(process.execPath, [bundle, ...args], {cwd: folder, encoding: 'utf8', timeout: 20_000});

describe('the local sandbox', () => {
  test('bad input is refused with one line on stderr and exit code 2', () => {
    for (const args of [
      ['--bogus'],
      ['--port', 'abc'],
      ['--port', '70000'],
      ['--notify', 'ftp://x'],
      ['--notify', 'not a url'],
      ['--speed', '0'],
      ['--fail', '502'],
      ['--fail', '500:next=0'],
      ['--webhook-secret', 'abc'],
      ['--host', '0.0.0.0'],
    ]) {
      const result = run(args);
      assert.equal(result.status, 2, `${args.join(' ')}: exit code`);
      assert.equal(result.stdout, '', `${args.join(' ')}: nothing on stdout`);
      assert.equal(result.stderr.trim().split('\n').length, 1, `${args.join(' ')}: one line on stderr, got ${result.stderr}`);
      assert.match(result.stderr, /^tessera-sandbox: /);
    }
  });

  test('the flags are parsed as documented', () => {
    const flags = parseFlags([
      '--port',
      '0',
      '--notify',
      'http://127.0.0.1:9/hooks',
      '--speed',
      '60',
      '--fail',
      '503:next=2,drop:rate=0.1:op=captureAnOrder',
      '--no-rate-limits',
    ]);
    assert.deepEqual(flags, {
      port: 0,
      host: '127.0.0.1',
      notify: 'http://127.0.0.1:9/hooks',
      webhookSecret: undefined,
      speed: 60,
      faults: [
        {kind: '503', next: 2},
        {kind: 'drop', rate: 0.1, operationId: 'captureAnOrder'},
      ],
      rateLimits: false,
    });
    assert.throws(() => parseFlags(['positional']), UsageError);
  });

  test('a port in use is refused cleanly', async () => {
    const taken = http.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as {port: number}).port;
    try {
      const result = run(['--port', String(port)]);
      assert.equal(result.status, 2);
      assert.match(result.stderr, new RegExp(`^tessera-sandbox: port ${port} on 127\\.0\\.0\\.1 is in use`));
    } finally {
      taken.close();
    }
  });

  test('the file alone serves a flow and delivers its notification signed with the published test secret', async () => {
    const received: {signature: string; body: string}[] = [];
    const receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({signature: String(request.headers['tessera-signature']), body: Buffer.concat(chunks).toString('utf8')});
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const notify = `http://127.0.0.1:${(receiver.address() as {port: number}).port}/hooks`;
    const child = spawn(process.execPath, [bundle, '--port', '0', '--notify', notify], {cwd: folder});
    try {
      const ready = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match) resolve(match[1]!);
        });
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      const basic = `Basic ${Buffer.from('key_test_8HqT2mVx4LcR9pWn3sYb6KdA:any').toString('base64')}`;
      const headers = {Authorization: `Bearer ${await secretFrom(ready)}`, 'Content-Type': 'application/json'};
      const created = await fetch(`${ready}/v3/sessions`, {
        method: 'POST',
        headers: {...headers, 'Idempotency-Key': 'cli-1'},
        body: JSON.stringify(onePaymentSession),
      });
      assert.equal(created.status, 201);
      assert.equal(created.headers.get('tessera-idempotent-replayed'), null);
      const session = (await created.json()) as {id: string};
      const completed = await fetch(`${ready}/v3/test-helpers/sessions/${session.id}/complete`, {method: 'POST', headers});
      assert.equal(completed.status, 200);
      for (let wait = 0; wait < 50 && received.length === 0; wait += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(received.length, 1, 'the session.completed notification arrives');
      const event = JSON.parse(received[0]!.body) as {type: string; data: {sessionId: string}};
      assert.equal(event.type, 'session.completed');
      assert.equal(event.data.sessionId, session.id);
      const check = await verifySignature(
        received[0]!.signature,
        received[0]!.body,
        signatureTestVector().secret,
        Math.floor(Date.now() / 1000),
      );
      assert.deepEqual(check, {valid: true});

      // V1 keeps state too: a merchant token, a session, the customer pays it, the order is captured.
      const token = (await (
        await fetch(`${ready}/v1/auth/token`, {
          method: 'POST',
          headers: {Authorization: basic, 'Content-Type': 'application/json'},
          body: '{"grant_type":"client_credentials"}',
        })
      ).json()) as {access_token: string};
      const v1Headers = {Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json'};
      const v1Body =
        loadApiDocuments().v1.paths['/v1/checkout/sessions'].post.requestBody.content['application/json'].examples.swedishWebShop.value;
      delete v1Body.merchant_urls.validation;
      const v1Session = (await (
        await fetch(`${ready}/v1/checkout/sessions`, {
          method: 'POST',
          headers: {...v1Headers, 'Idempotency-Key': 'cli-v1-1'},
          body: JSON.stringify(v1Body),
        })
      ).json()) as {id: string};
      const paid = (await (
        await fetch(`${ready}/v1/test-helpers/checkout/sessions/${v1Session.id}/pay`, {method: 'POST', headers: v1Headers})
      ).json()) as {
        status: string;
        order_id: string;
      };
      assert.equal(paid.status, 'completed');
      const capture = await fetch(`${ready}/v1/orders/${paid.order_id}/capture`, {
        method: 'POST',
        headers: {...v1Headers, 'Idempotency-Key': 'cli-v1-2'},
        body: JSON.stringify({amount: v1Body.cart.total_amount}),
      });
      assert.equal(capture.status, 201);
      assert.equal(((await capture.json()) as {order_status: string}).order_status, 'captured');
      assert.equal(capture.headers.get('sunset'), 'Wed, 30 Jun 2027 23:59:59 GMT');
    } finally {
      child.kill();
      receiver.close();
    }
  });
});
