// Wrapped: what the search box needs beyond the plugin's own (an accessible listbox, "Loading..."
// while the index loads, Enter on "No results", see SearchBoxIntent) loads only once the reader
// shows intent (focus, hover, or the Ctrl+K shortcut, which focuses the box), so a page's first
// load carries nothing more than the plugin's box.
import {useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import type {SearchBoxIntentProps} from '@site/src/components/SearchBoxIntent';
import styles from './styles.module.css';

export default function SearchBarWithIntent(props: Record<string, unknown>): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const requested = useRef(false);
  const pendingEnter = useRef(false);
  const [Intent, setIntent] = useState<ComponentType<SearchBoxIntentProps> | null>(null);
  const onIntent = () => {
    if (requested.current) return;
    requested.current = true;
    void import('@site/src/components/SearchBoxIntent').then((module) => setIntent(() => module.default));
  };
  // An Enter that selected no suggestion (autocomplete.js prevents the default when it selects one)
  // before SearchBoxIntent arrived: it acts on it when it mounts.
  const onKeyDown = (event: KeyboardEvent) => {
    if (!Intent && event.key === 'Enter' && !event.defaultPrevented) pendingEnter.current = true;
  };
  return (
    <div ref={box} className={styles.searchBox} onFocus={onIntent} onMouseEnter={onIntent} onKeyDown={onKeyDown}>
      <SearchBar {...props} />
      {Intent && <Intent box={box} pendingEnter={pendingEnter} />}
    </div>
  );
}
