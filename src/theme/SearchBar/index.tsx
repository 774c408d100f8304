// Wrapped: autocomplete.js (outside React) makes its whole menu, "See all results" link included, the listbox via ARIA 1.1 aria-owns; this makes the options' own box the listbox and points the combobox at it with aria-controls (ARIA 1.2).
import type {ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import RepairedMarkup from '@site/src/components/RepairedMarkup';

function repairSuggestionsMarkup(root: HTMLElement): void {
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

export default function SearchBarWithListbox(props: Record<string, unknown>): ReactNode {
  return (
    <RepairedMarkup repair={repairSuggestionsMarkup} observe={suggestionsChanges}>
      <SearchBar {...props} />
    </RepairedMarkup>
  );
}
