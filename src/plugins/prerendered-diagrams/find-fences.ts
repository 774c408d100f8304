/**
 * Finds the mermaid fences of a page the way the site's compiler sees them: the page is parsed by
 * the MDX flavour of markdown (micromark with the MDX extensions, as @mdx-js/mdx parses, after its
 * YAML front matter, and after Docusaurus's MDX loader has escaped `{#heading-id}`s), so a fence
 * inside a longer fence, inside JSX or in a list item is what MDX says it is. Used by
 * scripts/render-diagrams.ts to know which diagrams to draw; the remark plugin sees the same tree.
 */
import {escapeMarkdownHeadingIds} from '@docusaurus/utils';
import type {Code, Root} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {frontmatterFromMarkdown} from 'mdast-util-frontmatter';
import {mdxFromMarkdown} from 'mdast-util-mdx';
import {frontmatter} from 'micromark-extension-frontmatter';
import {mdxjs} from 'micromark-extension-mdxjs';
import {visit} from 'unist-util-visit';
import {normalizeDiagramSource} from './diagrams';

export type MermaidFence = {
  /** 1-based line of the opening fence. */
  line: number;
  /** The normalised diagram text. */
  source: string;
};

/** Every ```mermaid (or ~~~mermaid) fence of an MDX or markdown page, in page order. */
export function findMermaidFences(text: string): MermaidFence[] {
  // Docusaurus reads the YAML front matter apart; here the front matter extension skips it.
  const tree: Root = fromMarkdown(escapeMarkdownHeadingIds(text), {
    extensions: [frontmatter(), mdxjs()],
    mdastExtensions: [frontmatterFromMarkdown(), mdxFromMarkdown()],
  });
  const fences: MermaidFence[] = [];
  visit(tree, 'code', (node: Code) => {
    if (node.lang === 'mermaid') fences.push({line: node.position?.start.line ?? 0, source: normalizeDiagramSource(node.value)});
  });
  return fences;
}
