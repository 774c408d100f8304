/**
 * Stands in for the search plugin's worker.js (its SearchWorker, same Comlink API and result
 * shape) and searches the sharded index (../sharded-index) instead of one whole index per version:
 * `fetchIndexes` fetches a version's small manifest, `search` the shards its words and results
 * need. Every file comes from the site's own origin.
 */
import * as Comlink from 'comlink';
import {searchIndexUrl, language} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants';
import {tokenize} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize';
import {smartQueries} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries';
import {sortSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/sortSearchResults';
import {processTreeStatusOfSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/processTreeStatusOfSearchResults';
import type {ShardedIndexManifest} from '../sharded-index/format';
import {ShardedSearch, type PluginQueryFunctions, type SearchResult} from '../sharded-index/query';

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

const searches = new Map<string, Promise<ShardedSearch>>();

function shardedSearch(baseUrl: string, searchContext: string): Promise<ShardedSearch> {
  const key = `${baseUrl}${searchContext}`;
  let search = searches.get(key);
  if (!search) {
    const manifestUrl = `${baseUrl}${searchIndexUrl.replace('{dir}', searchContext ? `-${searchContext.replace(/\//g, '-')}` : '')}`;
    search = fetchJson(manifestUrl).then((manifest) => {
      const {base} = manifest as ShardedIndexManifest;
      const search = new ShardedSearch(manifest as ShardedIndexManifest, (file) => fetchJson(`${base}${file}`), plugin);
      void search.prefetchOutlines().catch(() => {});
      void search.prefetchVocabulary().catch(() => {});
      return search;
    });
    search.catch(() => searches.delete(key));
    searches.set(key, search);
  }
  return search;
}

export class SearchWorker {
  async fetchIndexes(baseUrl: string, searchContext: string): Promise<void> {
    await shardedSearch(baseUrl, searchContext);
  }

  async search(baseUrl: string, searchContext: string, input: string, limit: number): Promise<SearchResult[]> {
    return (await shardedSearch(baseUrl, searchContext)).search(input, limit);
  }
}

Comlink.expose(SearchWorker);
