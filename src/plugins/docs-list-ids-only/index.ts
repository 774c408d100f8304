/**
 * Leaves only the ids in the list of docs that every docs page of a version loads.
 *
 * The docs plugin gives each version's route one props module (`toVersionMetadataProp`): the
 * version's sidebars and a map of every doc's id, title, description and sidebar. Every docs page
 * loads it, because `DocRoot` renders the sidebar from it. Of the map, only `DocCard` reads a field
 * (the description, through `useDocById`, which fails for an id the map lacks), and the site
 * renders cards of docs only on the API tag pages, which carry their cards' descriptions
 * themselves (src/components/TagPageCards). With ids only, the 3.0.0 module goes from 7.6 to
 * 2.5 KB gzipped, and from 24.1 to 9.1 KB with ten times the operations (SCALING.md). Both builds
 * read the module through the loader, so the server renders the same cards the browser hydrates.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export const loaderPath = path.join(__dirname, 'ids-only-loader.cjs');

/** The route props modules of the docs plugin: `<generated>/docusaurus-plugin-content-docs/<plugin id>/p/<name>.json`. */
export function docsPropsModules(generatedFilesDir: string): RegExp {
  const folder = path.join(generatedFilesDir, 'docusaurus-plugin-content-docs').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${folder}/[^/]+/p/[^/]+\\.json$`);
}

export default function docsListIdsOnlyPlugin(context: {generatedFilesDir: string}): Plugin {
  return {
    name: 'docs-list-ids-only',
    configureWebpack() {
      return {module: {rules: [{test: docsPropsModules(context.generatedFilesDir), use: [{loader: loaderPath}]}]}};
    },
  };
}
