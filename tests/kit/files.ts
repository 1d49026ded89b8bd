import { crc32 } from 'node:zlib';
import type { FileKind } from '@/domain/file-kinds';
import { pdfBytes } from './data.js';

// Small real files of each kind a page may give away, and files that only pretend to be one, for
// unit, integration and browser tests. The ZIP-based kinds are built here by a minimal writer of
// stored (uncompressed) ZIP archives.

export interface ZipEntry {
  name: string;
  data: string | Buffer;
}

export interface ZipOptions {
  /** An archive comment after the end record (up to 65535 bytes). */
  comment?: string;
  /** Writes the ZIP64 end record and locator, with the classic record's fields at their "see ZIP64" values. */
  zip64?: boolean;
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};
/** 1 January 2026, 12:00, in MS-DOS form. */
const DOS_TIME = u16(12 << 11);
const DOS_DATE = u16(((2026 - 1980) << 9) | (1 << 5) | 1);

/** A ZIP archive of `entries`, stored (method 0), in order: local headers and data, central directory, end record. */
export function storedZip(entries: ZipEntry[], options: ZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
    const common = [u16(20), u16(0x0800), u16(0), DOS_TIME, DOS_DATE, u32(crc32(data)), u32(data.length), u32(data.length)];
    const local = Buffer.concat([u32(0x04034b50), ...common, u16(name.length), u16(0), name, data]);
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20), // made by
        ...common,
        u16(name.length),
        u16(0), // extra
        u16(0), // comment
        u16(0), // disk
        u16(0), // internal attributes
        u32(0), // external attributes
        u32(offset),
        name,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const comment = Buffer.from(options.comment ?? '', 'utf8');
  const tail: Buffer[] = [];
  if (options.zip64) {
    const recordAt = offset + directory.length;
    tail.push(
      Buffer.concat([
        u32(0x06064b50),
        u64(44), // size of the rest of the record
        u16(45),
        u16(45),
        u32(0),
        u32(0),
        u64(entries.length),
        u64(entries.length),
        u64(directory.length),
        u64(offset),
      ]),
      Buffer.concat([u32(0x07064b50), u32(0), u64(recordAt), u32(1)]),
    );
  }
  const [count, size, at] = options.zip64 ? [0xffff, 0xffffffff, 0xffffffff] : [entries.length, directory.length, offset];
  tail.push(
    Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(count), u16(count), u32(size), u32(at), u16(comment.length), comment]),
  );
  return Buffer.concat([...locals, directory, ...tail]);
}

const CONTENT_TYPES = (main: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${main}" ContentType="${type}"/></Types>`;
const RELS = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${main}"/></Relationships>`;

/** The parts of a minimal Office Open XML package around `main` (e.g. word/document.xml). */
const officeEntries = (main: string, type: string, xml: string): ZipEntry[] => [
  { name: '[Content_Types].xml', data: CONTENT_TYPES(main, type) },
  { name: '_rels/.rels', data: RELS(main) },
  { name: main, data: xml },
];

export const docxEntries = () =>
  officeEntries(
    'word/document.xml',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Guide</w:t></w:r></w:p></w:body></w:document>',
  );
export const xlsxEntries = () =>
  officeEntries(
    'xl/workbook.xml',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
  );
export const pptxEntries = () =>
  officeEntries(
    'ppt/presentation.xml',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
    '<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
  );
export const epubEntries = (): ZipEntry[] => [
  { name: 'mimetype', data: 'application/epub+zip' },
  {
    name: 'META-INF/container.xml',
    data: '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
  },
  { name: 'OEBPS/content.opf', data: '<package xmlns="http://www.idpf.org/2007/opf" version="3.0"/>' },
];
export const plainZipEntries = (): ZipEntry[] => [
  { name: 'readme.txt', data: 'The guide, in parts.\n' },
  { name: 'part-1.txt', data: 'Part one.\n' },
];

/** A 1×1 PNG and a 1×1 JPEG, as sharp writes them. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVR4nGM4YWQEAALyAS2saifrAAAAAElFTkSuQmCC';
const JPEG =
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcAGo3/9k=';

/** MPEG-1 Layer III frames, 128 kbit/s at 44.1 kHz (417 bytes each), after an ID3v2.4 tag unless `tag` is false. */
export function mp3Bytes({ frames = 12, tag = true } = {}): Buffer {
  const frame = Buffer.alloc(417);
  Buffer.from([0xff, 0xfb, 0x90, 0x64]).copy(frame);
  const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]); // 'ID3' v2.4, no flags, empty
  return Buffer.concat([...(tag ? [id3] : []), ...Array.from({ length: frames }, () => frame)]);
}

/** A real, minimal file of each kind, named as an owner would name it. */
export function sampleFile(kind: FileKind): { name: string; content: Buffer } {
  switch (kind) {
    case 'pdf':
      return { name: 'guide.pdf', content: pdfBytes() };
    case 'docx':
      return { name: 'guide.docx', content: storedZip(docxEntries()) };
    case 'xlsx':
      return { name: 'budget.xlsx', content: storedZip(xlsxEntries()) };
    case 'pptx':
      return { name: 'slides.pptx', content: storedZip(pptxEntries()) };
    case 'epub':
      return { name: 'book.epub', content: storedZip(epubEntries()) };
    case 'zip':
      return { name: 'bundle.zip', content: storedZip(plainZipEntries()) };
    case 'jpg':
      return { name: 'cover.jpg', content: Buffer.from(JPEG, 'base64') };
    case 'png':
      return { name: 'chart.png', content: Buffer.from(PNG, 'base64') };
    case 'mp3':
      return { name: 'episode.mp3', content: mp3Bytes() };
  }
}

/** What an executable, a web page and an SVG image start with: kinds never accepted, whatever their name. */
export const notAcceptedBytes = {
  exe: Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(126), Buffer.from('PE\0\0', 'latin1')]),
  html: Buffer.from('<!doctype html><title>x</title><script>alert(document.cookie)</script>'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>'),
};
