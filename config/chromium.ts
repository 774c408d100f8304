/**
 * Debian's Chromium, as the build (diagrams) and the benchmark (what a reader's browser does)
 * launch it: Playwright cannot download its own browser here. CHROMIUM_PATH points elsewhere on
 * other machines. The flags keep Chromium from reaching the network on its own (the machine's
 * closed network refuses those connections).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser the tests drive: Debian's chromium-headless-shell, Chromium's headless-only build
 * from the same source, which is what Playwright itself runs headless tests in (its own download
 * for headless mode is this shell). Same Blink and V8, for half the CPU: a page in the full browser
 * also gets its browser window, profile services and display compositor (tests/e2e/guides and
 * chrome: 110 s in /usr/bin/chromium, 57 s in the shell, on 2 cores). TEST_CHROMIUM_PATH, or
 * CHROMIUM_PATH, runs them in another.
 */
export const testChromiumPath = process.env.TEST_CHROMIUM_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
