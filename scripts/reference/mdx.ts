/**
 * The Markdown helpers that put an OpenAPI document's prose into the generated reference pages'
 * MDX safely. What the pages say comes from src/lib/openapi.
 */

/** Escapes what MDX would read as JSX or expressions, outside code spans. */
export function mdxText(markdown: string): string {
  return markdown
    .split(/(`+[^`]*`+)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/[{}]/g, (brace) => `\\${brace}`)
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;'),
    )
    .join('');
}

/**
 * Prose for one table cell: paragraphs and list items become separate lines inside the cell,
 * and pipes are escaped (also in code spans, as GitHub-flavoured tables require).
 */
export function tableCell(markdown: string): string {
  const lines = markdown
    .trim()
    .split('\n')
    .map((line) => line.trim());
  const joined = lines
    .map((line, index) => {
      if (line === '') return '';
      const bullet = /^[-*] /.test(line);
      const text = bullet ? `• ${line.slice(2)}` : line;
      const previous = lines[index - 1];
      const newLine = index > 0 && (bullet || previous === '' || /^\|/.test(line));
      return `${newLine ? '<br />' : index > 0 ? ' ' : ''}${text}`;
    })
    .join('');
  return mdxText(joined).replaceAll('&lt;br /&gt;', '<br />').replace(/\|/g, '\\|');
}

/** A YAML-safe front matter value. */
export const frontMatterValue = (value: string): string => JSON.stringify(value);

/** The first sentence of some prose, for one-line summaries and page descriptions. */
export function firstSentence(markdown: string): string {
  const flat = markdown.replace(/\s+/g, ' ').trim();
  const match = /^.*?[.!?](?=\s|$)/.exec(flat);
  return match ? match[0] : flat;
}

/** `json` fenced block; the fence meta lets the unit tests validate the example against its schema. */
export function jsonFence(value: unknown, meta: string): string {
  return ['```json ' + meta, JSON.stringify(value, null, 2), '```'].join('\n');
}

/** The first line every generated page carries (YAML front matter allows comments). */
export function generatedMarker(sourcePath: string): string {
  return `# Generated from ${sourcePath} by scripts/reference/write-reference-pages.ts: edit the OpenAPI file, not this page.`;
}
