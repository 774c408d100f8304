/**
 * The copy button's work, in its own chunk: nothing of it loads until a reader clicks. Reads the
 * page's Markdown twin from the site itself, puts it on the clipboard and says how it went in the
 * row's status region, which screen readers announce.
 */
import {copyPageMessages as messages} from './messages';

async function markdownOf(url: string): Promise<string> {
  const response = await fetch(url, {credentials: 'same-origin'});
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/**
 * Safari accepts a clipboard write that waits for a download only as a ClipboardItem holding a
 * promise; other browsers take the text once it has arrived.
 */
async function copyMarkdown(url: string): Promise<void> {
  const text = markdownOf(url);
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      const blob = text.then((markdown) => new Blob([markdown], {type: 'text/plain'}));
      await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
      return;
    } catch (error) {
      // A failed download is final; a refused ClipboardItem (older browsers) falls back to writeText.
      await text;
      if (!navigator.clipboard?.writeText) throw error;
    }
  }
  await navigator.clipboard.writeText(await text);
}

const copying = new WeakSet<HTMLElement>();

/** `row` is the copy-page row: its `[role=status]` element tells the outcome. */
export async function copyPage(row: HTMLElement, url: string): Promise<void> {
  if (copying.has(row)) return;
  const status = row.querySelector('[role="status"]');
  const say = (message: string) => {
    if (status) status.textContent = message;
  };
  copying.add(row);
  say(messages.copying);
  try {
    await copyMarkdown(url);
    say(messages.copied);
  } catch {
    say(messages.failed);
  } finally {
    copying.delete(row);
  }
}
