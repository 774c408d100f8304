// Stands in for Docusaurus's link-prefetch helper (src/plugins/hydrate-in-place): prefetches in idle slices instead of all at once.

/**
 * Docusaurus prefetches the chunks of every internal link as it scrolls into view, by adding a
 * `<link rel="prefetch">` per chunk. A docs page shows dozens of links at once, so the helper
 * added hundreds of elements in one task (about 100 ms of main thread on a phone) right after
 * hydration. Here the URLs wait in a queue and are added while the browser is idle, a few at a
 * time, so no task grows long and reading or scrolling is never held up.
 */
type Pending = {url: string; resolve: () => void};

const queue: Pending[] = [];
let scheduled = false;

/** How long one slice may keep adding links, in ms. */
const sliceBudgetMs = 4;

type IdleDeadline = {timeRemaining: () => number};
const whenIdle: (callback: (deadline: IdleDeadline) => void) => void =
  typeof window !== 'undefined' && 'requestIdleCallback' in window
    ? (callback) => window.requestIdleCallback(callback)
    : (callback) => {
        setTimeout(() => {
          const start = performance.now();
          callback({timeRemaining: () => Math.max(0, sliceBudgetMs - (performance.now() - start))});
        }, 50);
      };

function addLinks(deadline: IdleDeadline): void {
  const start = performance.now();
  while (queue.length > 0 && deadline.timeRemaining() > 0 && performance.now() - start < sliceBudgetMs) {
    const {url, resolve} = queue.shift()!;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    // A failed prefetch only means the chunk loads on navigation; 404s show in the console anyway.
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  }
  scheduled = queue.length > 0;
  if (scheduled) whenIdle(addLinks);
}

/** Browsers without `rel=prefetch` (Safari) load a page's chunks when the reader follows or hovers the link. */
const canPrefetch = typeof document !== 'undefined' && document.createElement('link').relList.supports?.('prefetch') === true;

export default function prefetch(url: string): Promise<void> {
  if (!canPrefetch) return Promise.resolve();
  return new Promise((resolve) => {
    queue.push({url, resolve});
    if (!scheduled) {
      scheduled = true;
      whenIdle(addLinks);
    }
  });
}
