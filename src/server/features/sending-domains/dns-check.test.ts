import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@/server/config';
import type { DnsResolver } from '@/server/features/custom-domains/index';
import { checkSendingRecords } from './dns-check.js';

// What the check makes of the TXT records it is given (the API test covers a real DNS server).

const KEY = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx';
const domain = { domain: 'mail.acme.test', selector: 'lodestone-0a1b2c3d', publicKey: KEY };
const spf = 'v=spf1 include:spf.lodestone.test ~all';
const resolver = (records: Record<string, string[][] | string>): Pick<DnsResolver, 'resolveTxt'> => ({
  resolveTxt: (name) => {
    const found = records[name];
    if (typeof found === 'string') return Promise.reject(Object.assign(new Error(found), { code: found }));
    return found ? Promise.resolve(found) : Promise.reject(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }));
  },
});
const check = (dkim: string[][] | string, apex: string[][] | string = [[spf]]) =>
  checkSendingRecords(
    resolver({ 'lodestone-0a1b2c3d._domainkey.mail.acme.test': dkim, 'mail.acme.test': apex }),
    domain,
    'spf.lodestone.test',
  );

describe('the DKIM record', () => {
  it('matches with its tags in any order and spacing, and its key folded', async () => {
    expect((await check([[`v=DKIM1; k=rsa; p=${KEY}`]])).dkim).toBe('ok');
    expect((await check([[`p=${KEY.slice(0, 10)}`, ` ${KEY.slice(10)} ;k=RSA`]])).dkim).toBe('ok');
    expect((await check([['v=spf1 -all'], [`p=${KEY}`]])).dkim).toBe('ok');
  });

  it('does not match another key, version or key type', async () => {
    expect((await check([[`v=DKIM1; k=rsa; p=${KEY}A`]])).dkim).toBe('mismatch');
    expect((await check([[`v=DKIM2; k=rsa; p=${KEY}`]])).dkim).toBe('mismatch');
    expect((await check([[`v=DKIM1; k=ed25519; p=${KEY}`]])).dkim).toBe('mismatch');
    expect((await check('ENODATA')).dkim).toBe('missing');
  });

  it('says nothing may change on a question that got no answer', async () => {
    expect(await check('ETIMEOUT')).toMatchObject({ dkim: 'missing', transient: true });
    expect(await check([[`p=${KEY}`]], 'ESERVFAIL')).toMatchObject({ dkim: 'ok', spf: 'missing', transient: true });
    expect(await check([[`p=${KEY}`]])).toMatchObject({ dkim: 'ok', spf: 'ok', transient: false, spfFound: null });
  });
});

describe('the SPF record', () => {
  it('keeps the record that lacks the include, for the owner to change', async () => {
    expect(await check([[`p=${KEY}`]], [['v=spf1 mx -all'], ['other=1']])).toMatchObject({
      spf: 'mismatch',
      spfFound: 'v=spf1 mx -all',
    });
    expect(await check([[`p=${KEY}`]], [['other=1']])).toMatchObject({ spf: 'missing', spfFound: null });
    expect(await check([[`p=${KEY}`]], [[spf], ['v=spf1 mx -all']])).toMatchObject({ spf: 'mismatch', spfFound: null });
  });
});

describe('the include asked for (MAIL_SPF_INCLUDE)', () => {
  const config = (env: Record<string, string>) => loadConfig({ SECRET: 'x'.repeat(32), ...env });
  it('is MAIL_FROM’s domain unless set', () => {
    expect(config({ MAIL_FROM: 'Acme <news@Mail.Example.com>' }).mailSpfInclude).toBe('mail.example.com');
    expect(config({ MAIL_FROM: 'news@example.net' }).mailSpfInclude).toBe('example.net');
    expect(config({ MAIL_SPF_INCLUDE: '_SPF.lodestone.example' }).mailSpfInclude).toBe('_spf.lodestone.example');
    expect(() => config({ MAIL_SPF_INCLUDE: 'include:_spf.lodestone.example' })).toThrow(ConfigError);
  });
});
