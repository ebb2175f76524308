import type { Category, Decision } from '@feikong/contracts';
import type { Db } from '../../platform/db/database.js';

/**
 * The spend module's inner doors (issue 21). One module, several areas, each in its own folder:
 *   scenes/     scenes, rule versions (version store), scope to staff, the compiled rule engine
 *   quota/      the staff quota ledger, releases (scheduled, manual, import), quota screens' APIs
 *   orders/     signed channel intake, the order centre, consumerOrder enum/findByUserId
 *   orgAccount/ the organisation account ledger, recharge, consumption flow
 *   payment/    paying approved 报销单/借款单 in batches
 * Areas talk to each other only through the interfaces below, so each can be built and tested alone.
 */

/** One spend to decide: a channel order, a card payment, or a document line's scene check. Money in 分. */
export interface SpendRequest {
  tenantId: number;
  userId: number;
  sceneId: number;
  /** Who asks: a channel code ('didi', 'eleme', 'demo'…), 'card' or 'bill'. */
  channel: string;
  category: Category;
  amount: number;
  /** When the spend happens (epoch ms); periods and time slots are read in the tenant's zone. */
  at: number;
  merchant?: { id?: string; name?: string; type?: string; brand?: string; group?: string };
  /** GB/T 2260 city code where spent (or of departure) and of arrival. */
  city?: string;
  toCity?: string;
  location?: { lat: number; lng: number };
  seatClass?: string;
  roomClass?: string;
  carModel?: string;
  /** Air: take-off time, and the lowest fare on offer (分) for the low-price rule. */
  takeOffAt?: number;
  lowestFare?: number;
}

/** What the staff member has already used in the scene, by the engine's levels (分, counts). */
export interface SpendUsage {
  dayAmount: number;
  weekAmount: number;
  monthAmount: number;
  yearAmount: number;
  /** Everything spent in the scene so far (the scene's total limit, when it has one). */
  sceneAmount: number;
  dayCount: number;
  monthCount: number;
  /** The staff member's quota balance in the scene; null when the scene does not release quota. */
  quotaBalance: number | null;
}

/** The scenes area's door: which scenes apply to a person, and the decision for one spend. */
export interface SpendDecider {
  decide(db: Db, spend: SpendRequest, usage: SpendUsage): Promise<Decision>;
}

/** A ledger entry's source key: the same key twice moves the money once (idempotency). */
export interface LedgerMove {
  tenantId: number;
  /** 分, > 0; the direction is the method's. */
  amount: number;
  /** Unique per money move, e.g. `order:<channel>:<orderId>`, `release:<id>:<userId>`, `refund:<…>`. */
  key: string;
  /** Short Chinese line for the change records, e.g. 订单消费 / 订单退款 / 额度发放. */
  memo: string;
  /** When the move is recorded (ms), where the ledger takes it (the organisation account); default now. */
  at?: number;
}

/** The quota area's door: every balance change is a ledger row in the caller's transaction. */
export interface QuotaLedger {
  balance(db: Db, tenantId: number, userId: number, sceneId: number): Promise<number>;
  /** Takes quota; refuses (AppError, Chinese, names what is left) when the balance is short. */
  debit(tx: Db, move: LedgerMove & { userId: number; sceneId: number }): Promise<{ balance: number }>;
  /** Gives quota back (refunds). */
  credit(tx: Db, move: LedgerMove & { userId: number; sceneId: number }): Promise<{ balance: number }>;
}

/** The organisation account's door. */
export interface OrgAccountLedger {
  balance(db: Db, tenantId: number): Promise<number>;
  debit(tx: Db, move: LedgerMove): Promise<{ balance: number }>;
  credit(tx: Db, move: LedgerMove): Promise<{ balance: number }>;
}
