/**
 * A section page's HTML names the section's chunk (src/plugins/route-sections).
 *
 * Docusaurus picks a page's scripts from react-loadable-ssr-addon's client manifest: the modules
 * the server render reports (a route's content, `@site/docs/api/….api.mdx`) mapped to chunks
 * (src/plugins/route-chunks-in-html adds those entries). In the browser, a section's route chunks
 * are imported from the section's chunk, which must run before the page hydrates. So each module
 * that only one section imports also lists that section's chunks; a module the shell imports too
 * (a theme component every docs page shares) lists none.
 */
import type {ClientManifest, DynamicImport} from '../route-chunks-in-html';

/** The section a module request or identifier names (`…?route-section=<key>`). */
export const sectionOfModule = (identifier: string): string | undefined => /[?&]route-section=([^&\s!]+)/.exec(identifier)?.[1];

export function withSectionChunks(manifest: ClientManifest, imports: DynamicImport[]): ClientManifest {
  // A section's own chunks: those of the import of routes.js?route-section=<key>.
  const sectionChunks = new Map<string, (string | number)[]>();
  for (const {request, chunkIds} of imports) {
    const key = sectionOfModule(request);
    if (key !== undefined && /routes\.js\?/.test(request)) sectionChunks.set(key, [...(sectionChunks.get(key) ?? []), ...chunkIds]);
  }
  const importers = new Map<string, Set<string>>();
  for (const {request, importer} of imports)
    importers.set(request, (importers.get(request) ?? new Set()).add(sectionOfModule(importer) ?? ''));
  const origins = {...manifest.origins};
  for (const [request, keys] of importers) {
    const [key] = keys;
    const chunks = key ? sectionChunks.get(key) : undefined;
    if (keys.size !== 1 || !chunks || !origins[request]) continue;
    origins[request] = [...new Set([...origins[request]!, ...chunks])];
  }
  return {...manifest, origins};
}
