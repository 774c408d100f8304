/** The reader's sample language: which tab sets follow it, and how the URL keeps it from page to page. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {mdxFromMarkdown} from 'mdast-util-mdx';
import {mdxjs} from 'micromark-extension-mdxjs';
import {frontmatter} from 'micromark-extension-frontmatter';
import {frontmatterFromMarkdown} from 'mdast-util-frontmatter';
import {escapeMarkdownHeadingIds} from '@docusaurus/utils';
import remarkSampleTabs, {isSampleTabSet, sampleTabValues, tabValues} from '../../src/plugins/sample-tabs/remark';
import {searchWithLanguage} from '../../src/components/SampleLanguage/url';
import {sampleLanguageParameter} from '../../config/site-constants';
import {authoredPages} from '../support/guides';

type Node = {type: string; name?: string; attributes?: {type: string; name?: string; value?: unknown}[]; children?: Node[]};

const parse = (text: string) =>
  fromMarkdown(escapeMarkdownHeadingIds(text), {
    extensions: [frontmatter(), mdxjs()],
    mdastExtensions: [frontmatterFromMarkdown(), mdxFromMarkdown()],
  }) as unknown as Node;

function tabSets(tree: Node): Node[] {
  const found: Node[] = [];
  const visit = (node: Node) => {
    if (node.name === 'Tabs') found.push(node);
    node.children?.forEach(visit);
  };
  visit(tree);
  return found;
}

/** The remark plugin as the build runs it on the page at `file`, the parser its processor's. */
const runSampleTabs = (tree: Node, file: string) =>
  remarkSampleTabs.call({parse: (text: string) => parse(text) as never})(tree as never, {path: file});

const queryStringOf = (tabs: Node) => tabs.attributes?.find((attribute) => attribute.name === 'queryString')?.value;

test('a tab set of code samples reads the language from the URL; other tab sets are left alone', () => {
  const tree = parse(`<Tabs>
<TabItem value="json" label="JSON">a</TabItem>
<TabItem value="php" label="PHP">b</TabItem>
<TabItem value="csharp" label="C#">c</TabItem>
</Tabs>

<Tabs>
<TabItem value="npm" label="npm">a</TabItem>
<TabItem value="yarn" label="Yarn">b</TabItem>
</Tabs>

<Tabs groupId="own">
<TabItem value="python" label="Python">a</TabItem>
<TabItem value="go" label="Go">b</TabItem>
</Tabs>
`);
  runSampleTabs(tree, 'docs/example.mdx');
  const [samples, other, own] = tabSets(tree);
  assert.equal(queryStringOf(samples!), sampleLanguageParameter);
  assert.equal(queryStringOf(other!), undefined);
  // A tab set that says how it keeps its choice keeps its own way.
  assert.equal(queryStringOf(own!), undefined);
});

test('every tab set of code samples in the docs follows the reader', () => {
  let sampleSets = 0;
  for (const file of authoredPages()) {
    if (!file.endsWith('.mdx')) continue;
    const tree = parse(readFileSync(file, 'utf8'));
    runSampleTabs(tree, file);
    for (const tabs of tabSets(tree)) {
      const values = tabValues(tabs);
      // A tab set with a sample language in it is one of code samples: it must follow the reader.
      if (values.some((value) => value !== 'json' && sampleTabValues.has(value))) {
        assert.ok(isSampleTabSet(tabs), `${file}: tab values ${values.join(', ')} are not all sample languages`);
        assert.equal(queryStringOf(tabs), sampleLanguageParameter, `${file}: a tab set of ${values.join(', ')} does not follow the reader`);
        sampleSets += 1;
      }
    }
  }
  assert.ok(sampleSets > 30, `${sampleSets} tab sets of code samples`);
});

test('the URL keeps the chosen language on the next page unless that page names one', () => {
  assert.equal(searchWithLanguage('', 'python'), '?lang=python');
  assert.equal(searchWithLanguage('?q=refund', 'go'), '?q=refund&lang=go');
  assert.equal(searchWithLanguage('?lang=php', 'go'), null);
  assert.equal(searchWithLanguage('?q=refund', null), null);
});
