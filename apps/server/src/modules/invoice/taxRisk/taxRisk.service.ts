import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { listOrgs } from '../../org/index.js';
import { pageCounterparties } from '../core/invoice.repo.js';
// Data, not code: esbuild bundles it into the server build; scripts/gen-banks.mjs writes it (README.md here).
import banks from './banks.json' with { type: 'json' };

interface BankEntry {
  name: string;
  code: string;
  patterns: { re: string; cardType: string }[];
}
const BANKS: BankEntry[] = banks;

/**
 * taxRisk (spec §7.8): companies from the tenant's own companies and the sellers and buyers of its
 * invoices; banks from the bank list of the npm package bankcardinfo (banks.json, see README.md here).
 */

export async function searchCompany(
  db: Db,
  caller: TenantCaller,
  q: { pageNum: number; pageSize: number; keyword?: string },
) {
  const kw = q.keyword ?? '';
  const seen = new Set<string>();
  const out: { name: string; taxId: string }[] = [];
  const add = (name: string, taxId: string) => {
    const key = `${name}|${taxId}`;
    if (!name || seen.has(key) || (kw && !name.includes(kw))) return;
    seen.add(key);
    out.push({ name, taxId });
  };
  for (const o of await listOrgs(db, caller.tenantId)) add(o.name, o.tax_id ?? '');
  const limit = q.pageNum * q.pageSize;
  for (const side of ['seller', 'buyer'] as const) {
    const res = await pageCounterparties(db, caller.tenantId, side, {
      keyword: kw || undefined,
      num: 1,
      size: limit,
    });
    for (const r of res.rows) add(r.name, r.taxId);
  }
  out.sort((a, b) => a.name.localeCompare(b.name, 'zh-CN') || a.taxId.localeCompare(b.taxId));
  const start = (q.pageNum - 1) * q.pageSize;
  return {
    items: out.slice(start, start + q.pageSize),
    page: { page_num: q.pageNum, page_size: q.pageSize, total: out.length },
  };
}

/** One entry per bank code (the package lists a few banks under two names; the first is kept). */
const BANK_LIST = (() => {
  const seen = new Set<string>();
  return BANKS.filter((b) => (seen.has(b.code) ? false : (seen.add(b.code), true))).map((b) => ({
    bankName: b.name,
    bankCode: b.code,
  }));
})();
const CARD_TYPES: Record<string, string> = { DC: '储蓄卡', CC: '信用卡', SCC: '准贷记卡', PC: '预付费卡' };
const PATTERNS = BANKS.flatMap((b) =>
  b.patterns.map((p) => ({ re: new RegExp(p.re), bankName: b.name, bankCode: b.code, cardType: p.cardType })),
);

export function bankPageList(q: { pageNum: number; pageSize: number; keyword?: string }) {
  const list = q.keyword
    ? BANK_LIST.filter(
        (b) => b.bankName.includes(q.keyword!) || b.bankCode.includes(q.keyword!.toUpperCase()),
      )
    : BANK_LIST;
  const start = (q.pageNum - 1) * q.pageSize;
  return {
    items: list.slice(start, start + q.pageSize),
    page: { page_num: q.pageNum, page_size: q.pageSize, total: list.length },
  };
}

/** The bank of a card number by its BIN; null when the list knows none. */
export function queryBankName(cardNo: string) {
  const hit = PATTERNS.find((p) => p.re.test(cardNo));
  if (!hit) return null;
  return {
    bankName: hit.bankName,
    bankCode: hit.bankCode,
    cardType: hit.cardType,
    cardTypeName: CARD_TYPES[hit.cardType] ?? '',
  };
}

/** Banks whose name contains the text, with their codes. */
export function queryBankCode(bankName: string) {
  return { items: BANK_LIST.filter((b) => b.bankName.includes(bankName)).slice(0, 50) };
}
