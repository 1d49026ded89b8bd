import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormConfig } from '@/domain/form-config';
import { DEFAULT_FOLLOW_UPS, type FollowUps } from '@/domain/follow-ups';
import { forms, leadConsents, leads } from '@/server/db/schema/index';
import { liveFormsSynced } from '@/server/features/submissions';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, setPlan, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { createTestApp, type TestApp } from '@tests/setup/app';

// The follow-up emails' opt-in on the published page (docs/decisions/0090): a separate, unticked,
// optional checkbox where the sequence relies on consent, and its evidence with each sign-up.

let t: TestApp;
let owner: SignedUpUser;
let journey: ReturnType<typeof journeyKit>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await setPlan(t.db, await workspaceOf(t.db, owner), 'pro');
  journey = journeyKit(t, '10.90.');
});
afterAll(() => t.close());

const SEQUENCE: FollowUps = {
  ...DEFAULT_FOLLOW_UPS,
  steps: [{ id: 'tips', delay: 2, unit: 'days', at: '', subject: 'Three more tips', text: 'Here they are.' }],
};

const pageWith = async (config: Partial<FormConfig> = {}) =>
  (await createForm(t.app, owner, { publish: true, config: { doubleOptIn: false, ...config } })).id;

/** The opt-in checkbox's input element, if the page has one. */
const optInOf = (html: string) => /<input[^>]*name="ls_fu"[^>]*>/.exec(html)?.[0];

/** The required privacy checkbox's words as the visitor reads them (its link and required mark left out). */
const consentWordsOf = (html: string) =>
  /<label for="ls-consent">(.*?)<\/label>/
    .exec(html)?.[1]
    ?.replace(/<span class="ls-req"[^>]*>.*?<\/span>/, '')
    .replace(/<[^>]+>/g, '');

const consentsOf = async (formId: string, email: string) =>
  t.db
    .select({
      event: leadConsents.event,
      text: leadConsents.text,
      agreed: leadConsents.agreed,
      version: leadConsents.version,
      formVersion: leadConsents.formVersion,
      submissionId: leadConsents.submissionId,
      ipHash: leadConsents.ipHash,
      userAgentHash: leadConsents.userAgentHash,
      givenAt: leadConsents.givenAt,
    })
    .from(leadConsents)
    .innerJoin(leads, eq(leads.id, leadConsents.leadId))
    .where(and(eq(leads.formId, formId), eq(leads.email, email)))
    .orderBy(asc(leadConsents.givenAt), asc(leadConsents.event));

describe('the follow-up opt-in on a page with a sequence', () => {
  it('is shown unticked and optional, under the privacy consent, in the page’s words', async () => {
    const formId = await pageWith({ followUps: SEQUENCE });
    const page = (await journey.visit(`/f/${formId}`)).body;
    const input = optInOf(page);
    expect(input).toBeDefined();
    expect(input).toContain('type="checkbox"');
    expect(input).toContain('value="yes"');
    expect(input).not.toMatch(/\schecked|\srequired/);
    expect(page).toMatch(/Send me occasional emails from \u2068?Acme Marketing\u2069?/);
    // Below the privacy consent, before the button.
    expect(page.indexOf('name="consent"')).toBeLessThan(page.indexOf('name="ls_fu"'));
    expect(page.indexOf('name="ls_fu"')).toBeLessThan(page.indexOf('data-ls-submit'));
  });

  it('shows the owner’s own words, and a German page’s own language otherwise', async () => {
    const own = await pageWith({ followUps: { ...SEQUENCE, optInText: 'Yes, send me the weekly letter' } });
    expect((await journey.visit(`/f/${own}`)).body).toContain('Yes, send me the weekly letter');
    const german = await pageWith({ language: 'de', followUps: SEQUENCE });
    expect((await journey.visit(`/f/${german}`)).body).toMatch(/Schicken Sie mir gelegentlich E-Mails von \u2068?Acme Marketing/);
  });

  it('records a ticked opt-in beside the sign-up, with the words shown and the same evidence', async () => {
    const formId = await pageWith({ followUps: SEQUENCE });
    const res = await journey.submit(formId, { email: 'ticks@example.com', ls_fu: 'yes' });
    expect(res.statusCode, res.body).toBe(303);
    const rows = await consentsOf(formId, 'ticks@example.com');
    const signup = rows.find((r) => r.event === 'signup')!;
    const optIn = rows.find((r) => r.event === 'follow_ups')!;
    expect(rows).toHaveLength(2);
    expect(optIn.agreed).toBe(true);
    expect(optIn.text.replace(/[\u2068\u2069]/g, '')).toBe('Send me occasional emails from Acme Marketing');
    // Word for word what the page showed.
    expect((await journey.visit(`/f/${formId}`)).body).toContain(optIn.text);
    expect(optIn).toMatchObject({
      submissionId: signup.submissionId,
      version: signup.version,
      formVersion: signup.formVersion,
      ipHash: signup.ipHash,
      userAgentHash: signup.userAgentHash,
      givenAt: signup.givenAt,
    });
    expect(optIn.submissionId).not.toBeNull();
  });

  it('asks in the required box only for the privacy policy, and records exactly those words', async () => {
    const formId = await pageWith({ followUps: SEQUENCE });
    const page = (await journey.visit(`/f/${formId}`)).body;
    expect(page).toMatch(/<label for="ls-consent">I agree to the <a [^>]*>privacy policy<\/a>\.</);
    const shownWords = consentWordsOf(page);
    expect(shownWords).toBe('I agree to the privacy policy.');
    expect(page).not.toContain('and to receive emails');

    expect((await journey.submit(formId, { email: 'policy@example.com' })).statusCode).toBe(303);
    const [signup] = await t.db
      .select({ text: leadConsents.text, shown: leadConsents.shown })
      .from(leadConsents)
      .innerJoin(leads, eq(leads.id, leadConsents.leadId))
      .where(and(eq(leads.formId, formId), eq(leads.email, 'policy@example.com'), eq(leadConsents.event, 'signup')));
    expect(signup!.text).toBe(shownWords);
    expect(signup!.shown?.consentLabel).toBe(shownWords);

    const german = await pageWith({ language: 'de', followUps: SEQUENCE });
    const germanWords = consentWordsOf((await journey.visit(`/f/${german}`)).body);
    expect(germanWords).toBe('Ich stimme der Datenschutzerklärung zu.');
    expect((await journey.submit(german, { email: 'politik@example.com' })).statusCode).toBe(303);
    expect((await consentsOf(german, 'politik@example.com')).find((r) => r.event === 'signup')!.text).toBe(germanWords);
  });

  it('records an unticked one as not agreed, and each sign-up again adds a row', async () => {
    const formId = await pageWith({ followUps: SEQUENCE });
    expect((await journey.submit(formId, { email: 'later@example.com' })).statusCode).toBe(303);
    expect((await journey.submit(formId, { email: 'later@example.com', ls_fu: 'yes' })).statusCode).toBe(303);
    const optIns = (await consentsOf(formId, 'later@example.com')).filter((r) => r.event === 'follow_ups');
    expect(optIns.map((r) => r.agreed)).toEqual([false, true]);
    expect(optIns[0]!.submissionId).not.toBe(optIns[1]!.submissionId);
  });

  it('stays as the visitor left it when the page comes back with an error', async () => {
    const formId = await pageWith({ followUps: SEQUENCE });
    const ticked = await journey.submit(formId, { email: 'not-an-address', ls_fu: 'yes' });
    expect(ticked.statusCode).toBe(400);
    expect(optInOf(ticked.body)).toMatch(/\schecked/);
    const unticked = await journey.submit(formId, { email: 'not-an-address' });
    expect(unticked.statusCode).toBe(400);
    expect(optInOf(unticked.body)).toBeDefined();
    expect(optInOf(unticked.body)).not.toMatch(/\schecked/);
  });
});

describe('a page without the opt-in', () => {
  it('records no opt-in where the owner recorded another basis, and shows none', async () => {
    const formId = await pageWith({ followUps: { ...SEQUENCE, basis: 'other', basisNote: 'Existing customers (soft opt-in)' } });
    const page = (await journey.visit(`/f/${formId}`)).body;
    expect(optInOf(page)).toBeUndefined();
    expect(consentWordsOf(page)).toMatch(
      /^I agree to the privacy policy and to receive emails from \u2068?Acme Marketing\u2069?\.$/,
    );
    expect((await journey.submit(formId, { email: 'other@example.com', ls_fu: 'yes' })).statusCode).toBe(303);
    const rows = await consentsOf(formId, 'other@example.com');
    expect(rows.map((r) => r.event)).toEqual(['signup']);
    expect(rows[0]!.text).toBe(consentWordsOf(page));
  });

  it('is byte for byte the page it was before sequences, and its sign-ups record what they did', async () => {
    const config: Partial<FormConfig> = { title: 'Same page' };
    const withoutSteps = await pageWith(config);
    const before = await pageWith(config);
    // The page as published before sequences existed: no such setting at all.
    await t.db.execute(sql`update ${forms} set published = published - 'followUps' where ${forms.id} = ${before}`);
    await liveFormsSynced(t.db);
    const [row] = await t.db.select({ published: forms.published }).from(forms).where(eq(forms.id, before));
    expect(row!.published).not.toHaveProperty('followUps');
    const documentOf = async (formId: string) => {
      const page = await journey.visit(`/f/${formId}`);
      return {
        // The form's own address and the per-request signed render time are all that may differ.
        html: page.body.replaceAll(formId, 'FORM').replace(/name="ls_t" value="[^"]*"/, 'name="ls_t"'),
        csp: page.headers['content-security-policy'],
      };
    };
    const old = await documentOf(before);
    expect(old.html).not.toContain('ls_fu');
    expect(await documentOf(withoutSteps)).toEqual(old);

    expect((await journey.submit(before, { email: 'plain@example.com', ls_fu: 'yes' })).statusCode).toBe(303);
    expect((await consentsOf(before, 'plain@example.com')).map((r) => r.event)).toEqual(['signup']);
  });
});
