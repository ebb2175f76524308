import { OrgLedgerKind, RechargeStatus } from '@feikong/contracts';
import type { Db } from '../platform/db/database.js';
import { staffIdByPhone } from '../modules/org/index.js';
import { orgAccountLedger } from '../modules/spend/index.js';
import { newRechargeNo } from '../modules/spend/orgAccount/recharge.service.js';

const DAY = 86_400_000;

/**
 * 企业账户 of 演示集团 (issue 21): one recharge by bank transfer the platform confirmed three days ago
 * (¥50,000.00, its ledger row written through the ledger like any confirmation), and a warning threshold
 * of ¥5,000.00, so the overview, the flow and the company bill have something true to show.
 */
export async function seedDemoSpendAccount(db: Db, tenantId: number, adminPhone: string, now = Date.now()) {
  const staffId = await staffIdByPhone(db, tenantId, adminPhone);
  if (staffId === undefined) return;
  const at = now - 3 * DAY;
  const amount = 5_000_000;
  const row = await db
    .insertInto('org_fund_recharges')
    .values({
      tenant_id: tenantId,
      recharge_no: newRechargeNo(at),
      amount,
      status: RechargeStatus.confirmed,
      payer_account_name: '演示集团有限公司',
      payer_bank: '招商银行上海分行',
      payer_account_no: '6225880212345678',
      transfer_time: at - 3_600_000,
      remark: '企业账户首次充值',
      created_by: staffId,
      created_at: at - 3_000_000,
      decided_at: at,
      operator_note: '演示数据：已核对到账',
      ledger_id: null,
    })
    .returning(['id', 'recharge_no'])
    .executeTakeFirstOrThrow();
  const credited = await orgAccountLedger.credit(db, {
    tenantId,
    amount,
    key: `recharge:${row.id}`,
    memo: '对公转账充值',
    kind: OrgLedgerKind.recharge,
    ref: row.recharge_no,
    createdBy: staffId,
    at,
  });
  await db
    .updateTable('org_fund_recharges')
    .set({ ledger_id: credited.ledgerId })
    .where('id', '=', row.id)
    .execute();
  await db
    .updateTable('org_fund_accounts')
    .set({ warn_threshold: 500_000, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .execute();
}
