import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';

let t: TestApp;
let owner: SignedUpUser;
let formId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  formId = (await createForm(t.app, owner, { publish: true })).id;
});
afterAll(() => t.close());

const get = (url: string, host = APP_HOST, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } });

describe("the app's CSP", () => {
  it("has base-uri 'none': no injected <base> can redirect the app's relative URLs", async () => {
    for (const url of ['/', '/dashboard', '/no-such-page']) {
      const csp = (await get(url)).headers['content-security-policy'] as string;
      expect(
        csp.split(';').map((d) => d.trim()),
        url,
      ).toContain("base-uri 'none'");
    }
  });
});

describe("the app's CSP and the placement preview", () => {
  // The preview of "Put it on your site" is a srcdoc frame under the app's policy: it runs the pages
  // host's loader, which frames the page from the pages host. Nothing else of that host may run here.
  it("allows the loader alone from the pages host (and the owner screens' format warm-up by its hash), and frames from it", async () => {
    const directives = ((await get('/dashboard')).headers['content-security-policy'] as string).split(';').map((d) => d.trim());
    const scriptSrc = directives.find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toMatch(new RegExp(`^script-src 'self' http://${PUBLIC_HOST}/l\\.js 'sha256-[A-Za-z0-9+/]{43}='$`));
    expect(directives).toContain(`frame-src 'self' http://${PUBLIC_HOST}`);
    expect(directives).toContain("connect-src 'self'");
    expect(directives).toContain("frame-ancestors 'none'");
  });
});

describe('owner API answers', () => {
  it('are Cache-Control: no-store, signed in or not', async () => {
    const urls = [
      '/api/me',
      '/api/auth/get-session',
      '/api/forms',
      '/api/forms/stats',
      `/api/forms/${formId}`,
      `/api/forms/${formId}/analytics`,
      `/api/forms/${formId}/leads`,
      `/api/forms/${formId}/payments`,
      '/api/payments/settings',
      '/api/forms/AAAAAAAAAAAA',
    ];
    for (const url of urls) {
      for (const cookie of [owner.cookie, undefined]) {
        const res = await get(url, APP_HOST, cookie);
        expect(res.headers['cache-control'], `${url} ${cookie ? 'signed in' : 'anonymous'} (${res.statusCode})`).toBe('no-store');
      }
    }
    const session = await get('/api/auth/get-session', APP_HOST, owner.cookie);
    expect(session.json().user.email).toBe(owner.email);
  });
});

describe('Permissions-Policy', () => {
  it('denies the powerful features on both faces, pages, APIs, errors and 404s alike', async () => {
    const responses = [
      await get('/'),
      await get('/api/me', APP_HOST, owner.cookie),
      await get('/api/forms/nope'),
      await get('/healthz'),
      await get(`/f/${formId}`, PUBLIC_HOST),
      await get('/f/nope', PUBLIC_HOST),
      await get('/', PUBLIC_HOST),
    ];
    for (const res of responses) {
      const policy = String(res.headers['permissions-policy'] ?? '');
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
        expect(policy, `${res.statusCode} ${feature}`).toMatch(new RegExp(`(^|, )${feature}=\\(\\)(,|$)`));
      }
    }
  });
});
