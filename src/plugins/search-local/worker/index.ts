/**
 * Stands in for the search plugin's worker.js (its SearchWorker's two calls and result shape, as
 * plain messages from ./client.ts) and searches the sharded index (../sharded-index) instead of one
 * whole index per version: `fetchIndexes` takes a version's small manifest, which the page
 * fetched, and `search` fetches the shards its words and results need. Every file comes from the
 * site's own origin.
 */
import {language} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants';
import {tokenize} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize';
import {smartQueries} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries';
import {sortSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/sortSearchResults';
import {processTreeStatusOfSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/processTreeStatusOfSearchResults';
import type {ShardedIndexManifest} from '../sharded-index/format';
import {ShardedSearch, type PluginQueryFunctions, type SearchResult} from '../sharded-index/query';
import type {WorkerAnswer, WorkerCall} from './client';

const plugin: PluginQueryFunctions = {tokenize, smartQueries, sortSearchResults, processTreeStatusOfSearchResults, language};

/** A URL of this site, or an error: the index never comes from elsewhere. */
function sameOrigin(url: string): string {
  const full = new URL(url, location.origin);
  if (full.origin !== location.origin) throw new Error('Unexpected search index URL');
  return full.href;
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(sameOrigin(url));
  if (!response.ok) throw new Error(`${response.status} for ${url}`);
  return response.json();
}

const searches = new Map<string, ShardedSearch>();

/** A version's search over its manifest, which the page fetched (./client.ts); the worker fetches the rest. */
function fetchIndexes(baseUrl: string, searchContext: string, manifest: ShardedIndexManifest): void {
  const key = `${baseUrl}${searchContext}`;
  if (searches.has(key)) return;
  const search = new ShardedSearch(manifest, (file) => fetchJson(`${manifest.base}${file}`), plugin);
  void search.prefetchOutlines().catch(() => {});
  void search.prefetchVocabulary().catch(() => {});
  searches.set(key, search);
}

function search(baseUrl: string, searchContext: string, input: string, limit: number): Promise<SearchResult[]> {
  const search = searches.get(`${baseUrl}${searchContext}`);
  if (!search) throw new Error(`No search index for ${baseUrl}${searchContext}`);
  return search.search(input, limit);
}

self.onmessage = async ({data}: MessageEvent<WorkerCall>) => {
  let answer: WorkerAnswer;
  try {
    answer = {
      id: data.id,
      result:
        data.method === 'fetchIndexes'
          ? fetchIndexes(...(data.args as [string, string, ShardedIndexManifest]))
          : await search(...data.args),
    };
  } catch (error) {
    answer = {id: data.id, error: String(error)};
  }
  self.postMessage(answer);
};
