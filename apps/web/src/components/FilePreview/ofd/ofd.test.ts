import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  colorOf,
  expandDeltas,
  glyphPositions,
  OfdError,
  parseOfd,
  pathData,
  resolveLoc,
  type OfdObject,
  type OfdText,
} from './parse';
import { pageSvg } from './svg';

// Real OFD e-invoices of test-data/invoices/ofd (github ofdrw/ofdrw test resources, Apache-2.0), found
// from the working directory (jsdom gives this module no file: URL).
function ofdDir(): string {
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'test-data', 'invoices', 'ofd');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error('test-data/invoices/ofd not found');
  }
}
const OFD_DIR = ofdDir();
const ofd = (name: string) => new Uint8Array(fs.readFileSync(path.join(OFD_DIR, name)));

/** Every text object of a page, groups (annotations, seals) included, with its absolute origin. */
function texts(
  objects: OfdObject[],
  dx = 0,
  dy = 0,
  sx = 1,
  sy = 1,
): (OfdText & { ax: number; ay: number })[] {
  return objects.flatMap((o) =>
    o.type === 'text'
      ? [{ ...o, ax: dx + o.boundary.x * sx, ay: dy + o.boundary.y * sy }]
      : o.type === 'group'
        ? texts(o.objects, dx + o.boundary.x * sx, dy + o.boundary.y * sy, sx * o.sx, sy * o.sy)
        : [],
  );
}
const find = (objects: OfdObject[], s: string) =>
  texts(objects).find((t) => t.runs.some((r) => r.text === s));

describe('OFD notation', () => {
  it('expands g repeats in DeltaX/DeltaY', () => {
    expect(expandDeltas('g 4 1.5875 3.175 g 2 1.5875')).toEqual([
      1.5875, 1.5875, 1.5875, 1.5875, 3.175, 1.5875, 1.5875,
    ]);
    expect(expandDeltas('3.175')).toEqual([3.175]);
    expect(expandDeltas(null)).toEqual([]);
  });

  it('places characters by their deltas, keeping the last step past the end', () => {
    expect(glyphPositions(4, 1, 2, [1, 2], [], 3)).toEqual({ xs: [1, 2, 4, 6], ys: [2, 2, 2, 2] });
    // vertical text: DeltaY moves, X stays
    expect(glyphPositions(3, 0, 0, [], [2, 2], 3)).toEqual({ xs: [0, 0, 0], ys: [0, 2, 4] });
  });

  it('translates AbbreviatedData to SVG path data', () => {
    expect(pathData('M 0 0.2 L 73 0.2')).toBe('M 0 0.2 L 73 0.2');
    expect(pathData('S 1 1 B 1 2 3 4 5 6 Q 1 1 2 2 A 1 1 0 0 1 4 4 C')).toBe(
      'M 1 1 C 1 2 3 4 5 6 Q 1 1 2 2 A 1 1 0 0 1 4 4 Z',
    );
    expect(pathData('M 1')).toBe('');
  });

  it('resolves locations against the naming file, absolute from the root', () => {
    expect(resolveLoc('Doc_0', 'Pages/Page_0/Content.xml')).toBe('Doc_0/Pages/Page_0/Content.xml');
    expect(resolveLoc('Doc_0/Signs', '/Doc_0/Signs/Sign_0/Signature.xml')).toBe(
      'Doc_0/Signs/Sign_0/Signature.xml',
    );
    expect(resolveLoc('Doc_0/Annots', '../Res/a.png')).toBe('Doc_0/Res/a.png');
  });

  it('reads RGB, gray and alpha colours', () => {
    const el = (xml: string) => new DOMParser().parseFromString(xml, 'application/xml').documentElement;
    expect(colorOf(el('<C Value="128 0 0"/>'), new Map())).toBe('rgb(128,0,0)');
    expect(colorOf(el('<C Value="#FF #80 #00" Alpha="127"/>'), new Map())).toBe('rgba(255,128,0,0.498)');
    expect(colorOf(el('<C Value="0" ColorSpace="1"/>'), new Map([['1', 'GRAY']]))).toBe('rgb(0,0,0)');
  });

  it('refuses a file that is not an OFD', () => {
    expect(() => parseOfd(new TextEncoder().encode('not a zip'))).toThrow(OfdError);
  });
});

describe('real OFD invoices', () => {
  it('数电专票 (20240531141733.ofd): names, amounts and number on the 210×140 mm face, with its template lines', () => {
    const doc = parseOfd(ofd('ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163.ofd'));
    expect(doc.customData['发票号码']).toBe('24112000000048542163');
    expect(doc.pages).toHaveLength(1);
    const page = doc.pages[0]!;
    expect([page.width, page.height]).toEqual([210, 140]);
    const seller = find(page.objects, '北京互联三六五科技有限公司')!;
    const buyer = find(page.objects, '海南麒麟云服科技有限公司')!;
    // buyer on the left half, seller on the right, both in the party band (y 30–52 mm)
    expect(buyer.ax).toBeLessThan(105);
    expect(seller.ax).toBeGreaterThan(105);
    expect(seller.ay).toBeGreaterThan(29.8);
    expect(seller.ay).toBeLessThan(51.8);
    expect(seller.font).toContain('SimSun');
    // DeltaX "g 11 3.175": one full-width character every 3.175 mm
    expect(seller.runs[0]!.xs.slice(0, 3)).toEqual([0, 3.175, 6.35]);
    expect(find(page.objects, '4449.00')).toBeTruthy();
    expect(find(page.objects, '肆仟肆佰肆拾玖圆整')).toBeTruthy();
    expect(find(page.objects, '24112000000048542163')!.ax).toBe(170);
    // the template's frame lines in the invoice's brown (DrawParam 4 → Relative 3)
    const lines = page.objects.filter((o) => o.type === 'path' && o.stroke === 'rgb(128,0,0)');
    expect(lines.length).toBeGreaterThan(10);
    // the QR code and the watermark image are embedded PNGs
    expect(page.objects.some((o) => o.type === 'image' && o.href.startsWith('data:image/png;base64,'))).toBe(
      true,
    );
    // the ⊗ before the amount in words: Fill="true" without a colour is transparent, so the cross shows
    const cross = page.objects.find((o) => o.type === 'path' && o.boundary.x === 57.9471);
    expect(cross).toMatchObject({ fill: null, stroke: 'rgb(0,0,0)' });
    // the annotation watermark 下载次数, rotated by its CTM
    const watermark = find(page.objects, '下载次数：1   ')!;
    expect(watermark.ctm).toEqual([0, 1, -1, 0, 3.3084, 0]);
  });

  it('兰溪 e-invoice (1.ofd): template by ID, the seal OFD inside the signature placed at its StampAnnot', () => {
    const page = parseOfd(ofd('ofdrw_1_eInvoice_2020_033002000211_83089647.ofd')).pages[0]!;
    expect(find(page.objects, '兰溪市悦济舫餐厅')).toBeTruthy();
    expect(find(page.objects, '江苏京利华新材料有限公司')).toBeTruthy();
    expect(find(page.objects, '浙江增值税电子普通发票')!.fill).toBe('rgb(156,82,35)');
    // the seal: a 30×20 mm group at 90,8 holding the red 国家税务总局 text
    const seal = page.objects.find((o) => o.type === 'group' && o.boundary.x === 90 && o.boundary.y === 8);
    expect(seal).toBeTruthy();
    const sealText = find(seal!.type === 'group' ? seal!.objects : [], '国家税务总局');
    expect(sealText!.fill).toBe('rgb(255,0,0)');
  });

  it('every real OFD parses into pages with text, and renders to SVG text a browser shows', () => {
    for (const f of fs.readdirSync(OFD_DIR)) {
      const doc = parseOfd(ofd(f));
      expect(doc.pages.length, f).toBeGreaterThan(0);
      expect(texts(doc.pages[0]!.objects).length, f).toBeGreaterThan(10);
    }
    const page = parseOfd(ofd('ofdrw_fapiaoshili_050001700111_99999951.ofd')).pages[0]!;
    expect(find(page.objects, '杭州融易算企业管理咨询有限公司')).toBeTruthy();
    const svg = pageSvg(page, 4);
    const dom = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(dom.getElementsByTagName('parsererror')).toHaveLength(0);
    const root = dom.documentElement;
    expect([root.getAttribute('viewBox'), root.getAttribute('width')]).toEqual([
      `0 0 ${page.width} ${page.height}`,
      String(page.width * 4),
    ]);
    const shown = Array.from(dom.getElementsByTagName('text')).map((t) => t.textContent);
    expect(shown).toContain('杭州融易算企业管理咨询有限公司');
    expect(shown).toContain('科游迈利有限公司');
    // spaces kept as no-break spaces, so SVG does not collapse them and shift the characters after
    const remark = pageSvg(
      parseOfd(ofd('ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163.ofd')).pages[0]!,
    );
    expect(remark).toContain('收款人:李蓉蓉;\u00a0\u00a0\u00a0\u00a0复核人:周欣铭;');
  });
});
