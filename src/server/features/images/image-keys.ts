import { isUuid } from '@/domain/ids';

/**
 * Where one width of an image is stored. Derived from the id and width alone, so a request for
 * /img/{id}/{width}.webp goes straight to storage, with no database lookup.
 */
export const imageStorageKey = (id: string, width: number) => `img-${id}-${width}.webp`;

const FILE = /^([1-9][0-9]{0,4})\.(webp|png)$/;

/**
 * The storage key `/img/:id/:file` names, and whether a PNG copy of it is asked for (for emails:
 * mail programs that show no WebP), or null when it cannot name a stored image. PNG copies are made
 * of small widths only (`pngUpTo`), which is all a logo in an email needs.
 */
export function imageFileOf(id: string, file: string, pngUpTo: number): { key: string; png: boolean } | null {
  const match = FILE.exec(file);
  // Ids are handed out in lower case: one URL per image and width, for caches too.
  if (!match || !isUuid(id) || id !== id.toLowerCase()) return null;
  const width = Number(match[1]);
  const png = match[2] === 'png';
  if (png && width > pngUpTo) return null;
  return { key: imageStorageKey(id, width), png };
}

/** The storage key `/img/:id/:file` names, or null when it cannot name a stored WebP. */
export function imageKeyOf(id: string, file: string): string | null {
  const found = imageFileOf(id, file, 0);
  return found && !found.png ? found.key : null;
}
