import type { Translate } from '@/domain/i18n/translate';
import { englishT } from './i18n';

/**
 * The consent wording next to the privacy checkbox (docs/product.md#published-page). The server records exactly this
 * text and its version with each lead, so change the wording only together with the version.
 */
export const CONSENT_VERSION = 1;

/** The consent sentence as plain text in `t`'s language (its privacy policy words unlinked). */
export function consentText(businessName: string, t: Translate = englishT): string {
  const name = businessName.trim();
  return name ? t('form.consent.label', { businessName: name }) : t('form.consent.labelNoBusiness');
}
