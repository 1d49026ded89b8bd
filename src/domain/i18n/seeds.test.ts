import { describe, expect, it } from 'vitest';
import { defaultFormConfig } from '@/domain/form-config';
import { newSection } from '@/domain/sections';
import { ENGLISH_CATALOGUE, englishT } from './english';
import de from './messages/de.json';
import fr from './messages/fr.json';
import { reseedPage } from './seeds';
import { translator } from './translate';

const german = translator('de', de, ENGLISH_CATALOGUE);
const french = translator('fr', fr, ENGLISH_CATALOGUE);

describe('a page moved to another language', () => {
  it('gets the words Lodestone wrote into it in that language, and keeps every word its owner typed', () => {
    const page = {
      ...defaultFormConfig(),
      sections: [newSection('faq', 1), { ...newSection('benefits', 2), heading: 'Inside the guide' }, newSection('deadline', 3)],
    };
    page.fields = [
      ...page.fields,
      { ...page.fields[0]!, id: 'name', type: 'text' as const, label: 'Your name', placeholder: '' },
    ];
    const moved = reseedPage(page, englishT, german);
    expect(moved.fields[0]).toMatchObject({ label: 'E-Mail-Adresse', placeholder: de['seed.field.email.placeholder'] });
    expect(moved.fields[1]).toMatchObject({ label: 'Your name' });
    expect(moved.thankyouMessage).toBe(de['seed.thankYou.message']);
    expect(moved.sections.map((s) => s.heading)).toEqual([
      de['seed.section.faq.heading'],
      'Inside the guide',
      de['seed.section.deadline.heading'],
    ]);
    expect(moved.sections[2]).toMatchObject({ endedMessage: de['form.closed.default'] });

    // And on again, from German to French: what was German seed becomes French; the owner's stays.
    const again = reseedPage(moved, german, french);
    expect(again.fields[0]!.label).toBe(fr['seed.field.email.label']);
    expect(again.sections[1]!.heading).toBe('Inside the guide');
    // Nothing moves when the language does not.
    expect(reseedPage(page, englishT, englishT)).toBe(page);
  });

  it('keeps a seed word the owner edited, even by one letter', () => {
    const page = { ...defaultFormConfig(), thankyouMessage: 'Thank you for subscribing! Check your email for your download!' };
    expect(reseedPage(page, englishT, german).thankyouMessage).toBe(page.thankyouMessage);
  });
});
