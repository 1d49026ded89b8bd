import { z } from 'zod';
import { formConfigSchema, type FormConfig } from '@/domain/form-config';

/**
 * What the page creator passes in navigation state when it opens the standalone preview: its
 * config, and the images not uploaded yet (chosen signed out) by the id the config shows them by.
 */
export type PreviewState = { config: FormConfig; images?: Record<string, File> };

/**
 * The creator's work in progress: a configuration of today's shape, which may not pass every
 * publishing rule yet. Pixel ids may be half typed and the privacy policy address unfinished or
 * missing (the editor flags them; the preview runs no pixels and links only a usable address).
 */
const workInProgressConfigSchema = formConfigSchema.extend({
  privacyPolicyUrl: z.string().default(''),
  pixelFacebook: z.string(),
  pixelGoogle: z.string(),
});

const previewStateSchema = z.object({ config: workInProgressConfigSchema });

/** The configuration handed over in navigation state, or null when there is none of that shape. */
export function configFromState(state: unknown): FormConfig | null {
  const parsed = previewStateSchema.safeParse(state);
  return parsed.success ? parsed.data.config : null;
}

/** The images handed over in navigation state that are only in the browser so far (files by id); none when absent. */
export function imagesFromState(state: unknown): Record<string, File> {
  const images = (state as { images?: unknown } | null)?.images;
  if (!images || typeof images !== 'object') return {};
  return Object.fromEntries(Object.entries(images).filter((entry): entry is [string, File] => entry[1] instanceof File));
}
