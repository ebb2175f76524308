import type { Db } from '../../platform/db/database.js';

/** SQL of 单据分析: the documents of a range, their approval logs, node names and approver names. */

export interface BillFilter {
  from: number;
  to: number;
  billType?: string;
  departmentId?: number;
  statuses: string[];
}

export async function billsInRange(db: Db, tenantId: number, f: BillFilter) {
  let q = db
    .selectFrom('bills')
    .select([
      'id',
      'bill_number',
      'title',
      'bill_type',
      'submitter_id',
      'submitter_name',
      'department_id',
      'dept_name',
      'org_name',
      'amount',
      'status',
      'flow_id',
      'flow_version',
      'flow_name',
      'current_node_name',
      'submit_time',
      'finish_time',
      'created_at',
    ])
    .where('tenant_id', '=', tenantId)
    .where('submit_time', '>=', f.from)
    .where('submit_time', '<', f.to)
    .where('status', 'in', f.statuses);
  if (f.billType) q = q.where('bill_type', '=', f.billType);
  if (f.departmentId) q = q.where('department_id', '=', f.departmentId);
  return q.orderBy('submit_time').orderBy('id').execute();
}
export type BillRangeRow = Awaited<ReturnType<typeof billsInRange>>[number];

const CHUNK = 500;

/** The approval events of the documents, in order, per document. */
export async function logsOf(db: Db, tenantId: number, billIds: number[]) {
  const out = new Map<
    number,
    { type: string; at: number; node_id: string | null; actor_id: number | null; event: string }[]
  >();
  for (let i = 0; i < billIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('flow_logs')
      .select(['bill_id', 'type', 'at', 'node_id', 'actor_id', 'event'])
      .where('tenant_id', '=', tenantId)
      .where('bill_id', 'in', billIds.slice(i, i + CHUNK))
      .where('type', '!=', 'comment')
      .orderBy('bill_id')
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const id = Number(r.bill_id);
      const list = out.get(id) ?? [];
      list.push({
        type: r.type,
        at: Number(r.at),
        node_id: r.node_id,
        actor_id: r.actor_id === null ? null : Number(r.actor_id),
        event: r.event,
      });
      out.set(id, list);
    }
  }
  return out;
}

/** nodeId → name of each (flow, version) pair's definition. */
export async function nodeNames(db: Db, tenantId: number, pairs: { flowId: number; version: number }[]) {
  const out = new Map<string, Map<string, string>>();
  const flowIds = [...new Set(pairs.map((p) => p.flowId))];
  for (let i = 0; i < flowIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('flow_versions')
      .select(['flow_id', 'version', 'definition'])
      .where('tenant_id', '=', tenantId)
      .where('flow_id', 'in', flowIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) {
      const names = new Map<string, string>();
      try {
        const def = JSON.parse(r.definition) as { nodes?: { id: string; name: string }[] };
        for (const n of def.nodes ?? []) names.set(String(n.id), String(n.name));
      } catch {
        // a definition that is not JSON names no node: its ids are shown instead
      }
      out.set(`${Number(r.flow_id)}:${Number(r.version)}`, names);
    }
  }
  return out;
}

export async function staffNames(db: Db, tenantId: number, ids: number[]) {
  const out = new Map<number, string>();
  const list = [...new Set(ids)];
  for (let i = 0; i < list.length; i += CHUNK) {
    const rows = await db
      .selectFrom('staff')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', list.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(Number(r.id), r.name);
  }
  return out;
}
