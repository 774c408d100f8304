/**
 * The page's side of the search worker, in place of the search plugin's searchByWorker.js (same
 * exports, which its SearchBar and SearchPage call): it starts the worker (./index.ts) and, at the
 * same moment, fetches the version's manifest itself, then hands it to the worker. The worker's
 * script takes a round trip and more to arrive; fetched by the worker, the manifest would wait for
 * it, and fetched by both (the page ahead, into the HTTP cache), it went over the wire twice, the
 * two requests being under way together. The worker fetches everything else, the vocabulary too.
 *
 * Plain messages, not the plugin's Comlink: two calls need no proxies, and Comlink was 1 KB of
 * every page's first load (this module is in the main bundle, with the plugin's search box).
 */
import type {SearchResult} from '../sharded-index/query';

/** A call to the worker, and its answer. */
export type WorkerCall =
  | {id: number; method: 'fetchIndexes'; args: [baseUrl: string, searchContext: string, manifest: unknown]}
  | {
      id: number;
      method: 'search';
      args: [baseUrl: string, searchContext: string, input: string, limit: number];
    };
export type WorkerAnswer = {id: number; result?: unknown; error?: string};

let worker: Worker | undefined;
let lastCall = 0;
const waiting = new Map<number, [resolve: (result: unknown) => void, reject: (error: Error) => void]>();
const indexes = new Map<string, Promise<unknown>>();

function searchWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./index.ts', import.meta.url));
    worker.onmessage = ({data}: MessageEvent<WorkerAnswer>) => {
      const [resolve, reject] = waiting.get(data.id)!;
      waiting.delete(data.id);
      if (data.error === undefined) resolve(data.result);
      else reject(new Error(data.error));
    };
  }
  return worker;
}

function call(method: WorkerCall['method'], args: WorkerCall['args']): Promise<unknown> {
  const id = ++lastCall;
  return new Promise((resolve, reject) => {
    waiting.set(id, [resolve, reject]);
    searchWorker().postMessage({id, method, args});
  });
}

/**
 * The address of a version's manifest: the plugin's file name for it (search-index{dir}-<stamp>.json,
 * defined at build time by ../index.ts), under the version's URL, `{dir}` naming the search context.
 */
export const manifestUrl = (baseUrl: string, searchContext: string, name: string): string =>
  `${baseUrl}${name.replace('{dir}', searchContext ? `-${searchContext.replace(/\//g, '-')}` : '')}`;

/** The worker, with the version's manifest. */
function withIndex(baseUrl: string, searchContext: string): Promise<unknown> {
  const key = `${baseUrl}${searchContext}`;
  let index = indexes.get(key);
  if (!index) {
    // The worker's script starts downloading now, while the manifest does.
    searchWorker();
    index = fetch(manifestUrl(baseUrl, searchContext, process.env.TESSERA_SEARCH_MANIFEST_NAME!))
      .then((response) => {
        if (!response.ok) throw new Error(`${response.status} for the search index`);
        return response.json();
      })
      .then((manifest) => call('fetchIndexes', [baseUrl, searchContext, manifest]));
    index.catch(() => indexes.delete(key));
    indexes.set(key, index);
  }
  return index;
}

export async function fetchIndexesByWorker(baseUrl: string, searchContext: string): Promise<void> {
  if (process.env.NODE_ENV === 'production') await withIndex(baseUrl, searchContext);
}

export async function searchByWorker(baseUrl: string, searchContext: string, input: string, limit: number): Promise<SearchResult[]> {
  if (process.env.NODE_ENV !== 'production') return [];
  await withIndex(baseUrl, searchContext);
  return call('search', [baseUrl, searchContext, input, limit]) as Promise<SearchResult[]>;
}
