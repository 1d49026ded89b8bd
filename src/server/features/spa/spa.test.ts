import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES, SCREEN_READS } from '@/domain/routes';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, host = APP_HOST, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

describe('the app face (APP_URL host)', () => {
  it('answers 200 with the SPA for every route of the route table', async () => {
    for (const route of APP_ROUTES) {
      const res = await get(route);
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await get('/page-creator?template=premium-content')).statusCode).toBe(200);
    expect((await get('/pricing/')).statusCode).toBe(200);
  });

  it("answers 200 for a form's analytics page, and 404 when the id cannot be a form's or the path goes deeper", async () => {
    for (const path of [
      '/dashboard/forms/AbC123xyZ789',
      '/dashboard/forms/AbC123xyZ789/',
      '/dashboard/forms/AbC123xyZ789?tab=leads',
      '/dashboard/forms/AbC123xyZ789/site',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    for (const path of [
      '/dashboard/forms',
      '/dashboard/forms/short',
      '/dashboard/forms/AbC123xyZ78%21',
      '/dashboard/forms/AbC123xyZ789/leads',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await get('/dashboard/forms/AbC123xyZ789', PUBLIC_HOST)).statusCode).toBe(404);
  });

  it('answers 404 with the same SPA document for unknown paths, including unregistered link targets', async () => {
    for (const path of ['/no-such-page', '/contact/extra', '/dpa/annex', '/f/123']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers unknown API paths with JSON, not the SPA', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends security headers: a CSP with one inline script, by its hash, nosniff, referrer policy, frame-ancestors', async () => {
    const res = await get('/');
    const csp = res.headers['content-security-policy'] as string;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    // Beside its own scripts, only the pages host's placement loader (the placement preview's sample
    // page) and, by its hash, the owner screens' format warm-up.
    expect(scriptSrc.trim()).toMatch(new RegExp(`^script-src 'self' http://${PUBLIC_HOST}/l\\.js 'sha256-[A-Za-z0-9+/]{43}='$`));
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // The creator shows images not uploaded yet (chosen signed out) from object URLs.
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http here
  });

  it('caches hashed assets for a year and the document not at all', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404);
  });

  it('compresses with brotli or gzip, as the client asks', async () => {
    const br = await get('/assets/app-abc123.js', APP_HOST, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await get('/assets/app-abc123.js', APP_HOST, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
  });
});

describe("the document tells the header whether a session may exist (the session cookie's presence)", () => {
  const marked = (html: string) => /<html [^>]*data-signed-in/.test(html);

  it('marks the document when the request carries the session cookie, on every route and the 404', async () => {
    for (const path of ['/', '/dashboard', '/no-such-page']) {
      const res = await get(path, APP_HOST, { cookie: 'theme=dark; better-auth.session_token=abc.def' });
      expect(marked(res.body), path).toBe(true);
      expect(res.headers.vary).toMatch(/cookie/i);
    }
  });

  it("names the account area's chunks in a marked document, beside the route's, each once", async () => {
    const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const cookie = { cookie: 'better-auth.session_token=abc.def' };
    expect(links((await get('/dashboard', APP_HOST, cookie)).body)).toEqual([
      '/assets/dashboard-abc123.js',
      '/assets/shared-abc123.js',
      '/assets/account-abc123.js',
    ]);
    expect(links((await get('/pricing', APP_HOST, cookie)).body)).toEqual([
      '/assets/account-abc123.js',
      '/assets/shared-abc123.js',
    ]);
    expect(links((await get('/dashboard')).body)).toEqual(['/assets/dashboard-abc123.js', '/assets/shared-abc123.js']);
  });

  it('does not mark it without one, with an empty one, or with a cookie that only resembles it', async () => {
    for (const cookie of [
      undefined,
      'better-auth.session_token=',
      'better-auth.session_token_old=x',
      'x=better-auth.session_token=1',
    ]) {
      const res = await get('/', APP_HOST, cookie ? { cookie } : {});
      expect(marked(res.body), cookie).toBe(false);
      expect(res.body).toContain('<html lang="en">');
    }
  });
});

describe("each route's document preloads its screen's chunks (screen-preloads.json of the build)", () => {
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it("names the route's chunks, in the head, and no other route's", async () => {
    const home = (await get('/')).body;
    expect(preloads(home)).toEqual(['/assets/home-abc123.js']);
    expect(home.indexOf('modulepreload')).toBeLessThan(home.indexOf('</head>'));
    expect(preloads((await get('/dashboard')).body)).toEqual(['/assets/dashboard-abc123.js', '/assets/shared-abc123.js']);
    expect(preloads((await get('/dashboard/forms/AbC123xyZ789?tab=leads')).body)).toEqual([
      '/assets/analytics-abc123.js',
      '/assets/shared-abc123.js',
    ]);
  });

  it("gives a 404 the not-found screen's chunks, and a route the file does not list the document as built", async () => {
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(preloads(missing.body)).toEqual(['/assets/not-found-abc123.js']);
    const malformed = await get('/dashboard/forms/short');
    expect(malformed.statusCode).toBe(404);
    expect(preloads(malformed.body)).toEqual(['/assets/not-found-abc123.js']);
    const unlisted = await get('/pricing');
    expect(unlisted.statusCode).toBe(200);
    expect(preloads(unlisted.body)).toEqual([]);
    expect(unlisted.body).toContain('<script type="module" src="/assets/app-abc123.js"></script>');
  });
});

describe("an owner screen's document preloads the screen's first reads (SCREEN_READS)", () => {
  const reads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  const cookie = { cookie: 'better-auth.session_token=abc.def' };

  it('names them, in order and ahead of the chunks, when the request carries the session cookie', async () => {
    const html = (await get('/dashboard', APP_HOST, cookie)).body;
    expect(reads(html)).toEqual(SCREEN_READS['/dashboard']);
    expect(html.indexOf('rel="preload" as="fetch"')).toBeLessThan(html.indexOf('modulepreload'));
    expect(html.indexOf('rel="preload" as="fetch"')).toBeGreaterThan(html.indexOf('<meta charset'));
  });

  it("puts a page's id into its analytics' reads", async () => {
    const html = (await get('/dashboard/forms/AbC123xyZ789', APP_HOST, cookie)).body;
    expect(reads(html)).toEqual(SCREEN_READS['/dashboard/forms/:id']!.map((read) => read.replace(':id', 'AbC123xyZ789')));
    expect(html).not.toContain(':id');
    expect(html).not.toContain('\u0000');
  });

  it('names none without the cookie, with a query (which may change what the screen reads), or on another screen', async () => {
    expect(reads((await get('/dashboard')).body)).toEqual([]);
    expect(reads((await get('/dashboard?status=draft', APP_HOST, cookie)).body)).toEqual([]);
    expect(reads((await get('/dashboard/forms/AbC123xyZ789?tab=leads', APP_HOST, cookie)).body)).toEqual([]);
    expect(reads((await get('/pricing', APP_HOST, cookie)).body)).toEqual([]);
    expect(reads((await get('/no-such-page', APP_HOST, cookie)).body)).toEqual([]);
  });
});

describe("an owner screen's signed-in document carries its first frame (screen-frames.json)", () => {
  const cookie = { cookie: 'better-auth.session_token=abc.def' };
  const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));

  it('in #root, as built, with or without the first reads, whatever the page id', async () => {
    const frame = '<div id="root"><main><h1>Dashboard frame</h1><p>Costs $5 &amp; $&amp; stays</p></main></div>';
    expect(root((await get('/dashboard', APP_HOST, cookie)).body)).toContain(frame);
    expect(root((await get('/dashboard?status=draft', APP_HOST, cookie)).body)).toContain(frame);
    for (const path of ['/dashboard/forms/AbC123xyZ789', '/dashboard/forms/AbC123xyZ789?tab=leads']) {
      expect(root((await get(path, APP_HOST, cookie)).body), path).toContain('<main><nav>Analytics frame</nav></main>');
    }
  });

  it('not without the cookie, and not on a screen the build drew no frame for', async () => {
    expect(root((await get('/dashboard')).body)).toContain('<div id="root"></div>');
    expect(root((await get('/dashboard/forms/AbC123xyZ789')).body)).toContain('<div id="root"></div>');
    for (const path of ['/pricing', '/settings/team', '/no-such-page']) {
      expect(root((await get(path, APP_HOST, cookie)).body), path).toContain('<div id="root"></div>');
    }
  });
});

describe("an owner screen's signed-in document makes its first number and date formats in its head", () => {
  const cookie = { cookie: 'better-auth.session_token=abc.def' };
  const inlineScripts = (html: string) => [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]!);

  it('before its scripts, allowed by the hash the CSP names', async () => {
    for (const path of ['/dashboard', '/dashboard?status=draft', '/dashboard/forms/AbC123xyZ789']) {
      const res = await get(path, APP_HOST, cookie);
      const [script, ...more] = inlineScripts(res.body);
      expect(more, path).toEqual([]);
      expect(script, path).toBe('new Intl.NumberFormat().format(0);new Intl.DateTimeFormat().format(0)');
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head.indexOf('<script>'), path).toBeGreaterThan(head.indexOf('<meta charset'));
      expect(head.indexOf('<script>'), path).toBeLessThan(head.indexOf('<script type="module"'));
      const hash = `'sha256-${createHash('sha256').update(script!).digest('base64')}'`;
      expect(res.headers['content-security-policy'], path).toContain(hash);
    }
  });

  it("not signed out, nor on the site's own pages, which format nothing", async () => {
    for (const path of ['/dashboard', '/dashboard/forms/AbC123xyZ789']) {
      expect(inlineScripts((await get(path)).body), path).toEqual([]);
    }
    for (const path of ['/', '/pricing', '/no-such-page']) {
      expect(inlineScripts((await get(path, APP_HOST, cookie)).body), path).toEqual([]);
    }
  });
});

describe('the visitor face (PUBLIC_URL host)', () => {
  it('serves none of the owner app', async () => {
    for (const path of ['/dashboard', '/sign-in', '/assets/app-abc123.js', '/dev/mail', '/dev/mail.json', '/api/me']) {
      const res = await get(path, PUBLIC_HOST);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host: PUBLIC_HOST },
      payload: {},
    });
    expect(auth.statusCode).toBe(404);
  });

  it('answers its own placeholder at / and a plain 404 elsewhere', async () => {
    const home = await get('/', PUBLIC_HOST);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Published landing pages');
    const missing = await get('/f/unknown', PUBLIC_HOST);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/html/);
  });

  it('gives any other host (one no workspace serves) the public 404 page, never the app (decision 0055)', async () => {
    for (const url of ['/dashboard', '/']) {
      const res = await get(url, 'pages.example.org');
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This page does not exist or is no longer published.');
    }
  });
});

describe('health', () => {
  it('answers 200 on both faces while the database answers', async () => {
    for (const host of [APP_HOST, PUBLIC_HOST]) {
      const res = await get('/healthz', host);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'up' });
    }
  });
});
