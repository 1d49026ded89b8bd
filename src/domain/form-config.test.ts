import { describe, expect, it } from 'vitest';
import {
  defaultFormConfig,
  formConfigSchema,
  newField,
  parseAmountInput,
  privacyPolicyLink,
  toggleProvider,
  validateForPublish,
  type FormConfig,
} from './form-config';
import { formatMoney, toMinorUnits } from './money';

/** What a field carries besides the five properties every field has (docs/product.md#fields): no options, no help text, no URL parameter. */
const NO_EXTRAS = { options: [], helpText: '', param: '' };

describe('form configuration', () => {
  it('has the documented defaults', () => {
    const config = defaultFormConfig();
    expect(config.fields).toEqual([
      { id: 'email', type: 'email', label: 'Email Address', placeholder: 'Enter your email', required: true, ...NO_EXTRAS },
    ]);
    expect(config.doubleOptIn).toBe(true);
    expect(config.privacyPolicy).toBe(true);
    expect(config.privacyPolicyUrl).toBe('');
    expect(config.thankyouMessage).toBe('Thank you for subscribing! Check your email for your download.');
    expect(config.payment).toEqual({
      enabled: false,
      type: 'fixed',
      fixedAmount: 999,
      currency: 'USD',
      pwywMinimum: 100,
      pwywSuggested: 999,
      provider: 'stripe',
      tax: false,
      promotionCodes: false,
      downloadLimit: 10,
      downloadDays: 30,
    });
    expect(formConfigSchema.safeParse(config).success).toBe(true);
  });

  it('makes new fields as documented', () => {
    expect(newField(1700000000000)).toEqual({
      id: 'field-1700000000000',
      type: 'text',
      label: 'New Field',
      placeholder: 'Enter value',
      required: false,
      ...NO_EXTRAS,
    });
  });

  it('refuses pixel ids that could carry markup', () => {
    const base = defaultFormConfig();
    const ok = (patch: Partial<FormConfig>) => formConfigSchema.safeParse({ ...base, ...patch }).success;
    expect(ok({ pixelFacebook: '123456789012345' })).toBe(true);
    expect(ok({ pixelGoogle: 'G-ABC123XYZ' })).toBe(true);
    expect(ok({ pixelGoogle: 'GTM-K9X2P' })).toBe(true);
    expect(ok({ pixelFacebook: '123"><script>' })).toBe(false);
    expect(ok({ pixelGoogle: 'UA-1234-1' })).toBe(false);
    expect(ok({ pixelGoogle: 'G-abc</script>' })).toBe(false);
  });
});

describe('validation', () => {
  it('names every missing piece with its message', () => {
    const config = { ...defaultFormConfig(), fields: [...defaultFormConfig().fields, { ...newField(1), label: '  ' }] };
    expect(validateForPublish(config)).toEqual({
      title: 'Title is required',
      businessName: 'Business name is required',
      leadMagnet: 'Please upload a PDF file',
      leadMagnetName: 'Please provide a name for your lead magnet',
      'fields.1.label': 'Field label is required',
      privacyPolicyUrl: "Enter your privacy policy's address (https://…)",
    });
    expect(validateForPublish(config, true).leadMagnet).toBeUndefined();
  });
});

describe("the owner's privacy policy address", () => {
  const withUrl = (privacyPolicyUrl: string, privacyPolicy = true) => ({
    ...defaultFormConfig(),
    privacyPolicy,
    privacyPolicyUrl,
  });

  it('is required to publish while the consent checkbox is on, and only then', () => {
    expect(validateForPublish(withUrl('')).privacyPolicyUrl).toBe("Enter your privacy policy's address (https://…)");
    expect(validateForPublish(withUrl('   ')).privacyPolicyUrl).toBe("Enter your privacy policy's address (https://…)");
    expect(validateForPublish(withUrl('', false)).privacyPolicyUrl).toBeUndefined();
    expect(validateForPublish(withUrl('https://acme.example/privacy')).privacyPolicyUrl).toBeUndefined();
    expect(validateForPublish(withUrl('http://acme.example/privacy')).privacyPolicyUrl).toBeUndefined();
    // A config saved before the setting existed has no key at all.
    const { privacyPolicyUrl: _, ...old } = defaultFormConfig();
    expect(validateForPublish(old as FormConfig).privacyPolicyUrl).toBe("Enter your privacy policy's address (https://…)");
  });

  it('is an http(s) address and nothing else', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'mailto:dpo@acme.example',
      'ftp://acme.example/p',
      'acme.example/privacy',
      'https://',
    ]) {
      expect(validateForPublish(withUrl(bad)).privacyPolicyUrl, bad).toBe(
        'Enter a web address that starts with https:// or http://',
      );
      expect(validateForPublish(withUrl(bad, false)).privacyPolicyUrl, bad).toBe(
        'Enter a web address that starts with https:// or http://',
      );
      expect(formConfigSchema.safeParse(withUrl(bad)).success, bad).toBe(false);
      expect(privacyPolicyLink(withUrl(bad)), bad).toBeUndefined();
    }
    expect(privacyPolicyLink(withUrl(' https://acme.example/privacy '))).toBe('https://acme.example/privacy');
  });

  it("defaults to '' when a stored config has none", () => {
    const { privacyPolicyUrl: _, ...old } = defaultFormConfig();
    const parsed = formConfigSchema.parse(old);
    expect(parsed.privacyPolicyUrl).toBe('');
    expect(formConfigSchema.parse(withUrl(' https://acme.example/p ')).privacyPolicyUrl).toBe('https://acme.example/p');
  });
});

describe('payment provider buttons', () => {
  it('follows the toggle rules', () => {
    expect(toggleProvider(null, 'stripe')).toBe('stripe');
    expect(toggleProvider('paypal', 'stripe')).toBe('both');
    expect(toggleProvider('both', 'stripe')).toBe('paypal');
    expect(toggleProvider(null, 'paypal')).toBe('paypal');
    expect(toggleProvider('stripe', 'paypal')).toBe('both');
    expect(toggleProvider('both', 'paypal')).toBe('stripe');
    expect(toggleProvider('stripe', 'stripe')).toBe('stripe'); // the only way to pay stays on
  });
});

describe('money', () => {
  it('turns a blank or invalid amount into 0, and stores minor units', () => {
    expect(parseAmountInput('', 'USD')).toBe(0);
    expect(parseAmountInput('abc', 'USD')).toBe(0);
    expect(parseAmountInput('-3', 'USD')).toBe(0);
    expect(parseAmountInput('9.99', 'USD')).toBe(999);
    expect(parseAmountInput('0.1', 'EUR')).toBe(10);
    expect(parseAmountInput('500', 'JPY')).toBe(500);
    expect(parseAmountInput('500.6', 'JPY')).toBe(501);
  });

  it('formats in en-US with each currency symbol', () => {
    expect(formatMoney(999, 'USD')).toBe('$9.99');
    expect(formatMoney(999, 'EUR')).toBe('€9.99');
    expect(formatMoney(999, 'GBP')).toBe('£9.99');
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
    expect(formatMoney(123456, 'SGD')).toBe('S$1,234.56');
    expect(toMinorUnits(9.99, 'USD')).toBe(999);
  });
});
