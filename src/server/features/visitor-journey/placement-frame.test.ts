import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { BROWSER_UA } from '@tests/kit/visitor';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import type { FormConfig } from '@/domain/form-config';
import { PLACEMENT_MESSAGES } from '@/domain/placements';
import { frameHeightScript, placementSignedUpScript, PLACEMENT_PREVIEW_NOTE } from '@/landing/index';
import { today } from '@/server/features/page-counts';

// A published page shown by a placement on its owner's site: framed at /f/{id}?ls_placement=…, the
// page renders for that frame (its form alone, or whole), and a sign-up there records the placement,
// the host page and the host page's UTM parameters on the lead, and counts the placement's sign-up.

let t: TestApp;
let owner: SignedUpUser;
let stranger: SignedUpUser;
let kit: ReturnType<typeof journeyKit>;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  kit = journeyKit(t, '10.84');
  owner = await createUser(t.app);
  stranger = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'business'`);
});
afterAll(() => t.close());

const SITE = 'https://blog.example.com';
const HOST_PAGE = `${SITE}/posts/hello?ref=nav`;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const pageOf = (user: SignedUpUser, config: Partial<FormConfig> = {}) =>
  createForm(t.app, user, {
    publish: true,
    config: {
      embedOrigins: [SITE],
      doubleOptIn: false,
      description: 'Every week, one idea.',
      sections: [
        { id: 'why', hidden: false, type: 'cta', heading: 'Why read it', text: 'Because it is short.', buttonText: 'Get it' },
      ],
      ...config,
    },
  });

/** A placement row as the placements API stores it (that API is another part of the feature). */
async function placementOf(form: { id: string }, name: string) {
  const id = `plc_${[...randomBytes(16)].map((b) => BASE62[b % 62]).join('')}`;
  const settings = { name, display: 'popup' };
  await t.db.execute(sql`insert into placements (id, workspace_id, form_id, settings)
    select ${id}, workspace_id, id, ${JSON.stringify(settings)}::jsonb from forms where id = ${form.id}`);
  return id;
}

const frameUrl = (formId: string, params: Record<string, string>) => `/f/${formId}?${new URLSearchParams(params).toString()}`;

const directive = (res: { headers: Record<string, unknown> }, name: string) =>
  String(res.headers['content-security-policy'])
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The form's hidden inputs, by name. */
const hiddenInputs = (html: string) =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));

async function leadOf(formId: string, email: string) {
  const { rows } = await t.db.execute<Record<string, string | null>>(sql`select placement_id, placement_name, host_url,
    utm_source, utm_campaign from leads where form_id = ${formId} and email = ${email}`);
  return rows[0];
}
async function signupsOf(placementId: string) {
  const { rows } = await t.db.execute<{ day: string; signups: number }>(
    sql`select day::text, signups from placement_daily_stats where placement_id = ${placementId}`,
  );
  return rows;
}

/** GET over a real socket, where the fast path answers pages it has sent before. */
function socketGet(path: string): Promise<{ headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe("a page in a placement's frame", () => {
  it('shows its title and form alone, framable by the allowed sites and the app, carrying the placement in its form', async () => {
    const form = await pageOf(owner, { privacyPolicy: true, privacyPolicyUrl: 'https://example.com/privacy' });
    const id = await placementOf(form, 'Blog popup');
    // The normal page first, so the fast path has it in memory: the frame must not be served from there.
    await socketGet(`/f/${form.id}`);
    const res = await socketGet(frameUrl(form.id, { ls_placement: id, ls_host: HOST_PAGE, ls_content: 'form' }));
    expect(res.body).toContain('class="ls-title"');
    expect(res.body).toContain('name="email"');
    // The consent checkbox and its privacy link stay; the rest of the page does not.
    expect(res.body).toContain('name="consent"');
    expect(res.body).toContain('href="https://example.com/privacy"');
    expect(res.body).not.toContain('Why read it');
    expect(res.body).not.toContain('ls-description"');
    expect(res.body).toContain(`<script>${frameHeightScript}</script>`);
    expect(directive(res, 'frame-ancestors')).toBe(`frame-ancestors ${SITE} ${t.config.appUrl.origin}`);
    expect(directive(res, 'script-src')).toContain(hashOf(frameHeightScript));
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(hiddenInputs(res.body)).toMatchObject({ ls_placement: id, ls_host: HOST_PAGE, ls_content: 'form' });

    const whole = await kit.visit(frameUrl(form.id, { ls_placement: id, ls_host: HOST_PAGE, ls_content: 'page' }));
    expect(whole.body).toContain('Why read it');
    expect(whole.body).toContain('ls-description"');
    expect(hiddenInputs(whole.body)).toMatchObject({ ls_placement: id, ls_content: 'page' });
  });

  it("is the page as usual for another page's placement or an unknown one", async () => {
    const form = await pageOf(owner);
    const other = await pageOf(owner);
    const othersPlacement = await placementOf(other, 'Elsewhere');
    for (const ls_placement of [othersPlacement, 'plc_0000000000000000', 'not-a-placement']) {
      const res = await kit.visit(frameUrl(form.id, { ls_placement, ls_host: HOST_PAGE, ls_content: 'form' }));
      expect(res.body).toContain('Why read it');
      expect(res.body).not.toContain('name="ls_placement"');
      expect(directive(res, 'frame-ancestors')).toBe(`frame-ancestors ${SITE}`);
    }
  });

  it("is compact with its button off in the owner's preview, framable by the app, and takes no sign-up there", async () => {
    const form = await pageOf(owner, { embedOrigins: [] });
    const res = await kit.visit(frameUrl(form.id, { ls_placement: 'preview', ls_content: 'form' }));
    expect(res.body).not.toContain('Why read it');
    expect(res.body).toContain(PLACEMENT_PREVIEW_NOTE);
    expect(res.body).toMatch(/<button type="submit"[^>]* disabled=""/);
    expect(directive(res, 'frame-ancestors')).toBe(`frame-ancestors ${t.config.appUrl.origin}`);

    const posted = await kit.submit(form.id, { email: 'preview@example.com', ls_placement: 'preview', ls_content: 'form' });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain(PLACEMENT_PREVIEW_NOTE);
    const { rows } = await t.db.execute(sql`select 1 from leads where form_id = ${form.id}`);
    expect(rows).toHaveLength(0);
  });
});

describe("a sign-up in a placement's frame", () => {
  it('records the placement, its name, the host page and its UTM parameters, counts one sign-up, and tells the loader', async () => {
    const form = await pageOf(owner);
    const id = await placementOf(form, 'Blog popup');
    const frame = `${t.config.publicUrl.origin}${frameUrl(form.id, {
      ls_placement: id,
      ls_host: `${HOST_PAGE}#comments`,
      ls_content: 'form',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
    })}`;
    const page = await kit.visit(frame);
    const fields = hiddenInputs(page.body);
    const sent = await kit.submit(
      form.id,
      { email: 'framed@example.com', ls_placement: fields.ls_placement!, ls_host: fields.ls_host!, ls_content: 'form' },
      { referer: frame },
    );
    expect(sent.statusCode).toBe(303);
    expect(await leadOf(form.id, 'framed@example.com')).toEqual({
      placement_id: id,
      placement_name: 'Blog popup',
      host_url: HOST_PAGE,
      utm_source: 'newsletter',
      utm_campaign: 'spring',
    });
    expect(await signupsOf(id)).toEqual([{ day: today(new Date()), signups: 1 }]);
    // The owner's lead page says where it came from.
    const { rows } = await t.db.execute<{ id: string }>(sql`select id from leads where email = 'framed@example.com'`);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/leads/${rows[0]!.id}`,
      headers: { host: APP_HOST, cookie: owner.cookie },
    });
    expect(detail.json()).toMatchObject({
      placement: { id, name: 'Blog popup' },
      hostUrl: HOST_PAGE,
      utm: { source: 'newsletter' },
    });

    // The thank-you page says so to the host page's origin, by a script its CSP allows.
    const location = sent.headers.location!;
    expect(new URL(location, t.config.publicUrl.origin).searchParams.get('ls_placement')).toBe(id);
    const thanks = await kit.visit(location);
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain(`<script>${placementSignedUpScript}</script>`);
    expect(placementSignedUpScript).toContain(PLACEMENT_MESSAGES.signedUp);
    expect(directive(thanks, 'script-src')).toContain(hashOf(placementSignedUpScript));
    expect(directive(thanks, 'frame-ancestors')).toBe(`frame-ancestors ${SITE}`);

    // The same address again, through the same placement: no second lead, no second sign-up.
    const again = await kit.submit(form.id, { email: 'framed@example.com', ls_placement: id, ls_host: HOST_PAGE });
    expect(again.statusCode).toBe(303);
    expect(await signupsOf(id)).toEqual([{ day: today(new Date()), signups: 1 }]);
    // A new address through it counts again.
    await kit.submit(form.id, { email: 'second@example.com', ls_placement: id, ls_host: HOST_PAGE });
    expect(await signupsOf(id)).toEqual([{ day: today(new Date()), signups: 2 }]);
  });

  it("takes the placement and host page from the frame's address when the hidden inputs came back empty", async () => {
    const form = await pageOf(owner);
    const id = await placementOf(form, 'Inline');
    const frame = `${t.config.publicUrl.origin}${frameUrl(form.id, { ls_placement: id, ls_host: HOST_PAGE })}`;
    const sent = await kit.submit(form.id, { email: 'referer@example.com' }, { referer: frame });
    expect(sent.statusCode).toBe(303);
    expect(await leadOf(form.id, 'referer@example.com')).toMatchObject({ placement_id: id, host_url: HOST_PAGE });
  });

  it("ignores another page's placement, and keeps no host page outside the allowed sites or with control characters", async () => {
    const form = await pageOf(owner);
    const id = await placementOf(form, 'Popup');
    const other = await pageOf(owner);
    const othersPlacement = await placementOf(other, 'Not this page');
    const theirs = await placementOf(await pageOf(stranger), 'Not this workspace');

    for (const [n, placement] of [othersPlacement, theirs].entries()) {
      const sent = await kit.submit(form.id, { email: `other-${n}@example.com`, ls_placement: placement, ls_host: HOST_PAGE });
      expect(sent.statusCode).toBe(303);
      expect(sent.headers.location).not.toContain('ls_placement');
      expect(await leadOf(form.id, `other-${n}@example.com`)).toMatchObject({
        placement_id: null,
        placement_name: null,
        host_url: null,
      });
      expect(await signupsOf(placement)).toEqual([]);
    }

    await kit.submit(form.id, { email: 'stranger-site@example.com', ls_placement: id, ls_host: 'https://evil.example.net/page' });
    expect(await leadOf(form.id, 'stranger-site@example.com')).toMatchObject({ placement_id: id, host_url: null });
    await kit.submit(form.id, { email: 'script@example.com', ls_placement: id, ls_host: 'javascript:alert(1)' });
    expect(await leadOf(form.id, 'script@example.com')).toMatchObject({ placement_id: id, host_url: null });

    await kit.submit(form.id, { email: 'nul@example.com', ls_placement: id, ls_host: `${SITE}/a\u0000b\nc` });
    expect(await leadOf(form.id, 'nul@example.com')).toMatchObject({ placement_id: id, host_url: `${SITE}/abc` });
    await kit.submit(form.id, { email: 'long@example.com', ls_placement: id, ls_host: `${SITE}/${'x'.repeat(3000)}` });
    expect((await leadOf(form.id, 'long@example.com'))!.host_url).toHaveLength(1000);
    expect(await signupsOf(id)).toEqual([{ day: today(new Date()), signups: 4 }]);
  });

  it('keeps the frame after an error: the page again is compact and still carries the placement', async () => {
    const form = await pageOf(owner);
    const id = await placementOf(form, 'Slide-in');
    const res = await kit.submit(form.id, { email: 'not-an-address', ls_placement: id, ls_host: HOST_PAGE, ls_content: 'form' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('Why read it');
    expect(hiddenInputs(res.body)).toMatchObject({ ls_placement: id, ls_host: HOST_PAGE });
    expect(directive(res, 'frame-ancestors')).toBe(`frame-ancestors ${SITE} ${t.config.appUrl.origin}`);
  });
});
