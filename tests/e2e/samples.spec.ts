/**
 * Every code sample a reader copies is the sample the tests check, and it runs.
 *
 * For each code block on every API operation page and every hand-written docs page, in every tab:
 * the text a reader gets by selecting the block and pressing Ctrl+C, and the text the copy button
 * copies, both equal the sample's source (the request samples the page's module exports, or the
 * page's code fence). Then the copied text is run as a developer would (tests/support/sample-runner.ts),
 * with each language's real toolchain (src/lib/sample-languages), against a Prism mock of the API.
 * The guides' hand-written C# programs are still checked statically (tests/support/csharp-sample.ts).
 * TypeScript samples are type-checked in tests/unit/guide-samples.test.ts.
 */
import {expect, test, type Locator, type Page} from '@playwright/test';
import {expectHydrated} from '../support/hydration';
import {loadApiDocument, apiFiles, type JsonObject} from '../../src/lib/openapi';
import {sampleLanguages} from '../../src/lib/sample-languages';
import {authoredDocsPages, operationPages, type OperationPage} from '../support/sample-pages';
import type {CodeFence} from '../support/guides';
import type {CodeSample} from '../../src/lib/openapi/operation-summary';
import {createHmac} from 'node:crypto';
import {
  firstLine,
  limitConcurrency,
  mockServers,
  runPhpHandler,
  runProblem,
  runSample,
  runShell,
  sandboxBaseUrl,
} from '../support/sample-runner';
import {apiCalls, bracketProblem, jsonLiterals, matchesTemplate} from '../support/csharp-sample';
import {e2ePort} from '../support/e2e-server';
import {assertToolchainsInstalled} from '../../src/lib/sample-languages/toolchains';
import {exhaustive, fastTierWhen} from '../support/test-tiers';

const mocks = mockServers(e2ePort);
const mockUrl = (version: 'v3' | 'v1') => `http://127.0.0.1:${mocks[version].port}`;
const documents = {v3: loadApiDocument(apiFiles.v3) as JsonObject, v1: loadApiDocument(apiFiles.v1) as JsonObject};

test.use({permissions: ['clipboard-read', 'clipboard-write']});

// A missing toolchain fails here at once, naming the Debian packages to install.
test.beforeAll(() => assertToolchainsInstalled());

const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/**
 * What a reader gets by selecting the whole block and pressing Ctrl+C: the selection's text, which
 * is what Chromium copies (measured equal; reading it directly avoids a keyboard and clipboard
 * round trip that timed out under load). It is not the block's innerText, which doubles every line
 * break of the theme's `<div>…<br/></div>` lines.
 */
async function selectAndCopy(block: Locator): Promise<string> {
  const select = () =>
    block.locator('pre').evaluate((pre) => {
      const range = document.createRange();
      range.selectNodeContents(pre);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      const selected = getSelection()!.toString();
      getSelection()!.removeAllRanges();
      return selected;
    });
  // A tab's block can show an empty <pre> for a moment after the switch, before its code renders;
  // waiting for text and then selecting could fall in that moment, so the selection itself is
  // what waits for the code. What it then holds is compared with the sample as it is.
  let selected = '';
  await expect.poll(async () => (selected = await select())).toMatch(/\S/);
  return selected;
}

/** What the block's copy button puts on the clipboard. */
async function copyWithButton(page: Page, block: Locator): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await block.hover();
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect.poll(() => readClipboard(page)).not.toBe('');
  return readClipboard(page);
}

/** Shown and copied text of a block, each compared with the source; problems are returned, not thrown. */
async function copiedText(page: Page, block: Locator, expected: string, where: string): Promise<{text: string; problems: string[]}> {
  const shown = await selectAndCopy(block);
  const copied = await copyWithButton(page, block);
  const problems = shownAndCopiedProblems(shown, copied, expected, where);
  return {text: copied, problems};
}

/** What differs between a sample and the text a reader selects and copies from its block. */
function shownAndCopiedProblems(selected: string, copied: string, expected: string, where: string): string[] {
  const problems: string[] = [];
  if (selected.trimEnd() !== expected.trimEnd())
    problems.push(`${where}: the selected text differs from the sample:\n${diffLine(selected, expected)}`);
  if (copied.trimEnd() !== expected.trimEnd())
    problems.push(`${where}: the copy button copies other text than the sample:\n${diffLine(copied, expected)}`);
  return problems;
}

function diffLine(actual: string, expected: string): string {
  const actualLines = actual.split('\n');
  const expectedLines = expected.split('\n');
  const index = expectedLines.findIndex((line, at) => line !== actualLines[at]);
  const at = index < 0 ? expectedLines.length : index;
  return `    line ${at + 1}: expected ${JSON.stringify(expectedLines[at])}, got ${JSON.stringify(actualLines[at])}`;
}

/** The operations of a document as method and path template. */
function operationsOf(document: JsonObject): {method: string; path: string}[] {
  return Object.entries(document.paths as Record<string, JsonObject>).flatMap(([path, item]) =>
    ['get', 'post', 'put', 'patch', 'delete'].filter((method) => item[method]).map((method) => ({method: method.toUpperCase(), path})),
  );
}

/** Static checks of a C# sample: brackets, JSON literals (equal to one of `bodies`, if given) and API calls. */
function csharpProblems(source: string, document: JsonObject, bodies: unknown[] | undefined): string[] {
  const problems: string[] = [];
  const brackets = bracketProblem(source);
  if (brackets) problems.push(brackets);
  for (const literal of jsonLiterals(source)) {
    if (literal.error) problems.push(`a JSON literal does not parse: ${literal.error}`);
    else if (bodies && !bodies.some((body) => JSON.stringify(body) === JSON.stringify(literal.value)))
      problems.push('a JSON literal differs from the body it should send');
  }
  const calls = apiCalls(source, sandboxBaseUrl);
  if (source.includes(sandboxBaseUrl) && calls.length === 0) problems.push('makes no API call that this test recognises');
  const operations = operationsOf(document);
  for (const call of calls) {
    if (!operations.some((operation) => operation.method === call.method && matchesTemplate(call.path, operation.path))) {
      problems.push(`calls ${call.method} ${call.path}, which the OpenAPI file does not define`);
    }
  }
  return problems;
}

/**
 * Every operation's samples come from one request model (src/lib/openapi/samples.ts), rendered by
 * each language's module (src/lib/sample-languages). The fast tier reads those of one operation
 * with a body per version with the reader's own gestures (a click on each tab, a hover and a click
 * on the copy button) and runs each language's; the full tier reads every other operation's in
 * the page (as the guides' samples below) and runs them all.
 */
const fastTierOperations = ['/docs/3.0.0/api/create-session', '/docs/1.0.0/api/create-session'];

/** Sample runs a test keeps going at once, beside its browser: enough to overlap, few enough for two cores. */
const sampleRunsAtOnce = 4;

/** Runs one copied request sample with its language's toolchain; returns what is wrong with it. */
async function requestSampleProblems(operationPage: OperationPage, sample: CodeSample, text: string, where: string): Promise<string[]> {
  if (!sampleLanguages.some((language) => language.id === sample.lang)) return [`${where}: no way to run ${sample.lang} samples`];
  const problem = runProblem(await runSample(sample.lang, text, mockUrl(operationPage.version)));
  return problem ? [`${where}: ${problem}`] : [];
}

test.describe('request samples on API pages', () => {
  for (const operationPage of operationPages().filter(({route}) => fastTierOperations.includes(route))) {
    test(`${operationPage.route}: each request sample shows and copies as written, and runs against the mock`, async ({page}) => {
      // A sample in every language, each copied twice and run; a first Go build compiles net/http.
      test.setTimeout(240_000);
      await page.goto(operationPage.route);
      await expectHydrated(page);
      const region = page.getByRole('region', {name: 'Request samples'});
      const failures: string[] = [];
      const runs: Promise<string[]>[] = [];
      expect(operationPage.samples.map((sample) => sample.lang)).toEqual(sampleLanguages.map((language) => language.id));
      for (const sample of operationPage.samples) {
        const where = `${operationPage.route} ${sample.label} (${firstLine(sample.source)})`;
        await region.getByRole('tab', {name: sample.label, exact: true}).click();
        const block = region.locator('.theme-code-block:visible');
        const {text, problems} = await copiedText(page, block, sample.source, where);
        failures.push(...problems);
        // The samples run while the page's other tabs are read.
        runs.push(requestSampleProblems(operationPage, sample, text, where));
      }
      failures.push(...(await Promise.all(runs)).flat());
      expect(failures).toEqual([]);
    });
  }

  // A test's first page load (a fresh browser context, main.js fetched and compiled) costs more than
  // reading a page: each test reads a share of the operation pages, one after the other.
  const otherOperations = operationPages().filter(({route}) => !fastTierOperations.includes(route));
  const parts = 6;
  for (let part = 0; part < parts; part++) {
    const share = otherOperations.filter((_, index) => index % parts === part);
    test(
      `every other operation, part ${part + 1} of ${parts} (${share.length} pages): each request sample shows and copies as written, and runs against the mock`,
      exhaustive,
      async ({page}) => {
        test.setTimeout(60_000 + share.length * 30_000);
        const failures: string[] = [];
        // The samples run while the next tabs and pages are read, a few at a time.
        const runs: Promise<string[]>[] = [];
        const runLimited = limitConcurrency(sampleRunsAtOnce);
        for (const operationPage of share) {
          await page.goto(operationPage.route);
          await expectHydrated(page);
          const tabs = await readEveryTab(page.getByRole('region', {name: 'Request samples'}));
          for (const sample of operationPage.samples) {
            const where = `${operationPage.route} ${sample.label} (${firstLine(sample.source)})`;
            const read = tabs.find((tab) => tab.label === sample.label);
            if (!read || read.blocks !== 1) {
              failures.push(`${where}: the tab ${read ? `shows ${read.blocks} new code blocks, not one` : 'is missing'}`);
              continue;
            }
            const {selected, copied} = read;
            failures.push(...shownAndCopiedProblems(selected, copied, sample.source, where));
            runs.push(runLimited(() => requestSampleProblems(operationPage, sample, copied, where)));
          }
        }
        failures.push(...(await Promise.all(runs)).flat());
        expect(failures).toEqual([]);
      },
    );
  }
});

/** A PHP sample that answers HTTP requests (a web handler) rather than running as a script. */
const isPhpHandler = (source: string) => /php:\/\/input|\$_SERVER|\$_SESSION|\$_GET|\$_POST/.test(source);

/**
 * Selected and copied text of every visible code block not read before, in one pass through the
 * page: the selection's text is what Ctrl+C copies (the API page tests press the keys), and each
 * copy button is clicked as a reader would click it.
 */
function readVisibleBlocks(root: Locator): Promise<{selected: string; copied: string}[]> {
  return root.evaluate(async (article) => {
    const blocks = Array.from(article.querySelectorAll('.theme-code-block:not([data-sample-read])')).filter(
      (block) => (block as HTMLElement).offsetParent !== null,
    );
    const read: {selected: string; copied: string}[] = [];
    for (const block of blocks) {
      block.setAttribute('data-sample-read', '');
      const range = document.createRange();
      range.selectNodeContents(block.querySelector('pre')!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      const selected = getSelection()!.toString();
      getSelection()!.removeAllRanges();
      await navigator.clipboard.writeText('');
      (block.querySelector('button[aria-label="Copy code to clipboard"]') as HTMLButtonElement).click();
      let copied = '';
      for (let attempt = 0; attempt < 50 && copied === ''; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        copied = await navigator.clipboard.readText();
      }
      read.push({selected, copied});
    }
    return read;
  });
}

/**
 * Every tab of a tab set, chosen in turn by a click on it, with what its code block shows (the
 * selection's text) and what its copy button copies, in one pass through the page: the full tier
 * reads every operation page this way (the fast tier with the reader's own gestures, above).
 */
function readEveryTab(root: Locator): Promise<{label: string; blocks: number; selected: string; copied: string}[]> {
  return root.evaluate(async (section) => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
    const unread = () =>
      Array.from(section.querySelectorAll('.theme-code-block:not([data-sample-read])')).filter(
        (block) => (block as HTMLElement).offsetParent !== null && block.querySelector('pre')?.textContent?.trim(),
      );
    const read: {label: string; blocks: number; selected: string; copied: string}[] = [];
    for (const tab of Array.from(section.querySelectorAll<HTMLElement>('[role="tab"]'))) {
      tab.click();
      // A chosen tab's code renders after the click, and a sample the page does not carry after its file loads.
      let blocks = unread();
      for (let attempt = 0; attempt < 500 && blocks.length === 0; attempt += 1) {
        await pause();
        blocks = unread();
      }
      const label = tab.textContent?.trim() ?? '';
      const block = blocks[0];
      if (!block) {
        read.push({label, blocks: 0, selected: '', copied: ''});
        continue;
      }
      blocks.forEach((shown) => shown.setAttribute('data-sample-read', ''));
      const range = document.createRange();
      range.selectNodeContents(block.querySelector('pre')!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      const selected = getSelection()!.toString();
      getSelection()!.removeAllRanges();
      await navigator.clipboard.writeText('');
      (block.querySelector('button[aria-label="Copy code to clipboard"]') as HTMLButtonElement).click();
      let copied = '';
      for (let attempt = 0; attempt < 50 && copied === ''; attempt += 1) {
        await pause();
        copied = await navigator.clipboard.readText();
      }
      read.push({label, blocks: blocks.length, selected, copied});
    }
    return read;
  });
}

/** The docs pages with code samples, read from disk once for the tests and the handler harnesses. */
const docsPages = authoredDocsPages();

/** What is wrong with the samples of one docs page: each shown, copied as written, and the server samples run. */
async function docsPageSampleFailures(page: Page, guide: (typeof docsPages)[number]): Promise<string[]> {
  await page.goto(guide.route);
  await expectHydrated(page);
  const article = page.locator('article').first();
  const blocks = await readVisibleBlocks(article);
  const tabs = article.getByRole('tab');
  for (let index = 0; index < (await tabs.count()); index += 1) {
    await tabs.nth(index).click();
    blocks.push(...(await readVisibleBlocks(article)));
  }
  const failures: string[] = [];
  const shownFences = new Set<number>();
  for (const {selected, copied} of blocks) {
    // A page may show the same code twice; each showing accounts for one fence.
    const matches = (fence: CodeFence) => fence.code.trimEnd() === selected.trimEnd();
    const unmatched = guide.fences.findIndex((fence, at) => matches(fence) && !shownFences.has(at));
    const index = unmatched >= 0 ? unmatched : guide.fences.findIndex(matches);
    if (index < 0) {
      failures.push(`${guide.route}: a block shows text that is no sample of ${guide.file}:\n    ${firstLine(selected)}`);
      continue;
    }
    shownFences.add(index);
    const fence = guide.fences[index]!;
    const where = `${guide.route} ${fence.language} (${fence.meta.title ?? firstLine(fence.code)}, ${guide.file}:${fence.line})`;
    if (copied.trimEnd() !== fence.code.trimEnd())
      failures.push(`${where}: the copy button copies other text than the sample:\n${diffLine(copied, fence.code)}`);
    failures.push(
      ...(await guideSampleProblems(guide.file, fence.language, copied, fence.meta.title)).map((problem) => `${where}: ${problem}`),
    );
  }
  const unseen = guide.fences.filter((_, index) => !shownFences.has(index));
  failures.push(...unseen.map((fence) => `${guide.file}:${fence.line}: the ${fence.language} sample is not shown on the page`));
  return failures;
}

/**
 * The error-code and object pages are generated from one template each, with one example each: one
 * test per template reads them all. A test's first page load (main.js fetched and compiled in a
 * fresh browser context) costs more than reading a page.
 */
const generatedReferencePages = [
  {name: 'error-code', pattern: /\/errors\/[a-z_]+$/},
  {name: 'object', pattern: /\/objects\/[a-z-]+$/},
];
const isGeneratedReferencePage = (route: string) => generatedReferencePages.some(({pattern}) => pattern.test(route));

/**
 * The fast tier runs the pages whose samples are web handlers (each served and called through its
 * harness below); the full tier every page. The unit tests check every sample of every page
 * statically (tests/unit/guide-samples.test.ts).
 */
const hasPhpHandler = (guide: (typeof docsPages)[number]) =>
  guide.fences.some((fence) => fence.language === 'php' && isPhpHandler(fence.code));

test.describe('code samples in guides and SDK pages', () => {
  for (const guide of docsPages.filter((candidate) => !isGeneratedReferencePage(candidate.route))) {
    const details = fastTierWhen(hasPhpHandler(guide));
    test(
      `${guide.route}: each sample shows and copies as written, and the server samples run against the mock`,
      details,
      async ({page}) => {
        test.slow(); // Every tab of every sample, each copied and the server samples run.
        expect(await docsPageSampleFailures(page, guide)).toEqual([]);
      },
    );
  }
  for (const {name, pattern} of generatedReferencePages) {
    const pages = docsPages.filter((candidate) => pattern.test(candidate.route));
    test(`the ${pages.length} ${name} pages: each example shows and copies as written`, exhaustive, async ({page}) => {
      expect(pages.length).toBeGreaterThan(20);
      test.setTimeout(pages.length * 10_000);
      const failures: string[] = [];
      for (const guide of pages) failures.push(...(await docsPageSampleFailures(page, guide)));
      expect(failures).toEqual([]);
    });
  }
});

const guidesByFile = new Map(docsPages.map((guide) => [guide.file, guide]));

/** A fence of a guide, found by what it shows; the harnesses use them as the reader's other files. */
function fenceOf(file: string, accepts: (fence: CodeFence) => boolean): string {
  const fence = guidesByFile.get(file)?.fences.find(accepts);
  if (!fence) throw new Error(`${file} has no such sample any more: update the handler harness`);
  return fence.code;
}

/** Signs a notification body as Tessera does: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
function tesseraSignature(body: string, secret: string): string {
  const timestamp = Math.floor(Date.now() / 1000);
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const quickGuides = 'docs/guides/guides/quick_guides';

/**
 * How each PHP web handler of the guides is served and called: the request a browser or Tessera
 * sends it, and what the reader's project has beside it. Test values: the lead reference
 * LEAD-20931 and signup session of the signup guide, a PHP session `tessera-test` that holds that
 * lead (what the platform's login would store), and the webhook secret of sampleEnvironment.
 */
const handlerHarnesses: Record<string, Parameters<typeof runPhpHandler>[3]> = {
  [`${quickGuides}/payment_steps/load_the_client.mdx public/api/tessera/client-token.php`]: {
    files: {
      'session-request.json': fenceOf(
        `${quickGuides}/payment_steps/create_payment_session.mdx`,
        (fence) => fence.meta.operation === 'createSession' && fence.meta.part === 'request',
      ),
    },
    settings: (folder) => ({'session.save_path': folder}),
    send: async (url) => {
      const answer = await fetch(`${url}/api/tessera/client-token`, {method: 'POST'});
      return {status: answer.status, body: await answer.text()};
    },
  },
  [`${quickGuides}/payment_steps/completed_session.mdx notifications.php`]: {
    send: async (url, environment) => {
      const body = fenceOf(`${quickGuides}/payment_steps/completed_session.mdx`, (fence) => fence.meta.schema === 'SessionNotification');
      const answer = await fetch(`${url}/api/tessera/notifications`, {
        method: 'POST',
        headers: {'Content-Type': 'application/json', 'Tessera-Signature': tesseraSignature(body, environment.TESSERA_WEBHOOK_SECRET!)},
        body,
      });
      return {status: answer.status, body: await answer.text()};
    },
  },
  // The notifications reference's verifier, sent the page's own session.completed example.
  ['docs/notifications.mdx verify-notification.php']: {
    send: async (url, environment) => {
      const body = fenceOf('docs/notifications.mdx', (fence) => fence.meta.title === 'session.completed');
      const answer = await fetch(`${url}/`, {
        method: 'POST',
        headers: {'Content-Type': 'application/json', 'Tessera-Signature': tesseraSignature(body, environment.TESSERA_WEBHOOK_SECRET!)},
        body,
      });
      return {status: answer.status, body: await answer.text()};
    },
  },
  // The guide's own test script sends the notification, so it runs here too.
  [`${quickGuides}/signup_steps/completed_session.mdx notifications.php`]: {
    send: async (url, environment) => {
      const script = fenceOf(
        `${quickGuides}/signup_steps/completed_session.mdx`,
        (fence) => fence.meta.title === 'send-test-notification.sh',
      );
      const result = await runShell(script, {...environment, HANDLER_URL: `${url}/api/tessera/notifications`});
      const status = Number(/^HTTP\/[\d.]+ (\d{3})/m.exec(result.stdout)?.[1] ?? 0);
      return {status: result.exitCode === 0 ? status : 0, body: `${result.stdout}${result.stderr}`};
    },
  },
  [`${quickGuides}/signup_steps/loading_the_client.mdx client-token.php`]: {
    files: {
      'signup-sessions.json': JSON.stringify({'LEAD-20931': {sessionId: 'a9d84e37-2c15-4f60-b8e3-71c0d59f2a18'}}),
      'sessions/sess_tessera-test': 'leadReference|s:10:"LEAD-20931";',
    },
    settings: (folder) => ({'session.save_path': `${folder}/sessions`}),
    send: async (url) => {
      const answer = await fetch(`${url}/onboarding/client-token`, {headers: {Cookie: 'PHPSESSID=tessera-test'}});
      return {status: answer.status, body: await answer.text()};
    },
  },
};

/** Serves a PHP handler sample through its harness: a 2xx answer, and 2xx answers to every API call it makes. */
async function handlerProblem(file: string, source: string, title: string | undefined): Promise<string | undefined> {
  const harness = handlerHarnesses[`${file} ${title}`];
  if (!harness || !title) return `a PHP web handler with no harness in tests/e2e/samples.spec.ts: add how it is called`;
  const result = await runPhpHandler(source, title, mockUrl('v3'), harness);
  const failedCalls = result.exchanges.length ? runProblem(result) : undefined;
  if (result.answer.status < 200 || result.answer.status > 299) {
    return `the handler answered ${result.answer.status}:\n    ${result.answer.body.trim().slice(0, 300)}\n    ${result.stderr.trim().split('\n').slice(-4).join('\n    ')}${failedCalls ? `\n    ${failedCalls}` : ''}`;
  }
  return failedCalls;
}

/** Runs a guide's server sample, or checks it where it cannot run on its own. */
async function guideSampleProblems(file: string, language: string, source: string, title: string | undefined): Promise<string[]> {
  if (language === 'php' && isPhpHandler(source)) {
    const problem = await handlerProblem(file, source, title);
    return problem ? [problem] : [];
  }
  if (language === 'php') {
    const fileName = title && /^[\w./-]+\.php$/.test(title) ? title : undefined;
    const result = await runSample('php', source, mockUrl('v3'), {fileName});
    // A script that calls the API must get 2xx answers; a helper that calls nothing must still run.
    const problem = source.includes(sandboxBaseUrl) ? runProblem(result) : result.exitCode === 0 ? undefined : runProblem(result);
    return problem ? [problem] : [];
  }
  if (language === 'csharp') return csharpProblems(source, documents.v3, undefined);
  return [];
}
