import type { FormConfig } from '@/domain/form-config';
import type { Translate } from '@/domain/i18n/translate';
import { englishT } from './i18n';

/** The button's words when the owner wrote none (the Design tab shows them as its placeholder). */
export function automaticSubmitLabel(config: FormConfig, t: Translate = englishT): string {
  if (config.payment.enabled) return t('form.submit.defaultPaid');
  const name = config.leadMagnetName.trim();
  return name ? t('form.submit.default', { leadMagnet: name }) : t('form.submit.defaultNoName');
}

/** The submit button's words: the owner's (Design tab), else the automatic ones. Recorded with each sign-up's consent. */
export function submitLabel(config: FormConfig, t: Translate = englishT): string {
  return config.design?.buttonText?.trim() || automaticSubmitLabel(config, t);
}
