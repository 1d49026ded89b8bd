import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_EMAIL_FIELD, DEFAULT_PAYMENT, type FormConfig } from '@/domain/form-config';
import type { FormDetail } from '@/domain/forms-api';
import { CONSENT_VERSION, consentText } from '@/landing/consent';
import type { Db } from '@/server/db/client';
import { formDailyStats, forms, leadConsents, leads, payments, submissions, users } from '@/server/db/schema/index';
import { shownPage } from '@/server/features/submissions/store-submission';
import type { Tokens } from '@/server/lib/tokens';
import { createForm, createUser, setPlan, workspaceOf } from './owner.js';
import { APP_HOST } from './hosts.js';
import { fieldOf } from './fields.js';

/**
 * A workspace as a marketer's looks after three months: pages of every kind, leads on most days of
 * the last 90 with their consent records, the daily roll-up that matches them, and payments. Used by
 * `npm run seed` (demos, trying things by hand) and by its test.
 */

export const DEMO_OWNER = { name: 'Dana Demo', email: 'demo@lodestone.local', password: 'lodestone-demo-2026' };

export class DemoWorkspaceExists extends Error {
  constructor() {
    super(`A demo owner (${DEMO_OWNER.email}) already exists in this database: nothing was changed.`);
    this.name = 'DemoWorkspaceExists';
  }
}

type PageKind = 'free' | 'double-opt-in' | 'paid' | 'pay-what-you-want' | 'draft' | 'inactive';

interface DemoPage {
  kind: PageKind;
  title: string;
  config: Partial<FormConfig>;
  /** Sign-ups on a typical day. */
  perDay: number;
}

const NAME_FIELD = fieldOf('name', 'text', 'First name', { placeholder: 'Jane', required: true });

const PAGES: DemoPage[] = [
  { kind: 'free', title: 'The Email Marketing Playbook', config: { doubleOptIn: false }, perDay: 6 },
  { kind: 'double-opt-in', title: 'Social Media Calendar 2027', config: { doubleOptIn: true }, perDay: 5 },
  {
    kind: 'paid',
    title: 'The SEO Audit Checklist',
    config: {
      doubleOptIn: false,
      payment: {
        ...DEFAULT_PAYMENT,
        enabled: true,
        type: 'fixed',
        fixedAmount: 1900,
        currency: 'USD',
        pwywMinimum: 0,
        pwywSuggested: 0,
        provider: 'stripe',
      },
    },
    perDay: 1,
  },
  {
    kind: 'pay-what-you-want',
    title: 'Copywriting Swipe File',
    config: {
      doubleOptIn: false,
      payment: {
        ...DEFAULT_PAYMENT,
        enabled: true,
        type: 'pwyw',
        fixedAmount: 0,
        currency: 'EUR',
        pwywMinimum: 300,
        pwywSuggested: 900,
        provider: 'paypal',
      },
    },
    perDay: 1,
  },
  { kind: 'draft', title: 'Webinar Slides: Funnels That Convert', config: {}, perDay: 0 },
  { kind: 'inactive', title: 'Holiday Promotion Guide', config: { doubleOptIn: false }, perDay: 3 },
];

const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'Diego',
  'Elif',
  'Farah',
  'Gus',
  'Hana',
  'Ivan',
  'Jade',
  'Kofi',
  'Lena',
  'Mateo',
  'Nia',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sven',
  'Tariq',
  'Uma',
  'Vera',
  'Wen',
  'Yusuf',
  'Zoe',
];
const LAST = [
  'Adams',
  'Berger',
  'Chen',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jensen',
  'Khan',
  'Lopez',
  'Moreau',
  'Novak',
  'Okafor',
  'Patel',
  'Rossi',
  'Silva',
  'Tanaka',
  'Weber',
];
const DOMAINS = ['gmail.com', 'outlook.com', 'proton.me', 'acme.co', 'fastmail.com', 'yahoo.com'];
const SOURCES: Array<[string | null, string | null, string | null]> = [
  ['newsletter', 'email', 'spring-launch'],
  ['facebook', 'paid-social', 'lookalike-q3'],
  ['linkedin', 'social', 'thought-leadership'],
  ['google', 'cpc', 'brand-search'],
  [null, null, null],
  [null, null, null],
];

const DAY_MS = 86_400_000;

/** A small deterministic generator, so every seeded database tells the same story. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}

export interface DemoSummary {
  owner: typeof DEMO_OWNER;
  workspaceId: string;
  pages: Array<{ id: string; title: string; kind: PageKind }>;
  leads: number;
  payments: number;
  days: number;
}

/**
 * Seeds the demo workspace through the real API (owner, PDF, pages) and writes its history with
 * the same rows a real sign-up, confirmation and payment leave. `app` must answer on APP_HOST.
 */
export async function seedDemoWorkspace(app: FastifyInstance, db: Db, tokens: Tokens, now = new Date()): Promise<DemoSummary> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_OWNER.email));
  if (existing) throw new DemoWorkspaceExists();

  const owner = await createUser(app, DEMO_OWNER);
  const workspaceId = await workspaceOf(db, owner);
  // Pro: more than the Free plan's three pages and its monthly sign-ups.
  await setPlan(db, workspaceId, 'pro');

  const rnd = random(20261124);
  const created: Array<{ form: FormDetail; page: DemoPage }> = [];
  for (const page of PAGES) {
    const config: Partial<FormConfig> = {
      businessName: 'Northwind Growth Studio',
      privacyPolicyUrl: 'https://northwind.example/privacy',
      fields: [{ ...DEFAULT_EMAIL_FIELD }, NAME_FIELD],
      ...page.config,
    };
    const publishByApi = page.kind === 'free' || page.kind === 'double-opt-in' || page.kind === 'inactive';
    const form = await createForm(app, owner, { title: page.title, publish: publishByApi, config });
    created.push({ form, page });
  }
  const headers = { host: APP_HOST, cookie: owner.cookie };
  const inactive = created.find((c) => c.page.kind === 'inactive')!;
  await app.inject({ method: 'PATCH', url: `/api/forms/${inactive.form.id}/status`, headers, payload: { status: 'inactive' } });
  // Paid pages go live only with a connected Stripe or PayPal account, which a demo cannot reach:
  // they are marked published as the publish endpoint would leave them.
  for (const { form } of created.filter((c) => c.page.kind === 'paid' || c.page.kind === 'pay-what-you-want')) {
    await db.execute(
      sql`update forms set published = draft, published_version = 1, published_at = ${now}, status = 'active' where id = ${form.id}`,
    );
  }

  let leadCount = 0;
  let paymentCount = 0;
  const days = new Set<string>();
  for (const { form, page } of created) {
    if (page.perDay === 0) continue;
    const [row] = await db.select().from(forms).where(eq(forms.id, form.id));
    const config = row!.published!;
    const paid = config.payment.enabled;
    const startedDaysAgo = page.kind === 'inactive' ? 89 : rnd.int(80, 89);
    const stoppedDaysAgo = page.kind === 'inactive' ? 20 : 0;
    const leadRows: Array<typeof leads.$inferInsert> = [];
    const submissionRows: Array<typeof submissions.$inferInsert> = [];
    const consentRows: Array<typeof leadConsents.$inferInsert> = [];
    const paymentRows: Array<typeof payments.$inferInsert> = [];
    const statRows: Array<typeof formDailyStats.$inferInsert> = [];
    for (let ago = startedDaysAgo; ago >= stoppedDaysAgo; ago--) {
      const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ago * DAY_MS;
      const day = new Date(dayStart).toISOString().slice(0, 10);
      // Weekends are quieter; a launch three weeks ago was not.
      const weekday = new Date(dayStart).getUTCDay();
      const mood = (weekday === 0 || weekday === 6 ? 0.5 : 1) * (ago >= 20 && ago <= 23 ? 3 : 1);
      const count = Math.max(0, Math.round(page.perDay * mood * (0.4 + rnd.next() * 1.2)));
      let confirmations = 0;
      let downloads = 0;
      for (let i = 0; i < count; i++) {
        const createdAt = new Date(Math.min(dayStart + rnd.int(7 * 3600, 22 * 3600) * 1000, now.getTime() - 60_000));
        const first = rnd.pick(FIRST);
        const last = rnd.pick(LAST);
        const email = `${first}.${last}.${leadCount + 1}@${rnd.pick(DOMAINS)}`.toLowerCase();
        const [utmSource, utmMedium, utmCampaign] = rnd.pick(SOURCES);
        const confirmed = paid || !config.doubleOptIn || rnd.next() < 0.8;
        const refunded = paid && rnd.next() < 0.05;
        const verifiedAt = confirmed ? new Date(createdAt.getTime() + (config.doubleOptIn ? rnd.int(1, 90) * 60_000 : 0)) : null;
        const downloaded = confirmed && !refunded && rnd.next() < 0.7;
        const leadId = randomUUID();
        const submissionId = randomUUID();
        leadRows.push({
          id: leadId,
          formId: form.id,
          workspaceId,
          email,
          data: { email, name: first },
          status: confirmed ? 'verified' : 'pending',
          paymentState: paid ? (refunded ? 'refunded' : 'paid') : 'none',
          verifiedAt,
          downloads: downloaded ? 1 : 0,
          lastDownloadAt: downloaded ? verifiedAt : null,
          utmSource,
          utmMedium,
          utmCampaign,
          createdAt,
        });
        submissionRows.push({ id: submissionId, leadId, formId: form.id, formVersion: 1, createdAt, unlockedAt: verifiedAt });
        const hashes = {
          ipHash: tokens.hashValue('ip', `198.51.100.${rnd.int(1, 254)}`),
          userAgentHash: tokens.hashValue('ua', 'Mozilla/5.0'),
        };
        consentRows.push({
          leadId,
          submissionId,
          event: 'signup',
          text: consentText(config),
          version: CONSENT_VERSION,
          agreed: true,
          formVersion: 1,
          shown: shownPage(config),
          givenAt: createdAt,
          ...hashes,
        });
        if (config.doubleOptIn && verifiedAt) {
          consentRows.push({
            leadId,
            submissionId,
            event: 'confirmation',
            method: 'code',
            text: consentText(config),
            version: CONSENT_VERSION,
            formVersion: 1,
            givenAt: verifiedAt,
            ...hashes,
          });
        }
        if (paid) {
          const amount = config.payment.type === 'fixed' ? config.payment.fixedAmount : rnd.pick([300, 500, 900, 900, 1500]);
          paymentRows.push({
            id: randomUUID(),
            leadId,
            submissionId,
            formId: form.id,
            workspaceId,
            provider: config.payment.provider === 'paypal' ? 'paypal' : 'stripe',
            amount,
            currency: config.payment.currency,
            status: refunded ? 'refunded' : 'paid',
            checkoutId: `demo_${leadCount + 1}`,
            createdAt,
            paidAt: createdAt,
            refundedAt: refunded ? new Date(createdAt.getTime() + DAY_MS) : null,
          });
        }
        if (confirmed) confirmations += 1;
        if (downloaded) downloads += 1;
        leadCount += 1;
      }
      if (count > 0) days.add(day);
      const visitors = count * rnd.int(3, 8) + rnd.int(5, 25);
      statRows.push({
        formId: form.id,
        day,
        views: visitors + rnd.int(0, visitors),
        uniqueVisitors: visitors,
        leads: count,
        confirmations,
        downloads,
      });
    }
    await db.transaction(async (tx) => {
      for (let i = 0; i < leadRows.length; i += 500) await tx.insert(leads).values(leadRows.slice(i, i + 500));
      for (let i = 0; i < submissionRows.length; i += 500) await tx.insert(submissions).values(submissionRows.slice(i, i + 500));
      for (let i = 0; i < consentRows.length; i += 500) await tx.insert(leadConsents).values(consentRows.slice(i, i + 500));
      if (paymentRows.length) await tx.insert(payments).values(paymentRows);
      await tx.insert(formDailyStats).values(statRows);
    });
    paymentCount += paymentRows.length;
  }

  return {
    owner: DEMO_OWNER,
    workspaceId,
    pages: created.map(({ form, page }) => ({ id: form.id, title: page.title, kind: page.kind })),
    leads: leadCount,
    payments: paymentCount,
    days: days.size,
  };
}
