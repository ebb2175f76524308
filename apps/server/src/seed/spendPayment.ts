import type { Db } from '../platform/db/database.js';
import { insertBankAccount } from '../modules/auth/bank.repo.js';

/**
 * 付款管理 demo (issue 21, decision 0045): the demo staff who file documents keep a bank card, so finance
 * (审批人甲, group 财务审批) can pay 演示集团's approved 报销单 (seed/billAnalysis.ts approves eight) to them.
 * 演示管理员 has none: a document of theirs is refused with the message naming it.
 */
export async function seedDemoPaymentCards(
  db: Db,
  users: { approver: number; staff: number },
  now = Date.now(),
) {
  await insertBankAccount(
    db,
    users.staff,
    {
      account_name: '员工乙',
      bank_name: '招商银行',
      branch_name: '上海张江支行',
      card_no: '6214830212345678',
      is_default: 1,
    },
    now,
  );
  await insertBankAccount(
    db,
    users.approver,
    {
      account_name: '审批人甲',
      bank_name: '中国工商银行',
      branch_name: '上海浦东分行',
      card_no: '6222021001234567',
      is_default: 1,
    },
    now,
  );
}
