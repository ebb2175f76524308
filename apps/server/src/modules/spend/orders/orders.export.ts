import { OrderExportParams, TaskOperatingType } from '@feikong/contracts';
import { writeSheet } from '../../../platform/xlsx/writer.js';
import {
  taskFailure,
  type TaskHandlerRegistry,
  type TaskResult,
  type TaskRunContext,
} from '../../../platform/tasks.js';
import { rowOf } from './orderCenter.service.js';
import * as repo from './orders.repo.js';

/** 订单导出 (task operating type 7): the order centre's filtered list as a streamed .xlsx, newest first. */
export const ORDER_EXPORT_COLUMNS = [
  '订单ID',
  '渠道',
  '渠道订单号',
  '员工',
  '消费场景',
  '场景版本',
  '品类',
  '订单来源',
  '订单标题',
  '商户',
  '订单金额',
  '企业支付',
  '个人支付',
  '额度支付',
  '企业账户支付',
  '已退款',
  '决策结果',
  '订单状态',
  '原因',
  '下单时间',
] as const;

const PAGE = 2000;
const yuan = (fen: number) => (fen / 100).toFixed(2);
const time = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export async function exportOrders(ctx: TaskRunContext): Promise<TaskResult> {
  const p = OrderExportParams.safeParse(ctx.task.params ?? {});
  if (!p.success) throw taskFailure(`导出条件不正确：${p.error.issues[0]?.message ?? ''}`);
  const tenantId = ctx.task.tenantId;
  let count = 0;
  async function* pages() {
    let before: number | null = null;
    for (;;) {
      if (ctx.signal.aborted) throw taskFailure('导出已中止');
      const rows = await repo.ordersAfter(ctx.db, tenantId, p.data!, before, PAGE);
      if (rows.length === 0) return;
      before = Number(rows[rows.length - 1]!.id);
      count += rows.length;
      yield rows.map((raw) => {
        const r = rowOf(raw);
        return [
          r.id,
          r.channelName,
          r.channelOrderId,
          r.userName,
          r.sceneName,
          r.sceneVersion,
          r.categoryText,
          r.sourceText,
          r.title,
          r.merchantName,
          yuan(r.amount),
          yuan(r.companyPays),
          yuan(r.employeePays),
          yuan(r.quotaPaid),
          yuan(r.orgPaid),
          yuan(r.refundedAmount),
          r.verdictText,
          r.statusText,
          r.reason,
          time(r.orderedAt),
        ];
      });
    }
  }
  const attachment = await ctx.saveOutput(ctx.task.fileName || '订单导出.xlsx', (out) =>
    writeSheet(out, '订单', ORDER_EXPORT_COLUMNS, pages()),
  );
  await ctx.progress({ success_amount: count, fail_amount: 0 });
  return { success_amount: count, fail_amount: 0, attachment };
}

export function registerOrderTaskHandlers(registry: TaskHandlerRegistry) {
  registry.register(TaskOperatingType.orderExport, exportOrders);
}
