import type { Db } from '../platform/db/database.js';
import { ensureAdminGroup, ensureDefaultGroup, joinDefaultGroup } from '../modules/privileges/index.js';
import { staffIdByPhone } from '../modules/org/index.js';
import { findGroupByName, insertGroup, insertMembers } from '../modules/privileges/privileges.repo.js';
import { FLOW_STAFF_PERMS } from '../db/migrations/20261127T0141_flow_bill.js';
import { PURCHASE_APPLICANT_PERMS, PURCHASE_BUYER_PERMS } from '../db/migrations/20261130T0200_purchasing.js';

/**
 * Permission groups of the demo tenant (演示集团):
 * 系统管理员 (builtin, `*`) — the admin; 财务审批 — the approver, may look at permissions and members;
 * 普通员工 — the plain staff member, no settings permissions; it is the tenant's default group (new staff join
 * it), and the multi-organisation user is in it too, so they can file documents.
 * Phones come from the caller (seed/demo.ts DEMO) so this file does not import demo.ts back.
 */
/** What every staff member may do with their own invoices (我的发票, 发票中心). */
const INVOICE_STAFF_PERMS = [
  'invoice:view',
  'invoice:add',
  'invoice:delete',
  'invoice:export',
  'invoiceCenter:view',
];

export async function seedDemoPrivileges(
  db: Db,
  tenantId: number,
  phones: { admin: string; approver: string; staff: string; multiOrg: string },
  now = Date.now(),
) {
  const staffOf = async (phone: string) => {
    const id = await staffIdByPhone(db, tenantId, phone);
    if (id === undefined) throw new Error(`演示数据缺少员工 ${phone}`);
    return id;
  };
  await ensureAdminGroup(db, tenantId, [await staffOf(phones.admin)], now);

  const groups = [
    {
      name: '财务审批',
      description: '财务审批人员：可查看权限组和成员、组织发票与发票合规，为审批通过的单据付款',
      perms: [
        'memberManagement:view',
        'permissionGroup:view',
        ...INVOICE_STAFF_PERMS,
        'orgInvoice:view',
        'invoiceCompliance:view',
        ...FLOW_STAFF_PERMS,
        // 付款管理 (issue 21): pays approved 报销单 and 借款单.
        'paymentWaiting:view',
        'paymentWaiting:pay',
        'paymentBatch:view',
        'paymentBatch:pay',
        'paymentBatch:export',
        // 采购管理 (decision 0058): applies, sees every application, the tasks and the orders.
        ...PURCHASE_APPLICANT_PERMS,
        ...PURCHASE_BUYER_PERMS,
      ],
      phone: phones.approver,
    },
    {
      name: '普通员工',
      description: '普通员工：无设置中心权限，可录入和查看本人发票',
      perms: [...INVOICE_STAFF_PERMS, ...FLOW_STAFF_PERMS, ...PURCHASE_APPLICANT_PERMS],
      phone: phones.staff,
    },
  ];
  for (const g of groups) {
    if (await findGroupByName(db, tenantId, g.name)) continue;
    const id = await insertGroup(
      db,
      tenantId,
      { name: g.name, description: g.description, perms: g.perms },
      now,
    );
    await insertMembers(db, tenantId, id, [await staffOf(g.phone)]);
  }
  await ensureDefaultGroup(db, tenantId, now);
  await joinDefaultGroup(db, tenantId, [await staffOf(phones.multiOrg)], now);
}
