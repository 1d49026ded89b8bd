// The kinds of file a page may give away (docs/product.md#validation), and
// how each is told from its bytes: a file is accepted only when its name's extension and its contents
// agree. Pure functions over bytes, so the server (while streaming an upload) and the browser (on
// choosing a file) decide alike.

export const FILE_KINDS = ['pdf', 'docx', 'xlsx', 'pptx', 'epub', 'zip', 'jpg', 'png', 'mp3'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface FileKindInfo {
  /** As the upload lists it: 'PDF', 'DOCX'. */
  label: string;
  /** What the file is, for a message: 'a Word document'. */
  what: string;
  contentType: string;
  /** Lower case, without the dot; the first is the one a download gets. */
  extensions: readonly string[];
}

export const FILE_KIND_INFO: Record<FileKind, FileKindInfo> = {
  pdf: { label: 'PDF', what: 'a PDF document', contentType: 'application/pdf', extensions: ['pdf'] },
  docx: {
    label: 'DOCX',
    what: 'a Word document',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  xlsx: {
    label: 'XLSX',
    what: 'an Excel workbook',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
  },
  pptx: {
    label: 'PPTX',
    what: 'a PowerPoint presentation',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
  },
  epub: { label: 'EPUB', what: 'an EPUB ebook', contentType: 'application/epub+zip', extensions: ['epub'] },
  zip: { label: 'ZIP', what: 'a ZIP archive', contentType: 'application/zip', extensions: ['zip'] },
  jpg: { label: 'JPG', what: 'a JPEG image', contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { label: 'PNG', what: 'a PNG image', contentType: 'image/png', extensions: ['png'] },
  mp3: { label: 'MP3', what: 'an MP3 audio file', contentType: 'audio/mpeg', extensions: ['mp3'] },
};

/** The kinds that are ZIP archives inside: told apart by their entries. */
export const ZIP_BASED_KINDS: ReadonlySet<FileKind> = new Set<FileKind>(['docx', 'xlsx', 'pptx', 'epub', 'zip']);

/** 'PDF, DOCX, XLSX, PPTX, EPUB, ZIP, JPG, PNG and MP3' */
export const ACCEPTED_FILE_KINDS_TEXT = `${FILE_KINDS.slice(0, -1)
  .map((k) => FILE_KIND_INFO[k].label)
  .join(', ')} and ${FILE_KIND_INFO[FILE_KINDS[FILE_KINDS.length - 1]!].label}`;

/** The file input's `accept`: by extension, since browsers name some of these types inconsistently (or not at all). */
export const FILE_INPUT_ACCEPT = FILE_KINDS.flatMap((k) => FILE_KIND_INFO[k].extensions.map((e) => `.${e}`)).join(',');

export const fileMessages = {
  /** In the words of the prototype's 'Only PDF files are accepted', for the kinds accepted now (docs/product.md#validation). */
  unsupported: `Only ${ACCEPTED_FILE_KINDS_TEXT} files are accepted`,
  empty: 'This file is empty',
  /** The name says one kind, the contents another (a renamed file). */
  notReally: (extension: string, actual?: FileKind) =>
    `This file is not really a .${extension}${actual ? ` (it is ${FILE_KIND_INFO[actual].what})` : ''}`,
} as const;

/** The name's extension, lower case, without the dot ('' when it has none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The kind a file's name claims, by its extension. */
export function fileKindOfName(name: string): FileKind | undefined {
  const extension = fileExtension(name);
  return FILE_KINDS.find((k) => FILE_KIND_INFO[k].extensions.includes(extension));
}

/** The kind stored with a file (its content type). */
export function fileKindOfContentType(contentType: string): FileKind | undefined {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return FILE_KINDS.find((k) => FILE_KIND_INFO[k].contentType === type);
}

// ---------------------------------------------------------------------------------------------
// The head: the first bytes of a file.

/** Enough of the head to tell the kinds apart, and to read an EPUB's first entry. */
export const SNIFF_HEAD_BYTES = 4096;

/** What the head says: a kind, or 'zip' for a ZIP archive whose entries still decide (DOCX, XLSX, PPTX or a plain ZIP). */
export type HeadKind = Exclude<FileKind, 'docx' | 'xlsx' | 'pptx'>;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

const PDF = ascii('%PDF-');
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ID3 = ascii('ID3');
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const EPUB_MIMETYPE_NAME = ascii('mimetype');
const EPUB_MIMETYPE = ascii('application/epub+zip');

/**
 * The kind the head shows, or undefined for anything else (HTML, SVG, an executable, an empty file).
 * `complete` says the head is the whole file (so an MP3 shorter than two frames can still be one).
 */
export function sniffHead(head: Uint8Array, complete = false): HeadKind | undefined {
  if (startsWith(head, PDF)) return 'pdf';
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpg';
  if (startsWith(head, ZIP_LOCAL_HEADER)) return isEpubHead(head) ? 'epub' : 'zip';
  if (isId3Tag(head) || isMpegAudio(head, complete)) return 'mp3';
  return undefined;
}

/** An EPUB's first entry is `mimetype`, stored uncompressed, holding exactly `application/epub+zip` (OCF 3.0 §4.3). */
function isEpubHead(head: Uint8Array): boolean {
  if (head.length < 30) return false;
  const method = u16(head, 8);
  const nameLength = u16(head, 26);
  const extraLength = u16(head, 28);
  if (method !== 0 || nameLength !== EPUB_MIMETYPE_NAME.length || !startsWith(head, EPUB_MIMETYPE_NAME, 30)) return false;
  return startsWith(head, EPUB_MIMETYPE, 30 + nameLength + extraLength);
}

/** An ID3v2 tag: 'ID3', version 2 to 4, and a size of four 7-bit bytes. */
function isId3Tag(head: Uint8Array): boolean {
  if (!startsWith(head, ID3) || head.length < 10) return false;
  const [major, revision] = [head[3]!, head[4]!];
  return major >= 2 && major <= 4 && revision !== 0xff && [6, 7, 8, 9].every((i) => head[i]! < 0x80);
}

// MPEG audio Layer III: bit rates (kbit/s) by index, for MPEG-1 and for MPEG-2/2.5; sample rates by version.
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** The length of the Layer III frame whose header is at `at`, or undefined if there is no valid header there. */
function mpegFrameLength(b: Uint8Array, at: number): number | undefined {
  if (b.length < at + 4 || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return undefined;
  const version = (b[at + 1]! >> 3) & 0b11; // 0: MPEG-2.5, 1: reserved, 2: MPEG-2, 3: MPEG-1
  const layer = (b[at + 1]! >> 1) & 0b11; // 1: Layer III
  const bitrateIndex = b[at + 2]! >> 4;
  const rateIndex = (b[at + 2]! >> 2) & 0b11;
  const padding = (b[at + 2]! >> 1) & 1;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined;
  const bitrate = (version === 3 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  return Math.floor(((version === 3 ? 144 : 72) * bitrate) / sampleRate) + padding;
}

/** An MP3 without a tag starts with a frame, and the next frame follows right after it. */
function isMpegAudio(head: Uint8Array, complete: boolean): boolean {
  const length = mpegFrameLength(head, 0);
  if (length === undefined) return false;
  if (head.length >= length + 4) return mpegFrameLength(head, length) !== undefined;
  return complete;
}

// ---------------------------------------------------------------------------------------------
// The end: a ZIP archive's central directory names its entries.

/** The end of central directory record and the longest comment it may carry: a ZIP's last bytes that hold its record. */
export const ZIP_TAIL_BYTES = 22 + 0xffff;

export interface CentralDirectory {
  /** From the start of the file. */
  offset: number;
  size: number;
  entries: number;
}

/**
 * Finds the central directory from the file's last bytes (`tail`, up to ZIP_TAIL_BYTES of a file of
 * `fileSize` bytes). Undefined when there is no end record, or it points outside the file.
 */
export function findCentralDirectory(tail: Uint8Array, fileSize: number): CentralDirectory | undefined {
  const tailStart = fileSize - tail.length;
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (u32(tail, at) !== 0x06054b50) continue;
    if (at + 22 + u16(tail, at + 20) > tail.length) continue; // its comment would run past the end
    let entries = u16(tail, at + 10);
    let size = u32(tail, at + 12);
    let offset = u32(tail, at + 16);
    if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
      // ZIP64: the locator right before the record points at the ZIP64 end record.
      const zip64 = zip64Directory(tail, at, tailStart);
      if (!zip64) return undefined;
      ({ entries, size, offset } = zip64);
    }
    const end = tailStart + at;
    if (entries === 0 || offset + size > end) return undefined;
    return { offset, size, entries };
  }
  return undefined;
}

function zip64Directory(tail: Uint8Array, eocdAt: number, tailStart: number) {
  const locatorAt = eocdAt - 20;
  if (locatorAt < 0 || u32(tail, locatorAt) !== 0x07064b50 || u32(tail, locatorAt + 12) !== 0) return undefined;
  const recordAt = u32(tail, locatorAt + 8) - tailStart;
  if (recordAt < 0 || recordAt + 56 > locatorAt || u32(tail, recordAt) !== 0x06064b50) return undefined;
  // 64-bit fields: a 10 MB upload never needs their high halves.
  if (u32(tail, recordAt + 36) !== 0 || u32(tail, recordAt + 44) !== 0 || u32(tail, recordAt + 52) !== 0) return undefined;
  return { entries: u32(tail, recordAt + 32), size: u32(tail, recordAt + 40), offset: u32(tail, recordAt + 48) };
}

/**
 * Reads central directory records as they arrive (in chunks of any size), keeping only an
 * unfinished record, and tells what the entries make of the archive.
 */
export class ZipEntries {
  private pending = new Uint8Array(0);
  private seen = 0;
  private broken = false;
  private contentTypes = false;
  private readonly parts = { docx: false, xlsx: false, pptx: false };

  constructor(private readonly expected: number) {}

  push(chunk: Uint8Array): void {
    if (this.broken) return;
    let bytes = chunk;
    if (this.pending.length > 0) {
      bytes = new Uint8Array(this.pending.length + chunk.length);
      bytes.set(this.pending);
      bytes.set(chunk, this.pending.length);
    }
    let at = 0;
    while (this.seen < this.expected && bytes.length - at >= 46) {
      if (u32(bytes, at) !== 0x02014b50) {
        this.broken = true;
        return;
      }
      const recordLength = 46 + u16(bytes, at + 28) + u16(bytes, at + 30) + u16(bytes, at + 32);
      if (bytes.length - at < recordLength) break;
      this.entry(bytes.subarray(at + 46, at + 46 + u16(bytes, at + 28)));
      this.seen += 1;
      at += recordLength;
    }
    this.pending = this.seen < this.expected ? bytes.slice(at) : new Uint8Array(0);
  }

  private entry(nameBytes: Uint8Array) {
    // The names that matter are ASCII; a name in another encoding can only be some other entry.
    const name = String.fromCharCode(...nameBytes.subarray(0, 64));
    if (name === '[Content_Types].xml') this.contentTypes = true;
    else if (name.startsWith('word/')) this.parts.docx = true;
    else if (name.startsWith('xl/')) this.parts.xlsx = true;
    else if (name.startsWith('ppt/')) this.parts.pptx = true;
  }

  /** Undefined unless every entry the end record announced was read. */
  kind(): 'docx' | 'xlsx' | 'pptx' | 'zip' | undefined {
    if (this.broken || this.seen !== this.expected) return undefined;
    if (this.contentTypes) {
      if (this.parts.docx) return 'docx';
      if (this.parts.xlsx) return 'xlsx';
      if (this.parts.pptx) return 'pptx';
    }
    return 'zip';
  }
}

/**
 * The kind of a whole file, from its head, and for a ZIP archive its central directory: `readRange`
 * gives the bytes from `start` (inclusive) to `end` (exclusive) in chunks.
 */
export async function detectFileKind(
  head: Uint8Array,
  size: number,
  tail: Uint8Array,
  readRange: (start: number, end: number) => AsyncIterable<Uint8Array>,
): Promise<FileKind | undefined> {
  const fromHead = sniffHead(head, head.length >= size);
  if (fromHead !== 'zip' && fromHead !== 'epub') return fromHead;
  const directory = findCentralDirectory(tail, size);
  if (!directory) return undefined;
  const entries = new ZipEntries(directory.entries);
  const tailStart = size - tail.length;
  if (directory.offset >= tailStart) {
    entries.push(tail.subarray(directory.offset - tailStart, directory.offset - tailStart + directory.size));
  } else {
    for await (const chunk of readRange(directory.offset, directory.offset + directory.size)) entries.push(chunk);
  }
  const inside = entries.kind();
  if (!inside) return undefined;
  return fromHead === 'epub' ? 'epub' : inside;
}
