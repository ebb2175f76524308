import { compactDateToIso, moneyToFen } from './qr.js';
import type { FieldSource, InvoiceKind, RecognisedField, RecognisedInvoice } from './types.js';
import { findFirst, type XmlNode } from './xml.js';

/**
 * 电子发票（铁路电子客票） and 电子发票（航空运输电子客票行程单）: their travel fields and their own amounts.
 *
 * - Railway: 票价 is tax-inclusive (the QR's amount and the XBRL's Fare). The ticket may state 税额 (the
 *   XBRL's TaxAmount); otherwise it is derived the way 旅客运输服务 input tax is computed (财政部 税务总局
 *   海关总署公告2019年第39号): 票价 ÷ (1 + 9%) × 9%, rounded to the 分; 金额 = 票价 − 税额.
 * - Air: 票价 and 燃油附加费 are before VAT; 合计 = 票价 + 燃油附加费 + 增值税税额 + 民航发展基金 + 其他税费.
 *   价税合计 is 合计, 税额 the stated 增值税税额, 金额 the rest (民航发展基金 bears no VAT). Nothing is
 *   derived: the QR's total alone cannot tell the fund from the fare.
 * - The passenger's ID number is kept masked, first 6 and last 4 characters (spec 5), whatever was read.
 *
 * Readers: the XBRL instance 12306 attaches to its PDF and OFD (rai taxonomy, local names read), and the
 * face's text lines (PDF text layer, OFD page) as layout.ts groups them.
 */

type Fields = RecognisedInvoice['fields'];
export const TRAVEL_KEYS = [
  'passenger',
  'from',
  'to',
  'trainOrFlight',
  'seatClass',
  'travelDate',
  'ticketNo',
  'idNo',
] as const;
export type TravelKey = (typeof TRAVEL_KEYS)[number];

/** 铁路旅客运输服务的增值税税率 (9%). */
export const RAILWAY_VAT_PERCENT = 9;

/** 税额 of a tax-inclusive railway fare, in 分: fare ÷ 1.09 × 0.09, rounded half up. */
export function railwayTax(fareFen: number): number {
  return Math.round((fareFen * RAILWAY_VAT_PERCENT) / (100 + RAILWAY_VAT_PERCENT));
}

/** Keeps the first 6 and last 4 characters of an ID number (already-masked input stays masked). */
export function maskIdNo(raw: string): string | undefined {
  const s = raw.replace(/[\s\u3000]+/g, '').toUpperCase();
  if (!/^[0-9X*]{8,18}$/.test(s) || !/^\d{6}/.test(s)) return undefined;
  return s.slice(0, 6) + '*'.repeat(s.length - 10) + s.slice(-4);
}

/**
 * The kinds' own amounts, once every reader has spoken (crossCheck calls it before the sums are checked).
 * Writes 税额 and 金额 where the ticket leaves them to be computed; a stated value is never replaced.
 */
export function settleTicketAmounts(kind: InvoiceKind, fields: Fields, warnings: string[]): void {
  const { total, tax, amount } = fields;
  if (!total) return;
  const derived = (value: number, from: RecognisedField<number>): RecognisedField<number> => ({
    value,
    confidence: from.confidence,
    source: from.source,
  });
  if (kind === 'digital_train') {
    if (!tax && !amount) {
      fields.tax = derived(railwayTax(total.value), total);
      fields.amount = derived(total.value - fields.tax.value, total);
    } else if (tax && !amount) {
      fields.amount = derived(total.value - tax.value, total);
    } else if (amount && !tax) {
      fields.tax = derived(total.value - amount.value, total);
    }
  } else if (kind === 'digital_air') {
    if (tax && !amount) fields.amount = derived(total.value - tax.value, total);
    else if (!tax && !amount) warnings.push('行程单的增值税税额未读到，请按票面填写金额和税额');
  }
}

const DATE_CN = /(\d{4})[年\-/.](\d{1,2})[月\-/.](\d{1,2})日?/;
function isoDate(text: string): string | undefined {
  const m = DATE_CN.exec(text);
  return m ? compactDateToIso(`${m[1]}${m[2]!.padStart(2, '0')}${m[3]!.padStart(2, '0')}`) : undefined;
}
const MONEY = String.raw`(?:CNY)?[¥￥]?(-?\d{1,9}(?:\.\d{1,2})?)`;
const SEAT =
  /(商务座|特等座|优选一等座|一等座|二等座|一等卧|二等卧|高级软卧|软卧|硬卧|动卧|软座|硬座|无座|头等舱|公务舱|超级经济舱|经济舱)/;
const BUYER_NAME = /购买方名称[:：]?(.+?)(?=统一社会信用代码|纳税人识别号|$)/;
const BUYER_TAX_ID = /(?:统一社会信用代码|纳税人识别号)[:：]?([0-9A-Z]{18})/;

/**
 * The travel fields and amounts on a railway ticket's or air itinerary's face. `lines` are the face's text
 * lines in reading order, each with its spaces removed. Values found here win over the generic labels
 * (the air face's 合计 is the total, not 金额).
 */
export function travelFromLines(lines: string[], kind: InvoiceKind, source: FieldSource): Fields {
  const field = <T>(value: T): RecognisedField<T> => ({ value, confidence: 1, source });
  const out: Fields = {};
  const first = (re: RegExp): RegExpExecArray | undefined => {
    for (const l of lines) {
      const m = re.exec(l);
      if (m) return m;
    }
    return undefined;
  };
  const money = (re: RegExp) => {
    const m = first(re);
    return m ? moneyToFen(m[1]!) : undefined;
  };
  const text = (re: RegExp, key: TravelKey | 'buyerName') => {
    const v = first(re)?.[1]?.trim();
    if (v) out[key] = field(v);
  };

  text(BUYER_NAME, 'buyerName');
  const buyerTax = first(BUYER_TAX_ID)?.[1];
  if (buyerTax) out.buyerTaxId = field(buyerTax);

  if (kind === 'digital_train') {
    // 南京南站 G7629 杭州东站 on one line, or 出发站：…到达站：… when labelled.
    const run = first(/^([\u4e00-\u9fa5]{1,12}?)站([GDCZTKSYL]?\d{1,5})([\u4e00-\u9fa5]{1,12}?)站$/);
    const labelledFrom = first(/出发站[:：]([\u4e00-\u9fa5]{1,12}?)(?:站)?(?=到达站|车次|$)/);
    const labelledTo = first(/到达站[:：]([\u4e00-\u9fa5]{1,12}?)(?:站)?(?=车次|$)/);
    const from = labelledFrom?.[1] ?? run?.[1];
    const to = labelledTo?.[1] ?? run?.[3];
    if (from) out.from = field(from);
    if (to) out.to = field(to);
    const train = first(/车次[:：]([GDCZTKSYL]?\d{1,5})/)?.[1] ?? run?.[2];
    if (train) out.trainOrFlight = field(train);
    const when = first(/(\d{4}年\d{1,2}月\d{1,2}日)(?:\d{1,2}:\d{2})?开/) ?? first(/乘车日期[:：](\S+)/);
    const travelDate = when ? isoDate(when[1]!) : undefined;
    if (travelDate) out.travelDate = field(travelDate);
    const seat = first(SEAT)?.[1];
    if (seat) out.seatClass = field(seat);
    const fare = money(new RegExp(`票价[:：]?${MONEY}`));
    if (fare !== undefined) out.total = field(fare);
    const tax = money(new RegExp(`税额[:：]?${MONEY}`));
    if (tax !== undefined) out.tax = field(tax);
    const person = first(/(\d{6}[\dX*]{8}\d{3}[\dX*])([\u4e00-\u9fa5·]{2,15})/);
    if (person) {
      const id = maskIdNo(person[1]!);
      if (id) out.idNo = field(id);
      out.passenger = field(person[2]!);
    }
    text(/电子客票号[:：]?(\d{10,30})/, 'ticketNo');
  } else if (kind === 'digital_air') {
    text(/旅客姓名[:：]?([\u4e00-\u9fa5A-Z/·]{2,30}?)(?=有效身份证件号码|签注|$)/, 'passenger');
    const id = first(/有效身份证件号码[:：]?([0-9X*]{8,18})/)?.[1];
    const masked = id ? maskIdNo(id) : undefined;
    if (masked) out.idNo = field(masked);
    const leg = first(
      /(?:^|航段[:：]?)自[:：]?([\u4e00-\u9fa5A-Z]{2,15}?)至[:：]?([\u4e00-\u9fa5A-Z]{2,15}?)(?=承运人|航班号|$)/,
    );
    if (leg) {
      out.from = field(leg[1]!);
      out.to = field(leg[2]!);
    }
    text(/航班号[:：]?([A-Z0-9]{2}\d{3,4})/, 'trainOrFlight');
    const seat = first(/座位等级[:：]?(\S{1,12}?)(?=日期|时间|客票|$)/)?.[1];
    if (seat) out.seatClass = field(SEAT.exec(seat)?.[1] ?? seat);
    const day = first(/(?<!开票|填开)日期[:：]?(\d{4}[年\-/.]\d{1,2}[月\-/.]\d{1,2}日?)/);
    const travelDate = day ? isoDate(day[1]!) : undefined;
    if (travelDate) out.travelDate = field(travelDate);
    text(/电子客票号码[:：]?(\d{10,15})/, 'ticketNo');
    const total = money(new RegExp(`(?<!价税)合计[:：]?${MONEY}`));
    const tax = money(new RegExp(`增值税税额[:：]?${MONEY}`));
    if (total !== undefined) out.total = field(total);
    if (tax !== undefined) out.tax = field(tax);
    if (total !== undefined && tax !== undefined) out.amount = field(total - tax);
  }
  return out;
}

/** Local name → value of the elements of an XBRL instance (the first non-empty one of each name). */
function xbrlValues(root: XmlNode, names: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of names) {
    const v = findFirst(root, name)?.text.trim();
    if (v) out.set(name, v);
  }
  return out;
}

const XBRL_TRAVEL: Record<string, TravelKey> = {
  Name: 'passenger',
  NameOfPassenger: 'passenger',
  DepartureStation: 'from',
  DestinationStation: 'to',
  TrainNumber: 'trainOrFlight',
  FlightNumber: 'trainOrFlight',
  SeatLevel: 'seatClass',
  TravelDate: 'travelDate',
  ElectronicTicketNum: 'ticketNo',
  ElectronicTicketNumber: 'ticketNo',
  IdNumber: 'idNo',
};

/** Whether an XBRL instance is a travel voucher (TypeOfVoucher 铁路电子客票 / 航空运输电子客票行程单). */
export function isTravelXbrl(root: XmlNode): boolean {
  return /铁路电子客票|航空运输电子客票行程单/.test(findFirst(root, 'TypeOfVoucher')?.text ?? '');
}

/**
 * The fields of a travel voucher's XBRL instance, as raw text: the rai taxonomy of 12306 (ElectronicInvoice
 * RailwayETicketNumber, Fare, TaxAmount, …) and the same names for the air itinerary, whose instance we
 * read by the voucher's own number, total and 增值税税额 elements.
 */
export function travelXbrlRaw(root: XmlNode): {
  kindText: string;
  core: Partial<
    Record<
      | 'number'
      | 'date'
      | 'amount'
      | 'tax'
      | 'total'
      | 'buyerName'
      | 'buyerTaxId'
      | 'sellerName'
      | 'sellerTaxId',
      string
    >
  >;
  travel: Partial<Record<TravelKey, string>>;
} {
  const v = xbrlValues(root, [
    'TypeOfVoucher',
    'ElectronicInvoiceRailwayETicketNumber',
    'ElectronicInvoiceAirTransportETicketNumber',
    'NumberOfInvoice',
    'DateOfIssue',
    'Fare',
    'TotalAmount',
    'TotalAmountExcludingTax',
    'TaxAmount',
    'NameOfPurchaser',
    'UnifiedSocialCreditCodeOfPurchaser',
    'IssueParty',
    'IssuePartyCode',
    ...Object.keys(XBRL_TRAVEL),
  ]);
  const kindText = v.get('TypeOfVoucher') ?? '';
  const air = kindText.includes('航空');
  const travel: Partial<Record<TravelKey, string>> = {};
  for (const [name, key] of Object.entries(XBRL_TRAVEL)) {
    const value = v.get(name);
    if (value && !travel[key]) travel[key] = value;
  }
  return {
    kindText,
    core: {
      number:
        v.get('ElectronicInvoiceRailwayETicketNumber') ??
        v.get('ElectronicInvoiceAirTransportETicketNumber') ??
        v.get('NumberOfInvoice'),
      date: v.get('DateOfIssue'),
      // Railway: Fare is the tax-inclusive total. Air: TotalAmount (合计); its Fare is before VAT.
      total: air ? v.get('TotalAmount') : (v.get('Fare') ?? v.get('TotalAmount')),
      amount: v.get('TotalAmountExcludingTax'),
      tax: v.get('TaxAmount'),
      buyerName: v.get('NameOfPurchaser'),
      buyerTaxId: v.get('UnifiedSocialCreditCodeOfPurchaser'),
      sellerName: v.get('IssueParty'),
      sellerTaxId: v.get('IssuePartyCode'),
    },
    travel,
  };
}

/** Normalises raw travel values (dates to YYYY-MM-DD, the ID number masked) into fields. */
export function travelFields(raw: Partial<Record<TravelKey, string>>, source: FieldSource): Fields {
  const out: Fields = {};
  for (const key of TRAVEL_KEYS) {
    const t = raw[key]?.trim();
    if (!t) continue;
    const value = key === 'travelDate' ? isoDate(t) : key === 'idNo' ? maskIdNo(t) : t;
    if (value) out[key] = { value, confidence: 1, source };
  }
  return out;
}

/** The travel fields of a field set (what the OFD layers carry beside the invoice keys). */
export function pickTravel(fields: Fields): Fields {
  const out: Fields = {};
  for (const key of TRAVEL_KEYS) if (fields[key]) out[key] = fields[key];
  return out;
}
