import { z } from 'zod';
import { CAPTCHA_CHOICES } from './captcha';
import { DEFAULT_ADDRESS_CHECKS, isWebAddress } from './form-config';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from './i18n/languages';
import { formMessages } from './form-messages';

/**
 * What a workspace's new pages start from, so the owner types it once (docs/decisions/0059). The owner API:
 *
 *   GET /api/workspace/page-defaults                     -> PageDefaults
 *   PUT /api/workspace/page-defaults  body PageDefaults  -> PageDefaults
 *
 * A page published while the workspace has no privacy-policy address (or never chose a language,
 * address checks or captcha) gives it its own. A new page in the creator starts with them; a saved
 * page or a restored draft keeps its own. A PUT changes what it names: a client that knows only the
 * address leaves the others alone.
 */
export const pageDefaultsSchema = z.object({
  /** The privacy-policy address, checked as the page's own field is; '' for none. */
  privacyPolicyUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || isWebAddress(v), formMessages.privacyPolicyUrlInvalid),
  /** The language of the fixed words on new pages (docs/decisions/0085). */
  language: z.enum(LANGUAGE_CODES, { message: 'Choose one of the languages in the list' }).optional(),
  /**
   * The address checks of new pages (docs/decisions/0086), all three named: a partial object would
   * silently put Lodestone's defaults over the workspace's other two.
   */
  addressChecks: z.object({ typos: z.boolean(), deliverable: z.boolean(), disposable: z.boolean() }).optional(),
  /** The captcha of new pages (docs/decisions/0087); one without the workspace's keys is saved, and the page says so. */
  captcha: z.enum(CAPTCHA_CHOICES, { message: 'Choose one of the captchas in the list' }).optional(),
});
export type PageDefaultsInput = z.infer<typeof pageDefaultsSchema>;
export type PageDefaults = Required<PageDefaultsInput>;

export const DEFAULT_PAGE_DEFAULTS: PageDefaults = {
  privacyPolicyUrl: '',
  language: DEFAULT_LANGUAGE,
  addressChecks: { ...DEFAULT_ADDRESS_CHECKS },
  captcha: 'off',
};
