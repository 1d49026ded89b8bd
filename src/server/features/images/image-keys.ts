import { isUuid } from '../../../domain/ids.js';

/**
 * Where one width of an image is stored. Derived from the id and width alone, so a request for
 * /img/{id}/{width}.webp goes straight to storage, with no database lookup.
 */
export const imageStorageKey = (id: string, width: number) => `img-${id}-${width}.webp`;

const FILE = /^([1-9][0-9]{0,4})\.webp$/;

/** The storage key `/img/:id/:file` names, or null when it cannot name a stored image. */
export function imageKeyOf(id: string, file: string): string | null {
  const match = FILE.exec(file);
  // Ids are handed out in lower case: one URL per image and width, for caches too.
  if (!match || !isUuid(id) || id !== id.toLowerCase()) return null;
  return imageStorageKey(id, Number(match[1]));
}
