/**
 * The copy button's work, in its own chunk: nothing of it loads until a reader clicks. Reads the
 * page's Markdown twin from the site itself and puts it on the clipboard.
 */

async function markdownOf(url: string): Promise<string> {
  const response = await fetch(url, {credentials: 'same-origin'});
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/**
 * Safari accepts a clipboard write that waits for a download only as a ClipboardItem holding a
 * promise, started within the click; other browsers take the text once it has arrived.
 */
export async function copyMarkdown(url: string): Promise<void> {
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
