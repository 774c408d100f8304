/**
 * How many mermaid diagrams a 3.0.0 docs page has, counted in its MDX source. For e2e specs:
 * Playwright runs from the repository root, and a module using `import.meta` would load as ESM there.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

export function mermaidDiagramsOn(route: string): number {
  if (!route.startsWith('/docs/3.0.0/')) return 0;
  const source = path.join(process.cwd(), 'docs', `${route.replace('/docs/3.0.0/', '')}.mdx`);
  if (!existsSync(source)) return 0;
  return (readFileSync(source, 'utf8').match(/^```mermaid\s*$/gm) ?? []).length;
}
