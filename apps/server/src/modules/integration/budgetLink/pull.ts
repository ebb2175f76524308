import { Cron } from 'croner';
import { TaskOperatingType } from '@feikong/contracts';
import type { JobLogger } from '../../../platform/jobs/index.js';
import { taskFailure, type TaskHandler } from '../../../platform/tasks.js';
import type { AppServices } from '../../../platform/types.js';
import { DEFAULT_TIME_ZONE } from '../../../platform/time/periods.js';
import { publishPulledTable } from '../../budget/index.js';
import { createModuleTask } from '../../tasks/index.js';
import { deliverDueEvents } from './push.js';
import { fetchTable, type LinkContext } from './remote.js';

/**
 * 拉取 (decision 0056): task 153 预算同步 fetches the external table of each linked budget of an interface and
 * publishes it as the budget's next version (budget's publishPulledTable: one transaction per budget, nothing
 * half-saved). A fetch or a table that fails changes the budget not at all; the link records why. Scheduled
 * pulls: each process's tick (every minute) claims the interfaces whose next_pull_at has come with one
 * conditional UPDATE and creates their task; the same tick delivers due outbox events through the job queue.
 */
export const TICK_JOB = 'integration.budget.tick';

export interface PullParams {
  interface_id: number;
}

export function budgetSyncHandler(link: LinkContext): TaskHandler {
  return async (ctx) => {
    const p = ctx.task.params as Partial<PullParams>;
    const interfaceId = Number(p?.interface_id);
    const tenantId = ctx.task.tenantId;
    const iface = await ctx.db
      .selectFrom('budget_interfaces')
      .select(['id', 'base_url', 'app_key', 'secret_enc'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', interfaceId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!iface) throw taskFailure('预算接口不存在或已被删除');
    const links = await ctx.db
      .selectFrom('budget_links')
      .select(['id', 'budget_id', 'external_code'])
      .where('tenant_id', '=', tenantId)
      .where('interface_id', '=', iface.id)
      .orderBy('id')
      .execute();
    const caller = {
      sessionId: 0,
      userId: ctx.task.creatorUserId,
      tenantId,
      staffId: ctx.task.creatorStaffId,
      perms: [],
    };
    let ok = 0;
    let bad = 0;
    for (const l of links) {
      if (ctx.signal.aborted) throw new Error('aborted');
      const got = await fetchTable(link, iface, l.external_code);
      let msg: string;
      let version: number | null = null;
      if (got.ok) {
        try {
          const r = await publishPulledTable(
            ctx.db,
            caller,
            Number(l.budget_id),
            got.table.nodes,
            link.clock(),
          );
          version = r.version;
          msg = `已发布为版本${r.version}`;
        } catch (err) {
          const m = (err as { msg?: unknown }).msg;
          if (typeof m !== 'string') throw err;
          msg = `外部预算表不能发布：${m}`;
        }
      } else msg = got.msg;
      const success = version !== null;
      if (success) ok++;
      else bad++;
      await ctx.db
        .updateTable('budget_links')
        .set({
          last_pull_at: link.clock(),
          last_pull_ok: success ? 1 : 0,
          last_pull_msg: msg.slice(0, 300),
          ...(success ? { pulled_version: version } : {}),
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', l.id)
        .execute();
      await ctx.progress({ success_amount: ok, fail_amount: bad });
    }
    return { success_amount: ok, fail_amount: bad };
  };
}

/** Claims the interfaces due for a scheduled pull and creates their tasks (as the last editor). */
export async function startDuePulls(services: AppServices, link: LinkContext) {
  const db = services.db;
  const now = link.clock();
  const due = await db
    .selectFrom('budget_interfaces')
    .select(['id', 'tenant_id', 'name', 'pull_interval', 'next_pull_at', 'updated_by', 'updated_by_user'])
    .where('deleted_at', 'is', null)
    .where('pull_interval', '>', 0)
    .where('next_pull_at', '<=', now)
    .limit(100)
    .execute();
  const started: number[] = [];
  for (const i of due) {
    const claimed = await db
      .updateTable('budget_interfaces')
      .set({ next_pull_at: now + i.pull_interval * 60_000 })
      .where('id', '=', i.id)
      .where('next_pull_at', '=', i.next_pull_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const links = await db
      .selectFrom('budget_links')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', i.tenant_id)
      .where('interface_id', '=', i.id)
      .executeTakeFirstOrThrow();
    if (Number(links.n) === 0) continue;
    const t = await createModuleTask(
      services,
      { tenantId: Number(i.tenant_id), staffId: Number(i.updated_by), userId: Number(i.updated_by_user) },
      {
        operatingType: TaskOperatingType.budgetSync,
        fileName: `预算同步-${i.name}`,
        params: { interface_id: Number(i.id) },
      },
    );
    started.push(t.id);
  }
  return started;
}

/** What one tick does: scheduled pulls, then the outbox. */
export async function budgetLinkTick(services: AppServices, link: LinkContext) {
  await startDuePulls(services, link);
  await deliverDueEvents(services.db, link);
}

/** Each process's minute timer: only enqueues the tick (one per minute across processes: singletonKey). */
export class BudgetLinkScheduler {
  private cron: Cron | null = null;
  constructor(
    private readonly services: AppServices,
    private readonly log: JobLogger,
  ) {}
  start() {
    this.cron = new Cron('* * * * *', { timezone: DEFAULT_TIME_ZONE, catch: true }, () => {
      const minute = Math.floor(Date.now() / 60_000) * 60_000;
      void this.services.jobs
        .enqueue(TICK_JOB, { at: minute }, { singletonKey: `budget-link-tick:${minute}`, retryLimit: 0 })
        .catch((err: unknown) => this.log.warn({ err }, '预算接口定时任务入队失败'));
    });
  }
  stop() {
    this.cron?.stop();
    this.cron = null;
  }
}
