// Stands in for Docusaurus's route preload in the client entry (src/plugins/hydrate-in-place): main.js evaluates in one task, the route match and hydration start in the next.
import preload from '@tessera/docusaurus-preload';

/**
 * The client entry calls `preload(location.pathname)` while main.js is still evaluating, so
 * matching the route against every route of the site, setting up its loadable components and
 * creating the React root all add to the one task that evaluates 130 KB of JavaScript (about
 * 50 ms here, four times that on a phone). Waiting for one macrotask first splits that into two
 * shorter tasks; the page is already painted and the route's chunks already installed, so
 * nothing waits on the difference.
 */
export default function preloadInNextTask(pathname: string): Promise<void[]> {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  }).then(() => preload(pathname));
}
