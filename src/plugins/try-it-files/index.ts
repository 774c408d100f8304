/**
 * Hands the "Try it" console's chunk the URL of its worker, whose name holds its content's hash
 * (src/lib/try-it/console-files.ts), as the constant `process.env.TESSERA_TRY_IT_WORKER`: only the
 * chunk that opens the console carries it, no page's first load.
 */
import type {Plugin} from '@docusaurus/types';
import {consoleWorkerPath} from '../../lib/try-it/console-files';

export const tryItWorkerVariable = 'process.env.TESSERA_TRY_IT_WORKER';

export default function tryItFilesPlugin(): Plugin {
  return {
    name: 'try-it-files',
    configureWebpack(_config, _isServer, utils) {
      const {DefinePlugin} = utils.currentBundler.instance;
      return {plugins: [new DefinePlugin({[tryItWorkerVariable]: JSON.stringify(consoleWorkerPath())})]};
    },
  };
}
