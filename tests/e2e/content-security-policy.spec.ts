/**
 * The Content-Security-Policy that nginx sends (config/security-headers.ts) blocks nothing the site
 * does: every spec route loads, hydrates and idles without a violation, and so do the things a
 * reader does on them (search, code tabs, diagrams, the version dropdown, the API pages' tabs).
 * A violation shows as a `securitypolicyviolation` event in the page and as a console error.
 */
import {expect, test, type Page} from '@playwright/test';
import {allSpecRoutes} from '../spec-routes';
import {expectHydrated} from '../support/hydration';
import {expectDiagramImagesLoaded, mermaidDiagramsOn} from '../support/mermaid-diagrams';
import {pageTypes} from '../../scripts/measure/page-types';
import {exhaustive} from '../support/test-tiers';

type Violation = {page: string; directive: string; blocked: string; sample: string};

/** Call before the first `page.goto`: collects violations across every navigation of the page. */
async function recordViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeFunction('reportCspViolation', (violation: Violation) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as {reportCspViolation: (violation: unknown) => void}).reportCspViolation({
        page: location.pathname,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push({page: new URL(page.url()).pathname, directive: 'console', blocked: '', sample: message.text()});
    }
  });
  return violations;
}

async function loadIdle(page: Page, route: string, status = 200): Promise<void> {
  const response = await page.goto(route);
  expect(response?.status(), route).toBe(status);
  // The policy must be the one nginx sends: a page served without it would pass trivially.
  expect(response?.headers()['content-security-policy'], route).toContain("default-src 'self'");
  await expectHydrated(page);
  await page.waitForLoadState('networkidle');
}

test.describe('Content-Security-Policy: no violation on any page', () => {
  // One browser page walks the routes: a fresh page per route would spend the time on start-up.
  const chunks = 4;
  const routes = [...allSpecRoutes, '/no-such-page'];

  async function expectNoViolationOn(page: Page, share: string[]): Promise<void> {
    test.setTimeout(40_000 + share.length * 8_000);
    const violations = await recordViolations(page);
    for (const route of share) {
      await loadIdle(page, route, route === '/no-such-page' ? 404 : 200);
      const diagrams = mermaidDiagramsOn(route);
      if (diagrams > 0) await expectDiagramImagesLoaded(page, diagrams);
    }
    expect(violations).toEqual([]);
  }

  const pageTypePaths = pageTypes.map((pageType) => pageType.path);
  test(`one page of each type (${pageTypePaths.length} pages)`, async ({page}) => {
    await expectNoViolationOn(page, pageTypePaths);
  });

  for (let chunk = 0; chunk < chunks; chunk++) {
    const share = routes.filter((_, index) => index % chunks === chunk);
    test(`spec routes, part ${chunk + 1} of ${chunks} (${share.length} pages)`, exhaustive, async ({page}) => {
      await expectNoViolationOn(page, share);
    });
  }

  test('the routes checked are every spec route and the 404 page', () => {
    expect(routes.length).toBe(allSpecRoutes.length + 1);
    expect(routes.length).toBeGreaterThan(60);
  });
});

test.describe('Content-Security-Policy: no violation while reading', () => {
  test('searching and opening a result', async ({page}) => {
    const violations = await recordViolations(page);
    await loadIdle(page, '/docs/3.0.0/sdk/sdk/intro');
    const input = page.locator('.navbar input.navbar__search-input');
    await input.click();
    await input.fill('capture an order');
    const titles = page.locator('.navbar [role="listbox"] [role="option"] [class*="hitTitle"]');
    await expect(titles.first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/docs\/3\.0\.0\/api\/capture-an-order/);
    await expectHydrated(page);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  test('switching code tabs and showing a diagram on a guide', async ({page}) => {
    const violations = await recordViolations(page);
    const route = '/docs/3.0.0/guides/guides/quick_guides/payment_steps/create_payment_session';
    await loadIdle(page, route);
    await expectDiagramImagesLoaded(page, mermaidDiagramsOn(route));
    const tabs = page.getByRole('tablist').first();
    for (const name of ['PHP', 'C#', 'JSON']) {
      await tabs.getByRole('tab', {name}).click();
      await expect(tabs.getByRole('tab', {name})).toHaveAttribute('aria-selected', 'true');
    }
    // The copy button runs the clipboard code path too.
    await page.locator('.theme-code-block').first().hover();
    await page.getByRole('button', {name: /copy/i}).first().click();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  test('switching version with the navbar dropdown', async ({page}) => {
    const violations = await recordViolations(page);
    await loadIdle(page, '/docs/3.0.0/api/tessera-api');
    await page.locator('.navbar').getByRole('button', {name: '3.0.0 (current)'}).hover();
    await page.locator('.navbar').getByRole('link', {name: '1.0.0', exact: true}).click();
    await expect(page).toHaveURL('/docs/1.0.0/api/tessera-api');
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  test('an API operation page, its request-sample and response tabs', async ({page}) => {
    const violations = await recordViolations(page);
    await loadIdle(page, '/docs/3.0.0/api/create-session');
    for (const tablist of await page.getByRole('tablist').all()) {
      const tabs = await tablist.getByRole('tab').all();
      const last = tabs.at(-1);
      if (last && (await last.isVisible())) {
        await last.click();
        await expect(last).toHaveAttribute('aria-selected', 'true');
      }
    }
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  test('an inline script the build did not write is refused (the listener hears it)', async ({page}) => {
    const violations = await recordViolations(page);
    await loadIdle(page, '/');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true;';
      document.body.appendChild(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as {injectedScriptRan?: boolean}).injectedScriptRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.filter((violation) => violation.directive === 'script-src-elem').length).toBeGreaterThan(0);
  });
});
