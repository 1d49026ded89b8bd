import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import type { FormConfig } from '@/domain/form-config';
import type { FormDetail } from '@/domain/forms-api';
import { consentLoaderScript } from '@/landing/index';
import { FORMATS_WARM_UP_HASH } from '@/server/features/spa';
import { PUBLIC_CSP } from './document.js';
import { scriptAsData, TRACKING_HOSTS } from './tracking.js';

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const visit = (url: string, host = PUBLIC_HOST) => t.app.inject({ method: 'GET', url, headers: { host } });
const published = (config: Partial<FormConfig>) => createForm(t.app, owner, { publish: true, config });
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP as { directive: [sources] }. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

/** Every <script ...> opening tag of a document. */
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/gi) ?? [];

const META_ID = '123456789012345';
const EVIL = '</script><script>alert(1)</script>';
const CUSTOM = `window.ownerRan = 1; // ${EVIL} <!--<script> & \u2028 '"`;

describe('a published page without pixels or script', () => {
  it('has no notice, no loader and keeps the strict CSP', async () => {
    const form = await published({});
    const res = await visit(`/f/${form.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(PUBLIC_CSP);
    expect(res.body).not.toContain('data-ls-consent');
    expect(res.body).not.toContain('Cookie settings');
    expect(res.body).not.toContain(consentLoaderScript);
    expect(PUBLIC_CSP).not.toMatch(/https:/);
    // Its own origin only (search engines' tools read robots.txt from inside the page), no host.
    expect(directives(PUBLIC_CSP)['connect-src']).toEqual(["'self'"]);
  });
});

describe('a published page with tracking', () => {
  it('with a Meta pixel: a hidden notice naming Meta, the id as data, and only Meta hosts in its CSP', async () => {
    const form = await published({ pixelFacebook: META_ID });
    const res = await visit(`/f/${form.id}`);
    const html = res.body;
    expect(html).toMatch(/<section class="ls-cn" aria-label="Cookies and tracking" hidden="" data-ls-consent=""/);
    expect(html).toContain('This page uses cookies and tracking by Meta. They load only if you accept.');
    expect(html).toContain(`data-ls-meta="${META_ID}"`);
    expect(html).toContain(`data-ls-form="${form.id}"`);
    expect(html).not.toContain('data-ls-google');
    expect(html).toContain('>Accept</button>');
    expect(html).toContain('>Decline</button>');
    // Without JavaScript nothing loads: no external script, the pixel code is only in the loader.
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<img[^>]+facebook/);
    expect(scriptTags(html)).toEqual(['<script>', '<script>']); // the loader and the landing script

    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp['script-src']).toEqual([hashOfLanding(), hash(consentLoaderScript), ...TRACKING_HOSTS.meta.script]);
    expect(csp['connect-src']).toEqual(["'self'", ...TRACKING_HOSTS.meta.connect]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', ...TRACKING_HOSTS.meta.img]);
    expect(JSON.stringify(csp)).not.toContain('google');
    expect(csp['default-src']).toEqual(["'none'"]);
  });

  it('with a Google tag (G- or GTM-): only Google hosts, and the id as data', async () => {
    for (const id of ['G-ABC123XYZ', 'GTM-K9X2P']) {
      const form = await published({ pixelGoogle: id });
      const res = await visit(`/f/${form.id}`);
      expect(res.body).toContain(`data-ls-google="${id}"`);
      expect(res.body).toContain('This page uses cookies and tracking by Google. They load only if you accept.');
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp['script-src']).toEqual([hashOfLanding(), hash(consentLoaderScript), 'https://www.googletagmanager.com']);
      expect(csp['connect-src']).toEqual(["'self'", ...TRACKING_HOSTS.google.connect]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', ...TRACKING_HOSTS.google.img]);
      expect(JSON.stringify(csp)).not.toContain('facebook');
    }
  });

  it("with a custom script: allowed by the hash of its exact text, carried as inert data that can't close its element", async () => {
    const form = await published({ customScript: CUSTOM, pixelFacebook: META_ID, pixelGoogle: 'G-ABC123XYZ' });
    const res = await visit(`/f/${form.id}`);
    const html = res.body;
    expect(html).toContain(
      'This page uses cookies and tracking by Meta and Google and a script from Acme Marketing. They load only if you accept.',
    );
    // Exactly three scripts: the data block (not executable), the loader, the landing script.
    expect(scriptTags(html)).toEqual(['<script type="application/json" data-ls-custom="">', '<script>', '<script>']);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('alert(1)</script>');
    const block = html.match(/<script type="application\/json" data-ls-custom="">([^]*?)<\/script>/)![1]!;
    expect(block).not.toMatch(/[<>&]/);
    expect(JSON.parse(block)).toBe(CUSTOM);

    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp['script-src']).toEqual([
      hashOfLanding(),
      hash(consentLoaderScript),
      hash(CUSTOM),
      'https://connect.facebook.net',
      'https://www.googletagmanager.com',
    ]);
  });

  it('lists nothing broader than the pixel hosts: no unsafe-inline, eval, wildcard or scheme sources for scripts', async () => {
    const form = await published({ customScript: 'console.log(1)', pixelFacebook: META_ID, pixelGoogle: 'GTM-K9X2P' });
    const header = (await visit(`/f/${form.id}`)).headers['content-security-policy'] as string;
    const csp = directives(header);
    const allowedHosts = new Set<string>([
      ...Object.values(TRACKING_HOSTS.meta).flat(),
      ...Object.values(TRACKING_HOSTS.google).flat(),
    ]);
    for (const [name, sources] of Object.entries(csp)) {
      for (const source of sources) {
        expect(source, `${name} ${source}`).not.toMatch(/^(\*|https?:|'unsafe-eval'|'strict-dynamic'|'unsafe-hashes'|blob:)$/);
        if (/^https?:\/\//.test(source)) expect(allowedHosts.has(source), source).toBe(true);
        if (source.includes('*')) expect(source).toMatch(/^https:\/\/\*\.(google-analytics\.com|analytics\.google\.com)$/);
      }
    }
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']!.every((s) => s.startsWith("'sha256-") || s.startsWith('https://'))).toBe(true);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['frame-src']).toBeUndefined();
  });

  it('shows what was published, not the draft: a pixel added to the draft appears only after publishing', async () => {
    const form = await published({});
    await t.app.inject({
      method: 'PUT',
      url: `/api/forms/${form.id}`,
      headers: { host: APP_HOST, cookie: owner.cookie },
      payload: { config: { ...form.draft, pixelFacebook: META_ID } },
    });
    expect((await visit(`/f/${form.id}`)).body).not.toContain(META_ID);
    await t.app.inject({
      method: 'POST',
      url: `/api/forms/${form.id}/publish`,
      headers: { host: APP_HOST, cookie: owner.cookie },
    });
    const res = await visit(`/f/${form.id}`);
    expect(res.body).toContain(`data-ls-meta="${META_ID}"`);
    expect(res.headers['content-security-policy']).toContain('https://connect.facebook.net');
  });

  it('renders markup in the title, description, business name and labels as text', async () => {
    const xss = '<img src=x onerror=alert(1)>';
    const form = await published({
      title: `T ${xss}`,
      description: `D ${xss}`,
      businessName: `B ${xss}`,
      thankyouMessage: `M ${xss}`,
      customScript: 'void 0',
      fields: [
        {
          id: 'email',
          type: 'email',
          label: `L ${xss}`,
          placeholder: `P "${xss}`,
          required: true,
          options: [],
          helpText: '',
          param: '',
        },
      ],
    });
    const html = (await visit(`/f/${form.id}`)).body;
    expect(html).not.toContain('<img');
    // every `onerror=` on the page is inside escaped text, none in a tag
    expect(html.split('onerror=').length - 1).toBe(html.split('&lt;img src=x onerror=').length - 1);
    expect(html).toContain('T &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('a script from B &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('L &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('placeholder="P &quot;&lt;img src=x onerror=alert(1)&gt;"');
  });
});

describe("the app's face", () => {
  let form: FormDetail;
  beforeAll(async () => {
    form = await published({ customScript: CUSTOM, pixelFacebook: META_ID, pixelGoogle: 'GTM-K9X2P' });
  });

  it('never serves the pixels or the custom script as code, only as JSON data to its owner', async () => {
    for (const url of ['/', '/dashboard', '/preview', `/preview?id=${form.id}`, `/f/${form.id}`, `/page-creator?id=${form.id}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: APP_HOST, cookie: owner.cookie } });
      expect(res.body, url).not.toContain('ownerRan');
      expect(res.body, url).not.toContain(META_ID);
      expect(res.body, url).not.toContain('data-ls-consent');
      expect(res.body, url).not.toContain('fbevents');
      // Scripts of the app, and the one file of the pages host the placement preview runs: the loader.
      expect(res.headers['content-security-policy'], url).toContain(
        `script-src 'self' ${t.config.publicUrl.origin}/l.js ${FORMATS_WARM_UP_HASH};`,
      );
    }
    const api = await t.app.inject({
      method: 'GET',
      url: `/api/forms/${form.id}`,
      headers: { host: APP_HOST, cookie: owner.cookie },
    });
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.json<FormDetail>().published!.customScript).toBe(CUSTOM);
    expect(api.json<FormDetail>().published!.pixelFacebook).toBe(META_ID);
  });
});

function hashOfLanding() {
  return directives(PUBLIC_CSP)['script-src']![0]!;
}

describe('scriptAsData', () => {
  it('round-trips any text through JSON with no <, > or & left to end or re-open the element', () => {
    for (const code of [EVIL, '<!--<script>', '</SCRIPT >', 'a\u2028b\u2029c', 'x\r\ny', '\ud800 lone', '"\\\'`${1}`']) {
      const data = scriptAsData(code);
      expect(data).not.toMatch(/[<>&\u2028\u2029]/);
      expect(JSON.parse(data)).toBe(code);
    }
  });
});
