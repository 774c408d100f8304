/**
 * The guides' tab sets of samples (src/plugins/sample-tabs): a request written once, as its
 * operation and JSON, gets its tabs in every sample language from the one request model, and the
 * tabs after the first load on demand from a samples file, so a page carries its first tab only.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {factSources} from '../../src/lib/facts';
import {parseMdxPage} from '../../src/lib/mdx-tree';
import {sampleRequestOf, type JsonObject} from '../../src/lib/openapi';
import type {CodeSample} from '../../src/lib/openapi/operation-summary';
import {codeSamples, sampleLanguages} from '../../src/lib/sample-languages';
import {authoredSampleTabSets} from '../../src/plugins/sample-tabs/pages';
import remarkSampleTabs from '../../src/plugins/sample-tabs/remark';
import {sampleLanguageParameter, sampleTabsClassName} from '../../config/site-constants';
import {
  expandSampleTabSets,
  onDemandComponent,
  samplesFileAttribute,
  tabItems,
  type MdastNode,
} from '../../src/plugins/sample-tabs/tab-sets';

const v3 = factSources().v3 as JsonObject;
const expand = (text: string) => {
  const tree = parseMdxPage(text) as MdastNode;
  return {tree, sets: expandSampleTabSets(tree, {document: v3, where: (line) => `page.mdx:${line}`})};
};

const requestPage = `<Tabs>
<TabItem value="json" label="JSON">

\`\`\`json title="POST /v3/orders/7b2e9c40-5f13-4a8d-a6c1-0e94d3b85f27/captures" operation="captureAnOrder" part="request"
{"reference": "SHIP-1"}
\`\`\`

Response:

\`\`\`json title="201 Created" operation="captureAnOrder" part="response" status="201"
{}
\`\`\`

</TabItem>
</Tabs>
`;

function find(tree: MdastNode, accepts: (node: MdastNode) => boolean): MdastNode[] {
  const found: MdastNode[] = [];
  const visit = (node: MdastNode) => {
    if (accepts(node)) found.push(node);
    node.children?.forEach(visit);
  };
  visit(tree);
  return found;
}

test('a request written once gets a tab in every sample language, from the request model, on demand', () => {
  const {tree, sets} = expand(requestPage);
  assert.equal(sets.length, 1);
  const [set] = sets;
  const expected = codeSamples(
    sampleRequestOf(v3, {
      operationId: 'captureAnOrder',
      title: 'POST /v3/orders/7b2e9c40-5f13-4a8d-a6c1-0e94d3b85f27/captures',
      body: {reference: 'SHIP-1'},
    }),
  );
  assert.deepEqual(set!.onDemand, expected);
  assert.deepEqual(JSON.parse(set!.file!.text), expected);
  assert.match(expected.find((sample) => sample.lang === 'python')!.source, /SHIP-1/);
  const [wrapper] = find(tree, (node) => node.name === 'div');
  assert.equal(wrapper!.attributes!.find((attribute) => attribute.name === samplesFileAttribute)!.value, set!.file!.url);
  const tabs = wrapper!.children![0]!;
  assert.equal(tabs.name, 'Tabs');
  assert.ok(
    tabs.attributes!.some((attribute) => attribute.name === 'lazy'),
    'the tab set renders only the chosen tab',
  );
  const items = tabItems(tabs);
  assert.deepEqual(
    items.map((item) => item.attributes!.find((attribute) => attribute.name === 'value')!.value),
    ['json', ...sampleLanguages.map((language) => language.id)],
  );
  // The page carries the JSON tab's code, and for every other tab only what loads it.
  assert.equal(find(tree, (node) => node.type === 'code').length, 2);
  for (const item of items.slice(1)) assert.equal(item.children![0]!.name, onDemandComponent);
});

test('every tab set of samples carries the language in the URL and wraps its tab row, and other tab sets are left alone', () => {
  const tree = parseMdxPage(`<Tabs>
<TabItem value="python" label="Python">

\`\`\`python
print(1)
\`\`\`

</TabItem>
</Tabs>

<Tabs>
<TabItem value="mac" label="macOS">

Steps.

</TabItem>
</Tabs>
`) as MdastNode;
  const transform = remarkSampleTabs.call({parse: () => ({type: 'root', children: []})});
  transform(tree, {path: 'docs/page.mdx'});
  const [samples, other] = find(tree, (node) => node.name === 'Tabs');
  const attributesOf = (node: MdastNode | undefined) =>
    Object.fromEntries((node?.attributes ?? []).map((attribute) => [attribute.name, attribute.value]));
  assert.deepEqual(attributesOf(samples), {queryString: sampleLanguageParameter, className: sampleTabsClassName});
  assert.deepEqual(attributesOf(other), {});
});

test("a path parameter left as {name} in a request's title takes the operation's example", () => {
  const request = sampleRequestOf(v3, {operationId: 'readSession', title: 'GET /v3/sessions/{sessionId}'});
  assert.match(request.url, /^https:\/\/api\.sandbox\.tessera\.example\/v3\/sessions\/[0-9a-f-]{36}$/);
  assert.equal(request.body, undefined);
  assert.throws(() => sampleRequestOf(v3, {operationId: 'readSession', title: 'GET /v3/orders/{orderId}'}), /does not match/);
  assert.throws(() => sampleRequestOf(v3, {operationId: 'readSession', title: 'POST /v3/sessions/{sessionId}'}), /not a GET request/);
});

test('a hand-written program tab set keeps its first tab in the page and loads the others on demand', () => {
  const {tree, sets} = expand(`<Tabs>
<TabItem value="php" label="PHP">

\`\`\`php title="handler.php"
<?php echo 1;
\`\`\`

</TabItem>
<TabItem value="csharp" label="C#">

\`\`\`csharp title="Program.cs"
Console.WriteLine(1);
\`\`\`

</TabItem>
</Tabs>

<Tabs>
<TabItem value="npm" label="npm">a</TabItem>
<TabItem value="yarn" label="Yarn">b</TabItem>
</Tabs>
`);
  assert.deepEqual(
    sets.map((set) => set.onDemand),
    [[{lang: 'csharp', label: 'C#', highlight: 'csharp', source: 'Console.WriteLine(1);', title: 'Program.cs'}] satisfies CodeSample[]],
  );
  assert.equal(find(tree, (node) => node.type === 'code').length, 1);
});

test("a request tab set that names what the operation does not have fails with the page's line", () => {
  assert.throws(
    () => expand(requestPage.replace('captureAnOrder" part="request"', 'readSession" part="request"')),
    /page\.mdx:4: .*not a GET/,
  );
});

test('every request tab set of the docs renders, and each page names its samples files', () => {
  const pages = authoredSampleTabSets();
  const requests = pages.flatMap((page) => page.sets.filter((set) => set.request));
  assert.ok(requests.length >= 35, `${requests.length} requests written once`);
  for (const set of requests) {
    assert.deepEqual(
      set.onDemand.map((sample) => sample.lang),
      sampleLanguages.map((language) => language.id),
    );
  }
});
