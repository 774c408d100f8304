/**
 * Remark plugin: renders the sandbox test values of openapi/tessera-v3.yaml
 * (`x-sandbox-test-data`, read by src/lib/sandbox-test-data.ts) into the page at build time, so
 * that a value is written once and every page shows the same one, with no JavaScript of its own.
 *
 * - `<SandboxTestValue id="card_authorized" />` becomes the value as inline code;
 *   add `withDetails` for the value followed by what else to enter ("with any future expiry date
 *   and CVC `123`").
 * - `<SandboxTestValues category="card" />` becomes where to use that category's values, then a
 *   table of its values, outcomes and what the reader observes.
 *
 * An unknown id or category fails the build, and so does a tag this plugin did not replace (MDX
 * cannot render a component that is not defined).
 */
import path from 'node:path';
import {describeResult, loadSandboxTestData, type SandboxTestData, type SandboxTestValue} from '../../lib/sandbox-test-data';

export const valueTag = 'SandboxTestValue';
export const tableTag = 'SandboxTestValues';

type MdastNode = {
  type: string;
  name?: string | null;
  value?: string;
  url?: string;
  children?: MdastNode[];
  attributes?: {type: string; name?: string; value?: unknown}[];
  align?: (string | null)[];
  position?: {start: {line: number}};
};

/** Text with `code spans` → text and inlineCode nodes (the only markup the data uses). */
export function inlineMarkdown(text: string): MdastNode[] {
  return text
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) => (part.startsWith('`') ? {type: 'inlineCode', value: part.slice(1, -1)} : {type: 'text', value: part}));
}

export function valueNodes(entry: SandboxTestValue, withDetails: boolean): MdastNode[] {
  const nodes: MdastNode[] = [{type: 'inlineCode', value: entry.value}];
  // A phrase that reads on from the value by itself ("or any other…", "as the card…") takes no "with".
  if (withDetails && entry.with) nodes.push(...inlineMarkdown(`${/^(or|as) /.test(entry.with) ? ' ' : ' with '}${entry.with}`));
  return nodes;
}

const cell = (children: MdastNode[]): MdastNode => ({type: 'tableCell', children});
const row = (cells: MdastNode[][]): MdastNode => ({type: 'tableRow', children: cells.map(cell)});

export function tableNode(data: SandboxTestData, category: string): MdastNode {
  const entries = data.values.filter((entry) => entry.category === category);
  const header = row([[{type: 'text', value: 'Test value'}], [{type: 'text', value: 'Outcome'}], [{type: 'text', value: 'What you see'}]]);
  const rows = entries.map((entry) => {
    const results: MdastNode[] = entry.results.flatMap((result, index) => [
      ...(index > 0 ? [{type: 'text', value: ', '}] : []),
      ...inlineMarkdown(describeResult(result)),
    ]);
    return row([valueNodes(entry, true), inlineMarkdown(entry.outcome), results]);
  });
  return {type: 'table', align: [null, null, null], children: [header, ...rows]};
}

const attributeOf = (node: MdastNode, name: string) => node.attributes?.find((attribute) => attribute.name === name);

export default function remarkSandboxTestValues(options: {data?: SandboxTestData} = {}) {
  return (tree: MdastNode, file: {path?: string}): void => {
    // Read for each page that needs it, so that `npm start` shows an edit of the OpenAPI file.
    let data = options.data;
    const where = (node: MdastNode) => `${path.basename(file.path ?? '(unknown file)')}:${node.position?.start.line ?? '?'}`;
    const replace = (parent: MdastNode): void => {
      const children = parent.children ?? [];
      for (let index = 0; index < children.length; index++) {
        const node = children[index]!;
        const isJsx = node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement';
        if (isJsx && node.name === valueTag) {
          data ??= loadSandboxTestData();
          const id = attributeOf(node, 'id')?.value;
          const entry = data.values.find((candidate) => candidate.id === id);
          if (!entry) throw new Error(`${where(node)}: no sandbox test value with id "${String(id)}"`);
          const nodes = valueNodes(entry, Boolean(attributeOf(node, 'withDetails')));
          if (node.type === 'mdxJsxFlowElement') children.splice(index, 1, {type: 'paragraph', children: nodes});
          else {
            children.splice(index, 1, ...nodes);
            index += nodes.length - 1;
          }
        } else if (isJsx && node.name === tableTag) {
          data ??= loadSandboxTestData();
          const category = attributeOf(node, 'category')?.value;
          if (!data.categories.some((candidate) => candidate.id === category)) {
            throw new Error(`${where(node)}: no sandbox test data category "${String(category)}"`);
          }
          const {enteredIn} = data.categories.find((candidate) => candidate.id === category)!;
          const usage: MdastNode = {
            type: 'paragraph',
            children: [
              {type: 'strong', children: [{type: 'text', value: 'Where to use them:'}]},
              {type: 'text', value: ' '},
              ...inlineMarkdown(enteredIn),
            ],
          };
          children.splice(index, 1, usage, tableNode(data, String(category)));
          index += 1;
        } else {
          replace(node);
        }
      }
    };
    replace(tree);
  };
}
