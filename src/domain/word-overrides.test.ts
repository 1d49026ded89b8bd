import { describe, expect, it } from 'vitest';
import { defaultFormConfig, formConfigSchema } from '@/domain/form-config';
import { ENGLISH_CATALOGUE } from '@/domain/i18n/english';
import de from '@/domain/i18n/messages/de.json';
import { OVERRIDABLE_KEYS, overrideProblem } from './word-overrides';
import { translator } from '@/domain/i18n/translate';

describe('an owner’s wording of a fixed sentence', () => {
  it('may use the sentence’s own parts and tags, or fewer, and nothing else', () => {
    expect(overrideProblem('form.submit.submitting', 'One moment…')).toBeUndefined();
    expect(
      overrideProblem('form.consent.label', 'Yes to the <link>privacy terms</link>, and to news from {businessName}.'),
    ).toBeUndefined();
    expect(
      overrideProblem('thanks.notice.wrongCode', 'Not quite. {left, plural, one {# go} other {# goes}} left.'),
    ).toBeUndefined();
    expect(overrideProblem('thanks.notice.wrongCode', 'Not quite. Try again.')).toBeUndefined();
    expect(overrideProblem('form.submit.submitting', 'Hi {name}')).toBe(
      'Unknown part {name}. This sentence has no parts to fill in.',
    );
    expect(overrideProblem('form.submit.default', 'Grab {leadMagent}')).toBe(
      'Unknown part {leadMagent}. This sentence can use {leadMagnet}.',
    );
    expect(overrideProblem('form.consent.label', 'I agree to the <a>policy</a>')).toMatch(/Unknown tag <a>/);
    expect(overrideProblem('form.submit.submitting', 'Sending {')).toMatch(/cannot be read/);
    expect(overrideProblem('email.confirm.subject', 'Your code\r\nBcc: someone@example.com')).toBe(
      'Write the sentence on one line, without control characters',
    );
    expect(overrideProblem('thanks.code.resendWait', '</script><script>alert(1)</script>')).toBeDefined();
    expect(overrideProblem('preview.downloadNote', 'x')).toBe('This sentence cannot be reworded');
    expect(overrideProblem('no.such.key', 'x')).toBe('This sentence cannot be reworded');
    expect(OVERRIDABLE_KEYS).toContain('email.visitor.footer');
    expect(OVERRIDABLE_KEYS).not.toContain('preview.downloadNote');
  });

  it('is checked when a page is saved, by language and sentence', () => {
    const ok = formConfigSchema.safeParse({
      ...defaultFormConfig(),
      wordOverrides: { de: { 'form.submit.submitting': 'Moment…', 'form.badge': '' } },
    });
    expect(ok.success).toBe(true);
    const bad = formConfigSchema.safeParse({
      ...defaultFormConfig(),
      wordOverrides: { de: { 'form.submit.default': 'Hol dir {x}' } },
    });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['wordOverrides', 'de', 'form.submit.default'] });
  });

  it('replaces the catalogue’s sentence for that page; an empty one keeps the catalogue’s', () => {
    const t = translator('de', de, ENGLISH_CATALOGUE, { 'form.submit.submitting': 'Einen Moment…', 'form.badge': '' });
    expect(t('form.submit.submitting')).toBe('Einen Moment…');
    expect(t('form.badge')).toBe(de['form.badge']);
  });
});
