import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import { likeContains } from '../flow.util.js';

/**
 * The to-do lists. 待审批 reads only flow_tasks by its (tenant_id, assignee_id, status, created_at) index,
 * page first, then the page's documents by primary key; 已审批 reads the approval log by (tenant_id,
 * actor_id, at); 知会 reads flow_ccs by (tenant_id, staff_id, created_at).
 */

export interface TodoFilter {
  billType?: string;
  submitterId?: number;
  timeMin?: number;
  timeMax?: number;
  keyword?: string;
  /** true: documents with risk flags only; false: without. */
  risk?: boolean;
}

const riskCond = (risk: boolean) => sql<boolean>`b.risk_count ${sql.raw(risk ? '>' : '=')} 0`;

function pendingQ(db: Db, tenantId: number, staffId: number, f: TodoFilter) {
  let q = db
    .selectFrom('flow_tasks as t')
    .where('t.tenant_id', '=', tenantId)
    .where('t.assignee_id', '=', staffId)
    .where('t.status', '=', 'running')
    // An agent's to-do never holds a document the agent submitted (issue 20; the engine no longer makes one).
    .where((eb) => eb.or([eb('t.on_behalf_of', 'is', null), eb('t.submitter_id', '<>', staffId)]));
  if (f.billType) q = q.where('t.bill_type', '=', f.billType);
  if (f.submitterId !== undefined) q = q.where('t.submitter_id', '=', f.submitterId);
  if (f.timeMin !== undefined) q = q.where('t.created_at', '>=', f.timeMin);
  if (f.timeMax !== undefined) q = q.where('t.created_at', '<=', f.timeMax);
  if (f.keyword) {
    const k = likeContains(f.keyword);
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('bills as b')
          .select('b.id')
          .whereRef('b.id', '=', 't.bill_id')
          .where(sql<boolean>`(b.title like ${k} escape '\\' or b.bill_number like ${k} escape '\\')`),
      ),
    );
  }
  if (f.risk !== undefined) {
    const risk = f.risk;
    q = q.where((eb) =>
      eb.exists(
        eb.selectFrom('bills as b').select('b.id').whereRef('b.id', '=', 't.bill_id').where(riskCond(risk)),
      ),
    );
  }
  return q;
}

export async function pagePending(
  db: Db,
  tenantId: number,
  staffId: number,
  f: TodoFilter,
  pageNum: number,
  pageSize: number,
) {
  const [{ n }, items] = await Promise.all([
    pendingQ(db, tenantId, staffId, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    pendingQ(db, tenantId, staffId, f)
      .select(['t.bill_id', 't.task_id', 't.node_name', 't.on_behalf_of', 't.created_at'])
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
  ]);
  return { items, total: Number(n) };
}

export async function countPending(db: Db, tenantId: number, staffId: number) {
  const { n } = await pendingQ(db, tenantId, staffId, {})
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

const DONE_TYPES = [
  'approved',
  'rejected',
  'transferred',
  'delegated',
  'resolved',
  'signAdded',
  'adminForcePass',
  'adminTransfer',
  'adminSendBack',
];

function doneQ(db: Db, tenantId: number, staffId: number, f: TodoFilter) {
  const q = db
    .selectFrom('flow_logs as l')
    .innerJoin('bills as b', 'b.id', 'l.bill_id')
    .where('l.tenant_id', '=', tenantId)
    .where('l.actor_id', '=', staffId)
    .where('l.type', 'in', DONE_TYPES);
  return billFilters(q, f, 'l.at');
}

function billFilters<Q extends { where: (...a: any[]) => any }>(q: Q, f: TodoFilter, time: string): Q {
  let r: any = q;
  if (f.billType) r = r.where('b.bill_type', '=', f.billType);
  if (f.submitterId !== undefined) r = r.where('b.submitter_id', '=', f.submitterId);
  if (f.timeMin !== undefined) r = r.where(time, '>=', f.timeMin);
  if (f.timeMax !== undefined) r = r.where(time, '<=', f.timeMax);
  if (f.keyword) {
    const k = likeContains(f.keyword);
    r = r.where(sql<boolean>`(b.title like ${k} escape '\\' or b.bill_number like ${k} escape '\\')`);
  }
  if (f.risk !== undefined) r = r.where(riskCond(f.risk));
  return r;
}

export async function pageDone(
  db: Db,
  tenantId: number,
  staffId: number,
  f: TodoFilter,
  pageNum: number,
  pageSize: number,
) {
  const { n } = await doneQ(db, tenantId, staffId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const items = await doneQ(db, tenantId, staffId, f)
    .select(['l.bill_id', 'l.type', 'l.at', 'l.node_id', 'l.on_behalf_of', 'l.event'])
    .orderBy('l.at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  return { items, total: Number(n) };
}

function ccQ(db: Db, tenantId: number, staffId: number, f: TodoFilter) {
  const q = db
    .selectFrom('flow_ccs as c')
    .innerJoin('bills as b', 'b.id', 'c.bill_id')
    .where('c.tenant_id', '=', tenantId)
    .where('c.staff_id', '=', staffId);
  return billFilters(q, f, 'c.created_at');
}

export async function pageCc(
  db: Db,
  tenantId: number,
  staffId: number,
  f: TodoFilter,
  pageNum: number,
  pageSize: number,
) {
  const { n } = await ccQ(db, tenantId, staffId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const items = await ccQ(db, tenantId, staffId, f)
    .select(['c.bill_id', 'c.node_name', 'c.created_at', 'c.read_at'])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  return { items, total: Number(n) };
}

export async function countUnreadCc(db: Db, tenantId: number, staffId: number) {
  const { n } = await db
    .selectFrom('flow_ccs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('staff_id', '=', staffId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Running documents of the tenant (流程干预), optionally waiting on one approver. */
export async function pageRunning(
  db: Db,
  tenantId: number,
  f: { billType?: string; keyword?: string; submitterId?: number; approverId?: number },
  pageNum: number,
  pageSize: number,
) {
  let q = db.selectFrom('bills as b').where('b.tenant_id', '=', tenantId).where('b.status', '=', 'approving');
  if (f.approverId !== undefined)
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('flow_tasks as t')
          .select('t.id')
          .whereRef('t.bill_id', '=', 'b.id')
          .where('t.tenant_id', '=', tenantId)
          .where('t.assignee_id', '=', f.approverId!),
      ),
    );
  q = billFilters(
    q,
    { billType: f.billType, submitterId: f.submitterId, keyword: f.keyword },
    'b.submit_time',
  );
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const items = await q
    .selectAll('b')
    .orderBy('b.submit_time', 'desc')
    .orderBy('b.id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  return { items, total: Number(n) };
}
