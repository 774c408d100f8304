/** The server build highlights every code block while it renders the page's HTML. */
import {Highlight} from './prism';
import type {Highlighter} from './types';

export function useHighlighter(_needed: boolean): Highlighter | undefined {
  return Highlight;
}
