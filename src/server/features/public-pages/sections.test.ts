import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadImage } from '@tests/kit/images';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { everySection } from '@tests/kit/sections';
import { addressPool, BROWSER_UA, patientVisitorFields } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { DEFAULT_AB_TEST, type FormConfig } from '@/domain/form-config';
import { shownSections, VIDEO_FRAME_HOSTS, type Section } from '@/domain/sections';
import { leadConsents, leads, submissions } from '@/server/db/schema/index';

// Sections on the published page through the real server: what it shows, the CSP that lets its video
// play, a deadline that closes the form (for the page's cache, the fast path and a late sign-up),
// and the evidence a sign-up keeps of them.

let t: TestApp;
let owner: SignedUpUser;
let port: number;
/** Requests that reached Fastify (the fast path's answers never do). */
let throughFastify = 0;

beforeAll(async () => {
  t = await createTestApp({}, { beforeReady: (app) => app.addHook('onRequest', async () => void throughFastify++) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** GET over a real socket (so the fast path may answer), gzipped as browsers ask. */
function get(path: string): Promise<{ status: number; csp: string; html: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'accept-encoding': 'gzip' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode!,
            csp: String(res.headers['content-security-policy']),
            html: (res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString(),
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const visitor = addressPool('10.91');
function signUp(formId: string, email: string, ip = visitor()) {
  return t.app.inject({
    method: 'POST',
    url: `/f/${formId}`,
    remoteAddress: ip,
    headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...patientVisitorFields(t.config.secret), email, consent: 'yes' }).toString(),
  });
}

const submissionsOf = async (formId: string) =>
  (await t.db.select({ n: count() }).from(submissions).where(eq(submissions.formId, formId)))[0]!.n;

const publish = (config: Partial<FormConfig>) =>
  createForm(t.app, owner, { publish: true, config: { doubleOptIn: false, ...config } });

/** 'YYYY-MM-DDTHH:mm' in UTC of `at`, as a deadline's wall-clock time in the 'UTC' zone. */
const utcWall = (at: number) => new Date(at).toISOString().slice(0, 16);
const deadline = (endsAt: string, afterDeadline: 'keepForm' | 'closeForm', endedMessage = 'Sold out, sorry.'): Section => ({
  id: 'ends',
  hidden: false,
  type: 'deadline',
  heading: 'Last chance',
  endsAt,
  timeZone: 'UTC',
  afterDeadline,
  endedMessage,
});

describe('a published page with sections', () => {
  it('shows every section after the form, with the uploaded images, and frames only the video hosts', async () => {
    const [portrait, author, logo] = [
      await uploadImage(t.app, owner, 400, 400),
      await uploadImage(t.app, owner, 300, 300),
      await uploadImage(t.app, owner, 480, 120),
    ];
    const sections = everySection({ portraits: [portrait], author, logos: [logo] });
    const form = await publish({ sections });
    const page = await get(`/f/${form.id}`);
    expect(page.status).toBe(200);
    const form_ = page.html.indexOf('id="ls-form"');
    for (const section of sections)
      expect(page.html.indexOf(`>${section.heading.replace("'", '&#x27;')}</h2>`), section.heading).toBeGreaterThan(form_);
    for (const image of [portrait, author, logo]) expect(page.html).toContain(`/img/${image.id}/`);
    expect(page.csp).toContain(`frame-src ${VIDEO_FRAME_HOSTS.join(' ')}`);
    expect(page.csp).toContain("frame-ancestors 'none'");
    expect(page.csp).toContain("default-src 'none'");

    // A page without a video frames nothing; one with pixels (its own CSP) still frames the player.
    const plain = await publish({ sections: sections.filter((s) => s.type !== 'video') });
    expect((await get(`/f/${plain.id}`)).csp).not.toContain('frame-src');
    const tracked = await publish({ sections, pixelFacebook: '123456789012345' });
    const trackedCsp = (await get(`/f/${tracked.id}`)).csp;
    expect(trackedCsp).toContain('connect.facebook.net');
    expect(trackedCsp).toContain(`frame-src ${VIDEO_FRAME_HOSTS.join(' ')}`);
    // A page other sites may frame names them, and still frames only the player.
    const embedded = await publish({ sections, embedOrigins: ['https://blog.example.com'] });
    const embeddedCsp = (await get(`/f/${embedded.id}`)).csp;
    expect(embeddedCsp).toContain('frame-ancestors https://blog.example.com');
    expect(embeddedCsp).toContain(`frame-src ${VIDEO_FRAME_HOSTS.join(' ')}`);
  });

  it("frames the video of B's own sections for B's visitors only", async () => {
    const withVideo = everySection();
    const form = await publish({
      sections: withVideo.filter((s) => s.type !== 'video'),
      abTest: { ...DEFAULT_AB_TEST, enabled: true, split: 50, title: 'B', sections: withVideo },
    });
    const seen = new Map<string, string>();
    for (let i = 0; i < 60 && seen.size < 2; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/f/${form.id}`,
        remoteAddress: visitor(),
        headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA },
      });
      const variant = /name="ls_v" value="([ab])"/.exec(res.body)![1]!;
      seen.set(variant, String(res.headers['content-security-policy']));
      expect(res.body.includes('data-ls-video="')).toBe(variant === 'b');
    }
    expect(seen.get('a')).not.toContain('frame-src');
    expect(seen.get('b')).toContain('frame-src');
  });
});

describe('a deadline that closes the form', () => {
  it('replaces the form with its message once it passes, though the page was cached and served from memory', async () => {
    const ends = Date.now() + 60 * 60_000;
    const form = await publish({ sections: [...everySection().slice(0, 2), deadline(utcWall(ends), 'closeForm')] });
    const before = throughFastify;
    const open = await get(`/f/${form.id}`);
    expect(open.html).toContain('<form');
    expect(open.html).toContain('data-ls-deadline="');
    expect((await get(`/f/${form.id}`)).html).toContain('<form');
    expect(throughFastify).toBe(before + 1); // the second from memory

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ends + 60_000);
    const closed = await get(`/f/${form.id}`);
    expect(closed.status).toBe(200);
    expect(closed.html).toContain('<p class="ls-ended">Sold out, sorry.</p>');
    expect(closed.html).not.toContain('<form');
    expect(closed.html).toContain('Offer ended <time');
    expect(throughFastify).toBe(before + 2); // a new document, not the cached one
    expect((await get(`/f/${form.id}`)).html).toContain('Sold out, sorry.');
    expect(throughFastify).toBe(before + 2); // and that one from memory

    // A tab left open before the deadline: its sign-up is not stored, and it gets the page as it is now.
    const late = await signUp(form.id, 'late@example.com');
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain('Sold out, sorry.');
    expect(late.body).not.toContain('<form');
    expect(await submissionsOf(form.id)).toBe(0);
  });

  it('keeps the form, and takes sign-ups, when the owner chose to', async () => {
    const form = await publish({ sections: [deadline('2026-01-01T00:00', 'keepForm')] });
    const page = await get(`/f/${form.id}`);
    expect(page.html).toContain('<form');
    expect(page.html).not.toContain('Sold out');
    expect((await signUp(form.id, 'kept@example.com')).statusCode).toBe(303);
    expect(await submissionsOf(form.id)).toBe(1);
  });
});

describe('the evidence of a sign-up', () => {
  it('records the sections the visitor was shown, hidden ones left out', async () => {
    const sections = everySection();
    sections[0] = { ...sections[0]!, hidden: true };
    const form = await publish({ sections });
    expect((await signUp(form.id, 'shown@example.com')).statusCode).toBe(303);
    const [evidence] = await t.db
      .select({ shown: leadConsents.shown })
      .from(leadConsents)
      .innerJoin(leads, eq(leads.id, leadConsents.leadId))
      .where(and(eq(leads.formId, form.id), eq(leads.email, 'shown@example.com')));
    expect(evidence!.shown!.sections).toEqual(shownSections({ sections }));
    expect(evidence!.shown!.sections!.map((s) => s.id)).not.toContain(sections[0]!.id);
    // The owner reads it with the lead.
    const [lead] = await t.db.select({ id: leads.id }).from(leads).where(eq(leads.email, 'shown@example.com'));
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/leads/${lead!.id}`,
      headers: { host: APP_HOST, cookie: owner.cookie },
    });
    const consents = detail.json<{ consents: Array<{ shown: { sections?: Section[] } | null }> }>().consents;
    expect(consents.find((c) => c.shown)!.shown!.sections).toEqual(evidence!.shown!.sections);
  });
});
