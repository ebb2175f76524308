import type { TenantCaller } from '../../../platform/context.js';
import { logOp } from '../../org/index.js';
import { handBackDue } from './agent.service.js';
import { billRepo } from '../bill/index.js';
import { riskFlagsOf, rowOut, statusText, typeText } from '../bill/index.js';
import type { FlowDeps } from '../design/index.js';
import { staffNames, withAdministrators } from '../directory.js';
import {
  adminCopy,
  adminForcePass,
  adminSendBack,
  adminTransfer,
  EVENT_LABELS,
  type EngineResult,
  type FlowDefinition,
} from '../engine/index.js';
import { definitionOf } from '../design/index.js';
import { pageOf, parseJson, sid } from '../flow.util.js';
import { act, type Loaded } from './runtime.service.js';
import * as repo from './todo.repo.js';

/** 我的待办 (待审批, 已审批, 知会/抄送我的), its counts, and 流程干预 (administrators, with a reason). */

export interface TodoQ extends repo.TodoFilter {
  pageNum: number;
  pageSize: number;
  tab: 'pending' | 'done' | 'cc';
}

export async function pageTodo(d: FlowDeps, caller: TenantCaller, q: TodoQ) {
  await handBackDue(d.db, caller.tenantId, caller.staffId, d.clock());
  const args = [d.db, caller.tenantId, caller.staffId, q, q.pageNum, q.pageSize] as const;
  const rows: {
    billId: number;
    taskId: string;
    nodeName: string;
    onBehalfOf: number | null;
    actionLabel: string;
    time: number;
  }[] = [];
  let total: number;
  if (q.tab === 'pending') {
    const r = await repo.pagePending(...args);
    total = r.total;
    for (const t of r.items)
      rows.push({
        billId: t.bill_id,
        taskId: t.task_id,
        nodeName: t.node_name,
        onBehalfOf: t.on_behalf_of,
        actionLabel: '',
        time: Number(t.created_at),
      });
  } else if (q.tab === 'done') {
    const r = await repo.pageDone(...args);
    total = r.total;
    for (const l of r.items) {
      const e = parseJson<{ taskId?: string; signType?: string }>(l.event, {});
      rows.push({
        billId: l.bill_id,
        taskId: e.taskId ?? '',
        nodeName: l.node_id ?? '',
        onBehalfOf: l.on_behalf_of,
        actionLabel:
          l.type === 'signAdded'
            ? e.signType === 'before'
              ? '向前加签'
              : '向后加签'
            : (EVENT_LABELS[l.type as keyof typeof EVENT_LABELS] ?? l.type),
        time: Number(l.at),
      });
    }
  } else {
    const r = await repo.pageCc(...args);
    total = r.total;
    for (const c of r.items)
      rows.push({
        billId: c.bill_id,
        taskId: '',
        nodeName: c.node_name,
        onBehalfOf: null,
        actionLabel: c.read_at ? '抄送（已读）' : '抄送',
        time: Number(c.created_at),
      });
  }
  const bills = new Map(
    (await billRepo.billsByIds(d.db, caller.tenantId, [...new Set(rows.map((r) => r.billId))])).map((b) => [
      b.id,
      b,
    ]),
  );
  const names = await staffNames(
    d.db,
    caller.tenantId,
    rows.flatMap((r) => (r.onBehalfOf ? [r.onBehalfOf] : [])),
  );
  const nodeNames = new Map<string, string>();
  if (q.tab === 'done') {
    const defs = new Map<string, FlowDefinition>();
    for (const b of bills.values()) {
      if (b.flow_id === null || b.flow_version === null) continue;
      const key = `${b.flow_id}:${b.flow_version}`;
      if (!defs.has(key)) defs.set(key, await definitionOf(d.db, caller.tenantId, b.flow_id, b.flow_version));
      for (const n of defs.get(key)!.nodes) nodeNames.set(`${b.id}:${n.id}`, n.name);
    }
  }
  const items = rows.flatMap((r) => {
    const b = bills.get(r.billId);
    if (!b) return [];
    return [
      {
        billId: b.id,
        billNumber: b.bill_number,
        billType: b.bill_type,
        billTypeText: typeText(b.bill_type),
        title: b.title,
        amount: Number(b.amount),
        submitterId: b.submitter_id,
        submitterName: b.submitter_name,
        deptName: b.dept_name,
        status: b.status,
        statusText: statusText(b.status),
        taskId: r.taskId,
        // The log keeps node ids: the done tab names them from the flow version the document runs on.
        nodeName: q.tab === 'done' ? (nodeNames.get(`${b.id}:${r.nodeName}`) ?? '') : r.nodeName,
        onBehalfOfText: r.onBehalfOf ? `代 ${names.get(r.onBehalfOf) ?? ''} 审批` : '',
        actionLabel: r.actionLabel,
        time: r.time,
        submitTime: b.submit_time === null ? null : Number(b.submit_time),
        riskNames: [...new Set(riskFlagsOf(b).map((h) => h.ruleName))],
      },
    ];
  });
  return pageOf(items, q.pageNum, q.pageSize, total);
}

export async function todoCount(d: FlowDeps, caller: TenantCaller) {
  await handBackDue(d.db, caller.tenantId, caller.staffId, d.clock());
  const [pending, cc] = await Promise.all([
    repo.countPending(d.db, caller.tenantId, caller.staffId),
    repo.countUnreadCc(d.db, caller.tenantId, caller.staffId),
  ]);
  return { pending, cc };
}

// ---------- intervention ----------

export async function pageIntervene(
  d: FlowDeps,
  caller: TenantCaller,
  q: {
    pageNum: number;
    pageSize: number;
    billType?: string;
    keyword?: string;
    submitterId?: number;
    approverId?: number;
  },
) {
  const { items, total } = await repo.pageRunning(d.db, caller.tenantId, q, q.pageNum, q.pageSize);
  return pageOf(items.map(rowOut), q.pageNum, q.pageSize, total);
}

const INTERVENE_LABEL = { forcePass: '强制通过', transfer: '转办', sendBack: '退回', copy: '抄送' } as const;

/** One intervention: the engine's admin action with the caller as administrator, logged twice (record + 操作日志). */
async function intervene(
  d: FlowDeps,
  caller: TenantCaller,
  id: number,
  kind: keyof typeof INTERVENE_LABEL,
  reason: string,
  decide: (l: Loaded, actor: string) => EngineResult,
) {
  const now = d.clock();
  const env = {
    tenantId: caller.tenantId,
    staffId: caller.staffId,
    now,
    wrap: (dir: Parameters<typeof withAdministrators>[0]) => withAdministrators(dir, [sid(caller.staffId)]),
  };
  return act(d.db, env, id, async (l, trx) => {
    const res = decide(l, sid(caller.staffId));
    if (res.ok) {
      // Same transaction as the step (act's): the operation log line commits with it or not at all.
      await logOp(
        trx,
        caller,
        {
          module: 'flow',
          action: `intervene.${kind}`,
          targetType: 'bill',
          targetId: id,
          summary: `流程干预：${INTERVENE_LABEL[kind]}单据「${l.bill.bill_number}」，原因：${reason}`,
        },
        now,
      );
    }
    return res;
  });
}

export const forcePass = (d: FlowDeps, c: TenantCaller, b: { id: number; reason: string }) =>
  intervene(d, c, b.id, 'forcePass', b.reason, (l, actor) =>
    adminForcePass(l.state, { actor, reason: b.reason }, l.ctx),
  );
export const adminTransferBill = (
  d: FlowDeps,
  c: TenantCaller,
  b: { id: number; taskId: string; toStaffId: number; reason: string },
) =>
  intervene(d, c, b.id, 'transfer', b.reason, (l, actor) =>
    adminTransfer(l.state, { actor, taskId: b.taskId, to: sid(b.toStaffId), reason: b.reason }, l.ctx),
  );
export const adminSendBackBill = (
  d: FlowDeps,
  c: TenantCaller,
  b: { id: number; targetNodeId: string; reason: string },
) =>
  intervene(d, c, b.id, 'sendBack', b.reason, (l, actor) =>
    adminSendBack(l.state, { actor, target: b.targetNodeId, reason: b.reason }, l.ctx),
  );
export const adminCopyBill = (
  d: FlowDeps,
  c: TenantCaller,
  b: { id: number; staffIds: number[]; reason: string },
) =>
  intervene(d, c, b.id, 'copy', b.reason, (l, actor) =>
    adminCopy(l.state, { actor, to: b.staffIds.map(sid), reason: b.reason }, l.ctx),
  );
