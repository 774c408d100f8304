/**
 * Keeps mermaid out of production builds. There the remark plugin (./remark.ts) has
 * replaced every mermaid fence with the SVG scripts/render-diagrams.ts drew, or failed the build,
 * so @docusaurus/theme-mermaid never draws anything; its `import('mermaid')` would still make the
 * bundler compile and publish mermaid's chunks. Production builds get a stand-in module instead.
 * `npm start` keeps the real mermaid for live previews.
 *
 * After a production build, it also checks that every diagram a page shows is in the build, which
 * a page compiled from the bundler's cache before the SVGs were drawn anew could otherwise miss.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {diagramFiles} from '../../../config/diagrams';

// Docusaurus loads site plugins as CommonJS, so `__dirname` is the module's own.

/** The `/diagrams/<hash>.svg` files the pages of a build refer to, with one page each. */
export function diagramsReferenced(outDir: string): Map<string, string> {
  const referenced = new Map<string, string>();
  const pattern = new RegExp(`${diagramFiles.urlPath}/[0-9a-f]+\\.svg`, 'g');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, {withFileTypes: true})) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) {
        for (const [url] of readFileSync(full, 'utf8').matchAll(pattern)) {
          if (!referenced.has(url)) referenced.set(url, path.relative(outDir, full));
        }
      }
    }
  };
  walk(outDir);
  return referenced;
}

export default function prerenderedDiagramsPlugin(): Plugin {
  return {
    name: 'prerendered-diagrams',
    configureWebpack(config) {
      if (config.mode !== 'production') return {};
      return {resolve: {alias: {mermaid$: path.join(__dirname, 'no-mermaid.js')}}};
    },
    postBuild({outDir}) {
      const missing = [...diagramsReferenced(outDir)].filter(([url]) => !existsSync(path.join(outDir, url)));
      if (missing.length > 0) {
        throw new Error(
          "Pages show diagrams the build lacks. They were probably compiled from the bundler's cache before the " +
            `diagrams were drawn anew: run \`npm run clear\`, then \`npm run build\`.\n  ` +
            missing.map(([url, page]) => `${url} in ${page}`).join('\n  '),
        );
      }
    },
  };
}
