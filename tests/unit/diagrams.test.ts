/**
 * Mermaid diagrams drawn at build time: the fence finder and file names that
 * scripts/render-diagrams.ts and the remark plugin share, the remark replacement, and the text
 * alternative every diagram of the docs must carry.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {diagramFigureClass, diagramFontFamily} from '../../config/diagrams';
import {
  altTextOf,
  diagramHash,
  missingTextAlternative,
  normalizeDiagramSource,
  readTextAlternative,
  svgSize,
} from '../../src/plugins/prerendered-diagrams/diagrams';
import {findMermaidFences} from '../../src/plugins/prerendered-diagrams/find-fences';
import remarkPrerenderedDiagrams from '../../src/plugins/prerendered-diagrams/remark';
import {collectDiagrams, finishSvg} from '../../scripts/render-diagrams';
import {authoredPages} from '../support/guides';
import {siteDir} from '../../src/lib/openapi';

const diagram = ['sequenceDiagram', '    accTitle: Checkout', '    accDescr: The shopper pays.', '    Shopper->>API: Pays'].join('\n');

test('the fence finder finds ``` and ~~~ mermaid fences, indented ones too, with their line', () => {
  const page = [
    '# Page', // 1
    '',
    '```mermaid', // 3
    diagram,
    '```',
    '',
    '- In a list:', // 10
    '',
    '  ~~~~mermaid', // 12
    '  stateDiagram-v2',
    '      [*] --> created',
    '  ~~~~',
    '',
    '```json',
    '{}',
    '```',
  ].join('\r\n');
  assert.deepEqual(findMermaidFences(page), [
    {line: 3, source: diagram},
    {line: 12, source: 'stateDiagram-v2\n    [*] --> created'},
  ]);
});

test('a mermaid fence shown inside a longer fence is sample text, not a diagram', () => {
  const page = ['````mdx', '```mermaid', 'sequenceDiagram', '```', '````', '', '```mermaid', 'stateDiagram-v2', '```'].join('\n');
  assert.deepEqual(findMermaidFences(page), [{line: 7, source: 'stateDiagram-v2'}]);
});

test('an unclosed fence runs to the end of the file, as in CommonMark', () => {
  assert.deepEqual(findMermaidFences('```mermaid\nsequenceDiagram\n  A->>B: x\n'), [{line: 1, source: 'sequenceDiagram\n  A->>B: x'}]);
});

test('front matter is not page content: JSON in the front matter of a generated page does not stop the finder', () => {
  const page = [
    '---',
    'api: {"method":"post","path":"/v3/orders/{orderId}/cancel"}',
    '---',
    '',
    '```mermaid',
    'sequenceDiagram',
    '```',
  ].join('\n');
  assert.deepEqual(findMermaidFences(page), [{line: 5, source: 'sequenceDiagram'}]);
});

test('a heading with an explicit id, which Docusaurus escapes before MDX reads it, does not stop the finder', () => {
  assert.deepEqual(findMermaidFences('## Events {#events}\n\n```mermaid\nsequenceDiagram\n```\n'), [{line: 3, source: 'sequenceDiagram'}]);
});

test('the finder and the MDX parser name a diagram the same, however it is indented', () => {
  // The MDX parser gives a fence in a list item without the item's indentation or the last newline.
  const parsed = 'sequenceDiagram\n    A->>B: x';
  const [found] = findMermaidFences('1. Step\n\n   ```mermaid\n   sequenceDiagram\n       A->>B: x   \n\n   ```\n');
  assert.equal(found?.source, normalizeDiagramSource(parsed));
  assert.equal(diagramHash(found!.source, '11.0.0'), diagramHash(parsed, '11.0.0'));
});

test('the file name changes with the diagram and with mermaid, and only with them', () => {
  const hash = diagramHash(diagram, '11.17.2');
  assert.match(hash, /^[0-9a-f]{16}$/);
  assert.equal(diagramHash(`\n${diagram.replaceAll('\n', '  \n')}\n\n`, '11.17.2'), hash);
  assert.notEqual(diagramHash(`${diagram}\n    API-->>Shopper: 201`, '11.17.2'), hash);
  assert.notEqual(diagramHash(diagram, '11.18.0'), hash);
});

test('accTitle and accDescr, on one line or as an accDescr block, make the alt text', () => {
  assert.deepEqual(readTextAlternative(diagram), {title: 'Checkout', description: 'The shopper pays.'});
  assert.equal(altTextOf(diagram), 'Checkout. The shopper pays.');
  const block = [
    'stateDiagram-v2',
    '  accTitle: Refund statuses?',
    '  accDescr {',
    '    A refund starts pending',
    '    and ends succeeded.',
    '  }',
    '  [*] --> pending',
  ].join('\n');
  assert.equal(altTextOf(block), 'Refund statuses? A refund starts pending and ends succeeded.');
});

test('a diagram without accTitle or accDescr has no alt text and says what it lacks', () => {
  assert.equal(altTextOf('sequenceDiagram\n  accTitle: Only a title'), undefined);
  assert.deepEqual(missingTextAlternative('sequenceDiagram\n  accTitle: Only a title'), ['accDescr']);
  assert.deepEqual(missingTextAlternative('sequenceDiagram\n  accTitle:\n  accDescr:   '), ['accTitle', 'accDescr']);
  assert.deepEqual(missingTextAlternative(diagram), []);
});

test('every diagram in the docs has accTitle and accDescr', () => {
  const pages = authoredPages();
  const fences = pages.flatMap((page) => findMermaidFences(readFileSync(page, 'utf8')).map((fence) => ({...fence, page})));
  assert.ok(fences.length >= 15, `only ${fences.length} diagrams found`);
  const lacking = fences
    .filter((fence) => missingTextAlternative(fence.source).length > 0)
    .map((fence) => `${path.relative(siteDir, fence.page)}:${fence.line} lacks ${missingTextAlternative(fence.source).join(' and ')}`);
  assert.deepEqual(lacking, []);
});

test('the SVG size is its viewBox, rounded up', () => {
  assert.deepEqual(svgSize('<svg id="d" viewBox="-50 -10 686.2 361" width="100%">'), {width: 687, height: 361});
  assert.throws(() => svgSize('<svg width="100%"><rect viewBox="0 0 10 10"/></svg>'), /viewBox/);
  assert.throws(() => svgSize('<svg viewBox="0 0 0 10">'), /viewBox/);
});

const mermaidSvg = (body: string) =>
  `<svg id="diagram-1" width="100%" xmlns="http://www.w3.org/2000/svg" style="max-width: 686.5px;" viewBox="-50 -10 686.5 361" role="graphics-document document"><style>#diagram-1{font-family:${diagramFontFamily};}</style>${body}</svg>`;

test('a drawn SVG gets a fixed size and a generated-file header, and keeps the rest', () => {
  const finished = finishSvg(
    mermaidSvg('<text style="font-family: Arial, &quot;Liberation Sans&quot;, Helvetica, sans-serif;">Shopper</text>'),
    '11.17.2',
  );
  const [header, root] = finished.split('\n');
  assert.match(header!, /^<!-- Generated by scripts\/render-diagrams\.ts with mermaid 11\.17\.2 .*-->$/);
  assert.match(
    root!,
    /^<svg width="687" height="361" id="diagram-1" xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="-50 -10 686\.5 361" role="graphics-document document">/,
  );
  assert.ok(finished.includes('>Shopper</text>'));
});

test('an SVG whose labels an <img> may not show, or in another font, is refused', () => {
  assert.throws(() => finishSvg(mermaidSvg('<foreignObject><div>Shopper</div></foreignObject>'), '11.17.2'), /htmlLabels/);
  assert.throws(
    () => finishSvg(mermaidSvg('<text style="font-family: &quot;trebuchet ms&quot;, verdana;">x</text>'), '11.17.2'),
    /trebuchet ms/,
  );
});

test('the renderer draws a diagram shown on several pages once', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'diagrams-'));
  try {
    const fence = `\`\`\`mermaid\n${diagram}\n\`\`\`\n`;
    writeFileSync(path.join(folder, 'a.mdx'), `# A\n\n${fence}`);
    writeFileSync(path.join(folder, 'b.mdx'), `${fence}\n\`\`\`mermaid\nstateDiagram-v2\n\`\`\`\n`);
    const diagrams = collectDiagrams([path.join(folder, 'a.mdx'), path.join(folder, 'b.mdx')], '11.17.2');
    assert.equal(diagrams.length, 2);
    assert.equal(diagrams[0]!.hash, diagramHash(diagram, '11.17.2'));
    assert.deepEqual(
      diagrams[0]!.places.map((place) => path.basename(place)),
      ['a.mdx:3', 'b.mdx:1'],
    );
  } finally {
    rmSync(folder, {recursive: true, force: true});
  }
});

type Node = {
  type: string;
  name?: string;
  lang?: string;
  value?: string;
  children?: Node[];
  attributes?: {name: string; value: string}[];
  position?: {start: {line: number}};
};

const code = (lang: string, value: string, line = 1): Node => ({type: 'code', lang, value, position: {start: {line}}});
const attributesOf = (node: Node | undefined) => Object.fromEntries((node?.attributes ?? []).map(({name, value}) => [name, value]));

function withDiagramsDir(run: (folder: string) => void): void {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'diagrams-'));
  try {
    run(folder);
  } finally {
    rmSync(folder, {recursive: true, force: true});
  }
}

const mermaidVersion = 'test-1';
const transform = (tree: Node, options: {diagramsDir: string; requireRendered: boolean}) =>
  remarkPrerenderedDiagrams({...options, mermaidVersion})(tree, {path: path.join(siteDir, 'docs/page.mdx')});

test('the remark plugin puts each drawn diagram in a figure with a sized, described image', () => {
  withDiagramsDir((folder) => {
    const second = diagram.replace('Pays', 'Pays again');
    for (const source of [diagram, second]) {
      writeFileSync(
        path.join(folder, `${diagramHash(source, mermaidVersion)}.svg`),
        '<svg viewBox="0 0 640.4 320" xmlns="http://www.w3.org/2000/svg"></svg>',
      );
    }
    const json = code('json', '{}');
    const tree: Node = {
      type: 'root',
      children: [code('mermaid', diagram), json, {type: 'mdxJsxFlowElement', name: 'TabItem', children: [code('mermaid', second)]}],
    };
    transform(tree, {diagramsDir: folder, requireRendered: true});

    const [figure, untouched, tab] = tree.children!;
    assert.equal(untouched, json);
    assert.equal(figure?.type, 'mdxJsxFlowElement');
    assert.equal(figure?.name, 'figure');
    assert.deepEqual(attributesOf(figure), {className: diagramFigureClass});
    const image = figure?.children?.[0];
    assert.equal(image?.name, 'img');
    assert.deepEqual(attributesOf(image), {
      src: `/diagrams/${diagramHash(diagram, mermaidVersion)}.svg`,
      width: '641',
      height: '320',
      alt: 'Checkout. The shopper pays.',
      loading: 'eager',
      decoding: 'async',
    });
    // A diagram inside JSX (a tab) is replaced too; after the first, images load lazily.
    const nested = tab?.children?.[0];
    assert.equal(nested?.name, 'figure');
    assert.equal(attributesOf(nested?.children?.[0]).loading, 'lazy');
    assert.equal(attributesOf(nested?.children?.[0]).src, `/diagrams/${diagramHash(second, mermaidVersion)}.svg`);
  });
});

test('without its SVG, a fence fails a production build and stays for the browser otherwise', () => {
  withDiagramsDir((folder) => {
    const fence = code('mermaid', diagram, 42);
    const tree: Node = {type: 'root', children: [fence]};
    assert.throws(
      () => transform(tree, {diagramsDir: folder, requireRendered: true}),
      /docs\/page\.mdx:42 has no rendered SVG .*npm run gen-diagrams/,
    );
    transform(tree, {diagramsDir: folder, requireRendered: false});
    assert.equal(tree.children![0], fence);
  });
});

test('without accTitle or accDescr, a fence fails a production build even when drawn', () => {
  withDiagramsDir((folder) => {
    const untitled = 'sequenceDiagram\n  A->>B: x';
    writeFileSync(path.join(folder, `${diagramHash(untitled, mermaidVersion)}.svg`), '<svg viewBox="0 0 10 10"></svg>');
    const fence = code('mermaid', untitled, 7);
    const tree: Node = {type: 'root', children: [fence]};
    assert.throws(() => transform(tree, {diagramsDir: folder, requireRendered: true}), /docs\/page\.mdx:7 lacks accTitle and accDescr/);
    transform(tree, {diagramsDir: folder, requireRendered: false});
    assert.equal(tree.children![0], fence);
  });
});
