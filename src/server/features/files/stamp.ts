import type { PDFDocument } from '@cantoo/pdf-lib';
import type { Language } from '@/domain/i18n/languages';
import { stampText } from '@/domain/paid-orders';
import { visitorWords } from '@/server/lib/visitor-words';

/**
 * Stamping a paid PDF for its buyer (docs/decisions/0083): each page gets a footer line, the stored
 * original is never changed (the stamped copy is made per download, in memory, and sent).
 *
 * Memory: pdf-lib holds the whole document, a few times its size, while it works. So a file above
 * STAMP_MAX_BYTES is not stamped (it is delivered as it is, and the owner told once), and at most
 * STAMP_CONCURRENCY stamps run at once in a process; the others wait their turn.
 */
export const STAMP_MAX_BYTES = 25 * 1024 * 1024;
const STAMP_CONCURRENCY = 2;
const FONT_SIZE = 8;

/** Why a PDF was delivered without its stamp, as the owner is told. */
export class UnstampablePdf extends Error {}

let running = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= STAMP_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** What Helvetica writes here: the Latin-1 characters of its WinAnsi encoding (the middle dot among them). */
const WRITABLE = /^[\u0020-\u007e\u00a0-\u00ff]$/;

/** Helvetica speaks WinAnsi: anything else in an address (an internationalised one) shows as '?'. */
const winAnsi = (text: string) => [...text].map((c) => (WRITABLE.test(c) ? c : '?')).join('');

/**
 * The stamp for a buyer, in the page's language where Helvetica can write all of it. It cannot write
 * Japanese, Chinese or Arabic (nor an address in another script), and a font that could is megabytes,
 * and Arabic would need shaping and right-to-left ordering that pdf-lib does not do: such a stamp is
 * the English one, as every stamp was before (an address's other characters still show as '?').
 */
export function stampLine(language: Language | undefined, email: string, orderNumber: number): string {
  const line = stampText(email, orderNumber, visitorWords(language));
  return [...line].every((c) => WRITABLE.test(c)) ? line : stampText(email, orderNumber, visitorWords('en'));
}

/**
 * The PDF with `text` in small grey type centred at the foot of every page. Throws UnstampablePdf
 * for a file that is not a PDF pdf-lib can read, an encrypted one (stamping would break it), or
 * one with no page.
 */
export async function stampPdf(original: Uint8Array, text: string): Promise<Uint8Array> {
  if (original.byteLength > STAMP_MAX_BYTES) {
    throw new UnstampablePdf(`it is larger than ${STAMP_MAX_BYTES / 1024 / 1024} MB, the most Lodestone stamps.`);
  }
  return inTurn(async () => {
    // Loaded on the first paid download, not with the app: the library takes seconds to import.
    const { PDFDocument, rgb, StandardFonts } = await import('@cantoo/pdf-lib');
    let doc: PDFDocument;
    try {
      doc = await PDFDocument.load(original, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    } catch {
      throw new UnstampablePdf('it could not be read as a PDF (it may be damaged).');
    }
    if (doc.isEncrypted) throw new UnstampablePdf('it is password-protected or encrypted.');
    try {
      const pages = doc.getPages();
      if (pages.length === 0) throw new UnstampablePdf('it has no pages.');
      const font = await doc.embedFont(StandardFonts.Helvetica);
      const line = winAnsi(text);
      for (const page of pages) {
        const { x, y, width } = page.getCropBox();
        const size = Math.min(FONT_SIZE, Math.max(4, (width - 24) / Math.max(1, font.widthOfTextAtSize(line, 1))));
        const textWidth = font.widthOfTextAtSize(line, size);
        page.drawText(line, {
          x: x + Math.max(4, (width - textWidth) / 2),
          y: y + 10,
          size,
          font,
          color: rgb(0.4, 0.4, 0.4),
        });
      }
      return await doc.save();
    } catch (err) {
      if (err instanceof UnstampablePdf) throw err;
      throw new UnstampablePdf('its pages could not be read or written to (it may be damaged).');
    }
  });
}
