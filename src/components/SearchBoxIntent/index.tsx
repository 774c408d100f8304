// Loaded on the reader's first intent to search (see src/theme/SearchBar). autocomplete.js (outside React)
// makes its whole menu, "See all results" link included, the listbox via ARIA 1.1 aria-owns; this
// makes the options' own box the listbox and points the combobox at it with aria-controls
// (ARIA 1.2). Also (spec 2 and readers on phones): "Loading..." while the index loads, Enter
// without a suggestion opens the full results page, and a query stays visible after Escape.
import {useCallback, useEffect, useState, type ReactNode, type RefObject} from 'react';
import {useHistory} from '@docusaurus/router';
import {useActivePlugin, useActiveVersion} from '@docusaurus/plugin-content-docs/client';
import {searchableVersions, searchPageUrl} from '../../lib/search-page-url';
import {useRepairedMarkup} from '../RepairedMarkup';
import styles from './styles.module.css';

export function repairSuggestionsMarkup(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>('input[role="combobox"]');
  if (!input) return;
  const menuId = input.getAttribute('aria-owns') ?? input.dataset.suggestionsMenu;
  if (!menuId) return;
  input.dataset.suggestionsMenu = menuId;
  input.removeAttribute('aria-owns');
  const menu = root.ownerDocument.getElementById(menuId);
  if (!menu) return;
  const options = menu.querySelector('[role="option"]')?.parentElement ?? null;
  // Only the box of the options is a listbox: not the menu around it, nor an emptied box from an earlier query.
  for (const box of [menu, ...Array.from(menu.querySelectorAll('[role="listbox"]'))]) {
    if (box !== options && box.getAttribute('role') === 'listbox') box.removeAttribute('role');
  }
  let controls = menuId;
  if (options) {
    controls = `${menuId}-options`;
    if (options.id !== controls) options.id = controls;
    if (options.getAttribute('role') !== 'listbox') options.setAttribute('role', 'listbox');
    if (!options.hasAttribute('aria-label')) options.setAttribute('aria-label', 'Search suggestions');
  }
  // With suggestions the combobox controls their listbox; with none ("No results") the menu that says so.
  if (input.getAttribute('aria-controls') !== controls) input.setAttribute('aria-controls', controls);
}

// autocomplete.js adds the menu on first use and re-renders the options on every keystroke.
const suggestionsChanges: MutationObserverInit = {childList: true, subtree: true, attributes: true, attributeFilter: ['aria-owns']};

/** The plugin turns the input into autocomplete.js's combobox once the index has loaded. */
const indexLoaded = (input: HTMLInputElement) => input.getAttribute('role') === 'combobox';

/** The full results page (the plugin's /search) for a query, in the version the reader is in. */
function useResultsPageUrl(): (query: string) => string {
  const activePlugin = useActivePlugin();
  const activeVersion = useActiveVersion(activePlugin?.pluginId);
  const versionPath = searchableVersions.find((version) => version.name === activeVersion?.name)?.path;
  return useCallback((query: string) => searchPageUrl(query, versionPath), [versionPath]);
}

export type SearchBoxIntentProps = {
  /** The wrapper around the plugin's search box. */
  box: RefObject<HTMLDivElement | null>;
  /** Set when the reader pressed Enter on no suggestion before this component arrived. */
  pendingEnter: RefObject<boolean>;
};

export default function SearchBoxIntent({box, pendingEnter}: SearchBoxIntentProps): ReactNode {
  const [loading, setLoading] = useState(false);
  const history = useHistory();
  const resultsPageUrl = useResultsPageUrl();
  useRepairedMarkup(box, repairSuggestionsMarkup, suggestionsChanges);

  useEffect(() => {
    const input = box.current?.querySelector<HTMLInputElement>('input.navbar__search-input');
    if (!input) return undefined;
    // The plugin starts loading the index on focus (and hover); the reader waits from focus on.
    const onFocus = () => setLoading(!indexLoaded(input));
    const onBlur = () => setLoading(false);
    const loaded = new MutationObserver(() => {
      if (indexLoaded(input)) setLoading(false);
    });
    loaded.observe(input, {attributes: true, attributeFilter: ['role']});
    // autocomplete.js selects the first suggestion as the reader types; Enter with none selected
    // ("No results", or the index still loading) would otherwise do nothing.
    const openResultsPage = () => {
      input.blur();
      history.push(resultsPageUrl(input.value.trim()));
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.isComposing || !input.value.trim()) return;
      if (indexLoaded(input) && input.hasAttribute('aria-activedescendant')) return;
      event.preventDefault();
      event.stopPropagation();
      openResultsPage();
    };
    input.addEventListener('focus', onFocus);
    input.addEventListener('blur', onBlur);
    input.addEventListener('keydown', onKeyDown, {capture: true});
    // This component mounts on the focus that signalled intent: that focus has already happened.
    if (input.ownerDocument.activeElement === input) onFocus();
    if (pendingEnter.current) {
      pendingEnter.current = false;
      if (input.value.trim()) openResultsPage();
    }
    return () => {
      loaded.disconnect();
      input.removeEventListener('focus', onFocus);
      input.removeEventListener('blur', onBlur);
      input.removeEventListener('keydown', onKeyDown, {capture: true});
    };
  }, [box, pendingEnter, history, resultsPageUrl]);

  return loading ? (
    <div className={styles.loading} role="status">
      Loading...
    </div>
  ) : null;
}
