/** A client of the in-process sandbox for the unit tests: a key, a secret, and requests as an integration sends them. */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import type {JsonObject} from '../../src/lib/openapi/refs';
import {SandboxClock} from '../../src/lib/sandbox/clock';
import type {SandboxRequest} from '../../src/lib/sandbox/http';
import type {Notification} from '../../src/lib/sandbox/notifications';
import {TesseraSandbox, type SandboxResult} from '../../src/lib/sandbox/sandbox';

const siteDir = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the documents' facts freely
type Document = Record<string, any>;
let documents: {v3: Document; v1: Document} | undefined;

/** Both OpenAPI files, parsed once per test process; callers get their own copies. */
export function loadApiDocuments(): {v3: Document; v1: Document} {
  documents ??= {
    v3: parse(readFileSync(path.join(siteDir, 'openapi/tessera-v3.yaml'), 'utf8')) as Document,
    v1: parse(readFileSync(path.join(siteDir, 'openapi/tessera-v1.yaml'), 'utf8')) as Document,
  };
  return structuredClone(documents);
}

export type Answer = {status: number; headers: Record<string, string>; json: JsonObject; notifications: Notification[]};

export const testKeyId = 'key_test_8HqT2mVx4LcR9pWn3sYb6KdA';

/** A bearer secret from a sandbox served at `url`, got as an integration gets one: Basic with a test key id, any key secret. */
export async function secretFrom(url: string, keyId = testKeyId): Promise<string> {
  const basic = `Basic ${Buffer.from(`${keyId}:any-key-secret`).toString('base64')}`;
  const answer = await fetch(`${url}/v3/auth/secret`, {method: 'POST', headers: {Authorization: basic}});
  if (answer.status !== 201) throw new Error(`POST /v3/auth/secret answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as {secret: string}).secret;
}

export class SandboxClient {
  private secret = '';
  private keyCounter = 0;

  private constructor(
    readonly sandbox: TesseraSandbox,
    private readonly keyId: string,
    private readonly expiresIn?: number,
  ) {}

  static async start({
    keyId = testKeyId,
    clock,
    expiresIn,
  }: {keyId?: string; clock?: SandboxClock; expiresIn?: number} = {}): Promise<SandboxClient> {
    const {v3, v1} = loadApiDocuments();
    const client = new SandboxClient(
      new TesseraSandbox({v3, v1, clock: clock ?? new SandboxClock(() => 1_795_341_151_000)}),
      keyId,
      expiresIn,
    );
    await client.renewSecret();
    return client;
  }

  /** A new bearer secret, as an integration gets one. */
  async renewSecret(): Promise<string> {
    const result = await this.sandbox.handle({
      method: 'POST',
      path: '/v3/auth/secret',
      headers: {Authorization: `Basic ${btoa(`${this.keyId}:any-secret`)}`, 'Content-Type': 'application/json'},
      body: this.expiresIn ? JSON.stringify({expiresIn: this.expiresIn}) : undefined,
    });
    this.secret = String(JSON.parse(result.response.body).secret ?? '');
    return this.secret;
  }

  request(
    method: string,
    requestPath: string,
    body?: unknown,
    headers: Record<string, string> = {},
    {withoutIdempotencyKey = false} = {},
  ): SandboxRequest {
    const needsKey =
      method === 'POST' &&
      /\/(captures|refunds|cancel|charges)$/.test(requestPath) &&
      !withoutIdempotencyKey &&
      !('Idempotency-Key' in headers);
    return {
      method,
      path: requestPath,
      headers: {
        Authorization: `Bearer ${this.secret}`,
        ...(body === undefined ? {} : {'Content-Type': 'application/json'}),
        ...(needsKey ? {'Idempotency-Key': `test-${(this.keyCounter += 1)}`} : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
  }

  raw(request: SandboxRequest): Promise<SandboxResult> {
    return this.sandbox.handle(request);
  }

  async call(
    method: string,
    requestPath: string,
    body?: unknown,
    headers: Record<string, string> = {},
    options: {withoutIdempotencyKey?: boolean} = {},
  ): Promise<Answer> {
    const {response, notifications} = await this.raw(this.request(method, requestPath, body, headers, options));
    return {
      status: response.status,
      headers: response.headers,
      json: response.body ? (JSON.parse(response.body) as JsonObject) : {},
      notifications,
    };
  }

  /** The body of the file's payment session example, without its fixed expiry. */
  paymentSessionBody(extra: JsonObject = {}): JsonObject & {cart: JsonObject} {
    const example = structuredClone(loadApiDocuments().v3.components.examples.CreatePaymentSessionRequest.value) as JsonObject & {
      cart: JsonObject;
    };
    delete example.expiresAt;
    delete example.purchaseConfirmation;
    return {...example, ...extra};
  }

  async createPaymentSession(extra: JsonObject = {}): Promise<JsonObject & {id: string}> {
    const answer = await this.call('POST', '/v3/sessions', this.paymentSessionBody(extra));
    if (answer.status !== 201) throw new Error(`createSession answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    return answer.json as JsonObject & {id: string};
  }

  async createSignupSession(extra: JsonObject = {}): Promise<JsonObject & {id: string}> {
    const example = structuredClone(loadApiDocuments().v3.components.examples.CreateSignupSessionRequest.value) as JsonObject;
    delete example.expiresAt;
    const answer = await this.call('POST', '/v3/sessions', {...example, ...extra});
    if (answer.status !== 201) throw new Error(`createSession answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    return answer.json as JsonObject & {id: string};
  }

  /** Moves the sandbox clock and plays what falls due (the clock test helper does the same over HTTP). */
  async advance(seconds: number): Promise<void> {
    this.sandbox.clock.advance(seconds);
    await this.sandbox.tick();
  }
}
