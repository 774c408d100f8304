/**
 * Keeps tslib (3.9 KB gzipped) out of main.js. @docusaurus/utils-common's index is
 * CommonJS compiled with importHelpers, so the few path helpers the browser uses brought all of
 * tslib with them. The browser build imports them from the files that define them instead, which
 * need no helper. tests/unit/config.test.ts checks that it exports every name the index does.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

// Docusaurus loads site plugins as CommonJS, so `__dirname` is the module's own.

export default function leanUtilsCommonPlugin(): Plugin {
  return {
    name: 'lean-utils-common',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {resolve: {alias: {'@docusaurus/utils-common$': path.join(__dirname, 'utils-common.js')}}};
    },
  };
}
