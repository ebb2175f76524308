import type { InvoiceKind, RecognisedField, RecognisedInvoice } from '../recognition/types.js';
import type { Box, OcrLine } from './ocr.engine.js';
import {
  findDate,
  fixDigits,
  fixTaxId,
  formatFen,
  MONEY_IN_TEXT,
  norm,
  parseChineseAmount,
  parseMoney,
  taxIdOk,
} from './normalise.js';

/**
 * Invoice fields from OCR text boxes (ocrCheck). Each field keeps the confidence of the boxes it was
 * read from; a value that fails its own check (code length, tax id check character, a real date,
 * amount + tax = total) keeps its text but its confidence is lowered, so the UI highlights it for the
 * user to correct. Below LOW_CONFIDENCE a field should be shown as uncertain.
 */
export const LOW_CONFIDENCE = 0.8;

/** Factor applied to a value that fails its own check. */
const FAILED_CHECK = 0.5;
/** Factor for a value found by position (no label next to it). */
const UNLABELLED = 0.9;

interface Cell {
  text: string;
  box: Box;
  confidence: number;
}

interface Hit<T = string> {
  value: T;
  confidence: number;
  valid: boolean;
  cell: Cell;
}

type Fields = RecognisedInvoice['fields'];

function field<T>(hit: Pick<Hit<T>, 'value' | 'confidence' | 'valid'>, factor = 1): RecognisedField<T> {
  const confidence = hit.confidence * factor * (hit.valid ? 1 : FAILED_CHECK);
  return { value: hit.value, confidence: Math.round(confidence * 1000) / 1000, source: 'ocr' };
}

const mid = (b: Box) => b.y + b.height / 2;
const right = (b: Box) => b.x + b.width;

/** The two boxes share at least half the smaller one's height. */
function sameRow(a: Box, b: Box): boolean {
  const overlap = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return overlap >= Math.min(a.height, b.height) * 0.5;
}

/** Cells on the label's row to its right, nearest first. */
function rightOf(cells: Cell[], label: Cell, limit = 3): Cell[] {
  return cells
    .filter((c) => c !== label && c.box.x >= right(label.box) - label.box.height && sameRow(c.box, label.box))
    .sort((a, b) => a.box.x - b.box.x)
    .slice(0, limit);
}

/**
 * A labelled value: the text after the label in the label's own box, else that text joined with the
 * next boxes to the right, else a box to the right alone. `pick` turns a candidate text into the value
 * (null when it is not one).
 */
function labelled<T>(
  cells: Cell[],
  label: RegExp,
  pick: (text: string) => { value: T; valid: boolean } | null,
  options: { right?: number } = {},
): Hit<T>[] {
  const hits: Hit<T>[] = [];
  for (const cell of cells) {
    const m = label.exec(cell.text);
    if (!m) continue;
    const rest = cell.text.slice(m.index + m[0].length).replace(/^[\s:]+/, '');
    const next = rightOf(cells, cell, options.right ?? 2);
    const candidates: { text: string; used: Cell[] }[] = [];
    if (rest) candidates.push({ text: rest, used: [cell] });
    let joined = rest;
    const used = [cell];
    for (const n of next) {
      joined = `${joined} ${n.text}`.trim();
      used.push(n);
      candidates.push({ text: joined, used: [...used] });
    }
    for (const n of next) candidates.push({ text: n.text, used: [n] });
    for (const candidate of candidates) {
      const picked = pick(candidate.text);
      if (picked) {
        const confidence = Math.min(...candidate.used.map((c) => c.confidence));
        hits.push({ ...picked, confidence, cell });
        break;
      }
    }
  }
  return hits;
}

const digitsOf =
  (lengths: number[], min = 6) =>
  (text: string) => {
    const m = new RegExp(`\\d{${min},}`).exec(fixDigits(text));
    return m ? { value: m[0], valid: lengths.includes(m[0].length) } : null;
  };

const pickDate = (text: string) => findDate(text);

const pickTaxId = (text: string) => {
  if ((text.match(/[<>*+/]/g) ?? []).length >= 2) return null; // the cipher area next to it
  const m = /[0-9A-Z]{6,20}/.exec(fixTaxId(text));
  return m ? { value: m[0], valid: taxIdOk(m[0]) } : null;
};

const pickName = (text: string) => {
  const t = norm(text).replace(/^[:\s]+/, '');
  if (!/[\u4e00-\u9fa5]{2,}|[A-Za-z]{3,}/.test(t)) return null;
  if ((t.match(/[<>*+/]/g) ?? []).length >= 3) return null; // the cipher area next to it
  return { value: t, valid: true };
};

function moneyIn(text: string): { fen: number; yen: boolean }[] {
  const t = norm(text).replace(/[Oo](?=\d|\.)/g, '0');
  return [...t.matchAll(MONEY_IN_TEXT)].flatMap((m) => {
    const fen = parseMoney(m[1]!);
    return fen === null ? [] : [{ fen, yen: m[0].includes('¥') }];
  });
}

/** The kind, from the title and the texts only each kind prints. */
export function detectKind(all: string, code?: string): InvoiceKind {
  const t = all.replace(/\s+/g, '');
  if (/电子发票\(?(增值税)?专用发票/.test(t)) return 'digital_special';
  if (/电子发票\(?普通发票/.test(t)) return 'digital_normal';
  if (/航空运输电子客票行程单|电子客票号码|旅客姓名/.test(t))
    return t.includes('电子发票') ? 'digital_air' : 'air';
  if (/铁路电子客票|中国铁路|(?:商务|一等|二等|特等|硬|软)座|(?:硬|软|动)卧|[GDCZTK]\d{1,4}次/.test(t))
    return 'train';
  if (/增值税|电子发票/.test(t)) {
    if (/通行费/.test(t)) return 'vat_toll';
    if (/增值税电子专用发票/.test(t)) return 'vat_electronic_special';
    if (/增值税电子普通发票/.test(t)) return 'vat_electronic';
    if (/卷式|卷票/.test(t)) return 'vat_roll';
    if (/专用发票|增值税.?用发票/.test(t)) return 'vat_special';
    if (/普通发票|普.?通发票|增值税普/.test(t)) return 'vat_normal';
  }
  if (/定额/.test(t)) return 'quota';
  if (/出租汽车|出租车|TAXI|上车.*下车/i.test(t)) return 'taxi';
  if (/专用发票/.test(t)) return 'vat_special';
  if (/普通发票/.test(t)) return 'vat_normal';
  if (code?.length === 12) {
    const type = code.slice(10);
    if (type === '11') return 'vat_electronic';
    if (type === '04' || type === '05') return 'vat_normal';
    if (type === '06' || type === '07') return 'vat_roll';
    if (type === '12') return 'vat_toll';
  }
  return 'other';
}

const DIGITAL: InvoiceKind[] = ['digital_special', 'digital_normal', 'digital_air'];

/** ocrCheck: the fields of one invoice from its OCR text boxes. */
export function extractFields(lines: OcrLine[]): RecognisedInvoice {
  const cells: Cell[] = lines.map((l) => ({ text: norm(l.text), box: l.box, confidence: l.confidence }));
  const warnings: string[] = [];
  const fields: Fields = {};
  const all = cells.map((c) => c.text).join(' ');
  const top = Math.min(...cells.map((c) => c.box.y));
  const bottom = Math.max(...cells.map((c) => c.box.y + c.box.height));
  const topBand = top + (bottom - top) * 0.22;

  // 发票代码 / 发票号码: labelled, else the bare digits printed at the top (paper VAT invoices).
  const code = labelled(cells, /发票代码/, digitsOf([10, 12]))[0];
  const numberHit = labelled(cells, /发票号码/, digitsOf([8, 20]))[0];
  const kind = detectKind(all, code?.value);
  const machine = labelled(cells, /机器编号/, digitsOf([9, 10, 11, 12], 6))[0];
  const machineCell =
    machine && rightOf(cells, machine.cell, 1).find((c) => fixDigits(c.text) === machine.value);
  const topCells = cells.filter((c) => c.box.y < topBand && c !== machineCell);
  if (code) fields.code = field(code);
  else if (!DIGITAL.includes(kind) && kind !== 'train') {
    // The topmost (then leftmost) bare 10- or 12-digit figure; paper invoices print it top left and again top right.
    const bare = topCells
      .map((c) => ({ c, d: fixDigits(c.text) }))
      .filter(({ d }) => /^(\d{10}|\d{12})$/.test(d))
      .sort((a, b) => (sameRow(a.c.box, b.c.box) ? a.c.box.x - b.c.box.x : a.c.box.y - b.c.box.y))[0];
    if (bare) fields.code = field({ value: bare.d, confidence: bare.c.confidence, valid: true }, UNLABELLED);
  }
  if (numberHit) fields.number = field(numberHit);
  else {
    const no = topCells
      .map((c) => ({ c, m: /^N[o0]\.?\s*:?\s*([0-9OoIl]{8}(?:[0-9OoIl]{12})?)$/.exec(c.text) }))
      .find(({ m }) => m);
    const bare = topCells.find((c) => /^\d{8}$/.test(fixDigits(c.text)));
    if (no?.m)
      fields.number = field({ value: fixDigits(no.m[1]!), confidence: no.c.confidence, valid: true });
    else if (bare && kind !== 'train') {
      fields.number = field(
        { value: fixDigits(bare.text), confidence: bare.confidence, valid: true },
        UNLABELLED,
      );
    }
  }

  const date = labelled(cells, /开票日期|填开日期|乘车日期|日\s*期/, pickDate)[0];
  if (date) fields.date = field(date);
  else {
    const any = cells.find((c) => /\d{4}\s*年\s*\d{1,2}\s*月/.test(c.text));
    const found = any && findDate(any.text);
    if (any && found) fields.date = field({ ...found, confidence: any.confidence }, UNLABELLED);
  }

  const check = labelled(cells, /校验码/, digitsOf([20], 10))[0];
  if (check) fields.checkCode = field(check);
  if (machine) fields.machineNo = field(machine);

  if (kind === 'train' || kind === 'air' || kind === 'digital_air') {
    travel(cells, kind, fields);
  } else if (kind === 'taxi' || kind === 'quota') {
    ticketTotal(cells, fields, kind);
  } else {
    amounts(cells, fields, warnings);
    parties(cells, fields);
  }
  return { kind, fields, warnings };
}

/** 金额, 税额 from the 合计 row; 价税合计 from its row (小写, else 大写); amount + tax must equal total. */
function amounts(cells: Cell[], fields: Fields, warnings: string[]) {
  const totalLabel = cells.find((c) => /价税合计/.test(c.text));
  let small: Hit<number> | null = null;
  let big: Hit<number> | null = null;
  if (totalLabel) {
    const row = [totalLabel, ...rightOf(cells, totalLabel, 6)];
    for (const c of row) {
      const text = c === totalLabel ? c.text.replace(/^.*价税合计/, '') : c.text;
      const afterSmall = /小写\)?(.*)$/.exec(text);
      const money = moneyIn(afterSmall ? afterSmall[1]! : text);
      if (!small && money.length > 0 && (afterSmall || money[0]!.yen)) {
        small = { value: money[0]!.fen, confidence: c.confidence, valid: true, cell: c };
      }
      const chinese = parseChineseAmount(text.replace(/^.*大写\)?/, '').replace(/\(?小写.*$/, ''));
      if (!big && chinese !== null && chinese > 0) {
        big = { value: chinese, confidence: c.confidence, valid: true, cell: c };
      }
    }
  }

  // The 合计 row: the nearest row above 价税合计 holding amounts (¥-signed, or next to 合计/计).
  const limit = totalLabel ? totalLabel.box.y : Infinity;
  const candidates = cells
    .filter((c) => mid(c.box) < limit && moneyIn(c.text).length > 0)
    .sort((a, b) => b.box.y - a.box.y);
  let sumRow: Cell[] = [];
  for (const c of candidates) {
    const row = cells.filter((o) => sameRow(o.box, c.box));
    const marked =
      row.some((o) => /^合?\s*计$|合\s*计/.test(o.text)) ||
      row.some((o) => moneyIn(o.text).some((m) => m.yen));
    if (marked) {
      sumRow = row.filter((o) => moneyIn(o.text).length > 0).sort((a, b) => a.box.x - b.box.x);
      break;
    }
    if (!totalLabel) break;
  }
  const sumMoney = sumRow.flatMap((c) => moneyIn(c.text).map((m) => ({ ...m, cell: c })));
  const amount = sumMoney[0];
  const tax = sumMoney.length >= 2 ? sumMoney.at(-1) : undefined;
  const amountHit = amount && { value: amount.fen, confidence: amount.cell.confidence, valid: true };
  const taxHit = tax && { value: tax.fen, confidence: tax.cell.confidence, valid: true };

  let totalHit: Hit<number> | null = small;
  if (small && big && small.value !== big.value) {
    const sum = amountHit && taxHit ? amountHit.value + taxHit.value : null;
    warnings.push(`价税合计大写 ${formatFen(big.value)} 与小写 ${formatFen(small.value)} 不一致`);
    totalHit = sum === big.value ? { ...big, confidence: big.confidence * 0.9 } : { ...small, valid: false };
  } else if (!small && big) {
    totalHit = big;
  }

  if (amountHit && taxHit && totalHit && amountHit.value + taxHit.value !== totalHit.value) {
    warnings.push(
      `金额 ${formatFen(amountHit.value)} + 税额 ${formatFen(taxHit.value)} ≠ 价税合计 ${formatFen(totalHit.value)}`,
    );
    amountHit.valid = false;
    taxHit.valid = false;
    totalHit = { ...totalHit, valid: false };
  }
  if (amountHit) fields.amount = field(amountHit);
  if (taxHit) fields.tax = field(taxHit);
  if (totalHit) fields.total = field(totalHit);
}

/**
 * 购买方 / 销售方 名称 and 纳税人识别号. Paper and old e-invoices print the buyer above the goods table and
 * the seller below 价税合计; 数电票 print them side by side on one row (buyer left).
 */
function parties(cells: Cell[], fields: Fields) {
  const goodsHeader = cells.find((c) => /货物或应税劳务|项目名称|服务名称/.test(c.text));
  const cut = goodsHeader
    ? goodsHeader.box.y
    : (cells.find((c) => /价税合计/.test(c.text))?.box.y ?? Infinity);
  const roles = <T>(hits: Hit<T>[]): { buyer?: Hit<T>; seller?: Hit<T> } => {
    const result: { buyer?: Hit<T>; seller?: Hit<T> } = {};
    for (const hit of hits) {
      const pair = hits
        .filter((o) => sameRow(o.cell.box, hit.cell.box))
        .sort((a, b) => a.cell.box.x - b.cell.box.x);
      const role =
        pair.length >= 2
          ? pair[0] === hit
            ? 'buyer'
            : 'seller'
          : mid(hit.cell.box) < cut
            ? 'buyer'
            : 'seller';
      result[role] ??= hit;
    }
    return result;
  };
  const names = roles(labelled(cells, /(?:^|名\s*)称\s*:/, pickName, { right: 1 }));
  const ids = roles(labelled(cells, /纳税人识别号|统一社会信用代码/, pickTaxId, { right: 1 }));
  if (names.buyer) fields.buyerName = field(names.buyer);
  if (names.seller) fields.sellerName = field(names.seller);
  if (ids.buyer) fields.buyerTaxId = field(ids.buyer);
  if (ids.seller) fields.sellerTaxId = field(ids.seller);
}

const SEAT = /(商务座|特等座|一等座|二等座|高级软卧|软卧|硬卧|动卧|软座|硬座|无座|头等舱|公务舱|经济舱)/;

/** Train tickets and air itineraries: passenger, from/to, train or flight number, seat class, fare. */
function travel(cells: Cell[], kind: InvoiceKind, fields: Fields) {
  const train = kind === 'train';
  const number = train
    ? cells.find((c) => /^[A-Z]\d{6,}$|^[A-Z]\d{2}[A-Z]\d{6}$/.test(c.text.replace(/\s/g, '')))
    : undefined;
  if (number && !fields.number) {
    fields.number = field(
      { value: number.text.replace(/\s/g, ''), confidence: number.confidence, valid: true },
      UNLABELLED,
    );
  }
  const ticketNo = labelled(cells, /电子客票号码/, digitsOf([13], 10))[0];
  if (ticketNo && !fields.number) fields.number = field(ticketNo);

  const runRe = train
    ? /(?<![A-Z0-9])([GDCZTKSYL]\d{1,4})(?:次)?(?![0-9])/
    : /(?<![A-Z0-9])([A-Z0-9]{2}\d{3,4})(?![0-9])/;
  const runLabel = train
    ? null
    : labelled(cells, /航班号/, (t) => {
        const m = runRe.exec(t.toUpperCase());
        return m ? { value: m[1]!, valid: true } : null;
      })[0];
  const run =
    runLabel ??
    cells
      .map((c) => ({ c, m: runRe.exec(c.text) }))
      .filter(({ m }) => m)
      .map(({ c, m }) => ({ value: m![1]!, confidence: c.confidence * UNLABELLED, valid: true, cell: c }))[0];
  if (run) fields.trainOrFlight = field(run);

  const seat = cells.find((c) => SEAT.test(c.text));
  if (seat)
    fields.seatClass = field({ value: SEAT.exec(seat.text)![1]!, confidence: seat.confidence, valid: true });

  if (train) {
    const stations = cells.filter((c) => /^[\u4e00-\u9fa5]{1,8}站$/.test(c.text.replace(/\s/g, '')));
    if (stations[0])
      fields.from = field({
        value: stations[0].text.replace(/\s|站$/g, ''),
        confidence: stations[0].confidence,
        valid: true,
      });
    if (stations[1])
      fields.to = field({
        value: stations[1].text.replace(/\s|站$/g, ''),
        confidence: stations[1].confidence,
        valid: true,
      });
    const id = cells.find((c) => /\d{6,10}\*{4}\d{3}[\dX]/.test(c.text));
    if (id) {
      const name =
        /([\u4e00-\u9fa5·]{2,6})\s*$/.exec(id.text.replace(/\d{6,10}\*{4}\d{3}[\dX]/, ''))?.[1] ??
        rightOf(cells, id, 1)[0]?.text;
      if (name && /^[\u4e00-\u9fa5·]{2,6}$/.test(name))
        fields.passenger = field({ value: name, confidence: id.confidence, valid: true });
    }
    const fare = cells.flatMap((c) =>
      moneyIn(c.text)
        .filter((m) => m.yen)
        .map((m) => ({ m, c })),
    )[0];
    if (fare) fields.total = field({ value: fare.m.fen, confidence: fare.c.confidence, valid: true });
  } else {
    const passenger = labelled(cells, /旅客姓名/, pickName, { right: 1 })[0];
    if (passenger) fields.passenger = field(passenger);
    const from = cells.find((c) => /^自\s*\S/.test(c.text));
    const to = cells.find((c) => /^至\s*\S/.test(c.text));
    if (from)
      fields.from = field({
        value: from.text.replace(/^自\s*/, ''),
        confidence: from.confidence,
        valid: true,
      });
    if (to)
      fields.to = field({ value: to.text.replace(/^至\s*/, ''), confidence: to.confidence, valid: true });
    const total = labelled(cells, /合\s*计|TOTAL/i, (t) => {
      const m = moneyIn(t)[0];
      return m ? { value: m.fen, valid: true } : null;
    })[0];
    if (total) fields.total = field(total);
  }
}

/** Taxi and quota tickets: the fare (金额 / ¥ figure, or the 大写 face value of a quota ticket). */
function ticketTotal(cells: Cell[], fields: Fields, kind: InvoiceKind) {
  const labelledTotal = labelled(cells, /金\s*额|实收|合\s*计/, (t) => {
    const m =
      moneyIn(t)[0] ??
      (/^\d+(\.\d{1,2})?\s*元/.test(t) ? { fen: parseMoney(t.replace(/元.*$/, ''))! } : undefined);
    return m ? { value: m.fen, valid: true } : null;
  })[0];
  if (labelledTotal) {
    fields.total = field(labelledTotal);
    return;
  }
  if (kind === 'quota') {
    for (const c of cells) {
      const fen = parseChineseAmount(c.text);
      if (fen !== null && fen > 0) {
        fields.total = field({ value: fen, confidence: c.confidence, valid: true }, UNLABELLED);
        return;
      }
    }
  }
  const yen = cells.flatMap((c) =>
    moneyIn(c.text)
      .filter((m) => m.yen)
      .map((m) => ({ m, c })),
  )[0];
  if (yen) fields.total = field({ value: yen.m.fen, confidence: yen.c.confidence, valid: true }, UNLABELLED);
}
