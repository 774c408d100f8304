import {expect, test} from '@playwright/test';
import {expectHydrated} from '../support/hydration';

const guide = '/docs/3.0.0/guides/guides/quick_guides/payment_steps/create_payment_session';

test.describe('page chrome (spec 2, 4, 9)', () => {
  test.describe('under a light system preference', () => {
    test.use({colorScheme: 'light'});

    test('the site is dark and offers no colour-mode switch', async ({page}) => {
      for (const path of ['/', guide, '/docs/3.0.0/api/create-session']) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        await expect(page.getByRole('button', {name: /(dark|light|system) mode/i})).toHaveCount(0);
      }
    });
  });

  test('the skip link is the first Tab stop and moves focus to the content', async ({page}) => {
    await page.goto(guide);
    // Keys pressed while React hydrates can land between the server's DOM and React's: once
    // hydrated, the page is what a reader tabs through.
    await expectHydrated(page);
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', {name: 'Skip to main content'});
    await expect(skipLink).toBeFocused();
    await page.keyboard.press('Enter');
    // Docusaurus focuses <main> for a moment, which moves the keyboard's starting point there:
    // the next Tab lands inside the content, past the navbar and the sidebar.
    await page.keyboard.press('Tab');
    const focusIsInMain = () => page.evaluate(() => Boolean(document.activeElement?.closest('main')));
    await expect.poll(focusIsInMain).toBe(true);
  });

  test('heading anchors read "Direct link to {heading}"', async ({page}) => {
    await page.goto('/markdown-page');
    const heading = page.getByRole('heading', {level: 2, name: /Amounts and carts/});
    await expect(heading.locator('a.hash-link')).toHaveAttribute('aria-label', 'Direct link to Amounts and carts');
  });

  test('the table of contents lists exactly the h2 and h3 headings', async ({page}) => {
    for (const path of ['/markdown-page', guide]) {
      await page.goto(path);
      const headingIds = await page
        .locator('article h2[id], article h3[id], main h2[id], main h3[id]')
        .evaluateAll((headings) => [...new Set(headings.map((heading) => heading.id))]);
      const deeperIds = await page.locator('h4[id], h5[id], h6[id]').evaluateAll((headings) => headings.map((heading) => heading.id));
      const tocTargets = await page
        .locator('.table-of-contents a')
        .evaluateAll((links) => links.map((link) => decodeURIComponent(link.getAttribute('href')!.slice(1))));
      expect(new Set(tocTargets), path).toEqual(new Set(headingIds.filter((id) => id !== '__docusaurus_skipToContent_fallback')));
      for (const id of deeperIds) expect(tocTargets, path).not.toContain(id);
    }
  });

  test('page titles use a vertical bar as the delimiter', async ({page}) => {
    await page.goto(guide);
    await expect(page).toHaveTitle('Create a payment session | Tessera Docs');
    await page.goto('/markdown-page');
    await expect(page).toHaveTitle('Glossary | Tessera Docs');
  });

  test('the docs sidebar cannot be hidden and its categories start expanded', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 900});
    await page.goto(guide);
    const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
    await expect(sidebar).toBeVisible();
    await expect(page.getByRole('button', {name: 'Collapse sidebar', exact: true})).toHaveCount(0);
    // Pages two categories deep are visible without a click: every category starts expanded.
    await expect(sidebar.getByRole('link', {name: 'Order lines'})).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'SDK events'})).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Refund the order'})).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Handle the completed signup'})).toBeVisible();
  });

  test('mobile layout up to 996 px: a menu with "Back to main menu"', async ({page}) => {
    await page.setViewportSize({width: 996, height: 800});
    await page.goto(guide);
    await expect(page.getByRole('navigation', {name: 'Docs sidebar'})).toBeHidden();
    // The closed menu is not built (src/plugins/performance-theme/theme/Navbar/MobileSidebar); opening builds it.
    await expectHydrated(page);
    await expect(page.locator('.navbar-sidebar')).toHaveCount(0);
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const back = page.getByRole('button', {name: '← Back to main menu'});
    await expect(back).toBeVisible();
    await back.click();
    await expect(page.locator('.navbar-sidebar__items')).not.toHaveClass(/navbar-sidebar__items--show-secondary/);
    const primaryMenu = page.locator('.navbar-sidebar__item').first();
    await expect(primaryMenu.getByRole('link', {name: 'API reference'})).toBeVisible();
    await expect(primaryMenu.getByRole('link', {name: 'SDK'})).toBeVisible();
  });

  for (const route of [guide, '/docs/3.0.0/api/create-session']) {
    test(`on a phone, the menu offers the docs sidebar and the desktop sidebar and table of contents are hidden: ${route}`, async ({
      page,
    }) => {
      await page.setViewportSize({width: 412, height: 823});
      await page.goto(route);
      await expectHydrated(page);
      await expect(page.getByRole('navigation', {name: 'Docs sidebar'})).toBeHidden();
      await expect(page.locator('.theme-doc-toc-desktop')).toBeHidden();
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      await expect(page.locator('.navbar-sidebar .theme-doc-sidebar-menu a[aria-current="page"]')).toBeVisible();
    });
  }

  test('desktop layout from 997 px: sidebar shown, no menu button', async ({page}) => {
    await page.setViewportSize({width: 997, height: 800});
    await page.goto(guide);
    await expect(page.getByRole('navigation', {name: 'Docs sidebar'})).toBeVisible();
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeHidden();
  });

  // src/css/custom.css: the search box holds the input's width before the input is parsed, so its
  // icon does not jump when a slow phone paints a partly parsed page.
  for (const width of [390, 800, 1280]) {
    test(`at ${width} px the search box is held at its input's width from the start`, async ({page}) => {
      await page.setViewportSize({width, height: 800});
      await page.goto(guide);
      await expectHydrated(page);
      const box = page.locator('.navbar__search').first();
      const {minWidth, inputWidth} = await box.evaluate((element) => ({
        minWidth: parseFloat(getComputedStyle(element).minWidth),
        inputWidth: element.querySelector('input')!.getBoundingClientRect().width,
      }));
      expect(inputWidth).toBeGreaterThan(0);
      expect(minWidth).toBeCloseTo(inputWidth, 1);
    });
  }

  test('the announcement bar stays dismissed once closed', async ({page}) => {
    await page.goto('/');
    const bar = page.getByRole('banner').filter({hasText: 'V1 is deprecated'});
    await expect(bar).toBeVisible();
    await expectHydrated(page);
    await bar.getByRole('button', {name: 'Close'}).click();
    await expect(bar).toBeHidden();
    await page.reload();
    await expect(page.getByText('Tessera API V1 is deprecated')).toHaveCount(0);
    await page.goto(guide);
    await expect(page.getByText('Tessera API V1 is deprecated')).toHaveCount(0);
  });

  test('the footer links to the guides, both API references and the glossary', async ({page}) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', {name: 'API reference (V3)'})).toHaveAttribute('href', '/docs/3.0.0/api/tessera-api');
    await expect(footer.getByRole('link', {name: 'API reference (V1, deprecated)'})).toHaveAttribute('href', '/docs/1.0.0/api/tessera-api');
    await expect(footer.getByRole('link', {name: 'Glossary'})).toHaveAttribute('href', '/markdown-page');
  });
});
