import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { ErrorCode } from '@/domain/api-errors';
import type { ImageRef } from '@/domain/form-config';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, imageMessages, widthsFor } from '@/domain/images';
import type { Db } from '@/server/db/client';
import { images } from '@/server/db/schema/index';
import { HttpError } from '@/server/lib/http-errors';
import type { Storage } from '@/server/lib/storage';
import { imageStorageKey } from './image-keys.js';
import { IMAGE_SIGNATURE_BYTES, imageTypeOf, type ImageType } from './image-type.js';

export const notAnImage = () => new HttpError(415, ErrorCode.NOT_AN_IMAGE, imageMessages.wrongType);
export const imageTooLarge = () => new HttpError(413, ErrorCode.FILE_TOO_LARGE, imageMessages.tooLarge);
const unreadable = () => new HttpError(422, ErrorCode.UNREADABLE_IMAGE, imageMessages.unreadable);
const tooManyPixels = () => new HttpError(422, ErrorCode.UNREADABLE_IMAGE, imageMessages.tooManyPixels);

type Upload = Readable & { truncated?: boolean };

/**
 * The upload's bytes, refused as soon as its first bytes are not a PNG's, JPEG's or WebP's, and
 * at the size limit without reading the rest (busboy's 'limit'). Held in memory: sharp decodes a
 * whole image anyway, and the limit keeps it small.
 */
async function readImage(file: Upload): Promise<{ bytes: Buffer; type: ImageType }> {
  file.once('limit', () => file.destroy(imageTooLarge()));
  const chunks: Buffer[] = [];
  let size = 0;
  let type: ImageType | null = null;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (!type && size >= IMAGE_SIGNATURE_BYTES) {
      type = imageTypeOf(Buffer.concat(chunks));
      if (!type) throw notAnImage(); // leaving the loop destroys the stream: the rest is never read
    }
  }
  if (file.truncated) throw imageTooLarge();
  if (!type) throw notAnImage(); // fewer bytes than any image's signature
  return { bytes: Buffer.concat(chunks, size), type };
}

/** Width and height once turned upright by its EXIF orientation; sharp reads them from the header, decoding no pixels. */
async function uprightSize(bytes: Buffer, type: ImageType) {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  // sharp names the format from the same signature; anything else is a file we did not mean to take.
  if (meta.format !== type || !meta.width || !meta.height) throw unreadable();
  const { width, height } = meta.autoOrient;
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) throw tooManyPixels();
  return { width, height };
}

/**
 * Each width of `widthsFor(width)` as WebP: decoded once (the pixel limit guards against a
 * decompression bomb whatever the header said), turned upright, resized to the largest width, and
 * the smaller ones made from that. sharp writes no metadata unless asked (no EXIF, GPS, XMP, ICC:
 * colours are converted to sRGB).
 */
async function encodeWidths(bytes: Buffer, width: number): Promise<Map<number, Buffer>> {
  const widths = widthsFor(width);
  const largest = widths[widths.length - 1]!;
  let upright: { data: Buffer; info: sharp.OutputInfo };
  try {
    upright = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'truncated' })
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable();
  }
  const { data, info } = upright;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const encoded = await Promise.all(
    widths.map(async (w) => {
      const resized = w === info.width ? sharp(data, raw) : sharp(data, raw).resize({ width: w });
      return [w, await resized.webp({ quality: 82 }).toBuffer()] as const;
    }),
  );
  return new Map(encoded);
}

/**
 * Stores an uploaded logo or cover for `workspaceId`: checked by its bytes, re-encoded to WebP at
 * each width a page may ask for, and recorded. Nothing is left behind when any step fails.
 */
export async function storeImage(db: Db, storage: Storage, workspaceId: string, file: Upload): Promise<ImageRef> {
  const { bytes, type } = await readImage(file);
  const { width, height } = await uprightSize(bytes, type);
  const variants = await encodeWidths(bytes, width);
  const id = randomUUID();
  const keys = [...variants.keys()].map((w) => imageStorageKey(id, w));
  try {
    await Promise.all([...variants].map(([w, webp]) => storage.write(imageStorageKey(id, w), Readable.from([webp]))));
    await db.insert(images).values({
      id,
      workspaceId,
      width,
      height,
      widths: [...variants.keys()],
      size: bytes.length,
      storedSize: [...variants.values()].reduce((sum, webp) => sum + webp.length, 0),
    });
  } catch (err) {
    await Promise.all(keys.map((key) => storage.remove(key)));
    throw err;
  }
  return { id, width, height };
}
