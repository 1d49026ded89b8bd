import { Languages } from 'lucide-react';
import type { FormConfig } from '@/domain/form-config';
import { languageName, LANGUAGES, type Language } from '@/domain/i18n/languages';
import { ownerTexts, type PageTranslation } from '@/domain/page-languages';
import { reseedPage } from '@/domain/i18n/seeds';
import { LanguageSelect } from '@/web/components/language-select';
import { TextareaField, TextField } from '@/web/components/text-field';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';
import { pageWords } from '@/web/lib/page-words';
import { FixedSentences } from './fixed-sentences';

type Props = { config: FormConfig; errors: EditorErrors; onChange: (patch: Partial<FormConfig>) => void };

/**
 * The page's languages: the main one, every word Lodestone writes on the page follows; the others the
 * page also speaks, each with the owner's texts in it. A visitor gets the language their browser asks
 * for, or the one their link names.
 */
export function LanguagesSection({ config, errors, onChange }: Props) {
  /** The words Lodestone wrote into the page move with the main language while the owner has not changed them. */
  async function changeMain(language: Language) {
    const [from, to] = await Promise.all([pageWords(config.language), pageWords(language)]);
    const { fields, thankyouMessage, sections, abTest } = reseedPage(config, from, to);
    onChange({
      language,
      languages: config.languages.filter((code) => code !== language),
      fields,
      thankyouMessage,
      sections,
      abTest,
    });
  }
  const toggle = (code: Language, on: boolean) =>
    onChange({ languages: on ? [...config.languages, code] : config.languages.filter((c) => c !== code) });
  const others = LANGUAGES.filter((l) => l.code !== config.language);
  return (
    <section aria-labelledby="creator-languages-title" className="grid gap-4 rounded-lg border border-gray-200 p-4">
      <h3 id="creator-languages-title" className="flex items-center gap-2 text-base font-semibold text-gray-900">
        <Languages aria-hidden="true" className="size-4 text-gray-600" />
        Languages
      </h3>
      <LanguageSelect
        id="creator-language"
        label="Page language"
        hint="Visitors read the page’s buttons, consent sentence, messages, later pages and emails in this language. Your own texts stay as you write them."
        value={config.language}
        onChange={(language) => void changeMain(language)}
      />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-gray-900">Also offer the page in</legend>
        <p id="creator-languages-hint" className="text-sm text-gray-600">
          Each visitor gets the language their browser asks for, or the one in their link (?lang=de), with a switch on the page.
          Texts you leave empty show in {languageName(config.language)}.
        </p>
        <div className="grid grid-cols-2 gap-x-4 gap-y-1.5 sm:grid-cols-3">
          {others.map((language) => (
            <label key={language.code} className="flex items-center gap-2 text-sm text-gray-800">
              <input
                type="checkbox"
                className="size-4 shrink-0 rounded border-gray-300 accent-indigo-600"
                checked={config.languages.includes(language.code)}
                onChange={(event) => toggle(language.code, event.target.checked)}
              />
              {language.name}
            </label>
          ))}
        </div>
      </fieldset>
      {config.languages
        .filter((code) => code !== config.language)
        .map((code) => (
          <Translation key={code} code={code} config={config} errors={errors} onChange={onChange} />
        ))}
      <FixedSentences config={config} errors={errors} onChange={onChange} />
    </section>
  );
}

/** The owner's texts in one more language, each beside its words in the main language. */
function Translation({ code, config, errors, onChange }: Props & { code: Language }) {
  const texts: PageTranslation = config.translations[code] ?? {};
  const set = (path: string, words: string) =>
    onChange({ translations: { ...config.translations, [code]: { ...texts, [path]: words } } });
  const all = ownerTexts(config);
  const done = all.filter((text) => (texts[text.path] ?? '').trim() !== '').length;
  const language = LANGUAGES.find((l) => l.code === code)!;
  return (
    <details className="rounded-md border border-gray-200 p-3" open={done < all.length}>
      <summary className="cursor-pointer text-sm font-medium text-gray-900">
        Your texts in {language.name}{' '}
        <span className="font-normal text-gray-600">
          ({done} of {all.length} translated)
        </span>
      </summary>
      <div className="mt-3 grid gap-4">
        {all.map((text) => {
          const id = `creator-translation-${code}-${text.path.replaceAll('.', '-')}`;
          const props = {
            id,
            label: text.label,
            hint: `In ${languageName(config.language)}: ${text.text}`,
            value: texts[text.path] ?? '',
            maxLength: text.max,
            placeholder: text.text,
            error: errors[`translations.${code}.${text.path}`],
            lang: code,
            dir: language.dir,
          };
          return text.long ? (
            <TextareaField key={text.path} {...props} rows={3} onChange={(e) => set(text.path, e.target.value)} />
          ) : (
            <TextField key={text.path} {...props} onChange={(e) => set(text.path, e.target.value)} />
          );
        })}
      </div>
    </details>
  );
}
