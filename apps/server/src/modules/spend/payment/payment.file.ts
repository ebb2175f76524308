import {
  BILL_TYPE_LABEL,
  PAYMENT_FILE_COLUMNS,
  PAYMENT_RESULT_COLUMNS,
  PAYMENT_RESULT_TEXT,
  PaymentFileParams,
  PaymentTaskType,
  xmlSafe,
  type BillType,
} from '@feikong/contracts';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import { readFirstSheet, withLocalCopy, XlsxFormatError } from '../../../platform/xlsx/reader.js';
import { writeSheet } from '../../../platform/xlsx/writer.js';
import {
  taskFailure,
  type TaskHandlerRegistry,
  type TaskResult,
  type TaskRunContext,
} from '../../../platform/tasks.js';
import type { TenantCaller } from '../../../platform/context.js';
import { staffName } from '../../org/index.js';
import * as repo from './payment.repo.js';
import { settle } from './payment.service.js';

/**
 * The bank payment file (task 40: .xlsx or .csv, columns PAYMENT_FILE_COLUMNS, one row per waiting line) and
 * the bank's result file (task 41: the same columns with 支付结果 and 失败原因 filled in), decision 0045.
 */

const yuan = (fen: number) => (Number(fen) / 100).toFixed(2);
const typeText = (t: string) => BILL_TYPE_LABEL[t as BillType] ?? t;

/** The rows of the bank file: the batch's lines still waiting for a result, in batch order. */
export function fileRows(batchNo: string, lines: repo.LineRow[]): string[][] {
  return lines
    .filter((l) => l.status === 'pending')
    .map((l) => [
      String(l.seq),
      l.payee_name,
      l.account_no,
      l.bank_name,
      yuan(Number(l.amount)),
      l.bill_number,
      typeText(l.bill_type),
      batchNo,
      '',
      '',
    ]);
}

/** RFC 4180 quoting; a text that a spreadsheet would run as a formula gets a leading apostrophe. */
function csvCell(v: string) {
  let s = xmlSafe(v);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** UTF-8 with a BOM (Excel opens Chinese CSV right), CRLF line ends. */
export function csvText(header: readonly string[], rows: string[][]) {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

async function exportFile(ctx: TaskRunContext, clock: () => number): Promise<TaskResult> {
  const p = PaymentFileParams.safeParse(ctx.task.params ?? {});
  if (!p.success) throw taskFailure(`导出条件不正确：${p.error.issues[0]?.message ?? ''}`);
  const tenantId = ctx.task.tenantId;
  const batch = await repo.getBatch(ctx.db, tenantId, p.data.batchId);
  if (!batch) throw taskFailure('付款批次不存在');
  if (batch.status === 'cancelled') throw taskFailure('付款批次已取消，不能生成付款文件');
  const rows = fileRows(batch.batch_no, await repo.linesOf(ctx.db, tenantId, Number(batch.id)));
  if (rows.length === 0) throw taskFailure('付款批次中没有待支付的单据');
  const ext = p.data.format;
  const base = (ctx.task.fileName || `银行付款文件_${batch.batch_no}`).replace(/\.(xlsx|csv)$/i, '');
  const attachment = await ctx.saveOutput(`${base}.${ext}`, async (out) => {
    if (ext === 'xlsx') return writeSheet(out, '付款明细', PAYMENT_FILE_COLUMNS, [rows]);
    await new Promise<void>((resolve, reject) =>
      out.write(csvText(PAYMENT_FILE_COLUMNS, rows), (err) => (err ? reject(err) : resolve())),
    );
    out.end();
  });
  // The file is out: the batch is sent (and can no longer be cancelled).
  await repo.markSent(ctx.db, tenantId, Number(batch.id), clock());
  await ctx.progress({ success_amount: rows.length, fail_amount: 0 });
  return { success_amount: rows.length, fail_amount: 0, attachment };
}

const COL = {
  number: PAYMENT_RESULT_COLUMNS.indexOf('用途/单据编号'),
  batchNo: PAYMENT_RESULT_COLUMNS.indexOf('批次号'),
  result: PAYMENT_RESULT_COLUMNS.indexOf('支付结果'),
  reason: PAYMENT_RESULT_COLUMNS.indexOf('失败原因'),
};

/** One row of the result file applied in its own transaction; answers the reason it failed, or null. */
export async function applyResultRow(
  db: Db,
  caller: TenantCaller,
  cells: string[],
  now: number,
): Promise<string | null> {
  const number = cells[COL.number];
  const result = cells[COL.result];
  const reason = cells[COL.reason].slice(0, 200);
  if (!number) return '用途/单据编号不能为空';
  const kind =
    result === PAYMENT_RESULT_TEXT.paid ? 'paid' : result === PAYMENT_RESULT_TEXT.failed ? 'failed' : null;
  if (!kind) return `支付结果应为「${PAYMENT_RESULT_TEXT.paid}」或「${PAYMENT_RESULT_TEXT.failed}」`;
  if (kind === 'failed' && !reason) return '支付失败时请填写失败原因';
  return inTransaction(db, async (trx) => {
    let open = await repo.openLinesByNumber(trx, caller.tenantId, number);
    if (cells[COL.batchNo]) open = open.filter((l) => l.batch_no === cells[COL.batchNo]);
    const line = open.find((l) => l.status === 'pending') ?? open[0];
    if (!line) return '未找到该单据的待支付明细（单据编号或批次号不正确，或批次已完成、已取消）';
    const row = (await repo.getLine(trx, caller.tenantId, Number(line.id)))!;
    const byName = (await staffName(trx, caller.tenantId, caller.staffId)) ?? '';
    const out = await settle(
      trx,
      caller,
      row,
      { lineId: Number(line.id), result: kind, reason },
      {
        batchNo: line.batch_no,
        byName,
        now,
      },
    );
    await repo.finishIfSettled(trx, caller.tenantId, Number(line.batch_id), now);
    return out.ok ? null : out.msg;
  });
}

async function importResults(ctx: TaskRunContext, clock: () => number): Promise<TaskResult> {
  if (!ctx.task.inputKey) throw taskFailure('请上传支付结果文件');
  const caller: TenantCaller = {
    sessionId: 0,
    userId: ctx.task.creatorUserId,
    tenantId: ctx.task.tenantId,
    staffId: ctx.task.creatorStaffId,
    perms: [],
  };
  // A resumed run skips the rows done before (and a row applied twice changes nothing anyway).
  const cp = (ctx.checkpoint ?? {}) as { row?: number; ok?: number; failures?: [number, string[], string][] };
  let lastRow = cp.row ?? 1;
  let ok = cp.ok ?? 0;
  const failures = cp.failures ?? [];
  let sawHeader = false;
  const width = PAYMENT_RESULT_COLUMNS.length;
  try {
    const input = await ctx.openInput(ctx.task.inputKey);
    for await (const { rowNumber, cells } of withLocalCopy(input, (f) => readFirstSheet(f, width))) {
      if (ctx.signal.aborted) throw new Error('任务已取消');
      if (!sawHeader) {
        if (rowNumber !== 1 || cells.join('|') !== PAYMENT_RESULT_COLUMNS.join('|'))
          throw taskFailure(`支付结果文件的表头不正确，应为：${PAYMENT_RESULT_COLUMNS.join('、')}`);
        sawHeader = true;
        continue;
      }
      if (rowNumber <= lastRow) continue;
      const why = await applyResultRow(ctx.db, caller, cells, clock());
      if (why) failures.push([rowNumber, cells, why]);
      else ok += 1;
      lastRow = rowNumber;
      await ctx.progress({
        success_amount: ok,
        fail_amount: failures.length,
        checkpoint: { row: lastRow, ok, failures },
      });
    }
  } catch (err) {
    throw err instanceof XlsxFormatError ? taskFailure(err.message) : err;
  }
  if (!sawHeader) throw taskFailure('支付结果文件中没有数据');
  let attachment: TaskResult['attachment'];
  if (failures.length)
    attachment = await ctx.saveOutput('支付结果导入失败明细.xlsx', (out) =>
      writeSheet(
        out,
        '失败明细',
        ['行号', ...PAYMENT_RESULT_COLUMNS, '错误原因'],
        [failures.map(([n, cells, why]) => [String(n), ...cells, why])],
      ),
    );
  return { success_amount: ok, fail_amount: failures.length, attachment };
}

export function registerPaymentTaskHandlers(registry: TaskHandlerRegistry, deps: { clock: () => number }) {
  registry.register(PaymentTaskType.fileExport, (ctx) => exportFile(ctx, deps.clock));
  registry.register(PaymentTaskType.resultImport, (ctx) => importResults(ctx, deps.clock));
}
