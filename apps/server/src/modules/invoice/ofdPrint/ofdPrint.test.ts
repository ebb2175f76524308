import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testData } from '../../files/files.testkit.js';
import { openOfd } from './ofdPage.js';
import { OFD_PRINT_PX, renderOfdPages } from './ofdPrint.js';
import { hostileOfd, ofdPackage } from './ofdPrint.testkit.js';

// The five real OFD e-invoices of test-data/invoices/ofd (github ofdrw/ofdrw test resources, Apache-2.0).
const REAL = {
  shudian: 'invoices/ofd/ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163.ofd',
  lanxi: 'invoices/ofd/ofdrw_1_eInvoice_2020_033002000211_83089647.ofd',
  manyPages: 'invoices/ofd/ofdrw_999_eInvoice_sample_050001700111_12235358.ofd',
  signScale: 'invoices/ofd/ofdrw_SignScaleError_eInvoice_2022_033002200211_99934328.ofd',
  sample: 'invoices/ofd/ofdrw_fapiaoshili_050001700111_99999951.ofd',
};
const ctx = { name: 'x.ofd', verb: '打印' };

/** Every character of a page, groups (templates, seals) included, in drawing order. */
async function pageText(rel: string, index = 0): Promise<string> {
  const doc = await openOfd(testData(rel), ctx);
  const page = await doc.page(index);
  const walk = (objects: typeof page.objects): string =>
    objects
      .map((o) =>
        o.type === 'text' ? o.chars.map((c) => c.c).join('') : o.type === 'group' ? walk(o.objects) : '',
      )
      .join('');
  return walk(page.objects);
}

describe('OFD pages for printing', () => {
  it('reads the 数电专票 page: template labels, buyer, seller, amounts in words and figures', async () => {
    const text = await pageText(REAL.shudian);
    for (const s of [
      '海南麒麟云服科技有限公司',
      '北京互联三六五科技有限公司',
      '肆仟肆佰肆拾玖圆整',
      '4449.00',
    ])
      expect(text).toContain(s);
  });

  it('draws each real invoice to a white JPEG of the page’s proportions, longest side OFD_PRINT_PX', async () => {
    for (const rel of Object.values(REAL)) {
      const r = await renderOfdPages(testData(rel), { ...ctx, maxPages: 5 });
      expect(r.ok, rel).toBe(true);
      if (!r.ok) continue;
      const meta = await sharp(r.pages[0]!).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width!, meta.height!)).toBe(OFD_PRINT_PX);
      // ink on the page: not a blank picture
      const stats = await sharp(r.pages[0]!).stats();
      expect(stats.channels[0]!.min).toBeLessThan(120);
      expect(stats.channels[0]!.max).toBeGreaterThan(240);
    }
    const doc = await openOfd(testData(REAL.manyPages), ctx);
    expect(doc.pageCount).toBeGreaterThan(2);
    const two = await renderOfdPages(testData(REAL.manyPages), { ...ctx, maxPages: 2 });
    expect(two.ok && two.pages.length).toBe(2);
    const one = await renderOfdPages(testData(REAL.manyPages), { ...ctx, maxPages: 1 });
    expect(one.ok && one.pages.length).toBe(1);
  });

  it('draws the 数电 invoice’s red seal and its text where the file puts them', async () => {
    const r = await renderOfdPages(testData(REAL.shudian), { ...ctx, maxPages: 1 });
    if (!r.ok) throw new Error(r.reason);
    const { data, info } = await sharp(r.pages[0]!).raw().toBuffer({ resolveWithObject: true });
    const at = (fx: number, fy: number) => {
      const i = (Math.round(fy * info.height) * info.width + Math.round(fx * info.width)) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    // somewhere in the seal's ring (centre ≈ 49 % across, 13 % down) a strong red
    let red = 0;
    for (let dx = -0.07; dx <= 0.07; dx += 0.005)
      for (let dy = -0.06; dy <= 0.06; dy += 0.005) {
        const [r0, g0, b0] = at(0.49 + dx, 0.13 + dy);
        if (r0 > 170 && g0 < 110 && b0 < 110) red += 1;
      }
    expect(red).toBeGreaterThan(5);
  });

  it('refuses hostile files within their caps, with the reason', async () => {
    const cases: [Buffer, RegExp][] = [
      [hostileOfd.bomb(), /不是可读的 OFD（压缩包解压后过大），无法打印/],
      [hostileOfd.hugeImage(), /超过4000万像素，无法打印/],
      [hostileOfd.crowded(), /页面内容过多，无法打印/],
      [hostileOfd.notOfd(), /不是有效的 OFD（缺少 OFD.xml）/],
      [Buffer.from('PK\u0003\u0004 not a zip'), /不是可读的 OFD/],
    ];
    for (const [bytes, reason] of cases) {
      const started = Date.now();
      const r = await renderOfdPages(bytes, { ...ctx, maxPages: 1 });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(reason);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });

  it('draws a hand-made page: red text where its TextCode puts it, a filled path', async () => {
    const page = ofdPackage(
      '<ofd:TextObject ID="3" Boundary="10 10 100 20" Size="8"><ofd:FillColor Value="200 0 0"/>' +
        '<ofd:TextCode X="0" Y="10" DeltaX="g 2 9">发票号</ofd:TextCode></ofd:TextObject>' +
        '<ofd:PathObject ID="4" Boundary="0 100 210 40" Fill="true" Stroke="false"><ofd:FillColor Value="0 0 0"/>' +
        '<ofd:AbbreviatedData>M 0 0 L 210 0 L 210 40 L 0 40 C</ofd:AbbreviatedData></ofd:PathObject>',
    );
    const r = await renderOfdPages(page, { ...ctx, maxPages: 1 });
    if (!r.ok) throw new Error(r.reason);
    const { data, info } = await sharp(r.pages[0]!).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(OFD_PRINT_PX);
    expect(info.height).toBe(Math.round((OFD_PRINT_PX * 140) / 210));
    const lum = (fx: number, fy: number) =>
      data[
        (Math.round(fy * (info.height - 1)) * info.width + Math.round(fx * (info.width - 1))) * info.channels
      ]!;
    expect(lum(0.5, 0.9)).toBeLessThan(40); // the black band at the foot
    expect(lum(0.5, 0.5)).toBeGreaterThan(240); // white between
    // 发票号 in red: 8 mm characters from x 10 mm, baseline 20 mm, one every 9 mm
    let red = 0;
    for (let x = 10; x < 38; x += 0.5)
      for (let y = 13; y < 20; y += 0.5) {
        const i = (Math.round((y / 140) * info.height) * info.width + Math.round((x / 210) * info.width)) * 3;
        if (data[i]! > 150 && data[i + 1]! < 90) red += 1;
      }
    expect(red).toBeGreaterThan(40);
    expect(lum(60 / 210, 16 / 140)).toBeGreaterThan(240); // nothing past the third character
  });
});
