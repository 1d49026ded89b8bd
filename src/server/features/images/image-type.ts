/** The raster formats a page may show, told apart by their first bytes (never by name or declared type). */
export type ImageType = 'png' | 'jpeg' | 'webp';

/** Enough of the start of a file to tell its type: WebP needs 12 bytes (RIFF, size, WEBP). */
export const IMAGE_SIGNATURE_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/**
 * The type the file's signature names, or null for anything else (SVG, GIF, HEIC, text, too few
 * bytes). A matching signature does not make a readable image: sharp decodes it afterwards.
 */
export function imageTypeOf(head: Uint8Array): ImageType | null {
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'webp';
  return null;
}
