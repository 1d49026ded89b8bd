import { describe, expect, it } from 'vitest';
import {
  defaultFormConfig,
  formConfigSchema,
  newField,
  parseAmountInput,
  toggleProvider,
  validateForPublish,
  type FormConfig,
} from './form-config';
import { formatMoney, toMinorUnits } from './money';

describe('form configuration (SPEC §3)', () => {
  it('has the spec defaults', () => {
    const config = defaultFormConfig();
    expect(config.fields).toEqual([
      { id: 'email', type: 'email', label: 'Email Address', placeholder: 'Enter your email', required: true },
    ]);
    expect(config.doubleOptIn).toBe(true);
    expect(config.privacyPolicy).toBe(true);
    expect(config.thankyouMessage).toBe('Thank you for subscribing! Check your email for your download.');
    expect(config.payment).toEqual({
      enabled: false,
      type: 'fixed',
      fixedAmount: 999,
      currency: 'USD',
      pwywMinimum: 100,
      pwywSuggested: 999,
      provider: 'stripe',
    });
    expect(formConfigSchema.safeParse(config).success).toBe(true);
  });

  it('makes new fields as the spec says', () => {
    expect(newField(1700000000000)).toEqual({
      id: 'field-1700000000000',
      type: 'text',
      label: 'New Field',
      placeholder: 'Enter value',
      required: false,
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

describe('validation (SPEC §5)', () => {
  it('names every missing piece with the spec message', () => {
    const config = { ...defaultFormConfig(), fields: [...defaultFormConfig().fields, { ...newField(1), label: '  ' }] };
    expect(validateForPublish(config)).toEqual({
      title: 'Title is required',
      businessName: 'Business name is required',
      leadMagnet: 'Please upload a PDF file',
      leadMagnetName: 'Please provide a name for your lead magnet',
      'fields.1.label': 'Field label is required',
    });
    expect(validateForPublish(config, true).leadMagnet).toBeUndefined();
  });
});

describe('payment provider buttons (SPEC §4)', () => {
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
