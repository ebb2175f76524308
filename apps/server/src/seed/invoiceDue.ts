import type { Db } from '../platform/db/database.js';
import { deptsOfStaff, staffIdByPhone } from '../modules/org/index.js';
import * as dueRepo from '../modules/invoice/due/due.repo.js';
import { chinaToday } from '../modules/invoice/due/due.service.js';
import * as invoiceRepo from '../modules/invoice/core/invoice.repo.js';
import { dedupeKey } from '../modules/invoice/verification/verification.service.js';
import { DEMO } from './demo.js';

const DAY = 86_400_000;

/**
 * Demo 待收发票 of 演示集团: 员工乙 waits for a hotel's and a car rental's invoices (the second overdue),
 * has one record settled by the restaurant invoice of seed/invoice.ts and one cancelled; 审批人甲 waits
 * for a venue's invoice (so the organisation view shows two people and two departments).
 * Sellers here are invented; dates are relative to the seeding day.
 */
const RECORDS = [
  {
    owner: DEMO.staff,
    seller: '上海虹桥商务酒店有限公司',
    taxId: '91310112MA1GB3HQ5X',
    total: 128000,
    kind: 'vat_electronic',
    due: 5,
    created: -3,
    reason: '上海客户拜访住宿2晚，酒店前台称发票次日发送至邮箱',
  },
  {
    owner: DEMO.staff,
    seller: '杭州顺达汽车租赁有限公司',
    taxId: '',
    total: 86000,
    kind: null,
    due: -6,
    created: -20,
    reason: '客户拜访租车3天，租车公司月结后统一开票',
  },
  {
    owner: DEMO.staff,
    seller: '兰溪市悦济舫餐厅',
    taxId: '',
    total: 52600,
    kind: 'vat_electronic',
    due: -2,
    created: -9,
    reason: '研发部季度聚餐，餐厅当日未能开票',
    // Settled by this invoice of seed/invoice.ts.
    matched: { kind: 'vat_electronic', code: '033002000211', number: '83089647' },
  },
  {
    owner: DEMO.staff,
    seller: '广州白云国际机场商旅服务有限公司',
    taxId: '',
    total: 235000,
    kind: 'digital_air',
    due: 3,
    created: -12,
    reason: '广州出差机票改签费',
    cancelled: '行程取消，改签费已全额退回',
  },
  {
    owner: DEMO.approver,
    seller: '深圳会展中心管理有限责任公司',
    taxId: '91440300MA5G2XHZ1Q',
    total: 360000,
    kind: 'vat_special',
    due: 10,
    created: -1,
    reason: '产品发布会场地费预付，会后开具专票',
  },
] as const;

export async function seedDemoInvoiceDues(db: Db, t: { group: number; tech: number }, now = Date.now()) {
  const tenantId = t.group;
  const today = chinaToday(now);
  const tech = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', t.tech)
    .executeTakeFirstOrThrow();
  for (const r of RECORDS) {
    const staffId = await staffIdByPhone(db, tenantId, r.owner);
    if (staffId === undefined) throw new Error(`演示数据缺少员工 ${r.owner}`);
    const staff = await db
      .selectFrom('staff')
      .select('name')
      .where('id', '=', staffId)
      .executeTakeFirstOrThrow();
    const dept = (await deptsOfStaff(db, tenantId, [staffId])).get(staffId)?.[0];
    const created = now + r.created * DAY;
    const matched =
      'matched' in r
        ? await invoiceRepo.findByDedupeKey(
            db,
            tenantId,
            dedupeKey(r.matched.kind, r.matched.code, r.matched.number),
          )
        : undefined;
    if ('matched' in r && !matched) throw new Error(`演示数据缺少发票 ${r.matched.number}`);
    const cancelled = 'cancelled' in r ? r.cancelled : null;
    const settledAt = created + 2 * DAY;
    const id = await dueRepo.insertDue(db, tenantId, {
      org_id: t.tech,
      org_name: tech.name,
      dept_id: dept?.id ?? null,
      dept_name: dept?.name ?? '',
      owner_staff_id: staffId,
      owner_name: staff.name,
      seller_name: r.seller,
      seller_tax_id: r.taxId,
      expected_total: r.total,
      expected_kind: r.kind,
      expected_date: today + r.due * DAY,
      reason: r.reason,
      status: matched ? 2 : cancelled ? 3 : 1,
      matched_invoice_id: matched ? Number(matched.id) : null,
      matched_at: matched ? settledAt : null,
      match_mode: matched ? 'manual' : null,
      cancel_reason: cancelled ?? '',
      cancelled_by: cancelled ? staffId : null,
      cancelled_at: cancelled ? settledAt : null,
      created_by: staffId,
      created_at: created,
      updated_at: matched || cancelled ? settledAt : created,
    });
    const yuan = `¥${(r.total / 100).toFixed(2)}`;
    await dueRepo.insertDueLog(db, tenantId, {
      due_id: id,
      action: '登记',
      content: `${staff.name}登记待收发票：销售方${r.seller}，预计金额${yuan}，事由：${r.reason}`,
      staff_id: staffId,
      created_at: created,
    });
    if (matched) {
      await dueRepo.insertDueLog(db, tenantId, {
        due_id: id,
        action: '匹配',
        content: `手工匹配发票${'matched' in r ? r.matched.number : ''}（${r.seller}，${yuan}），状态变为已收`,
        staff_id: staffId,
        created_at: settledAt,
      });
    }
    if (cancelled) {
      await dueRepo.insertDueLog(db, tenantId, {
        due_id: id,
        action: '取消',
        content: `取消登记，原因：${cancelled}`,
        staff_id: staffId,
        created_at: settledAt,
      });
    }
  }
}
