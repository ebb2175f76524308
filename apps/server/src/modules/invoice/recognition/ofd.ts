import { crossCheck, yuan } from './crossCheck.js';
import { fieldsFromLayout, kindFromTitle, parseCnDate, type TextItem } from './layout.js';
import { moneyToFen, parseInvoiceQr } from './qr.js';
import { decodeQrFromImage } from './qrDecode.js';
import { isTravelXbrl, TRAVEL_KEYS, travelFields, travelXbrlRaw, type TravelKey } from './travel.js';
import type { InvoiceKind, RecognisedField, RecognisedInvoice } from './types.js';
import { findAll, findFirst, parseXml, textOf, type XmlNode } from './xml.js';
import { readZip, ZipError } from './zip.js';

/**
 * OFD (GB/T 33190) e-invoices. An OFD is a zip: OFD.xml names each document's Document.xml, which names
 * its pages, templates, resources, attachments and custom tags. Fields come, in this order of trust, from
 * - the invoice data attached to the package: Doc_0/Attachs/original_invoice.xml (namespace fp:, the
 *   2019 e-invoice schema) or an XBRL instance (inv:, the 2021 taxonomy);
 * - the custom tags (CustomTags.xml → a tag file mapping InvoiceNo, BuyerName… to text object ids);
 * - the page's positioned text (TextObject/TextCode) together with its template's labels, read like a
 *   PDF's text layer (layout.ts);
 * - OFD.xml's CustomData (发票号码, 合计金额…), which some producers fill.
 * The QR comes from fp:GraphCode, else from the QR image on the page (Res/…png) decoded with qrDecode.
 * The QR then cross-checks the fields (crossCheck.ts).
 */

export type OfdLayer = 'attachment' | 'xbrl' | 'customTags' | 'page' | 'customData';
type Key =
  | 'code'
  | 'number'
  | 'date'
  | 'checkCode'
  | 'machineNo'
  | 'buyerName'
  | 'buyerTaxId'
  | 'sellerName'
  | 'sellerTaxId'
  | 'amount'
  | 'tax'
  | 'total';

export interface OfdInvoice {
  invoice: RecognisedInvoice;
  /** Which part of the package each field came from (the QR is reported as 'qr'). */
  origin: Partial<Record<keyof RecognisedInvoice['fields'], OfdLayer | 'qr'>>;
  /** Where the QR text came from, when one was found. */
  qrFrom?: 'GraphCode' | 'image';
}

export type OfdResult = { ok: true; invoices: OfdInvoice[] } | { ok: false; reason: string };

export interface OfdOptions {
  /** Layers to read (default all); tests switch layers off to prove each one on its own. */
  layers?: readonly OfdLayer[];
  /** Decode QR images (default true). */
  qrImages?: boolean;
  now?: Date;
}

const ALL_LAYERS: readonly OfdLayer[] = ['attachment', 'xbrl', 'customTags', 'page', 'customData'];
const MONEY_KEYS = new Set<Key>(['amount', 'tax', 'total']);
const KEYS: readonly Key[] = [
  'code',
  'number',
  'date',
  'checkCode',
  'machineNo',
  'buyerName',
  'buyerTaxId',
  'sellerName',
  'sellerTaxId',
  'amount',
  'tax',
  'total',
];

/** Resolves a path named inside `from` (relative to its folder, or absolute from the package root). */
function resolvePath(from: string, target: string): string {
  const t = target.trim().replace(/\\/g, '/');
  const parts = t.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const seg of t.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return parts.join('/');
}

class Package {
  private lower = new Map<string, string>();
  constructor(private files: Map<string, Buffer>) {
    for (const k of files.keys()) this.lower.set(k.toLowerCase(), k);
  }
  get(path: string): Buffer | undefined {
    return this.files.get(path) ?? this.files.get(this.lower.get(path.toLowerCase()) ?? '');
  }
  xml(path: string): XmlNode | undefined {
    const b = this.get(path);
    return b ? parseXml(b) : undefined;
  }
}

/** Normalises a raw value read from any layer into a field value, or undefined when it is not one. */
function normalise(key: Key, raw: string): string | number | undefined {
  const t = raw.trim();
  if (!t) return undefined;
  const compact = t.replace(/[\s\u3000]+/g, '');
  switch (key) {
    case 'code':
      return /^(\d{10}|\d{12})$/.test(compact) ? compact : undefined;
    case 'number':
      return /^\d{8,20}$/.test(compact) ? compact : undefined;
    case 'checkCode':
      return /^\d{20}$/.test(compact) ? compact : undefined;
    case 'machineNo':
      return /^\d{10,15}$/.test(compact) ? compact : undefined;
    case 'buyerTaxId':
    case 'sellerTaxId':
      return /^[0-9A-Z]{15,20}$/.test(compact) ? compact : undefined;
    case 'date':
      return parseCnDate(compact);
    case 'amount':
    case 'tax':
    case 'total':
      if (compact === '***') return key === 'tax' ? 0 : undefined;
      return moneyToFen(compact.replace(/^[¥￥]/, ''));
    default:
      return t;
  }
}

type Raw = Partial<Record<Key, string>> & {
  goods?: { name: string; taxCode?: string }[];
  kindText?: string;
  /** Railway tickets and air itineraries: passenger, route, train or flight… (travel.ts). */
  travel?: Partial<Record<TravelKey, string>>;
};

function fromFpInvoice(root: XmlNode): Raw & { graphCode?: string } {
  const buyer = findFirst(root, 'Buyer');
  const seller = findFirst(root, 'Seller');
  const goods = findAll(root, 'GoodsInfo')
    .map((g) => ({ name: textOf(g, 'Item'), taxCode: textOf(g, 'TaxClassificationCode') || undefined }))
    .filter((g) => g.name);
  return {
    code: textOf(root, 'InvoiceCode'),
    number: textOf(root, 'InvoiceNo'),
    date: textOf(root, 'IssueDate'),
    checkCode: textOf(root, 'InvoiceCheckCode'),
    machineNo: textOf(root, 'MachineNo'),
    buyerName: textOf(buyer, 'BuyerName'),
    buyerTaxId: textOf(buyer, 'BuyerTaxID'),
    sellerName: textOf(seller, 'SellerName'),
    sellerTaxId: textOf(seller, 'SellerTaxID'),
    amount: textOf(root, 'TaxExclusiveTotalAmount'),
    tax: textOf(root, 'TaxTotalAmount'),
    total: textOf(root, 'TaxInclusiveTotalAmount'),
    graphCode: textOf(root, 'GraphCode') || undefined,
    goods: goods.length ? goods : undefined,
  };
}

function fromXbrl(root: XmlNode): Raw {
  if (isTravelXbrl(root)) {
    const t = travelXbrlRaw(root);
    return { kindText: t.kindText, ...t.core, travel: t.travel };
  }
  const goods = findAll(root, 'NameOfTaxableGoodsOrServices')
    .map((n) => ({ name: n.text.trim() }))
    .filter((g) => g.name);
  return {
    kindText: textOf(root, 'TypeOfInvoice'),
    code: textOf(root, 'CodeOfInvoice'),
    number: textOf(root, 'NumberOfInvoice'),
    date: textOf(root, 'DateOfIssue'),
    checkCode: textOf(root, 'IdentifyingCode'),
    machineNo: textOf(root, 'NumberOfInvoiceMachine'),
    buyerName: textOf(root, 'NameOfPurchaser'),
    buyerTaxId: textOf(root, 'TaxpayerIdentificationNumberUnifiedSocialCreditCodeOfPurchaser'),
    sellerName: textOf(root, 'NameOfSeller'),
    sellerTaxId: textOf(root, 'TaxpayerIdentificationNumberUnifiedSocialCreditCodeOfSeller'),
    amount: textOf(root, 'TotalAmountExcludingTax'),
    tax: textOf(root, 'TotalTaxAmount'),
    total: textOf(root, 'TaxIncludedAmountInFigures'),
    goods: goods.length ? goods : undefined,
  };
}

const CUSTOM_TAG_KEYS: Record<string, Key> = {
  InvoiceCode: 'code',
  InvoiceNo: 'number',
  IssueDate: 'date',
  InvoiceCheckCode: 'checkCode',
  MachineNo: 'machineNo',
  BuyerName: 'buyerName',
  BuyerTaxID: 'buyerTaxId',
  SellerName: 'sellerName',
  SellerTaxID: 'sellerTaxId',
  TaxExclusiveTotalAmount: 'amount',
  TaxTotalAmount: 'tax',
  TaxInclusiveTotalAmount: 'total',
};

const CUSTOM_DATA_KEYS: Record<string, Key> = {
  发票代码: 'code',
  发票号码: 'number',
  开票日期: 'date',
  校验码: 'checkCode',
  机器编号: 'machineNo',
  购买方名称: 'buyerName',
  购买方纳税人识别号: 'buyerTaxId',
  销售方名称: 'sellerName',
  销售方纳税人识别号: 'sellerTaxId',
  合计金额: 'amount',
  合计税额: 'tax',
  价税合计: 'total',
};

interface PageText {
  items: TextItem[];
  byId: Map<string, string>;
  images: { resourceId: string; x: number; y: number; w: number; h: number }[];
}

const nums = (s: string | undefined) => (s ?? '').trim().split(/\s+/).map(Number);

function readPageText(xml: XmlNode | undefined, into: PageText) {
  for (const obj of findAll(xml, 'TextObject')) {
    const [bx = 0, by = 0] = nums(obj.attrs.Boundary);
    const size = Number(obj.attrs.Size) || 3.175;
    let x = 0;
    let y = 0;
    let all = '';
    for (const code of findAll(obj, 'TextCode')) {
      if (code.attrs.X !== undefined) x = Number(code.attrs.X) || 0;
      if (code.attrs.Y !== undefined) y = Number(code.attrs.Y) || 0;
      all += code.text;
      if (code.text.trim()) into.items.push({ x: bx + x, baseline: by + y, size, text: code.text });
    }
    if (obj.attrs.ID) into.byId.set(obj.attrs.ID, all);
  }
  for (const img of findAll(xml, 'ImageObject')) {
    const [x = 0, y = 0, w = 0, h = 0] = nums(img.attrs.Boundary);
    if (img.attrs.ResourceID) into.images.push({ resourceId: img.attrs.ResourceID, x, y, w, h });
  }
}

/** MultiMedia id → package path, from the document's PublicRes and DocumentRes files. */
function mediaPaths(pkg: Package, docPath: string, doc: XmlNode): Map<string, string> {
  const out = new Map<string, string>();
  const common = findFirst(doc, 'CommonData');
  const resFiles = [...findAll(common, 'PublicRes'), ...findAll(common, 'DocumentRes')].map((n) =>
    resolvePath(docPath, n.text),
  );
  for (const resPath of resFiles) {
    const res = pkg.xml(resPath);
    if (!res) continue;
    const base = res.attrs.BaseLoc
      ? resolvePath(resPath, res.attrs.BaseLoc) + '/'
      : resolvePath(resPath, '.') + '/';
    for (const mm of findAll(res, 'MultiMedia')) {
      const file = textOf(mm, 'MediaFile');
      if (mm.attrs.ID && file) out.set(mm.attrs.ID, resolvePath(base + 'x', file));
    }
  }
  return out;
}

/** Merges the layers' raw values: the first layer that has a valid value for a field wins. */
function mergeLayers(raws: [OfdLayer, Raw][]): {
  fields: RecognisedInvoice['fields'];
  origin: OfdInvoice['origin'];
} {
  const fields: RecognisedInvoice['fields'] = {};
  const origin: OfdInvoice['origin'] = {};
  for (const [layer, raw] of raws) {
    for (const key of KEYS) {
      if (fields[key] || raw[key] === undefined) continue;
      const v = normalise(key, raw[key]!);
      if (v === undefined) continue;
      (fields as Record<string, RecognisedField<unknown>>)[key] = {
        value: v,
        confidence: 1,
        source: 'ofd_xml',
      };
      origin[key] = layer;
    }
    if (!fields.goods && raw.goods?.length) {
      fields.goods = { value: raw.goods, confidence: 1, source: 'ofd_xml' };
      origin.goods = layer;
    }
    for (const [key, f] of Object.entries(travelFields(raw.travel ?? {}, 'ofd_xml'))) {
      const k = key as TravelKey;
      if (fields[k]) continue;
      fields[k] = f as RecognisedField;
      origin[k] = layer;
    }
  }
  return { fields, origin };
}

/**
 * A bare invoice XML (an e-mail attachment or a file next to the OFD): the 2019 fp: e-invoice document
 * or an XBRL instance. Its GraphCode, when present, cross-checks it.
 */
export function recogniseInvoiceXml(
  bytes: Uint8Array,
  options: { now?: Date } = {},
): { ok: true; invoice: RecognisedInvoice } | { ok: false; reason: string } {
  const xml = parseXml(bytes);
  if (!xml) return { ok: false, reason: '不是有效的 XML 文件' };
  let raw: Raw & { graphCode?: string };
  let layer: OfdLayer;
  if (xml.local === 'eInvoice') [raw, layer] = [fromFpInvoice(xml), 'attachment'];
  else if (xml.local === 'xbrl') [raw, layer] = [fromXbrl(xml), 'xbrl'];
  else return { ok: false, reason: '不是电子发票 XML（eInvoice 或 XBRL）' };
  const { fields } = mergeLayers([[layer, raw]]);
  const graph = raw.graphCode ? parseInvoiceQr(raw.graphCode) : undefined;
  const invoice = crossCheck(
    { kind: raw.kindText ? kindFromTitle(raw.kindText) : undefined, fields },
    graph?.ok ? graph.invoice : undefined,
    options,
  );
  if (!invoice.fields.number) return { ok: false, reason: 'XML 中没有读到发票号码' };
  return { ok: true, invoice };
}

async function readDocument(
  pkg: Package,
  docPath: string,
  docInfo: XmlNode | undefined,
  options: OfdOptions,
): Promise<OfdInvoice | undefined> {
  const layers = new Set(options.layers ?? ALL_LAYERS);
  const doc = pkg.xml(docPath);
  if (!doc) return undefined;
  const raws: [OfdLayer, Raw][] = [];
  let graphCode: string | undefined;

  // 1. Attached invoice data.
  const attachmentsPath = textOf(doc, 'Attachments');
  if (attachmentsPath) {
    const listPath = resolvePath(docPath, attachmentsPath);
    for (const att of findAll(pkg.xml(listPath), 'Attachment')) {
      const loc = textOf(att, 'FileLoc');
      const xml = loc ? pkg.xml(resolvePath(listPath, loc)) : undefined;
      if (!xml) continue;
      if (xml.local === 'eInvoice' && layers.has('attachment')) {
        const fp = fromFpInvoice(xml);
        graphCode ??= fp.graphCode;
        raws.push(['attachment', fp]);
      } else if (xml.local === 'xbrl' && layers.has('xbrl')) {
        raws.push(['xbrl', fromXbrl(xml)]);
      }
    }
  }

  // 2. Page text (first page and its template) for the custom tags and the layout.
  const pageRef = findFirst(findFirst(doc, 'Pages'), 'Page');
  const page: PageText = { items: [], byId: new Map(), images: [] };
  if (pageRef?.attrs.BaseLoc) {
    const pagePath = resolvePath(docPath, pageRef.attrs.BaseLoc);
    const pageXml = pkg.xml(pagePath);
    readPageText(pageXml, page);
    const templates = new Map(
      findAll(findFirst(doc, 'CommonData'), 'TemplatePage').map((t) => [t.attrs.ID, t.attrs.BaseLoc]),
    );
    for (const use of findAll(pageXml, 'Template')) {
      const loc = templates.get(use.attrs.TemplateID);
      if (loc) readPageText(pkg.xml(resolvePath(docPath, loc)), page);
    }
  }

  const tagsPath = textOf(doc, 'CustomTags');
  if (tagsPath && layers.has('customTags')) {
    const listPath = resolvePath(docPath, tagsPath);
    for (const tag of findAll(pkg.xml(listPath), 'CustomTag')) {
      const loc = textOf(tag, 'FileLoc');
      const xml = loc ? pkg.xml(resolvePath(listPath, loc)) : undefined;
      if (!xml) continue;
      const raw: Raw = {};
      const goods: { name: string }[] = [];
      const visit = (node: XmlNode) => {
        const refs = node.children.filter((c) => c.local === 'ObjectRef');
        if (refs.length) {
          const text = refs.map((r) => page.byId.get(r.text.trim()) ?? '').join('');
          const key = CUSTOM_TAG_KEYS[node.local];
          if (key) raw[key] ??= text;
          if (node.local === 'Item' && text.trim()) goods.push({ name: text.trim() });
        }
        node.children.forEach(visit);
      };
      visit(xml);
      if (goods.length) raw.goods = goods;
      raws.push(['customTags', raw]);
    }
  }

  let layoutKind: InvoiceKind | undefined;
  if (layers.has('page') && page.items.length) {
    const layout = fieldsFromLayout(page.items, 'ofd_xml');
    layoutKind = layout.kind;
    const raw: Raw = {};
    for (const [k, f] of Object.entries(layout.fields)) {
      if (k === 'goods') raw.goods = (f as RecognisedField<{ name: string }[]>).value;
      else if ((TRAVEL_KEYS as readonly string[]).includes(k))
        (raw.travel ??= {})[k as TravelKey] = String((f as RecognisedField).value);
      else if (KEYS.includes(k as Key)) {
        const v = (f as RecognisedField<string | number>).value;
        raw[k as Key] = MONEY_KEYS.has(k as Key) ? yuan(Number(v)) : String(v);
      }
    }
    raws.push(['page', raw]);
  } else {
    layoutKind = page.items.length ? fieldsFromLayout(page.items, 'ofd_xml').kind : undefined;
  }

  if (layers.has('customData')) {
    const raw: Raw = {};
    for (const cd of findAll(docInfo, 'CustomData')) {
      const key = CUSTOM_DATA_KEYS[cd.attrs.Name ?? ''];
      if (key) raw[key] = cd.text;
    }
    raws.push(['customData', raw]);
  }

  const { fields, origin } = mergeLayers(raws);
  const xbrlKind = raws.find(([l]) => l === 'xbrl')?.[1].kindText;
  const kind = layoutKind ?? (xbrlKind ? kindFromTitle(xbrlKind) : undefined);

  // 3. The QR: the attachment's GraphCode, else a QR image on the page (top-left first).
  let qr: RecognisedInvoice | undefined;
  let qrFrom: OfdInvoice['qrFrom'];
  const graph = graphCode ? parseInvoiceQr(graphCode) : undefined;
  if (graph?.ok) {
    qr = graph.invoice;
    qrFrom = 'GraphCode';
  } else if (options.qrImages !== false && page.images.length) {
    const media = mediaPaths(pkg, docPath, doc);
    const candidates = [...page.images].sort((a, b) => a.y + a.x - (b.y + b.x)).slice(0, 6);
    for (const img of candidates) {
      const path = media.get(img.resourceId);
      const bytes = path ? pkg.get(path) : undefined;
      if (!bytes) continue;
      const hit = await decodeQrFromImage(bytes);
      const parsed = hit ? parseInvoiceQr(hit.text) : undefined;
      if (parsed?.ok) {
        qr = parsed.invoice;
        qrFrom = 'image';
        break;
      }
    }
  }

  const invoice = crossCheck({ kind, fields }, qr, { now: options.now });
  if (qr) for (const k of Object.keys(qr.fields) as (keyof RecognisedInvoice['fields'])[]) origin[k] = 'qr';
  if (!invoice.fields.number && !invoice.fields.code) return undefined;
  return { invoice, origin, ...(qrFrom ? { qrFrom } : {}) };
}

/** Reads every invoice document of an OFD package. */
export async function recogniseOfd(bytes: Uint8Array, options: OfdOptions = {}): Promise<OfdResult> {
  let files: Map<string, Buffer>;
  try {
    files = await readZip(bytes);
  } catch (e) {
    return { ok: false, reason: `不是有效的 OFD 文件：${e instanceof ZipError ? e.message : '无法读取'}` };
  }
  const pkg = new Package(files);
  const root = pkg.xml('OFD.xml');
  if (!root || root.local !== 'OFD') return { ok: false, reason: '不是有效的 OFD 文件：缺少 OFD.xml' };
  const invoices: OfdInvoice[] = [];
  for (const body of findAll(root, 'DocBody')) {
    const docRoot = textOf(body, 'DocRoot');
    if (!docRoot) continue;
    const inv = await readDocument(pkg, resolvePath('OFD.xml', docRoot), findFirst(body, 'DocInfo'), options);
    if (inv) invoices.push(inv);
  }
  if (!invoices.length) return { ok: false, reason: 'OFD 文件中没有读到发票号码' };
  return { ok: true, invoices };
}
