/**
 * Markup a theme component renders out of reach of props (for accessibility): the
 * wrapper's subtree is repaired once mounted and again whenever it changes.
 */
import {useEffect, useRef, type ReactNode, type RefObject} from 'react';

type Props = {
  /** Fixes the subtree in place; must leave it alone once fixed, or the observer would loop. */
  repair: (root: HTMLElement) => void;
  /** What changes call `repair` again; children added or removed anywhere below by default. */
  observe?: MutationObserverInit;
  children: ReactNode;
};

const childListChanges: MutationObserverInit = {childList: true, subtree: true};

/** Repairs the subtree of an element already rendered (`rootRef`) once mounted, and again whenever `observe` reports a change. */
export function useRepairedMarkup(
  rootRef: RefObject<HTMLElement | null>,
  repair: (root: HTMLElement) => void,
  observe: MutationObserverInit = childListChanges,
): void {
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return undefined;
    repair(root);
    const observer = new MutationObserver(() => repair(root));
    observer.observe(root, observe);
    return () => observer.disconnect();
  }, [rootRef, repair, observe]);
}

export default function RepairedMarkup({repair, observe = childListChanges, children}: Props): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  useRepairedMarkup(ref, repair, observe);
  // display: contents keeps the wrapper out of layout.
  return (
    <div ref={ref} style={{display: 'contents'}}>
      {children}
    </div>
  );
}
