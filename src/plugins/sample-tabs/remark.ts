/**
 * Remark plugin: every tab set of code samples on an authored page (a `<Tabs>` whose tabs are
 * sample languages, or JSON beside them) reads and writes the reader's language in the URL
 * (`queryString="lang"`), as the operation pages' request samples do. So a language chosen on
 * any page is the one every page shows (src/components/SampleLanguage keeps it in the URL), and a
 * writer adding a tab set has nothing to remember.
 */
import {sampleLanguageParameter} from '../../../config/site-constants';
import {sampleLanguages} from '../../lib/sample-languages';

type JsxAttribute = {type: string; name?: string; value?: unknown};
type MdastNode = {type: string; name?: string | null; children?: MdastNode[]; attributes?: JsxAttribute[]};

/** The tab values that name a sample language: each language's id, and the JSON of a request. */
export const sampleTabValues: ReadonlySet<string> = new Set(['json', ...sampleLanguages.map((language) => language.id)]);

const isJsx = (node: MdastNode) => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';

/** The `value`s of a `<Tabs>`'s `<TabItem>` children (a paragraph holds those written inline). */
export function tabValues(tabs: MdastNode): string[] {
  return (tabs.children ?? [])
    .flatMap((child) => (child.type === 'paragraph' ? (child.children ?? []) : [child]))
    .filter((child) => isJsx(child) && child.name === 'TabItem')
    .map((item) => item.attributes?.find((attribute) => attribute.name === 'value')?.value)
    .filter((value): value is string => typeof value === 'string');
}

export function isSampleTabSet(tabs: MdastNode): boolean {
  const values = tabValues(tabs);
  return values.length > 1 && values.every((value) => sampleTabValues.has(value));
}

export default function remarkSampleTabs() {
  return (tree: MdastNode): void => {
    const visit = (node: MdastNode): void => {
      if (isJsx(node) && node.name === 'Tabs' && isSampleTabSet(node)) {
        const attributes = (node.attributes ??= []);
        if (!attributes.some((attribute) => attribute.name === 'queryString' || attribute.name === 'groupId')) {
          attributes.push({type: 'mdxJsxAttribute', name: 'queryString', value: sampleLanguageParameter});
        }
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}
