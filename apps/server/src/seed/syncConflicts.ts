import type { Db } from '../platform/db/database.js';
import { staffIdByPhone } from '../modules/org/index.js';
import { resolveConflict } from '../modules/org/thirdUsers/thirdUsers.repo.js';
import { recordSyncConflict } from '../modules/org/thirdUsers/thirdUsers.service.js';
import { DEMO } from './demo.js';

const HOUR_MS = 3_600_000;

/**
 * Directory users of the demo tenant (演示集团) the DingTalk / WeCom / Feishu sync could not match
 * to staff (同步冲突处理): three pending — a changed phone (员工乙), a phone another staff member
 * holds (审批人甲's), no phone at all — and one the administrator already ignored. Platform user
 * ids look like each platform's (DingTalk `userid`, WeCom `userid`, Feishu `user_id`, as their
 * directory APIs name them).
 */
export async function seedSyncConflicts(db: Db, tenantId: number, now = Date.now()) {
  const pending = [
    {
      platform: 'dingtalk',
      third_user_id: '0217445638261175',
      name: '员工乙',
      phone: '13800000333',
      reason: `手机号不一致：钉钉手机号 13800000333 与同名员工「员工乙」的手机号 ${DEMO.staff} 不同，可能已更换手机号`,
      at: now - 2 * HOUR_MS,
    },
    {
      platform: 'wecom',
      third_user_id: 'ZhangWei',
      name: '张伟',
      phone: DEMO.approver,
      reason: `手机号 ${DEMO.approver} 已被员工「审批人甲」使用，姓名不一致`,
      at: now - 26 * HOUR_MS,
    },
    {
      platform: 'feishu',
      third_user_id: '4gc8d2ea',
      name: '赵磊',
      phone: null,
      reason: '飞书未返回手机号，无法自动匹配员工',
      at: now - 50 * HOUR_MS,
    },
  ];
  for (const { at, ...c } of pending) await recordSyncConflict(db, tenantId, c, at);

  const admin = await staffIdByPhone(db, tenantId, DEMO.admin);
  if (admin === undefined) return;
  const ignored = await recordSyncConflict(
    db,
    tenantId,
    {
      platform: 'dingtalk',
      third_user_id: 'manager5721',
      name: '钉钉测试账号',
      phone: null,
      reason: '钉钉未返回手机号，无法自动匹配员工',
    },
    now - 96 * HOUR_MS,
  );
  await resolveConflict(
    db,
    tenantId,
    ignored,
    { resolution: 'ignore', staff_id: null, resolved_by: admin },
    now - 95 * HOUR_MS,
  );
}
