import { describe, expect, it } from 'vitest';
import { fieldOf } from '@tests/kit/fields';
import { defaultFormConfig, type FieldType, type FormConfig, type FormField } from './form-config';
import {
  CHECKED_VALUE,
  hiddenValue,
  isCalendarDate,
  MAX_VALUE_LENGTH,
  parseSubmission,
  submissionMessages,
  withPageParams,
} from './submission';

const field = (id: string, type: FieldType, patch: Partial<FormField> = {}): FormField => fieldOf(id, type, id, patch);

/** A page with the email field, `fields` after it, and no consent checkbox (tested apart). */
function page(...fields: FormField[]): FormConfig {
  const config = defaultFormConfig();
  return { ...config, privacyPolicy: false, fields: [...config.fields, ...fields] };
}

const EMAIL = { email: 'Ada@Example.com ' };

/** The error for one field posted as `value` (undefined: not posted at all). */
function errorFor(f: FormField, value: string | undefined): string | undefined {
  const result = parseSubmission(page(f), value === undefined ? EMAIL : { ...EMAIL, [f.id]: value });
  return result.ok ? undefined : result.errors[f.id];
}

/** The stored answer for one field posted as `value`. */
function stored(f: FormField, value: string): string | undefined {
  const result = parseSubmission(page(f), { ...EMAIL, [f.id]: value });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.submission.data[f.id];
}

describe('a submission, field type by field type', () => {
  it('email: required, a valid address, stored lower-cased as the lead', () => {
    const result = parseSubmission(page(), EMAIL);
    expect(result.ok && result.submission).toEqual({ email: 'ada@example.com', data: {}, consent: false });
    expect(errorFor(field('x', 'text'), undefined)).toBeUndefined();
    const noEmail = parseSubmission(page(), { email: '' });
    expect(!noEmail.ok && noEmail.errors.email).toBe(submissionMessages.required);
    const bad = parseSubmission(page(), { email: 'not-an-address' });
    expect(!bad.ok && bad.errors.email).toBe(submissionMessages.email);
  });

  it('text: optional or required, trimmed, at most 500 characters, no control characters', () => {
    const text = field('company', 'text');
    expect(stored(text, '  Acme  ')).toBe('Acme');
    expect(stored(text, '')).toBeUndefined();
    expect(errorFor({ ...text, required: true }, '  ')).toBe(submissionMessages.required);
    expect(errorFor(text, 'x'.repeat(MAX_VALUE_LENGTH.other + 1))).toBe(submissionMessages.tooLong);
    expect(errorFor(text, 'a\u0000b')).toBe(submissionMessages.invalidCharacter);
  });

  it('textarea: up to 5000 characters, line breaks kept', () => {
    const notes = field('notes', 'textarea');
    expect(stored(notes, 'one\ntwo')).toBe('one\ntwo');
    expect(stored(notes, 'x'.repeat(MAX_VALUE_LENGTH.textarea))).toHaveLength(MAX_VALUE_LENGTH.textarea);
    expect(errorFor(notes, 'x'.repeat(MAX_VALUE_LENGTH.textarea + 1))).toBe(submissionMessages.tooLong);
  });

  it('number and phone: what they look like', () => {
    expect(stored(field('n', 'number'), '3.5')).toBe('3.5');
    expect(errorFor(field('n', 'number'), 'three')).toBe(submissionMessages.number);
    expect(stored(field('p', 'phone'), '+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(errorFor(field('p', 'phone'), 'call me')).toBe(submissionMessages.phone);
  });

  it("checkbox: 'yes' when checked; required means checked", () => {
    const agree = field('agree', 'checkbox');
    expect(stored(agree, CHECKED_VALUE)).toBe(CHECKED_VALUE);
    expect(stored(agree, '')).toBeUndefined();
    expect(errorFor({ ...agree, required: true }, undefined)).toBe(submissionMessages.required);
  });

  it('dropdown and radio: one of the options, exactly; required means one is chosen', () => {
    for (const type of ['dropdown', 'radio'] as const) {
      const size = field('size', type, { options: ['Small', 'Large'] });
      expect(stored(size, 'Large'), type).toBe('Large');
      expect(stored(size, ' Small '), type).toBe('Small');
      expect(stored(size, ''), type).toBeUndefined();
      expect(errorFor(size, 'Medium'), type).toBe(submissionMessages.choice);
      expect(errorFor(size, 'large'), type).toBe(submissionMessages.choice);
      expect(errorFor(size, '<b>Small</b>'), type).toBe(submissionMessages.choice);
      expect(errorFor({ ...size, required: true }, ''), type).toBe(submissionMessages.required);
      expect(errorFor({ ...size, required: true }, undefined), type).toBe(submissionMessages.required);
    }
    // A page saved before fields had options accepts no choice but none.
    const old = { ...field('old', 'dropdown'), options: undefined } as unknown as FormField;
    expect(errorFor(old, 'Anything')).toBe(submissionMessages.choice);
  });

  it('date: a real yyyy-mm-dd day', () => {
    const day = field('day', 'date');
    expect(stored(day, '2026-02-28')).toBe('2026-02-28');
    expect(stored(day, '2024-02-29')).toBe('2024-02-29');
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '28/02/2026',
      '2026-2-8',
      'tomorrow',
      '20260228',
    ]) {
      expect(errorFor(day, bad), bad).toBe(submissionMessages.date);
    }
    expect(errorFor({ ...day, required: true }, '')).toBe(submissionMessages.required);
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('9999-12-31')).toBe(true);
  });

  it('hidden: optional free text, cleaned and cut, never a reason to refuse the visitor', () => {
    const source = field('source', 'hidden', { param: 'utm_source', required: true });
    expect(stored(source, ' newsletter ')).toBe('newsletter');
    expect(stored(source, '')).toBeUndefined();
    expect(errorFor(source, undefined)).toBeUndefined();
    expect(stored(source, 'a\u0000b\nc\u007f')).toBe('abc');
    expect(stored(source, 'x'.repeat(10_000))).toHaveLength(MAX_VALUE_LENGTH.hidden);
    expect(stored(source, '"><script>alert(1)</script>')).toBe('"><script>alert(1)</script>'); // text, escaped where shown
    expect(hiddenValue('  a\tb  ')).toBe('ab');
  });

  it('sends the values back to refill the form after an error, hidden ones cleaned', () => {
    const config = page(
      field('source', 'hidden', { param: 'utm_source' }),
      field('size', 'dropdown', { options: ['S', 'L'] }),
      field('day', 'date', { required: true }),
    );
    const result = parseSubmission(config, { email: 'ada@example.com', source: 'news\u0000letter', size: 'L', day: '' });
    if (result.ok) throw new Error('expected errors');
    expect(result.errors).toEqual({ day: submissionMessages.required });
    expect(result.values).toMatchObject({ source: 'newsletter', size: 'L', day: '' });
  });
});

describe('hidden fields filled from the page address', () => {
  const config = page(field('source', 'hidden', { param: 'utm_source' }), field('camp', 'hidden', { param: 'utm_campaign' }));

  it('fill what the form posted empty, and leave what it posted', () => {
    const params = new URLSearchParams('utm_source=newsletter&utm_campaign=spring&other=x');
    expect(withPageParams(config, { email: 'a@b.co', source: '', camp: 'from-the-form' }, params)).toEqual({
      email: 'a@b.co',
      source: 'newsletter',
      camp: 'from-the-form',
    });
    const result = parseSubmission(config, withPageParams(config, { email: 'a@b.co' }, params));
    expect(result.ok && result.submission.data).toEqual({ source: 'newsletter', camp: 'spring' });
  });

  it('leave other fields and pages without parameters alone', () => {
    const withText = page(field('company', 'text', { param: 'company' }));
    const body = { email: 'a@b.co' };
    expect(withPageParams(withText, body, new URLSearchParams('company=Evil'))).toBe(body);
    expect(withPageParams(config, body, new URLSearchParams())).toBe(body);
  });
});
