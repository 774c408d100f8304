/**
 * Where the first screen of a docs page ends, for the first paint to wait for (index.ts).
 *
 * What a busy phone paints half parsed may move once the rest is parsed: a line gains an inline
 * `code`, which Infima aligns to the middle, and grows 3 px; a table's columns widen as later cells
 * arrive and a wrapped header unwraps; the method badge of an operation page drops when the path
 * after it arrives. This remark plugin puts an empty, hidden marker where the first screen ends,
 * and the first paint waits for it: the reader's first frame holds the first screen whole.
 *
 * The first screen is measured in the page's source: the blocks that end within
 * `firstScreenSourceLength` characters of the content's start, and a table that starts within
 * them, whole. A longer block (an operation's request schema) is painted as it arrives, as before;
 * the marker comes after the content's first block at the earliest.
 */

/** The id of the marker element; the first paint waits until it is parsed. */
export const firstScreenEndId = 'first-screen-end';

/**
 * How much Markdown source a first screen shows, at most: a phone shows about 15 lines of 45
 * characters below the title, a desktop column about 25 lines of 100. Markup adds to the source,
 * so this is generous, and what lies beyond it is off screen.
 */
export const firstScreenSourceLength = 2500;

type Point = {offset?: number};
type MdastNode = {
  type: string;
  name?: string | null;
  children?: MdastNode[];
  attributes?: unknown[];
  position?: {start: Point; end: Point};
};

/** Top-level nodes that show nothing: ESM, front matter, `{/* comments *\/}`. */
const rendersNothing = new Set(['mdxjsEsm', 'yaml', 'toml', 'mdxFlowExpression']);

const holdsTable = (node: MdastNode): boolean => node.type === 'table' || (node.children ?? []).some(holdsTable);

/** The hidden, empty element the first paint waits for. */
const marker = (): MdastNode => ({
  type: 'mdxJsxFlowElement',
  name: 'div',
  attributes: [
    {type: 'mdxJsxAttribute', name: 'id', value: firstScreenEndId},
    {type: 'mdxJsxAttribute', name: 'hidden', value: null},
  ],
  children: [],
});

/** Where the marker goes among the top-level nodes of `root`: its index once inserted. */
export function firstScreenEndIndex(root: MdastNode): number {
  const children = root.children ?? [];
  const firstBlock = children.findIndex((child) => !rendersNothing.has(child.type));
  if (firstBlock < 0) return children.length;
  const contentStart = children[firstBlock].position?.start.offset;
  // Without positions (a tree built by a script), only the first block is known to be on screen.
  if (contentStart === undefined) return firstBlock + 1;
  const screenEnd = contentStart + firstScreenSourceLength;
  // After the first block at the earliest, not before it, so that it stays the block the theme
  // styles as the first (`.markdown h1:first-child`, `header + *`).
  let end = firstBlock + 1;
  for (let index = end; index < children.length; index++) {
    const {start, end: blockEnd} = children[index].position ?? {start: {}, end: {}};
    if (start.offset === undefined || start.offset >= screenEnd) break;
    const whole = (blockEnd.offset ?? Infinity) <= screenEnd || holdsTable(children[index]);
    if (!whole) break;
    end = index + 1;
  }
  return end;
}

/** Remark plugin: puts the first screen's end marker into a docs page. */
export default function remarkFirstScreenEnd() {
  return (root: MdastNode) => {
    root.children ??= [];
    root.children.splice(firstScreenEndIndex(root), 0, marker());
  };
}
