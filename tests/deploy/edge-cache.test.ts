import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AB_TEST, RESERVED_NAMES } from '@/domain/form-config';
import { uniqueEmail } from '@tests/kit/data';
import { BROWSER_UA } from '@tests/kit/visitor';
import { launchChromium } from '@tests/kit/chromium';
import { startCluster, type Cluster } from './kit/cluster.js';
import { call } from './kit/http.js';
import { createPublishedForm, expectStatus, ownerCall, republish, signUp, type Owner } from './kit/owner.js';
import { waitUntil } from './kit/processes.js';
import { signUpBody, submit, titleOf, visit } from './kit/visitor.js';

/*
 * A shared cache in front (decision 0091): the two servers run with PAGE_CACHE_SECONDS=2 behind
 * examples/two-servers/nginx.conf, whose proxy_cache keeps what they mark public. A page's second
 * request is nginx's, its views are still counted (by the beacon, which nginx never keeps), its
 * time trap still holds, and a publish or an unpublish shows within seconds.
 */

const SECONDS = 2;
let c: Cluster;
let owner: Owner;

beforeAll(async () => {
  c = await startCluster({ extraEnv: { PAGE_CACHE_SECONDS: String(SECONDS) } });
  owner = await signUp(c.app);
});
afterAll(async () => {
  await c?.close();
});

const cacheOf = (res: { headers: Record<string, unknown> }) => res.headers['x-cache'];
const views = async (formId: string, by = owner) =>
  expectStatus(await ownerCall(c.app, by, 'GET', `/api/forms/${formId}/analytics`), 200, 'analytics').json<{
    totals: { views: number };
  }>().totals.views;

describe('published pages behind a shared cache', () => {
  it('are answered by the cache from the second request on, and still counted once per browser that shows them', async () => {
    const { form } = await createPublishedForm(c.app, owner, { title: 'Cached guide' });
    const first = await visit(c.pages, `/f/${form.id}`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe(`public, max-age=0, s-maxage=${SECONDS}`);
    expect(cacheOf(first)).toBe('MISS');
    const second = await visit(c.pages, `/f/${form.id}`);
    expect(cacheOf(second)).toBe('HIT');
    expect(second.upstream).toBeUndefined(); // no server was asked
    expect(second.text()).toBe(first.text());

    // The document counts nothing; each browser that shows it loads its beacon, which nginx passes on.
    const beacon = /<img src="(\/f\/[^"]+\/seen)"/.exec(second.text())![1]!;
    for (let i = 0; i < 3; i++) {
      const seen = await call(c.pages.port, {
        path: beacon,
        host: c.publicHost,
        headers: { 'user-agent': `${BROWSER_UA} v${i}` },
      });
      expect(seen.status).toBe(200);
      expect(cacheOf(seen)).not.toBe('HIT');
      expect(seen.upstream).toBeDefined();
    }
    await waitUntil('the three views to be counted', async () => (await views(form.id)) === 3, {
      timeoutMs: 10_000,
      everyMs: 200,
    });
  });

  it('are counted, and carry their referrer, when a browser shows the cached copy', async () => {
    const reader = await signUp(c.app); // a Free workspace holds three pages
    const { form } = await createPublishedForm(c.app, reader);
    const browser = await launchChromium();
    try {
      // Two visitors' browsers, one after the other: the second gets the copy the first left in the cache.
      for (const [i, referrer] of ['https://news.example/launch', 'https://social.example/post'].entries()) {
        const page = await browser.newPage();
        const answer = await page.goto(`http://${c.publicHost}/f/${form.id}`, { referer: referrer });
        expect(answer!.headers()['x-cache']).toBe(i === 0 ? 'MISS' : 'HIT');
        expect(await page.inputValue(`input[name="${RESERVED_NAMES.referrer}"]`)).toBe(referrer);
        await page.close();
      }
    } finally {
      await browser.close();
    }
    await waitUntil("both browsers' views to be counted", async () => (await views(form.id, reader)) === 2, {
      timeoutMs: 10_000,
      everyMs: 200,
    });
  });

  it('keep the time trap: a form sent at once from a cached page is asked again, one sent later is taken', async () => {
    const { form } = await createPublishedForm(c.app, owner, { config: { doubleOptIn: false } });
    await visit(c.pages, `/f/${form.id}`);
    const cached = await visit(c.pages, `/f/${form.id}`);
    expect(cacheOf(cached)).toBe('HIT');
    const renderedAt = new RegExp(`name="${RESERVED_NAMES.renderedAt}" value="([^"]+)"`).exec(cached.text())![1]!;
    const body = (email: string) => signUpBody(c.secret, email, { [RESERVED_NAMES.renderedAt]: renderedAt });
    const tooFast = await submit(c.pages, form.id, body(uniqueEmail('edge-fast')));
    expect(tooFast.status).toBe(200); // the page again, asking to press once more
    expect(cacheOf(tooFast)).not.toBe('HIT');
    await sleep(2100);
    const taken = await submit(c.pages, form.id, body(uniqueEmail('edge-later')));
    expect(taken.status).toBe(303);
  });

  it('show a publish and an unpublish within seconds', async () => {
    const { form, config } = await createPublishedForm(c.app, owner, { title: 'Before the change' });
    await visit(c.pages, `/f/${form.id}`);
    expect(cacheOf(await visit(c.pages, `/f/${form.id}`))).toBe('HIT');
    const published = Date.now();
    await republish(c.app, owner, form.id, { ...config, title: 'After the change' });
    await waitUntil(
      'the new version through the cache',
      async () => titleOf((await visit(c.pages, `/f/${form.id}`)).text()) === 'After the change',
      {
        timeoutMs: (SECONDS + 3) * 1000,
        everyMs: 100,
      },
    );
    console.log(`[deploy] a publish showed through the cache after ${Date.now() - published} ms (s-maxage ${SECONDS})`);

    const offline = Date.now();
    expectStatus(
      await ownerCall(c.app, owner, 'PATCH', `/api/forms/${form.id}/status`, { json: { status: 'inactive' } }),
      200,
      'offline',
    );
    await waitUntil('the page gone through the cache', async () => (await visit(c.pages, `/f/${form.id}`)).status !== 200, {
      timeoutMs: (SECONDS + 3) * 1000,
      everyMs: 100,
    });
    console.log(`[deploy] taking the page offline showed through the cache after ${Date.now() - offline} ms`);
  });

  it('never keep a page under an A/B test, whose variant is chosen per visitor', async () => {
    const tester = await signUp(c.app); // a Free workspace holds three pages
    const { form } = await createPublishedForm(c.app, tester, {
      config: { abTest: { ...DEFAULT_AB_TEST, enabled: true, split: 50, title: 'The B side' } },
    });
    for (let i = 0; i < 2; i++) {
      const res = await visit(c.pages, `/f/${form.id}`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(cacheOf(res)).not.toBe('HIT');
    }
    await waitUntil('both views counted', async () => (await views(form.id, tester)) === 2, { timeoutMs: 10_000, everyMs: 200 });
  });
});
