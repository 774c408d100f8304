/** The source of every script a page loads, for tests that look for a library's marker strings. */
import type {Page, Response} from '@playwright/test';

/**
 * Starts collecting; the returned function stops listening and gives the bodies collected so far.
 * Stopping first matters: a script answered after the check (say, one the browser fetched at idle)
 * would read its body after the test ended, and Playwright fails the test for that.
 */
export function collectScriptBodies(page: Page): () => Promise<string[]> {
  const bodies: Promise<string>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text());
  };
  page.on('response', onResponse);
  return () => {
    page.off('response', onResponse);
    return Promise.all(bodies);
  };
}
