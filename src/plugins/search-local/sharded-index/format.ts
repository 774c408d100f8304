/**
 * The sharded search index of one docs version, as the build writes it and the search worker
 * reads it. The manifest replaces the plugin's one-file index under the plugin's own file name;
 * the shards are content-named files under /assets/search/.
 *
 * - Term shards hold consecutive ranges of the sorted index terms: for each term and each of the
 *   plugin's document types (title, heading, description, keywords, content), the documents that
 *   hold it and the term's weight in each (lunr's BM25 weight, so scores are lunr's).
 * - Document shards hold consecutive ranges of documents: first the outlines of all pages (each
 *   page's title, breadcrumb and headings), then the passages of their text, a page's together,
 *   with the titles of the pages they come from.
 * - The vocabulary lists the words of the indexed text as written (not stemmed), the most frequent
 *   first: a search fetches it only for a word the index does not hold, to find the word within
 *   one edit that the reader meant.
 * A search downloads the manifest, the term shards its words fall in and the document shards of
 * the results it shows.
 */

/** The plugin's document types, in the order of its indexes (its `SearchDocumentType`). */
export const documentTypes = ['title', 'heading', 'description', 'keywords', 'content'] as const;
export const titleType = 0;
export const headingType = 1;
export const descriptionType = 2;
export const keywordsType = 3;
export const contentType = 4;

export type ShardedIndexManifest = {
  /** Format version: the worker refuses a manifest it does not know. */
  format: 'tessera-sharded-search-3';
  /** Where the shard files are, an absolute URL path ending in a slash. */
  base: string;
  /** Term shards by their first term, sorted: a term is in the last shard whose first term is not after it. */
  terms: [firstTerm: string, file: string][];
  /** Document shards by their first document reference, sorted. */
  documents: [firstRef: number, file: string][];
  /** The reference of each page's own entry (its headings follow it), each after the first as the difference to the previous one. */
  pages: number[];
  /** The reference of each page's first passage (in `pages` order; its passages follow it), as differences likewise. */
  passages: number[];
  /** The reference of each section's first passage, as differences likewise. */
  sections: number[];
  /** The vocabulary file (`Vocabulary`). */
  vocabulary: string;
};

/** Every word of the indexed text, lower-case and as written, the most frequent first. */
export type Vocabulary = string[];

/**
 * One term's postings per document type: the documents' references, each after the first as the
 * difference to the previous one, alternating with the term's weight in that document times 1000.
 * Trailing types without postings are left out.
 */
export type TermPostings = number[][];
export type TermShard = Record<string, TermPostings>;

/** A page's own entry (title type); its description and keywords, if any, are indexed apart under the same reference. */
export type StoredTitle = {t: string; u: string; b: string[]; d?: string; k?: string};
/** A heading of a page (`p`: the page's reference). */
export type StoredHeading = {t: string; u: string; h: string; p: number};
/** A passage of text under a heading (`s`: the heading's text, or the page title's). */
export type StoredContent = {t: string; s: string; u: string; h: string; p: number};
export type StoredDocument = StoredTitle | StoredHeading | StoredContent;

/** What a text result shows of its page: its title, address and breadcrumb. */
export type StoredPageTitle = Pick<StoredTitle, 't' | 'u' | 'b'>;

export type DocumentShard = {
  /** The reference of the first document; the others follow in order. */
  first: number;
  documents: StoredDocument[];
  /**
   * In a shard of passages: the title of each page whose passages it holds, by the page's
   * reference, so that a text result needs no outline shard to show its page.
   */
  pages?: Record<number, StoredPageTitle>;
};

/** Weights are stored as integers, in thousandths. */
export const weightScale = 1000;
