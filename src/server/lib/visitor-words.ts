import ar from '@/domain/i18n/messages/ar.json';
import de from '@/domain/i18n/messages/de.json';
import en from '@/domain/i18n/messages/en.json';
import es from '@/domain/i18n/messages/es.json';
import fr from '@/domain/i18n/messages/fr.json';
import it from '@/domain/i18n/messages/it.json';
import ja from '@/domain/i18n/messages/ja.json';
import ms from '@/domain/i18n/messages/ms.json';
import nl from '@/domain/i18n/messages/nl.json';
import pl from '@/domain/i18n/messages/pl.json';
import ptBR from '@/domain/i18n/messages/pt-BR.json';
import sv from '@/domain/i18n/messages/sv.json';
import zhCN from '@/domain/i18n/messages/zh-CN.json';
import type { IncomingHttpHeaders } from 'node:http';
import { bestLanguage, DEFAULT_LANGUAGE, isLanguage, LANGUAGE_CODES, type Language } from '@/domain/i18n/languages';
import type { WordOverrides } from '@/domain/word-overrides';
import { translator, type Catalogue, type Translate } from '@/domain/i18n/translate';

// Every language's words on the server (docs/decisions/0085): the catalogues are part of the server's
// bundle, and each language's translator is made once and kept (its messages compile on first use).

const CATALOGUES: Record<Language, Partial<Catalogue>> = {
  en,
  de,
  fr,
  es,
  it,
  'pt-BR': ptBR,
  nl,
  pl,
  sv,
  ja,
  'zh-CN': zhCN,
  ms,
  ar,
};

const translators = new Map<Language, Translate>();

/**
 * The fixed words a visitor reads, in `language` (English where a catalogue lacks a message, and for a
 * page stored before pages had a language, whose `language` is missing).
 */
export function visitorWords(language: Language | undefined): Translate {
  if (!isLanguage(language)) language = DEFAULT_LANGUAGE;
  let t = translators.get(language);
  if (!t) {
    t = translator(language, CATALOGUES[language], en);
    translators.set(language, t);
  }
  return t;
}

const reworded = new WeakMap<object, Translate>();

/**
 * The fixed words of a page's visitors: its language's, with the owner's own wording of any sentence
 * in that language (domain/word-overrides.ts). Made once per page version and language.
 */
export function pageWords(config: { language?: Language; wordOverrides?: WordOverrides }): Translate {
  const language = isLanguage(config.language) ? config.language : DEFAULT_LANGUAGE;
  const overrides = config.wordOverrides?.[language];
  if (!overrides || !Object.values(overrides).some((words) => words.trim() !== '')) return visitorWords(language);
  let t = reworded.get(overrides);
  if (!t) {
    t = translator(language, CATALOGUES[language], en, overrides);
    reworded.set(overrides, t);
  }
  return t;
}

/**
 * The language of a page no published page decides (an unknown page, a link we cannot read, a
 * failure before the page was read): the best for the browser's Accept-Language, else English.
 */
export const askedLanguage = (request: { headers: IncomingHttpHeaders }): Language =>
  bestLanguage(request.headers['accept-language'], LANGUAGE_CODES, DEFAULT_LANGUAGE);
