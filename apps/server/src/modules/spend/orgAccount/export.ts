import {
  RechargeExportBody,
  RechargeStatusLabel,
  TaskOperatingType,
  type RechargeStatus,
} from '@feikong/contracts';
import {
  taskFailure,
  type TaskHandlerRegistry,
  type TaskRunContext,
  type TaskResult,
} from '../../../platform/tasks.js';
import { writeSheet } from '../../../platform/xlsx/writer.js';
import { listRecharges } from './recharge.repo.js';

/** 充值导出 (task type 5): the recharge records under the list's filters, as a streamed .xlsx. */

export const RECHARGE_EXPORT_COLUMNS = [
  '充值单号',
  '充值金额（元）',
  '状态',
  '付款账户名',
  '付款银行',
  '付款账号',
  '转账时间',
  '提交人',
  '提交时间',
  '处理时间',
  '处理说明',
] as const;

const PAGE = 1000;
const fmtTime = (ms: number | null) =>
  ms === null ? '' : new Date(Number(ms) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

export async function exportRecharges(ctx: TaskRunContext): Promise<TaskResult> {
  const p = RechargeExportBody.safeParse(ctx.task.params ?? {});
  if (!p.success) throw taskFailure(`导出条件不正确：${p.error.issues[0]?.message ?? ''}`);
  const f = { status: p.data.status, from: p.data.start_time, to: p.data.end_time };
  let count = 0;
  async function* pages() {
    for (let offset = 0; ; offset += PAGE) {
      if (ctx.signal.aborted) throw taskFailure('导出已停止');
      const rows = await listRecharges(ctx.db, ctx.task.tenantId, f, PAGE, offset);
      count += rows.length;
      yield rows.map((r) => [
        r.recharge_no,
        (Number(r.amount) / 100).toFixed(2),
        RechargeStatusLabel[Number(r.status) as RechargeStatus] ?? '',
        r.payer_account_name,
        r.payer_bank,
        r.payer_account_no,
        fmtTime(Number(r.transfer_time)),
        r.created_by_name ?? '',
        fmtTime(Number(r.created_at)),
        fmtTime(r.decided_at === null ? null : Number(r.decided_at)),
        r.operator_note ?? '',
      ]);
      if (rows.length < PAGE) return;
    }
  }
  const attachment = await ctx.saveOutput(ctx.task.fileName || '充值记录导出.xlsx', (out) =>
    writeSheet(out, '充值记录', RECHARGE_EXPORT_COLUMNS, pages()),
  );
  await ctx.progress({ success_amount: count, fail_amount: 0 });
  return { success_amount: count, fail_amount: 0, attachment };
}

export function registerRechargeExport(registry: TaskHandlerRegistry) {
  registry.register(TaskOperatingType.rechargeExport, exportRecharges);
}
