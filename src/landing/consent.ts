import { followUpsOf, showsFollowUpOptIn, type FollowUps } from '@/domain/follow-ups';
import type { MessageKey, MessageValues, Translate } from '@/domain/i18n/translate';
import { englishT } from './i18n';

/**
 * The consent wording next to the privacy checkbox (docs/product.md#published-page). The server records exactly this
 * text and its version with each lead, so change the wording only together with the version.
 */
export const CONSENT_VERSION = 1;

/** What the consent sentence is about: the page's business, and whether it asks for marketing separately. */
export interface ConsentPage {
  businessName: string;
  followUps?: Partial<FollowUps> | undefined;
}

/**
 * Which consent sentence a page shows, for the page (with its link) and the server's evidence alike.
 * Where the page asks separately for follow-up emails (its own unticked opt-in), the required box
 * is the privacy policy alone: agreeing to marketing must not be a condition of the download.
 */
export function consentMessage(page: ConsentPage): { id: MessageKey; values: MessageValues } {
  if (showsFollowUpOptIn(followUpsOf(page))) return { id: 'form.consent.labelPolicyOnly', values: {} };
  const businessName = page.businessName.trim();
  return businessName
    ? { id: 'form.consent.label', values: { businessName } }
    : { id: 'form.consent.labelNoBusiness', values: {} };
}

/** The consent sentence as plain text in `t`'s language (its privacy policy words unlinked). */
export function consentText(page: ConsentPage, t: Translate = englishT): string {
  const { id, values } = consentMessage(page);
  return t(id, values);
}

/**
 * The follow-up opt-in's words (domain/follow-ups.ts), as the page shows them and the server records
 * them: the owner's own, else Lodestone's in `t`'s language with the business named.
 */
export function followUpOptInText(
  config: { businessName: string; followUps?: { optInText?: string } },
  t: Translate = englishT,
): string {
  const own = config.followUps?.optInText?.trim();
  return own || t('form.followUps.optIn', { businessName: config.businessName.trim() });
}
