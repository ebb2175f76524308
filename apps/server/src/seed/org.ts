import type { Db } from '../platform/db/database.js';
import * as cityRepo from '../modules/org/cityGroups/cityGroup.repo.js';
import * as dictRepo from '../modules/org/dict/dict.repo.js';
import { createUserGroup } from '../modules/org/userGroups/userGroup.service.js';
import * as orgRepo from '../modules/org/units/org.repo.js';
import { cityByCode } from '../modules/org/cityGroups/regions.js';
import { DEMO } from './demo.js';
import { seedSyncConflicts } from './syncConflicts.js';

/** GB/T 2260 codes of 北京, 上海, 广州, 深圳 (checked against the package data below). */
export const FIRST_TIER_CITY_CODES = ['110000', '310000', '440100', '440300'];

/**
 * Org data of the demo tenant: grades P1–P5, jobs, two titles, the city group 一线城市,
 * an address and a bank account of 演示科技有限公司, settlement info, one user group, and the
 * third-party sync conflicts of 同步冲突处理.
 */
export async function seedOrgDemo(db: Db, t: { group: number; tech: number }, now = Date.now()) {
  const tenantId = t.group;
  const grades: Record<string, number> = {};
  for (const [i, [name, description]] of [
    ['P1', '初级'],
    ['P2', '中级'],
    ['P3', '高级'],
    ['P4', '资深'],
    ['P5', '专家'],
  ].entries()) {
    grades[name] = await dictRepo.insertDict(
      db,
      tenantId,
      'job_grades',
      { name, description, sort_order: i + 1 },
      now,
    );
  }
  const jobs: Record<string, number> = {};
  for (const [i, name] of ['前端工程师', '后端工程师', '财务专员', '销售经理', '行政专员'].entries()) {
    jobs[name] = await dictRepo.insertDict(
      db,
      tenantId,
      'job_positions',
      { name, description: null, sort_order: i + 1 },
      now,
    );
  }
  const engineer = await dictRepo.insertDict(
    db,
    tenantId,
    'titles',
    { org_id: 0, name: '工程师', description: '中级职称', sort_order: 1 },
    now,
  );
  await dictRepo.insertDict(
    db,
    tenantId,
    'titles',
    { org_id: t.tech, name: '会计师', description: '中级职称', sort_order: 2 },
    now,
  );

  for (const code of FIRST_TIER_CITY_CODES) if (!cityByCode(code)) throw new Error(`城市编码不存在：${code}`);
  const tier1 = await cityRepo.insertGroup(db, tenantId, { name: '一线城市', sort_order: 1 }, now);
  await cityRepo.replaceCities(db, tenantId, tier1, FIRST_TIER_CITY_CODES);

  await orgRepo.insertAddress(
    db,
    tenantId,
    t.tech,
    {
      name: '总部',
      address: '上海市浦东新区张江高科技园区博云路2号',
      contact: '演示管理员',
      phone: DEMO.admin,
      is_default: 1,
    },
    now,
  );
  await dictRepo.insertDict(
    db,
    tenantId,
    'org_accounts',
    {
      org_id: t.tech,
      account_name: '演示科技有限公司',
      bank_name: '招商银行上海张江支行',
      account_no: '121900000010001',
    },
    now,
  );
  await db
    .updateTable('organizations')
    .set({
      settle_account_name: '演示集团',
      settle_bank_name: '招商银行上海分行',
      settle_account_no: '121900000010000',
    })
    .where('id', '=', tenantId)
    .execute();

  const staff = await db
    .selectFrom('staff')
    .select(['id', 'phone'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const byPhone = new Map(staff.map((s) => [s.phone, s.id]));
  const employee = byPhone.get(DEMO.staff);
  if (employee) {
    await db
      .updateTable('staff')
      .set({ grade_id: grades.P3, job_id: jobs['前端工程师'], title_id: engineer })
      .where('id', '=', employee)
      .execute();
  }
  const members = [DEMO.admin, DEMO.approver]
    .map((p) => byPhone.get(p))
    .filter((x): x is number => x !== undefined);
  await createUserGroup(db, tenantId, { name: '差旅审批组', order: 1, staffIds: members }, now);
  // A category with a group under it, so 用户组 shows a tree.
  const finance = await createUserGroup(db, tenantId, { name: '财务类', order: 2 }, now);
  const approver = byPhone.get(DEMO.approver);
  await createUserGroup(
    db,
    tenantId,
    { pid: finance, name: '付款复核组', order: 1, staffIds: approver ? [approver] : [] },
    now,
  );
  await seedSyncConflicts(db, tenantId, now);
  return { tier1 };
}
