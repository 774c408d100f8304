/**
 * What nginx with the shipped configuration (deploy/nginx/tessera-docs.conf and the build's
 * generated headers, config/security-headers.ts) answers: security headers on every kind of
 * response, caching, compression, content types and Docusaurus's URL rules (trailingSlash: false).
 */
import {createHash} from 'node:crypto';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test, type APIRequestContext, type APIResponse} from '@playwright/test';
import {
  buildScriptHashes,
  cspReportGroup,
  cspReportPath,
  immutableCacheControl,
  revalidateCacheControl,
  securityHeaders,
} from '../../config/security-headers';
import {site} from '../../config/site-constants';

const buildDir = path.join(process.cwd(), 'build');
const expectedHeaders = securityHeaders(buildScriptHashes(buildDir).hashes);

/** Hashed files of the build, found on disk so that a renamed file cannot silently skip a check. */
function firstFile(folder: string, pattern: RegExp): string {
  const name = readdirSync(path.join(buildDir, folder)).find((file) => pattern.test(file));
  if (!name) throw new Error(`No ${pattern} in build/${folder}`);
  return `/${folder ? `${folder}/` : ''}${name}`;
}
const homeHtml = readFileSync(path.join(buildDir, 'index.html'), 'utf8');
const mainScript = /\/assets\/js\/main\.[0-9a-f]+\.js/.exec(homeHtml)![0];
const stylesheet = /\/assets\/css\/styles\.[0-9a-f]+\.css/.exec(homeHtml)![0];
const diagram = firstFile('diagrams', /^[0-9a-f]+\.svg$/);
const searchIndex = firstFile('', /^search-index-[0-9a-f]+\.json$/);
const consoleWorker = firstFile('assets/try-it', /^worker\.[0-9a-f]{16}\.mjs$/);
const guide = '/docs/3.0.0/guides/guides/quick_guides/payment_steps/create_payment_session';

/** Every kind of response a reader can get, with its status, cache rule and type. */
const responses: {label: string; path: string; status: number; cache: string; type?: string}[] = [
  {label: 'home page', path: '/', status: 200, cache: revalidateCacheControl, type: 'text/html; charset=utf-8'},
  {label: 'guide page', path: guide, status: 200, cache: revalidateCacheControl, type: 'text/html; charset=utf-8'},
  {label: 'API page', path: '/docs/3.0.0/api/create-session', status: 200, cache: revalidateCacheControl, type: 'text/html; charset=utf-8'},
  {label: 'script', path: mainScript, status: 200, cache: immutableCacheControl, type: 'text/javascript; charset=utf-8'},
  {label: 'stylesheet', path: stylesheet, status: 200, cache: immutableCacheControl, type: 'text/css; charset=utf-8'},
  {label: 'diagram', path: diagram, status: 200, cache: immutableCacheControl, type: 'image/svg+xml; charset=utf-8'},
  {label: 'search index', path: searchIndex, status: 200, cache: immutableCacheControl, type: 'application/json; charset=utf-8'},
  {
    label: '"Try it" console worker',
    path: consoleWorker,
    status: 200,
    cache: immutableCacheControl,
    type: 'text/javascript; charset=utf-8',
  },
  {
    label: 'OpenAPI download',
    path: '/openapi/tessera-v3.yaml',
    status: 200,
    cache: revalidateCacheControl,
    type: 'application/yaml; charset=utf-8',
  },
  {
    label: 'SDK types download',
    path: '/sdk/tessera-sdk.d.ts',
    status: 200,
    cache: revalidateCacheControl,
    type: 'text/plain; charset=utf-8',
  },
  {label: 'sitemap', path: '/sitemap.xml', status: 200, cache: revalidateCacheControl, type: 'application/xml; charset=utf-8'},
  {label: 'favicon', path: '/img/favicon.svg', status: 200, cache: revalidateCacheControl, type: 'image/svg+xml; charset=utf-8'},
  {label: 'unknown page', path: '/no-such-page', status: 404, cache: revalidateCacheControl, type: 'text/html; charset=utf-8'},
  {
    label: 'unknown asset',
    path: '/assets/js/no-such-chunk.0123abcd.js',
    status: 404,
    cache: revalidateCacheControl,
    type: 'text/html; charset=utf-8',
  },
  {label: 'redirect to the page without slash', path: `${guide}/`, status: 301, cache: revalidateCacheControl},
];

const get = (request: APIRequestContext, url: string, encoding = 'identity'): Promise<APIResponse> =>
  request.get(url, {headers: {'Accept-Encoding': encoding}, maxRedirects: 0});

test.describe('security headers on every kind of response', () => {
  for (const kind of responses) {
    test(`${kind.label} (${kind.status})`, async ({request}) => {
      const response = await get(request, kind.path);
      expect(response.status()).toBe(kind.status);
      const headers = response.headers();
      for (const [name, value] of expectedHeaders) expect(headers[name.toLowerCase()], name).toBe(value);
      expect(headers['cache-control'], 'Cache-Control').toBe(kind.cache);
      if (kind.type) expect(headers['content-type'], 'Content-Type').toBe(kind.type);
      // No version for an attacker to look up.
      expect(headers.server).toBe('nginx');
    });
  }
});

test.describe('the Content-Security-Policy', () => {
  const policy = new Map(
    expectedHeaders
      .find(([name]) => name === 'Content-Security-Policy')![1]
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );

  test('is strict: no inline or eval scripts but the build’s own, nothing from other origins', () => {
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    const scriptSources = policy.get('script-src')!;
    expect(scriptSources[0]).toBe("'self'");
    for (const source of scriptSources.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(scriptSources.join(' ')).not.toMatch(/unsafe|strict-dynamic|\*|https?:|data:|blob:/);
    // Reports go to the site itself.
    expect(policy.get('report-uri')).toEqual([cspReportPath]);
    expect(policy.get('report-to')).toEqual([cspReportGroup]);
    // Every source anywhere is a keyword, a hash, or data: for images (icons in the theme's CSS).
    for (const [directive, sources] of policy) {
      if (directive === 'report-uri' || directive === 'report-to') continue;
      for (const source of sources) {
        const allowed =
          /^'(self|none|sha256-[A-Za-z0-9+/]+=*)'$/.test(source) ||
          (directive === 'img-src' && source === 'data:') ||
          (directive === 'style-src' && source === "'unsafe-inline'");
        expect(allowed, `${directive} ${source}`).toBe(true);
      }
    }
  });

  test('allows exactly the inline scripts the served pages contain', async ({request}) => {
    const hashes = new Set<string>();
    for (const route of ['/', '/docs', guide, '/docs/1.0.0/api/create-session', '/no-such-page']) {
      const html = await (await request.get(route)).text();
      // Scripts without src or type run; a data block (type=application/json, ld+json) does not.
      for (const [, script] of html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)) {
        hashes.add(`'sha256-${createHash('sha256').update(script!).digest('base64')}'`);
      }
    }
    expect([...hashes].sort()).toEqual(policy.get('script-src')!.slice(1));
  });
});

test.describe('caching', () => {
  test('a page is revalidated with its ETag', async ({request}) => {
    const first = await get(request, guide);
    const etag = first.headers().etag;
    expect(etag).toBeTruthy();
    const again = await request.get(guide, {headers: {'If-None-Match': etag!, 'Accept-Encoding': 'identity'}});
    expect(again.status()).toBe(304);
  });

  test('only hashed files are immutable', () => {
    for (const kind of responses)
      expect(kind.cache === immutableCacheControl, kind.path).toBe(
        /^\/(assets|diagrams)\/|\/search-index-[0-9a-f]+\.json$/.test(kind.path) && kind.status === 200,
      );
  });
});

test.describe('compression', () => {
  const textFiles = responses.filter((kind) => kind.status === 200 && kind.label !== 'favicon');
  for (const kind of textFiles) {
    test(`${kind.label} is sent brotli- or gzip-compressed as the browser accepts`, async ({request}) => {
      const plain = await get(request, kind.path);
      const brotli = await get(request, kind.path, 'gzip, deflate, br');
      const gzip = await get(request, kind.path, 'gzip');
      expect(plain.headers()['content-encoding']).toBeUndefined();
      expect(brotli.headers()['content-encoding']).toBe('br');
      expect(gzip.headers()['content-encoding']).toBe('gzip');
      expect(brotli.headers().vary).toBe('Accept-Encoding');
      // Playwright decodes the body: the compressed file holds what the plain one does.
      expect((await brotli.body()).equals(await plain.body())).toBe(true);
      expect((await gzip.body()).equals(await plain.body())).toBe(true);
      expect(Number(brotli.headers()['content-length'])).toBeLessThan(Number(plain.headers()['content-length']));
    });
  }
});

test.describe('URLs (trailingSlash: false)', () => {
  test('/a/b serves the page, /a/b/ redirects there permanently', async ({request}) => {
    for (const route of ['/docs', '/markdown-page', guide, '/docs/1.0.0/api/create-session']) {
      const page = await get(request, route);
      expect(page.status(), route).toBe(200);
      expect(await page.text()).toContain(`<link data-rh=true rel=canonical href=${site.url}${route} />`);
      const slash = await get(request, `${route}/?from=test`);
      expect(slash.status(), `${route}/`).toBe(301);
      expect(slash.headers().location).toBe(`${route}?from=test`);
    }
  });

  test('unknown paths answer 404 with the site’s not-found page', async ({request}) => {
    for (const route of [
      '/no-such-page',
      '/no-such-page/',
      '/docs/3.0.0/api/no-such-operation',
      '/docs/3.0.0/api/',
      '/404.html',
      '/_headers',
      '/_headers.nginx.conf',
      '/../package.json',
    ]) {
      const response = await get(request, route);
      expect(response.status(), route).toBe(404);
      expect(await response.text(), route).toContain('<title data-rh=true>Page Not Found | Tessera Docs</title>');
    }
  });

  test('a static site answers only GET and HEAD', async ({request}) => {
    expect((await request.head(guide)).status()).toBe(200);
    expect((await request.post(guide, {data: 'x'})).status()).toBe(405);
  });

  test('the sitemap, the canonical URLs and the links all write pages without a trailing slash', async ({request}) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locations.length).toBeGreaterThan(60);
    for (const location of locations) {
      expect(location.startsWith(site.url)).toBe(true);
      const route = location.slice(site.url.length) || '/';
      if (route !== '/') expect(route, location).not.toMatch(/\/$/);
    }
    for (const route of ['/', guide, '/docs/3.0.0/api/create-session']) {
      const html = await (await request.get(route)).text();
      const links = [...html.matchAll(/<a [^>]*href=["']?(\/[^"' >]*)/g)].map((match) => match[1]!);
      expect(links.length).toBeGreaterThan(10);
      for (const link of links) if (link !== '/') expect(link, `${route} links to ${link}`).not.toMatch(/\/(#|\?|$)/);
    }
  });

  test('every sitemap entry is served as it is written, without a redirect', async ({request}) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const [, location] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const response = await get(request, location!.slice(site.url.length) || '/');
      expect(response.status(), location).toBe(200);
    }
  });
});
