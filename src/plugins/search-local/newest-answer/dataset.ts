/**
 * autocomplete.js's Dataset for the search plugin's SearchBar, showing the newest answer received
 * so far rather than only the current input's (./answers.ts). The search plugin swaps it in for
 * the `./dataset.js` that autocomplete.js's dropdown requires (src/plugins/search-local/index.ts);
 * everything else is autocomplete.js's own Dataset, which this extends.
 *
 * A CommonJS module: autocomplete.js requires it with `require`, which would get an ES module's
 * namespace object instead of the class.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- see above */

type Render = (suggestions: unknown[] | undefined, ...extra: unknown[]) => void;
type Source = (query: string, render: Render) => void;

/** The parts of autocomplete.js's Dataset (src/autocomplete/dataset.js) this relies on. */
type AutocompleteDataset = {
  /** The current input, set by `update` before it asks `source` for an answer. */
  query: string | null;
  /** Set by `cancel` and `clear`: the answers under way are no longer wanted. */
  canceled?: boolean;
  source: Source;
  _render(query: string | null, suggestions: unknown[] | undefined, ...extra: unknown[]): void;
  clear(): void;
};

// The original module, aliased by the search plugin (a `./dataset.js` request would be this one).
const Dataset = require('@tessera/autocomplete-dataset') as new (options: object) => AutocompleteDataset;
const {NewestAnswers} = require('./answers') as typeof import('./answers');

class NewestAnswerDataset extends Dataset {
  private readonly answers = new NewestAnswers();

  constructor(options: object) {
    super(options);
    const source = this.source;
    this.source = (query, render) => {
      const sent = this.answers.send();
      source(query, (suggestions, ...extra) => {
        // The current input's answer, or one the box no longer wants: autocomplete.js decides, as before.
        if (this.canceled || query === this.query) {
          render(suggestions, ...extra);
          return;
        }
        if (!this.answers.showsEarlierAnswer(sent, suggestions?.length ?? 0)) return;
        // Rendered for the current input, so that "See all results" searches what the reader has typed.
        super._render(this.query, suggestions, ...extra);
        this.answers.onScreen(sent);
      });
    };
  }

  override _render(query: string | null, suggestions: unknown[] | undefined, ...extra: unknown[]): void {
    super._render(query, suggestions, ...extra);
    this.answers.onScreen();
  }

  override clear(): void {
    super.clear();
    this.answers.onScreen();
  }
}

module.exports = NewestAnswerDataset;
