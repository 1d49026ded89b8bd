import { isStructurallySame, parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { loadAllCatalogues } from './catalogues';
import { bestLanguage, directionOf, isLanguage, LANGUAGES, type Language } from './languages';
import { accent, pseudoCatalogue, pseudoMessage } from './pseudo';
import { translator, type Catalogue } from './translate';

// The catalogues a translator edits (docs/decisions/0085): each language has every English key and no
// other, each message parses, keeps English's placeholders, plurals, selects and tags, and names the
// plural categories its language needs.

const catalogues = await loadAllCatalogues();
const english = catalogues.en as Catalogue;
const others = LANGUAGES.filter((l) => l.code !== 'en').map((l) => l.code);

/** The plural categories a message's plurals name, for each plural argument. */
function pluralCategories(elements: MessageFormatElement[], found: Map<string, Set<string>> = new Map()) {
  for (const el of elements) {
    if (el.type === TYPE.plural) {
      const categories = found.get(el.value) ?? new Set<string>();
      for (const name of Object.keys(el.options)) if (!name.startsWith('=')) categories.add(name);
      found.set(el.value, categories);
    }
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) pluralCategories(option.value, found);
    if (el.type === TYPE.tag) pluralCategories(el.children, found);
  }
  return found;
}

describe('the catalogues', () => {
  it('has English messages, each of which parses', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
    for (const [key, message] of Object.entries(english)) expect(() => parse(message), key).not.toThrow();
  });

  it.each(others)('%s has exactly the English keys', (language) => {
    const keys = Object.keys(catalogues[language]);
    expect(
      keys.filter((k) => !(k in english)),
      'keys English does not have',
    ).toEqual([]);
    expect(
      Object.keys(english).filter((k) => !keys.includes(k)),
      'keys missing',
    ).toEqual([]);
  });

  it.each(others)('%s keeps each message’s placeholders, plurals, selects and tags', (language) => {
    const catalogue = catalogues[language] as Catalogue;
    const differences: string[] = [];
    for (const [key, source] of Object.entries(english)) {
      const translated = catalogue[key as keyof Catalogue];
      if (translated === undefined) continue;
      let ast: MessageFormatElement[];
      try {
        ast = parse(translated);
      } catch (error) {
        differences.push(`${key}: does not parse (${String(error)})`);
        continue;
      }
      const same = isStructurallySame(parse(source), ast);
      if (!same.success) differences.push(`${key}: ${same.error?.message}`);
      if (translated.trim() === '') differences.push(`${key}: empty`);
    }
    expect(differences).toEqual([]);
  });

  it.each(others)('%s names every plural category its language uses', (language) => {
    const needed = new Set(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
    const catalogue = catalogues[language] as Catalogue;
    const missing: string[] = [];
    for (const [key, message] of Object.entries(catalogue))
      for (const [argument, categories] of pluralCategories(parse(message)))
        for (const category of needed) if (!categories.has(category)) missing.push(`${key} {${argument}}: ${category}`);
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES.map((l) => l.code))('%s formats every message with sample values', (language) => {
    for (const [key, message] of Object.entries(catalogues[language]))
      expect(() => new IntlMessageFormat(message, language), key).not.toThrow();
  });
});

describe('the pseudo-locale', () => {
  it('accents and lengthens the words and keeps placeholders, plurals and tags', () => {
    const source = 'I agree to the <link>privacy policy</link> and to receive emails from {business}.';
    const pseudo = pseudoMessage(source);
    expect(pseudo).toMatch(/^⟦Î ágréé tö thé <link>príváçý pölíçý<\/link> áñd tö réçéívé émáílš fröm \{business\}\.·+⟧$/);
    expect(isStructurallySame(parse(source), parse(pseudo)).success).toBe(true);
    const plural = pseudoMessage('{count, plural, one {# download left} other {# downloads left}}');
    expect(new IntlMessageFormat(plural, 'en').format({ count: 2 })).toContain('2 döwñlöádš léft');
  });

  it('turns the whole English catalogue, so no message of it reads as plain English', () => {
    const pseudo = pseudoCatalogue(english);
    for (const [key, message] of Object.entries(pseudo)) {
      expect(message.startsWith('⟦'), key).toBe(true);
      expect(isStructurallySame(parse(english[key as keyof Catalogue]), parse(message)).success, key).toBe(true);
    }
    expect(accent('Submit')).toBe('Šübmít');
  });
});

describe('a translator', () => {
  const fallback = { greeting: 'Hello {name}', 'link.text': 'Read the <link>policy</link>' } as unknown as Catalogue;

  it('formats a message, falls back to the fallback catalogue, and prefers a compiling override', () => {
    const de = { greeting: 'Hallo {name}' } as unknown as Partial<Catalogue>;
    const t = translator('de', de, fallback);
    expect(t('greeting' as never, { name: 'Ada' })).toBe('Hallo Ada');
    expect(t('link.text' as never)).toBe('Read the policy');
    const overridden = translator('de', de, fallback, { greeting: 'Servus {name}' } as never);
    expect(overridden('greeting' as never, { name: 'Ada' })).toBe('Servus Ada');
    // An override that does not compile, or is blank, leaves the catalogue's wording.
    expect(translator('de', de, fallback, { greeting: 'Servus {name' } as never)('greeting' as never, { name: 'Ada' })).toBe(
      'Hallo Ada',
    );
    expect(translator('de', de, fallback, { greeting: '  ' } as never)('greeting' as never, { name: 'Ada' })).toBe('Hallo Ada');
  });

  it('renders tags through the given functions', () => {
    const t = translator('en', {}, fallback);
    const parts = t.rich<{ a: unknown[] }>('link.text' as never, {}, { link: (children) => ({ a: children }) });
    expect(parts).toEqual(['Read the ', { a: ['policy'] }]);
  });
});

describe('languages', () => {
  const offered: Language[] = ['en', 'de', 'fr', 'pt-BR', 'zh-CN', 'ar'];

  it('knows the shipped languages and their direction', () => {
    expect(LANGUAGES).toHaveLength(13);
    expect(isLanguage('pt-BR')).toBe(true);
    expect(isLanguage('xx')).toBe(false);
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
  });

  it.each([
    [undefined, 'en'],
    ['de-AT,de;q=0.9,en;q=0.5', 'de'],
    ['fr-CA;q=0.4, de;q=0.8', 'de'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['zh-Hans-CN,zh;q=0.9', 'zh-CN'],
    ['zh-TW', 'en'],
    ['ja, *;q=0.1', 'en'],
    ['de;q=0, fr', 'fr'],
    ['AR-eg', 'ar'],
    [';;;,,,q=2', 'en'],
  ])('chooses from an Accept-Language of %s: %s', (header, expected) => {
    expect(bestLanguage(header, offered, 'en')).toBe(expected);
  });
});
