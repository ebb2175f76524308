import { BILL_STATUS_LABEL, type BillStatus } from '@feikong/contracts';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import { isTransactionConflict } from '../../../platform/db/unavailable.js';
import { AppError } from '../../../platform/errors.js';
import { closeBudget } from '../../budget/index.js';
import { releaseInvoicesOfBills, settleInvoicesOfBills } from '../../invoice/index.js';
import * as agentRepo from './agent.repo.js';
import { billRepo } from '../bill/index.js';
import type { BillDb } from '../bill/index.js';
import { definitionOf } from '../design/index.js';
import { loadDirectory, staffNames } from '../directory.js';
import type {
  AgentWindow,
  Directory,
  EngineContext,
  EngineResult,
  FlowDefinition,
  FlowInstance,
  InstanceStatus,
} from '../engine/index.js';
import { flowErrors } from '../flow.errors.js';
import { iso, msOf, nid, parseJson, sid } from '../flow.util.js';
import { billsApproved } from './listeners.js';
import { notifySteps } from './notices.js';
import * as repo from './runtime.repo.js';

/**
 * Runs one engine action on a document in ONE transaction: load the document, its instance and the version
 * of the flow it runs on; call the engine; save the state WHERE revision = old; rewrite the instance's rows
 * of the to-do table; append the events to the approval log (and 知会 rows); update the document's status
 * and the invoices it holds; notify the people the step concerns (notices.ts). When the revision changed underneath (PostgreSQL: another transaction saved
 * first), the whole step runs again on the new state, so the loser hears the engine's own refusal
 * (任务已处理, 流程已结束 …). docs/decisions/0022-flows-and-bills.md.
 */

export class RevisionConflict extends Error {}

const STATUS_OF: Record<InstanceStatus, BillStatus> = {
  running: 'approving',
  approved: 'approved',
  rejected: 'rejected',
  returned: 'returned',
  withdrawn: 'withdrawn',
};
const RELEASE_WHY: Partial<Record<BillStatus, string>> = {
  rejected: '已驳回',
  returned: '已退回',
  withdrawn: '已撤回',
};

/** Agent windows the engine may apply now or later (not cancelled, not ended). */
export async function agentWindows(db: Db, tenantId: number, now: number): Promise<AgentWindow[]> {
  const rows = await agentRepo.liveWindows(db, tenantId, now);
  return rows.map((w) => {
    const flowIds = parseJson<number[]>(w.flow_ids, []);
    return {
      id: sid(w.id),
      principal: sid(w.principal_id),
      agent: sid(w.agent_id),
      from: iso(Number(w.start_at)),
      to: iso(Number(w.end_at)),
      ...(flowIds.length ? { scope: { flowIds: flowIds.map(sid) } } : {}),
    };
  });
}

export interface Loaded {
  bill: BillDb;
  instanceId: number;
  revision: number;
  state: FlowInstance;
  def: FlowDefinition;
  ctx: EngineContext;
}

export interface Env {
  tenantId: number;
  /** The staff member acting (logs, invoice logs). */
  staffId: number;
  now: number;
  /** A directory already loaded (batch approval loads one for the whole batch). */
  directory?: Directory;
  agents?: AgentWindow[];
  /** Wraps the loaded directory (intervention adds the caller to the administrators). */
  wrap?: (d: Directory) => Directory;
}

export async function contextFor(trx: Db, env: Env, def: FlowDefinition): Promise<EngineContext> {
  const directory = env.directory ?? (await loadDirectory(trx, env.tenantId));
  return {
    definition: def,
    directory: env.wrap ? env.wrap(directory) : directory,
    now: iso(env.now),
    agents: env.agents ?? (await agentWindows(trx, env.tenantId, env.now)),
  };
}

export async function loadRunning(trx: Db, env: Env, billId: number): Promise<Loaded> {
  const l = (await loadRunningMany(trx, env, [billId])).get(billId)!;
  if ('error' in l) throw l.error;
  return l;
}

/** Why a document could not be loaded for an action (and the document, when it was found). */
export interface Failed {
  error: AppError;
  bill?: BillDb;
}

/**
 * `loadRunning` of many documents in a few set queries (documents, instances, each flow version once): per id
 * the loaded document or the error one load would throw (with the document when it was found).
 */
export async function loadRunningMany(
  trx: Db,
  env: Env,
  billIds: number[],
): Promise<Map<number, Loaded | Failed>> {
  const bills = new Map((await billRepo.billsByIds(trx, env.tenantId, billIds)).map((b) => [b.id, b]));
  const instanceIds = [...bills.values()].flatMap((b) => (b.instance_id ? [b.instance_id] : []));
  const insts = new Map((await repo.instancesByIds(trx, env.tenantId, instanceIds)).map((i) => [i.id, i]));
  const defs = new Map<string, Promise<{ def: FlowDefinition; ctx: EngineContext } | AppError>>();
  const defOf = (flowId: number, version: number) => {
    const key = `${flowId}:${version}`;
    if (!defs.has(key))
      defs.set(
        key,
        definitionOf(trx, env.tenantId, flowId, version).then(
          async (def) => ({ def, ctx: await contextFor(trx, env, def) }),
          (e: unknown) => {
            if (e instanceof AppError) return e;
            throw e;
          },
        ),
      );
    return defs.get(key)!;
  };
  const out = new Map<number, Loaded | Failed>();
  for (const id of billIds) {
    const bill = bills.get(id);
    const fail = (error: AppError) => out.set(id, { error, bill });
    if (!bill) {
      fail(flowErrors.billNotFound());
      continue;
    }
    if (!bill.instance_id || bill.flow_id === null || bill.flow_version === null) {
      fail(flowErrors.billState('单据还没有提交审批'));
      continue;
    }
    const inst = insts.get(bill.instance_id);
    if (!inst) {
      fail(flowErrors.billNotFound());
      continue;
    }
    const d = await defOf(bill.flow_id, bill.flow_version);
    if (d instanceof AppError) {
      fail(flowErrors.flowNotFound());
      continue;
    }
    out.set(id, {
      bill,
      instanceId: inst.id,
      revision: inst.revision,
      state: JSON.parse(inst.state) as FlowInstance,
      def: d.def,
      ctx: d.ctx,
    });
  }
  return out;
}

/**
 * Runs `body` in a transaction, again (up to 4 times) when another action saved the instance first or
 * PostgreSQL rolled it back to break a deadlock (two batches over overlapping documents). Inside the caller's
 * transaction (the demo seed) it runs once: what the failed try wrote cannot be undone alone.
 */
export async function withRetry<T>(db: Db, body: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await inTransaction(db, body);
    } catch (e) {
      if (!(e instanceof RevisionConflict) && !isTransactionConflict(e)) throw e;
      if (db.isTransaction || attempt >= 3) throw flowErrors.busy();
    }
  }
}

/** One action on a document that is in approval: load, decide, save. */
export async function act(
  db: Db,
  env: Env,
  billId: number,
  decide: (l: Loaded, trx: Db) => EngineResult | Promise<EngineResult>,
) {
  return withRetry(db, async (trx) => {
    const l = await loadRunning(trx, env, billId);
    const res = await decide(l, trx);
    if (!res.ok) throw flowErrors.refused(res.refusal.message);
    return saveResult(trx, env, l.bill, l.instanceId, l.revision, res, l.def);
  });
}

export type Saved = Awaited<ReturnType<typeof saveResult>>;
export type Answer =
  | { id: number; billNumber: string; ok: true; saved: Saved }
  | { id: number; billNumber: string; ok: false; error: AppError };

/**
 * The same action on many documents (batch approval) in ONE transaction: `loadRunningMany`, the engine per
 * document in memory, `saveResults` in bulk. `decide` must not write. A refused document is answered with its
 * reason and written nowhere; a document whose instance another action saved meanwhile goes through `act` on
 * its own afterwards, so it hears what one-by-one would have said (任务已处理 …). Answers in `billIds` order.
 */
export async function actMany(
  db: Db,
  env: Env,
  billIds: number[],
  decide: (l: Loaded) => EngineResult,
): Promise<Answer[]> {
  const refused = (id: number, billNumber: string, err: unknown): Answer => {
    if (!(err instanceof AppError)) throw err;
    return { id, billNumber, ok: false, error: err };
  };
  const { answers, moved } = await inTransaction(db, async (trx) => {
    const answers = new Map<number, Answer>();
    const loaded = await loadRunningMany(trx, env, billIds);
    const outcomes: Outcome[] = [];
    for (const id of billIds) {
      const l = loaded.get(id)!;
      if ('error' in l) {
        answers.set(id, refused(id, l.bill?.bill_number ?? '', l.error));
        continue;
      }
      try {
        const res = decide(l);
        if (!res.ok) throw flowErrors.refused(res.refusal.message);
        outcomes.push({ bill: l.bill, instanceId: l.instanceId, oldRevision: l.revision, res, def: l.def });
      } catch (err) {
        answers.set(id, refused(id, l.bill.bill_number, err));
      }
    }
    const saved = await saveResults(trx, env, outcomes);
    const moved: BillDb[] = [];
    outcomes.forEach((o, i) => {
      const r = saved[i];
      if (r) answers.set(o.bill.id, { id: o.bill.id, billNumber: o.bill.bill_number, ok: true, saved: r });
      else moved.push(o.bill);
    });
    return { answers, moved };
  });
  for (const b of moved) {
    try {
      const saved = await act(db, env, b.id, decide);
      answers.set(b.id, { id: b.id, billNumber: b.bill_number, ok: true, saved });
    } catch (err) {
      answers.set(b.id, refused(b.id, b.bill_number, err));
    }
  }
  return billIds.map((id) => answers.get(id)!);
}

/** One engine step's outcome on a document, to be written by `saveResults`. */
export interface Outcome {
  bill: BillDb;
  instanceId: number;
  /** The instance's revision the step was computed from; null for a fresh instance (submit). */
  oldRevision: number | null;
  res: Extract<EngineResult, { ok: true }>;
  def: FlowDefinition;
}

/** The step's outcome: the engine's new state and events, written everywhere they belong. */
export async function saveResult(
  trx: Db,
  env: Env,
  bill: BillDb,
  instanceId: number,
  oldRevision: number | null,
  res: Extract<EngineResult, { ok: true }>,
  def: FlowDefinition,
) {
  const [r] = await saveResults(trx, env, [{ bill, instanceId, oldRevision, res, def }]);
  if (!r) throw new RevisionConflict();
  return r;
}

/**
 * Writes steps' outcomes, each kind of row for all of them in one statement: the instances (each only over its
 * old revision), the to-do rows, the approval log, 知会 rows, the documents (one update per distinct change)
 * and their invoices. An outcome whose instance another action saved first is written nowhere and answered
 * null (the caller retries it or reports it).
 */
export async function saveResults(trx: Db, env: Env, outcomes: Outcome[]) {
  const { tenantId, now } = env;
  const savedIds = await repo.saveInstances(
    trx,
    tenantId,
    outcomes.map((o) => ({
      id: o.instanceId,
      oldRevision: o.oldRevision,
      state: JSON.stringify(o.res.state),
      revision: o.res.state.revision,
      status: o.res.state.status,
    })),
    now,
  );
  const done = outcomes.filter((o) => savedIds.has(o.instanceId));
  const steps = done.map((o) => {
    const s = o.res.state;
    return {
      ...o,
      s,
      nodeName: new Map(o.def.nodes.map((n) => [n.id, n.name])),
      running: s.status === 'running' ? s.tasks.filter((t) => t.status === 'running') : [],
      status: STATUS_OF[s.status],
    };
  });
  await repo.replaceTasks(
    trx,
    tenantId,
    steps.map((o) => o.instanceId),
    steps.flatMap(({ bill, instanceId, running, nodeName }) =>
      running.map((t) => ({
        instance_id: instanceId,
        bill_id: bill.id,
        task_id: t.id,
        node_id: t.nodeId,
        node_name: (nodeName.get(t.nodeId) ?? '').slice(0, 50),
        assignee_id: nid(t.assignee),
        on_behalf_of: t.onBehalfOf ? nid(t.onBehalfOf) : null,
        agent_window_id: t.agentWindowId ? nid(t.agentWindowId) : null,
        status: t.status,
        bill_type: bill.bill_type,
        submitter_id: bill.submitter_id,
        created_at: msOf(t.createdAt),
      })),
    ),
  );
  await repo.insertLogs(
    trx,
    tenantId,
    steps.flatMap(({ bill, instanceId, res }) =>
      res.events.map((e) => ({
        bill_id: bill.id,
        instance_id: instanceId,
        type: e.type,
        at: msOf(e.at),
        node_id: e.nodeId ?? null,
        actor_id: e.actor ? nid(e.actor) : null,
        on_behalf_of: e.onBehalfOf ? nid(e.onBehalfOf) : null,
        event: JSON.stringify(e),
      })),
    ),
  );
  await repo.insertCcs(
    trx,
    tenantId,
    steps.flatMap(({ bill, res, nodeName }) =>
      res.events
        .filter((e) => e.type === 'cc')
        .flatMap((e) =>
          (e.to ?? []).map((to) => ({
            bill_id: bill.id,
            staff_id: nid(to),
            from_id: e.actor ? nid(e.actor) : null,
            node_id: e.nodeId ?? null,
            node_name: (e.nodeId ? (nodeName.get(e.nodeId) ?? '') : '').slice(0, 50),
            created_at: msOf(e.at),
          })),
        ),
    ),
  );

  // The people the steps concern hear of them in this same transaction (notices.ts).
  await notifySteps(trx, env, steps);

  const names = await staffNames(trx, tenantId, [
    ...new Set(steps.flatMap((o) => o.running.map((t) => nid(t.assignee)))),
  ]);
  // Documents: one update per distinct change (a batch mostly moves its documents the same way).
  const patches = new Map<string, { patch: Partial<billRepo.NewBill>; ids: number[] }>();
  for (const { bill, s, running, nodeName, status } of steps) {
    const finished = status === 'approved' || status === 'rejected';
    const patch = {
      status,
      current_node_name:
        status === 'approving' ? (nodeName.get(s.currentNodeId ?? '') ?? '').slice(0, 50) : '',
      current_approvers: JSON.stringify([...new Set(running.map((t) => names.get(nid(t.assignee)) ?? ''))]),
      finish_time: finished ? now : null,
    };
    const key = JSON.stringify(patch);
    const g = patches.get(key) ?? patches.set(key, { patch, ids: [] }).get(key)!;
    g.ids.push(bill.id);
  }
  for (const { patch, ids } of patches.values()) await billRepo.updateBills(trx, tenantId, ids, patch, now);

  const moves = steps.filter(
    (o) => o.bill.status === 'approving' || o.bill.status === 'draft' || o.oldRevision === null,
  );
  const ref = (o: (typeof moves)[number]) => ({ billId: o.bill.id, billNumber: o.bill.bill_number });
  const t = { tenantId, staffId: env.staffId, now };
  const settle = moves.filter((o) => o.status === 'approved').map(ref);
  if (settle.length) await settleInvoicesOfBills(trx, t, settle);
  const release = moves.flatMap((o) => {
    const why = RELEASE_WHY[o.status];
    return why ? [{ ...ref(o), why }] : [];
  });
  if (release.length) await releaseInvoicesOfBills(trx, t, release);
  // 预算 (decision 0052): approval turns the occupation into used; 驳回/退回/撤回 release it.
  const by = { by: env.staffId, now };
  if (settle.length)
    await closeBudget(
      trx,
      tenantId,
      settle.map((r) => r.billId),
      'use',
      by,
    );
  if (release.length)
    await closeBudget(
      trx,
      tenantId,
      release.map((r) => r.billId),
      'release',
      by,
    );

  // Other modules (purchasing: the approved lines become a purchase task) hear the final approvals here.
  const approved = moves.filter((o) => o.status === 'approved');
  if (approved.length)
    await billsApproved(trx, {
      tenantId,
      by: env.staffId,
      now,
      bills: approved.map((o) => ({
        billId: Number(o.bill.id),
        billType: o.bill.bill_type,
        billNumber: o.bill.bill_number,
        submitterId: Number(o.bill.submitter_id),
      })),
    });

  const byInstance = new Map(steps.map((o) => [o.instanceId, o.status]));
  return outcomes.map((o) => {
    const status = byInstance.get(o.instanceId);
    return status === undefined ? null : { id: o.bill.id, status, statusText: BILL_STATUS_LABEL[status] };
  });
}
