import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { moneyToFen } from './qr.js';
import { recogniseOfd, type OfdLayer } from './ofd.js';
import type { RecognisedInvoice } from './types.js';

const root = new URL('../../../../../../test-data/invoices/', import.meta.url);
interface Entry {
  file: string;
  expected: Record<string, string>;
  qr_decoded_by_us?: string;
  qr_embedded_GraphCode?: string;
}
const manifest = (JSON.parse(readFileSync(new URL('manifest.json', root), 'utf8')) as Entry[]).filter((e) =>
  e.file.endsWith('.ofd'),
);
const ofd = (file: string) => readFileSync(new URL(file, root));

const KIND_BY_QR: Record<string, RecognisedInvoice['kind']> = {
  '10': 'vat_electronic',
  '31': 'digital_special',
};

/** The manifest's expected fields in our shape. */
function expectedFields(e: Record<string, string>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const map: Record<string, string> = {
    code: 'code',
    number: 'number',
    date: 'date',
    check_code: 'checkCode',
    seller: 'sellerName',
    seller_tax_id: 'sellerTaxId',
    buyer: 'buyerName',
    buyer_tax_id: 'buyerTaxId',
  };
  for (const [k, v] of Object.entries(e)) {
    if (map[k]) out[map[k]] = v;
    if (k === 'amount_excl_tax') out.amount = moneyToFen(v)!;
    if (k === 'tax') out.tax = moneyToFen(v)!;
    if (k === 'total_incl_tax') out.total = moneyToFen(v)!;
  }
  return out;
}
const values = (inv: RecognisedInvoice) =>
  Object.fromEntries(Object.entries(inv.fields).map(([k, f]) => [k, (f as { value: unknown }).value]));

/**
 * Fields each file yields with all layers on (manifest fields are a subset; the rest is asserted too so a
 * change in what we read shows up here). 999.ofd's buyer is 个人 without a tax id.
 */
const YIELDS: Record<string, string[]> = {
  ofdrw_1_eInvoice_2020_033002000211_83089647: [
    'code', 'number', 'date', 'checkCode', 'machineNo', 'buyerName', 'buyerTaxId', 'sellerName', 'sellerTaxId',
    'amount', 'tax', 'total', 'goods',
  ],
  ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163: [
    'number', 'date', 'buyerName', 'buyerTaxId', 'sellerName', 'sellerTaxId', 'amount', 'tax', 'total', 'goods',
  ],
  ofdrw_999_eInvoice_sample_050001700111_12235358: [
    'code', 'number', 'date', 'checkCode', 'machineNo', 'buyerName', 'sellerName', 'sellerTaxId', 'amount', 'tax',
    'total', 'goods',
  ],
  ofdrw_SignScaleError_eInvoice_2022_033002200211_99934328: [
    'code', 'number', 'date', 'checkCode', 'machineNo', 'buyerName', 'buyerTaxId', 'sellerName', 'sellerTaxId',
    'amount', 'tax', 'total', 'goods',
  ],
  ofdrw_fapiaoshili_050001700111_99999951: [
    'code', 'number', 'date', 'checkCode', 'machineNo', 'buyerName', 'buyerTaxId', 'sellerName', 'sellerTaxId',
    'amount', 'tax', 'total', 'goods',
  ],
}; // prettier-ignore

describe('recogniseOfd on the five real OFDs (every manifest field)', () => {
  it('has five OFD entries', () => expect(manifest).toHaveLength(5));

  for (const entry of manifest) {
    const name = entry.file.replace(/^ofd\//, '').replace(/\.ofd$/, '');
    it(name, async () => {
      const r = await recogniseOfd(ofd(entry.file), { now: new Date('2026-11-25T00:00:00Z') });
      if (!r.ok) throw new Error(r.reason);
      expect(r.invoices).toHaveLength(1);
      const { invoice, origin, qrFrom } = r.invoices[0]!;
      expect(values(invoice)).toMatchObject(expectedFields(entry.expected));
      expect(Object.keys(invoice.fields).sort()).toEqual([...YIELDS[name]!].sort());
      expect(invoice.warnings).toEqual([]);
      for (const f of Object.values(invoice.fields)) expect(['ofd_xml', 'qr']).toContain(f.source);
      const qr = entry.qr_embedded_GraphCode ?? entry.qr_decoded_by_us?.replace(/ \(.*$/, '');
      if (qr) {
        expect(invoice.qr).toBe(qr);
        expect(invoice.kind).toBe(KIND_BY_QR[entry.expected.type_code_qr!]);
        expect(invoice.fields.number?.source).toBe('qr');
        expect(qrFrom).toBe(entry.qr_embedded_GraphCode ? 'GraphCode' : 'image');
      } else {
        // SignScaleError.ofd: no GraphCode and no QR image; the kind comes from the face's title.
        expect(invoice.qr).toBeUndefined();
        expect(invoice.kind).toBe('vat_electronic');
        expect(origin.number).toBe('xbrl');
      }
    });
  }

  it('the QR images decode: 999.ofd and 发票示例.ofd give the same text as their GraphCode', async () => {
    for (const file of [
      'ofd/ofdrw_999_eInvoice_sample_050001700111_12235358.ofd',
      'ofd/ofdrw_fapiaoshili_050001700111_99999951.ofd',
    ]) {
      const r = await recogniseOfd(ofd(file), { layers: ['page'] });
      if (!r.ok) throw new Error(r.reason);
      const entry = manifest.find((e) => e.file === file)!;
      expect(r.invoices[0]!.qrFrom).toBe('image');
      expect(r.invoices[0]!.invoice.qr).toBe(entry.qr_embedded_GraphCode);
    }
  });
});

describe('each layer on its own', () => {
  const only = async (file: string, layer: OfdLayer) => {
    const r = await recogniseOfd(ofd(file), { layers: [layer], qrImages: false });
    return r.ok ? values(r.invoices[0]!.invoice) : r.reason;
  };

  it('the page text (with its template labels) alone gives every manifest field of all five files', async () => {
    for (const entry of manifest) {
      const got = await only(entry.file, 'page');
      expect(got, entry.file).toMatchObject(expectedFields(entry.expected));
    }
  });

  it('the custom tags alone give the 数电票 fields (no attachment in that file)', async () => {
    const entry = manifest.find((e) => e.file.includes('shudian'))!;
    expect(await only(entry.file, 'customTags')).toMatchObject(expectedFields(entry.expected));
  });

  it('the XBRL attachment alone gives SignScaleError.ofd', async () => {
    const entry = manifest.find((e) => e.file.includes('SignScaleError'))!;
    expect(await only(entry.file, 'xbrl')).toMatchObject(expectedFields(entry.expected));
  });

  it('original_invoice.xml alone gives 1.ofd, including its goods line', async () => {
    const entry = manifest.find((e) => e.file.includes('ofdrw_1_'))!;
    const got = await only(entry.file, 'attachment');
    expect(got).toMatchObject(expectedFields(entry.expected));
    expect((got as any).goods).toEqual([{ name: '*餐饮服务*餐费' }]);
  });
});

describe('cross-check and refusals', () => {
  /** A minimal OFD whose attachment disagrees with its own GraphCode. */
  function handMade(graph: string, number = '12345678') {
    const invoice = `<?xml version="1.0" encoding="utf-8"?><eInvoice xmlns:fp="http://www.edrm.org.cn/schema/e-invoice/2019"><fp:InvoiceCode>050001700111</fp:InvoiceCode><fp:InvoiceNo>${number}</fp:InvoiceNo><fp:IssueDate>2020年08月05日</fp:IssueDate><fp:TaxExclusiveTotalAmount>100.00</fp:TaxExclusiveTotalAmount><fp:TaxTotalAmount>6.00</fp:TaxTotalAmount><fp:TaxInclusiveTotalAmount>106.00</fp:TaxInclusiveTotalAmount><fp:GraphCode>${graph}</fp:GraphCode></eInvoice>`;
    return zipSync({
      'OFD.xml': strToU8(
        '<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016"><ofd:DocBody><ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>',
      ),
      'Doc_0/Document.xml': strToU8(
        '<ofd:Document xmlns:ofd="http://www.ofdspec.org/2016"><ofd:Attachments>Attachs/Attachments.xml</ofd:Attachments></ofd:Document>',
      ),
      'Doc_0/Attachs/Attachments.xml': strToU8(
        '<ofd:Attachments xmlns:ofd="http://www.ofdspec.org/2016"><ofd:Attachment><ofd:FileLoc>original_invoice.xml</ofd:FileLoc></ofd:Attachment></ofd:Attachments>',
      ),
      'Doc_0/Attachs/original_invoice.xml': strToU8(invoice),
    });
  }

  it('the QR wins and each disagreement is a Chinese warning', async () => {
    const r = await recogniseOfd(handMade('01,10,050001700111,12345679,100.00,20200805,,7257', '12345678'));
    if (!r.ok) throw new Error(r.reason);
    const inv = r.invoices[0]!.invoice;
    expect(inv.fields.number?.value).toBe('12345679');
    expect(inv.warnings).toEqual(['发票号码：票面为 12345678，二维码为 12345679，以二维码为准']);
  });

  it('agreeing XML and QR give no warning', async () => {
    const r = await recogniseOfd(handMade('01,10,050001700111,12345678,100.00,20200805,,7257'));
    expect(r.ok && r.invoices[0]!.invoice.warnings).toEqual([]);
  });

  it('refuses what is not an OFD', async () => {
    expect(await recogniseOfd(Buffer.from('not a zip'))).toEqual({
      ok: false,
      reason: '不是有效的 OFD 文件：不是有效的压缩包',
    });
    const zip = zipSync({ 'hello.txt': strToU8('hi') });
    expect(await recogniseOfd(zip)).toEqual({ ok: false, reason: '不是有效的 OFD 文件：缺少 OFD.xml' });
  });

  it('refuses a zip bomb (17 MB of zeros in 17 KB)', async () => {
    const bomb = zipSync({ 'OFD.xml': new Uint8Array(17 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(await recogniseOfd(bomb)).toEqual({ ok: false, reason: '不是有效的 OFD 文件：压缩包解压后过大' });
  });

  it('refuses a bomb whose headers lie about its size', async () => {
    const bomb = zipSync({ 'OFD.xml': new Uint8Array(17 * 1024 * 1024) }, { level: 9 });
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    for (let i = 0; i + 4 <= bomb.length; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x04034b50) view.setUint32(i + 22, 100, true); // local header: uncompressed size
      if (sig === 0x02014b50) view.setUint32(i + 24, 100, true); // central directory: uncompressed size
    }
    const r = await recogniseOfd(bomb);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(/^不是有效的 OFD 文件：(压缩包解压后过大|压缩包已损坏)$/);
  });

  it('refuses a zip with too many entries', async () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 2100; i++) many[`f${i}.xml`] = strToU8('<a/>');
    expect(await recogniseOfd(zipSync(many))).toEqual({
      ok: false,
      reason: '不是有效的 OFD 文件：压缩包中的文件过多',
    });
  });
});
