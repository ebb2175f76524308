/**
 * What recognition (QR, PDF text, OFD XML, OCR) hands to the invoice module. Shared by the QR/PDF/OFD
 * readers and the OCR reader; money as integer 分, dates as 'YYYY-MM-DD'.
 */

/** QR type codes of spec-era VAT invoices, plus the kinds OCR recognises that carry no QR. */
export type InvoiceKind =
  | 'vat_special' // 01 增值税专用发票
  | 'vat_normal' // 04 增值税普通发票
  | 'vat_electronic' // 10 增值税电子普通发票
  | 'vat_roll' // 11 增值税普通发票（卷式）
  | 'vat_toll' // 14 通行费电子普通发票
  | 'vat_electronic_special' // 08 (QR 20) 增值税电子专用发票
  | 'digital_special' // 31 电子发票（增值税专用发票）
  | 'digital_normal' // 32 电子发票（普通发票）
  | 'digital_air' // 61 电子发票（航空运输电子客票行程单）
  | 'digital_train' // 电子发票（铁路电子客票）: QR 01,10,<20-digit number>,<fare>,<date>,<tail>
  | 'train' // 火车票（纸质）
  | 'air' // 航空运输电子客票行程单（纸质）
  | 'taxi' // 出租车发票
  | 'quota' // 定额发票
  | 'other';

/** Where a field value came from. */
export type FieldSource = 'qr' | 'pdf_text' | 'ofd_xml' | 'ocr' | 'hand';

export interface RecognisedField<T = string> {
  value: T;
  /** 0..1; text layers and XML are 1, the QR is 1, OCR gives its own. */
  confidence: number;
  source: FieldSource;
}

export interface RecognisedInvoice {
  kind: InvoiceKind;
  fields: {
    code?: RecognisedField; // 发票代码 (10 or 12 digits; absent on 数电票)
    number?: RecognisedField; // 发票号码 (8 or 20 digits)
    date?: RecognisedField; // 开票日期 YYYY-MM-DD
    amount?: RecognisedField<number>; // 金额（不含税）in 分
    tax?: RecognisedField<number>; // 税额 in 分
    total?: RecognisedField<number>; // 价税合计 in 分
    checkCode?: RecognisedField; // 校验码 (20 digits)
    buyerName?: RecognisedField;
    buyerTaxId?: RecognisedField;
    sellerName?: RecognisedField;
    sellerTaxId?: RecognisedField;
    machineNo?: RecognisedField;
    /** Goods lines' names and tax classification codes, for the compliance goods blacklist. */
    goods?: RecognisedField<{ name: string; taxCode?: string }[]>;
    /** Travel documents: passenger, departure, arrival, train/flight number, seat class. */
    passenger?: RecognisedField;
    from?: RecognisedField;
    to?: RecognisedField;
    trainOrFlight?: RecognisedField;
    seatClass?: RecognisedField;
    /** 乘车/乘机日期 YYYY-MM-DD, 电子客票号, and the passenger's ID number masked (first 6, last 4 kept). */
    travelDate?: RecognisedField;
    ticketNo?: RecognisedField;
    idNo?: RecognisedField;
  };
  /** The raw QR text when one was read. */
  qr?: string;
  /** Region of the source image this invoice was cut from (ocrCutting), pixels. */
  region?: { x: number; y: number; width: number; height: number };
  /** Disagreements found by cross-checks (QR vs text/OCR, amount + tax ≠ total), in Chinese. */
  warnings: string[];
}
