import { useQuery } from '@tanstack/react-query';
import { loadCatalogue } from '@/domain/i18n/catalogues';
import { ENGLISH_CATALOGUE, englishT } from '@/domain/i18n/english';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/domain/i18n/languages';
import { translator, type Translate } from '@/domain/i18n/translate';

// The fixed words of a visitor's page in the app (the creator's preview, the preview screen): a
// language's catalogue is a chunk of its own, fetched the first time a page in it is shown.

const translators = new Map<Language, Translate>([[DEFAULT_LANGUAGE, englishT]]);

/** The translator of `language`, loading its catalogue once. */
export async function pageWords(language: Language): Promise<Translate> {
  let t = translators.get(language);
  if (!t) {
    t = translator(language, await loadCatalogue(language), ENGLISH_CATALOGUE);
    translators.set(language, t);
  }
  return t;
}

/**
 * The words of a page in `language` (English for a page without one). Until its catalogue arrives
 * the page keeps the words it last had, so a change of language never blanks the preview.
 */
export function usePageWords(language: string | undefined): Translate {
  const code = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const loaded = useQuery({
    queryKey: ['page-words', code],
    queryFn: () => pageWords(code),
    initialData: () => translators.get(code),
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });
  return loaded.data ?? englishT;
}
