import {
  CardExportParams,
  CardOperationExportParams,
  formatDateTime,
  TaskOperatingType,
} from '@feikong/contracts';
import type { z } from 'zod';
import { writeSheets } from '../../platform/xlsx/writer.js';
import {
  taskFailure,
  type TaskHandlerRegistry,
  type TaskResult,
  type TaskRunContext,
} from '../../platform/tasks.js';
import { filteredOperations, operationColumns, toOperationRow } from './card.operations.js';
import { cardColumns, filteredCards, toRow } from './card.service.js';

/** The card exports read 1,000 rows at a time by id and stream them into the workbook. */
const PAGE = 1000;
const yuan = (fen: number) => (fen / 100).toFixed(2);

async function exportPaged<P, R extends { id: number }>(
  ctx: TaskRunContext,
  o: {
    params: z.ZodType<P>;
    fileName: string;
    sheet: string;
    header: string[];
    /** The rows after this id, in id order, at most PAGE. */
    page: (params: P, after: number) => Promise<R[]>;
    cells: (row: R) => (string | number)[];
  },
): Promise<TaskResult> {
  const p = o.params.safeParse(ctx.task.params ?? {});
  if (!p.success) throw taskFailure(`导出条件不正确：${p.error.issues[0]?.message ?? ''}`);
  let count = 0;
  async function* pages() {
    for (let after = 0; ;) {
      const rows = await o.page(p.data!, after);
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
      count += rows.length;
      yield rows.map(o.cells);
    }
  }
  const attachment = await ctx.saveOutput(ctx.task.fileName || o.fileName, (out) =>
    writeSheets(out, [{ name: o.sheet, header: o.header, rows: pages() }]),
  );
  await ctx.progress({ success_amount: count, fail_amount: 0 });
  return { success_amount: count, fail_amount: 0, attachment };
}

/** 卡片列表导出 (task 156, decision 0057): the list's filters, every card. */
export function exportCards(ctx: TaskRunContext) {
  return exportPaged(ctx, {
    params: CardExportParams,
    fileName: '卡片列表.xlsx',
    sheet: '卡片列表',
    header: ['卡号', '卡片类型', '持卡人', '余额（元）', '状态', '发放批次', '发放时间'],
    page: (f, after) =>
      filteredCards(ctx.db, ctx.task.tenantId, f)
        .select(cardColumns)
        .where('c.id', '>', after)
        .orderBy('c.id')
        .limit(PAGE)
        .execute(),
    cells: (c) => {
      const r = toRow(c);
      return [
        r.card_no,
        r.cardTypeText,
        r.holder_name,
        yuan(r.balance),
        r.statusText,
        r.card_batch_no,
        formatDateTime(r.created_at, 'YYYY-MM-DD HH:mm'),
      ];
    },
  });
}

/** 卡片操作列表导出 (task 35): the operation list's filters, every operation. */
export function exportOperations(ctx: TaskRunContext) {
  return exportPaged(ctx, {
    params: CardOperationExportParams,
    fileName: '卡片操作.xlsx',
    sheet: '卡片操作',
    header: ['操作时间', '卡号', '当前持卡人', '操作', '原因', '操作人'],
    page: (f, after) =>
      filteredOperations(ctx.db, ctx.task.tenantId, f)
        .select(operationColumns)
        .where('o.id', '>', after)
        .orderBy('o.id')
        .limit(PAGE)
        .execute(),
    cells: (o) => {
      const r = toOperationRow(o);
      return [
        formatDateTime(r.created_at, 'YYYY-MM-DD HH:mm:ss'),
        r.card_no,
        r.holder_name,
        r.opText,
        r.reason,
        r.operator_name,
      ];
    },
  });
}

export function registerCardExport(registry: TaskHandlerRegistry) {
  registry.register(TaskOperatingType.cardListExport, exportCards);
  registry.register(TaskOperatingType.cardOperateListExport, exportOperations);
}
