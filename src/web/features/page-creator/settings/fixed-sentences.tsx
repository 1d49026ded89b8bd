import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormConfig } from '@/domain/form-config';
import { loadCatalogue } from '@/domain/i18n/catalogues';
import { ENGLISH_CATALOGUE } from '@/domain/i18n/english';
import { languageName, LANGUAGES, type Language } from '@/domain/i18n/languages';
import { OVERRIDABLE_KEYS, OVERRIDE_GROUPS } from '@/domain/word-overrides';
import { pageLanguages } from '@/domain/page-languages';
import type { MessageKey } from '@/domain/i18n/translate';
import { TextareaField, TextField } from '@/web/components/text-field';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';

type Props = { config: FormConfig; errors: EditorErrors; onChange: (patch: Partial<FormConfig>) => void };

/** A sentence named by its English wording, cut short: the owner's app is in English. */
const short = (text: string) => (text.length > 90 ? `${text.slice(0, 88)}…` : text);

const groupOf = (key: MessageKey) => OVERRIDE_GROUPS.findIndex((g) => g.prefixes.some((prefix) => key.startsWith(prefix)));

/**
 * Lodestone's fixed sentences in the owner's own words, per language of the page: each shown with
 * Lodestone's wording beside it, which an empty box keeps. The list is drawn only once opened.
 */
export function FixedSentences({ config, errors, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const languages = pageLanguages(config);
  const [picked, setPicked] = useState<Language>(config.language);
  const [query, setQuery] = useState('');
  const language = languages.includes(picked) ? picked : config.language;
  const changed = Object.values(config.wordOverrides[language] ?? {}).filter((w) => w.trim() !== '').length;
  return (
    <details className="rounded-md border border-gray-200 p-3" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium text-gray-900">
        Reword Lodestone’s sentences <span className="font-normal text-gray-600">({changed} reworded)</span>
      </summary>
      {open && (
        <div className="mt-3 grid gap-4">
          <p className="text-sm text-gray-600">
            For your own tone, or a language Lodestone does not offer yet. Leave a box empty to keep Lodestone’s wording. Keep the
            parts in braces, like {'{businessName}'}, to have them filled in.
          </p>
          {languages.length > 1 && (
            <div role="group" aria-label="Language to reword" className="flex flex-wrap gap-2">
              {languages.map((code) => (
                <button
                  key={code}
                  type="button"
                  aria-pressed={code === language}
                  onClick={() => setPicked(code)}
                  className="rounded-md border border-gray-300 px-2.5 py-1 text-sm aria-pressed:border-indigo-600 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-900"
                >
                  {languageName(code)}
                </button>
              ))}
            </div>
          )}
          <TextField
            id="creator-words-find"
            label="Find a sentence"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            hint="By its words in English or in the language you reword."
          />
          <Sentences
            key={language}
            language={language}
            query={query.trim().toLowerCase()}
            config={config}
            errors={errors}
            onChange={onChange}
          />
        </div>
      )}
    </details>
  );
}

function Sentences({ language, query, config, errors, onChange }: Props & { language: Language; query: string }) {
  const catalogue = useQuery({ queryKey: ['catalogue', language], queryFn: () => loadCatalogue(language), staleTime: Infinity });
  if (!catalogue.data) return <p className="text-sm text-gray-600">Loading…</p>;
  const words = config.wordOverrides[language] ?? {};
  const set = (key: MessageKey, text: string) =>
    onChange({ wordOverrides: { ...config.wordOverrides, [language]: { ...words, [key]: text } } });
  const dir = LANGUAGES.find((l) => l.code === language)?.dir;
  const shown = (key: MessageKey) =>
    query === '' || `${ENGLISH_CATALOGUE[key]}\n${catalogue.data![key] ?? ''}\n${words[key] ?? ''}`.toLowerCase().includes(query);
  const groups = OVERRIDE_GROUPS.map((group, index) => ({
    group,
    keys: OVERRIDABLE_KEYS.filter((key) => groupOf(key) === index && shown(key)),
  })).filter(({ keys }) => keys.length > 0);
  if (groups.length === 0) return <p className="text-sm text-gray-600">No sentence has these words.</p>;
  return groups.map(({ group, keys }) => (
    <fieldset key={group.label} className="grid gap-3">
      <legend className="text-sm font-semibold text-gray-900">{group.label}</legend>
      {keys.map((key) => {
        const original = catalogue.data[key] ?? '';
        const props = {
          id: `creator-words-${language}-${key.replaceAll('.', '-')}`,
          label: short(ENGLISH_CATALOGUE[key]),
          hint: language === 'en' ? undefined : `Lodestone’s ${languageName(language)}: ${original}`,
          placeholder: original,
          maxLength: 2000,
          lang: language,
          dir,
          value: words[key] ?? '',
          error: errors[`wordOverrides.${language}.${key}`],
        };
        // A long sentence gets a box it fits in; a short one, a line.
        return original.length > 90 ? (
          <TextareaField key={key} {...props} rows={3} onChange={(e) => set(key, e.target.value)} />
        ) : (
          <TextField key={key} {...props} onChange={(e) => set(key, e.target.value)} />
        );
      })}
    </fieldset>
  ));
}
