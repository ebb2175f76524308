/**
 * Texts of printed documents shared by the server's PDFs and the client's print sheets: the amount in
 * capitals (大写金额) and the one message naming what could not be printed.
 */

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const IN_GROUP = ['', '拾', '佰', '仟'] as const;
/** Units of the four-digit groups, lowest first: up to 9999 亿 (a trillion yuan). */
const GROUPS = ['', '万', '亿'] as const;
/** 10^12 yuan in 分: above that the words would need 万亿. */
export const CAPITAL_MAX_FEN = 10n ** 14n;

/** 0–9999 in capitals, zeros inside collapsed to one 零 and trailing ones dropped: 1005 → 壹仟零伍. */
function group(n: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i -= 1) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      zero = out !== '';
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d] + IN_GROUP[i];
  }
  return out;
}

/**
 * 分 → 大写金额 as finance writes it (《会计基础工作规范》 第五十二条): 人民币, the yuan in capitals with
 * 拾佰仟万亿, 元; then 角 and 分, or 整 when the amount ends at 元 or 角. One 零 stands for each run of
 * zeros between digits (壹万零伍元, 壹仟零伍拾元), and for a missing 角 before 分 (壹元零伍分); 壹拾 keeps
 * its 壹. 0 → 人民币零元整; a negative amount reads 人民币负…. Fractions of a 分 are rounded.
 *
 *   444900 → 人民币肆仟肆佰肆拾玖元整 · 1000505 → 人民币壹万零伍元零伍分 · 50 → 人民币伍角整
 */
export function amountInWords(fen: number | bigint): string {
  let f = typeof fen === 'bigint' ? fen : BigInt(Math.round(fen));
  if (typeof fen === 'number' && !Number.isFinite(fen)) throw new RangeError('金额不是数字');
  const negative = f < 0n;
  if (negative) f = -f;
  if (f >= CAPITAL_MAX_FEN) throw new RangeError('金额超过万亿元，无法写成大写');
  const yuan = f / 100n;
  const jiao = Number((f / 10n) % 10n);
  const cent = Number(f % 10n);

  let words = '';
  const groups: number[] = [];
  for (let y = yuan; y > 0n; y /= 10000n) groups.push(Number(y % 10000n));
  // high group first; a zero between written groups (a whole empty group, or a group under 1000) is one 零
  let pendingZero = false;
  for (let i = groups.length - 1; i >= 0; i -= 1) {
    const g = groups[i]!;
    if (g === 0) {
      pendingZero = words !== '';
      continue;
    }
    if (words && (pendingZero || g < 1000)) words += '零';
    pendingZero = false;
    words += group(g) + GROUPS[i];
  }

  let out = words ? `${words}元` : '';
  if (jiao === 0 && cent === 0) out = `${out || '零元'}整`;
  else {
    if (jiao) out += `${DIGITS[jiao]}角`;
    else if (words) out += '零';
    out += cent ? `${DIGITS[cent]}分` : '整';
  }
  return `人民币${negative ? '负' : ''}${out}`;
}

/**
 * The one message naming the files left out of a print, each with its reason:
 * `2 张发票未能打印：0001（没有发票文件）；0002（文件“x.ofd”…）`. '' when nothing was left out.
 */
export function unprintedMessage(
  items: readonly { name: string; reason: string }[],
  opts: { what?: string; verb?: string } = {},
): string {
  if (!items.length) return '';
  const list = items.map((i) => `${i.name}（${i.reason}）`).join('；');
  return `${items.length} 张${opts.what ?? '发票'}未能${opts.verb ?? '打印'}：${list}`;
}

/** The approval record's column for an agent's action, shown only when one acted (cells: 代 <name> 审批). */
export const PRINT_AGENT_COLUMN = '代理审批';

/** The signature lines at the foot of a printed document, in the order finance signs. */
export const PRINT_SIGNATURES = ['制单', '审核', '审批', '出纳', '领款人'] as const;

/** The 大写金额 line of a printed document: its label, the words and the figures. */
export function amountLine(fen: number): { label: string; words: string; figures: string } {
  return {
    label: '金额合计（大写）',
    words: amountInWords(fen),
    figures: `（小写）¥${(Math.round(fen) / 100).toFixed(2)}`,
  };
}
