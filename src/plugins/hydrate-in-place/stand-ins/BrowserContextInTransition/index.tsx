// Stands in for Docusaurus's BrowserContextProvider (src/plugins/hydrate-in-place): the switch to "in the browser" after hydration is an interruptible transition.
import {startTransition, useEffect, useState, type ReactNode} from 'react';
import {Context} from '@tessera/docusaurus-browser-context';

export {Context};

/**
 * `useIsBrowser()` turns true right after hydration, and every component that reads it renders
 * again: code-block buttons, links, the navbar, the colour-mode provider. Docusaurus sets it with
 * a plain state update, which React renders in one uninterruptible task (about 50 ms on a guide
 * here, 200 ms on a throttled phone). As a transition, React renders it in slices and yields to
 * input between them; nothing a reader sees depends on it arriving in the same frame.
 */
export function BrowserContextProvider({children}: {children: ReactNode}): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => {
    startTransition(() => setIsBrowser(true));
  }, []);
  return <Context.Provider value={isBrowser}>{children}</Context.Provider>;
}
