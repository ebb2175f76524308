import sharp from 'sharp';
import {
  amountLine,
  FEE_TYPE_LABEL,
  PRINT_AGENT_COLUMN,
  PRINT_SIGNATURES,
  xmlSafe,
  type PrintData,
} from '@feikong/contracts';

/**
 * A document's print pages as pictures (decision 0021: pdf-lib writes no Chinese, so Chinese is drawn as
 * pictures; here a whole A4 page is an SVG rendered by sharp's librsvg, whose text goes through Pango with
 * the system's fonts-noto-cjk). The layout is the print template of /web-form-print/: header (top
 * company (费用承担公司), document type, number), fields, the amount in capitals (大写金额), fee lines with
 * invoices, trips, approval record, attachments, and the signature lines (制单 审核 审批 出纳 领款人).
 */

/** A4 at 150 dpi. */
export const PAGE = { width: 1240, height: 1754 } as const;
const MARGIN = 70;
const INNER = PAGE.width - 2 * MARGIN;
const FONT = 'Noto Sans CJK SC';
const SIZE = 20;
const LINE = 30;
const PAD = 8;

// Characters XML 1.0 forbids (U+FFFE, a control character …) would make the SVG unreadable: xmlSafe drops them.
const esc = (s: string) =>
  xmlSafe(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Width of a character in units of the font size: CJK and full-width ≈ 1, the rest ≈ 0.56. */
const charW = (c: string) => (c.charCodeAt(0) > 0x2e7f ? 1 : 0.56);

/** `text` broken into lines no wider than `width` px at `size` (at most `max` lines, the last cut with …). */
export function wrap(text: string, width: number, size = SIZE, max = 8): string[] {
  const lines: string[] = [];
  for (const para of text.replace(/\r/g, '').split('\n')) {
    let line = '';
    let w = 0;
    for (const c of para.replace(/\t/g, ' ')) {
      const cw = charW(c) * size;
      if (w + cw > width && line) {
        lines.push(line);
        line = '';
        w = 0;
      }
      line += c;
      w += cw;
    }
    lines.push(line);
  }
  if (lines.length > max) {
    const cut = lines.slice(0, max);
    cut[max - 1] = `${cut[max - 1]!.slice(0, -1)}…`;
    return cut;
  }
  return lines;
}

const money = (fen: number) => (fen / 100).toFixed(2);
/** yyyy-MM-dd HH:mm:ss in China time (UTC+8, no daylight saving). */
export function chinaTime(ms: number | null, withTime = true): string {
  if (ms == null) return '';
  const s = new Date(ms + 8 * 3_600_000).toISOString();
  return withTime ? `${s.slice(0, 10)} ${s.slice(11, 19)}` : s.slice(0, 10);
}

interface Column {
  title: string;
  /** Share of the inner width. */
  w: number;
  align?: 'start' | 'end';
}

/** Lays out blocks top to bottom, starting a new page when one does not fit. */
class Pages {
  pages: string[][] = [[]];
  y = MARGIN;

  private get page() {
    return this.pages[this.pages.length - 1]!;
  }
  newPage() {
    this.pages.push([]);
    this.y = MARGIN;
  }
  ensure(h: number) {
    if (this.y + h > PAGE.height - MARGIN - 40) this.newPage();
  }
  text(
    x: number,
    y: number,
    s: string,
    opts: { size?: number; bold?: boolean; anchor?: string; fill?: string } = {},
  ) {
    this.page.push(
      `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${opts.size ?? SIZE}"${opts.bold ? ' font-weight="bold"' : ''} text-anchor="${opts.anchor ?? 'start'}" fill="${opts.fill ?? '#222'}">${esc(s)}</text>`,
    );
  }
  line(x1: number, y1: number, x2: number, y2: number) {
    this.page.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#444" stroke-width="1.5"/>`);
  }
  rect(x: number, y: number, w: number, h: number, fill = 'none') {
    this.page.push(
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" stroke="#999" stroke-width="1"/>`,
    );
  }
  section(title: string) {
    this.ensure(LINE * 3);
    this.y += 16;
    this.text(MARGIN, this.y + SIZE + 2, title, { size: 24, bold: true });
    this.y += LINE + 12;
  }
  /** A bordered table; its header row is repeated on each page it runs onto. */
  table(cols: Column[], rows: string[][]) {
    const widths = cols.map((c) => c.w * INNER);
    const drawRow = (cells: string[], header: boolean) => {
      const wrapped = cells.map((c, i) => wrap(c, widths[i]! - 2 * PAD, SIZE, header ? 2 : 8));
      const h = Math.max(...wrapped.map((l) => l.length)) * LINE + 2 * PAD - 6;
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        this.rect(x, this.y, widths[i]!, h, header ? '#f2f4f7' : 'none');
        const end = cols[i]!.align === 'end';
        lines.forEach((l, k) =>
          this.text(end ? x + widths[i]! - PAD : x + PAD, this.y + PAD + SIZE + k * LINE, l, {
            bold: header,
            anchor: end ? 'end' : 'start',
          }),
        );
        x += widths[i]!;
      });
      this.y += h;
      return h;
    };
    const header = cols.map((c) => c.title);
    this.ensure(LINE * 3);
    drawRow(header, true);
    if (rows.length === 0) {
      this.rect(MARGIN, this.y, INNER, LINE + 2 * PAD);
      this.text(MARGIN + INNER / 2, this.y + PAD + SIZE, '无', { anchor: 'middle', fill: '#888' });
      this.y += LINE + 2 * PAD;
      return;
    }
    for (const r of rows) {
      const lines = Math.max(...r.map((c, i) => wrap(c, widths[i]! - 2 * PAD).length));
      const h = lines * LINE + 2 * PAD;
      if (this.y + h > PAGE.height - MARGIN - 40) {
        this.newPage();
        drawRow(header, true);
      }
      drawRow(r, false);
    }
  }
}

/** The SVG of each page of the document's print. */
export function printPagesSvg(p: PrintData, printedAt: number): string[] {
  const L = new Pages();
  const centre = MARGIN + INNER / 2;
  if (p.template.orgName) {
    L.text(centre, L.y + 26, p.template.orgName, { size: 26, anchor: 'middle' });
    L.y += 44;
  }
  L.text(centre, L.y + 40, p.template.title, { size: 40, bold: true, anchor: 'middle' });
  L.y += 64;
  L.text(MARGIN, L.y + SIZE, `单据编号：${p.billNumber}`);
  L.text(MARGIN + INNER, L.y + SIZE, `状态：${p.data.statusText}`, { anchor: 'end' });
  L.y += LINE + 10;

  // fields, two pairs per row
  const fields = p.formFields;
  const pairRows: string[][] = [];
  for (let i = 0; i < fields.length; i += 2) {
    const a = fields[i]!;
    const b = fields[i + 1];
    pairRows.push([a.label, a.value, b?.label ?? '', b?.value ?? '']);
  }
  L.table(
    [
      { title: '项目', w: 0.14 },
      { title: '内容', w: 0.36 },
      { title: '项目', w: 0.14 },
      { title: '内容', w: 0.36 },
    ],
    pairRows,
  );
  // 大写金额 under the fields, the figures at the right (on a line of their own when both do not fit)
  const amount = amountLine(p.data.amount);
  const words = `${amount.label}：${amount.words}`;
  const textW = (t: string) => [...t].reduce((w, c) => w + charW(c) * SIZE, 0);
  const oneLine = textW(words) + textW(amount.figures) + 4 * PAD <= INNER;
  const amountH = (oneLine ? 1 : 2) * LINE + 2 * PAD - 6;
  L.ensure(amountH);
  L.rect(MARGIN, L.y, INNER, amountH);
  L.text(MARGIN + PAD, L.y + PAD + SIZE, words, { bold: true });
  L.text(MARGIN + INNER - PAD, L.y + PAD + SIZE + (oneLine ? 0 : LINE), amount.figures, { anchor: 'end' });
  L.y += amountH;

  if (p.data.fees.length || p.template.billType === 'expense') {
    L.section('费用明细');
    L.table(
      [
        { title: '序号', w: 0.07 },
        { title: '费用类型', w: 0.14 },
        { title: '费用日期', w: 0.14 },
        { title: '金额（元）', w: 0.13, align: 'end' },
        { title: '备注', w: 0.22 },
        { title: '发票', w: 0.3 },
      ],
      p.data.fees.map((f, i) => [
        String(i + 1),
        f.feeTypeText,
        chinaTime(f.date, false),
        money(f.amount),
        f.remark,
        f.invoices.map((inv) => `${inv.number} ${inv.sellerName} ¥${money(inv.amountTax)}`).join('\n'),
      ]),
    );
  }
  if (p.data.trips.length) {
    L.section('行程');
    L.table(
      [
        { title: '目的地', w: 0.14 },
        { title: '行程日期', w: 0.26 },
        { title: '同行人', w: 0.14 },
        { title: '交通（元）', w: 0.115, align: 'end' },
        { title: '住宿（元）', w: 0.115, align: 'end' },
        { title: '其他（元）', w: 0.115, align: 'end' },
        { title: '合计（元）', w: 0.115, align: 'end' },
      ],
      p.data.trips.map((t) => [
        t.locationCus,
        `${chinaTime(t.date[0], false)} 至 ${chinaTime(t.date[1], false)}`,
        t.peers,
        money(t.budget_traffic),
        money(t.budget_stay),
        money(t.budget_other),
        money(t.budget_total),
      ]),
    );
  }
  if (p.riskFlags.length) {
    L.section('风险提示');
    L.table(
      [
        { title: '规则', w: 0.2 },
        { title: '说明', w: 0.8 },
      ],
      p.riskFlags.map((f) => [f.ruleName, `${f.message}：${f.detail}`]),
    );
  }
  if (p.budgetLines.length) {
    L.section('预算');
    L.table(
      [
        { title: '费用类型', w: 0.16 },
        { title: '预算', w: 0.36 },
        { title: '预算占用', w: 0.16 },
        { title: '超预算', w: 0.16 },
        { title: '个人承担', w: 0.16 },
      ],
      p.budgetLines
        .map((l) => [
          FEE_TYPE_LABEL[l.fee_type] ?? l.fee_type,
          [...new Set(l.hits.map((h) => `${h.budget_name} ${h.node_label}`))].join('；'),
          money(l.amount),
          l.over > 0 ? money(l.over) : '—',
          l.personal > 0 ? money(l.personal) : '—',
        ])
        .concat(p.budgetPersonal > 0 ? [['个人承担合计', '', '', '', money(p.budgetPersonal)]] : []),
    );
  }
  L.section('审批记录');
  // the agent column only when an agent acted on the document
  const agents = p.approveNodeRecord.some((r) => r.onBehalfOfText);
  L.table(
    [
      { title: '节点', w: 0.14 },
      { title: '审批人', w: 0.12 },
      ...(agents ? [{ title: PRINT_AGENT_COLUMN, w: 0.14 }] : []),
      { title: '操作', w: 0.12 },
      { title: '意见', w: agents ? 0.26 : 0.4 },
      { title: '时间', w: 0.22 },
    ],
    p.approveNodeRecord.map((r) => [
      r.nodeName,
      r.actorName,
      ...(agents ? [r.onBehalfOfText] : []),
      r.actionLabel,
      [r.opinion, r.reason].filter(Boolean).join('；'),
      chinaTime(r.at),
    ]),
  );
  if (p.attachments.length) {
    L.section('附件');
    L.table(
      [
        { title: '文件名', w: 0.45 },
        { title: '类型', w: 0.12 },
        { title: '说明', w: 0.43 },
      ],
      p.attachments.map((a) => [a.fileName, a.fileType.toUpperCase(), a.remark]),
    );
  }
  // signature lines: each role with a line to sign on
  L.ensure(LINE * 3);
  L.y += 2 * LINE;
  const cell = INNER / PRINT_SIGNATURES.length;
  PRINT_SIGNATURES.forEach((role, i) => {
    const x = MARGIN + i * cell;
    const label = `${role}：`;
    L.text(x, L.y + SIZE, label);
    L.line(x + textW(label) + 4, L.y + SIZE + 6, x + cell - 20, L.y + SIZE + 6);
  });
  L.y += LINE;
  const total = L.pages.length;
  return L.pages.map((parts, i) => {
    const footer = `${p.template.title} ${p.billNumber}    打印时间 ${chinaTime(printedAt)}    第 ${i + 1} 页 / 共 ${total} 页`;
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}" height="${PAGE.height}" viewBox="0 0 ${PAGE.width} ${PAGE.height}">`,
      `<rect width="100%" height="100%" fill="#ffffff"/>`,
      ...parts,
      `<text x="${PAGE.width / 2}" y="${PAGE.height - MARGIN + 10}" font-family="${FONT}" font-size="16" text-anchor="middle" fill="#666">${esc(footer)}</text>`,
      `</svg>`,
    ].join('');
  });
}

/** The pages as PNGs. */
export async function printPagesPng(p: PrintData, printedAt: number): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const svg of printPagesSvg(p, printedAt)) out.push(await sharp(Buffer.from(svg)).png().toBuffer());
  return out;
}
