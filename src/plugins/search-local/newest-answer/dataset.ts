/**
 * autocomplete.js's Dataset for the search plugin's SearchBar, showing the newest answer received
 * so far rather than only the current input's (./answers.ts), each suggestion a link to its page
 * (a reader sees where it leads, opens it in a new tab, copies its address). The search plugin swaps it in for
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
  /** The dataset's element (autocomplete.js's DOM wrapper around it). */
  $el?: {0?: HTMLElement};
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

/**
 * autocomplete.js's markup, which its Dataset reads at each render: an option is an `<a>`, given
 * its page's address after the render. The option keeps autocomplete.js's role="option" (allowed on
 * a link), so the listbox has no link nested in an option.
 */
const markup = require('@tessera/autocomplete-html') as {suggestion: string};
const suggestionMarkup = '<a class="%PREFIX%%SUGGESTION%"></a>';
markup.suggestion = suggestionMarkup;

/** The part of the search plugin's suggestion (a result of its worker) that says where it leads. */
type Suggestion = {document?: {u?: string; h?: string}};

/** The address the plugin's SearchBar opens for a suggestion (no highlight parameters: they are off). */
const addressOf = (suggestion: Suggestion) => `${suggestion.document?.u ?? ''}${suggestion.document?.h ?? ''}`;

/** A click that the browser should handle as on any link: another tab or window, a download. */
const opensElsewhere = (event: MouseEvent) => event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;

class NewestAnswerDataset extends Dataset {
  private readonly answers = new NewestAnswers();

  constructor(options: object) {
    super(options);
    // A plain click goes to autocomplete.js, which selects the option (the plugin then navigates in
    // the app), not to the browser; a click that opens the link elsewhere goes to the browser alone.
    this.$el?.[0]?.addEventListener(
      'click',
      (event) => {
        if (!(event.target as Element).closest?.('a[role="option"]')) return;
        if (opensElsewhere(event)) event.stopPropagation();
        else event.preventDefault();
      },
      true,
    );
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
        this.linkOptions(suggestions);
        this.answers.onScreen(sent);
      });
    };
  }

  override _render(query: string | null, suggestions: unknown[] | undefined, ...extra: unknown[]): void {
    super._render(query, suggestions, ...extra);
    this.linkOptions(suggestions);
    this.answers.onScreen();
  }

  /** Gives each option, rendered in the order of its suggestions, its page's address. */
  private linkOptions(suggestions: unknown[] | undefined): void {
    const options = this.$el?.[0]?.querySelectorAll<HTMLAnchorElement>('a[role="option"]') ?? [];
    options.forEach((option, at) => {
      const suggestion = suggestions?.[at] as Suggestion | undefined;
      if (suggestion) option.href = addressOf(suggestion);
    });
  }

  override clear(): void {
    super.clear();
    this.answers.onScreen();
  }
}

module.exports = NewestAnswerDataset;
