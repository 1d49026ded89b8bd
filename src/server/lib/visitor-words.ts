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
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/domain/i18n/languages';
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
