import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMON_MAIL_DOMAINS } from '@/domain/email-typos';
import { startDns, type DnsStandIn, type DnsTable } from '@tests/stand-ins/dns';
import { CANARY_DOMAIN, createDeliverability, DELIVERABILITY_CACHE, mailResolver } from './deliverable.js';
import { isDisposableDomain } from './disposable.js';

// Whether mail can reach a domain, asked of a DNS stand-in through node:dns as the server asks it.

const INTERNET: DnsTable = {
  [CANARY_DOMAIN]: { MX: ['gmail-smtp-in.l.google.com'] },
  'northwind.example': { MX: ['mx1.northwind.example', 'mx2.northwind.example'] },
  'a-only.example': { A: ['192.0.2.10'] },
  'v6-only.example': { AAAA: ['2001:db8::10'] },
  'null-mx.example': { MX: ['.'], A: ['192.0.2.11'] },
  'null-mx-only.example': { MX: ['.'] },
  'bare.example': { TXT: ['v=spf1 -all'] },
  'broken.example': { SERVFAIL: true },
  'slow.example': { silent: true },
  'bücher.example': { MX: ['mx.example'] },
  'xn--bcher-kva.example': { MX: ['mx.example'] },
};

let dns: DnsStandIn;
let clock: number;
let warnings: string[];
const check = () =>
  createDeliverability({ resolver: mailResolver([dns.address]), warn: (m) => warnings.push(m), now: () => clock });

beforeAll(async () => {
  dns = await startDns(INTERNET);
});
afterAll(() => dns.close());
beforeEach(() => {
  dns.set(INTERNET);
  dns.questions.length = 0;
  clock = Date.parse('2026-06-01T12:00:00Z');
  warnings = [];
});

describe('deliverability', () => {
  it('is yes with an MX record, or without one with an address of the domain’s own', async () => {
    const deliverability = check();
    expect(await deliverability('northwind.example')).toBe('deliverable');
    expect(await deliverability('NorthWind.Example.')).toBe('deliverable');
    expect(await deliverability('a-only.example')).toBe('deliverable');
    expect(await deliverability('v6-only.example')).toBe('deliverable');
    // A null MX is no MX: the domain's address decides (example.com has both).
    expect(await deliverability('null-mx.example')).toBe('deliverable');
    // A domain in another script is asked by its ASCII name.
    expect(await deliverability('bücher.example')).toBe('deliverable');
    expect(dns.questions).toContain('MX xn--bcher-kva.example');
  });

  it('is no for a name that does not exist, or one with no MX (or a null MX) and no address, once the DNS shows it sees the internet', async () => {
    const deliverability = check();
    expect(await deliverability('nowhere.example')).toBe('undeliverable');
    expect(await deliverability('bare.example')).toBe('undeliverable');
    expect(await deliverability('null-mx-only.example')).toBe('undeliverable');
    expect(dns.questions.filter((q) => q === `MX ${CANARY_DOMAIN}`)).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('is unknown when the DNS fails or does not answer in time', async () => {
    const deliverability = check();
    expect(await deliverability('broken.example')).toBe('unknown');
    const started = Date.now();
    expect(await deliverability('slow.example')).toBe('unknown');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('is unknown for every name when the DNS does not know the canary either, which is said once', async () => {
    dns.set({ 'a-only.example': { A: ['192.0.2.10'] } });
    const deliverability = check();
    expect(await deliverability('nowhere.example')).toBe('unknown');
    expect(await deliverability('bare.example')).toBe('unknown');
    expect(await deliverability('a-only.example')).toBe('deliverable');
    clock += DELIVERABILITY_CACHE.canaryMs + 1;
    expect(await deliverability('elsewhere.example')).toBe('unknown');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/not checked/);
    // The canary is asked again after its time, and a DNS that sees the internet again is believed.
    dns.set(INTERNET);
    clock += DELIVERABILITY_CACHE.canaryMs + 1;
    expect(await deliverability('nowhere-either.example')).toBe('undeliverable');
  });

  it('keeps answers in memory, a yes longer than a no, and asks once for concurrent questions', async () => {
    const deliverability = check();
    const asked = (name: string) => dns.questions.filter((q) => q === `MX ${name}`).length;
    await Promise.all([
      deliverability('northwind.example'),
      deliverability('northwind.example'),
      deliverability('nowhere.example'),
    ]);
    expect(asked('northwind.example')).toBe(1);
    dns.set({ ...INTERNET, 'northwind.example': { SERVFAIL: true }, 'nowhere.example': { MX: ['mx.nowhere.example'] } });
    clock += DELIVERABILITY_CACHE.undeliverableMs + 1;
    expect(await deliverability('northwind.example')).toBe('deliverable');
    expect(asked('northwind.example')).toBe(1);
    expect(await deliverability('nowhere.example')).toBe('deliverable');
    clock += DELIVERABILITY_CACHE.deliverableMs;
    expect(await deliverability('northwind.example')).toBe('unknown');
    expect(asked('northwind.example')).toBe(2);
  });
});

describe('the disposable list', () => {
  it('has the throwaway inboxes and their subdomains, and no common mail domain', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('team.mailinator.com')).toBe(true);
    expect(isDisposableDomain('mailinator.com.example')).toBe(false);
    expect(isDisposableDomain('com')).toBe(false);
    for (const domain of [...COMMON_MAIL_DOMAINS, 'example.com', 'northwind.example'])
      expect(isDisposableDomain(domain), domain).toBe(false);
  });
});
