/**
 * Which API each operation page belongs to, for the "Try it" console's worker: the route its pages
 * start with, the module with its file and its precompiled validators (scripts/sandbox/build-console.ts),
 * and which simulator answers it. Tessera's two files share the stateful sandbox; every file added
 * through config/openapi.ts gets a stateless simulator of its own (validation, documented examples).
 * In the worker's bundle this module is replaced by the list itself.
 */
import {openApiSpecs, operationPageRoute, urlSlug} from '../../../config/openapi';

export type ConsoleApi = {
  /** The entry's key in config/openapi.ts. */
  id: string;
  /** The route every operation page of the file starts with (`/docs/3.0.0/api/`). */
  routePrefix: string;
  /**
   * The module beside the worker that holds the file, its validators and its operations: its file
   * name as built (content-hashed, src/lib/try-it/console-files.ts), or its name before the hash.
   */
  module: string;
  simulator: 'tessera-v3' | 'tessera-v1' | 'stateless';
  /**
   * Whether `module` is a folder of one module per operation (src/lib/try-it/operation-files.ts):
   * an added API's console needs only its page's operation, and a provider's whole file is too
   * much to load for one (GitHub's: 3.6 MB gzipped with its validators). Tessera's stateful
   * sandbox needs its whole file.
   */
  perOperation: boolean;
};

/** The APIs, each with its module's file name from `moduleFiles` (by id), else its name before the hash. */
export function consoleApis(moduleFiles: Record<string, string> = {}): ConsoleApi[] {
  return Object.entries(openApiSpecs).map(([id, spec]): ConsoleApi => ({
    id,
    routePrefix: operationPageRoute(spec, 'x').replace(/x$/, ''),
    module: moduleFiles[id] ?? `api-${urlSlug(id)}`,
    simulator: id === 'tesseraV3' ? 'tessera-v3' : id === 'tesseraV1' ? 'tessera-v1' : 'stateless',
    perOperation: id !== 'tesseraV3' && id !== 'tesseraV1',
  }));
}

/** The API of a page: the one whose route prefix is the longest that the page's route starts with. */
export function apiOfRoute(apis: ConsoleApi[], route: string): ConsoleApi | undefined {
  return apis.filter((api) => route.startsWith(api.routePrefix)).sort((a, b) => b.routePrefix.length - a.routePrefix.length)[0];
}
