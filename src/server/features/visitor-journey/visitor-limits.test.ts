import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, setPlan, workspaceOf } from '@tests/kit/owner';
import { createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { mailsOf } from '@tests/kit/mailbox';
import type { FormConfig } from '@/domain/form-config';
import type { FormDetail } from '@/domain/forms-api';
import { PLANS, type PlanId } from '@/domain/plans';
import { leads, workspaceUsageNotices } from '@/server/db/schema/index';
import { addressPool, patientVisitorFields } from '@tests/kit/visitor';
import { statementsDuring } from '@tests/kit/statements';
import { FREE_PLAN_MONTHLY_SIGNUPS, monthlySignups, monthOf } from '@/server/features/plan-limits/monthly-signups';
import { ipBucket } from '@/server/lib/rate-limiter';
import { createTokens } from '@/server/lib/tokens';
import { VISITOR_RATE_LIMITS } from './visitor-limits.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const freshIp = addressPool('198.51');

/** Posts the form as a person who took 3 seconds to fill it in, from `ip`. */
function submit(formId: string, fields: Record<string, string>, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: `/f/${formId}`,
    remoteAddress: ip,
    headers: { host: PUBLIC_HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...patientVisitorFields(t.config.secret), ...fields }).toString(),
  });
}

const postForm = (url: string, fields: Record<string, string>, ip: string) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { host: PUBLIC_HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const visit = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: PUBLIC_HOST } });

const tokenOf = (location: string) => new URL(location, `http://${PUBLIC_HOST}`).searchParams.get('t')!;

const mails = (to: string) => mailsOf(t, to);

async function ownerOn(plan: PlanId) {
  const user = await createUser(t.app);
  const workspaceId = await workspaceOf(t.db, user);
  await setPlan(t.db, workspaceId, plan);
  return { user, workspaceId };
}

/** `n` leads of `form`, stored directly, verified at `verifiedAt` (or pending when null). */
async function seedLeads(form: FormDetail, workspaceId: string, n: number, verifiedAt: Date | null = new Date()) {
  await t.db.insert(leads).values(
    Array.from({ length: n }, () => ({
      formId: form.id,
      workspaceId,
      email: `seed-${randomUUID()}@example.com`,
      status: verifiedAt ? ('verified' as const) : ('pending' as const),
      verifiedAt,
    })),
  );
}

const leadsOf = (formId: string, email: string) =>
  t.db
    .select()
    .from(leads)
    .where(and(eq(leads.formId, formId), eq(leads.email, email)));

const noOptIn = { doubleOptIn: false, privacyPolicy: false } as Partial<FormConfig>;

describe('rate limits on submissions', () => {
  let form: FormDetail;
  beforeAll(async () => {
    const { user } = await ownerOn('pro');
    form = await createForm(t.app, user, { publish: true, config: noOptIn });
  });

  /** Fills an address's budget on a page, as if it had already sent its limit this minute. */
  const useUpAddress = (formId: string, address: string) => {
    const { name, limit } = VISITOR_RATE_LIMITS.submitPerIpPerForm;
    const key = `${name}:${formId}:${createTokens(t.config.secret).hashValue('rate-ip', ipBucket(address))}`;
    return t.db.execute(
      sql`insert into rate_limit_hits values (${key}, now(), ${limit}) on conflict (key) do update set count = ${limit}, window_start = now()`,
    );
  };

  it('lets a whole office on one address sign up, and stops one sender only far above that', async () => {
    const ip = '203.0.113.10';
    for (let i = 1; i <= 30; i++) expect((await submit(form.id, { email: `office${i}@example.com` }, ip)).statusCode).toBe(303);
    await useUpAddress(form.id, ip);
    const refused = await submit(form.id, { email: 'office-late@example.com' }, ip);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('Too many attempts');
    expect(refused.body).toContain(`Please wait ${retryAfter} seconds`);
    expect(await leadsOf(form.id, 'office-late@example.com')).toEqual([]);
    expect((await submit(form.id, { email: 'office-late@example.com' }, '203.0.113.11')).statusCode).toBe(303);
  });

  it('counts an IPv6 visitor by its /64', async () => {
    await useUpAddress(form.id, '2001:db8:7:7::1');
    expect((await submit(form.id, { email: 'six1@example.com' }, '2001:db8:7:7:ffff::6')).statusCode).toBe(429);
    expect((await submit(form.id, { email: 'six1@example.com' }, '2001:db8:7:8::6')).statusCode).toBe(303);
  });

  it('takes a launch: 60 sign-ups to one page at the same moment, from as many addresses, all stored', async () => {
    const launch = await createForm(t.app, (await ownerOn('pro')).user, { publish: true, config: noOptIn });
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => submit(launch.id, { email: `launch${i}@example.com` }, `192.0.2.${i + 1}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(60).fill(303));
    const [{ n }] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from leads where form_id = ${launch.id}`))
      .rows as [{ n: number }];
    expect(n).toBe(60);
  });

  it('protects one inbox: the same email on one page at most 5 times in 10 minutes, whatever the addresses', async () => {
    const { limit } = VISITOR_RATE_LIMITS.submitPerEmailPerForm;
    for (let i = 0; i < limit; i++) expect((await submit(form.id, { email: 'target@example.com' })).statusCode).toBe(303);
    const refused = await submit(form.id, { email: 'Target@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await submit(form.id, { email: 'someone-else@example.com' })).statusCode).toBe(303);
  });

  it("spends no inbox's budget on a refused or invalid submission, and counts each sender's submission once, by one statement", async () => {
    const { limit } = VISITOR_RATE_LIMITS.submitPerEmailPerForm;
    const ip = '203.0.113.40';
    await useUpAddress(form.id, ip);
    for (let i = 0; i < limit + 2; i++)
      expect((await submit(form.id, { email: 'busy-office@example.com' }, ip)).statusCode).toBe(429);
    // An address that typed no valid email: counted against the sender, not against anyone's inbox.
    const invalid = await statementsDuring(async () => {
      expect((await submit(form.id, { email: 'not-an-address' }, '203.0.113.41')).statusCode).toBe(400);
    });
    expect(invalid.filter((text) => text.includes('insert into "rate_limit_hits"'))).toHaveLength(1);
    const stored = await statementsDuring(async () => {
      expect((await submit(form.id, { email: 'busy-office@example.com' }, '203.0.113.41')).statusCode).toBe(303);
    });
    expect(stored.filter((text) => text.includes('insert into "rate_limit_hits"'))).toHaveLength(1);
    // The inbox still has its whole budget: the refused tries used none of it.
    for (let i = 1; i < limit; i++) expect((await submit(form.id, { email: 'busy-office@example.com' })).statusCode).toBe(303);
    expect((await submit(form.id, { email: 'busy-office@example.com' })).statusCode).toBe(429);
  });
});

describe('rate limits on the thank-you page', () => {
  let form: FormDetail;
  beforeAll(async () => {
    const { user } = await ownerOn('pro');
    form = await createForm(t.app, user, { publish: true });
  });

  const pendingLead = async (email: string) => {
    const res = await submit(form.id, { email, consent: 'yes' });
    expect(res.statusCode).toBe(303);
    await t.runJobs(); // the code goes out
    return tokenOf(res.headers.location as string);
  };

  it('answers resend spam from one address with 429 and sends nothing more', async () => {
    const token = await pendingLead('resend@example.com');
    const ip = '203.0.113.20';
    for (let i = 0; i < VISITOR_RATE_LIMITS.resendPerIp.limit; i++) {
      expect((await postForm('/thank-you/resend', { t: token }, ip)).body).toContain('Please wait'); // the 30 s wait
    }
    await t.db
      .update(leads)
      .set({ emailSentAt: new Date(Date.now() - 31_000) })
      .where(eq(leads.email, 'resend@example.com'));
    await t.db.execute(sql`update submissions set created_at = now() - interval '31 seconds', last_code_at = null`);
    const before = (await mails('resend@example.com')).length;
    const spam = await postForm('/thank-you/resend', { t: token }, ip);
    expect(spam.statusCode).toBe(429);
    expect(Number(spam.headers['retry-after'])).toBeGreaterThan(0);
    expect(spam.body).toContain('Please wait');
    expect(spam.body).toContain('Thank You!'); // still the visitor's page, with the code input
    expect(await mails('resend@example.com')).toHaveLength(before);

    const elsewhere = await postForm('/thank-you/resend', { t: token }, '203.0.113.21');
    expect(elsewhere.statusCode).toBe(303);
    expect((await visit(elsewhere.headers.location as string)).body).toContain('We sent you a new code.');
  });

  it('answers code guessing from one address with 429, across leads, without using a try', async () => {
    const first = await pendingLead('guess1@example.com');
    const second = await pendingLead('guess2@example.com');
    const ip = '203.0.113.30';
    for (let i = 0; i < VISITOR_RATE_LIMITS.verifyPerIp.limit; i++) {
      expect((await postForm('/thank-you/verify', { t: first, code: '000000' }, ip)).statusCode).toBe(303);
    }
    const [mail] = await mails('guess2@example.com');
    const code = mail!.subject.slice(0, 6);
    const refused = await postForm('/thank-you/verify', { t: second, code }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [lead] = await leadsOf(form.id, 'guess2@example.com');
    expect(lead).toMatchObject({ status: 'pending', codeAttempts: 0 });
    const verified = await postForm('/thank-you/verify', { t: second, code }, '203.0.113.31');
    expect((await visit(verified.headers.location as string)).body).toContain('Your email is confirmed.');
  });
});

describe("the Free plan's monthly sign-ups", () => {
  /** A thank-you page as the visitor reads it, without what differs from one submission to the next. */
  const readable = (body: string) =>
    body
      .replace(/t=[\w.~%-]+/g, 't=…')
      .replace(/\/d\/[\w.~%-]+/g, '/d/…')
      .replace(/[\w.+-]+@example\.com/g, 'someone@example.com');

  it("stores and holds sign-ups past the month's 100, and answers the visitor exactly as under the limit", async () => {
    const { user, workspaceId } = await ownerOn('free');
    const form = await createForm(t.app, user, { publish: true, config: noOptIn });
    await seedLeads(form, workspaceId, FREE_PLAN_MONTHLY_SIGNUPS - 1);

    const under = await submit(form.id, { email: 'hundredth@example.com' });
    const past = await submit(form.id, { email: 'past@example.com' });
    expect([under.statusCode, past.statusCode]).toEqual([303, 303]);
    expect(past.headers.location).toMatch(/^\/thank-you\?t=/);
    const [underPage, pastPage] = await Promise.all([visit(under.headers.location!), visit(past.headers.location!)]);
    expect(pastPage.statusCode).toBe(underPage.statusCode);
    expect(readable(pastPage.body)).toBe(readable(underPage.body));
    expect(pastPage.body).toMatch(/href="http[^"]+\/d\/[^"]+"/);

    const [kept] = await leadsOf(form.id, 'hundredth@example.com');
    const [held] = await leadsOf(form.id, 'past@example.com');
    expect(kept!.heldAt).toBeNull();
    expect(held).toMatchObject({ status: 'verified' });
    expect(held!.heldAt).toBeInstanceOf(Date);
    // The same emails, the file with them.
    const [underMail] = await mails('hundredth@example.com');
    const [pastMail] = await mails('past@example.com');
    expect(pastMail!.subject).toBe(underMail!.subject);
    expect(readable(pastMail!.text)).toBe(readable(underMail!.text));

    // Their download link works; submitting again is answered as for anyone.
    const link = pastMail!.text.match(/http\S+\/d\/\S+/)![0];
    const file = await visit(new URL(link).pathname);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect((await submit(form.id, { email: 'past@example.com' })).statusCode).toBe(303);
    expect(await leadsOf(form.id, 'past@example.com')).toHaveLength(1);
  });

  it('holds a double opt-in sign-up confirmed past the limit, and the visitor confirms and downloads as anyone', async () => {
    const { user, workspaceId } = await ownerOn('free');
    const form = await createForm(t.app, user, { publish: true });
    const early = await submit(form.id, { email: 'early@example.com', consent: 'yes' }); // pending, before the limit
    await seedLeads(form, workspaceId, FREE_PLAN_MONTHLY_SIGNUPS);
    const late = await submit(form.id, { email: 'late@example.com', consent: 'yes' });
    expect(late.statusCode).toBe(303);
    // invalid input gets the form again, as always
    expect((await submit(form.id, { email: 'nope' })).statusCode).toBe(400);

    for (const [res, email] of [
      [early, 'early@example.com'],
      [late, 'late@example.com'],
    ] as const) {
      const [mail] = await mails(email);
      const verified = await postForm(
        '/thank-you/verify',
        { t: tokenOf(res.headers.location!), code: mail!.subject.slice(0, 6) },
        freshIp(),
      );
      const page = await visit(verified.headers.location as string);
      expect(page.body).toContain('Your email is confirmed.');
      expect(page.body).toMatch(/href="http[^"]+\/d\/[^"]+"/);
      const [lead] = await leadsOf(form.id, email);
      expect(lead!.status).toBe('verified');
      expect(lead!.heldAt).toBeInstanceOf(Date); // both confirmed with the month's 100 used
    }
  });

  it('counts only verified, unheld leads of this month', async () => {
    const { user, workspaceId } = await ownerOn('free');
    const form = await createForm(t.app, user, { publish: true, config: noOptIn });
    await seedLeads(form, workspaceId, 60, null); // pending: not counted
    const lastMonth = new Date(monthOf(new Date()).start.getTime() - 86_400_000);
    await seedLeads(form, workspaceId, 60, lastMonth); // verified last month: not counted
    await seedLeads(form, workspaceId, FREE_PLAN_MONTHLY_SIGNUPS - 1);
    await submit(form.id, { email: 'hundredth@example.com' });
    await submit(form.id, { email: 'one-too-many@example.com' });
    await submit(form.id, { email: 'two-too-many@example.com' });
    expect((await leadsOf(form.id, 'hundredth@example.com'))[0]!.heldAt).toBeNull();
    expect((await leadsOf(form.id, 'one-too-many@example.com'))[0]!.heldAt).not.toBeNull();
    // held ones do not count: the month still has exactly 100
    expect(await monthlySignups(t.db, workspaceId)).toEqual({ used: FREE_PLAN_MONTHLY_SIGNUPS, limit: 100, plan: 'free' });
  });

  it("does not hold a Pro workspace to the Free plan's 100", async () => {
    const { user, workspaceId } = await ownerOn('pro');
    const form = await createForm(t.app, user, { publish: true, config: noOptIn });
    await seedLeads(form, workspaceId, FREE_PLAN_MONTHLY_SIGNUPS + 20);
    expect((await submit(form.id, { email: 'unlimited@example.com' })).statusCode).toBe(303);
    expect((await leadsOf(form.id, 'unlimited@example.com'))[0]!.heldAt).toBeNull();
    await t.runJobs();
    const notices = await t.db.select().from(workspaceUsageNotices).where(eq(workspaceUsageNotices.workspaceId, workspaceId));
    expect(notices).toEqual([]);
  });

  it('holds a Pro workspace past its 10,000 a month (src/domain/plans.ts) and a Business workspace never', async () => {
    const fill = (form: FormDetail, workspaceId: string, n: number) =>
      t.db.execute(sql`
        insert into ${leads} (form_id, workspace_id, email, status, verified_at)
        select ${form.id}, ${workspaceId}, 'bulk-' || g || '@example.com', 'verified', now()
        from generate_series(1, ${n}) g`);
    expect(PLANS.pro.monthlySubmissionLimit).toBe(10_000);
    const pro = await ownerOn('pro');
    const proForm = await createForm(t.app, pro.user, { publish: true, config: noOptIn });
    await fill(proForm, pro.workspaceId, PLANS.pro.monthlySubmissionLimit);
    expect((await submit(proForm.id, { email: 'pro-late@example.com' })).statusCode).toBe(303);
    expect((await leadsOf(proForm.id, 'pro-late@example.com'))[0]!.heldAt).not.toBeNull();

    const business = await ownerOn('business');
    const businessForm = await createForm(t.app, business.user, { publish: true, config: noOptIn });
    await fill(businessForm, business.workspaceId, PLANS.pro.monthlySubmissionLimit);
    expect((await submit(businessForm.id, { email: 'business-late@example.com' })).statusCode).toBe(303);
    expect((await leadsOf(businessForm.id, 'business-late@example.com'))[0]!.heldAt).toBeNull();
  });

  it('decides the sign-ups that arrive together in one statement, each held to its own workspace', async () => {
    const full = await ownerOn('free');
    const fullForm = await createForm(t.app, full.user, { publish: true, config: noOptIn });
    await seedLeads(fullForm, full.workspaceId, FREE_PLAN_MONTHLY_SIGNUPS);
    const roomy = await ownerOn('free');
    const roomyForm = await createForm(t.app, roomy.user, { publish: true, config: noOptIn });
    await seedLeads(roomyForm, roomy.workspaceId, FREE_PLAN_MONTHLY_SIGNUPS - 2);

    const pages = [roomyForm, fullForm, roomyForm, fullForm, roomyForm];
    const seen = await statementsDuring(async () => {
      const sent = await Promise.all(pages.map((form, i) => submit(form.id, { email: `together-${i}@example.com` })));
      expect(sent.map((r) => r.statusCode)).toEqual([303, 303, 303, 303, 303]);
    });
    const heldIn = async (form: FormDetail) =>
      (await t.db.select().from(leads).where(eq(leads.formId, form.id))).filter(
        (l) => l.email.startsWith('together-') && l.heldAt,
      ).length;
    expect(await heldIn(roomyForm)).toBe(1); // 98 + 2 shown, the third held
    expect(await heldIn(fullForm)).toBe(2);
    expect(await monthlySignups(t.db, roomy.workspaceId)).toMatchObject({ used: FREE_PLAN_MONTHLY_SIGNUPS });
    // The first alone (nothing was under way), those that came meanwhile together: usually all four in
    // one more statement, but on a busy machine they may arrive over two. Never one statement each.
    const statements = seen.filter((text) => text.includes('lodestone_signup_room')).length;
    expect(statements).toBeGreaterThanOrEqual(2);
    expect(statements).toBeLessThan(pages.length);
  });
  it('emails the owner at 80% and at 100%, once each', async () => {
    const { user, workspaceId } = await ownerOn('free');
    const instant = await createForm(t.app, user, { publish: true, config: noOptIn });
    const optIn = await createForm(t.app, user, { publish: true });
    const usageMails = async () => (await mails(user.email)).filter((m) => /sign-ups/.test(m.subject)).map((m) => m.subject);

    await seedLeads(instant, workspaceId, 78);
    expect((await submit(instant.id, { email: 'n79@example.com' })).statusCode).toBe(303);
    expect(await usageMails()).toEqual([]);
    expect((await submit(instant.id, { email: 'n80@example.com' })).statusCode).toBe(303);
    expect((await submit(instant.id, { email: 'n81@example.com' })).statusCode).toBe(303);
    expect(await usageMails()).toEqual(["You have used 80% of this month's 100 sign-ups"]);

    // the 100th arrives through the confirmation link of a double opt-in page
    await seedLeads(instant, workspaceId, 18);
    const pending = await submit(optIn.id, { email: 'n100@example.com', consent: 'yes' });
    expect(pending.statusCode).toBe(303);
    const [confirm] = await mails('n100@example.com');
    const link = new URL(confirm!.text.match(/http\S+\/confirm\?t=\S+/)![0]);
    await t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: { host: PUBLIC_HOST } });
    expect(await usageMails()).toEqual([
      "Your landing pages have reached this month's 100 sign-ups",
      "You have used 80% of this month's 100 sign-ups",
    ]);
    const [full] = (await mails(user.email)).filter((m) => m.subject.includes('reached'));
    expect(full!.text).toContain('keep taking sign-ups');
    expect(full!.text).toMatch(/confirmed from now\s+until \w+ 1 are held/);
    expect(full!.text).not.toContain('not taking');
    expect(full!.text).toContain('http://localhost:3000/dashboard');

    expect((await submit(instant.id, { email: 'n101@example.com' })).statusCode).toBe(303);
    expect(await usageMails()).toHaveLength(2);
    const notices = await t.db.select().from(workspaceUsageNotices).where(eq(workspaceUsageNotices.workspaceId, workspaceId));
    expect(notices.map((n) => [n.month, n.threshold]).sort()).toEqual([
      [monthOf(new Date()).key, 100],
      [monthOf(new Date()).key, 80],
    ]);
  });

  it('sends only the 100% email when both thresholds are first reached together', async () => {
    const { user, workspaceId } = await ownerOn('free');
    const form = await createForm(t.app, user, { publish: true });
    const pending = await submit(form.id, { email: 'straggler@example.com', consent: 'yes' });
    await seedLeads(form, workspaceId, FREE_PLAN_MONTHLY_SIGNUPS + 5);
    const [mail] = await mails('straggler@example.com');
    const token = tokenOf(pending.headers.location as string);
    await postForm('/thank-you/verify', { t: token, code: mail!.subject.slice(0, 6) }, freshIp());
    const subjects = (await mails(user.email)).map((m) => m.subject).filter((s) => s.includes('sign-ups'));
    expect(subjects).toEqual(["Your landing pages have reached this month's 100 sign-ups"]);
  });
});
