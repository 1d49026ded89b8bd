import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ENGLISH_CATALOGUE } from '@/domain/i18n/english';
import de from '@/domain/i18n/messages/de.json' with { type: 'json' };
import { translator } from '@/domain/i18n/translate';
import { ConsentNotice, ConsentSettings, consentNoticeText } from './consent-notice';

describe('the consent notice', () => {
  it('names exactly what loads after Accept', () => {
    const base = { businessName: 'Acme', customScript: false };
    expect(consentNoticeText({ ...base, meta: '12345' })).toBe(
      'This page uses cookies and tracking by Meta. They load only if you accept.',
    );
    expect(consentNoticeText({ ...base, meta: '12345', google: 'G-ABCD', customScript: true })).toBe(
      'This page uses cookies and tracking by Meta and Google and a script from Acme. They load only if you accept.',
    );
    expect(consentNoticeText({ ...base, businessName: ' ', customScript: true })).toBe(
      'This page uses cookies and tracking by a script from the owner of this page. They load only if you accept.',
    );
  });

  it('names the platforms the server reports to if the visitor accepts, and the captcha, in the page language', () => {
    const base = { businessName: 'Acme', customScript: false };
    expect(consentNoticeText({ ...base, server: ['Meta'] })).toBe(
      'If you accept, your sign-up is reported to Meta from our server to measure ads, with your email address hashed. Nothing is sent if you decline.',
    );
    expect(consentNoticeText({ ...base, meta: '12345', server: ['Meta', 'Google', 'TikTok'], captcha: 'hCaptcha' })).toBe(
      'This page uses cookies and tracking by Meta. They load only if you accept. ' +
        'If you accept, your sign-up is also reported to Meta, Google, and TikTok from our server, with your email address hashed. ' +
        'The form is protected from bots by hCaptcha, which does not wait for your choice.',
    );
    expect(consentNoticeText({ ...base, server: ['Meta', 'Google'] }, translator('de', de, ENGLISH_CATALOGUE))).toContain(
      'an Meta und Google',
    );
  });

  it('is a labelled region, hidden until the loader shows it, with two equal buttons; ids only as data', () => {
    const html = renderToStaticMarkup(
      <ConsentNotice formId="abcdefABCDEF" businessName="<b>Acme</b>" meta="12345" customScript scope="s1" />,
    );
    expect(html).toMatch(/^<section class="ls-cn" aria-label="Cookies and tracking" hidden=""/);
    expect(html).toContain('data-ls-meta="12345"');
    expect(html).not.toContain('data-ls-google');
    expect(html).toContain('&lt;b&gt;Acme&lt;/b&gt;');
    expect(html.match(/<button type="button" class="ls-cn-button" data-ls-choice="(accept|decline)">/g)).toHaveLength(2);
    expect(renderToStaticMarkup(<ConsentSettings />)).toContain('hidden=""');
  });
});
