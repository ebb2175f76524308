import {
  PurchaseOrderFilter,
  PurchaseTaskFilter,
  TaskOperatingType,
  formatDateTime,
} from '@feikong/contracts';
import { writeSheet } from '../../platform/xlsx/writer.js';
import { taskFailure, type TaskHandlerRegistry, type TaskRunContext } from '../../platform/tasks.js';
import { allApplies } from './apply.service.js';
import { orderFilterOf, orderRowOf } from './order.service.js';
import * as repo from './purchasing.repo.js';
import { taskFilterOf, taskRowOf } from './task.service.js';

/** Exports of 采购管理: 30 采购申请 (one row per line), 154 采购任务, 155 采购订单 (decision 0058). */
const yuan = (fen: number) => (fen / 100).toFixed(2);
const day = (ms: number) => (ms ? formatDateTime(ms).slice(0, 10) : '');

async function exportApplies(ctx: TaskRunContext) {
  let n = 0;
  const tenantId = ctx.task.tenantId;
  async function* rows() {
    for await (const { rows: heads, lines } of allApplies(ctx.db, tenantId)) {
      const out: (string | number)[][] = [];
      for (const h of heads)
        for (const l of lines.filter((x) => Number(x.bill_id) === h.bill_id))
          out.push([
            h.bill_number,
            h.title,
            h.submitter_name,
            h.dept_name,
            h.statusText,
            l.line_no,
            l.name,
            l.spec,
            Number(l.quantity),
            yuan(Number(l.price)),
            yuan(Number(l.amount)),
            day(Number(l.expect_date)),
            Number(l.refused) ? '不同意' : '同意',
          ]);
      n += out.length;
      yield out;
    }
  }
  const attachment = await ctx.saveOutput(ctx.task.fileName || '采购申请.xlsx', (out) =>
    writeSheet(
      out,
      '采购申请',
      [
        '单据编号',
        '标题',
        '申请人',
        '部门',
        '状态',
        '行号',
        '品名',
        '规格',
        '数量',
        '单价（元）',
        '金额（元）',
        '期望到货日期',
        '审批',
      ],
      rows(),
    ),
  );
  return { success_amount: n, fail_amount: 0, attachment };
}

async function exportTasks(ctx: TaskRunContext) {
  const p = PurchaseTaskFilter.safeParse(ctx.task.params ?? {});
  if (!p.success) throw taskFailure(`导出条件不正确：${p.error.issues[0]?.message ?? ''}`);
  let n = 0;
  const tenantId = ctx.task.tenantId;
  async function* rows() {
    for await (const page of repo.tasksFiltered(ctx.db, tenantId, taskFilterOf(p.data!))) {
      n += page.length;
      yield page.map((t) => {
        const r = taskRowOf(t);
        return [
          r.task_number,
          r.bill_number,
          r.title,
          r.applicant_name,
          r.purchase_user,
          day(r.purchase_date * 1000),
          r.statusText,
          r.line_count,
          yuan(r.amount),
          yuan(r.real_amount),
        ];
      });
    }
  }
  const attachment = await ctx.saveOutput(ctx.task.fileName || '采购任务.xlsx', (out) =>
    writeSheet(
      out,
      '采购任务',
      [
        '任务编号',
        '申请单号',
        '标题',
        '申请人',
        '采购人',
        '采购日期',
        '状态',
        '明细数',
        '金额（元）',
        '实际金额（元）',
      ],
      rows(),
    ),
  );
  return { success_amount: n, fail_amount: 0, attachment };
}

async function exportOrders(ctx: TaskRunContext) {
  const p = PurchaseOrderFilter.safeParse(ctx.task.params ?? {});
  if (!p.success) throw taskFailure(`导出条件不正确：${p.error.issues[0]?.message ?? ''}`);
  let n = 0;
  const tenantId = ctx.task.tenantId;
  async function* rows() {
    for await (const page of repo.ordersFiltered(ctx.db, tenantId, orderFilterOf(p.data!))) {
      n += page.length;
      yield page.map((o) => {
        const r = orderRowOf(o);
        return [
          r.order_number,
          r.supplier,
          yuan(r.amount),
          day(r.purchase_date * 1000),
          r.pay_time === null ? '' : formatDateTime(r.pay_time * 1000),
          r.line_count,
          r.created_by_name,
          r.remark,
        ];
      });
    }
  }
  const attachment = await ctx.saveOutput(ctx.task.fileName || '采购订单.xlsx', (out) =>
    writeSheet(
      out,
      '采购订单',
      ['订单编号', '供应商', '金额（元）', '下单日期', '付款时间', '明细数', '下单人', '备注'],
      rows(),
    ),
  );
  return { success_amount: n, fail_amount: 0, attachment };
}

export function registerPurchasingExports(registry: TaskHandlerRegistry) {
  registry.register(TaskOperatingType.purchaseApplyExport, exportApplies);
  registry.register(TaskOperatingType.purchaseTaskExport, exportTasks);
  registry.register(TaskOperatingType.purchaseOrderExport, exportOrders);
}
