import { describe, expect, it } from 'vitest';
import { defaultFormConfig, formConfigSchema, type FormConfig } from '@/domain/form-config';
import { newSection } from '@/domain/sections';
import { localizedConfig, ownerTexts, pageLanguages, visitorLanguage } from './page-languages';

function page(): FormConfig {
  const config = defaultFormConfig();
  return {
    ...config,
    title: 'The guide',
    description: 'All of it.',
    leadMagnetName: 'The Guide',
    fields: [
      ...config.fields,
      { ...config.fields[0]!, id: 'role', type: 'dropdown', label: 'Role', placeholder: '', options: ['Coach', 'Author'] },
    ],
    sections: [{ ...newSection('faq', 1), items: [{ question: 'Free?', answer: 'Yes.' }] }],
    languages: ['de', 'fr'],
    translations: {
      de: {
        title: 'Der Leitfaden',
        'fields.email.label': 'E-Mail',
        'fields.role.options.1': 'Autorin',
        'sections.section-1.items.0.question': 'Kostenlos?',
        description: '   ',
        // A place that is not an owner's text on this page is never written.
        'payment.fixedAmount': '1',
        privacyPolicyUrl: 'javascript:alert(1)',
        'fields.email.type': 'text',
      },
    },
  };
}

describe('a page in several languages', () => {
  it('gives a visitor the owner’s words in their language, and the main language’s where a text is left empty', () => {
    const german = localizedConfig(page(), 'de');
    expect(german.language).toBe('de');
    expect(german.title).toBe('Der Leitfaden');
    expect(german.description).toBe('All of it.');
    expect(german.fields[0]).toMatchObject({ label: 'E-Mail', type: 'email' });
    expect(german.fields[1]!.options).toEqual(['Coach', 'Autorin']);
    expect(german.sections[0]).toMatchObject({ items: [{ question: 'Kostenlos?', answer: 'Yes.' }] });
    expect(german.payment).toEqual(page().payment);
    expect(german.privacyPolicyUrl).toBe('');
    // French has no texts yet: everything the owner wrote is the main language's, the words Lodestone's French.
    const french = localizedConfig(page(), 'fr');
    expect(french).toMatchObject({ language: 'fr', title: 'The guide' });
    // A language the page does not speak is its main language; the main language is the page itself.
    const config = page();
    expect(localizedConfig(config, 'ja')).toBe(config);
    expect(localizedConfig(config, 'en')).toBe(config);
  });

  it('picks the link’s language, else the browser’s best match, else the main language', () => {
    const config = page();
    expect(pageLanguages(config)).toEqual(['en', 'de', 'fr']);
    expect(visitorLanguage(config, 'fr', 'de-DE,de;q=0.9')).toBe('fr');
    expect(visitorLanguage(config, 'ja', 'de-AT,en;q=0.5')).toBe('de');
    expect(visitorLanguage(config, undefined, 'fr-CH;q=0.8, es')).toBe('fr');
    expect(visitorLanguage(config, undefined, 'ja, es')).toBe('en');
    expect(visitorLanguage(config, undefined, undefined)).toBe('en');
    // A page in one language ignores both.
    expect(visitorLanguage({ language: 'de', languages: [] }, 'fr', 'fr')).toBe('de');
  });

  it('lists the owner’s texts by where they sit, and checks translated email words for placeholders', () => {
    const paths = ownerTexts(page()).map((t) => t.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'title',
        'fields.email.label',
        'fields.role.options.1',
        'sections.section-1.heading',
        'thankyouMessage',
      ]),
    );
    const bad = formConfigSchema.safeParse({
      ...page(),
      translations: { de: { 'emails.deliverySubject': 'Hallo {frist_name}' } },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['translations', 'de', 'emails.deliverySubject'] });
    expect(bad.error?.issues[0]?.message).toMatch(/Unknown placeholder \{frist_name\}/);
    const twice = formConfigSchema.safeParse({ ...page(), languages: ['de', 'de'] });
    expect(twice.success).toBe(false);
  });
});
