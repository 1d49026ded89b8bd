import { z } from 'zod';
import { isWebAddress } from './form-config';
import { formMessages } from './form-messages';

/**
 * What a workspace's new pages start from, so the owner types it once (docs/decisions/0059). The owner API:
 *
 *   GET /api/workspace/page-defaults                     -> PageDefaults
 *   PUT /api/workspace/page-defaults  body PageDefaults  -> PageDefaults
 *
 * A page published while the workspace has no privacy-policy address gives it its own. A new page
 * in the creator starts with it; a saved page or a restored draft keeps its own.
 */
export const pageDefaultsSchema = z.object({
  /** The privacy-policy address, checked as the page's own field is; '' for none. */
  privacyPolicyUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || isWebAddress(v), formMessages.privacyPolicyUrlInvalid),
});
export type PageDefaults = z.infer<typeof pageDefaultsSchema>;
