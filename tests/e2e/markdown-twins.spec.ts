import {expect, test, type APIResponse, type Page} from '@playwright/test';
import type {Element, ElementContent, Root} from 'hast';
import rehypeParse from 'rehype-parse';
import {unified} from 'unified';
import {allSpecRoutes, generalRoutes} from '../spec-routes';
import {axeViolations} from '../support/axe';
import {expectHydrated} from '../support/hydration';
import {searchDocuments} from '../support/search-index';
import {exhaustive, fastTierWhen} from '../support/test-tiers';
import type {Nodes as MarkdownNode, Parent as MarkdownParent} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmFromMarkdown} from 'mdast-util-gfm';
import {toString as markdownText} from 'mdast-util-to-string';
import {gfm} from 'micromark-extension-gfm';
import {site} from '../../config/site-constants';
import {markdownTwinPath} from '../../src/lib/markdown-twin-path';
import {copyPageLabels} from '../../src/components/CopyPageMarkdown/labels';
import {copyPageMessages} from '../../src/components/CopyPageMarkdown/messages';

const copyButtonLabel = copyPageLabels.copy;

/**
 * Docs that developers' tools can read: every docs page as Markdown at its URL plus `.md`,
 * /llms.txt and /llms-full.txt, and the "Copy page as Markdown" button.
 */

/**
 * Tools decide how to read a file by its type: `.md` must come as text/markdown and the llms files
 * as text/plain, in UTF-8. Both `docusaurus serve` and the production host's mapping answer so.
 */
function expectMarkdownType(response: APIResponse, route: string): void {
  expect(response.headers()['content-type'], route).toMatch(/^text\/markdown;\s*charset=utf-8$/i);
}

function expectTextType(response: APIResponse, route: string): void {
  expect(response.headers()['content-type'], route).toMatch(/^text\/plain;\s*charset=utf-8$/i);
}

const isElement = (node: Root['children'][number] | ElementContent): node is Element => node.type === 'element';
const classes = (node: Element): string[] => ((node.properties?.className as string[] | undefined) ?? []).map(String);

function findAll(node: Element | Root, test: (element: Element) => boolean, found: Element[] = []): Element[] {
  for (const child of node.children) {
    if (!isElement(child)) continue;
    if (test(child)) found.push(child);
    findAll(child, test, found);
  }
  return found;
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' || classes(node).includes('hash-link')) return '';
  return node.children.map(textOf).join('');
}

/** What a reader sees of the page: its h1 and the first line of each code sample. */
function pageFacts(html: string): {h1: string; firstLines: string[]} {
  const tree = unified().use(rehypeParse).parse(html);
  const [heading] = findAll(tree, (element) => element.tagName === 'h1');
  // An API page's method and path sit in a <pre> too; the twin writes them as `POST /v3/orders/{orderId}/cancel`.
  const samples = findAll(tree, (element) => element.tagName === 'pre' && !classes(element).includes('openapi__method-endpoint'));
  const firstLines = samples.flatMap((pre) => {
    const [line] = findAll(pre, (element) => classes(element).includes('token-line'));
    const first = ((line ? textOf(line) : textOf(pre)).split('\n')[0] ?? '').trim();
    return first ? [first] : [];
  });
  return {h1: heading ? textOf(heading).trim() : '', firstLines: [...new Set(firstLines)]};
}

/** Text as a reader compares it: no Markdown quote, emphasis, code or link syntax, one space between words. */
const plainText = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*>\s?/gm, '')
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Each admonition of a page: its title and the start of its text. */
function pageAdmonitions(html: string): Array<{title: string; text: string}> {
  const tree = unified().use(rehypeParse).parse(html);
  return findAll(tree, (element) => classes(element).includes('theme-admonition')).map((admonition) => {
    const [heading] = findAll(admonition, (element) => classes(element).some((name) => name.startsWith('admonitionHeading')));
    const [content] = findAll(admonition, (element) => classes(element).some((name) => name.startsWith('admonitionContent')));
    return {title: heading ? plainText(textOf(heading)) : '', text: plainText(content ? textOf(content) : textOf(admonition)).slice(0, 60)};
  });
}

const siteUrl = site.url;
/** A site URL as the test server answers it. */
const local = (url: string) => (url.startsWith(siteUrl) ? url.slice(siteUrl.length) : url);

test.describe('Markdown twins', () => {
  test('every route of the spec has a Markdown twin with its h1, every code sample, its canonical URL and its docs version', async ({
    request,
  }) => {
    test.setTimeout(120_000);
    for (const route of allSpecRoutes) {
      const [page, twin] = await Promise.all([request.get(route), request.get(markdownTwinPath(route))]);
      expect(twin.status(), markdownTwinPath(route)).toBe(200);
      expectMarkdownType(twin, route);
      const markdown = await twin.text();
      const {h1, firstLines} = pageFacts(await page.text());
      expect(h1, route).not.toBe('');
      expect(markdown, `${route}: h1`).toContain(`# ${h1}`);
      for (const line of firstLines) expect(markdown, `${route}: code sample starting ${line}`).toContain(line);
      expect(markdown, route).toContain(`canonical_url: ${siteUrl}${route}\n`);
      if (generalRoutes.includes(route)) continue;
      const version = route.startsWith('/docs/1.0.0/') ? '1.0.0' : '3.0.0';
      expect(markdown, route).toMatch(new RegExp(`^---\\n[\\s\\S]*^version: "?${version.replaceAll('.', '\\.')}"?$[\\s\\S]*^---$`, 'm'));
    }
  });

  test('every admonition a page shows is in its Markdown twin, as a quote with its title', async ({request}) => {
    test.setTimeout(120_000);
    // Compared without white space or list markers: in the HTML's text, paragraphs and list items
    // meet without a separator; in the twin they are lines of their own.
    const comparable = (text: string) => plainText(text.replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')).replace(/\s+/g, '');
    let admonitions = 0;
    const missing: string[] = [];
    for (const route of allSpecRoutes) {
      const [page, twin] = await Promise.all([request.get(route), request.get(markdownTwinPath(route))]);
      const markdown = await twin.text();
      const quotes = plainText(
        markdown
          .split('\n')
          .filter((line) => line.startsWith('>'))
          .join('\n'),
      );
      const quoted = comparable(
        markdown
          .split('\n')
          .filter((line) => line.startsWith('>'))
          .map((line) => line.replace(/^>\s?/, ''))
          .join('\n'),
      );
      for (const {title, text} of pageAdmonitions(await page.text())) {
        admonitions += 1;
        if (!quoted.includes(comparable(text)) || (title && !quotes.includes(title))) missing.push(`${route}: "${title}" ${text}`);
      }
    }
    expect(admonitions).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  test("code samples keep their language and API pages read as text, not as the theme's data", async ({request}) => {
    const guide = await (await request.get('/docs/3.0.0/guides/guides/quick_guides/payment_steps/capturing_orders.md')).text();
    for (const language of ['json', 'php', 'csharp']) expect(guide).toMatch(new RegExp(`^\`\`\`${language}\\b`, 'm'));
    expect(guide).toContain('**PHP**');

    const operation = await (await request.get('/docs/3.0.0/api/create-session.md')).text();
    expect(operation).toContain('`POST /v3/sessions`');
    for (const section of ['## Authentication', '## Parameters', '## Request body', '## Responses', '## Request samples'])
      expect(operation).toContain(section);
    expect(operation).toMatch(/^ *- `cart` \(object, required\): /m);
    expect(operation).toMatch(/^```bash\ncurl -X POST /m);
    expect(operation).not.toMatch(/<(?:ParamsDetails|RequestSchema|StatusCodes|MethodEndpoint)\b/);
    expect(operation).not.toContain('x-codeSamples');
  });
});

/** A page's structure as a reader meets it: its section headings in order, and its tables as rows of cell texts. */
type Structure = {headings: string[]; tables: string[]};

/** Cell text compared without white space: the HTML breaks lines where the Markdown does not. */
const cellText = (text: string) => text.replace(/<br\s*\/?>/g, '').replace(/\s+/g, '');
const tableKey = (rows: string[][]) => rows.map((cells) => cells.map(cellText).join(' | ')).join('\n');

/**
 * The sections of an operation page (the OpenAPI theme's headings) and the twin's headings that
 * stand for each: the twin splits the page's "Request" into its parameters and body.
 */
const operationSections: Record<string, string[]> = {
  Request: ['Parameters', 'Request body', 'Payload'],
  Responses: ['Responses', 'Responses your server returns'],
  Callbacks: ['Callbacks'],
  'Request samples': ['Request samples'],
};

function pageStructure(html: string): Structure & {operation: boolean} {
  const tree = unified().use(rehypeParse).parse(html);
  // Where the twin is converted from (src/plugins/markdown-twins/html-to-markdown.ts): a docs page's
  // article, else the site page's Markdown body or its main.
  const [article] = [
    ...findAll(tree, (element) => classes(element).includes('theme-doc-markdown')),
    ...findAll(tree, (element) => classes(element).includes('markdown')),
    ...findAll(tree, (element) => element.tagName === 'main'),
  ];
  if (!article) throw new Error('the page has no content');
  // A card's title is a heading of the card, not of the page: the twin lists the cards as links.
  const inCards = new Set(
    findAll(article, (element) => element.tagName === 'a' && classes(element).includes('card')).flatMap((card) =>
      findAll(card, () => true),
    ),
  );
  const operation = findAll(article, (element) => classes(element).includes('theme-api-markdown')).length > 0;
  const headings = findAll(article, (element) => /^h[2-6]$/.test(element.tagName) && !inCards.has(element))
    .map((element) => `${'#'.repeat(Number(element.tagName[1]))} ${textOf(element).replace(/\s+/g, ' ').trim()}`)
    .filter((heading) => !operation || heading.slice(3) in operationSections);
  const tables = findAll(article, (element) => element.tagName === 'table').map((table) =>
    tableKey(
      findAll(table, (element) => element.tagName === 'tr').map((row) =>
        row.children.filter((cell): cell is Element => isElement(cell) && /^t[hd]$/.test(cell.tagName)).map((cell) => textOf(cell)),
      ),
    ),
  );
  return {headings, tables, operation};
}

function twinStructure(markdown: string): Structure & {looseTableRows: string[]} {
  const tree = fromMarkdown(markdown.replace(/^---\n[\s\S]*?\n---\n/, ''), {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]});
  const headings: string[] = [];
  const tables: string[] = [];
  const looseTableRows: string[] = [];
  const visit = (node: MarkdownNode) => {
    if (node.type === 'code') return;
    if (node.type === 'heading' && node.depth > 1) headings.push(`${'#'.repeat(node.depth)} ${markdownText(node).trim()}`);
    if (node.type === 'table')
      tables.push(tableKey(node.children.map((row) => (row as MarkdownParent).children.map((cell) => markdownText(cell)))));
    // A table flattened into prose: its delimiter row left as text.
    else if (node.type === 'text' && /\|\s*:?-{3}:?\s*\|/.test(node.value)) looseTableRows.push(node.value.slice(0, 120));
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return {headings, tables, looseTableRows};
}

/** What of a page's headings and tables its twin lacks, or shows otherwise. */
function structureDifferences(route: string, html: string, markdown: string): string[] {
  const page = pageStructure(html);
  const twin = twinStructure(markdown);
  const differences = twin.looseTableRows.map((row) => `${route}: a table flattened into text: ${row}`);
  if (page.operation) {
    for (const heading of page.headings) {
      const standsFor = operationSections[heading.slice(3)]!.map((name) => `## ${name}`);
      if (!twin.headings.some((candidate) => standsFor.includes(candidate)))
        differences.push(`${route}: no ${standsFor.join(' or ')} for "${heading}"`);
    }
  } else if (page.headings.join('\n') !== twin.headings.join('\n')) {
    differences.push(`${route}: headings\n  page: ${page.headings.join(' / ')}\n  twin: ${twin.headings.join(' / ')}`);
  }
  const twice = twin.headings.filter((heading, index) => heading.startsWith('## ') && twin.headings.indexOf(heading) !== index);
  if (twice.length > 0) differences.push(`${route}: the twin repeats ${[...new Set(twice)].join(', ')}`);
  // An operation's twin writes a schema out once and refers to it after ("Fields as in … above"),
  // where the page repeats it: each of the page's tables is in the twin.
  const twinTables = new Set(twin.tables);
  for (const table of new Set(page.tables))
    if (!twinTables.has(table)) differences.push(`${route}: the table starting "${table.split('\n')[0]}" is not a table of the twin`);
  return differences;
}

/** Pages of each kind whose twins once lost a table, a section or a heading. */
const structureSample = [
  '/docs/3.0.0/api/create-session',
  '/docs/3.0.0/api/refund-a-capture',
  '/docs/3.0.0/api/tessera-api',
  '/docs/1.0.0/api/tessera-api',
  '/docs/1.0.0/api/update-order',
  '/docs/3.0.0/errors',
  '/docs/3.0.0/objects/session',
  '/docs/3.0.0/guides/guides/quick_guides/payment_steps/capturing_orders',
];

async function expectSameStructure(request: Parameters<Parameters<typeof test>[2]>[0]['request'], routes: string[]): Promise<void> {
  const differences: string[] = [];
  for (const route of routes) {
    const [page, twin] = await Promise.all([request.get(route), request.get(markdownTwinPath(route))]);
    expect(page.status(), route).toBe(200);
    expect(twin.status(), markdownTwinPath(route)).toBe(200);
    differences.push(...structureDifferences(route, await page.text(), await twin.text()));
  }
  expect(differences).toEqual([]);
}

test.describe('Markdown twins keep the structure of their pages', () => {
  test("a page of each kind: the twin has the page's headings and sections and every table as a table", async ({request}) => {
    await expectSameStructure(request, structureSample);
  });

  test('every page of llms.txt: the same headings, sections and tables', exhaustive, async ({request}) => {
    test.setTimeout(300_000);
    const llms = await (await request.get('/llms.txt')).text();
    const routes = [...llms.matchAll(/^- \[[^\]]+\]\(([^)]+)\.md\)/gm)]
      .map((match) => local(match[1]!))
      .filter((route) => route.startsWith('/docs'));
    expect(routes.length).toBeGreaterThan(100);
    await expectSameStructure(request, routes);
  });
});

test.describe('Postman downloads', () => {
  for (const [route, file] of [
    ['/docs/3.0.0/api/tessera-api', 'tessera-v3'],
    ['/docs/1.0.0/api/tessera-api', 'tessera-v1'],
  ] as const) {
    test(`the info page ${route} offers the ${file} collection and its environments beside the OpenAPI file`, async ({page, request}) => {
      await page.goto(route);
      const openApi = page.getByRole('link', {name: `${file}.yaml`}).first();
      await expect(openApi).toBeVisible();
      const collection = page.getByRole('link', {name: `${file}.postman_collection.json`}).first();
      await expect(collection).toHaveAttribute('href', `/postman/${file}.postman_collection.json`);
      const json = (await (await request.get(`/postman/${file}.postman_collection.json`)).json()) as {
        info: {schema: string};
        item: unknown[];
      };
      expect(json.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
      expect(json.item.length).toBeGreaterThan(0);
      for (const environment of ['sandbox', 'production']) {
        const href = `/postman/${file}.${environment}.postman_environment.json`;
        await expect(page.locator(`a[href="${href}"]`).first()).toBeVisible();
        const values = ((await (await request.get(href)).json()) as {values: {key: string; value: string}[]}).values;
        expect(values.find((value) => value.key === 'baseUrl')?.value.includes('sandbox')).toBe(environment === 'sandbox');
      }
    });
  }
});

test.describe('llms.txt', () => {
  async function llmsLinks(request: Parameters<Parameters<typeof test>[2]>[0]['request']) {
    const response = await request.get('/llms.txt');
    expect(response.status()).toBe(200);
    expectTextType(response, '/llms.txt');
    const text = await response.text();
    const links = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map((match) => match[1]!);
    return {text, links};
  }

  test('follows llmstxt.org: a title, a summary, then sections of links; current version first, deprecated marked', async ({request}) => {
    const {text} = await llmsLinks(request);
    expect(text).toMatch(/^# Tessera Docs\n\n> \S/);
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]!);
    expect(sections[0]).toMatch(/^3\.0\.0 \(current\)/);
    const v1 = sections.filter((section) => section.startsWith('1.0.0'));
    expect(v1.length).toBeGreaterThan(0);
    for (const section of v1) expect(section).toMatch(/^1\.0\.0 \(deprecated\)/);
    const lastCurrent = sections.map((section) => section.startsWith('3.0.0')).lastIndexOf(true);
    expect(sections.findIndex((section) => section.startsWith('1.0.0'))).toBeGreaterThan(lastCurrent);
  });

  test('lists every page of the sitemap once, and every link in it resolves', async ({request}) => {
    test.setTimeout(120_000);
    const {links} = await llmsLinks(request);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    // The search page shows results, not content.
    const sitemapPages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((match) => local(match[1]!))
      .filter((path) => path !== '/search');
    const listedTwins = links.map(local).filter((path) => path.endsWith('.md'));
    expect(listedTwins.length).toBe(new Set(listedTwins).size);
    expect([...listedTwins].sort()).toEqual(sitemapPages.map(markdownTwinPath).sort());
    for (const route of allSpecRoutes) expect(listedTwins, route).toContain(markdownTwinPath(route));
    for (const link of links) {
      const response = await request.get(local(link));
      expect(response.status(), link).toBe(200);
    }
  });

  test('llms-full.txt holds every current page in full', async ({request}) => {
    const {links} = await llmsLinks(request);
    const response = await request.get('/llms-full.txt');
    expect(response.status()).toBe(200);
    expectTextType(response, '/llms-full.txt');
    const full = await response.text();
    const current = links.filter((link) => local(link).startsWith('/docs/3.0.0/'));
    for (const link of current) expect(full, link).toContain(`Source: ${link.replace(/\.md$/, '')}\n`);
    expect(full).not.toContain('Source: https://docs.tessera.example/docs/1.0.0/');
    const create = await (await request.get('/docs/3.0.0/api/create-session.md')).text();
    expect(full).toContain(create.slice(create.indexOf('# Create a session'), create.indexOf('## Parameters')).trim());
  });

  test('llms-full.txt carries the notice of every older operation page that says where it moved', async ({request}) => {
    const {links} = await llmsLinks(request);
    const full = await (await request.get('/llms-full.txt')).text();
    const notices: string[] = [];
    for (const link of links.filter((candidate) => local(candidate).startsWith('/docs/1.0.0/api/'))) {
      const notice = /^> \*\*Caution: Moving to V3\*\*\n(?:>.*\n)*/m.exec(await (await request.get(local(link))).text());
      if (!notice) continue;
      notices.push(link);
      expect(full, link).toContain(`Page: ${link}\n\n${notice[0]}`);
    }
    // Every V1 operation page has one (scripts/v1-successor-notices.ts).
    expect(notices.length).toBe(16);
  });
});

test.describe('Copy page as Markdown', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});

  const guide = '/docs/3.0.0/guides/guides/quick_guides/payment_steps/create_payment_session';
  const pages = [guide, '/docs/3.0.0/api/create-session', '/docs/1.0.0/api/purchase-decision', '/docs/3.0.0/category/quick-guides'];

  async function markdownRequests(page: Page): Promise<string[]> {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.md')) requested.push(request.url());
    });
    return requested;
  }

  for (const route of pages) {
    test(`copies the page's Markdown, read only on click, on ${route}`, fastTierWhen(route === guide), async ({page, request}) => {
      const requested = await markdownRequests(page);
      await page.goto(route);
      await expectHydrated(page);
      await page.waitForLoadState('networkidle');
      expect(requested, 'nothing is fetched before the click').toEqual([]);
      const button = page.getByRole('button', {name: copyButtonLabel});
      await expect(page.getByRole('link', {name: copyPageLabels.view})).toHaveAttribute('href', markdownTwinPath(route));
      await button.click();
      await expect(page.getByRole('status').filter({hasText: copyPageMessages.copied})).toBeVisible();
      expect(requested.map((url) => new URL(url).pathname)).toEqual([markdownTwinPath(route)]);
      const expected = await (await request.get(markdownTwinPath(route))).text();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    });
  }

  test('works from the keyboard, announces success and passes axe', async ({page}) => {
    await page.goto(guide);
    await expectHydrated(page);
    const button = page.getByRole('button', {name: copyButtonLabel});
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({hasText: copyPageMessages.copied})).toBeVisible();
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^---\ntitle: /);
    const violations = await axeViolations(page, '.copy-page-markdown');
    expect(violations.map((violation) => violation.id)).toEqual([]);
  });

  test('works when local storage is unavailable', async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    await page.goto(guide);
    await expectHydrated(page);
    await page.getByRole('button', {name: copyButtonLabel}).click();
    await expect(page.getByRole('status').filter({hasText: copyPageMessages.copied})).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('\n# ');
  });

  test('the button is not indexed for search', () => {
    // The index's text is in its document shards, which the build writes next to the pages.
    const texts = [...searchDocuments(''), ...searchDocuments('docs/1.0.0')].map((document) => JSON.stringify(document));
    expect(
      texts.some((text) => text.includes('Capture the order')),
      'the guides are indexed',
    ).toBe(true);
    for (const text of texts) {
      expect(text).not.toContain(copyButtonLabel);
      expect(text).not.toContain(copyPageLabels.view);
    }
  });
});
