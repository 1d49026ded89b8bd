import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { ErrorCode } from '@/domain/api-errors';
import type { LeadDetail } from '@/domain/lead-detail';
import { leads, payments } from '@/server/db/schema';
import { createTokens } from '@/server/lib/tokens';
import { EMAIL_FIELD, textField } from '@tests/kit/fields';

let t: TestApp;
let owner: SignedUpUser;
let stranger: SignedUpUser;
let kit: ReturnType<typeof journeyKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = journeyKit(t, '10.12');
  [owner, stranger] = [await createUser(t.app), await createUser(t.app)];
});
afterAll(() => t.close());

const field = textField;
const EMAIL = EMAIL_FIELD;
const CONSENT = 'I agree to the privacy policy and to receive emails from Acme Marketing.';

const detail = (id: string, user: SignedUpUser | null = owner) =>
  t.app.inject({
    method: 'GET',
    url: `/api/leads/${id}`,
    headers: { host: APP_HOST, ...(user ? { cookie: user.cookie } : {}) },
  });
const leadOf = async (email: string) => (await t.db.select().from(leads).where(eq(leads.email, email)))[0]!;

describe('a lead’s detail', () => {
  it('holds its answers, consent evidence and a timeline from submission to download, in order', async () => {
    const form = await createForm(t.app, owner, {
      title: 'The Guide',
      publish: true,
      config: { fields: [EMAIL, field('f_company', 'Company'), field('f_name', 'Full name')] },
    });
    const submitted = await kit.submit(
      form.id,
      { email: 'ada@example.com', f_name: 'Ada Lovelace', f_company: 'Engines Ltd' },
      { 'user-agent': 'DetailBrowser/1.0' },
    );
    expect(submitted.statusCode).toBe(303);
    const lead = await leadOf('ada@example.com');
    const [mail] = await kit.mails('ada@example.com');
    const verified = await kit.post(
      '/thank-you/verify',
      { t: kit.tokenOf(submitted.headers.location!), code: mail!.subject.slice(0, 6) },
      { 'user-agent': 'DetailBrowser/1.0' },
    );
    expect(verified.statusCode).toBe(303);
    const tokens = createTokens(t.config.secret);
    const link = `/d/${tokens.signExpiring('download', lead.id, new Date(Date.now() + 86_400_000))}`;
    expect((await kit.visit(link)).statusCode).toBe(200);
    expect((await kit.visit(link)).statusCode).toBe(200);

    const res = await detail(lead.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<LeadDetail>();
    expect(body).toMatchObject({
      id: lead.id,
      form: { id: form.id, name: 'The Guide' },
      email: 'ada@example.com',
      status: 'verified',
      paymentState: 'none',
      downloads: 2,
      payments: [],
    });
    // The page's field order, under its labels.
    expect(body.answers).toEqual([
      { fieldId: 'f_company', label: 'Company', value: 'Engines Ltd' },
      { fieldId: 'f_name', label: 'Full name', value: 'Ada Lovelace' },
    ]);

    const [signup, confirmation] = body.consents;
    expect(body.consents).toHaveLength(2);
    expect(signup).toMatchObject({ event: 'signup', text: CONSENT, agreed: true, formVersion: 1, method: null });
    expect(signup!.shown).toMatchObject({ consentLabel: CONSENT, doubleOptIn: true, title: 'The Guide' });
    expect(confirmation).toMatchObject({ event: 'confirmation', method: 'code', formVersion: 1 });
    for (const c of body.consents) {
      expect(c.ipHash).toMatch(/^[\w-]{32}$/);
      expect(c.userAgentHash).toBe(tokens.hashValue('ua', 'DetailBrowser/1.0'));
    }

    expect(body.timeline.map((e) => e.kind)).toEqual([
      'submitted',
      'code_sent',
      'confirmed',
      'download_link_sent',
      'last_downloaded',
    ]);
    const times = body.timeline.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(body.timeline.find((e) => e.kind === 'confirmed')!.detail).toBe('With the code on the thank-you page');
    expect(body.timeline.at(-1)).toEqual({ kind: 'last_downloaded', at: body.lastDownloadAt, detail: '2 downloads in all' });
    expect(body.timeline[0]).toMatchObject({ detail: 'Page version 1' });
  });

  it('shows no email it has no record of, and its payments with their outcomes in the timeline', async () => {
    // The page's own settings play no part: its payments are rows, put in as the webhooks would.
    const form = await createForm(t.app, owner, { title: 'Paid Guide', publish: true });
    const ws = await workspaceOf(t.db, owner);
    const [lead] = await t.db
      .insert(leads)
      .values({
        formId: form.id,
        workspaceId: ws,
        email: 'payer@example.com',
        status: 'verified',
        paymentState: 'refunded',
        verifiedAt: new Date('2026-03-01T10:00:00Z'),
        createdAt: new Date('2026-03-01T10:00:00Z'),
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'spring',
        utmTerm: 'pdf',
        utmContent: 'top',
        referrer: 'https://news.example/',
      })
      .returning();
    const payment = (over: Partial<typeof payments.$inferInsert>) => ({
      id: randomUUID(),
      leadId: lead!.id,
      formId: form.id,
      workspaceId: ws,
      provider: 'stripe' as const,
      amount: 999,
      currency: 'USD' as const,
      ...over,
    });
    await t.db.insert(payments).values([
      payment({ status: 'failed', failureReason: 'declined', createdAt: new Date('2026-03-01T10:01:00Z') }),
      payment({
        status: 'refunded',
        chargeId: 'pi_123',
        createdAt: new Date('2026-03-01T10:02:00Z'),
        paidAt: new Date('2026-03-01T10:03:00Z'),
        refundedAt: new Date('2026-03-05T09:00:00Z'),
      }),
    ]);

    const body = (await detail(lead!.id)).json<LeadDetail>();
    expect(body.utm).toEqual({ source: 'newsletter', medium: 'email', campaign: 'spring', term: 'pdf', content: 'top' });
    expect(body.referrer).toBe('https://news.example/');
    expect(body.payments.map((p) => [p.status, p.failureReason, p.reference, p.paidAt, p.refundedAt])).toEqual([
      ['refunded', null, 'pi_123', '2026-03-01T10:03:00.000Z', '2026-03-05T09:00:00.000Z'],
      ['failed', 'declined', null, null, null],
    ]);
    // No lead_emails rows, no submission rows: the lead row is the submission, and no email is claimed.
    expect(body.timeline).toEqual([
      { kind: 'submitted', at: '2026-03-01T10:00:00.000Z', detail: null },
      { kind: 'confirmed', at: '2026-03-01T10:00:00.000Z', detail: null },
      { kind: 'payment_failed', at: '2026-03-01T10:01:00.000Z', detail: '$9.99 · Stripe · declined' },
      { kind: 'paid', at: '2026-03-01T10:03:00.000Z', detail: '$9.99 · Stripe' },
      { kind: 'refunded', at: '2026-03-05T09:00:00.000Z', detail: '$9.99 · Stripe' },
    ]);
  });

  it('is not found for another workspace’s lead, a malformed id or no lead at all, and needs a session', async () => {
    const theirs = await createForm(t.app, stranger, { title: 'Theirs', publish: true });
    await kit.submit(theirs.id, { email: 'secret@example.com' });
    const their = await leadOf('secret@example.com');
    expect((await detail(their.id, stranger)).statusCode).toBe(200);

    for (const id of [their.id, 'not-a-lead', randomUUID(), "1' or '1'='1"]) {
      const res = await detail(encodeURIComponent(id));
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ code: ErrorCode.NOT_FOUND, message: 'This lead was not found.' });
      expect(res.body).not.toContain('secret@example.com');
    }
    const signedOut = await detail(their.id, null);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).not.toContain('secret@example.com');
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: APP_HOST } });
    expect(Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths)).toContain('/api/leads/{id}');
  });
});
