import type { TenantCaller } from '../../../platform/context.js';
import { formValuesOf, stepsOut } from './approval.service.js';
import { billRepo as repo } from '../bill/index.js';
import { referenceIssues, type FlowDeps } from '../design/index.js';
import { loadDirectory, staffNames } from '../directory.js';
import { simulate, type FlowNode } from '../engine/index.js';
import { nid, sid } from '../flow.util.js';

/**
 * 流程模拟: a draft definition against the tenant's last `count` submitted documents of the bill type (the
 * engine's simulate/planRoute over one directory snapshot): who would approve each step, what passes by
 * itself, where each would end. Nothing is written.
 */
export async function simulateFlow(
  d: FlowDeps,
  caller: TenantCaller,
  body: { id?: number; billType: string; nodes: FlowNode[]; count: number },
) {
  const started = performance.now();
  const def = { flowId: sid(body.id ?? 0), version: 0, name: '模拟', nodes: body.nodes };
  const refIssues = await referenceIssues(d.db, caller.tenantId, body.nodes);
  const bills = await repo.lastSubmitted(d.db, caller.tenantId, body.billType, body.count);
  const fees = await repo.feesOf(
    d.db,
    caller.tenantId,
    bills.map((b) => b.id),
  );
  const feeTypes = new Map<number, string[]>();
  for (const f of fees)
    (feeTypes.get(f.bill_id) ?? feeTypes.set(f.bill_id, []).get(f.bill_id)!).push(f.fee_type);
  const directory = await loadDirectory(d.db, caller.tenantId);
  const docs = await Promise.all(
    bills.map(async (b) => {
      const values = await formValuesOf(d.db, b, feeTypes.get(b.id) ?? []);
      return { documentId: sid(b.id), submitter: sid(b.submitter_id), values };
    }),
  );
  const res = simulate(def, docs, directory);
  if (!res.ok || refIssues.length) {
    const issues = [...(res.ok ? [] : res.issues), ...refIssues];
    return {
      issues: issues.map((i) => ({ nodeId: i.nodeId ?? null, message: i.message })),
      rows: [],
      ends: [],
      elapsedMs: Math.round(performance.now() - started),
    };
  }
  const byId = new Map(bills.map((b) => [b.id, b]));
  const allStaff = res.rows.flatMap((r) => r.steps.flatMap((s) => s.staff.map(nid)));
  const names = await staffNames(d.db, caller.tenantId, allStaff);
  const rows = await Promise.all(
    res.rows.map(async (r) => {
      const b = byId.get(nid(r.documentId))!;
      return {
        billId: b.id,
        billNumber: b.bill_number,
        title: b.title,
        submitterName: b.submitter_name,
        amount: Number(b.amount),
        submitTime: Number(b.submit_time),
        steps: await stepsOut(d.db, caller.tenantId, r.steps, names),
        endNodeId: r.endNodeId,
        endNodeName: r.endNodeName,
      };
    }),
  );
  const ends = new Map<string, { endNodeId: string; endNodeName: string; count: number }>();
  for (const r of res.rows) {
    const e = ends.get(r.endNodeId) ?? { endNodeId: r.endNodeId, endNodeName: r.endNodeName, count: 0 };
    e.count += 1;
    ends.set(r.endNodeId, e);
  }
  return { issues: [], rows, ends: [...ends.values()], elapsedMs: Math.round(performance.now() - started) };
}
