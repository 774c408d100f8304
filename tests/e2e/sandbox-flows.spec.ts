/**
 * The guides' flows, end to end, in every sample language, against the local sandbox
 * (scripts/sandbox) rather than a stateless mock: the request samples the operation pages show
 * create the session, approve it and capture and refund its order, with the ids the sandbox gave
 * them; the sandbox's test helper plays the shopper; and the guide's notification handler, in the
 * same language, receives the signed `session.awaiting_decision` and `session.completed`
 * notifications and reads the session back. cURL has no handler: its flow runs the request
 * samples and the notifications go to a receiver that checks them with the sandbox's own verifier.
 * C#'s programs run on Mono (HttpListener, which .NET 8 has too; src/lib/sample-languages/csharp).
 */
import {expect, test} from '@playwright/test';
import http from 'node:http';
import {SandboxClock} from '../../src/lib/sandbox/clock';
import {parseFaultSpec} from '../../src/lib/sandbox/faults';
import type {Notification} from '../../src/lib/sandbox/notifications';
import {verifySignature} from '../../src/lib/sandbox/signature';
import {sampleLanguages} from '../../src/lib/sample-languages';
import {startSandbox} from '../../scripts/sandbox/tessera-sandbox';
import {codeFences} from '../support/guides';
import {secretFrom} from '../support/sandbox';
import {signatureTestVector} from '../support/notification-signature';
import {operationPages} from '../support/sample-pages';
import {runSample, runServer, runProblem} from '../support/sample-runner';

const exampleDay = Date.parse('2026-11-22T09:41:07Z');
const example = {
  orderId: '7b2e9c40-5f13-4a8d-a6c1-0e94d3b85f27',
  captureId: 'c41d7e92-0a6b-4f35-8d2c-9b17e6a30f58',
  sessionId: '3f6c2a1e-8b4d-4c9a-9e27-5d1f0b7a6c42',
};
const paymentGuides = 'docs/guides/guides/quick_guides/payment_steps';
const handlerGuide = `${paymentGuides}/completed_session.mdx`;
const signupGuides = 'docs/guides/guides/quick_guides/signup_steps';
const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

const pages = new Map(
  operationPages()
    .filter((page) => page.version === 'v3')
    .map((page) => [page.route.split('/').pop()!, page]),
);

/** The request sample of an operation page in a language, as the page shows it. */
function sampleOf(pageId: string, language: string): string {
  const sample = pages.get(pageId)?.samples.find((candidate) => candidate.lang === language);
  if (!sample) throw new Error(`${pageId} has no ${language} sample`);
  return sample.source;
}

/** A guide's program in a language: the tab set its PHP version names (`notifications.php`). */
function handlerOf(language: string, guide = handlerGuide, phpTitle = 'notifications.php'): {source: string; fileName: string} | undefined {
  const fences = codeFences(guide);
  const php = fences.find((fence) => fence.meta.title === phpTitle);
  const fence = fences.find((candidate) => candidate.tabSet === php?.tabSet && candidate.tab === language);
  if (!fence) return undefined;
  const fileName =
    fence.meta.title && /^[\w./-]+$/.test(fence.meta.title)
      ? fence.meta.title
      : sampleLanguages.find((found) => found.id === language)!.toolchain.fileName(fence.code);
  return {source: fence.code, fileName};
}

/** Waits until the sandbox has delivered an event of a type, and returns it. */
async function delivered(sent: Notification[], type: string): Promise<Notification> {
  for (let wait = 0; wait < 100; wait += 1) {
    const found = sent.find((notification) => notification.type === type && notification.attempts.length > 0);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${type} notification was delivered; sent: ${sent.map((notification) => notification.type).join(', ')}`);
}

for (const language of sampleLanguages) {
  test(`the payment flow runs against the local sandbox in ${language.label}: samples, test helper, signed notifications, capture and refund`, async () => {
    test.setTimeout(240_000);
    const started = Date.now();
    const sandboxServer = await startSandbox(
      {port: 0, host: '127.0.0.1', speed: 1, faults: [], rateLimits: true},
      {clock: new SandboxClock(() => exampleDay + (Date.now() - started)), quiet: true},
    );
    const {sandbox, url} = sandboxServer;
    const secret = await secretFrom(url);
    const environment = {TESSERA_SECRET: secret};
    const step = async (pageId: string, replacements: [string, string][] = []) => {
      const source = replacements.reduce((text, [from, to]) => text.replaceAll(from, to), sampleOf(pageId, language.id));
      const run = await runSample(language.id, source, url, {environment});
      const problem = runProblem(run);
      expect(problem, `${pageId} in ${language.label}`).toBeUndefined();
      return run;
    };
    let receiver: http.Server | undefined;
    const flow = async (notificationUrl: string) => {
      // As `--notify` does: the sample's https URL stays in the body, the sandbox delivers to the handler.
      sandbox.notifyUrl = notificationUrl;
      const created = await step('create-session');
      const sessionId = uuidPattern.exec(created.stdout)?.[0];
      expect(sessionId, `createSession printed the new id: ${created.stdout}`).toBeTruthy();
      const shopper = await fetch(`${url}/v3/test-helpers/sessions/${sessionId}/complete`, {
        method: 'POST',
        headers: {Authorization: `Bearer ${secret}`},
      });
      expect(((await shopper.json()) as {outcome: string}).outcome).toBe('awaiting_decision');
      const awaiting = await delivered(sandbox.outbox.sent, 'session.awaiting_decision');
      expect(awaiting.attempts[0]!.status, 'the handler acknowledges session.awaiting_decision').toBeGreaterThanOrEqual(200);
      await step('make-decision', [[example.sessionId, sessionId!]]);
      const completed = await delivered(sandbox.outbox.sent, 'session.completed');
      expect(
        completed.attempts[0]!.status,
        `the handler acknowledges session.completed: ${JSON.stringify(completed.attempts)}`,
      ).toBeLessThan(300);
      expect(completed.state).toBe('delivered');
      const orderId = String((JSON.parse(completed.body) as {data: {orderId: string}}).data.orderId);
      const captured = await step('capture-an-order', [[example.orderId, orderId]]);
      const captureId = captured.stdout.match(new RegExp(uuidPattern, 'g'))?.find((id) => id !== orderId);
      expect(captureId, `captureAnOrder printed the capture id: ${captured.stdout}`).toBeTruthy();
      await step('refund-a-capture', [
        [example.orderId, orderId],
        [example.captureId, captureId!],
      ]);
      const order = sandbox.objects('key_test_8HqT2mVx4LcR9pWn3sYb6KdA')!.orders.get(orderId)!.data;
      expect(order.status).toBe('part_refunded');
      expect((order.refunds[0] as {status: string}).status).toBe('pending');
      const read = await step('read-an-order', [[example.orderId, orderId]]);
      expect(read.stdout).toContain(orderId);
    };
    try {
      // The guide's client-token endpoint creates the session from the guide's request and hands its token to the page.
      const clientTokenProgram = handlerOf(language.id, `${paymentGuides}/load_the_client.mdx`, 'public/api/tessera/client-token.php');
      if (clientTokenProgram) {
        const sessionRequest = codeFences(`${paymentGuides}/create_payment_session.mdx`).find(
          (fence) => fence.meta.operation === 'createSession' && fence.meta.part === 'request',
        )!.code;
        const served = await runServer(language.id, clientTokenProgram.source, clientTokenProgram.fileName, url, {
          // PHP keeps its sessions in the run's folder (PHP_INI_SCAN_DIR adds an ini file to Debian's own).
          files: (folder) => ({'php-ini/sessions.ini': `session.save_path=${folder}\n`, 'session-request.json': sessionRequest}),
          environment: (folder) => ({...environment, PHP_INI_SCAN_DIR: `:${folder}/php-ini`}),
          send: async (programUrl) => {
            const answer = await fetch(`${programUrl}/api/tessera/client-token`, {method: 'POST'});
            return {status: answer.status, body: await answer.text()};
          },
        });
        expect(
          served.answer.status,
          `the client-token endpoint: ${served.answer.body}\n${served.stderr.split('\n').slice(-6).join('\n')}`,
        ).toBe(200);
        expect(JSON.parse(served.answer.body).clientToken, 'the endpoint hands the page a fresh client token').toMatch(/^ct_test_/);
      }
      const handler = handlerOf(language.id);
      if (handler) {
        const result = await runServer(language.id, handler.source, handler.fileName, url, {
          // The handler reads the session back with a real sandbox secret.
          environment: () => environment,
          send: async (handlerUrl) => {
            await flow(`${handlerUrl}/api/tessera/notifications`);
            return {status: 200, body: 'flow done'};
          },
        });
        expect(result.answer.status, `${result.answer.body}\n${result.stderr.split('\n').slice(-8).join('\n')}`).toBe(200);
      } else {
        const received: {signature: string; body: string}[] = [];
        receiver = http.createServer((request, response) => {
          const chunks: Buffer[] = [];
          request.on('data', (chunk: Buffer) => chunks.push(chunk));
          request.on('end', () => {
            received.push({signature: String(request.headers['tessera-signature']), body: Buffer.concat(chunks).toString('utf8')});
            response.writeHead(204).end();
          });
        });
        await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
        await flow(`http://127.0.0.1:${(receiver.address() as {port: number}).port}/api/tessera/notifications`);
        for (const notification of received)
          expect(
            await verifySignature(notification.signature, notification.body, signatureTestVector().secret, Math.floor(Date.now() / 1000)),
          ).toEqual({valid: true});
      }
    } finally {
      receiver?.close();
      await sandboxServer.close();
    }
  });
}

/**
 * The signup guide's programs against the sandbox: the program that creates the lead's session
 * loses its first answer (the sandbox drops the connection after creating the session) and must
 * retry with the same Idempotency-Key, getting the stored session back, not a second one; then the
 * test helpers play the applicant and the review, and the guide's signup handler receives the
 * signed `session.completed` and reads the session back. The programs are written by hand in every
 * language but cURL.
 */
for (const language of sampleLanguages.filter((candidate) => candidate.id !== 'curl')) {
  test(`the signup flow runs against the local sandbox in ${language.label}: a retry with the same key, the review, the signed notification`, async () => {
    test.setTimeout(240_000);
    const sandboxServer = await startSandbox(
      {port: 0, host: '127.0.0.1', speed: 1, faults: parseFaultSpec('drop:next=1:op=createSession'), rateLimits: true},
      {quiet: true},
    );
    const {sandbox, url} = sandboxServer;
    try {
      const secret = await secretFrom(url);
      const environment = {TESSERA_SECRET: secret};
      const creator = handlerOf(language.id, `${signupGuides}/create_signup_session.mdx`, 'create-signup-session.php');
      expect(creator, 'the signup guide has its create program in this language').toBeTruthy();
      const created = await runSample(language.id, creator!.source, url, {fileName: creator!.fileName, environment});
      expect(created.exitCode, `${created.stdout}${created.stderr}`).toBe(0);
      expect(created.exchanges[0]?.violations, 'the first attempt lost its answer').toBe('connection closed unanswered');
      expect(created.exchanges.at(-1)?.status).toBe(201);
      expect(new Set(created.exchanges.map((exchange) => exchange.idempotencyKey)).size, 'every attempt sent the same key').toBe(1);
      const sessions = [...sandbox.objects('key_test_8HqT2mVx4LcR9pWn3sYb6KdA')!.sessions.values()];
      expect(sessions.length, 'the retry created no second session').toBe(1);
      const sessionId = sessions[0]!.data.id;
      expect(created.stdout).toContain(`Created signup session ${sessionId} (created)`);
      expect(created.stdout, 'the program says the session came from the earlier attempt').toContain(
        'Replayed: an earlier attempt had already created this session.',
      );
      const handler = handlerOf(language.id, `${signupGuides}/completed_session.mdx`);
      expect(handler, 'the signup guide has its handler in this language').toBeTruthy();
      const served = await runServer(language.id, handler!.source, handler!.fileName, url, {
        environment: () => environment,
        send: async (handlerUrl) => {
          sandbox.notifyUrl = `${handlerUrl}/api/tessera/notifications`;
          const helper = (action: string) =>
            fetch(`${url}/v3/test-helpers/${action}`, {method: 'POST', headers: {Authorization: `Bearer ${secret}`}});
          expect(((await (await helper(`sessions/${sessionId}/complete`)).json()) as {outcome: string}).outcome).toBe('submitted');
          expect((await helper(`signups/${sessionId}/approve`)).status).toBe(200);
          const completed = await delivered(sandbox.outbox.sent, 'session.completed');
          return {status: completed.attempts[0]!.status ?? 0, body: JSON.stringify(completed.attempts)};
        },
      });
      expect(
        served.answer.status,
        `the handler acknowledges session.completed: ${served.answer.body}\n${served.stderr.split('\n').slice(-8).join('\n')}`,
      ).toBeLessThan(300);
      expect(served.answer.status).toBeGreaterThanOrEqual(200);
      expect(
        served.exchanges.some(
          (exchange) => exchange.method === 'GET' && exchange.url === `/v3/sessions/${sessionId}` && exchange.status === 200,
        ),
        'the handler read the session back',
      ).toBe(true);
    } finally {
      await sandboxServer.close();
    }
  });
}
