import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFRef } from '@cantoo/pdf-lib';

/**
 * The strings each page of a PDF shows with Tj (literal or hex), read from its content streams:
 * enough to find the line a stamp wrote in a standard font, without a PDF renderer.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true });
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    let source = '';
    for (const item of streams) {
      const stream = doc.context.lookup(item as PDFRef);
      if (stream instanceof PDFRawStream) source += Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') + '\n';
    }
    const found: string[] = [];
    for (const m of source.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g)) {
      found.push(Buffer.from(m[1]!.replace(/\s/g, ''), 'hex').toString('latin1'));
    }
    for (const m of source.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) found.push(m[1]!.replace(/\\(.)/g, '$1'));
    return found.join('\n');
  });
}

/** A small valid PDF of `pages` pages, each with a line of its own. */
export async function makePdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) doc.addPage([400, 500]).drawText(`Workbook page ${i + 1}`, { x: 40, y: 400, size: 14 });
  return doc.save();
}
