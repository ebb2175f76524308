import { compactDateToIso, moneyToFen } from './qr.js';
import { travelFromLines } from './travel.js';
import type { FieldSource, InvoiceKind, RecognisedField, RecognisedInvoice } from './types.js';

/**
 * Label/value extraction from positioned text: the text layer of a PDF e-invoice or the page (and
 * template) text of an OFD. Both give text runs with a position; the invoice face puts each value to the
 * right of its label on the same baseline (发票号码：12345678, 名称：…, （小写）¥526.00), the buyer's
 * and seller's blocks are told apart by the nearest 购(买方) / 销(售方) marker to their left (old
 * layout: stacked; 数电票: side by side), and the 合计 row carries the amount before tax and the tax.
 */

export interface TextItem {
  /** Left edge and baseline, in any unit with y growing downwards (OFD mm; PDF points flipped). */
  x: number;
  baseline: number;
  /** Font size in the same unit. */
  size: number;
  text: string;
  /** Advance width when known (PDF); else estimated from the characters. */
  width?: number;
}

export interface LayoutResult {
  kind?: InvoiceKind;
  fields: RecognisedInvoice['fields'];
}

interface Line {
  baseline: number;
  size: number;
  items: (TextItem & { compact: string })[];
}

const compactText = (s: string) => s.replace(/[\s\u00a0\u3000]+/g, '');

/** Titles, most specific first (a 数电票 title also contains 增值税专用发票). */
const TITLES: [RegExp, InvoiceKind][] = [
  [/电子发票[（(]增值税专用发票[)）]/, 'digital_special'],
  [/电子发票[（(]普通发票[)）]/, 'digital_normal'],
  [/电子发票[（(]航空运输电子客票行程单[)）]/, 'digital_air'],
  [/电子发票[（(]铁路电子客票[)）]/, 'digital_train'],
  [/通行费/, 'vat_toll'],
  [/增值税电子专用发票/, 'vat_electronic_special'],
  [/增值税电子普通发票/, 'vat_electronic'],
  [/增值税普通发票[（(]卷/, 'vat_roll'],
  [/增值税专用发票/, 'vat_special'],
  [/增值税普通发票/, 'vat_normal'],
];

/** The invoice kind named by a title (增值税电子普通发票, 电子发票（普通发票）…) anywhere in the text. */
export function kindFromTitle(text: string): InvoiceKind | undefined {
  const compact = compactText(text);
  return TITLES.find(([re]) => re.test(compact))?.[1];
}

type Key = 'code' | 'number' | 'date' | 'checkCode' | 'machineNo' | 'name' | 'taxId' | 'totalSmall' | 'sum';
const LABELS: [Key, RegExp][] = [
  ['code', /^发票代码[:：]?/],
  ['number', /^发票号码[:：]?/],
  ['date', /^开票日期[:：]?/],
  ['checkCode', /^校验码[:：]?/],
  ['machineNo', /^机器编号[:：]?/],
  ['name', /^名称[:：]?/],
  [
    'taxId',
    /^(?:统一社会信用代码\/纳税人识别号|纳税人识别号\/统一社会信用代码|统一社会信用代码|纳税人识别号)[:：]?/,
  ],
  ['totalSmall', /^(?:价税合计)?[（(]小写[)）][:：]?/],
  ['sum', /^合计[:：]?$/],
];
/** Other labels on the face: they end a value that runs to the right. */
const OTHER_LABELS =
  /^(?:地址|电话|地址、电话|开户行及账号|开户行|银行账号|价税合计|密码区|备注|收款人|复核|开票人|项目名称|规格型号|单位|数量|单价|金额|税率|税额|购|销|[（(]小写|[购买方信息销售]$)/;

const MONEY_TOKEN = /-?[¥￥]?\s*-?\d{1,12}(?:,\d{3})*(?:\.\d{1,2})?(?!\d)|\*{3}/g;

export function parseCnDate(text: string): string | undefined {
  const t = compactText(text);
  const m = /^(\d{4})[年\-/.]?(\d{1,2})[月\-/.]?(\d{1,2})日?$/.exec(t);
  if (!m) return undefined;
  return compactDateToIso(`${m[1]}${m[2]!.padStart(2, '0')}${m[3]!.padStart(2, '0')}`);
}

function groupLines(items: TextItem[]): Line[] {
  const sorted = items
    .filter((i) => compactText(i.text) !== '')
    .map((i) => ({ ...i, compact: compactText(i.text) }))
    .sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const lines: Line[] = [];
  for (const item of sorted) {
    const line = lines.find(
      (l) => Math.abs(l.baseline - item.baseline) <= Math.max(l.size, item.size) * 0.45,
    );
    if (line) {
      line.items.push(item);
      line.size = Math.max(line.size, item.size);
    } else {
      lines.push({ baseline: item.baseline, size: item.size, items: [item] });
    }
  }
  for (const l of lines) {
    l.items.sort((a, b) => a.x - b.x);
    // PDF writers split one run of text wherever the font changes (a fallback glyph): glue touching runs
    // back together so that labels like 统一社会信用代码/纳税人识别号： are whole again.
    for (let i = 1; i < l.items.length; i++) {
      const prev = l.items[i - 1]!;
      const it = l.items[i]!;
      if (prev.width === undefined || it.width === undefined) continue;
      const gap = it.x - (prev.x + prev.width);
      if (gap < 0.2 * Math.min(prev.size, it.size) && gap > -0.5 * it.size) {
        const text = prev.text + it.text;
        l.items.splice(i - 1, 2, {
          ...prev,
          text,
          compact: compactText(text),
          width: it.x + it.width - prev.x,
        });
        i--;
      }
    }
    // Spaced-out labels come as separate runs (名      称：, 合      计, 数电票' 合 … 计): when two or three
    // short runs that are not labels on their own spell one, they become one label.
    for (let i = 0; i < l.items.length; i++) {
      if (labelOf(l.items[i]!.compact)) continue;
      for (const n of [2, 3]) {
        const run = l.items.slice(i, i + n);
        if (run.length < n || run.some((it) => it.compact.length > 6)) break;
        const joined = run.map((it) => it.compact).join('');
        if (labelOf(joined) && labelOf(joined)![1].exec(joined)![0].length === joined.length) {
          const last = run[n - 1]!;
          const width = last.x + widthOf(last) - run[0]!.x;
          l.items.splice(i, n, { ...run[0]!, text: joined, compact: joined, width });
          break;
        }
      }
    }
  }
  return lines.sort((a, b) => a.baseline - b.baseline);
}

/** Advance width: the given one, else 1 em per CJK character and half an em for others. */
function widthOf(it: TextItem): number {
  if (it.width !== undefined && it.width > 0) return it.width;
  let w = 0;
  for (const ch of it.text) w += /[\u2e80-\uffef]/.test(ch) ? it.size : it.size / 2;
  return w;
}

const labelOf = (compact: string): [Key, RegExp] | undefined => LABELS.find(([, re]) => re.test(compact));
const isAnyLabel = (compact: string) => labelOf(compact) !== undefined || OTHER_LABELS.test(compact);

/** The value of the label at index i: the rest of its own run, else the runs to its right up to the next label. */
function valueRight(line: Line, i: number, re: RegExp, wholeRow = false): string[] {
  const own = line.items[i]!;
  const rest = own.text.replace(/^[\s\u3000]+/, '');
  // Remove the label from the run's own text, allowing spaces inside the label ("名        称:").
  let consumed = 0;
  let matched = '';
  const target = own.compact.match(re)?.[0] ?? '';
  for (const ch of rest) {
    if (matched.length >= target.length) break;
    consumed += ch.length;
    if (!/[\s\u00a0\u3000]/.test(ch)) matched += ch;
  }
  const after = rest.slice(consumed).trim();
  if (after) return [after];
  const parts: string[] = [];
  let end = own.x + widthOf(own);
  for (let j = i + 1; j < line.items.length; j++) {
    const it = line.items[j]!;
    // A label, or a run far to the right (another column's text on the same baseline), ends the value.
    const far = parts.length > 0 ? 3 : 15; // an empty value must not take a run from across the page
    if (isAnyLabel(it.compact) || (!wholeRow && it.x - end > far * Math.max(it.size, line.size))) break;
    parts.push(it.text.trim());
    end = Math.max(end, it.x + widthOf(it));
  }
  return parts;
}

interface Marker {
  side: 'buyer' | 'seller';
  x: number;
  baseline: number;
}

function sideOf(markers: Marker[], x: number, baseline: number): 'buyer' | 'seller' | undefined {
  let best: { side: Marker['side']; score: number } | undefined;
  for (const m of markers) {
    if (m.x > x + 1) continue;
    const score = x - m.x + 3 * Math.abs(baseline - m.baseline);
    if (!best || score < best.score) best = { side: m.side, score };
  }
  return best?.side;
}

/** Reads the invoice fields from positioned text. Values keep confidence 1 (a text layer is exact). */
export function fieldsFromLayout(items: TextItem[], source: FieldSource): LayoutResult {
  const field = <T>(value: T): RecognisedField<T> => ({ value, confidence: 1, source });
  const lines = groupLines(items);
  const fields: RecognisedInvoice['fields'] = {};
  const all = lines.map((l) => l.items.map((i) => i.compact).join('')).join('\n');
  const kind = kindFromTitle(all);

  const markers: Marker[] = [];
  for (const l of lines) {
    for (const it of l.items) {
      if (/^购(?:买方|方)?(?:信息)?$/.test(it.compact))
        markers.push({ side: 'buyer', x: it.x, baseline: l.baseline });
      if (/^销(?:售方|方)?(?:信息)?$/.test(it.compact))
        markers.push({ side: 'seller', x: it.x, baseline: l.baseline });
    }
  }

  for (const line of lines) {
    line.items.forEach((it, i) => {
      const label = labelOf(it.compact);
      if (!label) return;
      const [key, re] = label;
      const parts = valueRight(line, i, re, key === 'sum');
      const raw = parts.join('');
      // A value is its first run, or all runs up to the next label (a value split into runs).
      const pick = (re: RegExp) => [parts[0] ?? '', raw].map(compactText).find((c) => re.test(c));
      switch (key) {
        case 'code': {
          const code = pick(/^(\d{10}|\d{12})$/);
          if (code) fields.code ??= field(code);
          break;
        }
        case 'number': {
          const number = pick(/^\d{8,20}$/);
          if (number) fields.number ??= field(number);
          break;
        }
        case 'date': {
          const d = parseCnDate(parts[0] ?? '') ?? parseCnDate(raw);
          if (d) fields.date ??= field(d);
          break;
        }
        case 'checkCode': {
          const check = pick(/^\d{20}$/);
          if (check) fields.checkCode ??= field(check);
          break;
        }
        case 'machineNo': {
          const machine = pick(/^\d{10,15}$/);
          if (machine) fields.machineNo ??= field(machine);
          break;
        }
        case 'name':
        case 'taxId': {
          const side = sideOf(markers, it.x, line.baseline);
          if (!side || !raw) break;
          if (key === 'name') {
            const k = side === 'buyer' ? 'buyerName' : 'sellerName';
            fields[k] ??= field(raw.trim());
          } else {
            const id = pick(/^[0-9A-Z]{15,20}$/);
            const k = side === 'buyer' ? 'buyerTaxId' : 'sellerTaxId';
            if (id) fields[k] ??= field(id);
          }
          break;
        }
        case 'totalSmall': {
          const fen = moneyToFen(compactText(raw).replace(/^[¥￥]/, ''));
          if (fen !== undefined) fields.total ??= field(fen);
          break;
        }
        case 'sum': {
          const tokens = parts.join(' ').match(MONEY_TOKEN) ?? [];
          const [amountText, taxText] = tokens.map((t) => compactText(t).replace(/[¥￥]/g, ''));
          const amount = amountText !== undefined ? moneyToFen(amountText) : undefined;
          if (amount !== undefined) fields.amount ??= field(amount);
          // *** is printed for 免税 (tax exempt): no tax.
          const tax = taxText === '***' ? 0 : taxText !== undefined ? moneyToFen(taxText) : undefined;
          if (tax !== undefined) fields.tax ??= field(tax);
          break;
        }
      }
    });
  }

  // Goods lines print their name as *分类*名称 (the tax classification's short name between asterisks).
  const goods = lines
    .flatMap((l) => l.items)
    .filter((it) => /^\*[^*]+\*/.test(it.compact))
    .map((it) => ({ name: it.text.trim() }));
  if (goods.length) fields.goods = field(goods);
  // Railway tickets and air itineraries: their journey and their own amounts (票价, 合计) win.
  if (kind === 'digital_train' || kind === 'digital_air')
    Object.assign(fields, travelFromLines(all.split('\n'), kind, source));
  return { kind, fields };
}
