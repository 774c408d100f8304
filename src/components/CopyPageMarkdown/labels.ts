/** What the copy-page row says; the browser tests read the same words. */
export const copyPageLabels = {
  copy: 'Copy page as Markdown',
  view: 'View as Markdown',
} as const;
