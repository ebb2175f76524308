import type { Db } from '../platform/db/database.js';
import { staffIdByPhone } from '../modules/org/index.js';
import { seedFlowDemo, seedFormDemo, seedPurchaseFlow } from '../modules/flow/index.js';
import { DEMO } from './demo.js';

/**
 * Demo 审批流 of 演示集团, inside the demo tenant's transaction (the flow services join it): 审批人甲
 * becomes 员工乙's direct supervisor and 演示管理员 审批人甲's; a flow group 费用报销 with the published, enabled flow 报销审批 (one approver step: 审批人甲 or the submitter's direct supervisor, 或签); 员工乙 has
 * one expense draft and one expense waiting for 审批人甲, so both the to-do list and 我的单据 show something.
 * No invoice is attached (the journeys rely on the demo invoices staying 可用). Then the custom forms
 * 差旅报销单 (报销单) and 出差申请单 (申请单), published: documents filed from now on carry them. And 采购审批.
 */
export async function seedDemoFlows(db: Db, tenantId: number) {
  const staffOf = async (phone: string) => {
    const id = await staffIdByPhone(db, tenantId, phone);
    if (id === undefined) throw new Error(`演示数据缺少员工 ${phone}`);
    return id;
  };
  await seedFlowDemo(db, {
    tenantId,
    adminId: await staffOf(DEMO.admin),
    approverId: await staffOf(DEMO.approver),
    staffId: await staffOf(DEMO.staff),
  });
  await seedFormDemo(db, { tenantId, adminId: await staffOf(DEMO.admin) });
  // 采购申请 (decision 0058): 员工乙 applies, 审批人甲 (the direct superior) approves.
  await seedPurchaseFlow(db, { tenantId, adminId: await staffOf(DEMO.admin) });
}
