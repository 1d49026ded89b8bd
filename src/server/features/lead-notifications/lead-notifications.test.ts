import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFormConfig, type FormConfig } from '@/domain/form-config';
import type { FormDetail } from '@/domain/forms-api';
import type { OwnerNotify } from '@/domain/owner-notify';
import { journeyKit } from '@tests/kit/journey';
import { mailsOf } from '@tests/kit/mailbox';
import { createForm, createUser, setPlan, workspaceOf, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { forms, leads, members } from '@/server/db/schema/index';
import { createTokens } from '@/server/lib/tokens';
import { confirmPayment } from '@/server/features/submissions';
import { addJob } from '@/server/lib/jobs';
import { OWNER_LEAD_DIGEST_TASK } from './digest.task.js';
import { textField } from '@tests/kit/fields';

// The owner hears about new confirmed leads, by an email each, a daily digest or not at all.

let t: TestApp;
let kit: ReturnType<typeof journeyKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = journeyKit(t, '10.41');
});
afterAll(() => t.close());

const NAME_FIELD = textField('name', 'Your name');
const withName = (extra: Partial<FormConfig> = {}): Partial<FormConfig> => ({
  fields: [...defaultFormConfig().fields, NAME_FIELD],
  ...extra,
});

async function newOwner() {
  const owner = await createUser(t.app);
  await setPlan(t.db, await workspaceOf(t.db, owner), 'pro');
  return owner;
}

const setNotify = (owner: SignedUpUser, formId: string, ownerNotify: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/forms/${formId}/notifications`,
    headers: { host: APP_HOST, cookie: owner.cookie },
    payload: { ownerNotify },
  });

async function publishedPage(owner: SignedUpUser, title: string, notify: OwnerNotify, config: Partial<FormConfig> = {}) {
  const form = await createForm(t.app, owner, { title, publish: true, config });
  // Set after publishing: the setting needs no new version of the page.
  expect((await setNotify(owner, form.id, notify)).statusCode).toBe(200);
  return form;
}

const newLeadMails = (owner: SignedUpUser) => mailsOf(t, owner.email, /^New lead on /);
const leadOf = async (formId: string, email: string) =>
  (
    await t.db
      .select()
      .from(leads)
      .where(sql`${leads.formId} = ${formId} and ${leads.email} = ${email}`)
  )[0]!;

describe("'each': an email per new confirmed lead", () => {
  it('on a double opt-in page, once the code is confirmed (not at submission), and never again for that lead', async () => {
    const owner = await newOwner();
    const form = await publishedPage(owner, 'Confirmed Guide', 'each', withName());
    const res = await kit.submit(form.id, { email: 'dora@example.com', name: 'Dora Lead' });
    expect(res.statusCode).toBe(303);
    const [codeMail] = await kit.mails('dora@example.com');
    expect(await newLeadMails(owner)).toEqual([]);

    const verified = await kit.post('/thank-you/verify', {
      t: kit.tokenOf(res.headers.location!),
      code: codeMail!.subject.slice(0, 6),
    });
    expect(verified.statusCode).toBe(303);
    const mails = await newLeadMails(owner);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const lead = await leadOf(form.id, 'dora@example.com');
    expect(mail!.subject).toBe('New lead on "Confirmed Guide"');
    // From Lodestone itself, not from the page's business.
    expect(mail!.from).toBe('"Lodestone" <no-reply@lodestone.local>');
    expect(mail!.replyTo).toBeNull();
    expect(mail!.text).toContain('dora@example.com');
    expect(mail!.text).toMatch(/Your name\s+Dora Lead/);
    expect(mail!.text).toContain(`${t.config.appUrl.origin}/dashboard/leads/${lead.id}`);
    expect(mail!.text).toContain(`${t.config.appUrl.origin}/dashboard/forms/${form.id}`);
    expect(mail!.text).toContain('change Lead notifications');
    expect(mail!.text).toMatch(/Confirmed\s+\w+ \d+, \d{4} at \d\d:\d\d UTC/);

    // The same address signs up again and confirms again: it is not a new lead.
    await t.db
      .update(leads)
      .set({ emailSentAt: new Date(Date.now() - 60_000) })
      .where(eq(leads.id, lead.id));
    const again = await kit.submit(form.id, { email: 'dora@example.com', name: 'Dora Again' });
    const [secondCode] = await kit.mails('dora@example.com');
    expect(secondCode!.subject).not.toBe(codeMail!.subject);
    const reconfirmed = await kit.post('/thank-you/verify', {
      t: kit.tokenOf(again.headers.location!),
      code: secondCode!.subject.slice(0, 6),
    });
    expect(reconfirmed.statusCode).toBe(303);
    expect(await newLeadMails(owner)).toHaveLength(1);
  });

  it('on a page without double opt-in, at the submission; the same address again is no new lead', async () => {
    const owner = await newOwner();
    const form = await publishedPage(owner, 'Instant Guide', 'each', withName({ doubleOptIn: false }));
    await kit.submit(form.id, { email: 'ivan@example.com', name: 'Ivan' });
    const mails = await newLeadMails(owner);
    expect(mails.map((m) => m.subject)).toEqual(['New lead on "Instant Guide"']);
    expect(mails[0]!.text).toContain('ivan@example.com');
    expect(mails[0]!.text).toMatch(/Your name\s+Ivan/);

    await kit.submit(form.id, { email: 'ivan@example.com', name: 'Ivan again' });
    await kit.submit(form.id, { email: 'olga@example.com' });
    const after = await newLeadMails(owner);
    expect(after).toHaveLength(2);
    expect(after.filter((m) => m.text.includes('ivan@example.com'))).toHaveLength(1);
    // An unanswered optional field is shown as such, not left out.
    expect(after.find((m) => m.text.includes('olga@example.com'))!.text).toMatch(/Your name\s+—/);
  });

  it('goes to every owner of the workspace, not to its other members nor to anyone else', async () => {
    const owner = await newOwner();
    const [coOwner, member, stranger] = [await newOwner(), await newOwner(), await newOwner()];
    const workspaceId = await workspaceOf(t.db, owner);
    await t.db.insert(members).values([
      { id: randomUUID(), organizationId: workspaceId, userId: coOwner.id, role: 'owner' },
      { id: randomUUID(), organizationId: workspaceId, userId: member.id, role: 'member' },
    ]);
    const form = await publishedPage(owner, 'Team Guide', 'each', { doubleOptIn: false });
    await kit.submit(form.id, { email: 'team-lead@example.com' });
    expect(await newLeadMails(owner)).toHaveLength(1);
    expect(await newLeadMails(coOwner)).toHaveLength(1);
    expect(await newLeadMails(member)).toEqual([]);
    expect(await newLeadMails(stranger)).toEqual([]);
  });
});

describe("'each' on a paid page", () => {
  it('counts the lead when its status becomes verified, at the confirmed payment, and only once', async () => {
    const owner = await newOwner();
    const form = await publishedPage(owner, 'Paid Guide', 'each', { doubleOptIn: false });
    // A paid page without a connected provider cannot be published through the API: the published
    // config is made paid directly, and the payment confirmed through the same use case the webhooks call.
    const config = { ...form.published!, payment: { ...form.published!.payment, enabled: true } };
    await t.db.update(forms).set({ published: config }).where(eq(forms.id, form.id));
    const [lead] = await t.db
      .insert(leads)
      .values({
        formId: form.id,
        workspaceId: await workspaceOf(t.db, owner),
        email: 'payer@example.com',
        status: 'pending',
        paymentState: 'awaiting',
      })
      .returning();
    expect(await newLeadMails(owner)).toEqual([]);

    const deps = {
      db: t.db,
      tokens: createTokens(t.config.secret),
      publicOrigin: t.config.publicUrl.origin,
      appOrigin: t.config.appUrl.origin,
    };
    await t.db.transaction((tx) => confirmPayment(deps, tx, { leadId: lead!.id, submissionId: null }));
    const mails = await newLeadMails(owner);
    expect(mails.map((m) => m.subject)).toEqual(['New lead on "Paid Guide"']);
    expect(mails[0]!.text).toContain('payer@example.com');
    // The provider's event again (or a second payment by the same address): not a new lead.
    await t.db.transaction((tx) => confirmPayment(deps, tx, { leadId: lead!.id, submissionId: null }));
    expect(await newLeadMails(owner)).toHaveLength(1);
  });
});

describe("'off' and the default 'digest'", () => {
  it('send nothing when a lead is confirmed', async () => {
    const owner = await newOwner();
    const off = await publishedPage(owner, 'Quiet Guide', 'off', { doubleOptIn: false });
    const byDefault = await createForm(t.app, owner, { title: 'Default Guide', publish: true, config: { doubleOptIn: false } });
    expect(byDefault.ownerNotify).toBe('digest');
    await kit.submit(off.id, { email: 'quiet@example.com' });
    await kit.submit(byDefault.id, { email: 'default@example.com' });
    expect(await kit.mails('quiet@example.com')).toHaveLength(1);
    expect(await mailsOf(t, owner.email)).toEqual([]);
  });
});

describe('the daily digest', () => {
  const until = new Date('2026-11-20T08:05:00.000Z');
  const at = (msBefore: number) => new Date(until.getTime() - msBefore);
  const HOUR = 3_600_000;

  async function addLead(form: FormDetail, workspaceId: string, email: string, verifiedAt: Date | null) {
    const [row] = await t.db
      .insert(leads)
      .values({
        formId: form.id,
        workspaceId,
        email,
        status: verifiedAt ? 'verified' : 'pending',
        verifiedAt,
        createdAt: verifiedAt ?? at(HOUR),
      })
      .returning({ id: leads.id });
    return row!.id;
  }

  const runDigest = async (ts: Date) => {
    await addJob(t.db, OWNER_LEAD_DIGEST_TASK, { _cron: { ts: ts.toISOString(), backfilled: false } });
    await t.runJobs();
  };
  const digestsOf = (owner: SignedUpUser) => mailsOf(t, owner.email, /^Your daily digest/);

  it("lists each workspace's 'digest' pages of the 24 hours before the slot, one email per owner, and nothing to others", async () => {
    const alice = await newOwner();
    const bob = await newOwner();
    const carol = await newOwner();
    const [aliceWs, bobWs, carolWs] = [
      await workspaceOf(t.db, alice),
      await workspaceOf(t.db, bob),
      await workspaceOf(t.db, carol),
    ];

    const guide = await publishedPage(alice, 'Alice Guide', 'digest');
    const instant = await publishedPage(alice, 'Alice Instant', 'each');
    const gone = await publishedPage(alice, 'Alice Gone', 'digest');
    const bobs = await publishedPage(bob, 'Bob Checklist', 'digest');
    const carols = await publishedPage(carol, 'Carol Quiet', 'digest');

    // Alice Guide: 11 inside the window, one exactly at its start (inside), one just before, one at its end (outside), one unconfirmed.
    const inside: string[] = [];
    for (let i = 1; i <= 11; i += 1) inside.push(await addLead(guide, aliceWs, `guide-${i}@example.com`, at(i * HOUR)));
    await addLead(guide, aliceWs, 'guide-first@example.com', at(24 * HOUR));
    await addLead(guide, aliceWs, 'guide-too-early@example.com', at(24 * HOUR + 1));
    await addLead(guide, aliceWs, 'guide-too-late@example.com', until);
    await addLead(guide, aliceWs, 'guide-pending@example.com', null);
    // Other pages' leads inside the window: one page emails each lead, one is deleted.
    await addLead(instant, aliceWs, 'instant-1@example.com', at(2 * HOUR));
    await addLead(gone, aliceWs, 'gone-1@example.com', at(2 * HOUR));
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/forms/${gone.id}`, headers: { host: APP_HOST, cookie: alice.cookie } }))
        .statusCode,
    ).toBe(204);
    await addLead(bobs, bobWs, 'bob-1@example.com', at(3 * HOUR));
    await addLead(bobs, bobWs, 'bob-2@example.com', at(23 * HOUR));
    await addLead(carols, carolWs, 'carol-old@example.com', at(30 * HOUR));

    await runDigest(until);

    const [aliceDigest, ...moreForAlice] = await digestsOf(alice);
    expect(moreForAlice).toEqual([]);
    expect(aliceDigest!.subject).toBe('Your daily digest: 12 new leads');
    expect(aliceDigest!.from).toBe('"Lodestone" <no-reply@lodestone.local>');
    const text = aliceDigest!.text;
    expect(text).toContain('Alice Guide');
    expect(text).toMatch(/Alice Guide \S+\/dashboard\/forms\/\S+: 12 new leads/);
    expect(text).toContain('in the 24 hours to November 20, 2026 at 08:05 UTC');
    // The 10 newest are listed with links to their lead screens; the count covers all 12.
    for (let i = 1; i <= 10; i += 1) expect(text).toContain(`guide-${i}@example.com`);
    expect(text).toContain(`${t.config.appUrl.origin}/dashboard/leads/${inside[0]}`);
    expect(text).not.toContain('guide-11@example.com');
    expect(text).not.toContain('guide-first@example.com');
    expect(text).toContain('and 2 more');
    expect(text).toContain(`${t.config.appUrl.origin}/dashboard/forms/${guide.id}`);
    for (const absent of [
      'too-early',
      'too-late',
      'pending',
      'instant-1',
      'gone-1',
      'Alice Instant',
      'Alice Gone',
      'bob-',
      'carol-',
    ]) {
      expect(text).not.toContain(absent);
    }

    const bobDigests = await digestsOf(bob);
    expect(bobDigests.map((m) => m.subject)).toEqual(['Your daily digest: 2 new leads']);
    expect(bobDigests[0]!.text).toContain('bob-1@example.com');
    expect(bobDigests[0]!.text).toContain('bob-2@example.com');
    expect(bobDigests[0]!.text).not.toContain('guide-');
    expect(await mailsOf(t, carol.email)).toEqual([]);

    // The same slot run again (a backfill, a retry after its emails were queued) sends nothing twice.
    await runDigest(until);
    expect(await digestsOf(alice)).toHaveLength(1);
    expect(await digestsOf(bob)).toHaveLength(1);
  });
});
