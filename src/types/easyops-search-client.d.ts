// The search plugin's client modules our search worker imports (src/plugins/search-local/worker); the package ships them untyped.
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants' {
  export const searchIndexUrl: string;
  export const language: string[];
}
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize' {
  export function tokenize(text: string, language: string[]): string[];
}
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries' {
  export function smartQueries(
    tokens: string[],
    zhDictionary: string[],
  ): import('@site/src/plugins/search-local/sharded-index/query').SmartQuery[];
}
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/sortSearchResults' {
  export function sortSearchResults(results: import('@site/src/plugins/search-local/sharded-index/query').SearchResult[]): void;
}
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/processTreeStatusOfSearchResults' {
  export function processTreeStatusOfSearchResults(
    results: import('@site/src/plugins/search-local/sharded-index/query').SearchResult[],
  ): void;
}
