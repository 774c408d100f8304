/**
 * Keeps Prism out of the JavaScript pages load.
 * - theme-classic registers Prism's extra languages in a start-up client module, which would pull
 *   prism-react-renderer (about 33 KB gzipped) into main.js; that module is swapped for an empty one.
 * - `@tessera/code-highlighter` is Prism itself in the server build, which writes highlighted HTML,
 *   and a loader in the browser build, which fetches Prism only for code the HTML lacks
 *   (src/plugins/performance-theme/theme/CodeBlock/Content).
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

// Docusaurus loads site plugins as CommonJS, so `require` and `__dirname` are the module's own.
const highlighterDir = path.resolve(__dirname, 'CodeHighlighter');

export default function prismOnDemandPlugin(): Plugin {
  return {
    name: 'prism-on-demand',
    configureWebpack(_config, isServer) {
      return {
        resolve: {
          alias: {
            [require.resolve('@docusaurus/theme-classic/lib/prism-include-languages.js')]: path.join(__dirname, 'no-startup-languages.js'),
            '@tessera/code-highlighter$': path.join(highlighterDir, isServer ? 'server.ts' : 'client.ts'),
          },
        },
      };
    },
  };
}
