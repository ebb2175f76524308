import { JumpPageTypeLabel, type JumpPageType, type MobileBanner } from '@feikong/contracts';
import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import type { AppServices } from '../../platform/types.js';
import { isTenantKey, signedFileUrl } from '../files/index.js';
import { logOp } from '../org/index.js';
import { baseErrors } from './base.errors.js';
import * as repo from './banner.repo.js';

/**
 * 移动端设置 · 轮播图 (decision 0060): the tenant's mobile banners. The image is a file key of the tenant that
 * exists in storage (uploaded through the files module); the jump page type is spec §3's (1–5) and the target
 * says where (required except for 展示页). Each change is in the operation log (module `mobileSetting`).
 */
const LOG = 'mobileSetting';

function out(deps: AppServices, tenantId: number, b: repo.BannerRow): MobileBanner {
  return {
    ...b,
    jumpTypeText: JumpPageTypeLabel[b.jump_type as JumpPageType] ?? '',
    image_url: signedFileUrl(deps, tenantId, b.image_key, { fileName: 'banner', expiresInS: 3600 }),
  };
}

export async function listBanners(deps: AppServices, caller: TenantCaller, enabledOnly: boolean) {
  const rows = await repo.banners(deps.db, caller.tenantId, enabledOnly);
  return { items: rows.map((b) => out(deps, caller.tenantId, b)) };
}

export interface BannerInput {
  id?: number;
  title: string;
  image_key: string;
  jump_type: number;
  jump_target: string;
  sort: number;
  enabled: 0 | 1;
}

export async function saveBanner(
  deps: AppServices,
  caller: TenantCaller,
  input: BannerInput,
  now = Date.now(),
) {
  const key = input.image_key;
  if (!isTenantKey(caller.tenantId, key) || (await deps.storage.stat(key)) === null)
    throw baseErrors.badImage();
  const values = {
    title: input.title,
    image_key: key,
    jump_type: input.jump_type,
    jump_target: input.jump_target,
    sort: input.sort,
    enabled: input.enabled,
  };
  return deps.db.transaction().execute(async (trx: Db) => {
    let id: number;
    if (input.id === undefined) id = await repo.insertBanner(trx, caller.tenantId, values, now);
    else {
      if (!(await repo.bannerById(trx, caller.tenantId, input.id))) throw baseErrors.bannerNotFound();
      await repo.updateBanner(trx, caller.tenantId, input.id, values, now);
      id = input.id;
    }
    await logOp(
      trx,
      caller,
      {
        module: LOG,
        action: input.id === undefined ? 'create' : 'update',
        targetType: 'mobileBanner',
        targetId: id,
        summary: `${input.id === undefined ? '新增' : '修改'}轮播图「${input.title}」`,
        after: values,
      },
      now,
    );
    return { id };
  });
}

export async function setBannerStatus(
  db: Db,
  caller: TenantCaller,
  input: { id: number; enabled: 0 | 1 },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const b = await repo.bannerById(trx, caller.tenantId, input.id);
    if (!b) throw baseErrors.bannerNotFound();
    await repo.updateBanner(trx, caller.tenantId, b.id, { enabled: input.enabled }, now);
    await logOp(
      trx,
      caller,
      {
        module: LOG,
        action: 'update',
        targetType: 'mobileBanner',
        targetId: b.id,
        summary: `${input.enabled ? '启用' : '停用'}轮播图「${b.title}」`,
      },
      now,
    );
    return { id: b.id };
  });
}

export async function deleteBanner(db: Db, caller: TenantCaller, id: number, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const b = await repo.bannerById(trx, caller.tenantId, id);
    if (!b) throw baseErrors.bannerNotFound();
    await repo.deleteBanner(trx, caller.tenantId, id);
    await logOp(
      trx,
      caller,
      {
        module: LOG,
        action: 'delete',
        targetType: 'mobileBanner',
        targetId: id,
        summary: `删除轮播图「${b.title}」`,
        before: { title: b.title, image_key: b.image_key },
      },
      now,
    );
    return { id };
  });
}
