import type { Language } from '@/domain/i18n/languages';
import { noticeDocument } from '@/server/features/public-pages/index';
import { visitorWords } from '@/server/lib/visitor-words';

export type UnsubscribeState = 'ask' | 'done' | 'invalid';

/**
 * The page a follow-up email's "Unsubscribe" link opens, in the language of the page the lead signed
 * up on: 'ask' is a plain form (a POST to `action`, so a mail scanner that follows the link
 * unsubscribes nobody, and it works without JavaScript), 'done' confirms it, 'invalid' is a link we
 * did not make as it is. Sent with the public pages' policy (PUBLIC_CSP).
 */
export function renderUnsubscribePage(p: {
  language: Language;
  businessName: string;
  state: UnsubscribeState;
  action?: string;
}): string {
  const t = visitorWords(p.language);
  const businessName = p.businessName;
  const view =
    p.state === 'ask'
      ? {
          title: t('unsubscribe.title'),
          text: t('unsubscribe.ask', { businessName }),
          action: p.action ? { url: p.action, fields: {}, label: t('unsubscribe.button') } : undefined,
        }
      : p.state === 'done'
        ? { title: t('unsubscribe.done.title'), text: t('unsubscribe.done.text', { businessName }) }
        : { title: t('unsubscribe.invalid.title'), text: t('unsubscribe.invalid.text') };
  return noticeDocument({ language: t.language, ...view }).html;
}
