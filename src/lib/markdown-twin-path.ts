/**
 * Where a page's Markdown twin lives: the page's URL with `.md` (src/plugins/markdown-twins writes
 * them; the copy button reads them).
 */
export function markdownTwinPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return `${trimmed || '/index'}.md`;
}
