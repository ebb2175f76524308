import { unzipSync } from 'fflate';

/**
 * An OFD (GB/T 33190, the format of Chinese e-invoices) read into drawable pages: OFD.xml →
 * Document.xml → each page's Content.xml with its templates, the public and document resources
 * (fonts, colours, draw parameters, images), annotations (watermarks) and the signatures' seals
 * (embedded OFDs). Units are millimetres, as in the file. Pure: bytes in, data out (DOMParser only).
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

export interface OfdTextRun {
  text: string;
  /** One position per character (Array.from(text)), relative to the boundary. */
  xs: number[];
  ys: number[];
}

export interface OfdText extends Base {
  type: 'text';
  /** A CSS font-family list for the OFD font. */
  font: string;
  size: number;
  bold: boolean;
  italic: boolean;
  fill: string;
  stroke: string | null;
  runs: OfdTextRun[];
}

export interface OfdPath extends Base {
  type: 'path';
  /** SVG path data (OFD AbbreviatedData translated). */
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
  /** A data: URL of the embedded PNG/JPEG/GIF/BMP. */
  href: string;
}

/** A group placed at `boundary`, its content scaled by (sx, sy): annotations, seals, page blocks. */
export interface OfdGroup {
  type: 'group';
  boundary: OfdBox;
  sx: number;
  sy: number;
  alpha: number;
  objects: OfdObject[];
}

export type OfdObject = OfdText | OfdPath | OfdImage | OfdGroup;

export interface OfdPage {
  width: number;
  height: number;
  objects: OfdObject[];
}

export interface OfdDocument {
  pages: OfdPage[];
  /** OFD.xml CustomData (发票号码, 合计金额 …) when present. */
  customData: Record<string, string>;
}

export class OfdError extends Error {}

// ---------- small helpers ----------

type Files = Map<string, Uint8Array>;

const kids = (el: Element | null | undefined, name: string): Element[] =>
  el ? Array.from(el.children).filter((c) => c.localName === name) : [];
const kid = (el: Element | null | undefined, name: string): Element | null => kids(el, name)[0] ?? null;
const text = (el: Element | null | undefined) => el?.textContent?.trim() ?? '';
const nums = (s: string | null | undefined): number[] =>
  (s ?? '')
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isFinite(n));

export function parseBox(s: string | null | undefined): OfdBox | null {
  const n = nums(s);
  if (n.length < 4) return null;
  return { x: n[0]!, y: n[1]!, w: n[2]!, h: n[3]! };
}

/** `g N v` repeats v N times (GB/T 33190 §11.3): "g 3 1.5 2" → [1.5, 1.5, 1.5, 2]. */
export function expandDeltas(s: string | null | undefined): number[] {
  const tokens = (s ?? '').trim().split(/\s+/).filter(Boolean);
  const out: number[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    if (tokens[i] === 'g') {
      const count = Number(tokens[i + 1]);
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

/** Character positions of a TextCode: each character after the first moves by the next delta. */
export function glyphPositions(
  chars: number,
  x: number,
  y: number,
  deltaX: number[],
  deltaY: number[],
  fontSize: number,
): { xs: number[]; ys: number[] } {
  const xs: number[] = [];
  const ys: number[] = [];
  let cx = x;
  let cy = y;
  for (let i = 0; i < chars; i += 1) {
    if (i > 0) {
      // Past the deltas given, a reader keeps the last step (or one em without any).
      cx += deltaX[i - 1] ?? (deltaX.length ? deltaX[deltaX.length - 1]! : deltaY.length ? 0 : fontSize);
      cy += deltaY[i - 1] ?? 0;
    }
    xs.push(round(cx));
    ys.push(round(cy));
  }
  return { xs, ys };
}

const round = (n: number) => Math.round(n * 10000) / 10000;

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
      i += 1; // a stray number: skip it rather than draw garbage
      continue;
    }
    const args = tokens.slice(i + 1, i + 1 + op[1]).map(Number);
    if (args.length < op[1] || args.some((n) => !Number.isFinite(n))) break;
    out.push(op[1] ? `${op[0]} ${args.join(' ')}` : op[0]);
    i += 1 + op[1];
  }
  return out.join(' ');
}

/** The CSS font family for an OFD font name (the files name Windows fonts; fall back to Noto CJK). */
export function cssFont(fontName: string, familyName = ''): string {
  const n = `${fontName} ${familyName}`.toLowerCase();
  const quoted = [fontName, familyName].filter(Boolean).map((f) => `'${f.replace(/'/g, '')}'`);
  let generic = "'Noto Serif CJK SC', 'Source Han Serif SC', serif";
  if (/楷|kai/.test(n)) generic = "KaiTi, STKaiti, 'Noto Serif CJK SC', serif";
  else if (/黑|hei|雅黑|yahei|sans|arial|helvetica/.test(n))
    generic = "SimHei, 'Noto Sans CJK SC', 'Source Han Sans SC', sans-serif";
  else if (/courier|mono/.test(n))
    generic = "'Courier New', 'Liberation Mono', 'DejaVu Sans Mono', monospace";
  else if (/times/.test(n)) generic = "'Times New Roman', 'Liberation Serif', serif";
  return [...new Set(quoted)].concat(generic).join(', ');
}

function hexOrNum(t: string): number {
  return t.startsWith('#') ? parseInt(t.slice(1), 16) : Number(t);
}

/** A Color element → CSS rgb() (RGB, Gray and CMYK colour spaces; values 0–255 or #hex). */
export function colorOf(el: Element | null, spaces: Map<string, string>): string | null {
  if (!el) return null;
  const v = (el.getAttribute('Value') ?? '').trim().split(/\s+/).filter(Boolean).map(hexOrNum);
  if (!v.length || v.some((n) => !Number.isFinite(n))) return null;
  const space =
    spaces.get(el.getAttribute('ColorSpace') ?? '') ??
    (v.length === 1 ? 'GRAY' : v.length === 4 ? 'CMYK' : 'RGB');
  const rgbOf = (): [number, number, number] => {
    if (space === 'GRAY') return [v[0]!, v[0]!, v[0]!];
    if (space === 'CMYK') {
      const [c, m, y, k] = v.map((n) => n / 255) as [number, number, number, number];
      return [c, m, y].map((x) => Math.round(255 * (1 - x) * (1 - k))) as [number, number, number];
    }
    return [v[0]!, v[1] ?? 0, v[2] ?? 0];
  };
  const [r, g, b] = rgbOf();
  const a = el.getAttribute('Alpha');
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  return a !== null && Number(a) < 255
    ? `rgba(${clamp(r)},${clamp(g)},${clamp(b)},${round(clamp(Number(a)) / 255)})`
    : `rgb(${clamp(r)},${clamp(g)},${clamp(b)})`;
}

// ---------- the package ----------

function unzip(bytes: Uint8Array): Files {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch {
    throw new OfdError('文件不是有效的 OFD（无法解压）');
  }
  const files: Files = new Map();
  for (const [name, data] of Object.entries(entries))
    files.set(name.replace(/\\/g, '/').replace(/^\/+/, ''), data);
  return files;
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
  constructor(readonly files: Files) {
    for (const k of files.keys()) this.lower.set(k.toLowerCase(), k);
  }
  /** A file by path; writers differ in letter case (TPLS/ for Tpls/), so case is ignored. */
  get(p: string): Uint8Array | null {
    return this.files.get(p) ?? this.files.get(this.lower.get(p.toLowerCase()) ?? '') ?? null;
  }
  xml(p: string): Element | null {
    const data = this.get(p);
    if (!data) return null;
    const doc = new DOMParser().parseFromString(new TextDecoder('utf-8').decode(data), 'application/xml');
    if (doc.getElementsByTagName('parsererror').length) return null;
    return doc.documentElement;
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
  images: Map<string, string>;
}

const MIME: [number[], string][] = [
  [[0x89, 0x50, 0x4e, 0x47], 'image/png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  [[0x47, 0x49, 0x46, 0x38], 'image/gif'],
  [[0x42, 0x4d], 'image/bmp'],
];

export function imageMime(b: Uint8Array): string | null {
  return MIME.find(([sig]) => sig.every((v, i) => b[i] === v))?.[1] ?? null;
}

function base64(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s);
}

function readResources(pkg: Pkg, docDir: string, locs: string[]): Resources {
  const res: Resources = { spaces: new Map(), fonts: new Map(), params: new Map(), images: new Map() };
  const rawParams = new Map<string, Element>();
  for (const loc of locs) {
    const file = resolveLoc(docDir, loc);
    const root = pkg.xml(file);
    if (!root) continue;
    const base = resolveLoc(dirOf(file), root.getAttribute('BaseLoc') ?? '');
    for (const cs of kids(kid(root, 'ColorSpaces'), 'ColorSpace'))
      res.spaces.set(cs.getAttribute('ID') ?? '', (cs.getAttribute('Type') ?? 'RGB').toUpperCase());
    for (const f of kids(kid(root, 'Fonts'), 'Font')) {
      res.fonts.set(f.getAttribute('ID') ?? '', {
        family: cssFont(f.getAttribute('FontName') ?? '', f.getAttribute('FamilyName') ?? ''),
        bold: f.getAttribute('Bold') === 'true',
        italic: f.getAttribute('Italic') === 'true',
      });
    }
    for (const p of kids(kid(root, 'DrawParams'), 'DrawParam')) rawParams.set(p.getAttribute('ID') ?? '', p);
    for (const m of kids(kid(root, 'MultiMedias'), 'MultiMedia')) {
      const media = text(kid(m, 'MediaFile'));
      if (!media) continue;
      const data = pkg.get(resolveLoc(base, media)) ?? pkg.get(resolveLoc(dirOf(file), media));
      const mime = data && imageMime(data);
      // JBIG2 (.jb2) and other formats a browser cannot draw are left out.
      if (data && mime) res.images.set(m.getAttribute('ID') ?? '', `data:${mime};base64,${base64(data)}`);
    }
  }
  const resolveParam = (id: string, seen: Set<string>): DrawParam => {
    const cached = res.params.get(id);
    if (cached) return cached;
    const el = rawParams.get(id);
    if (!el || seen.has(id)) return {};
    seen.add(id);
    const parent = el.getAttribute('Relative') ? resolveParam(el.getAttribute('Relative')!, seen) : {};
    const own: DrawParam = { ...parent };
    if (el.getAttribute('LineWidth')) own.lineWidth = Number(el.getAttribute('LineWidth'));
    if (el.getAttribute('Join')) own.join = el.getAttribute('Join')!;
    if (el.getAttribute('Cap')) own.cap = el.getAttribute('Cap')!;
    if (el.getAttribute('DashPattern')) own.dash = nums(el.getAttribute('DashPattern'));
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

// ---------- page content ----------

function ctmOf(el: Element): number[] | null {
  const c = nums(el.getAttribute('CTM'));
  return c.length === 6 ? c : null;
}

function alphaOf(el: Element): number {
  const a = el.getAttribute('Alpha');
  return a === null ? 1 : Math.max(0, Math.min(1, Number(a) / 255));
}

function readText(el: Element, boundary: OfdBox, res: Resources, param: DrawParam): OfdText {
  const font = res.fonts.get(el.getAttribute('Font') ?? '');
  const size = Number(el.getAttribute('Size') ?? 3.5) || 3.5;
  const runs: OfdTextRun[] = [];
  let lastX = 0;
  let lastY = 0;
  for (const code of kids(el, 'TextCode')) {
    const chars = Array.from(code.textContent ?? '');
    if (!chars.length) continue;
    const x = code.getAttribute('X') !== null ? Number(code.getAttribute('X')) : lastX;
    const y = code.getAttribute('Y') !== null ? Number(code.getAttribute('Y')) : lastY;
    const { xs, ys } = glyphPositions(
      chars.length,
      x,
      y,
      expandDeltas(code.getAttribute('DeltaX')),
      expandDeltas(code.getAttribute('DeltaY')),
      size,
    );
    runs.push({ text: chars.join(''), xs, ys });
    lastX = xs[xs.length - 1]! + size;
    lastY = ys[ys.length - 1]!;
  }
  const fillAttr = el.getAttribute('Fill');
  const strokeAttr = el.getAttribute('Stroke');
  const fill = colorOf(kid(el, 'FillColor'), res.spaces) ?? param.fill ?? 'rgb(0,0,0)';
  const stroke = colorOf(kid(el, 'StrokeColor'), res.spaces) ?? param.stroke ?? 'rgb(0,0,0)';
  const weight = Number(el.getAttribute('Weight') ?? 400);
  return {
    type: 'text',
    boundary,
    ctm: ctmOf(el),
    alpha: alphaOf(el),
    font: font?.family ?? cssFont(''),
    size,
    bold: (font?.bold ?? false) || weight >= 600,
    italic: (font?.italic ?? false) || el.getAttribute('Italic') === 'true',
    fill: fillAttr === 'false' ? 'none' : fill,
    stroke: strokeAttr === 'true' ? stroke : null,
    runs,
  };
}

function readPath(el: Element, boundary: OfdBox, res: Resources, param: DrawParam): OfdPath | null {
  const d = pathData(text(kid(el, 'AbbreviatedData')));
  if (!d) return null;
  const stroke = el.getAttribute('Stroke') !== 'false';
  const fill = el.getAttribute('Fill') === 'true';
  return {
    type: 'path',
    boundary,
    ctm: ctmOf(el),
    alpha: alphaOf(el),
    d,
    stroke: stroke ? (colorOf(kid(el, 'StrokeColor'), res.spaces) ?? param.stroke ?? 'rgb(0,0,0)') : null,
    // GB/T 33190: a path's fill colour defaults to transparent (its stroke to black).
    fill: fill ? (colorOf(kid(el, 'FillColor'), res.spaces) ?? param.fill ?? null) : null,
    lineWidth: Number(el.getAttribute('LineWidth') ?? param.lineWidth ?? 0.353) || 0.353,
    cap: (el.getAttribute('Cap') ?? param.cap ?? null)?.toLowerCase() ?? null,
    join: (el.getAttribute('Join') ?? param.join ?? null)?.toLowerCase() ?? null,
    dash: el.getAttribute('DashPattern') ? nums(el.getAttribute('DashPattern')) : (param.dash ?? null),
  };
}

/** The drawable objects of a Layer, PageBlock or Appearance, in drawing order. */
function readObjects(container: Element, res: Resources, inherited: DrawParam): OfdObject[] {
  const layerParam = container.getAttribute('DrawParam');
  const param = layerParam ? { ...inherited, ...res.params.get(layerParam) } : inherited;
  const out: OfdObject[] = [];
  for (const el of Array.from(container.children)) {
    if (el.getAttribute('Visible') === 'false') continue;
    const boundary = parseBox(el.getAttribute('Boundary'));
    const own = el.getAttribute('DrawParam');
    const p = own ? { ...param, ...res.params.get(own) } : param;
    switch (el.localName) {
      case 'TextObject':
        if (boundary) out.push(readText(el, boundary, res, p));
        break;
      case 'PathObject': {
        const path = boundary && readPath(el, boundary, res, p);
        if (path) out.push(path);
        break;
      }
      case 'ImageObject': {
        const href = res.images.get(el.getAttribute('ResourceID') ?? '');
        if (boundary && href)
          out.push({
            type: 'image',
            boundary,
            ctm: ctmOf(el) ?? [boundary.w, 0, 0, boundary.h, 0, 0],
            alpha: alphaOf(el),
            href,
          });
        break;
      }
      case 'PageBlock':
        out.push({
          type: 'group',
          boundary: { x: 0, y: 0, w: 0, h: 0 },
          sx: 1,
          sy: 1,
          alpha: 1,
          objects: readObjects(el, res, p),
        });
        break;
      default:
        break;
    }
  }
  return out;
}

function contentObjects(page: Element | null, res: Resources): OfdObject[] {
  return kids(kid(page, 'Content'), 'Layer').flatMap((layer) => readObjects(layer, res, {}));
}

function pageSize(page: Element | null): OfdBox | null {
  return parseBox(text(kid(kid(page, 'Area'), 'PhysicalBox')));
}

/** Annotations of each page (by page ID): watermarks and stamps drawn over the content. */
function readAnnotations(
  pkg: Pkg,
  docDir: string,
  docRoot: Element,
  res: Resources,
): Map<string, OfdObject[]> {
  const byPage = new Map<string, OfdObject[]>();
  const loc = text(kid(docRoot, 'Annotations'));
  if (!loc) return byPage;
  const file = resolveLoc(docDir, loc);
  const root = pkg.xml(file);
  for (const p of kids(root, 'Page')) {
    const annFile = resolveLoc(dirOf(file), text(kid(p, 'FileLoc')));
    const ann = pkg.xml(annFile);
    const objects: OfdObject[] = [];
    for (const a of kids(ann, 'Annot')) {
      if (a.getAttribute('Visible') === 'false') continue;
      const app = kid(a, 'Appearance');
      const box = parseBox(app?.getAttribute('Boundary'));
      if (!app || !box) continue;
      objects.push({
        type: 'group',
        boundary: box,
        sx: 1,
        sy: 1,
        alpha: 1,
        objects: readObjects(app, res, {}),
      });
    }
    byPage.set(p.getAttribute('PageID') ?? '', objects);
  }
  return byPage;
}

/** Seals: each signature's StampAnnot, drawn from the seal image or seal OFD inside SignedValue. */
function readSeals(pkg: Pkg, signaturesLoc: string, depth: number): Map<string, OfdObject[]> {
  const byPage = new Map<string, OfdObject[]>();
  if (!signaturesLoc || depth > 0) return byPage;
  const file = resolveLoc('', signaturesLoc);
  const root = pkg.xml(file);
  for (const s of kids(root, 'Signature')) {
    const sigFile = resolveLoc(dirOf(file), s.getAttribute('BaseLoc') ?? '');
    const sig = pkg.xml(sigFile);
    if (!sig) continue;
    const value = pkg.get(resolveLoc(dirOf(sigFile), text(kid(sig, 'SignedValue'))));
    const seal = value ? sealObjects(value, depth) : null;
    if (!seal) continue;
    for (const stamp of kids(kid(sig, 'SignedInfo'), 'StampAnnot')) {
      const box = parseBox(stamp.getAttribute('Boundary'));
      if (!box) continue;
      const pageRef = stamp.getAttribute('PageRef') ?? '';
      const list = byPage.get(pageRef) ?? [];
      list.push({
        type: 'group',
        boundary: box,
        sx: seal.width ? box.w / seal.width : 1,
        sy: seal.height ? box.h / seal.height : 1,
        alpha: 1,
        objects: seal.objects,
      });
      byPage.set(pageRef, list);
    }
  }
  return byPage;
}

const indexOf = (b: Uint8Array, sig: number[]) => {
  outer: for (let i = 0; i + sig.length <= b.length; i += 1) {
    for (let k = 0; k < sig.length; k += 1) if (b[i + k] !== sig[k]) continue outer;
    return i;
  }
  return -1;
};

/** The seal inside a signature value (SES DER): an embedded OFD's first page, or a PNG/JPEG/GIF. */
function sealObjects(value: Uint8Array, depth: number): OfdPage | null {
  const zip = indexOf(value, [0x50, 0x4b, 0x03, 0x04]);
  if (zip >= 0) {
    try {
      return parseOfd(value.subarray(zip), depth + 1).pages[0] ?? null;
    } catch {
      // not a readable seal OFD: try an image below
    }
  }
  for (const [sig, mime] of MIME.slice(0, 3)) {
    const at = indexOf(value, sig);
    if (at < 0) continue;
    const bytes = value.subarray(at);
    const box = { x: 0, y: 0, w: 1, h: 1 };
    return {
      width: 1,
      height: 1,
      objects: [
        {
          type: 'image',
          boundary: box,
          ctm: [1, 0, 0, 1, 0, 0],
          alpha: 1,
          href: `data:${mime};base64,${base64(bytes)}`,
        },
      ],
    };
  }
  return null;
}

/** Reads an OFD package; throws OfdError when it is not one. `depth` > 0 for seals inside signatures. */
export function parseOfd(bytes: Uint8Array, depth = 0): OfdDocument {
  const pkg = new Pkg(unzip(bytes));
  const ofd = pkg.xml('OFD.xml');
  if (!ofd || ofd.localName !== 'OFD') throw new OfdError('文件不是有效的 OFD（缺少 OFD.xml）');
  const body = kid(ofd, 'DocBody');
  const customData: Record<string, string> = {};
  for (const c of kids(kid(kid(body, 'DocInfo'), 'CustomDatas'), 'CustomData'))
    customData[c.getAttribute('Name') ?? ''] = text(c);
  const docFile = resolveLoc('', text(kid(body, 'DocRoot')));
  const doc = pkg.xml(docFile);
  if (!doc) throw new OfdError('文件不是有效的 OFD（缺少 Document.xml）');
  const docDir = dirOf(docFile);
  const common = kid(doc, 'CommonData');
  const res = readResources(pkg, docDir, [
    ...kids(common, 'PublicRes').map(text),
    ...kids(common, 'DocumentRes').map(text),
  ]);
  const defaultArea = pageSize(kid(common, 'PageArea') ? common : null);
  const templates = new Map<string, Element | null>();
  for (const t of kids(common, 'TemplatePage'))
    templates.set(t.getAttribute('ID') ?? '', pkg.xml(resolveLoc(docDir, t.getAttribute('BaseLoc') ?? '')));
  const annotations = readAnnotations(pkg, docDir, doc, res);
  const seals = readSeals(pkg, text(kid(body, 'Signatures')), depth);
  const pageList = kids(kid(doc, 'Pages'), 'Page');
  const pages = pageList.map((p, index) => {
    const id = p.getAttribute('ID') ?? '';
    const page = pkg.xml(resolveLoc(docDir, p.getAttribute('BaseLoc') ?? ''));
    const before: OfdObject[] = [];
    const after: OfdObject[] = [];
    let templateArea: OfdBox | null = null;
    for (const t of kids(page, 'Template')) {
      const tpl = templates.get(t.getAttribute('TemplateID') ?? '') ?? null;
      templateArea ??= pageSize(tpl);
      (t.getAttribute('ZOrder') === 'Foreground' ? after : before).push(...contentObjects(tpl, res));
    }
    const area = pageSize(page) ?? templateArea ?? defaultArea ?? { x: 0, y: 0, w: 210, h: 297 };
    // A stamp names its page by ID; some writers count pages instead (PageRef 1 for the only page).
    const stamps =
      seals.get(id) ?? (pageList.length === 1 || index === 0 ? (seals.get(String(index + 1)) ?? []) : []);
    return {
      width: area.w,
      height: area.h,
      objects: [...before, ...contentObjects(page, res), ...after, ...(annotations.get(id) ?? []), ...stamps],
    };
  });
  return { pages, customData };
}
