/**
 * The "Try it" console of operation pages: it runs a flow across pages against the sandbox in the
 * reader's browser, under the site's real Content-Security-Policy (no eval), with nothing sent off
 * the site and nothing stored.
 */
import {expect, test, type BrowserContext, type Page} from '@playwright/test';
import {storage} from '../../config/site-constants';
import {startSandbox} from '../../scripts/sandbox/tessera-sandbox';
import {sampleLanguages} from '../../src/lib/sample-languages';
import {consoleKey} from '../../src/lib/try-it/request';
import {axeViolations} from '../support/axe';
import {expectHydrated} from '../support/hydration';
import {copyWithButton} from '../support/clipboard';
import {runProblem, runSample} from '../support/sample-runner';
import {secretFrom} from '../support/sandbox';

const api = '/docs/3.0.0/api';

/** Every request the context makes that leaves the site (workers' included), and every CSP refusal. */
function watch(context: BrowserContext, page: Page, origin: string) {
  const foreign: string[] = [];
  const refused: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) foreign.push(request.url());
  });
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval|EvalError/i.test(message.text())) refused.push(message.text());
  });
  page.on('pageerror', (error) => refused.push(error.message));
  return {foreign, refused};
}

async function openConsole(page: Page) {
  await expectHydrated(page);
  await page.getByRole('button', {name: 'Try it', exact: true}).click();
  const title = page.getByRole('heading', {name: /^Try \w+ in the sandbox$/});
  await expect(title).toBeFocused();
  return page.getByRole('region', {name: /^Try \w+ in the sandbox$/});
}

async function send(page: Page) {
  const console = page.getByRole('region', {name: /^Try \w+ in the sandbox$/});
  await console.getByRole('button', {name: 'Send', exact: true}).click();
  const response = console.getByRole('region', {name: 'Response'});
  await expect(response).toBeFocused();
  return response;
}

/** Goes to another operation page as a reader does, by its link: the app changes route, the worker stays. */
async function follow(page: Page, path: string) {
  await page.locator(`nav a[href="${path}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test.describe('the Try it console', () => {
  test('a session created on its page is completed, decided, read and captured on theirs; a replay says so; nothing leaves or stays', async ({
    context,
    page,
    baseURL,
  }) => {
    test.slow(); // Six pages and seven requests in one flow.
    const {foreign, refused} = watch(context, page, new URL(baseURL!).origin);
    await page.goto(`${api}/create-session`);
    await openConsole(page);
    let response = await send(page);
    await expect(response).toContainText('201 Created');
    const sessionId = /"id": "([0-9a-f-]{36})"/.exec((await response.locator('pre').nth(1).textContent()) ?? '')?.[1];
    expect(sessionId).toBeTruthy();

    await follow(page, `${api}/complete-session`);
    let console = await openConsole(page);
    await expect(console.getByLabel('sessionId')).toHaveValue(sessionId!);
    response = await send(page);
    await expect(response).toContainText('200 OK');
    // The notification the completion caused, signed as Tessera signs it.
    await expect(response).toContainText('session.awaiting_decision');
    await expect(response).toContainText(/Tessera-Signature: t=\d+,v1=[0-9a-f]{64}/);

    await follow(page, `${api}/make-decision`);
    await openConsole(page);
    await expect(await send(page)).toContainText('200 OK');

    await follow(page, `${api}/read-session`);
    await openConsole(page);
    response = await send(page);
    await expect(response).toContainText('"status": "completed"');
    const orderId = /"orderId": "([0-9a-f-]{36})"/.exec((await response.locator('pre').nth(1).textContent()) ?? '')?.[1];

    await follow(page, `${api}/capture-an-order`);
    console = await openConsole(page);
    await expect(console.getByLabel('orderId')).toHaveValue(orderId!);
    await expect(await send(page)).toContainText('201 Created');
    // The same Idempotency-Key again: the stored answer, marked as a replay.
    response = await send(page);
    await expect(response).toContainText('Tessera-Idempotent-Replayed: true');
    await console.getByText(/This visit’s objects/).click();
    await expect(console.getByRole('listitem').filter({hasText: `session ${sessionId}`})).toBeVisible();

    expect(foreign).toEqual([]);
    expect(refused).toEqual([]);
    const stored = await page.evaluate(async () => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
      databases: (await indexedDB.databases()).map((database) => database.name),
      caches: await caches.keys(),
      workers: (await navigator.serviceWorker.getRegistrations()).length,
    }));
    for (const key of stored.local)
      expect(
        storage.allowedKeyPrefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}-`)),
        key,
      ).toBe(true);
    expect({...stored, local: []}).toEqual({local: [], session: [], databases: [], caches: [], workers: 0});
  });

  test('the body is checked as the reader types, as JSON and as fields, and the sandbox refuses a decision on a session that awaits none (409)', async ({
    page,
  }) => {
    await page.goto(`${api}/create-session`);
    const console = await openConsole(page);
    const body = console.getByLabel('Body (JSON)');
    await expect(console.getByText('The request matches the schema.')).toBeVisible();
    const text = await body.inputValue();
    await body.fill(text.replace('"country": "SE"', '"country": "Sweden"'));
    await expect(console.getByRole('listitem').filter({hasText: 'Body /country (pattern)'})).toBeVisible();
    await expect(await send(page)).toContainText('400 Bad Request');
    await body.fill(text);
    await expect(console.getByText('The request matches the schema.')).toBeVisible();
    // As fields: a number typed as text is named and its field marked; typed as a number again, it is one.
    await console.getByRole('radio', {name: 'Fields'}).check();
    const total = console.getByLabel('cart.totalAmount', {exact: true});
    await total.fill('25900 SEK');
    await expect(console.getByRole('listitem').filter({hasText: 'Body /cart/totalAmount (type)'})).toBeVisible();
    await expect(total).toHaveAttribute('aria-invalid', 'true');
    await total.fill('25900');
    await expect(console.getByText('The request matches the schema.')).toBeVisible();
    await expect(total).not.toHaveAttribute('aria-invalid');
    await console.getByRole('radio', {name: 'JSON'}).check();
    await expect(body).toHaveValue(/"totalAmount": 25900,/);
    await expect(await send(page)).toContainText('201 Created');

    await follow(page, `${api}/make-decision`);
    await openConsole(page);
    const response = await send(page);
    await expect(response).toContainText('409 Conflict');
    await expect(response).toContainText('session_not_awaiting_decision');
  });

  test('the samples follow the edit in every language: a body field, the key the reader typed; each copied sample replays that request', async ({
    page,
    context,
  }) => {
    test.slow(); // Eight tabs read and copied, then eight samples run by their toolchains.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`${api}/create-session`);
    const console = await openConsole(page);
    await console.getByRole('radio', {name: 'Fields'}).check();
    await console.getByLabel('references.merchantReference2', {exact: true}).fill('cart-tried-in-console');
    await console.getByLabel('Idempotency-Key', {exact: true}).fill('console-replay-key-1');
    await console.getByRole('radio', {name: 'JSON'}).check();
    await expect(console.getByLabel('Body (JSON)')).toHaveValue(/"merchantReference2": "cart-tried-in-console"/);
    const samples = page.getByRole('region', {name: 'Request samples'});
    const copied = new Map<string, string>();
    for (const language of sampleLanguages) {
      await samples.getByRole('tab', {name: language.label, exact: true}).click();
      const panel = samples.getByRole('tabpanel');
      await expect(panel, language.label).toContainText('cart-tried-in-console');
      await expect(panel, language.label).toContainText('console-replay-key-1');
      const source = await copyWithButton(page, panel);
      expect(source, language.label).toContain('console-replay-key-1');
      copied.set(language.id, source);
    }
    // What the reader copies is the request they tried: run against a sandbox, the first sample
    // creates the session and the seven others replay it, so the sandbox holds one session.
    const sandboxServer = await startSandbox({port: 0, host: '127.0.0.1', speed: 1, faults: [], rateLimits: false}, {quiet: true});
    try {
      const secret = await secretFrom(sandboxServer.url, consoleKey.id);
      const replayed: boolean[] = [];
      for (const [language, source] of copied) {
        const run = await runSample(language, source, sandboxServer.url, {environment: {TESSERA_SECRET: secret}});
        expect(runProblem(run), language).toBeUndefined();
        replayed.push(run.exchanges.at(-1)?.replayed === true);
      }
      expect(replayed).toEqual([false, ...Array<boolean>(copied.size - 1).fill(true)]);
      const sessions = [...sandboxServer.sandbox.objects(consoleKey.id)!.sessions.values()];
      expect(sessions.map((session) => (session.data.references as {merchantReference2: string}).merchantReference2)).toEqual([
        'cart-tried-in-console',
      ]);
    } finally {
      await sandboxServer.close();
    }
  });

  test("a guide's request runs in the sandbox, in the visit's state", async ({page}) => {
    await page.goto('/docs/3.0.0/guides/guides/quick_guides/payment_steps/create_payment_session');
    await expectHydrated(page);
    const runs = page.getByRole('button', {name: 'Run in the sandbox'});
    await expect(runs.first()).toBeVisible();
    // The step that creates the session: the request the guide shows under "Create the session".
    await page
      .locator('[data-samples-file], .tabs-container')
      .filter({hasText: '"type": "payment"'})
      .first()
      .locator('xpath=following-sibling::*[1]')
      .getByRole('button', {name: 'Run in the sandbox'})
      .click();
    const console = page.getByRole('region', {name: 'Try createSession in the sandbox'});
    await expect(console.getByRole('heading', {name: 'Try createSession in the sandbox'})).toBeFocused();
    await expect(await send(page)).toContainText('201 Created');
    await console.getByText(/This visit’s objects/).click();
    await expect(console.getByRole('listitem').filter({hasText: /^session /})).toBeVisible();
  });

  test('the console is used with the keyboard alone, and axe finds nothing at 1280 and 390 px', async ({page}) => {
    for (const viewport of [
      {width: 1280, height: 900},
      {width: 390, height: 844},
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/docs/1.0.0/api/create-session');
      await expectHydrated(page);
      const button = page.getByRole('button', {name: 'Try it', exact: true});
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', {name: /^Try \w+ in the sandbox$/})).toBeFocused();
      const sendButton = page.getByRole('button', {name: 'Send', exact: true});
      // Tab reaches Send through the fields.
      for (let presses = 0; presses < 30 && !(await sendButton.evaluate((element) => element === document.activeElement)); presses += 1)
        await page.keyboard.press('Tab');
      await expect(sendButton).toBeFocused();
      await page.keyboard.press('Enter');
      const response = page.getByRole('region', {name: 'Response'});
      await expect(response).toBeFocused();
      await expect(page.getByRole('status').filter({hasText: /^Response 2\d\d /})).toBeAttached();
      const box = await response.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page, '.openapi-right-panel__container')).toEqual([]);
      // The body's other view, reached from the keyboard too.
      await page.getByRole('radio', {name: 'JSON'}).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('radio', {name: 'Fields'})).toBeChecked();
      expect(await axeViolations(page, '.openapi-right-panel__container')).toEqual([]);
    }
  });
});
