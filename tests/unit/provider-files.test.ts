/**
 * Another provider's OpenAPI file as the site writes pages from it (src/lib/openapi/provider-content.ts,
 * src/lib/openapi/security.ts, scripts/generated-pages.ts). Each test is a small reproduction of
 * what GitHub's, Square's and Plaid's files did (tests/fixtures/openapi/vendor/): a summary of
 * paragraphs and quotes as a title, links relative to the provider's site, two operations named
 * alike, an image over plain HTTP, scopes nowhere on the page.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {
  GeneratedPageError,
  pageFrontMatter,
  pageOperation,
  withFieldsQuoted,
  withOneVersionBadge,
  withSecurityRequirement,
} from '../../scripts/generated-pages';
import {addedApi} from '../../config/openapi';
import {
  providerDocument,
  providerLinkBase,
  withLinksResolved,
  withoutImages,
  withVoidElementsClosed,
  type JsonObject,
} from '../../src/lib/openapi';
import {collectDiagrams} from '../../scripts/render-diagrams';
import {schemeDescription, securitySentence} from '../../src/lib/openapi/security';
import {operationMarkdown, operationsOf} from '../../src/plugins/markdown-twins/operation-markdown';

const api = (extra: JsonObject): JsonObject => ({openapi: '3.0.3', info: {title: 'Provider', version: '1'}, paths: {}, ...extra});

test('a summary of paragraphs (GitHub’s webhooks) gives way to the operation id as the title and joins the description', () => {
  const summary =
    'This event occurs when there is activity relating to branch protection rules. For more information, see "[About protected branches](https://docs.github.com/x)."\n\nTo subscribe to this event, a GitHub App must have at least read-level access for the "Administration" repository permission.';
  const {document} = providerDocument(
    api({
      'x-webhooks': {
        'branch-protection-rule-created': {
          post: {operationId: 'branch-protection-rule/created', summary, description: 'A rule was created.'},
        },
      },
      paths: {'/a': {get: {operationId: 'a', summary: 'Get  an\n"a"', responses: {}}}},
    }),
    {provider: true},
  );
  const webhook = (document['x-webhooks'] as Record<string, {post: JsonObject}>)['branch-protection-rule-created']!.post;
  assert.equal(webhook.summary, 'branch-protection-rule/created');
  assert.equal(webhook.description, `A rule was created.\n\n${summary}`);
  // A short summary stays the title, on one line.
  assert.equal((document.paths as Record<string, {get: JsonObject}>)['/a']!.get.summary, 'Get an "a"');
});

test('front matter as the plugin writes it, with two double quotes in a row and a backslash, is quoted again and parses', () => {
  // The plugin turns `"` into `'` but misses the second of two in a row, and leaves backslashes.
  const written = [
    '---',
    'id: actions-get-allowed-actions-organization',
    `title: "Get allowed actions for an organization"`,
    `description: "For more information, see '[Set permissions](#set-permissions).'""`,
    `sidebar_label: "Match C:\\d+ paths"`,
    'hide_title: true',
    '---',
    '',
    'Body',
  ].join('\n');
  assert.throws(() => parse(written.split('---')[1]!));
  const page = pageFrontMatter('x.api.mdx', withFieldsQuoted(written));
  assert.equal(page.data.description, `For more information, see '[Set permissions](#set-permissions).'"`);
  assert.equal(page.data.sidebar_label, 'Match C:\\d+ paths');
  assert.equal(page.data.title, 'Get allowed actions for an organization');
  assert.equal(page.body, '\nBody');
});

test('a page whose front matter still does not parse is reported with its file, its operation and the reason, not a stack trace', () => {
  const text = ['---', 'id: branch-protection-rule-created', 'title: "This event occurs', 'To subscribe"', '---', ''].join('\n');
  assert.throws(
    () => pageFrontMatter('docs/api/github/branch-protection-rule-created.api.mdx', text, 'github.json'),
    (error: unknown) =>
      error instanceof GeneratedPageError &&
      error.message.startsWith(
        'docs/api/github/branch-protection-rule-created.api.mdx (page branch-protection-rule-created in github.json): ',
      ) &&
      /front matter is not valid YAML \(.+\)/.test(error.message),
  );
});

test('relative links in a provider’s prose resolve against its own site, or become text, as links to its anchors do; code stays', () => {
  const plaid = api({
    info: {title: 'The Plaid API', version: '1', contact: {url: 'https://plaid.com'}, termsOfService: 'https://plaid.com/legal/'},
    paths: {
      '/item/get': {
        post: {operationId: 'itemGet', description: 'See [errors](/docs/errors/item/) and [below](#x), `[a](/b)`.', responses: {}},
      },
    },
  });
  assert.equal(providerLinkBase(plaid), 'https://plaid.com/legal/');
  const {document} = providerDocument(plaid, {provider: true});
  const operation = (document.paths as Record<string, {post: JsonObject}>)['/item/get']!.post;
  assert.equal(operation.description, 'See [errors](https://plaid.com/docs/errors/item/) and below, `[a](/b)`.');
  // externalDocs comes first; an entry's linkBase before anything the file says.
  const github = api({externalDocs: {url: 'https://docs.github.com/rest/'}});
  assert.equal(providerLinkBase(github), 'https://docs.github.com/rest/');
  assert.equal(providerLinkBase(github, 'https://example.com/'), 'https://example.com/');
  assert.equal(addedApi('openapi/plaid.json', {linkBase: 'https://plaid.com'}).linkBase, 'https://plaid.com');
  assert.equal(
    withLinksResolved(
      'the [`workflow_dispatch` webhook](/developers/webhooks#w) and <a href="/docs/q">q</a>',
      'https://docs.github.com/rest/',
    ),
    'the [`workflow_dispatch` webhook](https://docs.github.com/developers/webhooks#w) and <a href="https://docs.github.com/docs/q">q</a>',
  );
  // A file that names no site of its own: the link's text, not a link into this site.
  assert.equal(withLinksResolved('see [item errors](/docs/errors/item) now', undefined), 'see item errors now');
  // Tessera's own files keep their links to the site's pages.
  const own = api({
    paths: {'/x': {get: {operationId: 'x', description: 'See [OrderLine](/docs/3.0.0/objects/order-line).', responses: {}}}},
  });
  assert.equal(
    (providerDocument(own, {provider: false}).document.paths as Record<string, {get: JsonObject}>)['/x']!.get.description,
    'See [OrderLine](/docs/3.0.0/objects/order-line).',
  );
});

test('operations named alike (Square’s v1 ids and v2 summaries) get a page each, and the renaming is reported', () => {
  const square = api({
    paths: {
      '/v1/me/employees': {get: {operationId: 'ListEmployees', responses: {}}},
      '/v2/employees': {get: {summary: 'ListEmployees', responses: {}}},
      '/v2/payments': {get: {operationId: 'ListPayments', responses: {}}, post: {operationId: 'ListPayments', responses: {}}},
    },
  });
  const {document, renamed} = providerDocument(square, {provider: true});
  const pageIds = operationsOf(document).map((entry) => entry.pageId);
  assert.deepEqual(pageIds, ['list-employees', 'list-employees-v-2', 'list-payments', 'list-payments-v-2']);
  assert.equal(new Set(pageIds).size, pageIds.length);
  assert.deepEqual(
    renamed.map((entry) => `${entry.method} ${entry.where} ${entry.was} → ${entry.pageId}`),
    ['get /v2/employees ListEmployees → list-employees-v-2', 'post /v2/payments ListPayments → list-payments-v-2'],
  );
  // The same file again: the same ids (the twins read it as gen-api does).
  assert.deepEqual(
    operationsOf(providerDocument(square, {provider: true}).document).map((entry) => entry.pageId),
    pageIds,
  );
});

test('a provider’s images (Square’s logo over http) are dropped for their alt text: nothing is fetched from its host', () => {
  const square = api({
    info: {
      title: 'Square Connect API',
      version: '2.0',
      description: '![Square logo](http://square.github.io/images/logo.png) APIs',
      'x-logo': {url: 'http://square.github.io/images/logo.png'},
    },
    paths: {
      '/x': {
        get: {
          operationId: 'x',
          description: 'A <img src="http://example.com/a.png" alt="diagram"> here; `![kept](in/code.png)`',
          responses: {},
        },
      },
    },
  });
  const {document} = providerDocument(square, {provider: true});
  assert.doesNotMatch(JSON.stringify(document), /square\.github\.io|example\.com\/a\.png/);
  assert.equal((document.info as JsonObject).description, 'Square logo APIs');
  assert.equal((document.paths as Record<string, {get: JsonObject}>)['/x']!.get.description, 'A diagram here; `![kept](in/code.png)`');
  assert.equal(withoutImages('![](http://x/y.png)'), '');
});

const securityApi = api({
  servers: [{url: 'https://api.provider.example'}],
  components: {
    securitySchemes: {
      oauth2: {
        type: 'oauth2',
        flows: {authorizationCode: {authorizationUrl: 'https://x/authorize', tokenUrl: 'https://x/token', scopes: {PAYMENTS_WRITE: 'w'}}},
      },
      clientId: {type: 'apiKey', in: 'header', name: 'PLAID-CLIENT-ID'},
      secret: {type: 'apiKey', in: 'header', name: 'PLAID-SECRET', description: 'Your secret.'},
    },
  },
  paths: {
    '/v2/payments': {
      post: {
        operationId: 'CreatePayment',
        security: [{oauth2: ['PAYMENTS_WRITE', 'ORDERS_WRITE']}],
        responses: {'200': {description: 'OK'}},
      },
    },
    '/item/get': {post: {operationId: 'itemGet', security: [{clientId: [], secret: []}], responses: {'200': {description: 'OK'}}}},
    '/oauth2/token': {post: {operationId: 'ObtainToken', security: [], responses: {'200': {description: 'OK'}}}},
    '/either': {get: {operationId: 'either', security: [{clientId: []}, {oauth2: ['PAYMENTS_WRITE']}], responses: {}}},
  },
});

test('the security requirement in words: every scheme of a combined requirement, the OAuth scopes, none, or one of several', () => {
  const operation = (where: string, method = 'post') => (securityApi.paths as Record<string, Record<string, JsonObject>>)[where]![method]!;
  assert.equal(
    securitySentence(securityApi, operation('/v2/payments')),
    '`oauth2` (OAuth 2.0, authorization code flow) with the scopes `PAYMENTS_WRITE` and `ORDERS_WRITE`.',
  );
  assert.equal(
    securitySentence(securityApi, operation('/item/get')),
    '`clientId` (an API key in the `PLAID-CLIENT-ID` header) and `secret` (an API key in the `PLAID-SECRET` header).',
  );
  assert.equal(securitySentence(securityApi, operation('/oauth2/token')), 'None.');
  assert.match(
    securitySentence(securityApi, operation('/either', 'get'))!,
    /^One of: `clientId` .+ or `oauth2` .+ with the scope `PAYMENTS_WRITE`\.$/,
  );
  assert.equal(securitySentence(api({}), {}), undefined);
  // A scheme without a description is described from its fields, never left empty.
  assert.equal(schemeDescription({type: 'apiKey', in: 'header', name: 'PLAID-CLIENT-ID'}), 'An API key in the `PLAID-CLIENT-ID` header.');
  assert.equal(schemeDescription({type: 'oauth2', description: '  '}), 'OAuth 2.0.');
  assert.equal(schemeDescription({type: 'apiKey', description: 'Your secret.'}), 'Your secret.');
});

test('an operation page shows its requirement and scopes after its description, and its twin carries it with each scheme described', () => {
  const body =
    '\n<MethodEndpoint\n  method={"post"}\n>\n</MethodEndpoint>\n\nCreates a payment.\n\n<Heading\n  id={"request"}\n  as={"h2"}\n>\n</Heading>\n';
  const schemes = (securityApi.components as JsonObject).securitySchemes;
  const page = withSecurityRequirement(body, {method: 'post', security: [{oauth2: ['PAYMENTS_WRITE']}], securitySchemes: schemes});
  assert.match(
    page,
    /Creates a payment\.\n\n\*\*Authentication:\*\* `oauth2` \(OAuth 2\.0, authorization code flow\) with the scope `PAYMENTS_WRITE`\.\n\n<Heading\n {2}id=\{"request"\}/,
  );
  // A webhook is called by the provider: no requirement to show.
  assert.equal(withSecurityRequirement(body, {method: 'event', security: [{oauth2: []}], securitySchemes: schemes}), body);
  const entry = operationsOf(securityApi).find((candidate) => candidate.pageId === 'item-get')!;
  const twin = operationMarkdown(securityApi, entry, 'Get an item');
  assert.match(
    twin,
    /## Authentication\n\n`clientId` \(an API key in the `PLAID-CLIENT-ID` header\) and `secret` \(an API key in the `PLAID-SECRET` header\)\.\n\n/,
  );
  assert.match(twin, /- `clientId` \(an API key in the `PLAID-CLIENT-ID` header\): An API key in the `PLAID-CLIENT-ID` header\./);
  assert.match(twin, /- `secret` \(an API key in the `PLAID-SECRET` header\): Your secret\./);
  assert.doesNotMatch(twin, /\): *$/m);
});

test('an overview has one version badge: the API’s own version, where it differs from the docs version, is said under the title', () => {
  const body = [
    '',
    '<span',
    '  className={"theme-doc-version-badge badge badge--secondary"}',
    '  children={"Version: 2.0"}',
    '>',
    '</span>',
    '',
    '<Heading',
    '  as={"h1"}',
    '  className={"openapi__heading"}',
    '  children={"Square Connect API"}',
    '>',
    '</Heading>',
    '',
    'Client library',
  ].join('\n');
  const square = withOneVersionBadge(body, '2.0', '3.0.0');
  assert.doesNotMatch(square, /theme-doc-version-badge/);
  assert.match(square, /<\/Heading>\n\nAPI version: `2\.0`\n/);
  const own = withOneVersionBadge(body, '3.0.0', '3.0.0');
  assert.doesNotMatch(own, /theme-doc-version-badge|API version/);
});

test('a provider’s security schemes without a description get one from their fields, for the overview that lists them', () => {
  const plaid = api({
    components: {
      securitySchemes: {
        clientId: {type: 'apiKey', in: 'header', name: 'PLAID-CLIENT-ID'},
        own: {type: 'http', scheme: 'bearer', description: 'Ours.\n\nKept.'},
      },
    },
  });
  const schemes = (providerDocument(plaid, {provider: true}).document.components as {securitySchemes: Record<string, JsonObject>})
    .securitySchemes;
  assert.equal(schemes.clientId!.description, 'An API key in the `PLAID-CLIENT-ID` header.');
  assert.equal(schemes.own!.description, 'Ours.\n\nKept.');
});

test('webhooks in `x-webhooks` (OpenAPI 3.0, GitHub’s) have twins, sent by the provider', () => {
  const github = api({
    info: {title: 'GitHub v3 REST API', version: '1'},
    'x-webhooks': {
      'branch-protection-rule-created': {post: {operationId: 'branch-protection-rule/created', responses: {'200': {description: 'OK'}}}},
    },
  });
  const [entry] = operationsOf(github);
  assert.deepEqual([entry?.pageId, entry?.webhook], ['branch-protection-rule-created', true]);
  assert.match(
    operationMarkdown(github, entry!, 'created', [], 'GitHub v3 REST API'),
    /Webhook `branch-protection-rule-created`: GitHub v3 REST API sends `POST` to your URL\./,
  );
});

test('a `<br>` (GitHub’s, after a code fence) is closed as MDX needs it, and a page that still does not parse is named with its operation', () => {
  assert.equal(
    withVoidElementsClosed('```\ngzip -c\n```\n<br>\nSARIF `<br>` <hr class="x">'),
    '```\ngzip -c\n```\n<br />\nSARIF `<br>` <hr class="x" />',
  );
  const page = [
    '---',
    'id: code-scanning-upload-sarif',
    'api: {"method":"post","path":"/repos/{owner}/{repo}/code-scanning/sarifs"}',
    '---',
    '',
    'text',
    '<br>',
    'more',
    '',
  ].join('\n');
  assert.equal(pageOperation(page), 'POST /repos/{owner}/{repo}/code-scanning/sarifs');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'provider-page-')), 'code-scanning-upload-sarif.api.mdx');
  writeFileSync(file, page);
  assert.throws(
    () => collectDiagrams([file], '11'),
    (error: unknown) =>
      error instanceof GeneratedPageError &&
      error.message.includes(
        'code-scanning-upload-sarif.api.mdx (POST /repos/{owner}/{repo}/code-scanning/sarifs): its MDX does not parse (',
      ) &&
      error.message.includes('<br>'),
  );
});

test('a twin leaves out an example that has no value (GitHub’s “Restarting an import”, a summary only)', () => {
  const github = api({
    servers: [{url: 'https://api.github.com'}],
    paths: {
      '/import': {
        patch: {
          operationId: 'migrations/update-import',
          requestBody: {
            content: {
              'application/json': {schema: {type: 'object'}, examples: {a: {summary: 'Restarting an import'}, b: {value: {vcs: 'git'}}}},
            },
          },
          responses: {'200': {description: 'OK'}},
        },
      },
    },
  });
  const twin = operationMarkdown(github, operationsOf(github)[0]!, 'Update an import');
  assert.doesNotMatch(twin, /Example: Restarting an import/);
  assert.match(twin, /Example: b\n\n```json\n\{\n {2}"vcs": "git"\n\}\n```/);
});
