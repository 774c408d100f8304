/**
 * The "Try it" console's worker, bundled by scripts/sandbox/build-console.ts into
 * /assets/try-it/worker.<hash>.mjs. Each API's module (or, for an added API, each operation's, in
 * the API's folder) loads from beside it when the console first asks for it; those imports of the site's own files are the only requests it makes.
 */
import * as Comlink from 'comlink';
import {consoleApis} from './apis';
import {tryItWorker, type ApiModule} from './console-worker';

Comlink.expose(
  tryItWorker(
    consoleApis(),
    (entry, operationFile) =>
      import(
        /* webpackIgnore: true */ new URL(`./${entry.module}${operationFile ? `/${operationFile}` : ''}`, self.location.href).href
      ) as Promise<ApiModule>,
  ),
);
