/**
 * Turns the search plugin's one-file index of a docs version into the sharded index the search
 * worker reads (./format.ts). The plugin's documents are kept as they are, except that a long
 * text under a heading becomes several passages: a result then shows and costs one passage, not
 * a whole section. Each document type is indexed with lunr and the plugin's pipeline, as the
 * plugin does, so each term's weights are the ones lunr would score with.
 */
import {createHash} from 'node:crypto';
import lunr from 'lunr';
import {
  contentType,
  descriptionType,
  documentTypes,
  keywordsType,
  titleType,
  weightScale,
  type DocumentShard,
  type ShardedIndexManifest,
  type StoredContent,
  type StoredDocument,
  type StoredTitle,
  type TermShard,
  type Vocabulary,
} from './format';

/** A document as the plugin writes it (its `SearchDocument`). */
export type PluginDocument = {i: number; t: string; u: string; b?: string[]; s?: string; h?: string; p?: number};
/** The plugin's index file: one entry per document type, in `documentTypes` order. */
export type PluginIndex = {documents: PluginDocument[]}[];

export type ShardSizes = {
  /** A term shard closes once its JSON reaches this many characters (a single term may exceed it). */
  termShardChars: number;
  /** A shard of page outlines (titles and headings) closes once its JSON reaches this many characters. */
  outlineShardChars: number;
  /** A shard of passages closes once its JSON reaches this many characters. */
  documentShardChars: number;
  /** Passages of text are cut at sentence ends once they reach this many characters. */
  passageChars: number;
};

/** Measured on both versions and the 10× corpus (SEARCH.md): about 6 KB and 2 KB compressed. */
export const defaultShardSizes: ShardSizes = {
  termShardChars: 16_000,
  outlineShardChars: 24_000,
  documentShardChars: 5_000,
  passageChars: 320,
};

export type ShardedIndex = {
  manifest: ShardedIndexManifest;
  /** Shard files by name (content hash + .json), relative to the manifest's `base`. */
  files: Map<string, string>;
};

/** Sentence ends (a semicolon or colon does not end one: "Simulated; no card is charged" stays one passage). */
const sentenceEnd = /(?<=[.!?])\s+/;

/** Cuts a text into passages of about `target` characters, at sentence ends where it can, else between words. */
export function splitIntoPassages(text: string, target: number): string[] {
  const pieces: string[] = [];
  for (const sentence of text.split(sentenceEnd)) {
    if (sentence.length <= target * 2) {
      pieces.push(sentence);
      continue;
    }
    let rest = sentence;
    while (rest.length > target * 2) {
      const cut = rest.lastIndexOf(' ', target);
      const at = cut > target / 2 ? cut : target;
      pieces.push(rest.slice(0, at));
      rest = rest.slice(at).trimStart();
    }
    if (rest) pieces.push(rest);
  }
  const passages: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + 1 + piece.length > target) {
      passages.push(current);
      current = piece;
    } else {
      current = current ? `${current} ${piece}` : piece;
    }
  }
  if (current) passages.push(current);
  return passages;
}

type IndexedDocument = {ref: number; type: number; text: string};

/**
 * The words of a page's address (its last segment: "send-validate-response", "orderLines"), which
 * name what the page is about in the words readers type, indexed as the page's keywords unless
 * its title already says all of them.
 */
export function addressKeywords(url: string, title: string): string {
  const slug = url.replace(/\/+$/, '').split('/').pop() ?? '';
  const words = slug
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[-_\s]+/)
    .map((word) => word.toLowerCase())
    .filter((word) => /^[a-z]{2,}$/.test(word));
  // The title's words as the index tokenizes them (on spaces and hyphens): an error code's title,
  // `authorization_expired`, is one token, so its words are not in it and become keywords.
  const titleWords = new Set(
    title
      .toLowerCase()
      .split(/[\s-]+/)
      .map((word) => word.replace(/^[^a-z0-9_]+|[^a-z0-9_]+$/g, '')),
  );
  return words.every((word) => titleWords.has(word)) ? '' : words.join(', ');
}

/**
 * The documents with references 1, 2, …: first the outline of every page (its title, then its
 * headings), then the passages of every page, each page's together. A page's outline is small, and
 * the outlines of many pages share a shard, so the titles and headings a search shows (and the
 * pages of its passages) come from few files; a passage shard holds the text of one or two pages.
 */
function storeDocuments(
  index: PluginIndex,
  passageChars: number,
): {
  stored: StoredDocument[];
  indexed: IndexedDocument[];
  outlineCount: number;
  pages: number[];
  passageStarts: number[];
  sectionStarts: number[];
} {
  const titles = index[titleType]?.documents ?? [];
  const byPage = new Map<number, PluginDocument[]>();
  const sections = [...(index[1]?.documents ?? []), ...(index[contentType]?.documents ?? [])].sort((a, b) => a.i - b.i);
  for (const section of sections) {
    const list = byPage.get(section.p!) ?? [];
    list.push(section);
    byPage.set(section.p!, list);
  }
  const extraByPage = (type: number) => new Map((index[type]?.documents ?? []).map((document) => [document.p ?? document.i, document.t]));
  const descriptions = extraByPage(descriptionType);
  const keywords = extraByPage(keywordsType);
  const contentIds = new Set((index[contentType]?.documents ?? []).map((document) => document.i));

  const stored: StoredDocument[] = [];
  const indexed: IndexedDocument[] = [];
  const add = (document: StoredDocument, type: number) => {
    stored.push(document);
    const ref = stored.length;
    indexed.push({ref, type, text: document.t});
    return ref;
  };
  const pages: number[] = [];
  for (const title of titles) {
    const description = descriptions.get(title.i);
    const keyword = [keywords.get(title.i), addressKeywords(title.u, title.t)].filter(Boolean).join(', ');
    const page = add(
      {t: title.t, u: title.u, b: title.b ?? [], ...(description ? {d: description} : {}), ...(keyword ? {k: keyword} : {})},
      titleType,
    );
    pages.push(page);
    if (description) indexed.push({ref: page, type: descriptionType, text: description});
    if (keyword) indexed.push({ref: page, type: keywordsType, text: keyword});
    for (const section of byPage.get(title.i) ?? []) {
      if (!contentIds.has(section.i)) add({t: section.t, u: section.u, h: section.h ?? '', p: page}, 1);
    }
  }
  const outlineCount = stored.length;
  const passageStarts: number[] = [];
  const sectionStarts: number[] = [];
  titles.forEach((title, position) => {
    passageStarts.push(stored.length + 1);
    for (const section of byPage.get(title.i) ?? []) {
      if (!contentIds.has(section.i)) continue;
      sectionStarts.push(stored.length + 1);
      for (const passage of splitIntoPassages(section.t, passageChars)) {
        add({t: passage, s: section.s ?? title.t, u: section.u, h: section.h ?? '', p: pages[position]!}, contentType);
      }
    }
  });
  return {stored, indexed, outlineCount, pages, passageStarts, sectionStarts};
}

/** Each term's weight in each document of one type, as lunr computes it with the plugin's pipeline. */
function termWeights(documents: IndexedDocument[]): Map<string, [ref: number, weight: number][]> {
  const index = lunr(function () {
    this.ref('i');
    this.field('t');
    for (const document of documents) this.add({i: String(document.ref), t: document.text});
  });
  const serialized = index.toJSON() as unknown as {
    invertedIndex: [string, {_index: number}][];
    fieldVectors: [string, number[]][];
  };
  const termByIndex = new Map(serialized.invertedIndex.map(([term, posting]) => [posting._index, term]));
  const weights = new Map<string, [number, number][]>();
  for (const [fieldRef, elements] of serialized.fieldVectors) {
    const ref = Number(fieldRef.slice(fieldRef.indexOf('/') + 1));
    for (let k = 0; k < elements.length; k += 2) {
      const term = termByIndex.get(elements[k]!)!;
      const list = weights.get(term) ?? [];
      list.push([ref, Math.max(1, Math.round(elements[k + 1]! * weightScale))]);
      weights.set(term, list);
    }
  }
  return weights;
}

/** A word the vocabulary keeps: a typo is looked for in words of at least this many letters. */
const vocabularyWord = /^[a-z][a-z0-9_]{2,}$/;

/**
 * The words of the indexed text as the reader writes them (lunr's tokens before the stemmer), the
 * most frequent first: the search corrects a word the index does not hold to the most frequent
 * word within one edit, which the stems alone could not give ("authorizaton" is one edit from
 * "authorization", whose stem is "author").
 */
export function vocabularyOf(texts: string[]): Vocabulary {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const token of lunr.tokenizer(text)) {
      const word = lunr.trimmer(token).toString();
      if (vocabularyWord.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts].sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0)).map(([word]) => word);
}

function deltaEncoded(postings: [number, number][]): number[] {
  const sorted = [...postings].sort((a, b) => a[0] - b[0]);
  const encoded: number[] = [];
  let previous = 0;
  for (const [ref, weight] of sorted) {
    encoded.push(ref - previous, weight);
    previous = ref;
  }
  return encoded;
}

function fileName(content: string): string {
  return `${createHash('sha256').update(content).digest('hex').slice(0, 16)}.json`;
}

/** Cuts items into consecutive groups whose JSON reaches about `chars` characters each. */
function cut<T>(items: T[], size: (item: T) => number, chars: number): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let length = 0;
  for (const item of items) {
    const itemSize = size(item);
    if (group.length > 0 && length + itemSize > chars) {
      groups.push(group);
      group = [];
      length = 0;
    }
    group.push(item);
    length += itemSize;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

export function buildShardedIndex(index: PluginIndex, base: string, sizes: ShardSizes = defaultShardSizes): ShardedIndex {
  const {stored, indexed, outlineCount, pages, passageStarts, sectionStarts} = storeDocuments(index, sizes.passageChars);
  const postingsByTerm = new Map<string, number[][]>();
  documentTypes.forEach((_name, type) => {
    const documents = indexed.filter((document) => document.type === type);
    if (documents.length === 0) return;
    for (const [term, postings] of termWeights(documents)) {
      const perType = postingsByTerm.get(term) ?? [];
      while (perType.length < type) perType.push([]);
      perType[type] = deltaEncoded(postings);
      postingsByTerm.set(term, perType);
    }
  });
  const files = new Map<string, string>();
  const write = (content: string) => {
    const name = fileName(content);
    files.set(name, content);
    return name;
  };

  // Code-point order, as the worker compares terms.
  const terms = [...postingsByTerm.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const termGroups = cut(terms, (term) => term.length + JSON.stringify(postingsByTerm.get(term)).length + 4, sizes.termShardChars);
  const termShards: ShardedIndexManifest['terms'] = termGroups.map((group) => {
    const shard: TermShard = Object.fromEntries(group.map((term) => [term, postingsByTerm.get(term)!]));
    return [group[0]!, write(JSON.stringify(shard))];
  });

  const refs = stored.map((_document, position) => position + 1);
  const documentSize = (ref: number) => JSON.stringify(stored[ref - 1]).length + 1;
  const documentGroups = [
    ...cut(refs.slice(0, outlineCount), documentSize, sizes.outlineShardChars),
    ...cut(refs.slice(outlineCount), documentSize, sizes.documentShardChars),
  ];
  const documentShards: ShardedIndexManifest['documents'] = documentGroups.map((group) => {
    const documents = group.map((ref) => stored[ref - 1]!);
    const shard: DocumentShard = {first: group[0]!, documents};
    if (group[0]! > outlineCount) {
      // A passage shard carries its pages' titles: its results then need no outline shard.
      const pageRefs = [...new Set(documents.map((document) => (document as StoredContent).p))];
      shard.pages = Object.fromEntries(
        pageRefs.map((page) => {
          const {t, u, b} = stored[page - 1] as StoredTitle;
          return [page, {t, u, b}];
        }),
      );
    }
    return [group[0]!, write(JSON.stringify(shard))];
  });

  const vocabulary = write(JSON.stringify(vocabularyOf(indexed.map((document) => document.text))));

  const deltas = (values: number[]) => values.map((value, position) => value - (position === 0 ? 0 : values[position - 1]!));
  return {
    manifest: {
      format: 'tessera-sharded-search-3',
      base,
      terms: termShards,
      documents: documentShards,
      pages: deltas(pages),
      passages: deltas(passageStarts),
      sections: deltas(sectionStarts),
      vocabulary,
    },
    files,
  };
}
