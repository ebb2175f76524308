import type { Kysely } from 'kysely';

/**
 * Nobody approves their own spend (issue 20, part 6; docs/decisions/0039-nobody-approves-own-spend.md).
 *
 * 1. Approver nodes said `selfApprove: 'autoPass'` (the submitter's own step passed by itself) or `'approve'`
 *    (they approved it themselves). Both become the safe default `'superior'` in every flow's draft and in
 *    every published version. Versions are otherwise immutable (decision 0027); they are rewritten here on
 *    purpose, so documents in flight stop passing their submitter's own steps too.
 * 2. An open task an agent holds on a document the agent submitted (代 X 审批 of their own spend) goes back
 *    to the principal, in the instance's state and in the to-do row.
 * Only data changes, and each step is a no-op once done, so running `up` again changes nothing.
 */
const LEGACY = new Set(['autoPass', 'approve']);

type Node = { type?: string; selfApprove?: string };

function rewriteNodes(nodes: unknown): boolean {
  if (!Array.isArray(nodes)) return false;
  let changed = false;
  for (const n of nodes as Node[]) {
    if (n?.type === 'approver' && (n.selfApprove === undefined || LEGACY.has(n.selfApprove))) {
      n.selfApprove = 'superior';
      changed = true;
    }
  }
  return changed;
}

export async function rewriteFlowDesigns(db: Kysely<any>): Promise<number> {
  let count = 0;
  const drafts = await db
    .selectFrom('flows')
    .select(['id', 'draft_nodes'])
    .where('draft_nodes', 'is not', null)
    .execute();
  for (const f of drafts) {
    const nodes = JSON.parse(f.draft_nodes as string) as unknown;
    if (!rewriteNodes(nodes)) continue;
    await db
      .updateTable('flows')
      .set({ draft_nodes: JSON.stringify(nodes) })
      .where('id', '=', f.id)
      .execute();
    count += 1;
  }
  const versions = await db.selectFrom('flow_versions').select(['id', 'definition']).execute();
  for (const v of versions) {
    const def = JSON.parse(v.definition as string) as { nodes?: unknown };
    if (!rewriteNodes(def.nodes)) continue;
    await db
      .updateTable('flow_versions')
      .set({ definition: JSON.stringify(def) })
      .where('id', '=', v.id)
      .execute();
    count += 1;
  }
  return count;
}

type Task = { id: string; assignee: string; onBehalfOf?: string; agentWindowId?: string; status: string };

export async function returnAgentsOwnTasks(db: Kysely<any>): Promise<number> {
  const rows = await db
    .selectFrom('flow_tasks')
    .select(['id', 'instance_id', 'bill_id', 'task_id', 'on_behalf_of'])
    .where('on_behalf_of', 'is not', null)
    .whereRef('assignee_id', '=', 'submitter_id')
    .execute();
  for (const r of rows) {
    const inst = await db
      .selectFrom('flow_instances')
      .select(['state', 'revision'])
      .where('id', '=', r.instance_id)
      .executeTakeFirst();
    if (!inst) continue;
    const state = JSON.parse(inst.state as string) as { tasks: Task[]; revision: number };
    const task = state.tasks.find((t) => t.id === r.task_id);
    if (task?.onBehalfOf) {
      task.assignee = task.onBehalfOf;
      delete task.onBehalfOf;
      delete task.agentWindowId;
    }
    state.revision = Number(inst.revision) + 1;
    await db
      .updateTable('flow_instances')
      .set({ state: JSON.stringify(state), revision: state.revision })
      .where('id', '=', r.instance_id)
      .execute();
    await db
      .updateTable('flow_tasks')
      .set({ assignee_id: r.on_behalf_of, on_behalf_of: null, agent_window_id: null })
      .where('id', '=', r.id)
      .execute();
    // The document's 当前审批人 names follow its open tasks.
    const names = await db
      .selectFrom('flow_tasks as t')
      .innerJoin('staff as s', 's.id', 't.assignee_id')
      .select('s.name')
      .where('t.bill_id', '=', r.bill_id)
      .execute();
    await db
      .updateTable('bills')
      .set({ current_approvers: JSON.stringify([...new Set(names.map((n) => n.name as string))]) })
      .where('id', '=', r.bill_id)
      .execute();
  }
  return rows.length;
}

export async function up(db: Kysely<any>): Promise<void> {
  await rewriteFlowDesigns(db);
  await returnAgentsOwnTasks(db);
}

/** The old settings cannot be told apart any more (and must not come back): nothing to undo. */
export async function down(): Promise<void> {}
