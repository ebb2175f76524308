import { checkImagePixels, imageSize } from '../../../platform/untrusted/imageSize.js';
import { FILE_LIMITS, FileLimitError, limitMessages } from '../../../platform/untrusted/limits.js';
import { parseXml, type XmlNode } from '../recognition/xml.js';
import { readZip, ZipError } from '../recognition/zip.js';

/**
 * An OFD (GB/T 33190) read into drawable pages on the server, for printing: the server's counterpart of
 * the browser's renderer (web components/FilePreview/ofd/parse.ts, decision 0019), on the bounded zip
 * reader and the small XML tree of recognition/ instead of fflate and DOMParser. OFD.xml → Document.xml →
 * each page with its templates, the public and document resources (fonts, colours, draw parameters,
 * PNG/JPEG/GIF/BMP images), annotations and the signatures' seals. Units are millimetres, as in the file.
 *
 * The file is untrusted (decision 0032): the zip is read within OFD_ZIP_LIMITS, every XML part within
 * parseXml's node cap, every embedded picture's header is checked against FILE_LIMITS.imagePixels (and all
 * pictures of a page together against the same cap) before anything decodes it, a document may have at
 * most FILE_LIMITS.pdfPages pages and a page at most OFD_PAGE_LIMITS objects and characters. A refusal is an
 * OfdRefusal with a Chinese reason naming the file and the cap.
 */

export interface OfdBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Base {
  boundary: OfdBox;
  /** a b c d e f, applied inside the boundary (as SVG's matrix()). */
  ctm: number[] | null;
  /** 0–1. */
  alpha: number;
}

export interface OfdText extends Base {
  type: 'text';
  /** Font families, best first (the files name Windows fonts; the server has Noto CJK). */
  font: string;
  size: number;
  bold: boolean;
  italic: boolean;
  fill: string;
  stroke: string | null;
  /** One entry per character, relative to the boundary. */
  chars: { c: string; x: number; y: number }[];
}

export interface OfdPath extends Base {
  type: 'path';
  d: string;
  stroke: string | null;
  fill: string | null;
  lineWidth: number;
  cap: string | null;
  join: string | null;
  dash: number[] | null;
}

export interface OfdImage extends Base {
  type: 'image';
  mime: string;
  bytes: Uint8Array;
}

export interface OfdGroup {
  type: 'group';
  boundary: OfdBox;
  sx: number;
  sy: number;
  objects: OfdObject[];
}

export type OfdObject = OfdText | OfdPath | OfdImage | OfdGroup;

export interface OfdPage {
  width: number;
  height: number;
  objects: OfdObject[];
}

/** Per page, seals and annotations included. */
export const OFD_PAGE_LIMITS = {
  objects: 20_000,
  chars: 50_000,
  /** Nesting of page blocks. */
  depth: 12,
} as const;

/** A file we do not draw, with the reason for the user. */
export class OfdRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OfdRefusal';
  }
}

type Files = Map<string, Buffer>;

const kids = (el: XmlNode | null | undefined, name: string): XmlNode[] =>
  el ? el.children.filter((c) => c.local === name) : [];
const kid = (el: XmlNode | null | undefined, name: string): XmlNode | null => kids(el, name)[0] ?? null;
const text = (el: XmlNode | null | undefined) => el?.text.trim() ?? '';
const attr = (el: XmlNode | null | undefined, name: string): string | null => el?.attrs[name] ?? null;
const nums = (s: string | null | undefined): number[] =>
  (s ?? '')
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isFinite(n));
const round = (n: number) => Math.round(n * 10000) / 10000;

function parseBox(s: string | null | undefined): OfdBox | null {
  const n = nums(s);
  if (n.length < 4) return null;
  return { x: n[0]!, y: n[1]!, w: n[2]!, h: n[3]! };
}

/** `g N v` repeats v N times (GB/T 33190 §11.3); at most `max` values (a hostile N is not expanded). */
export function expandDeltas(s: string | null | undefined, max: number): number[] {
  const tokens = (s ?? '').trim().split(/\s+/).filter(Boolean);
  const out: number[] = [];
  for (let i = 0; i < tokens.length && out.length < max; i += 1) {
    if (tokens[i] === 'g') {
      const count = Math.min(Number(tokens[i + 1]), max - out.length);
      const value = Number(tokens[i + 2]);
      if (Number.isFinite(count) && Number.isFinite(value))
        for (let k = 0; k < count; k += 1) out.push(value);
      i += 2;
    } else {
      const v = Number(tokens[i]);
      if (Number.isFinite(v)) out.push(v);
    }
  }
  return out;
}

/** OFD AbbreviatedData → SVG path data (S/M start, L line, Q quadratic, B cubic, A arc, C close). */
export function pathData(abbreviated: string): string {
  const tokens = abbreviated.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  const arity: Record<string, [string, number]> = {
    S: ['M', 2],
    M: ['M', 2],
    L: ['L', 2],
    Q: ['Q', 4],
    B: ['C', 6],
    A: ['A', 7],
    C: ['Z', 0],
  };
  for (let i = 0; i < tokens.length;) {
    const op = arity[tokens[i]!];
    if (!op) {
      i += 1;
      continue;
    }
    const args = tokens.slice(i + 1, i + 1 + op[1]).map(Number);
    if (args.length < op[1] || args.some((n) => !Number.isFinite(n))) break;
    out.push(op[1] ? `${op[0]} ${args.join(' ')}` : op[0]);
    i += 1 + op[1];
  }
  return out.join(' ');
}

/** Font families for an OFD font name; Pango falls back to Noto CJK for what is missing. */
export function fontFamilies(fontName: string, familyName = ''): string {
  const n = `${fontName} ${familyName}`.toLowerCase();
  if (/courier|mono/.test(n)) return "'Noto Sans Mono CJK SC', 'DejaVu Sans Mono', monospace";
  if (/楷|kai|宋|song|仿|fang|serif|times/.test(n)) return "'Noto Serif CJK SC', 'Noto Sans CJK SC', serif";
  return "'Noto Sans CJK SC', sans-serif";
}

const hexOrNum = (t: string) => (t.startsWith('#') ? parseInt(t.slice(1), 16) : Number(t));

/** A Color element → rgb()/rgba() (RGB, Gray and CMYK colour spaces). */
export function colorOf(el: XmlNode | null, spaces: Map<string, string>): string | null {
  if (!el) return null;
  const v = (attr(el, 'Value') ?? '').trim().split(/\s+/).filter(Boolean).map(hexOrNum);
  if (!v.length || v.some((n) => !Number.isFinite(n))) return null;
  const space =
    spaces.get(attr(el, 'ColorSpace') ?? '') ?? (v.length === 1 ? 'GRAY' : v.length === 4 ? 'CMYK' : 'RGB');
  let rgb: number[];
  if (space === 'GRAY') rgb = [v[0]!, v[0]!, v[0]!];
  else if (space === 'CMYK') {
    const [c, m, y, k] = v.map((x) => x / 255) as [number, number, number, number];
    rgb = [c, m, y].map((x) => 255 * (1 - x) * (1 - (k ?? 0)));
  } else rgb = [v[0]!, v[1] ?? 0, v[2] ?? 0];
  const [r, g, b] = rgb.map((x) => Math.max(0, Math.min(255, Math.round(x))));
  const a = attr(el, 'Alpha');
  return a !== null && Number(a) < 255
    ? `rgba(${r},${g},${b},${round(Math.max(0, Number(a)) / 255)})`
    : `rgb(${r},${g},${b})`;
}

/** Joins a location against the folder of the file that names it; absolute (/…) from the root. */
export function resolveLoc(baseDir: string, loc: string): string {
  const raw = loc.trim().replace(/\\/g, '/');
  const parts = (raw.startsWith('/') ? raw.slice(1) : `${baseDir ? `${baseDir}/` : ''}${raw}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '' || p === '.') continue;
    if (p === '..') out.pop();
    else out.push(p);
  }
  return out.join('/');
}

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

class Pkg {
  private readonly lower = new Map<string, string>();
  private readonly parsed = new Map<string, XmlNode | null>();
  constructor(readonly files: Files) {
    for (const k of files.keys()) this.lower.set(k.toLowerCase(), k);
  }
  /** Writers differ in letter case (TPLS/ for Tpls/), so case is ignored. */
  get(p: string): Buffer | null {
    return this.files.get(p) ?? this.files.get(this.lower.get(p.toLowerCase()) ?? '') ?? null;
  }
  xml(p: string): XmlNode | null {
    if (!this.parsed.has(p)) {
      const data = this.get(p);
      this.parsed.set(p, data ? (parseXml(data) ?? null) : null);
    }
    return this.parsed.get(p)!;
  }
}

interface DrawParam {
  lineWidth?: number;
  stroke?: string | null;
  fill?: string | null;
  join?: string;
  cap?: string;
  dash?: number[];
}

interface Resources {
  spaces: Map<string, string>;
  fonts: Map<string, { family: string; bold: boolean; italic: boolean }>;
  params: Map<string, DrawParam>;
  images: Map<string, { mime: string; bytes: Uint8Array; pixels: number }>;
}

const MIME: [number[], string][] = [
  [[0x89, 0x50, 0x4e, 0x47], 'image/png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  [[0x47, 0x49, 0x46, 0x38], 'image/gif'],
  [[0x42, 0x4d], 'image/bmp'],
];
const mimeOf = (b: Uint8Array) => MIME.find(([sig]) => sig.every((v, i) => b[i] === v))?.[1] ?? null;

/** What is being done with the file (导出, 打印) and its name, for the refusals. */
interface Ctx {
  name: string;
  verb: string;
}

function readResources(pkg: Pkg, docDir: string, locs: string[], ctx: Ctx): Resources {
  const res: Resources = { spaces: new Map(), fonts: new Map(), params: new Map(), images: new Map() };
  const rawParams = new Map<string, XmlNode>();
  for (const loc of locs) {
    const file = resolveLoc(docDir, loc);
    const root = pkg.xml(file);
    if (!root) continue;
    const base = resolveLoc(dirOf(file), attr(root, 'BaseLoc') ?? '');
    for (const cs of kids(kid(root, 'ColorSpaces'), 'ColorSpace'))
      res.spaces.set(attr(cs, 'ID') ?? '', (attr(cs, 'Type') ?? 'RGB').toUpperCase());
    for (const f of kids(kid(root, 'Fonts'), 'Font'))
      res.fonts.set(attr(f, 'ID') ?? '', {
        family: fontFamilies(attr(f, 'FontName') ?? '', attr(f, 'FamilyName') ?? ''),
        bold: attr(f, 'Bold') === 'true',
        italic: attr(f, 'Italic') === 'true',
      });
    for (const p of kids(kid(root, 'DrawParams'), 'DrawParam')) rawParams.set(attr(p, 'ID') ?? '', p);
    for (const m of kids(kid(root, 'MultiMedias'), 'MultiMedia')) {
      const media = text(kid(m, 'MediaFile'));
      if (!media) continue;
      const data = pkg.get(resolveLoc(base, media)) ?? pkg.get(resolveLoc(dirOf(file), media));
      const mime = data && mimeOf(data);
      // JBIG2 (.jb2) and other formats librsvg cannot draw are left out.
      if (!data || !mime) continue;
      checkImagePixels(data, `${ctx.name}:${media}`, ctx.verb);
      const size = imageSize(data);
      res.images.set(attr(m, 'ID') ?? '', {
        mime,
        bytes: data,
        pixels: size ? size.width * size.height : FILE_LIMITS.imagePixels,
      });
    }
  }
  const resolveParam = (id: string, seen: Set<string>): DrawParam => {
    const cached = res.params.get(id);
    if (cached) return cached;
    const el = rawParams.get(id);
    if (!el || seen.has(id)) return {};
    seen.add(id);
    const rel = attr(el, 'Relative');
    const own: DrawParam = { ...(rel ? resolveParam(rel, seen) : {}) };
    if (attr(el, 'LineWidth')) own.lineWidth = Number(attr(el, 'LineWidth'));
    if (attr(el, 'Join')) own.join = attr(el, 'Join')!;
    if (attr(el, 'Cap')) own.cap = attr(el, 'Cap')!;
    if (attr(el, 'DashPattern')) own.dash = nums(attr(el, 'DashPattern'));
    const s = colorOf(kid(el, 'StrokeColor'), res.spaces);
    const f = colorOf(kid(el, 'FillColor'), res.spaces);
    if (s) own.stroke = s;
    if (f) own.fill = f;
    res.params.set(id, own);
    return own;
  };
  for (const id of rawParams.keys()) resolveParam(id, new Set());
  return res;
}

/** Counts a page's objects, characters and image pixels against the caps while it is read. */
class Budget {
  objects = 0;
  chars = 0;
  pixels = 0;
  constructor(private readonly ctx: Ctx) {}
  private tooMuch(): never {
    throw new OfdRefusal(`文件“${this.ctx.name}”的页面内容过多，无法${this.ctx.verb}`);
  }
  object() {
    if (++this.objects > OFD_PAGE_LIMITS.objects) this.tooMuch();
  }
  text(n: number) {
    this.chars += n;
    if (this.chars > OFD_PAGE_LIMITS.chars) this.tooMuch();
  }
  image(pixels: number) {
    this.pixels += pixels;
    if (this.pixels > FILE_LIMITS.imagePixels)
      throw new FileLimitError(limitMessages.imagePixels(this.ctx.name, this.ctx.verb));
  }
}

function ctmOf(el: XmlNode): number[] | null {
  const c = nums(attr(el, 'CTM'));
  return c.length === 6 ? c : null;
}

function alphaOf(el: XmlNode): number {
  const a = attr(el, 'Alpha');
  return a === null ? 1 : Math.max(0, Math.min(1, Number(a) / 255 || 0));
}

function readText(el: XmlNode, boundary: OfdBox, res: Resources, param: DrawParam, budget: Budget): OfdText {
  const font = res.fonts.get(attr(el, 'Font') ?? '');
  const size = Number(attr(el, 'Size') ?? 3.5) || 3.5;
  const chars: OfdText['chars'] = [];
  let lastX = 0;
  let lastY = 0;
  for (const code of kids(el, 'TextCode')) {
    const cs = Array.from(code.text);
    if (!cs.length) continue;
    budget.text(cs.length);
    let x = attr(code, 'X') !== null ? Number(attr(code, 'X')) || 0 : lastX;
    let y = attr(code, 'Y') !== null ? Number(attr(code, 'Y')) || 0 : lastY;
    const dx = expandDeltas(attr(code, 'DeltaX'), cs.length);
    const dy = expandDeltas(attr(code, 'DeltaY'), cs.length);
    cs.forEach((c, i) => {
      if (i > 0) {
        // Past the deltas given, a reader keeps the last step (or one em without any).
        x += dx[i - 1] ?? (dx.length ? dx[dx.length - 1]! : dy.length ? 0 : size);
        y += dy[i - 1] ?? 0;
      }
      chars.push({ c, x: round(x), y: round(y) });
    });
    lastX = x + size;
    lastY = y;
  }
  const fill = colorOf(kid(el, 'FillColor'), res.spaces) ?? param.fill ?? 'rgb(0,0,0)';
  const stroke = colorOf(kid(el, 'StrokeColor'), res.spaces) ?? param.stroke ?? 'rgb(0,0,0)';
  const weight = Number(attr(el, 'Weight') ?? 400);
  return {
    type: 'text',
    boundary,
    ctm: ctmOf(el),
    alpha: alphaOf(el),
    font: font?.family ?? fontFamilies(''),
    size,
    bold: (font?.bold ?? false) || weight >= 600,
    italic: (font?.italic ?? false) || attr(el, 'Italic') === 'true',
    fill: attr(el, 'Fill') === 'false' ? 'none' : fill,
    stroke: attr(el, 'Stroke') === 'true' ? stroke : null,
    chars,
  };
}

function readPath(el: XmlNode, boundary: OfdBox, res: Resources, param: DrawParam): OfdPath | null {
  const d = pathData(text(kid(el, 'AbbreviatedData')));
  if (!d) return null;
  const stroke = attr(el, 'Stroke') !== 'false';
  const fill = attr(el, 'Fill') === 'true';
  return {
    type: 'path',
    boundary,
    ctm: ctmOf(el),
    alpha: alphaOf(el),
    d,
    stroke: stroke ? (colorOf(kid(el, 'StrokeColor'), res.spaces) ?? param.stroke ?? 'rgb(0,0,0)') : null,
    // GB/T 33190: a path's fill colour defaults to transparent (its stroke to black).
    fill: fill ? (colorOf(kid(el, 'FillColor'), res.spaces) ?? param.fill ?? null) : null,
    lineWidth: Number(attr(el, 'LineWidth') ?? param.lineWidth ?? 0.353) || 0.353,
    cap: (attr(el, 'Cap') ?? param.cap ?? null)?.toLowerCase() ?? null,
    join: (attr(el, 'Join') ?? param.join ?? null)?.toLowerCase() ?? null,
    dash: attr(el, 'DashPattern') ? nums(attr(el, 'DashPattern')) : (param.dash ?? null),
  };
}

/** The drawable objects of a Layer, PageBlock or Appearance, in drawing order. */
function readObjects(
  container: XmlNode,
  res: Resources,
  inherited: DrawParam,
  budget: Budget,
  depth = 0,
): OfdObject[] {
  if (depth > OFD_PAGE_LIMITS.depth) return [];
  const layerParam = attr(container, 'DrawParam');
  const param = layerParam ? { ...inherited, ...res.params.get(layerParam) } : inherited;
  const out: OfdObject[] = [];
  for (const el of container.children) {
    if (attr(el, 'Visible') === 'false') continue;
    const boundary = parseBox(attr(el, 'Boundary'));
    const own = attr(el, 'DrawParam');
    const p = own ? { ...param, ...res.params.get(own) } : param;
    switch (el.local) {
      case 'TextObject':
        if (boundary) {
          budget.object();
          out.push(readText(el, boundary, res, p, budget));
        }
        break;
      case 'PathObject': {
        const path = boundary && readPath(el, boundary, res, p);
        if (path) {
          budget.object();
          out.push(path);
        }
        break;
      }
      case 'ImageObject': {
        const img = res.images.get(attr(el, 'ResourceID') ?? '');
        if (boundary && img) {
          budget.object();
          budget.image(img.pixels);
          out.push({
            type: 'image',
            boundary,
            ctm: ctmOf(el) ?? [boundary.w, 0, 0, boundary.h, 0, 0],
            alpha: alphaOf(el),
            mime: img.mime,
            bytes: img.bytes,
          });
        }
        break;
      }
      case 'PageBlock':
        budget.object();
        out.push({
          type: 'group',
          boundary: { x: 0, y: 0, w: 0, h: 0 },
          sx: 1,
          sy: 1,
          objects: readObjects(el, res, p, budget, depth + 1),
        });
        break;
      default:
        break;
    }
  }
  return out;
}

const contentObjects = (page: XmlNode | null, res: Resources, budget: Budget) =>
  kids(kid(page, 'Content'), 'Layer').flatMap((layer) => readObjects(layer, res, {}, budget));

const pageSize = (page: XmlNode | null) => parseBox(text(kid(kid(page, 'Area'), 'PhysicalBox')));

/** Annotations (watermarks, stamps drawn over the content) of the page with this ID. */
function annotationsOf(
  pkg: Pkg,
  docDir: string,
  docRoot: XmlNode,
  res: Resources,
  pageId: string,
  budget: Budget,
): OfdObject[] {
  const loc = text(kid(docRoot, 'Annotations'));
  if (!loc) return [];
  const file = resolveLoc(docDir, loc);
  const objects: OfdObject[] = [];
  for (const p of kids(pkg.xml(file), 'Page')) {
    if ((attr(p, 'PageID') ?? '') !== pageId) continue;
    const ann = pkg.xml(resolveLoc(dirOf(file), text(kid(p, 'FileLoc'))));
    for (const a of kids(ann, 'Annot')) {
      if (attr(a, 'Visible') === 'false') continue;
      const app = kid(a, 'Appearance');
      const box = parseBox(attr(app, 'Boundary'));
      if (!app || !box) continue;
      budget.object();
      objects.push({
        type: 'group',
        boundary: box,
        sx: 1,
        sy: 1,
        objects: readObjects(app, res, {}, budget),
      });
    }
  }
  return objects;
}

const indexOf = (b: Uint8Array, sig: number[]) => {
  outer: for (let i = 0; i + sig.length <= b.length; i += 1) {
    for (let k = 0; k < sig.length; k += 1) if (b[i + k] !== sig[k]) continue outer;
    return i;
  }
  return -1;
};

/** Pixels of every picture among `objects`, groups included. */
function pixelsOf(objects: OfdObject[]): number {
  let n = 0;
  for (const o of objects) {
    if (o.type === 'image') {
      const size = imageSize(o.bytes);
      n += size ? size.width * size.height : FILE_LIMITS.imagePixels;
    } else if (o.type === 'group') n += pixelsOf(o.objects);
  }
  return n;
}

interface Seal {
  pageRef: string;
  box: OfdBox;
  page: OfdPage;
}

/** The seal inside a signature value (SES DER): an embedded OFD's first page, or a PNG/JPEG/GIF. */
async function sealPage(value: Uint8Array, ctx: Ctx): Promise<OfdPage | null> {
  const zip = indexOf(value, [0x50, 0x4b, 0x03, 0x04]);
  if (zip >= 0) {
    try {
      const inner = await openOfd(value.subarray(zip), ctx, 1);
      if (inner.pageCount > 0) return await inner.page(0);
    } catch (err) {
      if (err instanceof FileLimitError) throw err;
      // not a readable seal OFD: try an image below
    }
  }
  for (const [sig, mime] of MIME.slice(0, 3)) {
    const at = indexOf(value, sig);
    if (at < 0) continue;
    const bytes = value.subarray(at);
    checkImagePixels(bytes, `${ctx.name}:seal`, ctx.verb);
    const box = { x: 0, y: 0, w: 1, h: 1 };
    return {
      width: 1,
      height: 1,
      objects: [{ type: 'image', boundary: box, ctm: null, alpha: 1, mime, bytes }],
    };
  }
  return null;
}

async function readSeals(pkg: Pkg, signaturesLoc: string, ctx: Ctx): Promise<Seal[]> {
  if (!signaturesLoc) return [];
  const file = resolveLoc('', signaturesLoc);
  const seals: Seal[] = [];
  for (const s of kids(pkg.xml(file), 'Signature')) {
    const sigFile = resolveLoc(dirOf(file), attr(s, 'BaseLoc') ?? '');
    const sig = pkg.xml(sigFile);
    if (!sig) continue;
    const stamps = kids(kid(sig, 'SignedInfo'), 'StampAnnot');
    if (!stamps.length) continue;
    const value = pkg.get(resolveLoc(dirOf(sigFile), text(kid(sig, 'SignedValue'))));
    const page = value ? await sealPage(value, ctx) : null;
    if (!page) continue;
    for (const stamp of stamps) {
      const box = parseBox(attr(stamp, 'Boundary'));
      if (box) seals.push({ pageRef: attr(stamp, 'PageRef') ?? '', box, page });
    }
  }
  return seals;
}

/** An opened OFD: how many pages its first document has, and each page on demand. */
export interface OpenedOfd {
  pageCount: number;
  page(index: number): Promise<OfdPage>;
}

/**
 * Opens an OFD package (its first document, as the invoices have one); `depth` > 0 for a seal inside a
 * signature (no seals of its own). Throws OfdRefusal when it is not an OFD or is too much, FileLimitError
 * for a picture over the pixel cap.
 */
export async function openOfd(bytes: Uint8Array, ctx: Ctx, depth = 0): Promise<OpenedOfd> {
  let files: Files;
  try {
    files = await readZip(bytes);
  } catch (err) {
    const reason = err instanceof ZipError ? err.message : '无法解压';
    throw new OfdRefusal(`文件“${ctx.name}”不是可读的 OFD（${reason}），无法${ctx.verb}`);
  }
  const pkg = new Pkg(files);
  const ofd = pkg.xml('OFD.xml');
  const invalid = (what: string) =>
    new OfdRefusal(`文件“${ctx.name}”不是有效的 OFD（${what}），无法${ctx.verb}`);
  if (!ofd || ofd.local !== 'OFD') throw invalid('缺少 OFD.xml');
  const body = kid(ofd, 'DocBody');
  const docFile = resolveLoc('', text(kid(body, 'DocRoot')));
  const doc = pkg.xml(docFile);
  if (!doc) throw invalid('缺少 Document.xml');
  const docDir = dirOf(docFile);
  const common = kid(doc, 'CommonData');
  const pageList = kids(kid(doc, 'Pages'), 'Page');
  if (pageList.length > FILE_LIMITS.pdfPages)
    throw new FileLimitError(limitMessages.pdfPages(ctx.name, ctx.verb));
  const res = readResources(
    pkg,
    docDir,
    [...kids(common, 'PublicRes').map(text), ...kids(common, 'DocumentRes').map(text)],
    ctx,
  );
  const defaultArea = parseBox(text(kid(kid(common, 'PageArea'), 'PhysicalBox')));
  const templates = new Map<string, string>();
  for (const t of kids(common, 'TemplatePage'))
    templates.set(attr(t, 'ID') ?? '', resolveLoc(docDir, attr(t, 'BaseLoc') ?? ''));
  const seals = depth === 0 ? await readSeals(pkg, text(kid(body, 'Signatures')), ctx) : [];
  const ids = new Set(pageList.map((q) => attr(q, 'ID') ?? ''));

  return {
    pageCount: pageList.length,
    async page(index: number): Promise<OfdPage> {
      const p = pageList[index]!;
      const id = attr(p, 'ID') ?? '';
      const page = pkg.xml(resolveLoc(docDir, attr(p, 'BaseLoc') ?? ''));
      const budget = new Budget(ctx);
      const before: OfdObject[] = [];
      const after: OfdObject[] = [];
      let templateArea: OfdBox | null = null;
      for (const t of kids(page, 'Template')) {
        const loc = templates.get(attr(t, 'TemplateID') ?? '');
        const tpl = loc ? pkg.xml(loc) : null;
        templateArea ??= pageSize(tpl);
        (attr(t, 'ZOrder') === 'Foreground' ? after : before).push(...contentObjects(tpl, res, budget));
      }
      const area = pageSize(page) ?? templateArea ?? defaultArea ?? { x: 0, y: 0, w: 210, h: 297 };
      // A stamp names its page by ID; some writers count pages instead (PageRef 1 for the first page).
      const stamps: OfdObject[] = seals
        .filter((s) => s.pageRef === id || (index === 0 && s.pageRef === '1' && !ids.has('1')))
        .map((s) => {
          budget.object();
          // each stamp draws the seal's pictures again
          budget.image(pixelsOf(s.page.objects));
          return {
            type: 'group',
            boundary: s.box,
            sx: s.page.width ? s.box.w / s.page.width : 1,
            sy: s.page.height ? s.box.h / s.page.height : 1,
            objects: s.page.objects,
          };
        });
      return {
        width: area.w,
        height: area.h,
        objects: [
          ...before,
          ...contentObjects(page, res, budget),
          ...after,
          ...annotationsOf(pkg, docDir, doc, res, id, budget),
          ...stamps,
        ],
      };
    },
  };
}
