import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { makeStaff, makeTenant } from '../../../test/factories.js';
import { deferred, waitFor } from '../../../test/poll.js';
import { createTaskTestBed, waitForTask } from '../../../test/tasks.js';
import {
  TaskHandlerRegistry,
  taskFailure,
  type TaskFinishedEvent,
  type TaskHandler,
} from '../../platform/tasks.js';
import { TASK_JOB } from './tasks.runner.js';

// How a task runs: results, failures, progress, and what happens to it across restarts and crashes.
const TYPE = 995;
const policy = { kind: 'export', permission: 'orgStaff:view' } as const;

let bed: Awaited<ReturnType<typeof createTaskTestBed>>;
beforeEach(async () => {
  bed = await createTaskTestBed();
});
afterEach(async () => bed?.close());

function registry(handler: TaskHandler) {
  const reg = new TaskHandlerRegistry();
  reg.register(TYPE, handler, policy);
  return reg;
}

async function startWith(handler: TaskHandler, events: TaskFinishedEvent[] = [], config = {}) {
  return bed.start({ taskHandlers: registry(handler), onTaskFinished: (e) => void events.push(e) }, config);
}

async function staff() {
  const { tenantId } = await makeTenant(bed.db);
  return { tenantId, ...(await makeStaff(bed.db, tenantId, ['orgStaff:view'])) };
}

async function createExport(app: Awaited<ReturnType<typeof startWith>>, token: string, params = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/task-center/api/v1/tasks:export',
    headers: { 'x-session-token': token },
    payload: { operating_type: TYPE, params },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id as number;
}

const taskRow = (id: number) =>
  bed.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('task runs', () => {
  it('fails a task with the handler’s own Chinese message and tells onTaskFinished', async () => {
    const events: TaskFinishedEvent[] = [];
    const app = await startWith(async (ctx) => {
      await ctx.progress({ success_amount: 2, fail_amount: 1 });
      throw taskFailure('没有符合条件的数据');
    }, events);
    const me = await staff();
    const id = await createExport(app, me.token);
    const task = await waitForTask(app, me.token, id);
    expect(task).toMatchObject({
      status: 2,
      error_msg: '没有符合条件的数据',
      success_amount: 2,
      fail_amount: 1,
    });
    await waitFor(() => events.length === 1);
    expect(events[0]).toMatchObject({
      taskId: id,
      tenantId: me.tenantId,
      creatorStaffId: me.staffId,
      creatorUserId: me.userId,
      operatingType: TYPE,
      status: 2,
      errorMsg: '没有符合条件的数据',
      successAmount: 2,
      failAmount: 1,
    });
  });

  it('fails a task whose handler throws unexpectedly with a generic message, never the raw error', async () => {
    const app = await startWith(async () => {
      throw new Error('SELECT secret FROM somewhere');
    });
    const me = await staff();
    const id = await createExport(app, me.token);
    const task = await waitForTask(app, me.token, id);
    expect(task.status).toBe(2);
    expect(task.error_msg).toBe('任务执行失败，请稍后重试');
    expect(JSON.stringify(task)).not.toContain('secret');
  });

  it('passes the client’s params and reports success with counts to onTaskFinished', async () => {
    const events: TaskFinishedEvent[] = [];
    const app = await startWith(async (ctx) => {
      const p = ctx.task.params as { dept_id: number };
      return { success_amount: p.dept_id, fail_amount: 0 };
    }, events);
    const me = await staff();
    const id = await createExport(app, me.token, { dept_id: 42 });
    const task = await waitForTask(app, me.token, id);
    expect(task).toMatchObject({ status: 1, success_amount: 42, export_attachment: null });
    await waitFor(() => events.length === 1);
    expect(events[0]).toMatchObject({ taskId: id, status: 1, successAmount: 42, errorMsg: null });
  });

  it('persists progress while running and resumes from the checkpoint after a restart', async () => {
    const me = await staff();
    const reached = deferred();
    const first = await startWith(async (ctx) => {
      await ctx.progress({ success_amount: 500, fail_amount: 3, checkpoint: { nextRow: 504 } });
      reached.resolve();
      await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
      return { success_amount: 0, fail_amount: 0 };
    });
    const id = await createExport(first, me.token);
    await reached.promise;
    const mid = await taskRow(id);
    expect(mid).toMatchObject({
      status: 0,
      success_amount: 500,
      fail_amount: 3,
      checkpoint: '{"nextRow":504}',
    });

    // The server stops while the task runs; the next server picks it up where it stopped.
    await first.close();
    expect((await taskRow(id)).status).toBe(0);
    const seen: unknown[] = [];
    const second = await startWith(async (ctx) => {
      seen.push(ctx.checkpoint);
      const from = (ctx.checkpoint as { nextRow: number }).nextRow;
      return { success_amount: 500 + (1000 - from + 1), fail_amount: 3 };
    });
    const task = await waitForTask(second, me.token, id);
    expect(task).toMatchObject({ status: 1, success_amount: 997, fail_amount: 3 });
    expect(seen).toEqual([{ nextRow: 504 }]);
  });

  it('fails a task whose worker crashed once too often, instead of leaving it running', async () => {
    const me = await staff();
    // A server without a worker accepts the task; its job waits.
    const web = await startWith(async () => ({ success_amount: 1, fail_amount: 0 }), [], {
      jobWorker: false,
    });
    const id = await createExport(web, me.token);
    // Every attempt was started by a worker that then died: the job is running under an expired lease.
    if (bed.dialect === 'postgres') {
      const job = sql.id(`pgboss_${bed.schema}`, 'job');
      await sql`update ${job} set state = 'active', retry_count = retry_limit, started_on = now() - interval '2 hours'
                where name = ${TASK_JOB}`.execute(bed.db);
    } else {
      await bed.db
        .updateTable('jobs')
        .set({ state: 'running', attempts: sql`retry_limit + 1`, locked_by: 'dead-worker', locked_until: 1 })
        .where('name', '=', TASK_JOB)
        .execute();
    }
    await web.close();

    const events: TaskFinishedEvent[] = [];
    let ran = 0;
    const worker = await startWith(async () => {
      ran++;
      return { success_amount: 1, fail_amount: 0 };
    }, events);
    const task = await waitForTask(worker, me.token, id);
    expect(task).toMatchObject({ status: 2, error_msg: '任务执行失败，请稍后重试' });
    expect(ran).toBe(0);
    await waitFor(() => events.length === 1);
    expect(events[0]).toMatchObject({ taskId: id, status: 2 });
  });

  it('creates the task row and its job together: no job without a task', async () => {
    const app = await startWith(async () => ({ success_amount: 0, fail_amount: 0 }), [], {
      jobWorker: false,
    });
    const me = await staff();
    const id = await createExport(app, me.token);
    if (bed.dialect === 'sqlite') {
      const jobs = await bed.db.selectFrom('jobs').select('payload').where('name', '=', TASK_JOB).execute();
      expect(jobs.map((j) => JSON.parse(j.payload))).toEqual([{ tenantId: me.tenantId, taskId: id }]);
    } else {
      const { rows } = await sql<{ data: unknown }>`
        select data from ${sql.id(`pgboss_${bed.schema}`, 'job')} where name = ${TASK_JOB}`.execute(bed.db);
      expect(rows.map((r) => r.data)).toEqual([{ tenantId: me.tenantId, taskId: id }]);
    }
  });
});
