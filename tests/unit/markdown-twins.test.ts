import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {parse} from 'yaml';
import {openApiSpecs} from '../../config/openapi';
import {sampleRequest, type JsonObject} from '../../src/lib/openapi';
import {codeSamples} from '../../src/lib/sample-languages';
import {articleMarkdown} from '../../src/plugins/markdown-twins/html-to-markdown';
import {operationMarkdown, operationsOf} from '../../src/plugins/markdown-twins/operation-markdown';
import {llmsTxt, readableDescription, type PageEntry, type VersionMap} from '../../src/plugins/markdown-twins/site-map';
import {markdownTwinPath} from '../../src/lib/markdown-twin-path';
import {withSecuritySchemeSections} from '../../scripts/reference/security-schemes';
import type {Heading, Nodes, Parent} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmFromMarkdown} from 'mdast-util-gfm';
import {toString} from 'mdast-util-to-string';
import {gfm} from 'micromark-extension-gfm';

/** Every node of a Markdown tree that `accepts` takes, in document order. */
function findNodes(node: Nodes, accepts: (candidate: Nodes) => boolean, found: Nodes[] = []): Nodes[] {
  if (accepts(node)) found.push(node);
  if ('children' in node) for (const child of node.children) findNodes(child, accepts, found);
  return found;
}

const siteDir = path.resolve(import.meta.dirname, '../..');
const documentOf = (sourcePath: string) => parse(readFileSync(path.join(siteDir, sourcePath), 'utf8')) as JsonObject;

describe('Markdown of API operation pages', () => {
  for (const spec of Object.values(openApiSpecs)) {
    const document = documentOf(spec.sourcePath);
    const operations = operationsOf(document);

    // The twin finds an operation page's operation by the page id the OpenAPI plugin gives it.
    test(`${spec.sourcePath}: every generated operation page is matched by exactly one operation`, (context) => {
      const outputDir = path.join(siteDir, spec.outputDir);
      if (!existsSync(outputDir)) return context.skip('run npm run gen-api first');
      const pages = readdirSync(outputDir)
        .filter((file) => file.endsWith('.api.mdx'))
        .map((file) => file.replace(/\.api\.mdx$/, ''));
      assert.ok(pages.length > 0);
      assert.deepEqual([...pages].sort(), operations.map((operation) => operation.pageId).sort());
    });

    test(`${spec.sourcePath}: each operation reads as its call, sections, examples and samples`, () => {
      for (const entry of operations) {
        const title = String(entry.operation.summary);
        const markdown = operationMarkdown(document, entry, title);
        assert.ok(markdown.startsWith(`# ${title}\n`), entry.pageId);
        const call = entry.webhook ? `Tessera sends \`${entry.method.toUpperCase()}\`` : `\`${entry.method.toUpperCase()} ${entry.path}\``;
        assert.ok(markdown.includes(call), `${entry.pageId}: ${call}`);
        assert.doesNotMatch(markdown, /\[object Object\]|\bundefined\b/, entry.pageId);
        for (const status of Object.keys((entry.operation.responses ?? {}) as object))
          assert.ok(markdown.includes(`### ${status}\n`), `${entry.pageId} ${status}`);
        if (entry.webhook) continue;
        for (const sample of codeSamples(sampleRequest(document, entry.path, entry.pathItem, entry.method))) {
          assert.ok(markdown.includes(sample.source), `${entry.pageId}: ${sample.label} sample`);
        }
      }
    });
  }
});

describe('Markdown of built pages', () => {
  const html = `<html><body><nav>Breadcrumbs</nav><div class="theme-doc-markdown markdown"><header><h1>Capture the order</h1></header>
<h2 class="anchor" id="a">Steps<a href="#a" class="hash-link" aria-label="Direct link to Steps">\u200b</a></h2>
<p>See <a href="/docs/3.0.0/api/capture-an-order">Capture an order</a> and <a href="/openapi/tessera-v3.yaml#x">the file</a>.</p>
<div class="theme-admonition theme-admonition-warning alert"><div class="admonitionHeading_Gv"><span class="admonitionIcon_R"><svg></svg></span>Amounts are in minor units</div><div class="admonitionContent_B"><p>25900 is 259.00 SEK.</p></div></div>
<div class="theme-tabs-container tabs-container"><ul role="tablist"><li role="tab">JSON</li><li role="tab">PHP</li></ul><div><div role="tabpanel">
<div class="language-json codeBlockContainer_C theme-code-block"><div class="codeBlockTitle_O">POST /v3/orders/1/captures</div><div class="codeBlockContent_Q"><pre class="prism-code language-json"><code><div class="token-line"><span>{</span><br/></div><div class="token-line"><span>  "amount": 25900</span><br/></div><div class="token-line"><span>}</span><br/></div></code></pre><button>Copy</button></div></div>
</div><div role="tabpanel" hidden><div class="language-php theme-code-block"><div class="codeBlockContent_Q"><pre class="prism-code language-php"><code><div class="token-line">&lt;?php</div><div class="token-line">echo 1;</div></code></pre></div></div></div></div></div>
</div></body></html>`;
  const markdown = articleMarkdown(html, {
    resolveHref: (href) =>
      href === '/docs/3.0.0/api/capture-an-order' ? `https://docs.example${markdownTwinPath(href)}` : `https://docs.example${href}`,
  })!;

  test('keeps the heading and drops the anchors, icons, buttons and the page around the article', () => {
    assert.ok(markdown.startsWith('# Capture the order\n'));
    assert.match(markdown, /^## Steps$/m);
    assert.doesNotMatch(markdown, /Breadcrumbs|Direct link|\u200b|Copy\n/);
  });

  test('code blocks keep their language and title, and every tab comes under its label', () => {
    assert.ok(markdown.includes('**JSON**\n\n```json title="POST /v3/orders/1/captures"\n{\n  "amount": 25900\n}\n```'));
    assert.ok(markdown.includes('**PHP**\n\n```php\n<?php\necho 1;\n```'));
  });

  test('an admonition becomes a quote under its kind and title', () => {
    assert.ok(markdown.includes('> **Warning: Amounts are in minor units**\n>\n> 25900 is 259.00 SEK.'));
  });

  test('links to docs pages point at their twins, other site links become absolute', () => {
    assert.ok(markdown.includes('[Capture an order](https://docs.example/docs/3.0.0/api/capture-an-order.md)'));
    assert.ok(markdown.includes('[the file](https://docs.example/openapi/tessera-v3.yaml#x)'));
  });

  test('a list of doc cards becomes a list of links with their descriptions', () => {
    const cards = articleMarkdown(
      `<div class="theme-doc-markdown"><h1>Orders</h1><section class="row"><article class="col"><a class="card" href="/docs/3.0.0/api/capture-an-order"><h2><span class="theme-doc-card-icon">📄️</span><span class="theme-doc-card-title">Capture an order</span></h2><p class="theme-doc-card-description">Captures money.</p></a></article></section></div>`,
      {resolveHref: (href) => `https://docs.example${markdownTwinPath(href)}`},
    );
    assert.equal(cards, '# Orders\n\n- [Capture an order](https://docs.example/docs/3.0.0/api/capture-an-order.md): Captures money.\n');
  });

  test('a tab set whose other tabs load on demand carries every tab, the others from its samples file', () => {
    const onDemand = articleMarkdown(
      `<div class="theme-doc-markdown"><h1>Read</h1><div data-samples-file="/assets/request-samples/x.json"><div class="tabs-container"><ul role="tablist"><li role="tab">JSON</li><li role="tab">Python</li><li role="tab">Go</li></ul><div><div role="tabpanel"><pre class="language-json"><code>{}</code></pre></div></div></div></div></div>`,
      {
        resolveHref: (href) => href,
        readSamplesFile: (url) => {
          assert.equal(url, '/assets/request-samples/x.json');
          return [
            {lang: 'python', label: 'Python', highlight: 'python', source: 'print(1)'},
            {lang: 'go', label: 'Go', highlight: 'go', source: 'package main', title: 'main.go'},
          ];
        },
      },
    );
    assert.equal(
      onDemand,
      '# Read\n\n**JSON**\n\n```json\n{}\n```\n\n**Python**\n\n```python\nprint(1)\n```\n\n**Go**\n\n```go title="main.go"\npackage main\n```\n',
    );
  });

  test('a page without a docs article gives nothing', () => {
    assert.equal(articleMarkdown('<html><body><main>Home</main></body></html>', {resolveHref: (href) => href}), undefined);
  });
});

describe('llms.txt', () => {
  const page = (permalink: string, title: string, version: VersionMap['version']): PageEntry => ({
    permalink,
    title,
    description: `About   ${title}.`,
    version,
    source: {kind: 'doc', id: title, sourcePath: `${title}.mdx`},
  });
  const current = {name: '3.0.0', status: 'current'} as const;
  const legacy = {name: '1.0.0', status: 'deprecated'} as const;
  const maps: VersionMap[] = [
    {version: current, sections: [{trail: ['Docs', 'Quick guides'], pages: [page('/docs/3.0.0/a', 'A', current)]}]},
    {version: legacy, sections: [{trail: ['API'], pages: [page('/docs/1.0.0/api/b', 'B', legacy)]}]},
  ];
  const text = llmsTxt(maps, {
    siteUrl: 'https://docs.example',
    title: 'Docs',
    summary: 'What the site is.',
    details: ['How to read it.'],
    downloads: [{title: 'OpenAPI', path: '/openapi/v3.yaml', description: 'The API.'}],
  });

  test('has the llmstxt.org shape: title, summary, details, then H2 file lists', () => {
    assert.equal(
      text,
      [
        '# Docs',
        '',
        '> What the site is.',
        '',
        'How to read it.',
        '',
        '## 3.0.0 (current) › Docs › Quick guides',
        '',
        '- [A](https://docs.example/docs/3.0.0/a.md): About A.',
        '',
        '## 1.0.0 (deprecated) › API',
        '',
        '- [B](https://docs.example/docs/1.0.0/api/b.md): About B.',
        '',
        '## Downloads',
        '',
        '- [OpenAPI](https://docs.example/openapi/v3.yaml): The API.',
        '',
      ].join('\n'),
    );
  });
});

describe('one-line descriptions', () => {
  test('keep whole sentences of a description cut mid-sentence, and drop one that repeats the title', () => {
    assert.equal(
      readableDescription('Generate a secret', 'Exchanges a key for a secret. Authenticate with HTTP Basic'),
      'Exchanges a key for a secret.',
    );
    assert.equal(
      readableDescription('Tessera API', 'The API lets a merchant create sessions, render them'),
      'The API lets a merchant create sessions, render them…',
    );
    assert.equal(readableDescription('Authentication', 'Authentication'), '');
    assert.equal(
      readableDescription('Webhook', 'Tessera sends it to `merchant_urls.webhook` each time'),
      'Tessera sends it to `merchant_urls.webhook` each time…',
    );
    assert.equal(readableDescription('Prefills', 'Prefill the shopper.'), 'Prefill the shopper.');
  });
});

describe('Markdown twin addresses', () => {
  test('are the page URL with .md', () => {
    assert.equal(markdownTwinPath('/docs/3.0.0/api/create-session'), '/docs/3.0.0/api/create-session.md');
    assert.equal(markdownTwinPath('/docs/3.0.0/api/create-session/'), '/docs/3.0.0/api/create-session.md');
    assert.equal(markdownTwinPath('/'), '/index.md');
  });
});

test('Markdown of an operation whose objects hold one another as alternatives ends, each object written out once', () => {
  const expandable = parse(
    readFileSync(path.join(import.meta.dirname, '../fixtures/openapi/expandable-objects.yaml'), 'utf8'),
  ) as JsonObject;
  const [entry] = operationsOf(expandable);
  const markdown = operationMarkdown(expandable, entry!, 'Retrieve a charge');
  assert.match(markdown, /- \*\*customer\*\*/);
  assert.match(markdown, /\(charge again, recursively\)|Fields as in `charge` above\./);
  // Twelve objects, each written out once: the page stays the size of the file, not of its paths.
  assert.ok(markdown.length < 60_000, `${markdown.length} characters`);
});

describe('Markdown of an operation keeps the structure its page shows', () => {
  const document = parse(`
openapi: 3.1.0
info: {title: Shop, version: '1'}
servers: [{url: 'https://api.shop.example'}]
paths:
  /orders:
    post:
      operationId: createOrder
      summary: Create an order
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [status]
              properties:
                status:
                  type: string
                  enum: [open, paid]
                  description: |
                    Where the order is.

                    | Status | Meaning |
                    |---|---|
                    | \`open\` | Not paid yet. |
                    | \`paid\` | Paid. |

                    Treat an unknown status as not final.
                  properties: {}
                tokenType:
                  type: string
                  const: Bearer
                  description: Always \`Bearer\`.
                kind:
                  type: string
                  const: order
      responses:
        '201': {description: Created.}
      callbacks:
        orderPaid:
          '{$request.body#/notifyUrl}':
            post:
              description: Sent when the order is paid.
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        orderId: {type: string, description: The order.}
              responses:
                '200': {description: Your server took the event.}
`) as JsonObject;
  const [entry] = operationsOf(document);
  const markdown = operationMarkdown(document, entry!, 'Create an order');
  const tree = fromMarkdown(markdown, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]});

  test("a table in a field's description stays a table inside the field's item, with the prose after it", () => {
    const items = findNodes(tree, (node) => node.type === 'listItem');
    const status = items.find((item) => toString(item).startsWith('status'));
    assert.ok(status, markdown);
    const [table] = findNodes(status, (node) => node.type === 'table');
    assert.ok(table, `no table in the status item:\n${markdown}`);
    assert.deepEqual(
      (table as Parent).children.map((row) => (row as Parent).children.map((cell) => toString(cell))),
      [
        ['Status', 'Meaning'],
        ['open', 'Not paid yet.'],
        ['paid', 'Paid.'],
      ],
    );
    assert.match(toString(status), /Treat an unknown status as not final\.$/);
    assert.doesNotMatch(markdown, /Where the order is\.[^\n]*\|/);
  });

  test('a constant is said once, whether or not its description names it', () => {
    assert.match(markdown, /`tokenType` \(string\): Always `Bearer`\.\n/);
    assert.match(markdown, /`kind` \(string\): Always `order`\.\n/);
  });

  test('the callbacks are a section of their own, each with its URL, body and responses', () => {
    const headings = findNodes(tree, (node) => node.type === 'heading').map(
      (node) => `${'#'.repeat((node as Heading).depth)} ${toString(node)}`,
    );
    assert.deepEqual(headings.slice(headings.indexOf('## Callbacks')), [
      '## Callbacks',
      '### POST orderPaid',
      '#### Body',
      '#### 200',
      '## Request samples',
      ...headings.slice(headings.indexOf('## Request samples') + 1),
    ]);
    assert.match(markdown, /`POST \{\$request\.body#\/notifyUrl\}`\n\nSent when the order is paid\./);
    assert.match(markdown, /- `orderId` \(string\): The order\./);
    assert.match(markdown, /#### 200\n\nYour server took the event\./);
  });
});

describe("an API overview page's security schemes", () => {
  const generated = (description: string) => `${description}

<div>
  <Heading
    id={"authentication"}
    as={"h2"}
    className={"openapi-tabs__heading"}
    children={"Authentication"}
  >
  </Heading><SchemaTabs
    className={"openapi-tabs__security-schemes"}
  >
    <TabItem
      label={"HTTP: Basic Auth"}
      value={"basicAuth"}
    >
      Key id and key secret.
    </TabItem><TabItem
      label={"HTTP: Bearer Auth"}
      value={"bearerAuth"}
    >
      The secret.
    </TabItem>
  </SchemaTabs>
</div>`;

  test('are a section per scheme, under "Security schemes" when the description has its own Authentication section', () => {
    const page = withSecuritySchemeSections(generated('## Authentication\n\nTwo steps.'));
    assert.doesNotMatch(page, /SchemaTabs|TabItem|children=\{"Authentication"\}/);
    assert.match(page, /id=\{"security-schemes"\}[^>]*children=\{"Security schemes"\}/);
    assert.match(page, /id=\{"security-scheme-basicAuth"\} children=\{"HTTP: Basic Auth"\}>\n<\/Heading>\n[\s\S]*Key id and key secret\./);
    assert.match(page, /id=\{"security-scheme-bearerAuth"\} children=\{"HTTP: Bearer Auth"\}>\n<\/Heading>\n[\s\S]*The secret\./);
    assert.equal(page.match(/Authentication/g)?.length, 1);
  });

  test('keep the generated heading when the description has no Authentication section, and a page without schemes is unchanged', () => {
    assert.match(withSecuritySchemeSections(generated('## Errors')), /children=\{"Authentication"\}/);
    assert.equal(withSecuritySchemeSections('## Errors\n\nNone.'), '## Errors\n\nNone.');
  });
});
