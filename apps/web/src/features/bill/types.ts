import type { InvoiceFieldEdit } from '@feikong/contracts';

/**
 * What the document form edits, before it is turned into the server's request shapes (pages/billForm.ts).
 * Money is in 分 even while edited (the inputs show 元); dates are epoch ms.
 */

/** An invoice attached to a fee line: what the line shows of it. */
export interface LineInvoice {
  id: number;
  number: string;
  sellerName: string;
  /** 价税合计, 分. */
  amountTax: number;
  typeText?: string;
  billingDate?: number | null;
  recentStatusText?: string;
  /** Fields corrected after OCR with their recognised values (已修改; the document's detail). */
  edits?: InvoiceFieldEdit[];
}

export interface FeeLineValue {
  /** Local key of the row (a saved line keeps its server id in `id`). */
  key: string;
  id?: number;
  feeType: string | null;
  /** The fee type's name in the tenant's tree (the server's feeTypeText; the picker's title). */
  feeTypeText?: string;
  /** 分. */
  amount: number | null;
  date: number | null;
  remark: string;
  /** 超额说明: why the line claims more than its invoices (required then, when the tenant allows it). */
  overReason?: string;
  invoices: LineInvoice[];
}

/** The line claims more than its invoices' amounts (what the picker knows; the server also counts what
 * earlier documents wrote off). */
export const overInvoices = (l: FeeLineValue) =>
  l.invoices.length > 0 && (l.amount ?? 0) > l.invoices.reduce((s, i) => s + i.amountTax, 0);

export interface TripLineValue {
  key: string;
  id?: number;
  /** 同行人 (names, free text). */
  peers: string;
  /** The trip's days: [start, end] as epoch ms of the days. */
  date: [number, number] | null;
  locationCus: string;
  /** 分 each; budget_total is their sum. */
  budget_traffic: number | null;
  budget_stay: number | null;
  budget_other: number | null;
}

let seq = 0;
/** A fresh local key for a new row. */
export const newKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

export const emptyFeeLine = (): FeeLineValue => ({
  key: newKey('fee'),
  feeType: null,
  amount: null,
  date: null,
  remark: '',
  invoices: [],
});

export const emptyTripLine = (): TripLineValue => ({
  key: newKey('trip'),
  peers: '',
  date: null,
  locationCus: '',
  budget_traffic: null,
  budget_stay: null,
  budget_other: null,
});

/** budget_total: the three budgets summed, in 分 (empty ones count 0). */
export const tripTotal = (t: Pick<TripLineValue, 'budget_traffic' | 'budget_stay' | 'budget_other'>) =>
  (t.budget_traffic ?? 0) + (t.budget_stay ?? 0) + (t.budget_other ?? 0);

/** The fee lines' total, 分. */
export const feeTotal = (lines: readonly FeeLineValue[]) => lines.reduce((s, l) => s + (l.amount ?? 0), 0);
