import { describe, expect, it } from 'vitest';
import {
  afterSubmitMessages as m,
  afterSubmitRedirect,
  DEFAULT_THANK_YOU_HEADING,
  redirectAddressError,
  redirectUrlError,
  thankYouHeading,
} from './after-submit';
import { defaultFormConfig, validateForPublish } from './form-config';

const redirect = (redirectUrl: string) => ({ afterSubmit: 'redirect' as const, redirectUrl });

describe('the address visitors are sent to after signing up', () => {
  it('accepts https addresses of a real host, with a path, query and fragment', () => {
    for (const url of [
      'https://example.com',
      'https://example.com/',
      'https://shop.example.co.uk/thanks?from=lodestone&x=1#top',
      'https://EXAMPLE.com:8443/welcome',
      'https://bücher.de/danke',
    ]) {
      expect(redirectAddressError(url), url).toBeUndefined();
    }
  });

  it('refuses anything else, with a message that says why', () => {
    expect(redirectAddressError('http://example.com/thanks')).toBe(m.redirectUrlHttps);
    expect(redirectAddressError('javascript:alert(1)')).toBe(m.redirectUrlInvalid);
    expect(redirectAddressError('JavaScript://example.com/%0Aalert(1)')).toBe(m.redirectUrlInvalid);
    expect(redirectAddressError('data:text/html,<script>alert(1)</script>')).toBe(m.redirectUrlInvalid);
    expect(redirectAddressError('/thanks')).toBe(m.redirectUrlInvalid);
    expect(redirectAddressError('//evil.example/thanks')).toBe(m.redirectUrlInvalid);
    expect(redirectAddressError('example.com/thanks')).toBe(m.redirectUrlInvalid);
    expect(redirectAddressError('https://user:pass@example.com/')).toBe(m.redirectUrlCredentials);
    expect(redirectAddressError('https://user@example.com/')).toBe(m.redirectUrlCredentials);
    expect(redirectAddressError('https://@example.com/')).toBe(m.redirectUrlCredentials);
    expect(redirectAddressError('https://localhost/thanks')).toBe(m.redirectUrlInvalid);
    expect(redirectAddressError('https://intranet/')).toBe(m.redirectUrlInvalid);
    expect(redirectAddressError('https://192.168.1.1/')).toBe(m.redirectUrlInvalid);
    expect(redirectAddressError('https://example.com/a b')).toBe(m.redirectUrlInvalid);
    expect(redirectAddressError('https://example.com/\nSet-Cookie: x=1')).toBe(m.redirectUrlInvalid);
    expect(redirectAddressError('https:\\\\evil.example\\')).toBe(m.redirectUrlInvalid);
    expect(redirectAddressError(`https://example.com/${'a'.repeat(2000)}`)).toBe(m.redirectUrlTooLong);
  });

  it('is required while visitors are to be sent to it, and ignored otherwise', () => {
    expect(redirectUrlError(redirect(''))).toBe(m.redirectUrlRequired);
    expect(redirectUrlError(redirect('   '))).toBe(m.redirectUrlRequired);
    expect(redirectUrlError(redirect('http://example.com'))).toBe(m.redirectUrlHttps);
    expect(redirectUrlError(redirect(' https://example.com/ok '))).toBeUndefined();
    expect(redirectUrlError({ afterSubmit: 'thankYou', redirectUrl: 'javascript:alert(1)' })).toBeUndefined();
  });

  it('is checked before publishing, under its own key', () => {
    const config = { ...defaultFormConfig(), afterSubmit: 'redirect' as const, redirectUrl: 'javascript:alert(1)' };
    expect(validateForPublish(config).redirectUrl).toBe(m.redirectUrlInvalid);
    expect(validateForPublish({ ...config, redirectUrl: 'https://example.com/welcome' }).redirectUrl).toBeUndefined();
    expect(validateForPublish({ ...config, afterSubmit: 'thankYou' }).redirectUrl).toBeUndefined();
  });

  it('is where a confirmed visitor goes only when it is set, chosen and valid', () => {
    expect(afterSubmitRedirect(redirect('https://Example.com/welcome?a=1'))).toBe('https://example.com/welcome?a=1');
    expect(afterSubmitRedirect(redirect('https://example.com/ä'))).toBe('https://example.com/%C3%A4');
    expect(afterSubmitRedirect(redirect('http://example.com/'))).toBeUndefined();
    expect(afterSubmitRedirect(redirect(''))).toBeUndefined();
    expect(afterSubmitRedirect({ afterSubmit: 'thankYou', redirectUrl: 'https://example.com/' })).toBeUndefined();
  });
});

describe("the thank-you page's heading", () => {
  it("is the owner's, or 'Thank You!'", () => {
    expect(thankYouHeading({ thankyouHeading: '' })).toBe(DEFAULT_THANK_YOU_HEADING);
    expect(thankYouHeading({ thankyouHeading: '   ' })).toBe('Thank You!');
    expect(thankYouHeading({ thankyouHeading: 'You are in!' })).toBe('You are in!');
  });
});
