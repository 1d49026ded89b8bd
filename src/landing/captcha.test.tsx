import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { defaultFormConfig, type FormConfig } from '@/domain/form-config';
import { ENGLISH_CATALOGUE } from '@/domain/i18n/english';
import de from '@/domain/i18n/messages/de.json' with { type: 'json' };
import { translator } from '@/domain/i18n/translate';
import { recaptchaScript } from './captcha-script';
import { LandingPage } from './landing-page';
import type { LandingPageProps } from './types';

// docs/decisions/0087: the captcha's part of the visitor's page, live and in the creator's preview.

const config = (captcha: FormConfig['captcha']): FormConfig => ({ ...defaultFormConfig(), title: 'Guarded', captcha });
const render = (props: Partial<LandingPageProps> & { config: FormConfig }) =>
  renderToStaticMarkup(<LandingPage mode="live" action="/f/abc" {...props} />);

describe('a page’s captcha', () => {
  it('draws the provider’s widget before the button and names the provider under it', () => {
    const html = render({ config: config('turnstile'), captcha: { provider: 'turnstile', siteKey: '0x4AAAAAAAkey' } });
    const widget = html.indexOf('<div class="cf-turnstile" data-sitekey="0x4AAAAAAAkey" data-language="en">');
    const button = html.indexOf('data-ls-submit');
    const note = html.indexOf('Protected by Cloudflare Turnstile');
    expect(widget).toBeGreaterThan(0);
    expect(widget).toBeLessThan(button);
    expect(note).toBeGreaterThan(button);
    expect(html).toContain(
      '<a href="https://www.cloudflare.com/privacypolicy/" target="_blank" rel="noopener noreferrer">privacy policy</a>',
    );
    expect(html).toContain('<noscript><p class="ls-hint">This form checks that you’re not a robot');
  });

  it('asks reCAPTCHA v3 for a token on submit, through a hidden input that carries the site key', () => {
    const html = render({ config: config('recaptcha'), captcha: { provider: 'recaptcha', siteKey: '6LcKey' } });
    expect(html).toContain('<input type="hidden" data-ls-recaptcha="6LcKey" name="g-recaptcha-response" value=""/>');
    expect(html).toContain('src="https://www.google.com/recaptcha/api.js?render=6LcKey&amp;hl=en"');
    expect(html).toContain(`<script>${recaptchaScript}</script>`);
    expect(html).not.toContain('class="ls-captcha"');
  });

  it('speaks the page’s language, in the line and in the widget', () => {
    const german = { ...config('hcaptcha'), language: 'de' as const };
    const html = render({
      config: german,
      t: translator('de', de, ENGLISH_CATALOGUE),
      captcha: { provider: 'hcaptcha', siteKey: 'k' },
    });
    expect(html).toContain('Geschützt durch hCaptcha');
    expect(html).toContain('src="https://js.hcaptcha.com/1/api.js?hl=de"');
  });

  it('shows nothing of a captcha the page does not have, or has no keys for', () => {
    for (const html of [render({ config: config('off') }), render({ config: config('hcaptcha') })]) {
      expect(html).not.toMatch(/captcha|turnstile|Protected by/i);
    }
  });

  it('in the creator’s preview names the chosen provider but loads no widget', () => {
    const html = renderToStaticMarkup(<LandingPage mode="preview" config={config('recaptcha')} />);
    expect(html).toContain('Protected by Google reCAPTCHA');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('g-recaptcha-response');
  });
});
