/**
 * One typo anywhere in a word, the first letters included ("efund", "cpture", "authorizaton",
 * "refudn"): a word the index does not hold is replaced by the most frequent word of the
 * vocabulary (./format.ts) within one edit: a letter left out, added, changed, or two neighbours
 * swapped. The word being typed (the query's last) may also be the start of such a word.
 *
 * The corrected word is then searched as if typed: lunr's own fuzzy matching works on stems and
 * within the term shards a word falls in, so it cannot reach a typo in the first letters, nor a
 * word whose stem is shorter than the typo ("authorization" is indexed as "author").
 */

/** Letters a typo may add or change: those of the vocabulary's words. */
const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789_';

/** Words of fewer letters are not corrected: one edit from a two-letter word is most words. */
export const minimumCorrectedLength = 3;

/** A word one may correct: of at least `minimumCorrectedLength` letters, digits or underscores. */
export const isCorrectable = (word: string): boolean => word.length >= minimumCorrectedLength && /^[a-z0-9_]+$/.test(word);

/** Every string one edit from `word`: a deletion, a transposition of neighbours, a substitution or an insertion. */
export function oneEditFrom(word: string): Set<string> {
  const edits = new Set<string>();
  for (let at = 0; at <= word.length; at++) {
    const head = word.slice(0, at);
    const tail = word.slice(at);
    if (tail) edits.add(head + tail.slice(1));
    if (tail.length > 1) edits.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of alphabet) {
      if (tail && letter !== tail[0]) edits.add(head + letter + tail.slice(1));
      edits.add(head + letter + tail);
    }
  }
  edits.delete(word);
  return edits;
}

/** A vocabulary ready for corrections: each word's rank (0 the most frequent), and the words sorted. */
export class TypoCorrector {
  private readonly ranks: Map<string, number>;
  private readonly sorted: string[];

  constructor(vocabulary: string[]) {
    this.ranks = new Map(vocabulary.map((word, rank) => [word, rank]));
    this.sorted = [...vocabulary].sort();
  }

  has(word: string): boolean {
    return this.ranks.has(word);
  }

  /** The most frequent word that starts with `prefix`, if any. */
  private completion(prefix: string): string | undefined {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    let best: string | undefined;
    for (let at = low; at < this.sorted.length && this.sorted[at]!.startsWith(prefix); at++) {
      const word = this.sorted[at]!;
      if (best === undefined || this.ranks.get(word)! < this.ranks.get(best)!) best = word;
    }
    return best;
  }

  /**
   * What the reader meant by `word`: undefined when the vocabulary holds it (or, for a word being
   * typed, a word starting with it), or holds nothing within one edit of it; else the most
   * frequent word one edit away, or for a word being typed the corrected start of the most
   * frequent word that has one.
   */
  correct(word: string, typing: boolean): string | undefined {
    if (!isCorrectable(word) || this.ranks.has(word)) return undefined;
    if (typing && this.completion(word)) return undefined;
    const edits = oneEditFrom(word);
    let best: {word: string; rank: number} | undefined;
    for (const edit of edits) {
      const rank = this.ranks.get(edit);
      if (rank !== undefined && (!best || rank < best.rank)) best = {word: edit, rank};
    }
    if (best || !typing) return best?.word;
    let bestStart: {start: string; rank: number} | undefined;
    for (const edit of edits) {
      if (edit.length < minimumCorrectedLength) continue;
      const completed = this.completion(edit);
      const rank = completed === undefined ? undefined : this.ranks.get(completed)!;
      if (rank !== undefined && (!bestStart || rank < bestStart.rank)) bestStart = {start: edit, rank};
    }
    return bestStart?.start;
  }
}
