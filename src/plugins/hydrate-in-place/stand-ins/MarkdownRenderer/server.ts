/** The server build renders every description while it writes the page's HTML. */
import {renderMarkdown, type MarkdownRenderer} from './render';

export function useMarkdownRenderer(_needed: boolean): MarkdownRenderer | undefined {
  return renderMarkdown;
}
