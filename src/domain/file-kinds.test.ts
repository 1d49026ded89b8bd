import { describe, expect, it } from 'vitest';
import {
  docxEntries,
  epubEntries,
  mp3Bytes,
  notAcceptedBytes,
  plainZipEntries,
  sampleFile,
  storedZip,
  xlsxEntries,
} from '@tests/kit/files';
import { pdfBytes } from '@tests/kit/data';
import {
  ACCEPTED_FILE_KINDS_TEXT,
  detectFileKind,
  FILE_INPUT_ACCEPT,
  FILE_KINDS,
  fileKindOfContentType,
  fileKindOfName,
  fileMessages,
  findCentralDirectory,
  SNIFF_HEAD_BYTES,
  sniffHead,
  ZIP_TAIL_BYTES,
  type FileKind,
} from './file-kinds';

/** The whole-file check as the server and the browser make it: the head, the tail, and any range asked for. */
function kindOf(content: Buffer): Promise<FileKind | undefined> {
  const head = content.subarray(0, SNIFF_HEAD_BYTES);
  const tail = content.subarray(Math.max(0, content.length - ZIP_TAIL_BYTES));
  return detectFileKind(head, content.length, tail, async function* (start, end) {
    // In small pieces, as a stream would hand them over: records are split across chunks.
    for (let at = start; at < end; at += 1000) yield content.subarray(at, Math.min(at + 1000, end));
  });
}

describe('each kind, from real minimal bytes', () => {
  it.each(FILE_KINDS)('tells a %s by its contents', async (kind) => {
    const { name, content } = sampleFile(kind);
    expect(fileKindOfName(name)).toBe(kind);
    expect(await kindOf(content)).toBe(kind);
  });

  it('takes an MP3 by its frame sync without a tag, and .jpeg as a JPEG', async () => {
    expect(await kindOf(mp3Bytes({ tag: false }))).toBe('mp3');
    expect(await kindOf(mp3Bytes({ tag: false, frames: 1 }))).toBe('mp3'); // the whole file is one frame
    expect(fileKindOfName('Cover.JPEG')).toBe('jpg');
  });

  it('reads a central directory beyond the last 64 KB, a ZIP64 end record and an archive comment', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ name: `pages/page-${String(i).padStart(5, '0')}.txt`, data: 'x' }));
    const bigDocx = storedZip([...docxEntries(), ...many]);
    const directory = findCentralDirectory(bigDocx.subarray(-ZIP_TAIL_BYTES), bigDocx.length)!;
    expect(directory.offset).toBeLessThan(bigDocx.length - ZIP_TAIL_BYTES); // not in the tail: read as a range
    expect(await kindOf(bigDocx)).toBe('docx');
    expect(await kindOf(storedZip([...many, ...plainZipEntries()]))).toBe('zip');
    expect(await kindOf(storedZip(xlsxEntries(), { zip64: true }))).toBe('xlsx');
    expect(await kindOf(storedZip(epubEntries(), { comment: 'made by hand' }))).toBe('epub');
  });
});

describe('what is refused', () => {
  it('a ZIP without the parts of the kind its name claims is a plain ZIP', async () => {
    expect(await kindOf(storedZip(plainZipEntries()))).toBe('zip');
    // Office parts without [Content_Types].xml do not make a package.
    expect(await kindOf(storedZip(docxEntries().filter((e) => e.name !== '[Content_Types].xml')))).toBe('zip');
    // An EPUB's mimetype must come first.
    expect(await kindOf(storedZip([...epubEntries()].reverse()))).toBe('zip');
  });

  it('a PNG is a PNG, whatever its name; scripts, pages and executables are nothing we deliver', async () => {
    expect(await kindOf(sampleFile('png').content)).toBe('png');
    for (const bytes of Object.values(notAcceptedBytes)) expect(await kindOf(bytes)).toBeUndefined();
    expect(await kindOf(Buffer.alloc(0))).toBeUndefined();
    expect(await kindOf(Buffer.from('%PD'))).toBeUndefined();
  });

  it('a ZIP cut short, or announcing more entries than it has, is not one', async () => {
    const docx = storedZip(docxEntries());
    expect(await kindOf(docx.subarray(0, docx.length - 30))).toBeUndefined();
    const lying = Buffer.from(docx);
    lying.writeUInt16LE(9, lying.length - 12); // total entries in the end record
    expect(await kindOf(lying)).toBeUndefined();
  });

  it('an MPEG-like first frame needs a second right after it', () => {
    const broken = mp3Bytes({ tag: false, frames: 3 });
    broken[417] = 0; // the second frame's sync
    expect(sniffHead(broken, true)).toBeUndefined();
    expect(sniffHead(pdfBytes())).toBe('pdf');
  });

  it('names and content types', () => {
    for (const name of ['setup.exe', 'page.html', 'logo.svg', 'guide', '.pdf', 'guide.pdf.'])
      expect(fileKindOfName(name)).toBeUndefined();
    expect(fileKindOfName('report.final.XLSX')).toBe('xlsx');
    expect(fileKindOfContentType('application/pdf')).toBe('pdf');
    expect(fileKindOfContentType('Audio/MPEG; charset=binary')).toBe('mp3');
    expect(fileKindOfContentType('text/html')).toBeUndefined();
  });
});

describe('the words', () => {
  it('lists every kind, in the style of the upload messages', () => {
    expect(ACCEPTED_FILE_KINDS_TEXT).toBe('PDF, DOCX, XLSX, PPTX, EPUB, ZIP, JPG, PNG and MP3');
    expect(fileMessages.unsupported).toBe('Only PDF, DOCX, XLSX, PPTX, EPUB, ZIP, JPG, PNG and MP3 files are accepted');
    expect(fileMessages.notReally('docx', 'zip')).toBe('This file is not really a .docx (it is a ZIP archive)');
    expect(fileMessages.notReally('pdf')).toBe('This file is not really a .pdf');
    expect(FILE_INPUT_ACCEPT).toBe('.pdf,.docx,.xlsx,.pptx,.epub,.zip,.jpg,.jpeg,.png,.mp3');
  });
});
