import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { recogniseFile, RecognitionError, sniffFileKind, type NeedsOcr } from './index.js';
import type { RecognisedInvoice } from './types.js';

const data = (name: string) =>
  readFileSync(new URL(`../../../../../../test-data/invoices/${name}`, import.meta.url));
const NOW = { now: new Date('2026-11-25T00:00:00Z') };
const PNG = 'images/guanshuicheng_dianzi_pupiao_012001800311_33207675.png';
const JPG = 'images/guanshuicheng_zhuanpiao_1100094140_87654321.jpg';
const PDF = 'pdf/shudian_zhuanpiao_24112000000048542163.pdf';
const SCAN = 'pdf/scanned_dianzi_pupiao_012001800311_33207675.pdf';
const OFD_1 = 'ofd/ofdrw_1_eInvoice_2020_033002000211_83089647.ofd';
const OFD_XBRL = 'ofd/ofdrw_SignScaleError_eInvoice_2022_033002200211_99934328.ofd';

const values = (inv: RecognisedInvoice) =>
  Object.fromEntries(Object.entries(inv.fields).map(([k, f]) => [k, (f as { value: unknown }).value]));
const asList = (r: RecognisedInvoice[] | NeedsOcr) => {
  if (!Array.isArray(r)) throw new Error('expected invoices, got needsOcr');
  return r;
};
const pictures = (r: RecognisedInvoice[] | NeedsOcr) => {
  if (Array.isArray(r)) throw new Error('expected pictures for OCR, got invoices');
  return r.pictures;
};

describe('recogniseFile dispatches by content', () => {
  it('an invoice image goes to OCR with the invoice its QR gave', async () => {
    const read = await recogniseFile(data(PNG), '电子发票.png', NOW);
    const [pic, ...rest] = pictures(read);
    expect(rest).toEqual([]);
    expect(Buffer.from(pic!.bytes).equals(data(PNG))).toBe(true);
    const qr = pic!.qr!;
    expect(qr.kind).toBe('vat_electronic');
    expect(values(qr)).toEqual({
      code: '012001800311',
      number: '33207675',
      date: '2019-05-08',
      amount: 4662,
      checkCode: '76939056883466677916',
    });
    expect(qr.qr).toBe('01,10,012001800311,33207675,46.62,20190508,76939056883466677916,E1BD,');
  });

  it('an image without a readable QR goes to OCR alone', async () => {
    const [pic] = pictures(await recogniseFile(data(JPG), '增值税专用发票.jpg', NOW));
    expect(pic!.qr).toBeUndefined();
  });

  it('a PDF with a text layer is read, never sent to OCR', async () => {
    const [inv] = asList(await recogniseFile(data(PDF), 'dzfp.pdf', NOW));
    expect(inv!.kind).toBe('digital_special');
    expect(inv!.fields.number?.value).toBe('24112000000048542163');
    expect(inv!.fields.sellerTaxId?.value).toBe('91110108690017781B');
    expect(inv!.fields.total?.value).toBe(444900);
  });

  it('a PDF without text hands its scanned page to OCR, with the QR read off it', async () => {
    const [page, ...rest] = pictures(await recogniseFile(data(SCAN), 'scan.pdf', NOW));
    expect(rest).toEqual([]);
    expect(sniffFileKind(page!.bytes)).toBe('image');
    expect(page!.qr?.fields.number?.value).toBe('33207675');
  });

  it('an OFD is read from its XML', async () => {
    const [inv] = asList(await recogniseFile(data(OFD_1), '1.ofd', NOW));
    expect(values(inv!)).toMatchObject({ code: '033002000211', number: '83089647', total: 52600, tax: 1532 });
  });

  it('a bare e-invoice XML (fp: and XBRL) is read, with its GraphCode cross-check', async () => {
    const fp = unzipSync(data(OFD_1))['Doc_0/Attachs/original_invoice.xml']!;
    const [a] = asList(await recogniseFile(fp, 'original_invoice.xml', NOW));
    expect(a!.qr).toBe('01,10,033002000211,83089647,510.68,20200723,16197833567414507415,0941,');
    expect(values(a!)).toMatchObject({
      number: '83089647',
      amount: 51068,
      buyerName: '江苏京利华新材料有限公司',
    });
    const xbrl = unzipSync(data(OFD_XBRL))['Doc_0/Attachs/inv_ord_issuer_20220901_03300220021199934328.xml']!;
    const [b] = asList(await recogniseFile(xbrl, 'data.xml', NOW));
    expect(b!.kind).toBe('vat_electronic');
    expect(values(b!)).toMatchObject({
      code: '033002200211',
      number: '99934328',
      total: 1120,
      sellerTaxId: '91330106MA7GAL1299',
    });
  });

  it('the content decides, not the name', async () => {
    expect(sniffFileKind(data(PNG))).toBe('image');
    const [pic] = pictures(await recogniseFile(data(PNG), 'invoice.pdf', NOW));
    expect(pic!.qr?.fields.number?.value).toBe('33207675');
    expect(sniffFileKind(data(OFD_1))).toBe('ofd');
    expect(sniffFileKind(data(PDF))).toBe('pdf');
  });
});

describe('recogniseFile refuses', () => {
  const refusal = async (bytes: Uint8Array, name: string, options = {}) => {
    try {
      await recogniseFile(bytes, name, options);
    } catch (e) {
      expect(e).toBeInstanceOf(RecognitionError);
      return (e as Error).message;
    }
    throw new Error('not refused');
  };

  it('empty, oversized and unknown files, with a Chinese message naming the file', async () => {
    expect(await refusal(new Uint8Array(0), 'a.pdf')).toBe('文件“a.pdf”是空的');
    expect(await refusal(data(PNG), 'big.png', { maxBytes: 1000 })).toBe(
      '文件“big.png”过大，发票文件不能超过 20 MB',
    );
    expect(await refusal(Buffer.from('hello world'), 'a.txt')).toBe(
      '文件“a.txt”不是支持的发票文件（PDF、OFD、XML 或图片）',
    );
  });

  it('a zip that is not an OFD, and an XML that is not an invoice', async () => {
    const { zipSync, strToU8 } = await import('fflate');
    expect(await refusal(zipSync({ 'a.txt': strToU8('x') }), 'a.ofd')).toBe(
      '文件“a.ofd”：不是有效的 OFD 文件：缺少 OFD.xml',
    );
    expect(await refusal(Buffer.from('<?xml version="1.0"?><html/>'), 'a.xml')).toBe(
      '文件“a.xml”：不是电子发票 XML（eInvoice 或 XBRL）',
    );
  });
});
