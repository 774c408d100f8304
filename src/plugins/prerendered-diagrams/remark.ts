/**
 * Remark plugin: replaces each ```mermaid fence with an <img> of the SVG that
 * scripts/render-diagrams.ts drew for it, so the page runs no mermaid. It runs before
 * Docusaurus' own mermaid transform, which then only sees the fences left in place.
 *
 * The image is a separate file, not inline SVG or a data URI, which would put the drawing into
 * the page's HTML and its JS chunk. Its width and height come from the SVG, so nothing moves
 * when it arrives.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {diagramFigureClass, diagramFiles} from '../../../config/diagrams';
import {
  altTextOf,
  diagramFileName,
  diagramHash,
  diagramsDir,
  diagramUrl,
  installedMermaidVersion,
  missingTextAlternative,
  siteDir,
  svgSize,
} from './diagrams';

export type PrerenderedDiagramsOptions = {
  /**
   * Fail on a fence without its SVG or text alternative. Default: in a production build
   * (NODE_ENV=production). Otherwise the fence stays for @docusaurus/theme-mermaid to draw in the
   * browser, so that `npm start` shows a diagram while a writer edits it.
   */
  requireRendered?: boolean;
  /** Where the SVG files are. Default: the site's static/diagrams. */
  diagramsDir?: string;
  /** mermaid's version, part of each file name. Default: the installed one. */
  mermaidVersion?: string;
};

/** The few mdast and MDX JSX node fields this plugin reads or writes. */
type MdastNode = {
  type: string;
  children?: MdastNode[];
  lang?: string | null;
  value?: string;
  position?: {start: {line: number}};
};
type MdxJsxAttribute = {type: 'mdxJsxAttribute'; name: string; value: string};
type MdxJsxFlowElement = {type: 'mdxJsxFlowElement'; name: string; attributes: MdxJsxAttribute[]; children: MdxJsxFlowElement[]};

const attribute = (name: string, value: string | number): MdxJsxAttribute => ({type: 'mdxJsxAttribute', name, value: String(value)});

export default function remarkPrerenderedDiagrams(options: PrerenderedDiagramsOptions = {}) {
  const folder = options.diagramsDir ?? diagramsDir;
  let mermaidVersion = options.mermaidVersion;

  return (tree: MdastNode, file: {path?: string}): void => {
    const requireRendered = options.requireRendered ?? process.env.NODE_ENV === 'production';
    const where = (node: MdastNode) => `${path.relative(siteDir, file.path ?? '(unknown file)')}:${node.position?.start.line ?? '?'}`;
    let diagramsOnPage = 0;

    const figureFor = (node: MdastNode): MdxJsxFlowElement | undefined => {
      const source = node.value ?? '';
      mermaidVersion ??= installedMermaidVersion();
      const hash = diagramHash(source, mermaidVersion);
      const svgFile = path.join(folder, diagramFileName(hash));
      const alt = altTextOf(source);
      const rendered = existsSync(svgFile);
      if (!alt || !rendered) {
        if (!requireRendered) return undefined;
        const problem = !alt
          ? `lacks ${missingTextAlternative(source).join(' and ')}: every diagram needs both for its text alternative (see CONTRIBUTING.md)`
          : `has no rendered SVG (${path.relative(siteDir, svgFile)}): run \`${diagramFiles.command}\` (\`npm run build\` runs it first)`;
        throw new Error(`The mermaid diagram at ${where(node)} ${problem}.`);
      }
      const {width, height} = svgSize(readFileSync(svgFile, 'utf8'));
      diagramsOnPage += 1;
      const image: MdxJsxFlowElement = {
        type: 'mdxJsxFlowElement',
        name: 'img',
        attributes: [
          attribute('src', diagramUrl(hash)),
          attribute('width', width),
          attribute('height', height),
          attribute('alt', alt),
          // The first diagram may be the largest thing in the first screen (the LCP element),
          // which must not wait for lazy loading; the others load as the reader scrolls.
          attribute('loading', diagramsOnPage === 1 ? 'eager' : 'lazy'),
          attribute('decoding', 'async'),
        ],
        children: [],
      };
      return {type: 'mdxJsxFlowElement', name: 'figure', attributes: [attribute('className', diagramFigureClass)], children: [image]};
    };

    const visit = (parent: MdastNode): void => {
      const children = parent.children ?? [];
      for (let index = 0; index < children.length; index++) {
        const child = children[index]!;
        if (child.type === 'code' && child.lang === 'mermaid') {
          const figure = figureFor(child);
          if (figure) children[index] = figure;
        } else {
          visit(child);
        }
      }
    };
    visit(tree);
  };
}
