/**
 * In the browser, marked is fetched only when a description needs it: one the server did not
 * render (a schema level opened for the first time, a tab chosen, a client-side navigation).
 * Descriptions in the page's own HTML keep the server's markup (see @theme/Markdown).
 */
import {useEffect, useState} from 'react';
import type {MarkdownRenderer} from './render';

let loadedRenderer: MarkdownRenderer | undefined;
let loadingRenderer: Promise<MarkdownRenderer> | undefined;

function loadRenderer(): Promise<MarkdownRenderer> {
  // Prefetched when the page is idle (downloaded, not run), so opening a schema level finds it cached.
  loadingRenderer ??= import(/* webpackPrefetch: true */ './render').then(({renderMarkdown}) => {
    loadedRenderer = renderMarkdown;
    return renderMarkdown;
  });
  return loadingRenderer;
}

/** The renderer once loaded; `needed` starts loading it. */
export function useMarkdownRenderer(needed: boolean): MarkdownRenderer | undefined {
  const [renderer, setRenderer] = useState<MarkdownRenderer | undefined>(() => loadedRenderer);
  useEffect(() => {
    if (!needed || renderer) return undefined;
    let mounted = true;
    void loadRenderer().then((loaded) => {
      if (mounted) setRenderer(() => loaded);
    });
    return () => {
      mounted = false;
    };
  }, [needed, renderer]);
  return renderer ?? loadedRenderer;
}
