// The languages a published page speaks to its visitors (docs/decisions/0085): every word a visitor
// reads that the owner did not type comes from that language's catalogue (./messages/{code}.json).

export const LANGUAGES = [
  { code: 'en', name: 'English', native: 'English', dir: 'ltr' },
  { code: 'de', name: 'German', native: 'Deutsch', dir: 'ltr' },
  { code: 'fr', name: 'French', native: 'Français', dir: 'ltr' },
  { code: 'es', name: 'Spanish', native: 'Español', dir: 'ltr' },
  { code: 'it', name: 'Italian', native: 'Italiano', dir: 'ltr' },
  { code: 'pt-BR', name: 'Portuguese (Brazil)', native: 'Português (Brasil)', dir: 'ltr' },
  { code: 'nl', name: 'Dutch', native: 'Nederlands', dir: 'ltr' },
  { code: 'pl', name: 'Polish', native: 'Polski', dir: 'ltr' },
  { code: 'sv', name: 'Swedish', native: 'Svenska', dir: 'ltr' },
  { code: 'ja', name: 'Japanese', native: '日本語', dir: 'ltr' },
  { code: 'zh-CN', name: 'Chinese (Simplified)', native: '简体中文', dir: 'ltr' },
  { code: 'ms', name: 'Malay', native: 'Bahasa Melayu', dir: 'ltr' },
  { code: 'ar', name: 'Arabic', native: 'العربية', dir: 'rtl' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
/** The language codes, for a schema's enum. */
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [Language, ...Language[]];
export type TextDirection = 'ltr' | 'rtl';

/** The language every page speaks unless its owner chose another, and the one owner texts fall back to. */
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The pseudo-locale: English accented and lengthened, never offered to owners. A screen rendered in
 * it shows any text that did not come from a catalogue as plain English (./pseudo.ts).
 */
export const PSEUDO_LANGUAGE = 'en-XA';

const CODES: ReadonlySet<string> = new Set(LANGUAGES.map((l) => l.code));

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && CODES.has(value);

/** A language's name in English, as the owner's app names it. */
export const languageName = (language: Language): string => LANGUAGES.find((l) => l.code === language)?.name ?? language;

export const directionOf = (language: Language): TextDirection => LANGUAGES.find((l) => l.code === language)?.dir ?? 'ltr';

/**
 * The best of `offered` for an Accept-Language header (RFC 9110 §12.5.4): the highest-weighted range
 * that one of them matches, a range matching a language or its region (`de-AT` → `de`, `pt` →
 * `pt-BR`, `zh-Hans-CN` → `zh-CN`, but not `zh-TW`), else `fallback`. `*` and q=0 ranges choose nothing.
 */
export function bestLanguage(header: string | undefined, offered: readonly Language[], fallback: Language): Language {
  if (!header) return fallback;
  const ranges = header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag !== '' && r.tag !== '*' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const exact = offered.find((code) => code.toLowerCase() === tag);
    if (exact) return exact;
    const primary = tag.split('-')[0];
    // Chinese: the simplified script answers zh, zh-CN, zh-Hans, zh-SG; never a traditional one.
    if (primary === 'zh' && /-(hant|tw|hk|mo)\b/.test(tag)) continue;
    const sameLanguage = offered.find((code) => code.toLowerCase().split('-')[0] === primary);
    if (sameLanguage) return sameLanguage;
  }
  return fallback;
}
