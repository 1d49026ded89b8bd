import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADDRESS_CHECKS, type AddressChecks } from '@/domain/form-config';
import { leads } from '@/server/db/schema/index';
import { journeyKit } from '@tests/kit/journey';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { startDns, type DnsStandIn } from '@tests/stand-ins/dns';

// A page's address checks (docs/decisions/0086), through the form a visitor posts without JavaScript:
// a likely typo is asked about once and nothing is stored until the visitor chooses; a domain that
// cannot receive mail, and (when the owner says so) a disposable one, is refused with the page again.

let dns: DnsStandIn;
let t: TestApp;
let owner: SignedUpUser;
let kit: ReturnType<typeof journeyKit>;

beforeAll(async () => {
  dns = await startDns({
    // The DNS sees the internet: it knows where gmail.com's mail goes.
    'gmail.com': { MX: ['gmail-smtp-in.l.google.com'] },
    'gmial.com': { A: ['192.0.2.20'] }, // a squatter's site: mail to it would go there
    'northwind.example': { MX: ['mx.northwind.example'] },
    'no-mail.example': { MX: ['.'] }, // a null MX, and no address
    'broken.example': { SERVFAIL: true },
    'mailinator.com': { MX: ['mail.mailinator.com'] },
  });
  t = await createTestApp({ DNS_SERVERS: dns.address });
  kit = journeyKit(t, '10.86');
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const page = (checks: Partial<AddressChecks> = {}) =>
  createForm(t.app, owner, { publish: true, config: { addressChecks: { ...DEFAULT_ADDRESS_CHECKS, ...checks } } });
const storedAs = async (formId: string) =>
  (await t.db.select({ email: leads.email }).from(leads).where(eq(leads.formId, formId))).map((lead) => lead.email);

describe('a typo in a common mail domain, without JavaScript', () => {
  it('gets the page again with the suggestion, the address as typed, and nothing stored', async () => {
    const form = await page();
    const shown = await kit.visit(`/f/${form.id}`);
    // The live page carries the place for a suggestion and the script's sentences, empty until needed.
    expect(shown.body).toMatch(/<input type="hidden" name="ls_typo" value=""\/>/);
    expect(shown.body).toContain('data-ls-suggest="Did you mean %s?"');

    const res = await kit.submit(form.id, { email: 'Someone@gmial.com' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Did you mean Someone@gmail.com?');
    expect(res.body).toContain(
      '<button type="submit" class="ls-link" value="Someone@gmail.com" name="ls_fix">Use Someone@gmail.com</button>',
    );
    expect(res.body).toContain('No, keep Someone@gmial.com');
    expect(res.body).toMatch(/<input type="hidden" name="ls_typo" value="Someone@gmial.com"\/>/);
    expect(res.body).toMatch(
      /<input[^>]*name="email"[^>]*value="Someone@gmial.com"|<input[^>]*value="Someone@gmial.com"[^>]*name="email"/,
    );
    expect(res.body).toMatch(/aria-describedby="ls-f-email-typo"/);
    expect(await storedAs(form.id)).toEqual([]);
  });

  it('stores the suggested address when its button is pressed', async () => {
    const form = await page();
    const res = await kit.submit(form.id, {
      email: 'Someone@gmial.com',
      ls_typo: 'Someone@gmial.com',
      ls_fix: 'someone@gmail.com',
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(await storedAs(form.id)).toEqual(['someone@gmail.com']);
  });

  it('stores the address as typed when the form is sent again as it is', async () => {
    const form = await page();
    const res = await kit.submit(form.id, { email: 'someone@gmial.com', ls_typo: 'SOMEONE@gmial.com ' });
    expect(res.statusCode, res.body).toBe(303);
    // A fix that is not the suggestion for the address typed changes nothing.
    const other = await kit.submit(form.id, {
      email: 'other@gmial.com',
      ls_typo: 'other@gmial.com',
      ls_fix: 'other@northwind.example',
    });
    expect(other.statusCode, other.body).toBe(303);
    expect((await storedAs(form.id)).sort()).toEqual(['other@gmial.com', 'someone@gmial.com']);
  });

  it('refuses an address as long as the form allows (64 KB) sent with a fix, without counting its slips to every common domain', async () => {
    // Before, its domain's edit distance to each common mail domain held the server 2.3 s on this request.
    const form = await page();
    const long = `someone@${'a'.repeat(60_000)}.con`;
    const res = await kit.submit(form.id, { email: long, ls_fix: 'someone@gmail.com' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('id="ls-f-email-error" class="ls-error">This is too long');
    expect(await storedAs(form.id)).toEqual([]);
  });

  it('asks again about an address other than the one it asked about, and not at all when the owner turned it off', async () => {
    const form = await page();
    const res = await kit.submit(form.id, { email: 'b@gmial.com', ls_typo: 'a@gmial.com' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Did you mean b@gmail.com?');

    const off = await page({ typos: false });
    expect((await kit.visit(`/f/${off.id}`)).body).not.toContain('name="ls_typo"');
    expect((await kit.submit(off.id, { email: 'someone@gmial.com' })).statusCode).toBe(303);
    expect(await storedAs(off.id)).toEqual(['someone@gmial.com']);
  });
});

describe('a domain that cannot receive mail', () => {
  it('is refused on the email field with nothing stored: no such domain, or no mail server nor address', async () => {
    const form = await page();
    for (const email of ['ada@nowhere.example', 'ada@no-mail.example']) {
      const res = await kit.submit(form.id, { email });
      expect(res.statusCode, email).toBe(400);
      const domain = email.split('@')[1]!;
      expect(res.body).toContain(
        `<p id="ls-f-email-error" class="ls-error">We can’t deliver email to ${domain}. Check the address for typos.</p>`,
      );
      expect(res.body).toContain(`value="${email}"`);
    }
    expect(await storedAs(form.id)).toEqual([]);
  });

  it('is taken when the DNS fails, and when the owner turned the check off', async () => {
    const form = await page();
    expect((await kit.submit(form.id, { email: 'ada@broken.example' })).statusCode).toBe(303);
    expect((await kit.submit(form.id, { email: 'ada@northwind.example' })).statusCode).toBe(303);
    const off = await page({ deliverable: false });
    expect((await kit.submit(off.id, { email: 'ada@nowhere-at-all.example' })).statusCode).toBe(303);
    expect(await storedAs(form.id)).toEqual(expect.arrayContaining(['ada@broken.example', 'ada@northwind.example']));
    expect(await storedAs(off.id)).toEqual(['ada@nowhere-at-all.example']);
  });
});

describe('a disposable address', () => {
  it('is refused when the owner turned that on, subdomains too, and taken otherwise', async () => {
    const refusing = await page({ disposable: true });
    for (const email of ['temp@mailinator.com', 'temp@team.mailinator.com']) {
      const res = await kit.submit(refusing.id, { email });
      expect(res.statusCode, email).toBe(400);
      expect(res.body).toContain('Please use your own email address: this page doesn’t accept disposable ones.');
    }
    expect(await storedAs(refusing.id)).toEqual([]);
    expect((await kit.submit(refusing.id, { email: 'ada@gmail.com' })).statusCode).toBe(303);

    const taking = await page();
    expect((await kit.submit(taking.id, { email: 'temp@mailinator.com' })).statusCode).toBe(303);
    expect(await storedAs(taking.id)).toEqual(['temp@mailinator.com']);
  });
});

describe('a DNS that sees no internet', () => {
  it('refuses no one and says so in the log once', async () => {
    const blind = await startDns({}); // like an air-gapped network: every name unknown, gmail.com too
    const lines: string[] = [];
    const app = await createTestApp(
      { DNS_SERVERS: blind.address },
      { logger: { level: 'warn', stream: { write: (line) => void lines.push(line) } } },
    );
    try {
      const visitor = journeyKit(app, '10.87');
      const someone = await createUser(app.app);
      const form = await createForm(app.app, someone, { publish: true });
      for (const email of ['ada@nowhere.example', 'bob@elsewhere.example'])
        expect((await visitor.submit(form.id, { email })).statusCode, email).toBe(303);
      expect(
        lines.filter((line) => line.includes('visitors’ email domains') || line.includes("visitors' email domains")),
      ).toHaveLength(1);
    } finally {
      await app.close();
      await blind.close();
    }
  });
});
