import { Cron } from 'croner';
import type { JobLogger } from '../../../platform/jobs/index.js';
import { DEFAULT_TIME_ZONE } from '../../../platform/time/periods.js';
import type { AppServices } from '../../../platform/types.js';
import { startSync, type SyncContext } from './runner.js';

export const SYNC_TICK_JOB = 'integration.directorySync.tick';

/**
 * The scheduled syncs: each enabled configuration with an interval is claimed when due (one conditional UPDATE
 * of next_sync_at, so one process of many starts it) and its sync started as its last editor. A sync still
 * running is skipped until the next slot.
 */
export async function startDueSyncs(services: AppServices, sc: SyncContext) {
  const now = sc.clock();
  const due = await services.db
    .selectFrom('platform_org_configs as c')
    .innerJoin('staff as s', 's.id', 'c.updated_by')
    .select(['c.id', 'c.tenant_id', 'c.updated_by', 's.user_id', 'c.next_sync_at', 'c.sync_interval'])
    .where('c.enabled', '=', 1)
    .where('c.next_sync_at', 'is not', null)
    .where('c.next_sync_at', '<=', now)
    .execute();
  let started = 0;
  for (const c of due) {
    const claimed = await services.db
      .updateTable('platform_org_configs')
      .set({ next_sync_at: now + c.sync_interval * 60_000 })
      .where('id', '=', c.id)
      .where('next_sync_at', '=', c.next_sync_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      await startSync(
        services,
        sc,
        { tenantId: Number(c.tenant_id), staffId: Number(c.updated_by), userId: Number(c.user_id) },
        Number(c.id),
        'schedule',
      );
      started++;
    } catch {
      // Running already: the next slot tries again.
    }
  }
  return started;
}

export class DirectorySyncScheduler {
  private cron: Cron | null = null;
  constructor(
    private readonly services: AppServices,
    private readonly log: JobLogger,
  ) {}
  start() {
    this.cron = new Cron('* * * * *', { timezone: DEFAULT_TIME_ZONE, catch: true }, () => {
      const minute = Math.floor(Date.now() / 60_000) * 60_000;
      void this.services.jobs
        .enqueue(
          SYNC_TICK_JOB,
          { at: minute },
          { singletonKey: `directory-sync-tick:${minute}`, retryLimit: 0 },
        )
        .catch((err: unknown) => this.log.warn({ err }, '通讯录同步定时任务入队失败'));
    });
  }
  stop() {
    this.cron?.stop();
    this.cron = null;
  }
}
