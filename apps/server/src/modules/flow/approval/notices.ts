import { formatMoney } from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import { NotifyAction, notifyEach, type NotifyMessage } from '../../notify/index.js';
import type { BillDb } from '../bill/index.js';
import { typeText } from '../bill/index.js';
import { activeStaffUsers } from '../directory.js';
import type { FlowEvent, FlowInstance } from '../engine/index.js';
import { nid } from '../flow.util.js';

/**
 * The notices of approval steps (docs/decisions/0037-approval-notices.md). Every saved step tells the people
 * it concerns, through the notification centre and in the step's own transaction (a step that rolls back,
 * or loses a race and is retried, notifies nobody):
 * - a task that is now running and was given out by this step (提交, 同意 → the next node, 转办, 委派, 交回,
 *   加签, 代理交回, 管理员转办/退回) → its approver: 待审批;
 * - 催办 → the approvers it names; 抄送 → the cc'd people;
 * - the document finished 已通过 / 已驳回, or was sent back (退回) → its submitter.
 * Nobody hears about their own act (the submitter urging, an approver cc'ing themselves) except a to-do.
 * Each notice is action 201 with ext_params.bid = the document: clicking it opens the document.
 */

export type NoticeKind = 'todo' | 'urge' | 'cc' | 'approved' | 'rejected' | 'returned';

export interface StepNotice {
  kind: NoticeKind;
  to: number;
  /** Who caused it (staff id), when a person did. */
  by?: number;
  nodeName?: string;
  /** How the task came to them: 转办, 委派 … (todo), empty for a new step. */
  how?: string;
  /** The opinion, reason or urging message that goes with it. */
  note?: string;
}

/** Events that give a task to someone, and how the notice words it. */
const HANDED: Partial<Record<FlowEvent['type'], string>> = {
  taskCreated: '',
  transferred: '转办',
  adminTransfer: '转办',
  delegated: '委派',
  resolved: '交回',
  agentHandBack: '交回',
};

/** What one step says to whom (pure: the step's events over its new state). */
export function noticesOf(
  submitter: number,
  actor: number,
  state: FlowInstance,
  events: FlowEvent[],
  nodeName: (id: string | undefined) => string,
): StepNotice[] {
  const out = new Map<string, StepNotice>();
  const add = (n: StepNotice) => {
    const key = `${n.kind}:${n.to}`;
    if (!out.has(key)) out.set(key, n);
  };
  const byOf = (e: FlowEvent) => (e.actor ? nid(e.actor) : undefined);
  const running = state.status === 'running';
  for (const e of events) {
    const how = HANDED[e.type];
    if (how !== undefined && running && e.taskId) {
      const task = state.tasks.find((t) => t.id === e.taskId);
      if (task && task.status === 'running' && (e.to ?? []).includes(task.assignee))
        add({
          kind: 'todo',
          to: nid(task.assignee),
          by: byOf(e),
          nodeName: nodeName(task.nodeId),
          how,
          note: e.opinion ?? undefined,
        });
    }
    if (e.type === 'urged' || e.type === 'cc')
      for (const to of e.to ?? [])
        if (nid(to) !== actor && !(e.actor && to === e.actor))
          add({
            kind: e.type === 'urged' ? 'urge' : 'cc',
            to: nid(to),
            by: byOf(e),
            nodeName: nodeName(e.nodeId),
            note: e.opinion ?? e.reason,
          });
    if ((e.type === 'returned' || e.type === 'adminSendBack') && submitter !== actor)
      add({
        kind: 'returned',
        to: submitter,
        by: byOf(e),
        nodeName: e.targetNodeId ? nodeName(e.targetNodeId) : undefined,
        note: e.opinion ?? e.reason,
      });
    if (e.type === 'finished' && submitter !== actor) {
      if (e.outcome === 'approved') add({ kind: 'approved', to: submitter });
      if (e.outcome === 'rejected') {
        const why = events.find((x) => x.type === 'rejected');
        add({ kind: 'rejected', to: submitter, by: why && byOf(why), note: why?.opinion });
      }
    }
  }
  // Sent back to the submitter: the 退回 notice says so, without naming the start node.
  for (const n of out.values())
    if (n.kind === 'returned' && state.status === 'returned') n.nodeName = undefined;
  return [...out.values()];
}

/** The message of one notice (spec §3 Notification: msg_name, title, content, action_code, ext_params). */
export function noticeMessage(
  n: StepNotice,
  bill: Pick<BillDb, 'id' | 'bill_number' | 'bill_type' | 'title' | 'amount'>,
  names: { submitter: string; by: string },
): NotifyMessage {
  const doc = `${typeText(bill.bill_type)}「${bill.title}」（${bill.bill_number}，¥${formatMoney(Number(bill.amount))}）`;
  const note = n.note?.trim() ? `：${n.note.trim()}` : '';
  const by = names.by || '系统';
  const texts: Record<NoticeKind, [string, string]> = {
    todo: [
      `待审批：${bill.bill_number}`,
      n.how
        ? `${by}将${names.submitter}提交的${doc}${n.how}给您审批${note}`
        : `${names.submitter}提交的${doc}等待您审批${n.nodeName ? `（${n.nodeName}）` : ''}`,
    ],
    urge: [`催办：${bill.bill_number}`, `${by}催您审批${doc}${note}`],
    cc: [`抄送：${bill.bill_number}`, `${by}抄送给您${names.submitter}提交的${doc}${note}`],
    approved: [`已通过：${bill.bill_number}`, `您提交的${doc}已审批通过`],
    rejected: [`已驳回：${bill.bill_number}`, `您提交的${doc}已被${by}驳回${note}`],
    returned: [
      `已退回：${bill.bill_number}`,
      `您提交的${doc}被${by}退回${n.nodeName ? `至「${n.nodeName}」` : '，请修改后重新提交'}${note}`,
    ],
  };
  const [title, content] = texts[n.kind];
  return {
    msg_name: '审批通知',
    title,
    content,
    action_code: NotifyAction.form,
    ext_params: { bid: bill.id },
  };
}

export interface SavedStep {
  bill: BillDb;
  s: FlowInstance;
  res: { events: FlowEvent[] };
  nodeName: Map<string, string>;
}

/** Writes the notices of saved steps (runtime.service.ts saveResults), in the steps' transaction. */
export async function notifySteps(
  trx: Db,
  env: { tenantId: number; staffId: number; now: number },
  steps: SavedStep[],
) {
  const planned = steps.flatMap((o) =>
    noticesOf(o.bill.submitter_id, env.staffId, o.s, o.res.events, (id) =>
      id ? (o.nodeName.get(id) ?? '') : '',
    ).map((n) => ({ n, bill: o.bill })),
  );
  if (planned.length === 0) return;
  const people = await activeStaffUsers(trx, env.tenantId, [
    ...planned.flatMap(({ n, bill }) => [n.to, n.by ?? 0, bill.submitter_id]),
  ]);
  const items = planned.flatMap(({ n, bill }) => {
    const to = people.get(n.to);
    if (!to) return []; // resigned or not of this tenant: nobody to tell
    const names = {
      submitter: people.get(bill.submitter_id)?.name ?? '',
      by: n.by ? (people.get(n.by)?.name ?? '') : '',
    };
    return [{ userId: to.userId, message: noticeMessage(n, bill, names) }];
  });
  await notifyEach(trx, env.tenantId, items, env.now);
}
