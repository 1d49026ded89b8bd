import type { ImageRef } from '@/domain/form-config';
import { widthsFor } from '@/domain/images';
import { isStoredFileMissing, type Storage } from '@/server/lib/storage';
import { imageStorageKey } from './image-keys.js';

/**
 * The stored WebP of `image` at the narrowest width of at least `atLeast` pixels (its widest when
 * none is that wide), for whatever another feature makes from it (a link preview's card, a favicon);
 * null when it is not stored (any more).
 */
export async function storedImageBytes(storage: Storage, image: ImageRef, atLeast: number): Promise<Buffer | null> {
  const widths = widthsFor(image.width);
  const width = widths.find((w) => w >= atLeast) ?? widths[widths.length - 1]!;
  let stream: AsyncIterable<Buffer>;
  try {
    stream = await storage.read(imageStorageKey(image.id, width));
  } catch (err) {
    if (isStoredFileMissing(err)) return null;
    throw err;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
