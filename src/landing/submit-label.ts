import type { FormConfig } from '@/domain/form-config';

/** The button's words when the owner wrote none (the Design tab shows them as its placeholder). */
export function automaticSubmitLabel(config: FormConfig): string {
  if (config.payment.enabled) return 'Continue to payment';
  const name = config.leadMagnetName.trim();
  return name ? `Get ${name}` : 'Get your free download';
}

/** The submit button's words: the owner's (Design tab), else the automatic ones. Recorded with each sign-up's consent. */
export function submitLabel(config: FormConfig): string {
  return config.design?.buttonText?.trim() || automaticSubmitLabel(config);
}
