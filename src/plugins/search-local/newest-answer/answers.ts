/**
 * Which answers a search box shows while the reader types, after the rule search clients such as
 * Algolia's helper follow: the newest answer received so far, even when the input has moved on
 * since its query was sent. autocomplete.js shows only an answer to the current input; over a
 * phone's link (a round trip or two per keystroke, while a reader types a key every 100–150 ms)
 * that means no suggestion until the reader stops typing. Once one is on screen, autocomplete.js
 * already keeps it there while newer queries are under way; this lets the first one show the same
 * way, and an answer to a query older than the one on screen never replaces it.
 */
export class NewestAnswers {
  /** Queries sent so far; each query's number is its place in that order. */
  private sent = 0;
  /** The number of the query whose answer is on screen, or of the newest query sent when that answer is the current input's. */
  private shown = 0;

  /** A query is sent: its number. */
  send(): number {
    return ++this.sent;
  }

  /**
   * Whether the answer to query `query`, which is not the current input, shows: when it is newer
   * than the one on screen and has something to show ("No results" for an earlier input is not
   * news while the reader types on).
   */
  showsEarlierAnswer(query: number, suggestions: number): boolean {
    return query > this.shown && suggestions > 0;
  }

  /** An answer to query `query` is on screen; without a number, the current input's (or the box was emptied). */
  onScreen(query: number = this.sent): void {
    this.shown = query;
  }
}
