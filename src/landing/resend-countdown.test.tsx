import { runInNewContext } from 'node:vm';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadAllCatalogues } from '@/domain/i18n/catalogues';
import type { Language } from '@/domain/i18n/languages';
import { translator, type Catalogue } from '@/domain/i18n/translate';
import { thankYouScript, VisitorThankYou } from './visitor-thank-you';

// The thank-you page's resend countdown (docs/decisions/0085): each second the script writes the whole
// sentence again in the page's language, so its plural follows the number (Polish sekundę / sekundy /
// sekund, Arabic's six forms) exactly as the server would have written it.

const catalogues = await loadAllCatalogues();

/** Runs the page's script against the note and button the server rendered, ticking `seconds` times. */
function countDown(language: Language, from: number) {
  const t = translator(language, catalogues[language], catalogues.en as Catalogue);
  const html = renderToStaticMarkup(
    <VisitorThankYou
      t={t}
      businessName="Acme"
      leadMagnetName="Guide"
      thankyouMessage=""
      email="ada@example.com"
      state="pending"
      token="tok"
      resendInSeconds={from}
    />,
  );
  const attribute = (name: string) => {
    const value = new RegExp(`${name}="([^"]*)"`).exec(html)?.[1] ?? null;
    return (
      value &&
      value
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&amp;/g, '&')
    );
  };
  const note = { hidden: false, textContent: '', getAttribute: attribute };
  const button = { hidden: true };
  let tick: (() => void) | undefined;
  runInNewContext(thankYouScript, {
    document: {
      querySelector: (selector: string) =>
        selector === '[data-ls-countdown]' ? note : selector === '[data-ls-resend]' ? button : null,
    },
    setInterval: (fn: () => void) => ((tick = fn), 1),
    clearInterval: () => (tick = undefined),
    Intl,
    JSON,
    Number,
    String,
  });
  const said: string[] = [];
  for (let i = 0; i < from; i++) {
    tick?.();
    said.push(note.hidden ? '(hidden)' : note.textContent);
  }
  return { t, said, button, html };
}

describe('the resend countdown', () => {
  it.each<Language>(['en', 'pl', 'ar', 'ja', 'de'])('says each second as the server would in %s', (language) => {
    const { t, said, button, html } = countDown(language, 6);
    expect(html).toContain(t('thanks.code.resendWait', { seconds: 6 }).replace(/'/g, '&#x27;'));
    expect(said).toEqual([5, 4, 3, 2, 1].map((seconds) => t('thanks.code.resendWait', { seconds })).concat('(hidden)'));
    expect(button.hidden).toBe(false);
  });

  it('gets English right at one second', () => {
    expect(countDown('en', 2).said[0]).toBe('You can ask for a new code in 1 second.');
  });
});
