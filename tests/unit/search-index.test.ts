/**
 * What the search index keeps of a page (config/search.ts), checked with the search plugin's own
 * page parser: an upgrade that parses pages differently, or stops removing `ignoreCssSelectors`
 * in order before reading a page, fails here.
 */
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {test} from 'node:test';
import {searchIndexExclusions} from '../../config/search';

type Parsed = {pageTitle: string; breadcrumb: string[]; sections: {title: string; content: string}[]};
const require = createRequire(import.meta.url);
const {parse} = require('@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse.js') as {
  parse: (html: string, type: 'docs', url: string, options: {ignoreCssSelectors: string[]; forceIgnoreNoIndex: boolean}) => Parsed;
};

const docsPage = `<html><body>
<nav class="navbar"><a class="navbar__item navbar__link navbar__link--active" href="/docs/3.0.0/x">Guides</a></nav>
<div class="main-wrapper"><nav class="menu"><ul class="theme-doc-sidebar-menu menu__list">
  <li class="theme-doc-sidebar-item-category theme-doc-sidebar-item-category-level-1 menu__list-item">
    <div class="menu__list-item-collapsible"><a class="menu__link menu__link--active" href="/c">Tessera documentation</a></div>
    <ul class="menu__list"><li class="theme-doc-sidebar-item-category theme-doc-sidebar-item-category-level-2 menu__list-item">
      <div class="menu__list-item-collapsible"><a class="menu__link menu__link--active" href="/q">Quick guides</a></div>
    </li></ul>
  </li></ul></nav>
<article>
  <nav class="theme-doc-breadcrumbs"><span>Tessera documentation</span></nav>
  <div class="theme-doc-toc-mobile"><button>On this page</button></div>
  <div class="theme-doc-markdown markdown">
    <header><h1>Refund the order</h1></header>
    <p>Lead of the page.</p>
    <p>Second paragraph of the page.</p>
    <h2 id="errors"><a class="hash-link" href="#errors"></a>Errors</h2>
    <p>Lead of the section.</p>
    <div class="theme-code-block"><pre><code>$client->post('/v3/refunds');</code></pre></div>
    <table><thead><tr><th>Code</th><th>What to do</th></tr></thead>
      <tbody><tr><td><code>refund_window_closed</code></td><td>Refund another way.</td></tr></tbody></table>
    <details><summary><h3>Body</h3></summary><p>amount integer required</p></details>
    <section class="row"><article><a class="card" href="/docs/3.0.0/api/deactivate-token"><h2>📄️ Deactivate a token</h2></a></article></section>
    <h2 id="next"><a class="hash-link" href="#next"></a>Next steps</h2>
    <ul><li><a href="/docs/3.0.0/a">Capture the order</a> when it ships.</li><li><a href="/docs/3.0.0/b">Order lines</a></li></ul>
    <h2 id="limits"><a class="hash-link" href="#limits"></a>Limits</h2>
    <ul><li>Refunds for <strong>180 days</strong>, then <code>refund_window_closed</code>.</li><li><a href="/docs/3.0.0/c">Rate limits</a></li></ul>
    <button>Copy page as Markdown</button>
  </div>
</article></div></body></html>`;

test('search index: a docs page keeps its title, headings, prose and every table column, under its sidebar place', () => {
  const parsed = parse(docsPage, 'docs', '/docs/3.0.0/x', {ignoreCssSelectors: searchIndexExclusions, forceIgnoreNoIndex: false});
  assert.equal(parsed.pageTitle, 'Refund the order');
  // Not the navbar's active item, nor the sidebar's single top category.
  assert.deepEqual(parsed.breadcrumb, ['Quick guides']);
  assert.deepEqual(
    parsed.sections.map((section) => section.title),
    ['Refund the order', 'Errors', 'Next steps', 'Limits'],
  );
  const [opening, errors, nextSteps, limits] = parsed.sections;
  assert.match(opening!.content, /Lead of the page\. Second paragraph of the page\./);
  // A list of links to other pages goes; a list that says something stays.
  assert.equal(nextSteps!.content, '');
  assert.match(limits!.content, /refund_window_closed/);
  assert.match(errors!.content, /Lead of the section\./);
  assert.match(errors!.content, /refund_window_closed/);
  assert.match(errors!.content, /Refund another way\./);
  assert.match(errors!.content, /What to do/);
  for (const left of ['$client', 'amount integer', 'Deactivate a token', 'Copy page', 'On this page']) {
    assert.doesNotMatch(errors!.content, new RegExp(left.replace(/[$]/g, '\\$')), left);
  }
});

const objectPage = `<html class="docs-doc-id-objects/address"><body><article><div class="theme-doc-markdown markdown">
  <header><h1>Address object</h1></header>
  <p>A postal address.</p>
  <h2 id="fields"><a class="hash-link" href="#fields"></a>Fields</h2>
  <table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
    <tbody><tr><td><code>careOf</code></td><td>string</td><td>Care-of name (c/o).</td></tr></tbody></table>
  <h2 id="example"><a class="hash-link" href="#example"></a>Example</h2>
  <div class="theme-code-block"><pre><code>{"careOf": "c/o Berg"}</code></pre></div>
</div></article></body></html>`;

test('search index: an object page keeps its fields and their descriptions with the page, not the headings every object page repeats', () => {
  const parsed = parse(objectPage, 'docs', '/docs/3.0.0/objects/address', {
    ignoreCssSelectors: searchIndexExclusions,
    forceIgnoreNoIndex: false,
  });
  assert.deepEqual(
    parsed.sections.map((section) => section.title),
    ['Address object'],
  );
  assert.match(parsed.sections[0]!.content, /A postal address\..*careOf.*Care-of name \(c\/o\)\./);
  assert.doesNotMatch(parsed.sections[0]!.content, /c\/o Berg/);
});

const apiOperationPage = `<html><body><article><div class="theme-doc-markdown markdown"><div class="row theme-api-markdown">
<div class="col col--7 openapi-left-panel__container">
  <h1 class="openapi__heading">Capture an order</h1>
  <pre class="openapi__method-endpoint"><span class="badge">POST</span> <h2 class="openapi__method-endpoint-path">/v3/orders/:orderId/captures</h2></pre>
  <div class="openapi__divider"></div>
  <div class="theme-admonition"><p>Moving to V3: this is captureOrder.</p></div>
  <p>Captures authorized money so that it settles to your account.</p>
  <ul><li>Omit amount to capture everything.</li></ul>
  <p>Capturing more than remains fails with 422 amount_exceeds_capturable.</p>
  <h2 class="anchor openapi-tabs__heading" id="request"><a class="hash-link" href="#request"></a>Request</h2>
  <details><summary><h3>Path Parameters</h3></summary><p>orderId string required</p></details>
</div></div></div></article></body></html>`;

test('search index: an API operation keeps its title and its whole description, not its schemas nor the headings every operation repeats', () => {
  const parsed = parse(apiOperationPage, 'docs', '/docs/3.0.0/api/capture-an-order', {
    ignoreCssSelectors: searchIndexExclusions,
    forceIgnoreNoIndex: false,
  });
  assert.equal(parsed.pageTitle, 'Capture an order');
  assert.ok(!parsed.sections.some((section) => section.title === 'Request'), 'the repeated "Request" heading');
  const text = parsed.sections.map((section) => section.content).join(' ');
  assert.match(text, /Moving to V3/);
  assert.match(text, /Captures authorized money/);
  assert.match(text, /Omit amount to capture everything\./);
  assert.match(text, /amount_exceeds_capturable/);
  assert.doesNotMatch(text, /orderId string/);
});
