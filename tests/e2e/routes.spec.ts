import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {allSpecRoutes} from '../spec-routes';
import {allRoutesBeyondSpec} from '../routes-beyond-spec';
import {e2eBuildDir} from '../support/e2e-server';

/** Every HTML page of the served build, by path (the hashed assets hold none). */
function builtPages(directory = e2eBuildDir()): string[] {
  return readdirSync(directory, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : builtPages(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

test.describe('routes (spec 2)', () => {
  // Listed routes are checked below; this catches a page nobody listed, such as a stray empty file
  // under docs/ that the build turns into a page without a heading.
  test('every page the build holds has a title of its own and one h1 with text', () => {
    const pages = builtPages();
    expect(pages.length).toBeGreaterThan(100);
    const problems = pages.flatMap((file) => {
      const html = readFileSync(file, 'utf8');
      const title = /<title[^>]*>([^<]*)<\/title>/
        .exec(html)?.[1]
        ?.replace(/\s*\| Tessera Docs$/, '')
        .trim();
      const headings = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, '').trim());
      return [
        ...(title ? [] : [`${file}: no title of its own`]),
        ...(headings.length === 1 && headings[0] ? [] : [`${file}: ${headings.length} h1 headings (${headings.join(' / ')})`]),
      ];
    });
    expect(problems).toEqual([]);
  });

  // Docusaurus's own check of anchors sees only the ids of headings and links; this one reads the
  // pages as served, so an id set any other way (a generated block, the API theme's sections) counts.
  test('every link to a place on its own page leads to an element with that id', () => {
    const problems = builtPages().flatMap((file) => {
      const html = readFileSync(file, 'utf8');
      // The built HTML leaves out the quotes of most attribute values.
      const values = (attribute: RegExp) => [...html.matchAll(attribute)].map((match) => match[1] ?? match[2]!);
      const ids = new Set(values(/\sid=(?:"([^"]+)"|([^\s"'>]+))/g));
      // Links a reader follows (a page's `<link rel=expect href=#…>` may name an element it lacks: hold-first-paint).
      const targets = new Set(values(/<a\s[^>]*?href=(?:"#([^"]+)"|#([^\s"'>]+))/g).map((target) => decodeURIComponent(target)));
      return [...targets].filter((target) => !ids.has(target)).map((target) => `${file}: #${target} has no element`);
    });
    expect(problems).toEqual([]);
  });

  test('every route the spec lists answers 200 with its own titled page', async ({request}) => {
    for (const route of allSpecRoutes) {
      const response = await request.get(route);
      expect(response.status(), route).toBe(200);
      const html = await response.text();
      expect(html, route).toMatch(/<title[^>]*>[^<]+\| Tessera Docs<\/title>|<title[^>]*>Tessera Docs[^<]*<\/title>/);
      expect(html, route).not.toContain('Page Not Found');
    }
  });

  test('every page beyond the spec list answers 200 with its own titled page', async ({request}) => {
    for (const route of allRoutesBeyondSpec) {
      const response = await request.get(route);
      expect(response.status(), route).toBe(200);
      const html = await response.text();
      expect(html, route).toMatch(/<title[^>]*>[^<]+\| Tessera Docs<\/title>/);
      expect(html, route).not.toContain('Page Not Found');
    }
  });

  test('an unknown path answers 404 with the not-found page and ways back', async ({page}) => {
    const response = await page.goto('/docs/3.0.0/api/capture-the-moon');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
    const waysBack = page.getByRole('navigation', {name: 'Ways back'});
    await expect(waysBack.getByRole('link', {name: 'Search the documentation for “capture the moon”'})).toHaveAttribute(
      'href',
      '/search?q=capture+the+moon',
    );
    await expect(waysBack.getByRole('link', {name: 'Open the 3.0.0 (current) documentation'})).toHaveAttribute(
      'href',
      '/docs/3.0.0/category/tessera-documentation',
    );
    await expect(waysBack.getByRole('link', {name: 'Go to the home page'})).toHaveAttribute('href', '/');
    // One description that says what the page offers (for search engines).
    const description = page.locator('head meta[name="description"]');
    await expect(description).toHaveCount(1);
    await expect(description).toHaveAttribute('content', /^This Tessera Docs page does not exist\./);
  });

  test('a missing 1.0.0 page points back to the 1.0.0 docs and searches 1.0.0', async ({page}) => {
    const response = await page.goto('/docs/1.0.0/api/no-such-operation');
    expect(response?.status()).toBe(404);
    const waysBack = page.getByRole('navigation', {name: 'Ways back'});
    await expect(waysBack.getByRole('link', {name: 'Open the 1.0.0 documentation'})).toHaveAttribute('href', '/docs/1.0.0/api/tessera-api');
    // The version's folder with its slash, as the search plugin reads it (tests/e2e/search.spec.ts
    // follows the link to 1.0.0's results).
    await expect(waysBack.getByRole('link', {name: /Search the documentation/})).toHaveAttribute(
      'href',
      '/search?q=no+such+operation&version=docs%2F1.0.0%2F',
    );
  });

  test('the docs root offers both versions and says what each is for', async ({page}) => {
    await page.goto('/docs');
    await expect(page.getByRole('heading', {level: 1, name: 'Documentation versions'})).toBeVisible();
    await expect(page.getByRole('link', {name: /Version 3\.0\.0 \(current\)/})).toHaveAttribute(
      'href',
      '/docs/3.0.0/category/tessera-documentation',
    );
    await expect(page.getByRole('link', {name: /Version 1\.0\.0 \(deprecated\)/})).toHaveAttribute('href', '/docs/1.0.0/api/tessera-api');
  });

  test('the home page shows the tagline and links to the guides, the API reference and the SDK', async ({page}) => {
    await page.goto('/');
    await expect(page.getByText('Enhance your online store with a checkout your shoppers finish.')).toBeVisible();
    const main = page.locator('main');
    for (const [name, href] of [
      ['Take a payment', '/docs/3.0.0/guides/guides/quick_guides/payment_steps/create_payment_session'],
      ['Onboard a merchant', '/docs/3.0.0/guides/guides/quick_guides/signup_steps/signup_quick_guide_intro'],
      ['API reference', '/docs/3.0.0/api/tessera-api'],
      ['Client SDK', '/docs/3.0.0/sdk/sdk/intro'],
    ] as const) {
      await expect(main.getByRole('link', {name: new RegExp(`^${name}`)})).toHaveAttribute('href', href);
    }
  });

  test('the create-payment-session guide is the main doc of 3.0.0', async ({page}) => {
    // A 1.0.0 page with no 3.0.0 twin: the dropdown sends the reader to the version's main doc.
    await page.goto('/docs/1.0.0/api/purchase-decision');
    await page.getByRole('button', {name: '1.0.0'}).hover();
    await expect(page.getByRole('link', {name: '3.0.0 (current)'})).toHaveAttribute(
      'href',
      '/docs/3.0.0/guides/guides/quick_guides/payment_steps/create_payment_session',
    );
  });
});
