// Stands in for Docusaurus's `window.docusaurus` in the client entry (src/plugins/hydrate-in-place): link prefetching runs in idle slices instead of all at once.
import docusaurus from '@tessera/docusaurus-client-api';

/**
 * Docusaurus prefetches the chunks of every internal link as it scrolls into view. For each link
 * it matches the target against every route of the site, scans the whole route-to-chunk table
 * once per matched route, and adds a `<link rel="prefetch">` per chunk. A docs page shows dozens
 * of links at once, so right after hydration all of that ran in one task (about 30 ms here,
 * four times that on a phone) and later added hundreds of elements in another. Here each link's
 * prefetch waits in a queue and runs while the browser is idle, a few at a time, so no task grows
 * long and reading or scrolling is never held up.
 */
const queue: string[] = [];
let scheduled = false;

/** How long one slice may keep prefetching, in ms. */
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

function prefetchSlice(deadline: IdleDeadline): void {
  const start = performance.now();
  while (queue.length > 0 && deadline.timeRemaining() > 0 && performance.now() - start < sliceBudgetMs) {
    docusaurus.prefetch(queue.shift()!);
  }
  scheduled = queue.length > 0;
  if (scheduled) whenIdle(prefetchSlice);
}

/** Queues the route's chunks for prefetching; true when queued, as Docusaurus's answer is truthy when it starts. */
function prefetch(routePath: string): boolean {
  if (queue.includes(routePath)) return false;
  queue.push(routePath);
  if (!scheduled) {
    scheduled = true;
    whenIdle(prefetchSlice);
  }
  return true;
}

// Hovering or focusing a link preloads its route at once, as before: the reader is about to go there.
export default Object.freeze({...docusaurus, prefetch});
