/**
 * Searches a sharded index (./format.ts) the way the search plugin's worker searches its one-file
 * index: the plugin's own tokenizer and query expansion (`smartQueries`: every word required, the
 * last one also as a prefix while it is typed, then within one edit for typos), lunr's matching
 * and scoring, then the plugin's ordering. Only the shards a search needs are fetched: the term
 * shards its words fall in, then the document shards of the results it returns.
 *
 * Typo tolerance and prefix matching work within the term shards a word needs: a typo is looked
 * for in the shards of the words that share its first three letters, so a typo after them is found
 * wherever a shard boundary falls ("refnud" for "refund"), and
 * a prefix expands over at most `maxPrefixShards` shards (a one-letter prefix would otherwise
 * fetch every shard of that letter).
 *
 * The plugin indexed a page's text by section; the build cuts it into passages (so a result costs
 * a passage, not a section). Text results are then counted per page, as a reader picks pages: a
 * page's best passage stands for it, scored up by the page's other matching sections
 * (`otherPassageWeight`), so a page that is about the words outranks one that mentions them once,
 * and one page's passages do not fill the list.
 */
import lunr from 'lunr';
import {
  contentType,
  descriptionType,
  headingType,
  keywordsType,
  titleType,
  weightScale,
  type DocumentShard,
  type ShardedIndexManifest,
  type StoredContent,
  type StoredDocument,
  type StoredHeading,
  type StoredPageTitle,
  type StoredTitle,
  type TermShard,
  type Vocabulary,
} from './format';
import {isReaderWord, queryRewrites} from './reader-words';
import {isCorrectable, TypoCorrector} from './typos';

/** A document as the plugin's UI reads it (its `SearchDocument`). */
export type SearchDocument = {i: number; t: string; u: string; b?: string[]; s?: string; h?: string; p?: number};
export type SearchMetadata = Record<string, {t: {position: [number, number][]}}>;
export type SearchResult = {
  document: SearchDocument;
  type: number;
  page: SearchDocument | false | undefined;
  metadata: SearchMetadata;
  tokens: string[];
  score: number;
};

type QueryTerm = {value: string; presence: number; wildcard: number; editDistance?: number};
export type SmartQuery = {tokens: string[]; term: QueryTerm[]};

/** The plugin's client functions the search follows (its tokenizer, query expansion and ordering). */
export type PluginQueryFunctions = {
  tokenize: (input: string, language: string[]) => string[];
  smartQueries: (tokens: string[], zhDictionary: string[]) => SmartQuery[];
  sortSearchResults: (results: SearchResult[]) => void;
  processTreeStatusOfSearchResults: (results: SearchResult[]) => void;
  language: string[];
};

export type LoadShard = (file: string) => Promise<unknown>;

/** Where a query stands among its search box's queries. */
type QueryOrder = {
  /** A newer query from the same box has arrived. */
  superseded: () => boolean;
  /** A newer query from the same box has answered with its own results. */
  answeredSince: () => boolean;
  /** Records that this query answers with its own results. */
  answered: () => void;
};

/** A version whose page outlines fit in this many shards gets them with its manifest. */
export const maxPrefetchedOutlineShards = 2;

/** How much the best passage of each further matching section of a page adds to its best passage's score. */
export const otherPassageWeight = 0.5;

/** A prefix being typed expands over at most this many term shards (two for a prefix of one or two letters). */
export const maxPrefixShards = 3;

const documentTypeCount = 5;

/**
 * The order in which a query's matches are listed, by where the words matched: a page's title,
 * then its keywords (the words of its address, the names of an object page's fields: what the
 * page defines), then a heading, the page's description, its text. The plugin's own order puts
 * keywords after descriptions, where a guide whose description mentions a field outranked the
 * object page that defines it.
 */
const typesInRankOrder = [titleType, keywordsType, headingType, descriptionType, contentType];

/** A typo is looked for among the words that share its first letters, this many. */
const typoSharedLetters = 3;

/** Term indexes of one shard's terms start at its position times this (more terms than any shard holds). */
const shardTermIndexSpan = 1_000_000;

type ShardPart = {
  invertedIndex: Map<string, {_index: number; t: Record<string, object>}>;
  vectors: Map<string, number[]>;
  tokenSet: lunr.TokenSet;
};

/**
 * The query's tokens with those at the positions `correctable` accepts replaced by what `corrector`
 * takes the reader to have meant; the last token is the word being typed.
 */
function corrected(tokens: string[], corrector: TypoCorrector, correctable: (at: number) => boolean): string[] {
  return tokens.map((token, at) =>
    correctable(at) && !isReaderWord(token) ? (corrector.correct(token, at === tokens.length - 1) ?? token) : token,
  );
}

/** Whether a word is one of lunr's stop words, which the index never holds. */
const isStopWord = (word: string): boolean => !lunr.stopWordFilter(new lunr.Token(word, {}));

/**
 * The plugin's queries (`smartQueries`) for the words as typed and for each rewrite of them
 * (./reader-words.ts: a question without its filler, the pages' words for a reader's), in the
 * order their matches are listed: every word of a rewrite before fewer of them (the plugin's
 * queries that leave one word out), the words as written before within one edit, and within
 * those, in the order of the rewrites. Within one edit of "void" is "avoid", which every error page
 * says: its matches come after those of "cancel".
 */
export function rewrittenQueries(tokens: string[], smartQueries: PluginQueryFunctions['smartQueries']): SmartQuery[] {
  const ranked = queryRewrites(tokens).flatMap((rewrite, rewriteRank) => {
    const words = rewrite.filter((token) => !isStopWord(token)).length;
    return smartQueries(rewrite, []).map((query) => {
      const fewerWords = query.tokens.length < words ? 1 : 0;
      const withinOneEdit = query.term.some((term) => term.editDistance) ? 1 : 0;
      return {query, rank: [fewerWords, withinOneEdit, rewriteRank] as const};
    });
  });
  // A stable sort: the plugin's own order holds within a rank.
  return ranked.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2]).map(({query}) => query);
}

/** lunr's search pipeline (the stemmer), as the plugin's index applies it to query terms. */
function searchPipeline(): lunr.Pipeline {
  const pipeline = new lunr.Pipeline();
  pipeline.add(lunr.stemmer);
  return pipeline;
}

/** A pipeline step as lunr runs it (its typings give the steps one parameter). */
type PipelineStep = (token: lunr.Token, index: number, tokens: lunr.Token[]) => lunr.Token | lunr.Token[] | undefined | null;
/** lunr's indexing pipeline, to find where a matched term stands in a document's text. */
const indexingSteps = [lunr.trimmer, lunr.stopWordFilter, lunr.stemmer] as unknown as PipelineStep[];
/** lunr's typings leave out what these use: a token's metadata and building a token set from sorted terms. */
type TokenWithMetadata = lunr.Token & {metadata: {position: [number, number]}};
const tokenSetFromArray = (lunr.TokenSet as unknown as {fromArray: (terms: string[]) => lunr.TokenSet}).fromArray;

/** Where each of `terms` occurs in `text`, as lunr records positions when it indexes. */
export function termPositions(text: string, terms: string[]): Map<string, [number, number][]> {
  const wanted = new Set(terms);
  const positions = new Map<string, [number, number][]>(terms.map((term) => [term, []]));
  lunr.tokenizer(text).forEach((token, index, tokens) => {
    let processed: lunr.Token | undefined = token.clone();
    for (const step of indexingSteps) {
      const out = step(processed, index, tokens);
      processed = Array.isArray(out) ? out[0] : (out ?? undefined);
      if (!processed || processed.toString() === '') return;
    }
    const term = processed.toString();
    if (wanted.has(term)) positions.get(term)!.push((token as TokenWithMetadata).metadata.position);
  });
  return positions;
}

/**
 * Whether `text` holds the query's words (`tokens`, as the plugin's query lists them, stop words
 * left out) one after the other, with nothing but stop words between them: "At most 20 keys" holds
 * "20 keys", "up to 20 string key-value pairs" does not. Words compare by their stems; the last
 * one, which the reader may still be typing, also as the start of a word.
 */
export function holdsPhrase(text: string, tokens: string[]): boolean {
  const stemOf = (word: string) => lunr.stemmer(new lunr.Token(word, {})).toString();
  const wanted = tokens.filter((token) => !isStopWord(token));
  if (wanted.length < 2) return false;
  const wantedStems = wanted.map(stemOf);
  const last = wanted.length - 1;
  const words = lunr.tokenizer(text).map((token) => lunr.trimmer(token).toString());
  const matches = (word: string, at: number) => {
    const stemmed = stemOf(word);
    return stemmed === wantedStems[at] || (at === last && (stemmed.startsWith(wantedStems[at]!) || word.startsWith(wanted[at]!)));
  };
  for (let start = 0; start < words.length; start++) {
    if (!matches(words[start]!, 0)) continue;
    let next = 1;
    for (let position = start + 1; position < words.length && next < wanted.length; position++) {
      if (matches(words[position]!, next)) next++;
      else if (!isStopWord(words[position]!)) break;
    }
    if (next === wanted.length) return true;
  }
  return false;
}

/**
 * Each run of text results of one query in the order of `rank` (lower first), stable: the passages
 * that hold the words as a phrase before the others, and among them a page's lead (its first
 * passage, which says what the page is) before the rest of a page's text.
 */
function rankedTextResults<T extends {query: number; type: number}>(hits: T[], rank: (hit: T) => number): T[] {
  const ordered: T[] = [];
  for (let start = 0; start < hits.length;) {
    let end = start + 1;
    const first = hits[start]!;
    if (first.type === contentType) {
      while (end < hits.length && hits[end]!.type === contentType && hits[end]!.query === first.query) end++;
    }
    const run = hits.slice(start, end).map((hit, at) => ({hit, at, rank: end - start > 1 ? rank(hit) : 0}));
    ordered.push(...run.sort((a, b) => a.rank - b.rank || a.at - b.at).map(({hit}) => hit));
    start = end;
  }
  return ordered;
}

/**
 * The index of the sorted `firsts` entry whose range holds `value` (a term, or a document
 * reference): the last one not after it.
 */
function shardOf<T extends string | number>(firsts: T[], value: T): number {
  let low = 0;
  let high = firsts.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (firsts[middle]! <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

export class ShardedSearch {
  private readonly termFirsts: string[];
  private readonly documentFirsts: number[];
  /** The reference of each page's own entry, ascending: its headings follow it. */
  private readonly pageRefs: number[];
  /** The reference of each page's first passage, ascending (in the same order). */
  private readonly passageStarts: number[];
  /** The reference of each section's first passage, ascending. */
  private readonly sectionStarts: number[];
  private readonly termShards = new Map<number, Promise<TermShard>>();
  private readonly loadedTermShards = new Map<number, TermShard>();
  private readonly documentShards = new Map<number, Promise<DocumentShard>>();
  private readonly storedDocuments = new Map<number, StoredDocument>();
  /** Pages' titles that came with passage shards (their outline shard may not be loaded). */
  private readonly pageTitles = new Map<number, StoredPageTitle>();
  private readonly documents = new Map<string, SearchDocument>();
  private readonly parts = new Map<string, ShardPart | undefined>();
  private readonly pipeline = searchPipeline();
  /** The newest query of each search box, and its answer. */
  private readonly newestQueries = new Map<string, {id: number; results: Promise<SearchResult[]>}>();
  /** The newest query of each search box that has answered with its own results. */
  private readonly answeredQueries = new Map<string, number>();
  private queryCount = 0;
  private typoCorrector: Promise<TypoCorrector> | undefined;
  /** The vocabulary, once it has arrived. */
  private loadedCorrector: TypoCorrector | undefined;

  constructor(
    private readonly manifest: ShardedIndexManifest,
    private readonly load: LoadShard,
    private readonly plugin: PluginQueryFunctions,
  ) {
    if (manifest.format !== 'tessera-sharded-search-3') throw new Error(`Unknown search index format: ${String(manifest.format)}`);
    this.termFirsts = manifest.terms.map(([first]) => first);
    this.documentFirsts = manifest.documents.map(([first]) => first);
    let page = 0;
    this.pageRefs = manifest.pages.map((delta) => (page += delta));
    let start = 0;
    this.passageStarts = manifest.passages.map((delta) => (start += delta));
    let section = 0;
    this.sectionStarts = manifest.sections.map((delta) => (section += delta));
  }

  /** The reference of a title, heading, description or keywords result's page entry, from the manifest alone. */
  private pageOf(hit: {ref: number}): number {
    return this.pageRefs[shardOf(this.pageRefs, hit.ref)]!;
  }

  /** The reference of the page a result of any type belongs to. */
  private pageOfHit(hit: {ref: number; type: number}): number {
    if (hit.type === contentType) return this.pageRefs[shardOf(this.passageStarts, hit.ref)]!;
    return hit.type === titleType ? hit.ref : this.pageOf(hit);
  }

  /**
   * Text results, one per page: its best passage, scored up by the best passage of each of its
   * other matching sections (a section that repeats the words, as a table of nested fields does,
   * counts once).
   */
  private perPage(found: lunr.Index.Result[]): lunr.Index.Result[] {
    const bestBySection = new Map<number, lunr.Index.Result>();
    for (const result of found) {
      const section = shardOf(this.sectionStarts, Number(result.ref));
      const best = bestBySection.get(section);
      if (!best || result.score > best.score) bestBySection.set(section, result);
    }
    const byPage = new Map<number, {best: lunr.Index.Result; others: number}>();
    for (const result of bestBySection.values()) {
      const page = shardOf(this.passageStarts, Number(result.ref));
      const entry = byPage.get(page);
      if (!entry) byPage.set(page, {best: result, others: 0});
      else if (result.score > entry.best.score) {
        entry.others += entry.best.score;
        entry.best = result;
      } else entry.others += result.score;
    }
    return [...byPage.values()]
      .map(({best, others}) => ({...best, score: best.score + otherPassageWeight * others}))
      .sort((a, b) => b.score - a.score);
  }

  /** The term shards a query term needs: the one its literal part falls in, and for a prefix the next ones that hold terms with that prefix. */
  termShardsFor(term: QueryTerm): number[] {
    let text = term.value;
    if (term.wildcard & lunr.Query.wildcard.TRAILING) text += '*';
    if (term.wildcard & lunr.Query.wildcard.LEADING) return [];
    const [stemmed = ''] = this.pipeline.runString(text);
    const star = stemmed.indexOf('*');
    const literal = star === -1 ? stemmed : stemmed.slice(0, star);
    if (literal === '') return [];
    const first = shardOf(this.termFirsts, literal);
    const shards = [first];
    if (star !== -1) {
      // One or two letters are the start of a word still being typed: the shard the letters fall in,
      // and the next one if its words start with them (the letters' own words may all sort there).
      const limit = literal.length >= 3 ? maxPrefixShards : 2;
      for (let next = first + 1; next < this.termFirsts.length && shards.length < limit; next++) {
        if (!this.termFirsts[next]!.startsWith(literal)) break;
        shards.push(next);
      }
    }
    if (term.editDistance && literal.length >= typoSharedLetters) {
      // A typo after the first letters sorts anywhere among the words that share them ("refnud" is
      // before "refo…", "refund" after): the shards of those words, as for a prefix.
      const shared = literal.slice(0, typoSharedLetters);
      for (let at = shardOf(this.termFirsts, shared); at < this.termFirsts.length && shards.length <= maxPrefixShards; at++) {
        if (at !== shardOf(this.termFirsts, shared) && !this.termFirsts[at]!.startsWith(shared)) break;
        if (!shards.includes(at)) shards.push(at);
      }
    }
    return shards;
  }

  private termShard(position: number): Promise<TermShard> {
    let shard = this.termShards.get(position);
    if (!shard) {
      shard = this.load(this.manifest.terms[position]![1]).then((loaded) => {
        this.loadedTermShards.set(position, loaded as TermShard);
        return loaded as TermShard;
      });
      shard.catch(() => this.termShards.delete(position));
      this.termShards.set(position, shard);
    }
    return shard;
  }

  private documentShard(position: number): Promise<DocumentShard> {
    let shard = this.documentShards.get(position);
    if (!shard) {
      shard = this.load(this.manifest.documents[position]![1]).then((loaded) => {
        const documentShard = loaded as DocumentShard;
        documentShard.documents.forEach((document, offset) => this.storedDocuments.set(documentShard.first + offset, document));
        for (const [page, title] of Object.entries(documentShard.pages ?? {})) this.pageTitles.set(Number(page), title);
        return documentShard;
      });
      shard.catch(() => this.documentShards.delete(position));
      this.documentShards.set(position, shard);
    }
    return shard;
  }

  /**
   * Fetches the outline shards (every page's title, breadcrumb and headings) ahead of the first
   * query when there are at most `maxPrefetchedOutlineShards` of them: nearly every search shows
   * titles, and this saves it a round of requests. A larger site fetches them as results need them.
   */
  prefetchOutlines(): Promise<void> {
    // Outlines come first: the first page's first passage follows the last outline.
    const firstPassage = this.passageStarts[0] ?? Infinity;
    const outlineShards = this.documentFirsts.flatMap((first, position) => (first < firstPassage ? [position] : []));
    if (outlineShards.length > maxPrefetchedOutlineShards) return Promise.resolve();
    return Promise.all(outlineShards.map((position) => this.documentShard(position))).then(() => undefined);
  }

  private async loadDocuments(refs: Iterable<number>): Promise<void> {
    const positions = new Set<number>();
    for (const ref of refs) if (!this.storedDocuments.has(ref)) positions.add(shardOf(this.documentFirsts, ref));
    await Promise.all([...positions].map((position) => this.documentShard(position)));
  }

  /** A term shard's terms of one document type, as lunr structures, built once per shard. */
  private shardPart(position: number, type: number): ShardPart | undefined {
    const key = `${position}:${type}`;
    if (this.parts.has(key)) return this.parts.get(key);
    const shard = this.loadedTermShards.get(position)!;
    const invertedIndex: ShardPart['invertedIndex'] = new Map();
    const vectors: ShardPart['vectors'] = new Map();
    const terms = Object.keys(shard).sort();
    let local = 0;
    for (const term of terms) {
      const postings = shard[term]![type];
      if (!postings || postings.length === 0) continue;
      // Term indexes grow with the shard's position, so a document's elements stay sorted across shards.
      const termIndex = position * shardTermIndexSpan + local++;
      const fieldPosting: Record<string, object> = Object.create(null);
      let ref = 0;
      for (let k = 0; k < postings.length; k += 2) {
        ref += postings[k]!;
        fieldPosting[ref] = {};
        const fieldRef = `t/${ref}`;
        let elements = vectors.get(fieldRef);
        if (!elements) vectors.set(fieldRef, (elements = []));
        elements.push(termIndex, postings[k + 1]! / weightScale);
      }
      invertedIndex.set(term, {_index: termIndex, t: fieldPosting});
    }
    const part = local === 0 ? undefined : {invertedIndex, vectors, tokenSet: tokenSetFromArray([...invertedIndex.keys()])};
    this.parts.set(key, part);
    return part;
  }

  /**
   * One lunr index per document type over the term shards a query needs (not every shard loaded
   * so far), joined from each shard's own structures, which are built once: a keystroke costs the
   * documents its words match, not the size of its shards.
   */
  private lunrIndexes(positions: number[]): lunr.Index[] {
    const needed = [...new Set(positions)].sort((a, b) => a - b);
    const byType: lunr.Index[] = [];
    for (let type = 0; type < documentTypeCount; type++) {
      const parts = needed.flatMap((position) => this.shardPart(position, type) ?? []);
      const invertedIndex = new Proxy(Object.create(null) as object, {
        get: (_target, term) => {
          for (const part of parts) {
            const posting = part.invertedIndex.get(String(term));
            if (posting) return posting;
          }
          return undefined;
        },
      });
      const merged = new Map<string, lunr.Vector>();
      const fieldVectors = new Proxy(Object.create(null) as object, {
        get: (_target, fieldRef) => {
          const key = String(fieldRef);
          let vector = merged.get(key);
          if (!vector) {
            vector = new lunr.Vector(parts.flatMap((part) => part.vectors.get(key) ?? []));
            merged.set(key, vector);
          }
          return vector;
        },
      });
      const tokenSet = {
        intersect: (query: lunr.TokenSet) => ({toArray: () => parts.flatMap((part) => part.tokenSet.intersect(query).toArray())}),
      };
      byType.push(
        new lunr.Index({invertedIndex, fieldVectors, tokenSet, fields: ['t'], pipeline: this.pipeline} as unknown as lunr.Index.Attributes),
      );
    }
    return byType;
  }

  private document(type: number, ref: number): SearchDocument {
    const key = `${type === descriptionType || type === keywordsType ? type : type === titleType ? 0 : 'section'}:${ref}`;
    let document = this.documents.get(key);
    if (document) return document;
    const stored = this.storedDocuments.get(ref) ?? (type === titleType ? this.pageTitles.get(ref) : undefined);
    if (!stored) throw new Error(`Search document ${ref} is not loaded`);
    if (type === titleType) {
      const title = stored as StoredTitle;
      document = {i: ref, t: title.t, u: title.u, b: title.b};
    } else if (type === descriptionType || type === keywordsType) {
      const title = stored as StoredTitle;
      document = {i: ref, t: (type === descriptionType ? title.d : title.k) ?? '', s: title.t, u: title.u, p: ref};
    } else if (type === contentType) {
      const content = stored as StoredContent;
      document = {i: ref, t: content.t, s: content.s, u: content.u, h: content.h, p: content.p};
    } else {
      const heading = stored as StoredHeading;
      document = {i: ref, t: heading.t, u: heading.u, h: heading.h, p: heading.p};
    }
    this.documents.set(key, document);
    return document;
  }

  /** Fetches the term shards that a query's words need; returns their positions. */
  private async loadTermShards(queries: SmartQuery[]): Promise<number[]> {
    const shards = [...new Set(queries.flatMap((query) => query.term.flatMap((term) => this.termShardsFor(term))))];
    await Promise.all(shards.map((position) => this.termShard(position)));
    return shards;
  }

  /**
   * The positions of the tokens whose word no loaded term shard holds (stemmed), nor, for the last
   * one, which the reader may still be typing, starts. Stop words and words of fewer than three
   * letters are never unknown. The shards of every token's word are loaded by then.
   */
  private unknownWords(tokens: string[]): number[] {
    const loaded = [...this.loadedTermShards.values()];
    return tokens.flatMap((token, at) => {
      if (!isCorrectable(token) || isStopWord(token) || isReaderWord(token)) return [];
      const [stem = token] = this.pipeline.runString(token);
      if (loaded.some((shard) => Object.prototype.hasOwnProperty.call(shard, stem))) return [];
      const typing = at === tokens.length - 1;
      if (typing && loaded.some((shard) => Object.keys(shard).some((term) => term.startsWith(stem) || term.startsWith(token)))) return [];
      return [at];
    });
  }

  /**
   * Fetches the vocabulary ahead of the first query, as the outlines are: a typo in the first
   * letters typed would otherwise wait for it (a round trip), then for the corrected word's term
   * shard (another). On the throttled phone the first answer to "prtial efund" came 2.1 s after
   * the first key, and 1.8–1.9 s with the vocabulary fetched ahead (SEARCH.md). It costs a first
   * search about 9 KB more.
   */
  prefetchVocabulary(): Promise<void> {
    return this.corrector().then(() => undefined);
  }

  /** The vocabulary, fetched ahead of the first query or on the first word the index does not hold. */
  private corrector(): Promise<TypoCorrector> {
    if (!this.typoCorrector) {
      const corrector = this.load(this.manifest.vocabulary).then((vocabulary) => {
        this.loadedCorrector = new TypoCorrector(vocabulary as Vocabulary);
        return this.loadedCorrector;
      });
      corrector.catch(() => (this.typoCorrector = undefined));
      this.typoCorrector = corrector;
    }
    return this.typoCorrector;
  }

  /**
   * Searches for `input`. Queries from one search box supersede each other: the navbar's box sends
   * one per keystroke. A query that a newer one from the same box overtook while it waited for its
   * term shards stops there (no lunr work, no document shards for results nobody will see) and
   * answers with the newest query's results. One overtaken while its documents were on their way
   * answers with its own results, which cost nothing more by then: the search box shows the newest
   * answer it has while the reader types on (../newest-answer). A box's answers never go back in
   * time: a query answers with the newest one's results instead of its own once a newer query has
   * answered (the results page shows whichever answer arrives last). The plugin's SearchBar and
   * SearchPage ask for different limits, so the limit tells their queries apart unless `box` says
   * otherwise.
   */
  search(input: string, limit: number, box: string = String(limit)): Promise<SearchResult[]> {
    const id = ++this.queryCount;
    const newest = () => this.newestQueries.get(box)!;
    const results = this.searchUnlessSuperseded(input, limit, {
      superseded: () => newest().id !== id,
      answeredSince: () => (this.answeredQueries.get(box) ?? 0) > id,
      answered: () => this.answeredQueries.set(box, id),
    }).then((found) => found ?? newest().results);
    this.newestQueries.set(box, {id, results});
    return results;
  }

  /**
   * The search, or null: once a newer query from the same box has arrived by the time the term
   * shards are in, or has answered by the time the documents are.
   */
  private async searchUnlessSuperseded(input: string, limit: number, order: QueryOrder): Promise<SearchResult[] | null> {
    const rawTokens = this.plugin.tokenize(input, this.plugin.language);
    if (rawTokens.length === 0) {
      order.answered();
      return [];
    }
    // With the vocabulary in, a typo is corrected before any term shard is fetched for it.
    const loadedCorrector = this.loadedCorrector;
    const correctedTokens = loadedCorrector ? corrected(rawTokens, loadedCorrector, () => true) : rawTokens;
    let queries = rewrittenQueries(correctedTokens, this.plugin.smartQueries);
    let shards = await this.loadTermShards(queries);
    if (order.superseded()) return null;
    // Else a word the index does not hold is a typo, or a word no page uses: the vocabulary tells which.
    const unknown = loadedCorrector ? [] : this.unknownWords(rawTokens);
    if (unknown.length > 0) {
      const correctedUnknown = corrected(rawTokens, await this.corrector(), (at) => unknown.includes(at));
      if (correctedUnknown.some((token, at) => token !== rawTokens[at])) {
        queries = rewrittenQueries(correctedUnknown, this.plugin.smartQueries);
        shards = await this.loadTermShards(queries);
        if (order.superseded()) return null;
      }
    }
    const indexes = this.lunrIndexes(shards);

    type Hit = {ref: number; type: number; query: number; metadata: object; tokens: string[]; score: number};
    const hits: Hit[] = [];
    const listedPages = new Set<number>();
    search: for (const [queryAt, {term, tokens}] of queries.entries()) {
      for (const type of typesInRankOrder) {
        const matches = indexes[type]!.query((query) => {
          for (const item of term) {
            query.term(item.value, {
              wildcard: item.wildcard,
              presence: item.presence,
              ...(item.editDistance ? {editDistance: item.editDistance} : null),
            });
          }
        });
        const found = type === contentType ? this.perPage(matches) : matches;
        // One result a page: the first found, from the query and document type that match best
        // (the words as typed before fewer of them or a typo; by `typesInRankOrder`).
        for (const result of found) {
          const hit = {ref: Number(result.ref), type, query: queryAt, metadata: result.matchData.metadata, tokens, score: result.score};
          const page = this.pageOfHit(hit);
          if (listedPages.has(page)) continue;
          listedPages.add(page);
          hits.push(hit);
          if (hits.length >= limit) break search;
        }
      }
    }

    // The results' documents and their pages' entries, in one round of requests (a passage shard
    // brings the titles of its pages).
    await this.loadDocuments(hits.flatMap((hit) => (hit.type === contentType ? [hit.ref] : [hit.ref, this.pageOf(hit)])));
    // The queries of one typing often wait for the same document shard, and all go on when it
    // arrives: an overtaken one lets a task pass, so that a newer one answers first and the box
    // renders that answer alone, not each older one before it.
    if (order.superseded()) await new Promise((resolve) => setTimeout(resolve, 0));
    if (order.answeredSince()) return null;

    // lunr scores a passage by its words, wherever they stand in it; of the passages it found for a
    // query, those that hold the words as the reader typed them, side by side, come first: the
    // metadata object's "At most 20 keys" above a guide that says "20" and "keys" apart, and above
    // a guide that says it further down.
    const leads = new Set(this.passageStarts);
    const ordered = rankedTextResults(hits, (hit) =>
      holdsPhrase(this.document(hit.type, hit.ref).t, hit.tokens) ? (leads.has(hit.ref) ? 0 : 1) : 2,
    );
    const results: SearchResult[] = ordered.map((hit) => {
      const document = this.document(hit.type, hit.ref);
      const positions = termPositions(document.t, Object.keys(hit.metadata));
      const metadata: SearchMetadata = {};
      for (const [term, position] of positions) metadata[term] = {t: {position}};
      return {
        document,
        type: hit.type,
        page: hit.type !== titleType && this.document(titleType, document.p ?? hit.ref),
        metadata,
        tokens: hit.tokens,
        score: hit.score,
      };
    });
    this.plugin.sortSearchResults(results);
    this.plugin.processTreeStatusOfSearchResults(results);
    order.answered();
    return results;
  }
}
