import { AGENT_STATUS_LABEL, type AgentStatus } from '@feikong/contracts';
import { hasPermission, type TenantCaller } from '../../../platform/context.js';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import * as repo from './agent.repo.js';
import type { FlowDeps } from '../design/index.js';
import { activeStaff } from '../directory.js';
import { handBackAgentTasks, type AgentWindow } from '../engine/index.js';
import { flowErrors } from '../flow.errors.js';
import { iso, pageOf, parseJson, sid } from '../flow.util.js';
import * as runtimeRepo from './runtime.repo.js';
import { loadRunning, saveResult, withRetry } from './runtime.service.js';

/**
 * 审批代理: a principal's tasks arriving in [startAt, endAt) go to the agent (代 X 审批), for every flow or the
 * chosen ones. Staff set their own windows; flowAgent:edit sets anyone's and lists the tenant's. A principal's
 * windows may not overlap. When a window ends (or is cancelled) its open tasks go back to the principal:
 * cancelling hands back at once; an ended window is handed back lazily by `handBackDue`, which every to-do
 * read, document detail and action of the tenant runs first (one indexed query when nothing is due).
 */

export const AgentPerm = { view: 'flowAgent:view', edit: 'flowAgent:edit' } as const;

/**
 * A window may not start in the past (it would read as if someone had been 代理 all along). The form's
 * default start is "now" when the dialog opened, so a start up to this long ago counts as now.
 */
export const AGENT_START_GRACE_MS = 10 * 60_000;

function statusOf(
  w: { start_at: number; end_at: number; cancelled_at: number | null },
  now: number,
): AgentStatus {
  if (w.cancelled_at !== null) return 'cancelled';
  if (now < w.start_at) return 'upcoming';
  if (now < w.end_at) return 'active';
  return 'ended';
}

export async function pageAgents(
  d: FlowDeps,
  caller: TenantCaller,
  q: { pageNum: number; pageSize: number; scope: 'mine' | 'all'; status?: AgentStatus; principalId?: number },
) {
  const admin = hasPermission(caller.perms, AgentPerm.edit);
  if (q.scope === 'all' && !admin) throw flowErrors.forbidden('查看全部代理设置需要审批代理的编辑权限');
  const now = d.clock();
  await handBackDue(d.db, caller.tenantId, caller.staffId, now);
  const { items, total } = await repo.pageWindows(
    d.db,
    caller.tenantId,
    {
      staffId: q.scope === 'mine' ? caller.staffId : undefined,
      principalId: q.principalId,
      status: q.status,
      now,
    },
    q.pageNum,
    q.pageSize,
  );
  const flowIds = items.map((w) => parseJson<number[]>(w.flow_ids, []));
  const names = await repo.flowNames(d.db, caller.tenantId, flowIds.flat());
  return pageOf(
    items.map((w, i) => {
      const status = statusOf(w, now);
      return {
        id: w.id,
        principalId: w.principal_id,
        principalName: w.principal_name ?? '',
        agentId: w.agent_id,
        agentName: w.agent_name ?? '',
        startAt: w.start_at,
        endAt: w.end_at,
        flowIds: flowIds[i],
        flowNames: flowIds[i].map((f) => names.get(f) ?? ''),
        reason: w.reason,
        status,
        statusText: AGENT_STATUS_LABEL[status],
        createdByName: w.created_by_name ?? '',
        createAt: w.created_at,
        cancelledAt: w.cancelled_at,
        canCancel:
          (status === 'upcoming' || status === 'active') && (admin || w.principal_id === caller.staffId),
      };
    }),
    q.pageNum,
    q.pageSize,
    total,
  );
}

export async function saveAgent(
  d: FlowDeps,
  caller: TenantCaller,
  body: {
    principalId?: number;
    agentId: number;
    startAt: number;
    endAt: number;
    flowIds: number[];
    reason: string;
  },
) {
  const now = d.clock();
  const principal = body.principalId ?? caller.staffId;
  if (principal !== caller.staffId && !hasPermission(caller.perms, AgentPerm.edit))
    throw flowErrors.forbidden('为他人设置代理需要审批代理的编辑权限');
  if (body.agentId === principal) throw flowErrors.badInput('agentId', '代理人不能是被代理人本人');
  if (body.startAt < now - AGENT_START_GRACE_MS)
    throw flowErrors.badInput('startAt', '开始时间不能早于当前时间');
  if (body.endAt <= now) throw flowErrors.badInput('endAt', '结束时间必须晚于现在');
  const startAt = Math.max(body.startAt, now);
  return inTransaction(d.db, async (trx) => {
    const active = await activeStaff(trx, caller.tenantId, [principal, body.agentId]);
    if (!active.has(principal)) throw flowErrors.staffNotFound('被代理人');
    if (!active.has(body.agentId)) throw flowErrors.staffNotFound('代理人');
    const flowIds = [...new Set(body.flowIds)];
    const flows = await repo.flowNames(trx, caller.tenantId, flowIds);
    if (flows.size !== flowIds.length) throw flowErrors.flowNotFound();
    if ((await repo.overlapping(trx, caller.tenantId, principal, startAt, body.endAt)).length)
      throw flowErrors.agentOverlap();
    const id = await repo.insertWindow(
      trx,
      caller.tenantId,
      {
        principal_id: principal,
        agent_id: body.agentId,
        start_at: startAt,
        end_at: body.endAt,
        flow_ids: JSON.stringify(flowIds),
        reason: body.reason,
        created_by: caller.staffId,
      },
      now,
    );
    return { id };
  });
}

export async function cancelAgent(d: FlowDeps, caller: TenantCaller, id: number) {
  const now = d.clock();
  const w = await repo.getWindow(d.db, caller.tenantId, id);
  if (!w) throw flowErrors.agentNotFound();
  if (w.principal_id !== caller.staffId && !hasPermission(caller.perms, AgentPerm.edit))
    throw flowErrors.forbidden('只能取消自己的代理设置');
  if (statusOf(w, now) === 'cancelled' || statusOf(w, now) === 'ended')
    throw flowErrors.billState('该代理设置已结束或已取消');
  await repo.cancelWindow(d.db, caller.tenantId, id, now);
  await handBackDue(d.db, caller.tenantId, caller.staffId, now);
  return null;
}

/**
 * Hands back the open tasks of every ended or cancelled window not handed back yet (each document in its
 * own transaction, through the engine's handBackAgentTasks; the window is marked once all are back).
 */
export async function handBackDue(db: Db, tenantId: number, staffId: number, now: number) {
  const due = await repo.dueForHandBack(db, tenantId, now);
  for (const w of due) {
    const window: AgentWindow = {
      id: sid(w.id),
      principal: sid(w.principal_id),
      agent: sid(w.agent_id),
      from: iso(w.start_at),
      to: iso(w.cancelled_at ?? w.end_at),
    };
    const held = await runtimeRepo.instancesWithWindow(db, tenantId, w.id);
    for (const inst of held) {
      await withRetry(db, async (trx) => {
        const env = { tenantId, staffId, now, agents: [] };
        const l = await loadRunning(trx, env, inst.bill_id);
        if (l.instanceId !== inst.id) return;
        const res = handBackAgentTasks(l.state, window, l.ctx);
        if (!res.ok || res.events.length === 0) return;
        await saveResult(trx, env, l.bill, l.instanceId, l.revision, res, l.def);
      });
    }
    await repo.markHandedBack(db, tenantId, w.id, now);
  }
}
