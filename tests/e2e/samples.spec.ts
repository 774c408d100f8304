/**
 * Every code sample a reader copies is the sample the tests check, and it runs.
 *
 * For each code block on every API operation page and every hand-written docs page, in every tab:
 * the text a reader gets by selecting the block and pressing Ctrl+C, and the text the copy button
 * copies, both equal the sample's source (the request samples the page's module exports, or the
 * page's code fence). Then the copied text is run as a developer would (tests/support/sample-runner.ts),
 * with each language's real toolchain (src/lib/sample-languages), against a Prism mock of the API.
 * Three of the guides' hand-written C# programs are still checked statically (tests/support/csharp-sample.ts, csharpCheckedStatically).
 * TypeScript samples are type-checked in tests/unit/guide-samples.test.ts.
 */
import {expect, test, type Locator, type Page} from '@playwright/test';
import {copyWithButton} from '../support/clipboard';
import {expectHydrated} from '../support/hydration';
import {loadApiDocument, apiFiles, type JsonObject} from '../../src/lib/openapi';
import {sampleLanguages} from '../../src/lib/sample-languages';
import {authoredDocsPages, operationPages, type OperationPage} from '../support/sample-pages';
import type {CodeFence} from '../support/guides';
import type {CodeSample} from '../../src/lib/openapi/operation-summary';
import {createHmac} from 'node:crypto';
import {signatureTestVector, tesseraSignature} from '../support/notification-signature';
import {
  firstLine,
  limitConcurrency,
  mockServers,
  runProblem,
  runSample,
  runServer,
  runShell,
  sandboxBaseUrl,
  type ProgramHarness,
  type SampleRun,
} from '../support/sample-runner';
import type {RunStep} from '../../src/lib/sample-languages/language';
import {apiCalls, bracketProblem, jsonLiterals, matchesTemplate} from '../support/csharp-sample';
import {e2ePort} from '../support/e2e-server';
import {oncePerTestRun} from '../support/run-once';
import {assertToolchainsInstalled} from '../../src/lib/sample-languages/toolchains';
import {exhaustive, fastTierWhen} from '../support/test-tiers';

const mocks = mockServers(e2ePort);
const mockUrl = (version: 'v3' | 'v1') => `http://127.0.0.1:${mocks[version].port}`;
const documents = {v3: loadApiDocument(apiFiles.v3) as JsonObject, v1: loadApiDocument(apiFiles.v1) as JsonObject};

test.use({permissions: ['clipboard-read', 'clipboard-write']});

// A missing toolchain fails here at once, naming the Debian packages to install.
test.beforeAll(() => assertToolchainsInstalled());

/**
 * What a reader gets by selecting the whole block and pressing Ctrl+C: the selection's text, which
 * is what Chromium copies (measured equal; reading it directly avoids a keyboard and clipboard
 * round trip that timed out under load). It is not the block's innerText, which doubles every line
 * break of the theme's `<div>…<br/></div>` lines.
 */
async function selectAndCopy(block: Locator): Promise<string> {
  const select = () => block.evaluate((element) => window.selectedText(element));
  // A tab's block can show an empty <pre> for a moment after the switch, before its code renders;
  // waiting for text and then selecting could fall in that moment, so the selection itself is
  // what waits for the code. What it then holds is compared with the sample as it is.
  let selected = '';
  await expect.poll(async () => (selected = await select())).toMatch(/\S/);
  return selected;
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

/**
 * What is wrong with a request sample when run with its language's toolchain against the mock of
 * its version. A page may show the same sample as another (a guide's request that is its
 * operation's example): the same text in the same language runs once per test run, in whichever
 * worker meets it first.
 */
function requestRunProblem(languageId: string, text: string, version: 'v3' | 'v1'): Promise<string | undefined> {
  return oncePerTestRun(JSON.stringify([languageId, version, text]), () => runSample(languageId, text, mockUrl(version)).then(runProblem));
}

/** Runs one copied request sample with its language's toolchain; returns what is wrong with it. */
async function requestSampleProblems(operationPage: OperationPage, sample: CodeSample, text: string, where: string): Promise<string[]> {
  if (!sampleLanguages.some((language) => language.id === sample.lang)) return [`${where}: no way to run ${sample.lang} samples`];
  const problem = await requestRunProblem(sample.lang, text, operationPage.version);
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

/**
 * The in-page routine that reads one code block as a reader gets it: the selection's text (what
 * Ctrl+C copies) and what its copy button puts on the clipboard. Installed in every page the
 * tests open, for the passes below that read many blocks in one call into the page.
 */
declare global {
  interface Window {
    readCodeBlock(block: Element): Promise<{selected: string; copied: string}>;
    selectedText(block: Element): string;
  }
}

test.beforeEach(async ({page}) => {
  await page.addInitScript(() => {
    // What a reader who selects the whole block gets.
    window.selectedText = (block) => {
      const range = document.createRange();
      range.selectNodeContents(block.querySelector('pre')!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      const selected = getSelection()!.toString();
      getSelection()!.removeAllRanges();
      return selected;
    };
    window.readCodeBlock = async (block) => {
      const selected = window.selectedText(block);
      await navigator.clipboard.writeText('');
      // A block that has just rendered (a tab's code loaded on demand) gets its buttons a moment later.
      let button = block.querySelector<HTMLButtonElement>('button[aria-label="Copy code to clipboard"]');
      for (let attempt = 0; attempt < 250 && !button; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        button = block.querySelector<HTMLButtonElement>('button[aria-label="Copy code to clipboard"]');
      }
      if (!button) return {selected, copied: '(the block has no copy button)'};
      button.click();
      let copied = '';
      for (let attempt = 0; attempt < 50 && copied === ''; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        copied = await navigator.clipboard.readText();
      }
      return {selected, copied};
    };
  });
});

/**
 * Selected and copied text of every visible code block that shows code, in one pass through the
 * page, but for the blocks whose selected text is in `known` (read before, under another tab).
 */
function readVisibleBlocks(root: Locator, known: string[] = []): Promise<{selected: string; copied: string}[]> {
  return root.evaluate(async (article, known) => {
    const seen = new Set(known);
    const blocks = Array.from(article.querySelectorAll('.theme-code-block')).filter(
      (block) => (block as HTMLElement).offsetParent !== null && block.querySelector('pre')?.textContent?.trim(),
    );
    const read: {selected: string; copied: string}[] = [];
    for (const block of blocks) if (!seen.has(window.selectedText(block))) read.push(await window.readCodeBlock(block));
    return read;
  }, known);
}

/**
 * Every tab of a tab set, chosen in turn by a click on it, with what its code block shows and what
 * its copy button copies, in one pass through the page: the full tier reads every operation page
 * this way (the fast tier with the reader's own gestures, above).
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
      read.push({label, blocks: blocks.length, ...(await window.readCodeBlock(block))});
    }
    return read;
  });
}

/** The docs pages with code samples, read from disk once for the tests and the program harnesses. */
const docsPages = authoredDocsPages();
type DocsPage = (typeof docsPages)[number];

/**
 * Every code block a reader can see on a docs page, in every tab: the page is read once, then each
 * tab not yet shown is clicked (a tab set of samples follows the language in the URL, so one click
 * may switch several) and what it shows read once its code has loaded. Blocks are told apart by
 * their text; the same code shown twice is read (copied) once.
 */
async function readDocsPage(page: Page, guide: DocsPage): Promise<{selected: string; copied: string}[]> {
  await page.goto(guide.route);
  await expectHydrated(page);
  const article = page.locator('article').first();
  const loading = article.getByRole('status').filter({hasText: /^Loading the .+ sample…$/});
  const read = new Map<string, {selected: string; copied: string}>();
  const readShown = async () => {
    await expect(loading).toHaveCount(0);
    for (const block of await readVisibleBlocks(article, [...read.keys()])) if (!read.has(block.selected)) read.set(block.selected, block);
  };
  await readShown();
  const tabs = article.getByRole('tab');
  // A tab shown once has been read: a click on one tab of a set that follows the reader's language
  // shows that language in every such set, so most tabs are read without a click of their own.
  const shownTabs = new Set<number>();
  const noteShownTabs = async () => {
    const selected = await tabs.evaluateAll((all) => all.map((tab) => tab.getAttribute('aria-selected') === 'true'));
    selected.forEach((isSelected, index) => isSelected && shownTabs.add(index));
  };
  await noteShownTabs();
  for (let index = 0; index < (await tabs.count()); index += 1) {
    if (shownTabs.has(index)) continue;
    await tabs.nth(index).click();
    await readShown();
    await noteShownTabs();
  }
  return [...read.values()];
}

/**
 * What is wrong with the samples of one docs page: each shown and copied as written, every one
 * shown, and each run: the samples rendered from a request with their language's toolchain against
 * the mock, the hand-written programs with theirs through their harness (`programHarnesses`).
 */
async function docsPageSampleFailures(page: Page, guide: DocsPage): Promise<string[]> {
  const blocks = await readDocsPage(page, guide);
  const failures: string[] = [];
  const runs: Promise<string[]>[] = [];
  const runLimited = limitConcurrency(sampleRunsAtOnce);
  const shown = new Set<string>();
  const same = (left: string, right: string) => left.trimEnd() === right.trimEnd();
  for (const {selected, copied} of blocks) {
    const fence = guide.fences.find((candidate) => same(candidate.code, selected));
    const rendered = guide.rendered.find((candidate) => same(candidate.source, selected));
    if (!fence && !rendered) {
      failures.push(`${guide.route}: a block shows text that is no sample of ${guide.file}:\n    ${firstLine(selected)}`);
      continue;
    }
    shown.add(selected.trimEnd());
    const expected = fence?.code ?? rendered!.source;
    const where = fence
      ? `${guide.route} ${fence.language} (${fence.meta.title ?? firstLine(fence.code)}, ${guide.file}:${fence.line})`
      : `${guide.route} ${rendered!.label} (${firstLine(rendered!.source)})`;
    if (!same(copied, expected))
      failures.push(`${where}: the copy button copies other text than the sample:\n${diffLine(copied, expected)}`);
    const problems = fence
      ? runLimited(() => programProblems(guide, fence, copied))
      : runLimited(async () => {
          const problem = await requestRunProblem(rendered!.lang, copied, 'v3');
          return problem ? [problem] : [];
        });
    runs.push(problems.then((found) => found.map((problem) => `${where}: ${problem}`)));
  }
  const unseen = [
    ...guide.fences
      .filter((fence) => !shown.has(fence.code.trimEnd()))
      .map((fence) => `${guide.file}:${fence.line}: the ${fence.language} sample`),
    ...guide.rendered
      .filter((sample) => !shown.has(sample.source.trimEnd()))
      .map((sample) => `${guide.file}: the ${sample.label} request sample (${firstLine(sample.source)})`),
  ];
  failures.push(...unseen.map((what) => `${what} is not shown on the page`));
  failures.push(...(await Promise.all(runs)).flat());
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
 * The fast tier runs the page whose one program, the notification verifier, comes in every
 * language; the full tier every page, with every request rendered in every language and every
 * program. The unit tests check every JSON and TypeScript sample of every page statically
 * (tests/unit/guide-samples.test.ts).
 */
const fastTierDocsPages = ['/docs/3.0.0/notifications'];

test.describe('code samples in guides and SDK pages', () => {
  for (const guide of docsPages.filter((candidate) => !isGeneratedReferencePage(candidate.route))) {
    test(
      `${guide.route}: each sample shows and copies as written, and every program and request runs against the mock`,
      fastTierWhen(fastTierDocsPages.includes(guide.route)),
      async ({page}) => {
        // Every tab of every sample, each copied and run; a first Go build compiles net/http.
        test.setTimeout(120_000 + (guide.rendered.length + guide.fences.length) * 5_000);
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
  if (!fence) throw new Error(`${file} has no such sample any more: update the program harness`);
  return fence.code;
}

const quickGuides = 'docs/guides/guides/quick_guides';

/** The key of a signup attempt whose session expired: a new attempt must not send it again. */
const expiredSignupAttemptKey = '0f3c9a2e-5b71-4d86-9e24-7a1b6c8d3f50';

/** Sends a signed notification body, as Tessera does, to a handler's URL. */
async function sendNotification(url: string, body: string, environment: NodeJS.ProcessEnv): Promise<{status: number; body: string}> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: {'Content-Type': 'application/json', 'Tessera-Signature': tesseraSignature(body, environment.TESSERA_WEBHOOK_SECRET!)},
    body,
  });
  return {status: answer.status, body: await answer.text()};
}

/** PHP's sessions kept in the run's folder (`PHP_INI_SCAN_DIR` adds an ini file to Debian's own). */
const phpSessionsIn = (folder: string, sessions: string) => ({
  files: {'php-ini/sessions.ini': `session.save_path=${folder}/${sessions}\n`},
  environment: {PHP_INI_SCAN_DIR: `:${folder}/php-ini`},
});

/**
 * The published signature test vector on a clock set to its own time, 5 minutes and 1 second after
 * it and more than 5 minutes before it (the tolerance is 300 seconds): only the first is accepted,
 * and a body with one byte changed is refused at the vector's time.
 */
function testVectorAtItsTime(): {what: string; at: number; header: string; sent: string; accepted: boolean}[] {
  const vector = signatureTestVector();
  return [
    {what: "the test vector's own header at its own time", at: vector.timestamp, header: vector.header, sent: vector.body, accepted: true},
    {
      what: 'the test vector with one byte changed, at its own time',
      at: vector.timestamp,
      header: vector.header,
      sent: vector.body.replace('"SEK"', '"EUR"'),
      accepted: false,
    },
    {
      what: "the test vector's header 5 minutes and 1 second later",
      at: vector.timestamp + 301,
      header: vector.header,
      sent: vector.body,
      accepted: false,
    },
    // Early, the clock runs on towards the vector's time while the request is on its way: 10 seconds spare.
    {
      what: "the test vector's header 5 minutes and 10 seconds early",
      at: vector.timestamp - 310,
      header: vector.header,
      sent: vector.body,
      accepted: false,
    },
  ];
}

/**
 * The same cases as a Go test of the page's handler, which takes its clock as a parameter (Go
 * reads the kernel's clock through the vDSO, past libfaketime). JSON strings are Go string literals.
 */
const goTestVectorTest = (): string => `package main

import (
\t"net/http"
\t"net/http/httptest"
\t"strings"
\t"testing"
\t"time"
)

func TestSignatureTestVector(t *testing.T) {
\tcases := []struct {
\t\twhat, header, body string
\t\tat                 int64
\t\taccepted           bool
\t}{
${testVectorAtItsTime()
  .map(
    ({what, header, sent, at, accepted}) =>
      `\t\t{${[what, header, sent].map((text) => JSON.stringify(text)).join(', ')}, ${at}, ${accepted}},`,
  )
  .join('\n')}
\t}
\tfor _, c := range cases {
\t\tat := time.Unix(c.at, 0)
\t\thandler := notificationHandler(${JSON.stringify(signatureTestVector().secret)}, func() time.Time { return at })
\t\trequest := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(c.body))
\t\trequest.Header.Set("Tessera-Signature", c.header)
\t\tresponse := httptest.NewRecorder()
\t\thandler(response, request)
\t\tif (response.Code == http.StatusOK) != c.accepted {
\t\t\tt.Errorf("%s was answered %d", c.what, response.Code)
\t\t}
\t}
}
`;

/** A guide's program as the tests run it: its harness, and what its output must be. */
type GuideProgram = ProgramHarness & {
  /** What is wrong with a script's run (its output, the requests it sent), if anything. */
  output?: (run: Pick<SampleRun, 'stdout' | 'exchanges'>) => string | undefined;
  /**
   * For a server on `fakeClock` in a language whose clock the tests cannot set (its toolchain has
   * no `clock`), by language: a test of that language's own kind, saved beside the program, that
   * runs the program's code at the times the harness needs, and the command that runs it.
   */
  clockTests?: Record<string, {fileName: string; source: () => string; steps: (file: string, testFile: string) => RunStep[]}>;
};

/**
 * How each program of the guides is run, in every language it is written in: keyed by its page
 * and the title of its PHP version, which names the tab set. Test values: the lead reference
 * LEAD-20931 and signup session of the signup guide, a login session `tessera-test` that holds
 * that lead (in PHP's session store, and in `logins.json`, which the other languages' programs
 * read as their stand-in for a login), and the webhook secret of sampleEnvironment.
 */
const programHarnesses: Record<string, GuideProgram> = {
  [`${quickGuides}/payment_steps/load_the_client.mdx public/api/tessera/client-token.php`]: {
    files: (folder) => ({
      ...phpSessionsIn(folder, '').files,
      'session-request.json': fenceOf(
        `${quickGuides}/payment_steps/create_payment_session.mdx`,
        (fence) => fence.meta.operation === 'createSession' && fence.meta.part === 'request',
      ),
    }),
    environment: (folder) => phpSessionsIn(folder, '').environment,
    send: async (url) => {
      const answer = await fetch(`${url}/api/tessera/client-token`, {method: 'POST'});
      return {status: answer.status, body: await answer.text()};
    },
  },
  [`${quickGuides}/payment_steps/completed_session.mdx notifications.php`]: {
    send: (url, environment) =>
      sendNotification(
        `${url}/api/tessera/notifications`,
        fenceOf(`${quickGuides}/payment_steps/completed_session.mdx`, (fence) => fence.meta.schema === 'SessionNotification'),
        environment,
      ),
  },
  // The notifications reference's verifier: the page's own session.completed example, signed as
  // Tessera signs it, is accepted; forged, tampered and replayed copies are not. Then, on a clock
  // set to the published test vector's time, the vector's own header is accepted, and refused
  // 5 minutes and 1 second later, more than 5 minutes earlier, and for a body with one byte changed.
  ['docs/notifications.mdx verify-notification.php']: {
    fakeClock: true,
    send: async (url, environment, setClock) => {
      const body = fenceOf('docs/notifications.mdx', (fence) => fence.meta.title === 'session.completed');
      const secret = environment.TESSERA_WEBHOOK_SECRET!;
      const vector = signatureTestVector();
      const now = Math.floor(Date.now() / 1000);
      const signature = (timestamp: number, key = secret) => createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');
      const cases = [
        {what: 'a signed notification', header: `t=${now},v1=${signature(now)}`, sent: body, accepted: true},
        {
          what: 'one signed during a secret rotation',
          header: `t=${now},v1=${signature(now, 'whsec_old')},v1=${signature(now)}`,
          sent: body,
          accepted: true,
        },
        {what: 'one signed with another secret', header: `t=${now},v1=${signature(now, 'whsec_other')}`, sent: body, accepted: false},
        {what: 'a tampered body', header: `t=${now},v1=${signature(now)}`, sent: body.replace('sandbox', 'production'), accepted: false},
        {what: 'a replay of an hour-old one', header: `t=${now - 3600},v1=${signature(now - 3600)}`, sent: body, accepted: false},
        // On the real clock the published test vector's body signed now is accepted; its own header, days old, is refused as stale.
        {what: 'the test vector signed now', header: tesseraSignature(vector.body, vector.secret), sent: vector.body, accepted: true},
        {what: "the test vector's own header", header: vector.header, sent: vector.body, accepted: false},
      ];
      const post = (header: string, sent: string) =>
        fetch(`${url}/`, {method: 'POST', headers: {'Content-Type': 'application/json', 'Tessera-Signature': header}, body: sent});
      for (const {what, header, sent, accepted} of cases) {
        const answer = await post(header, sent);
        if ((answer.status === 200) !== accepted) return {status: 500, body: `${what} was answered ${answer.status}`};
      }
      // On the clock libfaketime sets; a runtime it cannot reach runs these cases as a test of its own (clockTests).
      for (const {what, at, header, sent, accepted} of setClock ? testVectorAtItsTime() : []) {
        setClock!(at);
        const answer = await post(header, sent);
        if ((answer.status === 200) !== accepted) return {status: 500, body: `${what} was answered ${answer.status}`};
      }
      return {status: 200, body: 'accepted the signed notifications and refused the others'};
    },
    clockTests: {
      go: {
        fileName: 'main_test.go',
        source: goTestVectorTest,
        steps: (file, testFile) => [{command: 'go', args: ['test', file, testFile], program: true}],
      },
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
  // Run again for a lead whose last session expired, the program starts a new attempt: it calls
  // the API and reports the new session (it must not stop at the old one, nor resend its key).
  [`${quickGuides}/signup_steps/create_signup_session.mdx create-signup-session.php`]: {
    files: () => ({
      'signup-sessions.json': JSON.stringify({
        'LEAD-20931': {
          idempotencyKey: expiredSignupAttemptKey,
          expiresAt: '2026-11-29T09:40:07Z',
          sessionId: 'a9d84e37-2c15-4f60-b8e3-71c0d59f2a18',
          status: 'expired',
          statusReason: 'session_timeout',
          merchantAccountId: null,
        },
      }),
    }),
    output: ({stdout, exchanges}) => {
      if (exchanges.some((exchange) => exchange.idempotencyKey === expiredSignupAttemptKey))
        return 'resent the expired attempt’s Idempotency-Key';
      return /^Created signup session \S+ \(created\)/m.test(stdout) ? undefined : `started no new attempt: ${firstLine(stdout)}`;
    },
  },
  [`${quickGuides}/signup_steps/loading_the_client.mdx client-token.php`]: {
    files: (folder) => ({
      ...phpSessionsIn(folder, 'sessions').files,
      'sessions/sess_tessera-test': 'leadReference|s:10:"LEAD-20931";',
      'logins.json': JSON.stringify({'tessera-test': 'LEAD-20931'}),
      'signup-sessions.json': JSON.stringify({'LEAD-20931': {sessionId: 'a9d84e37-2c15-4f60-b8e3-71c0d59f2a18'}}),
    }),
    environment: (folder) => phpSessionsIn(folder, 'sessions').environment,
    send: async (url) => {
      const answer = await fetch(`${url}/onboarding/client-token`, {headers: {Cookie: 'PHPSESSID=tessera-test; session=tessera-test'}});
      return {status: answer.status, body: await answer.text()};
    },
  },
  // The helpers print the cart the page shows as their output.
  ['docs/guides/guides/additional_guides/orderLines.mdx cart_builder.php']: {
    output: ({stdout}) => {
      const expected = JSON.parse(
        fenceOf('docs/guides/guides/additional_guides/orderLines.mdx', (fence) => fence.meta.title === 'Output of every helper'),
      ) as unknown;
      try {
        return JSON.stringify(JSON.parse(stdout)) === JSON.stringify(expected) ? undefined : 'prints another cart than the page shows';
      } catch {
        return `prints no JSON cart: ${firstLine(stdout)}`;
      }
    },
  },
};

/** The title of the PHP version of a fence's program: with the page, the key of its harness. */
function programName(guide: DocsPage, fence: CodeFence): string | undefined {
  if (fence.tabSet === undefined) return fence.meta.title;
  return (
    guide.fences.find((candidate) => candidate.tabSet === fence.tabSet && candidate.language === 'php')?.meta.title ?? fence.meta.title
  );
}

/**
 * The guides' C# programs that are checked statically (csharpProblems) rather than run, by title:
 * they use forms of C# 8 and 9 (records, static local functions, `is not` and `or` patterns, the
 * `!` operator) that mcs, Debian's only C# compiler, lacks and that no mechanical rewrite covers
 * (src/lib/sample-languages/csharp/mono-compatible.ts). Every other C# program is written to run
 * on .NET 8 and on Mono alike, and runs.
 */
const csharpCheckedStatically = new Set(['ReconcileRefunds.cs', 'CartBuilder.cs', 'TesseraAuth.cs']);

/** Runs a hand-written program of a guide in its language, through its harness; a few C# ones are checked statically. */
async function programProblems(guide: DocsPage, fence: CodeFence, source: string): Promise<string[]> {
  // A program is in the tab of its language (a Node.js program's fence is `javascript`).
  const language = sampleLanguages.find(
    (candidate) => candidate.id === (fence.tab ?? fence.language) && candidate.highlight === fence.language,
  );
  if (!language || language.id === 'curl') return [];
  const name = programName(guide, fence);
  const harness = name ? programHarnesses[`${guide.file} ${name}`] : undefined;
  if (language.id === 'csharp' && csharpCheckedStatically.has(fence.meta.title ?? ''))
    return csharpProblems(source, documents.v3, undefined);
  const fileName = fence.meta.title && /^[\w./-]+$/.test(fence.meta.title) ? fence.meta.title : undefined;
  if (harness?.send) {
    const file = fileName ?? language.toolchain.fileName(source);
    const result = await runServer(language.id, source, file, mockUrl('v3'), {...harness, send: harness.send});
    const failedCalls = result.exchanges.length ? runProblem(result) : undefined;
    if (result.answer.status < 200 || result.answer.status > 299) {
      const log = result.stderr.trim().split('\n').slice(-6).join('\n    ');
      return [
        `the server answered ${result.answer.status}:\n    ${result.answer.body.trim().slice(0, 300)}\n    ${log}${failedCalls ? `\n    ${failedCalls}` : ''}`,
      ];
    }
    if (harness.fakeClock && !language.toolchain.clock) {
      const clockTest = harness.clockTests?.[language.id];
      if (!clockTest) return [`${language.label}'s clock cannot be set, and the harness has no ${language.label} test for its times`];
      const tested = await runSample(language.id, source, mockUrl('v3'), {
        fileName: file,
        harness: {files: () => ({[clockTest.fileName]: clockTest.source()})},
        steps: clockTest.steps(file, clockTest.fileName),
      });
      if (tested.exitCode !== 0)
        return [`its ${clockTest.fileName} failed:\n    ${`${tested.stdout}${tested.stderr}`.trim().split('\n').slice(-8).join('\n    ')}`];
    }
    return failedCalls ? [failedCalls] : [];
  }
  const result = await runSample(language.id, source, mockUrl('v3'), {fileName, harness});
  // A program that calls the API must get 2xx answers; one that calls nothing must still run.
  const problem = source.includes(sandboxBaseUrl) ? runProblem(result) : result.exitCode === 0 ? undefined : runProblem(result);
  const output = result.exitCode === 0 ? harness?.output?.(result) : undefined;
  return [problem, output].filter((found): found is string => Boolean(found));
}
