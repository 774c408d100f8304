/**
 * Remark plugin: the tab sets of code samples on an authored page.
 *
 * - A request written once, as its operation and JSON, gets its tabs in every sample language, and
 *   the tabs after the first load on demand (./tab-sets.ts).
 * - Every tab set of samples reads and writes the reader's language in the URL
 *   (`queryString="lang"`), as the operation pages' request samples do. So a language chosen on any
 *   page is the one every page shows (src/components/SampleLanguage keeps it in the URL), and a
 *   writer adding a tab set has nothing to remember.
 * - Every such tab row wraps rather than scrolls (`sampleTabsClassName`), as the request samples' does.
 * - Each request is followed by "Run in the sandbox" (src/components/RunInSandbox), which runs the
 *   step in the reader's browser in the state of the visit's consoles.
 */
import path from 'node:path';
import {sampleLanguageParameter, sampleTabsClassName} from '../../../config/site-constants';
import {siteDir} from '../../lib/openapi';
import {writeRequestSamplesFile} from '../../lib/openapi/request-samples-file';
import {documentOfPage} from './pages';
import {expandSampleTabSets, isJsx, isSampleTabSet, onDemandImport, shownRequest, type MdastNode} from './tab-sets';

/** What follows each request a guide shows: a button that runs it in the sandbox of the reader's browser. */
const runInSandbox = 'RunInSandbox';
const runInSandboxImport = `import ${runInSandbox} from '@site/src/components/${runInSandbox}';`;

/** Puts a RunInSandbox after every tab set that shows a request (before the sets are expanded); true if it put one. */
function addRunInSandbox(parent: MdastNode): boolean {
  const children = parent.children;
  if (!children) return false;
  let added = false;
  for (let index = 0; index < children.length; index += 1) {
    const child = children[index]!;
    const request = isJsx(child) && child.name === 'Tabs' ? shownRequest(child) : undefined;
    if (!request) {
      added = addRunInSandbox(child) || added;
      continue;
    }
    const attributes = [
      {type: 'mdxJsxAttribute', name: 'operation', value: request.operationId},
      {type: 'mdxJsxAttribute', name: 'title', value: request.title},
      ...(request.body === undefined ? [] : [{type: 'mdxJsxAttribute', name: 'body', value: JSON.stringify(request.body)}]),
    ];
    children.splice(index + 1, 0, {type: 'mdxJsxFlowElement', name: runInSandbox, attributes, children: []});
    index += 1;
    added = true;
  }
  return added;
}

export {isSampleTabSet, sampleTabValues, tabValues} from './tab-sets';

type Processor = {parse(text: string): MdastNode};

export default function remarkSampleTabs(this: Processor) {
  // eslint-disable-next-line @typescript-eslint/no-this-alias -- the processor parses the import with the page's own syntax (MDX ESM, with its estree).
  const processor = this;
  return (tree: MdastNode, file: {path?: string}): void => {
    const page = file.path ?? '';
    const runs = addRunInSandbox(tree);
    const sets = expandSampleTabSets(tree, {
      document: documentOfPage(page),
      where: (line) => `${path.relative(siteDir, page)}:${line ?? '?'}`,
    });
    // scripts/generate-api-docs.ts writes every page's files before a build; a page edited while
    // `npm start` runs names a new one, written here.
    for (const set of sets) if (set.file) writeRequestSamplesFile(siteDir, set.onDemand);
    if (sets.some((set) => set.file)) tree.children = [...processor.parse(onDemandImport).children!, ...(tree.children ?? [])];
    if (runs) tree.children = [...processor.parse(runInSandboxImport).children!, ...(tree.children ?? [])];
    const visit = (node: MdastNode): void => {
      if (isJsx(node) && node.name === 'Tabs' && isSampleTabSet(node)) {
        const attributes = (node.attributes ??= []);
        if (!attributes.some((attribute) => attribute.name === 'queryString' || attribute.name === 'groupId')) {
          attributes.push({type: 'mdxJsxAttribute', name: 'queryString', value: sampleLanguageParameter});
        }
        if (!attributes.some((attribute) => attribute.name === 'className')) {
          attributes.push({type: 'mdxJsxAttribute', name: 'className', value: sampleTabsClassName});
        }
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}
