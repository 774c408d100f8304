/**
 * Keeps Prism out of the bundle every page loads (issue 5). theme-classic registers the extra
 * Prism languages in a client module, which pulls prism-react-renderer (about 33 KB gzipped) into
 * main.js even on pages without code. This plugin swaps that client module for an empty one;
 * src/theme/CodeBlock registers the languages instead, in the chunk of the pages that show code.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

// Docusaurus loads site plugins as CommonJS, so `require` and `__dirname` are the module's own.

export default function prismOnDemandPlugin(): Plugin {
  return {
    name: 'prism-on-demand',
    configureWebpack() {
      return {
        resolve: {
          alias: {
            [require.resolve('@docusaurus/theme-classic/lib/prism-include-languages.js')]: path.join(
              __dirname,
              'no-startup-languages.js',
            ),
          },
        },
      };
    },
  };
}
