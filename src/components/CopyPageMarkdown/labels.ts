/** What the copy-page row says; the browser tests read the same words. */
export const copyPageLabels = {
  copy: 'Copy page as Markdown',
  view: 'View as Markdown',
} as const;

/**
 * The id of the row's last element, its status line. A page's first paint waits until the browser
 * has parsed it, and with it the breadcrumbs and the rest of the row (src/plugins/hold-first-paint).
 */
export const copyPageStatusId = 'copy-page-status';
