import { Cron } from 'croner';
import { ReleaseType, type QuotaSchedule } from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import { DEFAULT_TIME_ZONE } from '../../../platform/time/periods.js';
import type { JobLogger, JobQueue } from '../../../platform/jobs/index.js';

/**
 * Scheduling (decision 0042): croner fires at each plan's time in the tenant's zone and only ENQUEUES a
 * job; the queue (singletonKey per plan and fire time) and the run's unique fire key make it happen once,
 * however many server processes fire. Each process re-reads the plans every minute, so a plan edited in
 * another process is picked up; expiry and clear-up are a job enqueued every minute the same way.
 */

export const PLAN_JOB = 'quota.plan.fire';
export const EXPIRE_JOB = 'quota.expire';

export interface PlanFirePayload {
  tenantId: number;
  planId: number;
  /** The scheduled instant (epoch ms, whole minute): the same in every process. */
  fireAt: number;
}

/** The croner pattern of a schedule, or a Date for a one-off; null when the plan does not fire by time. */
export function cronOf(releaseType: number, s: QuotaSchedule | null): string | Date | null {
  if (!s) return null;
  if (releaseType !== ReleaseType.period && releaseType !== ReleaseType.day) return null;
  if (s.unit === 'once') return s.at === undefined ? null : new Date(s.at);
  const [h, m] = s.time.split(':').map(Number);
  if (s.unit === 'day') return `${m} ${h} * * *`;
  if (s.unit === 'week') return `${m} ${h} * * ${s.day % 7}`;
  return `${m} ${h} ${s.day} * *`;
}

export function nextRunOf(releaseType: number, s: QuotaSchedule | null, after = Date.now()): number | null {
  const pattern = cronOf(releaseType, s);
  if (pattern === null) return null;
  if (pattern instanceof Date) return pattern.getTime() > after ? pattern.getTime() : null;
  const next = new Cron(pattern, { timezone: DEFAULT_TIME_ZONE, paused: true }).nextRun(new Date(after));
  return next ? next.getTime() : null;
}

export function scheduleText(releaseType: number, s: QuotaSchedule | null): string {
  if (!s || cronOf(releaseType, s) === null) return '—';
  if (s.unit === 'once') return '指定日期';
  if (s.unit === 'day') return `每天 ${s.time}`;
  if (s.unit === 'week') return `每周${'一二三四五六日'[s.day - 1]} ${s.time}`;
  return `每月${s.day}日 ${s.time}`;
}

/** Enqueues one plan's run for one fire time: what the timer calls (and tests call to fire by hand). */
export function enqueuePlanFire(jobs: JobQueue, p: PlanFirePayload) {
  return jobs.enqueue<PlanFirePayload>(PLAN_JOB, p, { singletonKey: `quota-plan:${p.planId}:${p.fireAt}` });
}

/** Each process's timers: one Cron per enabled timed plan, re-read every minute. */
export class QuotaScheduler {
  private timers = new Map<number, { sig: string; cron: Cron }>();
  private tick: Cron | null = null;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly log: JobLogger,
  ) {}

  async start() {
    await this.sync();
    this.tick = new Cron('* * * * *', { timezone: DEFAULT_TIME_ZONE, catch: true }, () => {
      const minute = Math.floor(Date.now() / 60_000) * 60_000;
      void this.jobs
        .enqueue(EXPIRE_JOB, { at: minute }, { singletonKey: `quota-expire:${minute}` })
        .catch((err: unknown) => this.log.warn({ err }, '额度过期任务入队失败'));
      void this.sync().catch((err: unknown) => this.log.warn({ err }, '额度发放计划同步失败'));
    });
  }

  /** Starts, replaces or stops timers so they match the enabled plans. */
  async sync() {
    const plans = await this.db
      .selectFrom('quota_plans')
      .select(['id', 'tenant_id', 'release_type', 'schedule', 'updated_at'])
      .where('enabled', '=', 1)
      .where('deleted_at', 'is', null)
      .execute();
    const seen = new Set<number>();
    for (const p of plans) {
      const schedule = JSON.parse(p.schedule) as QuotaSchedule | null;
      const pattern = cronOf(p.release_type, schedule);
      if (pattern === null) continue;
      if (pattern instanceof Date && pattern.getTime() <= Date.now()) continue;
      seen.add(p.id);
      const sig = `${p.updated_at}`;
      if (this.timers.get(p.id)?.sig === sig) continue;
      this.timers.get(p.id)?.cron.stop();
      const cron = new Cron(pattern, { timezone: DEFAULT_TIME_ZONE, catch: true }, (self: Cron) => {
        const run = self.currentRun()?.getTime() ?? Date.now();
        const fireAt = Math.round(run / 60_000) * 60_000;
        void enqueuePlanFire(this.jobs, { tenantId: p.tenant_id, planId: p.id, fireAt }).catch(
          (err: unknown) => this.log.warn({ err, planId: p.id }, '额度发放入队失败'),
        );
      });
      this.timers.set(p.id, { sig, cron });
    }
    for (const [id, t] of this.timers) {
      if (!seen.has(id)) {
        t.cron.stop();
        this.timers.delete(id);
      }
    }
  }

  stop() {
    this.tick?.stop();
    for (const t of this.timers.values()) t.cron.stop();
    this.timers.clear();
  }
}
