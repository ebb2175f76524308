import { BILL_STATUS_LABEL, type BillStatus } from '@feikong/contracts';
import type { Db } from '../../platform/db/database.js';
import { releaseInvoices, settleInvoices } from '../invoice/index.js';
import * as agentRepo from './agent.repo.js';
import * as billRepo from './bill.repo.js';
import type { BillDb } from './bill.repo.js';
import { definitionOf } from './design.service.js';
import { loadDirectory, staffNames } from './directory.js';
import type {
  AgentWindow,
  Directory,
  EngineContext,
  EngineResult,
  FlowDefinition,
  FlowInstance,
  InstanceStatus,
} from './engine/index.js';
import { flowErrors } from './flow.errors.js';
import { iso, msOf, nid, parseJson, sid } from './flow.util.js';
import * as repo from './runtime.repo.js';

/**
 * Runs one engine action on a document in ONE transaction: load the document, its instance and the version
 * of the flow it runs on; call the engine; save the state WHERE revision = old; rewrite the instance's rows
 * of the to-do table; append the events to the approval log (and 知会 rows); update the document's status
 * and the invoices it holds. When the revision changed underneath (PostgreSQL: another transaction saved
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
  const bill = await billRepo.getBill(trx, env.tenantId, billId);
  if (!bill) throw flowErrors.billNotFound();
  if (!bill.instance_id || bill.flow_id === null || bill.flow_version === null)
    throw flowErrors.billState('单据还没有提交审批');
  const inst = await repo.getInstance(trx, env.tenantId, bill.instance_id);
  if (!inst) throw flowErrors.billNotFound();
  const def = await definitionOf(trx, env.tenantId, bill.flow_id, bill.flow_version);
  return {
    bill,
    instanceId: inst.id,
    revision: inst.revision,
    state: JSON.parse(inst.state) as FlowInstance,
    def,
    ctx: await contextFor(trx, env, def),
  };
}

/** Runs `body` in a transaction, again (up to 4 times) when another action saved the instance first. */
export async function withRetry<T>(db: Db, body: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(body);
    } catch (e) {
      if (!(e instanceof RevisionConflict)) throw e;
      if (attempt >= 3) throw flowErrors.busy();
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
  const { tenantId, now } = env;
  const s = res.state;
  const stateJson = JSON.stringify(s);
  if (oldRevision === null) {
    // A fresh instance (submit): nobody else can hold it yet.
    await trx
      .updateTable('flow_instances')
      .set({ state: stateJson, revision: s.revision, status: s.status, updated_at: now })
      .where('id', '=', instanceId)
      .execute();
  } else if (
    !(await repo.saveInstance(
      trx,
      tenantId,
      instanceId,
      oldRevision,
      { state: stateJson, revision: s.revision, status: s.status },
      now,
    ))
  ) {
    throw new RevisionConflict();
  }
  const nodeName = new Map(def.nodes.map((n) => [n.id, n.name]));
  const running = s.status === 'running' ? s.tasks.filter((t) => t.status === 'running') : [];
  await repo.replaceTasks(
    trx,
    tenantId,
    instanceId,
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
  );
  await repo.insertLogs(
    trx,
    tenantId,
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
  );
  await repo.insertCcs(
    trx,
    tenantId,
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
  );

  const status = STATUS_OF[s.status];
  const names = await staffNames(
    trx,
    tenantId,
    running.map((t) => nid(t.assignee)),
  );
  const finished = status === 'approved' || status === 'rejected';
  await billRepo.updateBill(
    trx,
    tenantId,
    bill.id,
    {
      status,
      current_node_name:
        status === 'approving' ? (nodeName.get(s.currentNodeId ?? '') ?? '').slice(0, 50) : '',
      current_approvers: JSON.stringify([...new Set(running.map((t) => names.get(nid(t.assignee)) ?? ''))]),
      finish_time: finished ? now : null,
    },
    now,
  );
  if (bill.status === 'approving' || bill.status === 'draft' || oldRevision === null) {
    const t = { tenantId, staffId: env.staffId, billId: bill.id, billNumber: bill.bill_number, now };
    if (status === 'approved') await settleInvoices(trx, t);
    const why = RELEASE_WHY[status];
    if (why) await releaseInvoices(trx, { ...t, why });
  }
  return { id: bill.id, status, statusText: BILL_STATUS_LABEL[status] };
}
