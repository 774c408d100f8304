/** Reads the hand-written docs (not the generated API pages) and the code fences in them. */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parseMdxPage} from '../../src/lib/mdx-tree';
import {siteDir} from '../../src/lib/openapi';

export type CodeFence = {
  file: string;
  line: number;
  language: string;
  meta: Record<string, string>;
  flags: string[];
  code: string;
  /** The first line of the `<Tabs>` the fence is in, if it is in one: the fences of one tab set share it. */
  tabSet?: number;
  /** The value of the `<TabItem>` the fence is in: a sample language's id, for a program. */
  tab?: string;
};

const generatedFolders = new Set([path.join(siteDir, 'docs/api')]);

/** Every .md/.mdx file under docs/ and src/pages/, skipping the generated API reference. */
export function authoredPages(): string[] {
  const pages: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, {withFileTypes: true})) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!generatedFolders.has(full)) walk(full);
      } else if (/\.mdx?$/.test(entry.name)) {
        pages.push(full);
      }
    }
  };
  walk(path.join(siteDir, 'docs'));
  walk(path.join(siteDir, 'src/pages'));
  return pages.sort();
}

/** `title="Request" operation="createSession" part="request" showLineNumbers` → meta and flags. */
export function parseMeta(metastring: string): {meta: Record<string, string>; flags: string[]} {
  const meta: Record<string, string> = {};
  const rest = metastring.replace(/(\w[\w-]*)="([^"]*)"/g, (_, key: string, value: string) => {
    meta[key] = value;
    return '';
  });
  return {meta, flags: rest.split(/\s+/).filter(Boolean)};
}

type Span = {start: number; end: number; value?: string};
type TreeNode = {
  name?: string | null;
  position?: {start: {line: number}; end: {line: number}};
  attributes?: {name?: string; value?: unknown}[];
  children?: TreeNode[];
};

/** The line spans of the page's `<Tabs>` and `<TabItem>`s (with their values), as MDX parses them. */
function tabSpans(text: string): {sets: Span[]; items: Span[]} {
  const sets: Span[] = [];
  const items: Span[] = [];
  const visit = (node: TreeNode) => {
    if ((node.name === 'Tabs' || node.name === 'TabItem') && node.position) {
      const value = node.attributes?.find((attribute) => attribute.name === 'value')?.value;
      (node.name === 'Tabs' ? sets : items).push({
        start: node.position.start.line,
        end: node.position.end.line,
        value: typeof value === 'string' ? value : undefined,
      });
    }
    node.children?.forEach(visit);
  };
  visit(parseMdxPage(text) as TreeNode);
  return {sets, items};
}

/** The innermost span holding the line: the last to start before it. */
const spanAt = (spans: Span[], line: number) => spans.filter((span) => span.start <= line && line <= span.end).at(-1);

export function codeFences(file: string): CodeFence[] {
  const text = readFileSync(file, 'utf8');
  const spans = text.includes('<Tabs') ? tabSpans(text) : {sets: [], items: []};
  const fences: CodeFence[] = [];
  const fencePattern = /^(`{3,})([\w+-]*)([^\n]*)\n([\s\S]*?)^\1[ \t]*$/gm;
  for (const match of text.matchAll(fencePattern)) {
    const {meta, flags} = parseMeta(match[3]!.trim());
    const line = text.slice(0, match.index).split('\n').length;
    fences.push({
      file: path.relative(siteDir, file),
      line,
      tabSet: spanAt(spans.sets, line)?.start,
      tab: spanAt(spans.items, line)?.value,
      language: match[2]!,
      meta,
      flags,
      code: match[4]!,
    });
  }
  return fences;
}

/** The prose of a page: front matter, imports, JSX tags and code removed. */
export function proseWords(file: string): number {
  const text = readFileSync(file, 'utf8')
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/^(`{3,})[\s\S]*?^\1[ \t]*$/gm, '')
    .replace(/^import .*$/gm, '')
    .replace(/<[^>]+>/g, '');
  return text.split(/\s+/).filter((word) => /[A-Za-z]/.test(word)).length;
}
