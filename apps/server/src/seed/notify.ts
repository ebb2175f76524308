import type { Db } from '../platform/db/database.js';
import { markRead } from '../modules/notify/notify.repo.js';
import { NotifyAction, notifyUsers } from '../modules/notify/notify.service.js';

const HOUR = 3600_000;

/**
 * Demo notifications of the demo administrator in 演示集团: a welcome, an organisation import result,
 * the completed purchase (read) and the unpaid renewal order (unread), pointing at the seeded orders.
 */
export async function seedDemoNotify(
  db: Db,
  tenantId: number,
  rights: { adminUserId: number; versionOrderId: number; pendingOrderId: number; boughtAt: number },
  now = Date.now(),
) {
  const send = async (at: number, read: boolean, m: Parameters<typeof notifyUsers>[3]) => {
    const [id] = await notifyUsers(db, tenantId, [rights.adminUserId], m, at);
    if (read) await markRead(db, tenantId, rights.adminUserId, { id }, at + HOUR);
  };
  await send(rights.boughtAt, true, {
    msg_name: '订单通知',
    title: '订单已完成',
    content: '您购买的标准版（12个月）已确认到账并开通，感谢您的支持',
    action_code: NotifyAction.order,
    ext_params: { order_id: rights.versionOrderId },
  });
  await send(now - 4 * HOUR, true, {
    msg_name: '任务通知',
    title: '组织架构导入完成',
    content: '组织导入：成功 12 条，失败 0 条',
    action_code: NotifyAction.system,
  });
  await send(now - 3 * HOUR, false, {
    msg_name: '系统通知',
    title: '欢迎使用费控平台',
    content: '您可以在「设置中心」维护组织架构、权限与系统权益；右上角铃铛会提醒您新的消息。',
    action_code: NotifyAction.system,
  });
  await send(now, false, {
    msg_name: '订单通知',
    title: '订单待支付',
    content: '您的标准版续费订单（12个月）待支付，请在收银台完成对公转账后提交转账信息',
    action_code: NotifyAction.order,
    ext_params: { order_id: rights.pendingOrderId },
  });
}
