/**
 * The end of a docs page's first screen (src/plugins/hold-first-paint/first-screen.ts), which the
 * first paint waits for: the blocks that end within the first screen's source, a table that starts
 * there whole, and never less than the content's first block.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import remarkFirstScreenEnd, {
  firstScreenEndId,
  firstScreenEndIndex,
  firstScreenSourceLength,
} from '../../src/plugins/hold-first-paint/first-screen';

type Block = {type: string; position: {start: {offset: number}; end: {offset: number}}; children?: Block[]; name?: string};

/** Top-level blocks laid end to end, each `[type, source length]`, the first at `start`. */
function page(blocks: [string, number][], start = 0): {type: 'root'; children: Block[]} {
  let offset = start;
  const children = blocks.map(([type, length]) => {
    const block: Block = {type, position: {start: {offset}, end: {offset: offset + length}}};
    offset += length + 2;
    return block;
  });
  return {type: 'root', children};
}

const screen = firstScreenSourceLength;

test('a table that starts on the first screen is waited for whole, however long', () => {
  // The notifications page: a paragraph, a heading, then the events table.
  const tree = page([
    ['paragraph', 400],
    ['heading', 10],
    ['table', 4 * screen],
    ['heading', 30],
  ]);
  assert.equal(firstScreenEndIndex(tree), 3);
});

test('a table inside a block (a tab, an admonition) counts as a table', () => {
  const tree = page([
    ['paragraph', 400],
    ['mdxJsxFlowElement', 3 * screen],
  ]);
  tree.children[1].children = [{type: 'table', position: {start: {offset: 500}, end: {offset: 600}}}];
  assert.equal(firstScreenEndIndex(tree), 2);
});

test('prose: the blocks that end within the first screen', () => {
  const tree = page([
    ['paragraph', 1000],
    ['paragraph', 1000],
    ['paragraph', 1000],
    ['paragraph', 1000],
  ]);
  assert.equal(firstScreenEndIndex(tree), 2);
});

test('a long block after the first (an operation’s request schema) is not waited for', () => {
  const tree = page([
    ['heading', 20],
    ['mdxJsxFlowElement', 80],
    ['mdxJsxFlowElement', 20 * screen],
    ['paragraph', 100],
  ]);
  assert.equal(firstScreenEndIndex(tree), 2);
});

test('the first block that shows something is always waited for, after the imports and comments', () => {
  const tree = page(
    [
      ['mdxjsEsm', 5000],
      ['mdxFlowExpression', 40],
      ['paragraph', 3 * screen],
      ['paragraph', 10],
    ],
    0,
  );
  assert.equal(firstScreenEndIndex(tree), 3);
  // The first screen is counted from the content's start, not the file's.
  const afterImports = page([
    ['mdxjsEsm', 5000],
    ['heading', 20],
    ['paragraph', 1000],
    ['paragraph', 1000],
  ]);
  assert.equal(firstScreenEndIndex(afterImports), 4);
});

test('the plugin puts one hidden, empty element with the id there', () => {
  const tree = page([
    ['paragraph', 400],
    ['table', 100],
    ['paragraph', 4 * screen],
  ]);
  remarkFirstScreenEnd()(tree);
  const markers = tree.children.filter((child) => child.name === 'div');
  assert.equal(markers.length, 1);
  assert.equal(tree.children.indexOf(markers[0]), 2);
  assert.deepEqual(markers[0], {
    type: 'mdxJsxFlowElement',
    name: 'div',
    attributes: [
      {type: 'mdxJsxAttribute', name: 'id', value: firstScreenEndId},
      {type: 'mdxJsxAttribute', name: 'hidden', value: null},
    ],
    children: [],
  });
});
