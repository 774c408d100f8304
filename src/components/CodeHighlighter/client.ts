/**
 * In the browser, Prism (about 33 KB gzipped) is fetched only when a code block needs it: a block
 * the server did not render, after a client-side navigation. Blocks in the page's own HTML keep
 * the server's highlighted markup (see @theme/CodeBlock/Content).
 */
import {useEffect, useState} from 'react';
import type {Highlighter} from './types';

let loadedHighlighter: Highlighter | undefined;
let loadingHighlighter: Promise<Highlighter> | undefined;

function loadHighlighter(): Promise<Highlighter> {
  loadingHighlighter ??= import('./prism').then(({Highlight}) => {
    loadedHighlighter = Highlight;
    return Highlight;
  });
  return loadingHighlighter;
}

/** The highlighter once loaded; `needed` starts loading it. */
export function useHighlighter(needed: boolean): Highlighter | undefined {
  const [highlighter, setHighlighter] = useState<Highlighter | undefined>(() => loadedHighlighter);
  useEffect(() => {
    if (!needed || highlighter) return undefined;
    let mounted = true;
    void loadHighlighter().then((loaded) => {
      if (mounted) setHighlighter(() => loaded);
    });
    return () => {
      mounted = false;
    };
  }, [needed, highlighter]);
  return highlighter ?? loadedHighlighter;
}
