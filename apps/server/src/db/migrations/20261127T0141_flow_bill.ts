import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 审批流 and 单据 (issue 13; modules flow and bill; docs/decisions/0022-flows-and-bills.md).
 *
 * - Design: flow_groups; flows (a bill type, enabled or not, the designer's draft nodes) and flow_versions
 *   (each publish is a new version; a document keeps the version it was submitted with); approval_matrices
 *   and their rows (by company or department, amount band [min, max) in 分); agent_windows (代理).
 * - Directory data the engine needs that org lacked: staff.supervisor_id (direct supervisor) and
 *   departments.leader_id (department head).
 * - Documents: bills (bill_number unique per tenant), bill_fees (+ bill_fee_invoices: invoices attached to a
 *   fee line), bill_trips (the spec's trip fields), bill_relations (connected receipts).
 * - Runtime: flow_instances (the engine's state as JSON; saved WHERE revision = old so one of two racing
 *   actions wins), flow_tasks (the instances' actionable tasks, denormalised for the to-do list and indexed
 *   by (tenant_id, assignee_id, status, created_at)), flow_logs (the engine's events = the approval log, plus
 *   comments), flow_ccs (知会/抄送), bill_prints (print records).
 * - Menus: 审批流管理 (flowList, flowGroup, flowMatrix, flowAgent, flowIntervene), 我的待办 (todoList,
 *   submittedList), 我的单据 (one list per bill type; billEdit and billDetail borrow the list permissions).
 *   The staff-facing permissions are granted to the demo tenant's 普通员工 and 财务审批 groups where they exist.
 */
const BILL_LISTS: [string, string, string, string, number][] = [
  ['billExpense', '/bill/expense', '报销单', 'expense', 1],
  ['billApply', '/bill/apply', '申请单', 'apply', 2],
  ['billRequestNote', '/bill/requestNote', '事前申请', 'requestNote', 3],
  ['billLoan', '/bill/loan', '借款单', 'loan', 4],
  ['billRepayment', '/bill/repayment', '还款单', 'repayment', 5],
  ['billCustom', '/bill/custom', '自定义单据', 'custom', 6],
];
const BILL_VIEW_PERMS = BILL_LISTS.map(([n]) => `${n}:view`);
const BILL_ADD_PERMS = BILL_LISTS.map(([n]) => `${n}:add`);

export const FLOW_MENUS: MenuEntrySeed[] = [
  {
    name: 'todo',
    path: '/todo',
    component: 'Layout',
    redirect: '/todo/list',
    meta: { title: '我的待办', icon: 'todo', order: 21 },
    children: [
      {
        name: 'todoList',
        path: '/todo/list',
        component: 'flow/TodoList',
        perms: ['view'],
        meta: { title: '我的待办', icon: 'todo', order: 1 },
      },
      {
        name: 'submittedList',
        path: '/todo/submitted',
        component: 'flow/SubmittedList',
        perms: ['view'],
        meta: { title: '我发起的', icon: 'todo', order: 2 },
      },
    ],
  },
  {
    name: 'bill',
    path: '/bill',
    component: 'Layout',
    redirect: '/bill/expense',
    meta: { title: '我的单据', icon: 'bill', order: 22 },
    children: [
      ...BILL_LISTS.map(([name, path, title, billType, order]): MenuEntrySeed => ({
        name,
        path,
        component: 'bill/BillList',
        perms: ['view', 'add', 'edit', 'delete'],
        meta: { title, icon: 'bill', order, params: { billType } },
      })),
      {
        name: 'billEdit',
        path: '/bill/edit',
        component: 'bill/BillEdit',
        perms: BILL_ADD_PERMS,
        meta: { title: '填写单据', hidden: true, order: 20 },
      },
      {
        name: 'billDetail',
        path: '/bill/detail',
        component: 'bill/BillDetail',
        perms: [...BILL_VIEW_PERMS, 'todoList:view', 'submittedList:view', 'flowIntervene:view'],
        meta: { title: '单据详情', hidden: true, order: 21 },
      },
    ],
  },
  {
    name: 'flowManage',
    path: '/flow',
    component: 'Layout',
    redirect: '/flow/list',
    meta: { title: '审批流管理', icon: 'flow', order: 40 },
    children: [
      {
        name: 'flowList',
        path: '/flow/list',
        component: 'flow/FlowList',
        perms: ['view', 'add', 'edit', 'delete'],
        meta: { title: '审批流程', icon: 'flow', order: 1 },
        children: [
          {
            name: 'flowEdit',
            path: '/flow/edit',
            component: 'flow/FlowEdit',
            meta: { title: '流程设计', hidden: true },
          },
        ],
      },
      {
        name: 'flowGroup',
        path: '/flow/group',
        component: 'flow/FlowGroup',
        perms: ['view', 'edit'],
        meta: { title: '流程分组', icon: 'flow', order: 2 },
      },
      {
        name: 'flowMatrix',
        path: '/flow/matrix',
        component: 'flow/Matrix',
        perms: ['view', 'edit'],
        meta: { title: '审批矩阵', icon: 'flow', order: 3 },
      },
      {
        name: 'flowAgent',
        path: '/flow/agent',
        component: 'flow/Agent',
        perms: ['view', 'edit'],
        meta: { title: '审批代理', icon: 'flow', order: 4 },
      },
      {
        name: 'flowIntervene',
        path: '/flow/intervene',
        component: 'flow/FlowIntervene',
        perms: ['view', 'edit'],
        meta: { title: '流程干预', icon: 'flow', order: 5 },
      },
    ],
  },
];
const MENU_NAMES = [
  'todo',
  'todoList',
  'submittedList',
  'bill',
  ...BILL_LISTS.map(([n]) => n),
  'billEdit',
  'billDetail',
  'flowManage',
  'flowList',
  'flowEdit',
  'flowGroup',
  'flowMatrix',
  'flowAgent',
  'flowIntervene',
];

/** What every staff member may do with their own documents, to-dos and agent windows. */
export const FLOW_STAFF_PERMS = [
  'todoList:view',
  'submittedList:view',
  'flowAgent:view',
  ...BILL_LISTS.flatMap(([n]) => ['view', 'add', 'edit', 'delete'].map((p) => `${n}:${p}`)),
];
const DEMO_GROUPS = ['普通员工', '财务审批'];

async function grant(db: Kysely<any>, add: boolean) {
  const groups = await db
    .selectFrom('privilege_groups')
    .select(['id', 'perms'])
    .where('name', 'in', DEMO_GROUPS)
    .where('is_builtin', '=', 0)
    .execute();
  for (const g of groups) {
    const perms = JSON.parse(g.perms as string) as string[];
    const next = add
      ? [...new Set([...perms, ...FLOW_STAFF_PERMS])].sort()
      : perms.filter((p) => !FLOW_STAFF_PERMS.includes(p));
    await db
      .updateTable('privilege_groups')
      .set({ perms: JSON.stringify(next) })
      .where('id', '=', g.id)
      .execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff').addColumn('supervisor_id', int8).execute();
  await db.schema.alterTable('departments').addColumn('leader_id', int8).execute();

  await withId(db, db.schema.createTable('flow_groups'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_groups_tenant')
    .on('flow_groups')
    .columns(['tenant_id', 'sort_order'])
    .execute();

  await withId(db, db.schema.createTable('flows'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('group_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('bill_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    /** The designer's nodes (JSON); null when identical to the published version. */
    .addColumn('draft_nodes', jsonText)
    /** The version documents are submitted with now (0 = never published). */
    .addColumn('current_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    /** Deleted flows stay for the documents that ran on them. */
    .addColumn('deleted_at', int8)
    .execute();
  await db.schema
    .createIndex('flows_tenant')
    .on('flows')
    .columns(['tenant_id', 'bill_type', 'enabled'])
    .execute();

  await withId(db, db.schema.createTable('flow_versions'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('flow_id', int8, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    /** The engine's FlowDefinition (JSON). */
    .addColumn('definition', jsonText, (c) => c.notNull())
    .addColumn('published_at', int8, (c) => c.notNull())
    .addColumn('published_by', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_versions_flow')
    .on('flow_versions')
    .columns(['flow_id', 'version'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('approval_matrices'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('dimension', 'varchar(20)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('approval_matrices_tenant')
    .on('approval_matrices')
    .columns(['tenant_id'])
    .execute();
  await withId(db, db.schema.createTable('approval_matrix_rows'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('matrix_id', int8, (c) => c.notNull())
    .addColumn('company_id', int8)
    .addColumn('department_id', int8)
    .addColumn('min_amount', int8)
    .addColumn('max_amount', int8)
    /** JSON array of staff ids. */
    .addColumn('approver_ids', jsonText, (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('approval_matrix_rows_matrix')
    .on('approval_matrix_rows')
    .columns(['tenant_id', 'matrix_id'])
    .execute();

  await withId(db, db.schema.createTable('agent_windows'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('principal_id', int8, (c) => c.notNull())
    .addColumn('agent_id', int8, (c) => c.notNull())
    .addColumn('start_at', int8, (c) => c.notNull())
    .addColumn('end_at', int8, (c) => c.notNull())
    /** JSON array of flow ids; [] = every flow. */
    .addColumn('flow_ids', jsonText, (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('cancelled_at', int8)
    /** Set once the window's open tasks went back to the principal. */
    .addColumn('handed_back_at', int8)
    .execute();
  await db.schema
    .createIndex('agent_windows_principal')
    .on('agent_windows')
    .columns(['tenant_id', 'principal_id', 'end_at'])
    .execute();
  await db.schema
    .createIndex('agent_windows_hand_back')
    .on('agent_windows')
    .columns(['tenant_id', 'handed_back_at', 'end_at'])
    .execute();

  await withId(db, db.schema.createTable('bills'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('bill_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('bill_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('submitter_id', int8, (c) => c.notNull())
    .addColumn('submitter_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('department_id', int8)
    .addColumn('dept_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('company_id', int8)
    .addColumn('org_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('project_id', int8)
    .addColumn('amount', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    /** 1 手动创建, 2 系统创建. */
    .addColumn('create_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('form_values', jsonText, (c) => c.notNull())
    /** repayment: the loan it repays. */
    .addColumn('loan_id', int8)
    .addColumn('flow_id', int8)
    .addColumn('flow_version', 'integer')
    .addColumn('flow_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('instance_id', int8)
    .addColumn('current_node_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    /** JSON array of the names who must act now. */
    .addColumn('current_approvers', jsonText, (c) => c.notNull().defaultTo('[]'))
    .addColumn('submit_time', int8)
    .addColumn('finish_time', int8)
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bills_number')
    .on('bills')
    .columns(['tenant_id', 'bill_number'])
    .unique()
    .execute();
  await db.schema
    .createIndex('bills_submitter')
    .on('bills')
    .columns(['tenant_id', 'submitter_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('bills_tenant_type')
    .on('bills')
    .columns(['tenant_id', 'bill_type', 'submit_time'])
    .execute();
  await db.schema
    .createIndex('bills_tenant_status')
    .on('bills')
    .columns(['tenant_id', 'status', 'submit_time'])
    .execute();
  await db.schema.createIndex('bills_loan').on('bills').columns(['tenant_id', 'loan_id']).execute();

  await withId(db, db.schema.createTable('bill_relations'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    .addColumn('related_bill_id', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bill_relations_bill')
    .on('bill_relations')
    .columns(['tenant_id', 'bill_id'])
    .execute();

  await withId(db, db.schema.createTable('bill_fees'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    .addColumn('fee_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('fee_date', int8, (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('bill_fees_bill').on('bill_fees').columns(['tenant_id', 'bill_id']).execute();
  await withId(db, db.schema.createTable('bill_fee_invoices'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    .addColumn('fee_id', int8, (c) => c.notNull())
    .addColumn('invoice_id', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bill_fee_invoices_bill')
    .on('bill_fee_invoices')
    .columns(['tenant_id', 'bill_id'])
    .execute();
  await db.schema
    .createIndex('bill_fee_invoices_invoice')
    .on('bill_fee_invoices')
    .columns(['tenant_id', 'invoice_id'])
    .execute();

  await withId(db, db.schema.createTable('bill_trips'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    .addColumn('peers', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('start_date', int8, (c) => c.notNull())
    .addColumn('end_date', int8, (c) => c.notNull())
    .addColumn('location_cus', 'varchar(100)', (c) => c.notNull())
    .addColumn('budget_traffic', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('budget_stay', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('budget_other', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('budget_total', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('bill_trips_bill').on('bill_trips').columns(['tenant_id', 'bill_id']).execute();

  await withId(db, db.schema.createTable('flow_instances'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    .addColumn('flow_id', int8, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    /** The engine's FlowInstance (JSON). */
    .addColumn('state', jsonText, (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_instances_bill')
    .on('flow_instances')
    .columns(['tenant_id', 'bill_id'])
    .execute();
  await db.schema
    .createIndex('flow_instances_status')
    .on('flow_instances')
    .columns(['tenant_id', 'status', 'flow_id'])
    .execute();

  await withId(db, db.schema.createTable('flow_tasks'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('instance_id', int8, (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    /** The engine's task id inside the instance. */
    .addColumn('task_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('node_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('assignee_id', int8, (c) => c.notNull())
    .addColumn('on_behalf_of', int8)
    .addColumn('agent_window_id', int8)
    /** The engine's task status: only actionable (running) tasks are kept here. */
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('bill_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('submitter_id', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_tasks_todo')
    .on('flow_tasks')
    .columns(['tenant_id', 'assignee_id', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('flow_tasks_instance').on('flow_tasks').columns(['instance_id']).execute();
  await db.schema
    .createIndex('flow_tasks_agent')
    .on('flow_tasks')
    .columns(['tenant_id', 'agent_window_id'])
    .execute();

  await withId(db, db.schema.createTable('flow_logs'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    .addColumn('instance_id', int8)
    /** The engine's event type, or 'comment' (评论 without acting). */
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('at', int8, (c) => c.notNull())
    .addColumn('node_id', 'varchar(64)')
    .addColumn('actor_id', int8)
    .addColumn('on_behalf_of', int8)
    /** The whole event (JSON), as the engine emitted it. */
    .addColumn('event', jsonText, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_logs_bill')
    .on('flow_logs')
    .columns(['tenant_id', 'bill_id', 'id'])
    .execute();
  await db.schema
    .createIndex('flow_logs_actor')
    .on('flow_logs')
    .columns(['tenant_id', 'actor_id', 'at'])
    .execute();

  await withId(db, db.schema.createTable('flow_ccs'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addColumn('from_id', int8)
    .addColumn('node_id', 'varchar(64)')
    .addColumn('node_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('read_at', int8)
    .execute();
  await db.schema
    .createIndex('flow_ccs_staff')
    .on('flow_ccs')
    .columns(['tenant_id', 'staff_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('bill_prints'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bill_prints_bill')
    .on('bill_prints')
    .columns(['tenant_id', 'bill_id'])
    .execute();

  await addMenuEntries(db, FLOW_MENUS);
  await grant(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await grant(db, false);
  await removeMenuEntries(db, MENU_NAMES);
  for (const t of [
    'bill_prints',
    'flow_ccs',
    'flow_logs',
    'flow_tasks',
    'flow_instances',
    'bill_trips',
    'bill_fee_invoices',
    'bill_fees',
    'bill_relations',
    'bills',
    'agent_windows',
    'approval_matrix_rows',
    'approval_matrices',
    'flow_versions',
    'flows',
    'flow_groups',
  ])
    await db.schema.dropTable(t).execute();
  await db.schema.alterTable('departments').dropColumn('leader_id').execute();
  await db.schema.alterTable('staff').dropColumn('supervisor_id').execute();
}
