import { AIR_KINDS, isExactSource, TRAIN_KINDS, yuanToCents, type InvoiceKind } from '@feikong/contracts';
import type { InvoiceInput, RecognisedDraft, RecognisedFields } from '@/api/invoice';

/**
 * The editable state of one recognised invoice on 发票录入 and how it becomes a saveInvoices item.
 * Money is edited in 元 (text) and sent in 分.
 */
export type DraftField = keyof RecognisedFields;
export const MONEY_FIELDS: readonly DraftField[] = ['amount', 'tax', 'total'];

export interface DraftCard {
  id: string;
  fileName: string;
  kind: InvoiceKind;
  source: RecognisedDraft['source'];
  /** Where the file was uploaded (ocrCheck always names it; qrcodeCheck drafts have none). */
  fileKey?: string;
  /** Which invoice of the file (a photo may hold several). */
  fileIndex?: number;
  /** The QR text a scanned draft was read from. */
  qr?: string;
  values: Record<DraftField, string>;
  /** The values as recognised: a field edited away from its recognised value shows 已修改 (OCR only). */
  recognised: Record<DraftField, string>;
  /**
   * Fields the file gave exactly (QR, PDF text layer, OFD/XML): read-only. On an electronic file read
   * exactly every field is (the server refuses filling in what the file lacks), and so is the kind.
   */
  locked: DraftField[];
  kindLocked: boolean;
  lowConfidence: string[];
  warnings: string[];
  /** The server's refusal of this invoice (duplicate, blacklist, buyer mismatch …). */
  refusal?: string;
  /** The server's field errors of this invoice, by field. */
  fieldErrors: Partial<Record<string, string>>;
  /** Railway tickets and air itineraries: the journey as read (edited in the card, saved with the invoice). */
  travel: TravelValues;
}

export type TravelValues = NonNullable<RecognisedDraft['fields']['travel']>;
/** The travel fields the card edits (the ID number stays as read: masked). */
export const TRAVEL_FIELDS = [
  'passenger',
  'from',
  'to',
  'trainOrFlight',
  'seatClass',
  'travelDate',
  'ticketNo',
] as const;
export type TravelField = (typeof TRAVEL_FIELDS)[number];

/** A kind whose card and dialog show the journey: 'train' or 'air', else null. */
export function ticketKind(kind: InvoiceKind): 'train' | 'air' | null {
  if ((TRAIN_KINDS as readonly string[]).includes(kind)) return 'train';
  if ((AIR_KINDS as readonly string[]).includes(kind)) return 'air';
  return null;
}

const FIELDS: DraftField[] = [
  'code',
  'number',
  'billingDate',
  'amount',
  'tax',
  'total',
  'checkCode',
  'buyerName',
  'buyerTaxId',
  'sellerName',
  'sellerTaxId',
  'machineNo',
];

const yuan = (fen: number | undefined) => (fen === undefined ? '' : (fen / 100).toFixed(2));

export function cardOf(draft: RecognisedDraft, fileName: string, id: string): DraftCard {
  const values = {} as Record<DraftField, string>;
  for (const f of FIELDS) {
    const v = draft.fields[f];
    values[f] = MONEY_FIELDS.includes(f) ? yuan(v as number | undefined) : String(v ?? '');
  }
  const sources = draft.sources ?? {};
  const wholeFile = draft.source === 'upload' && draft.fileKey !== undefined;
  const locked = FIELDS.filter((f) => wholeFile || isExactSource(sources[f]));
  return {
    id,
    fileName,
    kind: draft.kind,
    source: draft.source,
    fileKey: draft.fileKey,
    fileIndex: draft.fileIndex,
    qr: draft.qr,
    values,
    recognised: { ...values },
    locked,
    kindLocked: wholeFile || Object.values(sources).some((s) => isExactSource(s)),
    lowConfidence: draft.lowConfidence,
    warnings: draft.warnings,
    fieldErrors: {},
    travel: { ...(draft.fields.travel ?? {}) },
  };
}

/** A money text → 分; blank or not a number → NaN, which the server refuses with the field's name. */
const fen = (text: string) => (text.trim() === '' ? Number.NaN : (yuanToCents(text) ?? Number.NaN));

/** The saveInvoices item of a card (the corrected values, its file and source). */
export function inputOf(card: DraftCard): InvoiceInput {
  const v = card.values;
  const amount = fen(v.amount);
  const taxText = v.tax.trim();
  const tax = taxText === '' ? 0 : fen(taxText);
  const totalText = v.total.trim();
  const total =
    totalText === '' && !Number.isNaN(amount) && !Number.isNaN(tax) ? amount + tax : fen(totalText);
  const input: InvoiceInput = {
    kind: card.kind,
    code: v.code.trim(),
    number: v.number.trim(),
    billingDate: v.billingDate.trim(),
    amount,
    tax,
    total,
    checkCode: v.checkCode.trim(),
    buyerName: v.buyerName.trim(),
    buyerTaxId: v.buyerTaxId.trim(),
    sellerName: v.sellerName.trim(),
    sellerTaxId: v.sellerTaxId.trim(),
    fileKey: card.fileKey,
    source: card.source,
  };
  if (card.fileIndex !== undefined) input.fileIndex = card.fileIndex;
  if (card.qr && !card.fileKey) input.qr = card.qr;
  if (v.machineNo.trim()) input.machineNo = v.machineNo.trim();
  const travel = Object.fromEntries(
    Object.entries(card.travel)
      .map(([k, val]) => [k, (val ?? '').trim()])
      .filter(([, val]) => val !== ''),
  );
  if (Object.keys(travel).length > 0) input.travel = travel;
  return input;
}

/** Client checks before sending (the server checks everything again): what must be there. */
export function missingFields(card: DraftCard): Partial<Record<DraftField, string>> {
  const out: Partial<Record<DraftField, string>> = {};
  if (!card.values.number.trim()) out.number = '请输入发票号码';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(card.values.billingDate.trim()))
    out.billingDate = '开票日期格式应为YYYY-MM-DD';
  if (Number.isNaN(fen(card.values.amount))) out.amount = '请输入正确的金额';
  if (card.values.tax.trim() && Number.isNaN(fen(card.values.tax))) out.tax = '请输入正确的税额';
  if (card.values.total.trim() && Number.isNaN(fen(card.values.total))) out.total = '请输入正确的价税合计';
  return out;
}

/** A field corrected away from what OCR read (the server keeps the recognised value beside it). */
export function isEdited(card: DraftCard, f: DraftField): boolean {
  return (
    card.fileKey !== undefined &&
    !card.locked.includes(f) &&
    card.values[f].trim() !== card.recognised[f].trim()
  );
}
