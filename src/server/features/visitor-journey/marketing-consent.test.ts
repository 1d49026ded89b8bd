import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, setPlan, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { createTestApp, type TestApp } from '@tests/setup/app';
import type { MarketingContext } from '@/domain/conversions';
import { leads } from '@/server/db/schema/index';
import { consentScope } from '@/server/features/public-pages/index';
import { liveFormsSynced, loadLiveForm, type LiveForm } from '@/server/features/submissions';

// A visitor's marketing consent, as the page's form posts it, kept with the lead for the
// conversions the server reports (docs/decisions/0088).

let t: TestApp;
let owner: SignedUpUser;
let kit: ReturnType<typeof journeyKit>;
let workspace: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  workspace = await workspaceOf(t.db, owner);
  await setPlan(t.db, workspace, 'pro');
  kit = journeyKit(t, '10.41.');
});
afterAll(() => t.close());

const workspaceId = () => workspace;
async function connect(destinations: string[]) {
  await t.db.execute(sql`delete from conversion_accounts where workspace_id = ${workspaceId()}`);
  for (const d of destinations)
    await t.db.execute(
      sql`insert into conversion_accounts (workspace_id, destination, sealed, display) values (${workspaceId()}, ${d}, 'v1.x.y.z', '{}')`,
    );
  await t.db.execute(sql`select pg_notify('lodestone_forms', id) from forms where workspace_id = ${workspaceId()}`);
  await liveFormsSynced(t.db);
}
const live = async (id: string) => (await loadLiveForm(t.db, id)) as LiveForm;
const marketingOfLead = async (email: string) =>
  (await t.db.select({ m: leads.marketing }).from(leads).where(eq(leads.email, email)))[0]?.m as MarketingContext | null;

describe('marketing consent with a sign-up', () => {
  it('a page whose workspace reports conversions names them in its notice; a change of them asks again', async () => {
    await connect([]);
    const form = await createForm(t.app, owner, { publish: true, config: { doubleOptIn: false } });
    const before = await kit.visit(`/f/${form.id}`);
    expect(before.body).not.toContain('data-ls-consent');

    await connect(['meta', 'google']);
    const page = await kit.visit(`/f/${form.id}`);
    expect(page.body).toContain('data-ls-server');
    expect(page.body).toContain('reported to Meta and Google from our server');
    const scope = consentScope(await live(form.id));
    expect(page.body).toContain(`data-ls-scope="${scope}"`);
    // No pixel: nothing third-party may load, whatever the visitor chooses.
    expect(page.headers['content-security-policy']).not.toMatch(/facebook|google/);

    await connect(['meta', 'google', 'tiktok']);
    expect(consentScope(await live(form.id))).not.toBe(scope);
    expect((await kit.visit(`/f/${form.id}`)).body).toContain('Meta, Google, and TikTok');
  });

  it('is kept with a new lead when the visitor accepted what the notice names now, with the page address and click ids', async () => {
    await connect(['meta']);
    const form = await createForm(t.app, owner, { publish: true, config: { doubleOptIn: false } });
    const scope = consentScope(await live(form.id));
    const res = await kit.submit(
      form.id,
      {
        email: 'accepts@example.com',
        ls_mk: scope,
        ls_eid: 'a1b2c3d4e5f60718',
        ls_fbp: 'fb.1.1700000000000.123',
        ls_ga: '123.456',
      },
      { referer: `http://pages.test/f/${form.id}?fbclid=IwAR0abc&ttclid=E.C.P.xyz` },
    );
    expect(res.statusCode).toBe(303);
    const marketing = await marketingOfLead('accepts@example.com');
    expect(marketing).toMatchObject({
      eventId: 'a1b2c3d4e5f60718',
      fbp: 'fb.1.1700000000000.123',
      gaClientId: '123.456',
      ttclid: 'E.C.P.xyz',
      pageUrl: `http://pages.test/f/${form.id}?fbclid=IwAR0abc&ttclid=E.C.P.xyz`,
    });
    expect(marketing?.fbc).toMatch(/^fb\.1\.\d+\.IwAR0abc$/);
    expect(marketing?.ip).toMatch(/^10\.41\./);
    expect(marketing?.userAgent).toContain('Mozilla');
  });

  it('is not kept without consent, for another scope, with a malformed event id, or without conversions', async () => {
    await connect(['meta']);
    const form = await createForm(t.app, owner, { publish: true, config: { doubleOptIn: false } });
    const scope = consentScope(await live(form.id));
    await kit.submit(form.id, { email: 'declines@example.com' });
    await kit.submit(form.id, { email: 'stale@example.com', ls_mk: 'otherscope123', ls_eid: 'a1b2c3d4e5f60718' });
    await kit.submit(form.id, { email: 'forged@example.com', ls_mk: scope, ls_eid: '<script>' });
    for (const email of ['declines@example.com', 'stale@example.com', 'forged@example.com'])
      expect(await marketingOfLead(email)).toBeNull();

    await connect([]);
    await kit.submit(form.id, { email: 'noconversions@example.com', ls_mk: scope, ls_eid: 'a1b2c3d4e5f60718' });
    expect(await marketingOfLead('noconversions@example.com')).toBeNull();
  });

  it('a known address keeps the consent it was stored with: a stranger typing it changes nothing', async () => {
    await connect(['meta']);
    const form = await createForm(t.app, owner, { publish: true, config: { doubleOptIn: false } });
    const scope = consentScope(await live(form.id));
    await kit.submit(form.id, { email: 'known@example.com', ls_mk: scope, ls_eid: 'first0000000001' });
    await kit.submit(form.id, { email: 'known@example.com', ls_mk: scope, ls_eid: 'second000000002' });
    expect((await marketingOfLead('known@example.com'))?.eventId).toBe('first0000000001');
  });

  it('the page again after an error carries the consent on with the form', async () => {
    await connect(['meta']);
    const form = await createForm(t.app, owner, { publish: true, config: { doubleOptIn: false } });
    const scope = consentScope(await live(form.id));
    const again = await kit.submit(form.id, { email: 'not-an-address', ls_mk: scope, ls_eid: 'a1b2c3d4e5f60718' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(`name="ls_mk" value="${scope}"`);
    expect(again.body).toContain('name="ls_eid" value="a1b2c3d4e5f60718"');
  });
});
