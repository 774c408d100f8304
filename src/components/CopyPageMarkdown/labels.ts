/** What the copy-page row says; the browser tests read the same words. */
export const copyPageLabels = {
  copy: 'Copy page as Markdown',
  view: 'View as Markdown',
  copying: 'Copying…',
  copied: 'Copied this page as Markdown.',
  failed: 'Could not copy. Open the Markdown file and copy it from there.',
} as const;
