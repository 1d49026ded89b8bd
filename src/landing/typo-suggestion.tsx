import { useRef, useState, type FocusEvent } from 'react';
import { suggestEmail } from '@/domain/email-typos';
import { RESERVED_NAMES } from '@/domain/form-config';
import { useT } from './i18n';
import type { LandingPageProps } from './types';

/** What stands for the address in the sentences the landing script fills in (it puts the address there). */
export const TYPO_ADDRESS = '%s';

/**
 * Under the email field of a live page (in the page's own styles, which have none for it: an empty
 * box takes no room but the field's gap): a likely typo's suggestion (domain/email-typos.ts), in a
 * polite live region. The server fills it when it caught the typo (a form sent without JavaScript):
 * one button sends the suggested address instead (`ls_fix`), the other sends the address as typed.
 * Otherwise the landing script fills it, from the sentences it carries, when the field loses focus
 * or the form is first sent. `ls_typo` names the address the visitor has seen the suggestion for,
 * so the server never asks about it again.
 */
export function TypoSuggestion({ id, typo }: { id: string; typo: LandingPageProps['typo'] }) {
  const t = useT();
  const sentence = (key: 'form.typo.question' | 'form.typo.use' | 'form.typo.keep') => t(key, { email: TYPO_ADDRESS });
  return (
    <>
      <input type="hidden" name={RESERVED_NAMES.typoSeen} defaultValue={typo?.typed ?? ''} />
      <div
        id={id}
        className="ls-field ls-typo"
        aria-live="polite"
        data-ls-typo=""
        data-ls-suggest={sentence('form.typo.question')}
        data-ls-use={sentence('form.typo.use')}
        data-ls-keep={sentence('form.typo.keep')}
      >
        {typo && (
          <>
            <p className="ls-label">{t('form.typo.question', { email: typo.suggested })}</p>
            <button type="submit" className="ls-link" name={RESERVED_NAMES.typoFix} value={typo.suggested}>
              {t('form.typo.use', { email: typo.suggested })}
            </button>
            <button type="submit" className="ls-link">
              {t('form.typo.keep', { email: typo.typed })}
            </button>
          </>
        )}
      </div>
    </>
  );
}

/**
 * The creator's preview suggests as the page's script would, when the email field loses focus: the
 * props for that field's input, and the box to show under it (null when `on` is false).
 */
export function usePreviewTypo(on: boolean) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [typo, setTypo] = useState<{ typed: string; suggested: string } | null>(null);
  if (!on) return { input: {}, box: null };
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value.trim();
    const suggestion = suggestEmail(typed);
    setTypo(suggestion ? { typed, suggested: suggestion.email } : null);
  };
  const use = (address: string) => {
    if (input.current) {
      input.current.value = address;
      input.current.focus();
    }
    setTypo(null);
  };
  const box = (
    <div className="ls-field ls-typo" aria-live="polite">
      {typo && (
        <>
          <p className="ls-label">{t('form.typo.question', { email: typo.suggested })}</p>
          <button type="button" className="ls-link" onClick={() => use(typo.suggested)}>
            {t('form.typo.use', { email: typo.suggested })}
          </button>
          <button type="button" className="ls-link" onClick={() => use(typo.typed)}>
            {t('form.typo.keep', { email: typo.typed })}
          </button>
        </>
      )}
    </div>
  );
  return { input: { ref: input, onBlur }, box };
}
