import {
  CardExportParams,
  CardOperationExportParams,
  formatDateTime,
  TaskOperatingType,
} from '@feikong/contracts';
import { writeSheets } from '../../platform/xlsx/writer.js';
import {
  taskFailure,
  type TaskHandlerRegistry,
  type TaskResult,
  type TaskRunContext,
} from '../../platform/tasks.js';
import { filteredOperations, operationColumns, toOperationRow } from './card.operations.js';
import { cardColumns, filteredCards, toRow } from './card.service.js';

/** 卡片列表导出 (task 156, decision 0057): the list's filters, every card, read 1,000 at a time by id. */
const PAGE = 1000;
const yuan = (fen: number) => (fen / 100).toFixed(2);

export async function exportCards(ctx: TaskRunContext): Promise<TaskResult> {
  const p = CardExportParams.safeParse(ctx.task.params ?? {});
  if (!p.success) throw taskFailure(`导出条件不正确：${p.error.issues[0]?.message ?? ''}`);
  let count = 0;
  async function* pages() {
    let after = 0;
    for (;;) {
      const rows = await filteredCards(ctx.db, ctx.task.tenantId, p.data!)
        .select(cardColumns)
        .where('c.id', '>', after)
        .orderBy('c.id')
        .limit(PAGE)
        .execute();
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
      count += rows.length;
      yield rows
        .map(toRow)
        .map((r) => [
          r.card_no,
          r.cardTypeText,
          r.holder_name,
          yuan(r.balance),
          r.statusText,
          r.card_batch_no,
          formatDateTime(r.created_at, 'YYYY-MM-DD HH:mm'),
        ]);
    }
  }
  const attachment = await ctx.saveOutput(ctx.task.fileName || '卡片列表.xlsx', (out) =>
    writeSheets(out, [
      {
        name: '卡片列表',
        header: ['卡号', '卡片类型', '持卡人', '余额（元）', '状态', '发放批次', '发放时间'],
        rows: pages(),
      },
    ]),
  );
  await ctx.progress({ success_amount: count, fail_amount: 0 });
  return { success_amount: count, fail_amount: 0, attachment };
}

/** 卡片操作列表导出 (task 35): the operation list's filters, every operation, read 1,000 at a time by id. */
export async function exportOperations(ctx: TaskRunContext): Promise<TaskResult> {
  const p = CardOperationExportParams.safeParse(ctx.task.params ?? {});
  if (!p.success) throw taskFailure(`导出条件不正确：${p.error.issues[0]?.message ?? ''}`);
  let count = 0;
  async function* pages() {
    let after = 0;
    for (;;) {
      const rows = await filteredOperations(ctx.db, ctx.task.tenantId, p.data!)
        .select(operationColumns)
        .where('o.id', '>', after)
        .orderBy('o.id')
        .limit(PAGE)
        .execute();
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
      count += rows.length;
      yield rows
        .map(toOperationRow)
        .map((r) => [
          formatDateTime(r.created_at, 'YYYY-MM-DD HH:mm:ss'),
          r.card_no,
          r.holder_name,
          r.opText,
          r.reason,
          r.operator_name,
        ]);
    }
  }
  const attachment = await ctx.saveOutput(ctx.task.fileName || '卡片操作.xlsx', (out) =>
    writeSheets(out, [
      {
        name: '卡片操作',
        header: ['操作时间', '卡号', '当前持卡人', '操作', '原因', '操作人'],
        rows: pages(),
      },
    ]),
  );
  await ctx.progress({ success_amount: count, fail_amount: 0 });
  return { success_amount: count, fail_amount: 0, attachment };
}

export function registerCardExport(registry: TaskHandlerRegistry) {
  registry.register(TaskOperatingType.cardListExport, exportCards);
  registry.register(TaskOperatingType.cardOperateListExport, exportOperations);
}
