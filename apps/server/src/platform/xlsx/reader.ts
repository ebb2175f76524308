import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';

/**
 * A bounded-memory reader of an .xlsx file's first worksheet, as rows of text cells.
 *
 * Why not exceljs' streaming reader (DESIGN.md's choice for Excel): it builds Row and Cell objects
 * per row and, when the sheet comes before the shared strings in the zip, spools it; on a
 * 100,000-row import its peak RSS varied between 210 and 430 MB from run to run. This reader keeps
 * only the shared-string table and the row being parsed: the zip is read by random access (yauzl),
 * so the shared strings are read first whatever the entry order, and the sheet XML is parsed as a
 * stream (saxes) that is pulled no faster than the caller takes rows. See decision 0007.
 */

export interface XlsxRow {
  /** 1-based row number in the sheet (the `r` of `<row>`). */
  rowNumber: number;
  /** Trimmed text of columns A.. up to the width asked for ('' for an empty cell). */
  cells: string[];
}

/** The file cannot be read as a workbook; the message is Chinese and says so to the user. */
export class XlsxFormatError extends Error {}

const NOT_XLSX = '导入文件不是有效的 Excel（.xlsx）文件';
/** Small XML parts (relationships, workbook) are read whole; anything bigger is not a real one. */
const SMALL_PART_LIMIT = 8 * 1024 * 1024;
/** Shared strings beyond this many characters in all are refused rather than held in memory. */
const SHARED_STRINGS_CHAR_LIMIT = 64 * 1024 * 1024;
/** Excel's own limit of one cell's text. */
const CELL_CHAR_LIMIT = 32_767;
/**
 * XML text between two tags that the parser must buffer whole. No cell comes near it; a file
 * that does (a zip bomb's single text node) is refused before it fills memory.
 */
const TEXT_RUN_LIMIT = 1024 * 1024;
const TOO_LONG = '导入文件中有超过32767个字符的单元格，请检查后再导入';

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** A1 → 0, AB12 → 27; undefined when the reference has no letters. */
export function columnIndex(ref: string): number | undefined {
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20; // lower-case
    if (c < 97 || c > 122) break;
    n = n * 26 + (c - 96);
  }
  return i === 0 ? undefined : n - 1;
}

/** Resolves a relationship target against the folder of the part that names it (OPC rules). */
function resolvePart(fromPart: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  return path.posix.normalize(path.posix.join(path.posix.dirname(fromPart), target));
}

/** The relationships part of a part: xl/workbook.xml → xl/_rels/workbook.xml.rels. */
const relsOf = (part: string) =>
  path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);

class Zip {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
  ) {}

  static async open(file: string): Promise<Zip> {
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
    } catch {
      throw new XlsxFormatError(NOT_XLSX);
    }
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (e: yauzl.Entry) => {
        entries.set(e.fileName, e);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', () => reject(new XlsxFormatError(NOT_XLSX)));
      zip.readEntry();
    }).catch((err) => {
      zip.close();
      throw err;
    });
    return new Zip(zip, entries);
  }

  has(name: string) {
    return this.entries.has(name);
  }

  async stream(name: string): Promise<NodeJS.ReadableStream> {
    const entry = this.entries.get(name);
    if (!entry) throw new XlsxFormatError(NOT_XLSX);
    try {
      return await this.zip.openReadStreamPromise(entry);
    } catch {
      throw new XlsxFormatError(NOT_XLSX);
    }
  }

  async text(name: string): Promise<string | undefined> {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    if (entry.uncompressedSize > SMALL_PART_LIMIT) throw new XlsxFormatError(NOT_XLSX);
    const chunks: Buffer[] = [];
    for await (const chunk of await this.stream(name)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  close() {
    this.zip.close();
  }
}

/** Feeds a zip entry through a SAX parser, handing the caller whatever the handlers collected after each chunk. */
async function* parseEntry<T>(
  zip: Zip,
  name: string,
  attach: (parser: SaxesParser) => () => T[],
): AsyncGenerator<T> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const take = attach(parser);
  let sinceMarkup = 0; // characters since the last '<': what the parser holds as one text node
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of await zip.stream(name)) {
      const text = decoder.write(chunk as Buffer);
      const lt = text.lastIndexOf('<');
      sinceMarkup = lt < 0 ? sinceMarkup + text.length : text.length - lt;
      if (sinceMarkup > TEXT_RUN_LIMIT) throw new XlsxFormatError(TOO_LONG);
      parser.write(text); // malformed XML throws here
      yield* take();
    }
    parser.write(decoder.end()).close();
  } catch (err) {
    throw err instanceof XlsxFormatError ? err : new XlsxFormatError(NOT_XLSX);
  }
  yield* take();
}

/** Calls `onOpen` for every element of a small XML part (relationships, workbook). */
function scanSmallPart(xml: string, onOpen: (name: string, attrs: Record<string, string>) => void) {
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('opentag', (tag: SaxesTagPlain) =>
    onOpen(localName(tag.name), tag.attributes as Record<string, string>),
  );
  try {
    parser.write(xml).close();
  } catch {
    throw new XlsxFormatError(NOT_XLSX);
  }
}

interface Relationship {
  type: string;
  target: string;
}
async function relationships(zip: Zip, part: string): Promise<Map<string, Relationship>> {
  const out = new Map<string, Relationship>();
  const xml = await zip.text(relsOf(part));
  if (xml === undefined) return out;
  scanSmallPart(xml, (name, a) => {
    if (name === 'Relationship' && a.Id && a.Target && a.TargetMode !== 'External')
      out.set(a.Id, { type: a.Type ?? '', target: resolvePart(part, a.Target) });
  });
  return out;
}

/** Where the workbook, its first sheet and its shared strings are, read from the package's relationships. */
async function locateParts(zip: Zip) {
  const root = await relationships(zip, '');
  const workbook =
    [...root.values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const wbXml = await zip.text(workbook);
  if (wbXml === undefined) throw new XlsxFormatError(NOT_XLSX);
  let firstSheetRel: string | undefined;
  let sheets = 0;
  scanSmallPart(wbXml, (name, a) => {
    if (name !== 'sheet') return;
    sheets += 1;
    if (sheets === 1) firstSheetRel = Object.entries(a).find(([k]) => localName(k) === 'id')?.[1];
  });
  const rels = await relationships(zip, workbook);
  const sheet = firstSheetRel ? rels.get(firstSheetRel)?.target : undefined;
  const shared = [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'))?.target;
  return { sheets, sheet, sharedStrings: shared && zip.has(shared) ? shared : undefined };
}

/**
 * The text of a string item (`<si>` or an inline `<is>`): its `<t>` and rich-text runs, without
 * phonetic guides (`<rPh>`).
 */
class StringItem {
  private depthInPhonetic = 0;
  private inT = false;
  text = '';
  open(name: string) {
    if (name === 'rPh') this.depthInPhonetic += 1;
    else if (name === 't' && this.depthInPhonetic === 0) this.inT = true;
  }
  close(name: string) {
    if (name === 'rPh') this.depthInPhonetic -= 1;
    else if (name === 't') this.inT = false;
  }
  chars(text: string) {
    if (!this.inT) return;
    this.text += text;
    if (this.text.length > CELL_CHAR_LIMIT) throw new XlsxFormatError(TOO_LONG);
  }
}

async function readSharedStrings(zip: Zip, part: string): Promise<string[]> {
  const strings: string[] = [];
  let chars = 0;
  let item: StringItem | undefined;
  const parts = parseEntry<never>(zip, part, (parser) => {
    parser.on('opentag', (tag: SaxesTagPlain) => {
      const name = localName(tag.name);
      if (name === 'si') item = new StringItem();
      else item?.open(name);
    });
    parser.on('closetag', (tag: SaxesTagPlain) => {
      const name = localName(tag.name);
      if (name === 'si' && item) {
        chars += item.text.length;
        if (chars > SHARED_STRINGS_CHAR_LIMIT) throw new XlsxFormatError('导入文件过大，请拆分后再导入');
        strings.push(item.text);
        item = undefined;
      } else item?.close(name);
    });
    parser.on('text', (t: string) => item?.chars(t));
    return () => [];
  });
  for await (const _ of parts) void _;
  return strings;
}

/** Text of a cell from its type attribute and its raw `<v>` (or inline string). */
function cellValue(type: string | undefined, raw: string, shared: string[]): string {
  switch (type) {
    case 's':
      // An index, never empty in a valid file: '' must not read as string 0.
      return raw.trim() === '' ? '' : (shared[Number(raw)] ?? '').trim();
    case 'inlineStr':
    case 'str':
    case 'e':
      return raw.trim();
    case 'b':
      return raw === '1' || raw === 'true' ? 'TRUE' : raw === '' ? '' : 'FALSE';
    case 'd': {
      const d = new Date(raw);
      return Number.isNaN(d.getTime()) ? raw.trim() : d.toISOString().slice(0, 10);
    }
    default: {
      // Numbers as Excel shows them in General: 13800138000, not 1.38E+10.
      const t = raw.trim();
      if (t === '') return '';
      const n = Number(t);
      return Number.isFinite(n) ? String(n) : t;
    }
  }
}

/**
 * Streams the rows of the workbook's first sheet (in workbook order, not zip order) as `width`
 * text cells; rows with no text in those columns are skipped. Throws XlsxFormatError when the file
 * is not a workbook or has no sheet.
 */
export async function* readFirstSheet(file: string, width: number): AsyncGenerator<XlsxRow> {
  const zip = await Zip.open(file);
  try {
    const parts = await locateParts(zip);
    if (parts.sheets === 0) throw new XlsxFormatError('导入文件中没有工作表');
    if (!parts.sheet || !zip.has(parts.sheet)) throw new XlsxFormatError(NOT_XLSX);
    const shared = parts.sharedStrings ? await readSharedStrings(zip, parts.sharedStrings) : [];

    let rowNumber = 0;
    let cells: string[] = [];
    let column = -1;
    let cellType: string | undefined;
    let raw = '';
    let inValue = false;
    let inline: StringItem | undefined;
    let ready: XlsxRow[] = [];

    yield* parseEntry<XlsxRow>(zip, parts.sheet, (parser) => {
      parser.on('opentag', (tag: SaxesTagPlain) => {
        const name = localName(tag.name);
        const a = tag.attributes as Record<string, string>;
        if (name === 'row') {
          rowNumber = a.r ? Number(a.r) : rowNumber + 1;
          cells = new Array<string>(width).fill('');
          column = -1;
        } else if (name === 'c') {
          column = (a.r ? columnIndex(a.r) : undefined) ?? column + 1;
          cellType = a.t;
          raw = '';
        } else if (name === 'v') inValue = true;
        else if (name === 'is') inline = new StringItem();
        else inline?.open(name);
      });
      parser.on('closetag', (tag: SaxesTagPlain) => {
        const name = localName(tag.name);
        if (name === 'v') inValue = false;
        else if (name === 'is' && inline) {
          raw = inline.text;
          inline = undefined;
        } else if (name === 'c') {
          if (column >= 0 && column < width) cells[column] = cellValue(cellType, raw, shared);
        } else if (name === 'row') {
          if (cells.some((c) => c !== '')) ready.push({ rowNumber, cells });
        } else inline?.close(name);
      });
      parser.on('text', (t: string) => {
        if (inValue) {
          raw += t;
          if (raw.length > CELL_CHAR_LIMIT) throw new XlsxFormatError(TOO_LONG);
        } else inline?.chars(t);
      });
      return () => {
        const out = ready;
        ready = [];
        return out;
      };
    });
  } finally {
    zip.close();
  }
}

/**
 * Runs `read` over a local copy of a byte stream (random access needs a file; the storage
 * interface gives streams). The copy is removed afterwards, whatever happens.
 */
export async function* withLocalCopy<T>(
  input: NodeJS.ReadableStream,
  read: (file: string) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'feikong-xlsx-'));
  try {
    const file = path.join(dir, 'input.xlsx');
    await pipeline(input, fs.createWriteStream(file));
    yield* read(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
