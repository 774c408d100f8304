/**
 * What scripts/render-diagrams.ts (which draws the SVG files) and the remark plugin (which puts
 * them in the pages) must agree on: how a fence is found and normalised, the file name it gets,
 * and its text alternative.
 */
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {diagramFiles, mermaidRenderConfig} from '../../../config/diagrams';

// Docusaurus, tsx and Playwright all load this file as CommonJS, so `__dirname` is the module's own.
export const siteDir = path.resolve(__dirname, '../../..');
export const diagramsDir = path.join(siteDir, diagramFiles.outputFolder);

/**
 * Bump when scripts/render-diagrams.ts changes what it writes into an SVG, so that every cached
 * file is drawn anew.
 */
const svgFormatRevision = 1;

/** The installed mermaid's version: a new one draws differently, so it is part of each file name. */
export function installedMermaidVersion(): string {
  const manifest = path.join(siteDir, 'node_modules/mermaid/package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as {version: string}).version;
}

/**
 * The diagram text as both sides see it. The MDX parser strips a fence's indentation (inside a
 * list item) and its final newline; the fence finder sees the raw lines. Removing the common
 * indentation, trailing spaces and blank edge lines makes the two identical.
 */
export function normalizeDiagramSource(code: string): string {
  const lines = code
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  const indents = lines.filter((line) => line !== '').map((line) => /^[ \t]*/.exec(line)![0].length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((line) => line.slice(common)).join('\n');
}

/** The SVG's name: 16 hex digits of a SHA-256 over everything that changes the drawing. */
export function diagramHash(source: string, mermaidVersion: string): string {
  const input = JSON.stringify({svgFormatRevision, mermaidVersion, mermaidRenderConfig, source: normalizeDiagramSource(source)});
  return createHash('sha256').update(input).digest('hex').slice(0, 16);
}

export const diagramFileName = (hash: string): string => `${hash}.svg`;
export const diagramUrl = (hash: string): string => `${diagramFiles.urlPath}/${diagramFileName(hash)}`;

export type DiagramTextAlternative = {title?: string; description?: string};

/**
 * mermaid's accessibility lines: `accTitle: …`, and `accDescr: …` or a multi-line
 * `accDescr { … }`. mermaid writes them into the SVG's <title> and <desc>; the page needs them for
 * the <img>'s alt text, because a screen reader does not look inside an image file.
 */
export function readTextAlternative(source: string): DiagramTextAlternative {
  const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
  const title = /^[ \t]*accTitle[ \t]*:(.*)$/m.exec(source)?.[1];
  const description = /^[ \t]*accDescr[ \t]*:(.*)$/m.exec(source)?.[1] ?? /^[ \t]*accDescr[ \t]*\{([^}]*)\}/m.exec(source)?.[1];
  const alternative: DiagramTextAlternative = {};
  if (title !== undefined && collapse(title) !== '') alternative.title = collapse(title);
  if (description !== undefined && collapse(description) !== '') alternative.description = collapse(description);
  return alternative;
}

/** What a fence lacks for a text alternative: `accTitle`, `accDescr`, both or neither. */
export function missingTextAlternative(source: string): string[] {
  const {title, description} = readTextAlternative(source);
  return [...(title ? [] : ['accTitle']), ...(description ? [] : ['accDescr'])];
}

/** The alt text of the diagram's image: its title, then its description; undefined if it lacks either. */
export function altTextOf(source: string): string | undefined {
  const {title, description} = readTextAlternative(source);
  if (!title || !description) return undefined;
  return `${/[.!?:]$/.test(title) ? title : `${title}.`} ${description}`;
}

/** The drawing's size in CSS pixels, from the root element's viewBox, rounded up. */
export function svgSize(svg: string): {width: number; height: number} {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0];
  const viewBox =
    root &&
    /\sviewBox="([^"]+)"/
      .exec(root)?.[1]
      ?.trim()
      .split(/[\s,]+/)
      .map(Number);
  if (!viewBox || viewBox.length !== 4 || viewBox.some((value) => !Number.isFinite(value)) || viewBox[2]! <= 0 || viewBox[3]! <= 0) {
    throw new Error('the SVG has no usable viewBox on its root element');
  }
  return {width: Math.ceil(viewBox[2]!), height: Math.ceil(viewBox[3]!)};
}
