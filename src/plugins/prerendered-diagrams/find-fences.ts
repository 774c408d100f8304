/**
 * Finds the mermaid fences of a page the way the site's compiler sees them (src/lib/mdx-tree.ts).
 * Used by scripts/render-diagrams.ts to know which diagrams to draw; the remark plugin sees the
 * same tree.
 */
import type {Code} from 'mdast';
import {visit} from 'unist-util-visit';
import {parseMdxPage} from '../../lib/mdx-tree';
import {normalizeDiagramSource} from './diagrams';

export type MermaidFence = {
  /** 1-based line of the opening fence. */
  line: number;
  /** The normalised diagram text. */
  source: string;
};

/** Every ```mermaid (or ~~~mermaid) fence of an MDX or markdown page, in page order. */
export function findMermaidFences(text: string): MermaidFence[] {
  const tree = parseMdxPage(text);
  const fences: MermaidFence[] = [];
  visit(tree, 'code', (node: Code) => {
    if (node.lang === 'mermaid') fences.push({line: node.position?.start.line ?? 0, source: normalizeDiagramSource(node.value)});
  });
  return fences;
}
