/** Reads the hand-written docs (not the generated API pages) and the code fences in them. */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {siteDir} from '../../src/lib/openapi';

export type CodeFence = {file: string; line: number; language: string; meta: Record<string, string>; flags: string[]; code: string};

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

export function codeFences(file: string): CodeFence[] {
  const text = readFileSync(file, 'utf8');
  const fences: CodeFence[] = [];
  const fencePattern = /^(`{3,})([\w+-]*)([^\n]*)\n([\s\S]*?)^\1[ \t]*$/gm;
  for (const match of text.matchAll(fencePattern)) {
    const {meta, flags} = parseMeta(match[3]!.trim());
    fences.push({
      file: path.relative(siteDir, file),
      line: text.slice(0, match.index).split('\n').length,
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
