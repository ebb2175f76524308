import { Category, CategoryLabel, formatMoney, type UiType } from '@feikong/contracts';
import type { BenefitBalance, BenefitMove, FestivalOffer } from '@/api/benefit';

/** The benefit interfaces (spec §1): their staff get 福利首页 instead of the 费控 workbench. */
export function isBenefitUi(ui: UiType | null | undefined): boolean {
  return ui === 'welfare' || ui === 'shop_welfare';
}

/** ¥1,234.50 from 分. */
export const yuan = (fen: number) => `¥${formatMoney(fen)}`;

/** The scene categories the store (商城) spends from: 商城 (mall) and 通用 (general) scenes. */
export const STORE_CATEGORIES: readonly number[] = [Category.mall, Category.general];

export function storeBalances(balances: BenefitBalance[]): BenefitBalance[] {
  return balances.filter((b) => STORE_CATEGORIES.includes(b.category));
}

export function categoryName(c: number): string {
  return (CategoryLabel as Record<number, string>)[c] ?? '通用';
}

export type FestivalState = 'claimable' | 'claimed' | 'notStarted' | 'ended';

export function festivalState(f: FestivalOffer, now: number): FestivalState {
  if (f.claimed) return 'claimed';
  if (now < f.claim_from) return 'notStarted';
  if (now > f.claim_until) return 'ended';
  return 'claimable';
}

const KIND_LABELS: Record<string, string> = {
  release: '发放',
  reset: '清零',
  debit: '消费',
  credit: '退回',
  expire: '过期',
  clear: '清理',
};

export function moveKindLabel(m: Pick<BenefitMove, 'kind'>): string {
  return KIND_LABELS[m.kind] ?? m.kind;
}
