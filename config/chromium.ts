/**
 * Debian's Chromium, as the build (diagrams), the e2e tests and the benchmark launch it: Playwright
 * cannot download its own browser here. CHROMIUM_PATH points elsewhere on other machines. The flags keep Chromium
 * from reaching the network on its own (the machine's closed network refuses those connections).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
