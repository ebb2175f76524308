import {
  QUOTA_IMPORT_COLUMNS,
  QuotaExportParams,
  QuotaImportParams,
  ReleaseSource,
  ReleaseType,
  TaskOperatingType,
  formatMoney,
  yuanToCents,
} from '@feikong/contracts';
import { taskFailure, type TaskResult, type TaskRunContext } from '../../../platform/tasks.js';
import type { AppServices } from '../../../platform/types.js';
import { readFirstSheet, withLocalCopy, XlsxFormatError } from '../../../platform/xlsx/reader.js';
import { writeSheet } from '../../../platform/xlsx/writer.js';
import { staffIdByPhone, staffByUserIds } from '../../org/index.js';
import { checkMode, createRelease, runRelease } from './quota.release.js';
import { checkValidity, grantSpecOf } from './quota.validity.js';

/**
 * 额度发放's background tasks: 13 额度发放明细导出 (one run's lines as .xlsx) and 131 额度发放导入 (an .xlsx of
 * 手机号, 发放金额（元） and 场景: the good rows become one run per scene with release source 2 import, each bad row is
 * reported with its reason in the failure file). A re-run after a crash finds the same run by its key
 * `import:<taskId>:<sceneId>` and resumes it: nobody is paid twice.
 */

const fmtTime = (ms: number | null) =>
  ms === null ? '' : new Date(Number(ms) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

export const QUOTA_EXPORT_COLUMNS = [
  '姓名',
  '手机号',
  '场景',
  '应发金额（元）',
  '实发金额（元）',
  '状态',
  '发放时间',
];

async function exportLines(ctx: TaskRunContext): Promise<TaskResult> {
  const p = QuotaExportParams.safeParse(ctx.task.params ?? {});
  if (!p.success) throw taskFailure('导出条件不正确：请选择发放记录');
  const { tenantId } = ctx.task;
  const rel = await ctx.db
    .selectFrom('quota_releases as r')
    .leftJoin('scenes as s', 's.id', 'r.scene_id')
    .select(['r.id', 's.name as scene_name'])
    .where('r.tenant_id', '=', tenantId)
    .where('r.id', '=', p.data.release_id)
    .executeTakeFirst();
  if (!rel) throw taskFailure('发放记录不存在或已被删除');
  let count = 0;
  async function* pages() {
    let after = 0;
    for (;;) {
      const lines = await ctx.db
        .selectFrom('quota_release_lines')
        .select(['id', 'user_id', 'amount', 'granted', 'done_at'])
        .where('tenant_id', '=', tenantId)
        .where('release_id', '=', rel!.id)
        .where('id', '>', after)
        .orderBy('id')
        .limit(2000)
        .execute();
      if (lines.length === 0) return;
      after = lines[lines.length - 1]!.id;
      const names = await staffByUserIds(
        ctx.db,
        tenantId,
        lines.map((l) => l.user_id),
      );
      count += lines.length;
      yield lines.map((l) => [
        names.get(l.user_id)?.name ?? '',
        names.get(l.user_id)?.phone ?? '',
        rel!.scene_name ?? '',
        formatMoney(l.amount),
        l.granted === null ? '' : formatMoney(l.granted),
        l.done_at === null ? '待发放' : '已发放',
        fmtTime(l.done_at),
      ]);
    }
  }
  const attachment = await ctx.saveOutput(ctx.task.fileName || '额度发放明细.xlsx', (out) =>
    writeSheet(out, '额度发放明细', QUOTA_EXPORT_COLUMNS, pages()),
  );
  await ctx.progress({ success_amount: count, fail_amount: 0 });
  return { success_amount: count, fail_amount: 0, attachment };
}

async function importLines(ctx: TaskRunContext): Promise<TaskResult> {
  const parsed = QuotaImportParams.safeParse(ctx.task.params ?? {});
  if (!parsed.success) throw taskFailure(`导入条件不正确：${parsed.error.issues[0]?.message ?? ''}`);
  const p = parsed.data;
  const { tenantId } = ctx.task;
  const now = Date.now();
  try {
    checkValidity(p, now);
    checkMode(p.release_mode, p.mode_limit, 1);
  } catch (e) {
    throw taskFailure((e as { msg?: string }).msg ?? '导入条件不正确');
  }
  if (!ctx.task.inputKey) throw taskFailure('请上传导入文件');
  const good = new Map<number, Map<number, number>>();
  const failures: [number, string, string, string, string][] = [];
  const scenes = new Map<string, number | null>();
  const seenPhones = new Set<string>();
  try {
    const input = await ctx.openInput(ctx.task.inputKey);
    for await (const { rowNumber, cells } of withLocalCopy(input, (file) =>
      readFirstSheet(file, QUOTA_IMPORT_COLUMNS.length),
    )) {
      if (rowNumber === 1) continue;
      const [phone = '', yuan = '', sceneName = ''] = cells;
      if (!phone && !yuan && !sceneName) continue;
      const fail = (why: string) => failures.push([rowNumber, phone, yuan, sceneName, why]);
      if (!scenes.has(sceneName)) {
        const row = await ctx.db
          .selectFrom('scenes')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('name', '=', sceneName)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        scenes.set(sceneName, row?.id ?? null);
      }
      const sceneId = scenes.get(sceneName) ?? null;
      if (sceneId === null) {
        fail('场景不存在');
        continue;
      }
      if (seenPhones.has(`${sceneId}:${phone}`)) {
        fail('同一场景下手机号在文件中重复');
        continue;
      }
      seenPhones.add(`${sceneId}:${phone}`);
      const amount = yuanToCents(yuan);
      if (amount === null || amount <= 0) {
        fail('发放金额须为大于 0 的数字（元）');
        continue;
      }
      const staffId = phone ? await staffIdByPhone(ctx.db, tenantId, phone) : undefined;
      const staff = staffId
        ? await ctx.db
            .selectFrom('staff')
            .select('user_id')
            .where('tenant_id', '=', tenantId)
            .where('id', '=', staffId)
            .where('status', '=', 1)
            .executeTakeFirst()
        : undefined;
      if (!staff) {
        fail('手机号不是本组织的在职员工');
        continue;
      }
      if (!good.has(sceneId)) good.set(sceneId, new Map());
      good.get(sceneId)!.set(staff.user_id, amount);
    }
  } catch (e) {
    if (e instanceof XlsxFormatError) throw taskFailure(e.message);
    throw e;
  }
  let paid = 0;
  for (const [sceneId, lines] of good) {
    const { id } = await ctx.db.transaction().execute((tx) =>
      createRelease(
        tx,
        {
          tenantId,
          sceneId,
          planId: null,
          fireKey: `import:${ctx.task.id}:${sceneId}`,
          releaseType: ReleaseType.manual,
          source: ReleaseSource.import,
          mode: p.release_mode,
          modeLimit: p.release_mode === 3 ? (p.mode_limit ?? null) : null,
          grant: grantSpecOf(p, now),
          memo: p.memo || '导入发放',
          createdBy: ctx.task.creatorUserId,
          lines: [...lines].map(([userId, amount]) => ({ userId, amount })),
        },
        now,
      ),
    );
    await runRelease(ctx.db, tenantId, id, Date.now);
    paid += lines.size;
  }
  let attachment: TaskResult['attachment'];
  if (failures.length > 0) {
    attachment = await ctx.saveOutput('额度发放导入失败明细.xlsx', (out) =>
      writeSheet(out, '失败明细', ['行号', ...QUOTA_IMPORT_COLUMNS, '失败原因'], [failures]),
    );
  }
  await ctx.progress({ success_amount: paid, fail_amount: failures.length });
  return { success_amount: paid, fail_amount: failures.length, attachment };
}

export function registerQuotaTasks(services: AppServices) {
  services.taskHandlers.register(TaskOperatingType.quotaReleaseDetailExport, exportLines);
  services.taskHandlers.register(TaskOperatingType.quotaReleaseImport, importLines);
}
