import type { Decision } from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import { DEFAULT_TIME_ZONE } from '../../../platform/time/periods.js';
import { staffPlacement } from '../../org/index.js';
import type { SpendDecider, SpendRequest, SpendUsage } from '../decision.js';
import { cachedCompileAsync, inScope, type CompiledScene } from './engine/compile.js';
import { decide, refusal } from './engine/decide.js';
import { sceneStore } from './scenes.store.js';

/** Whether the tenant has this scene (not deleted): a card batch may name it. */
export async function sceneExists(db: Db, tenantId: number, sceneId: number) {
  const row = await db
    .selectFrom('scenes')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sceneId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The published version of a tenant's scene, compiled (once per version, cached). */
export async function publishedScene(
  db: Db,
  tenantId: number,
  sceneId: number,
): Promise<
  | { ok: true; scene: CompiledScene; status: number }
  | { ok: false; version: number; code: string; message: string }
> {
  const row = await db
    .selectFrom('scenes')
    .select(['id', 'name', 'category', 'status', 'current_version'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sceneId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return { ok: false, version: 0, code: 'SCENE_NOT_FOUND', message: '场景不存在或已被删除' };
  const version = Number(row.current_version);
  if (version === 0)
    return { ok: false, version, code: 'SCENE_NOT_PUBLISHED', message: `场景「${row.name}」尚未发布` };
  const scene = await cachedCompileAsync(
    { tenantId, sceneId, version, name: row.name, category: Number(row.category) },
    () => sceneStore.content(db, tenantId, sceneId, version),
  );
  if (!scene)
    return { ok: false, version, code: 'SCENE_NOT_PUBLISHED', message: `场景「${row.name}」尚未发布` };
  return { ok: true, scene, status: Number(row.status) };
}

/**
 * The scenes area's door (spend/decision.ts SpendDecider): loads the published version of the spend's scene
 * for the tenant, checks the scene is opened and the staff member (spend.userId = staff id) is in its scope,
 * then the engine decides. Anything else is a refusal with a voice saying why.
 */
export const sceneDecider: SpendDecider = {
  async decide(db: Db, spend: SpendRequest, usage: SpendUsage): Promise<Decision> {
    const found = await publishedScene(db, spend.tenantId, spend.sceneId);
    if (!found.ok) return refusal(spend, found.version, 'scene', found.code, found.message);
    const { scene } = found;
    if (found.status !== 2) {
      return refusal(spend, scene.version, 'scene', 'SCENE_CLOSED', `场景「${scene.name}」未开启`);
    }
    // Always read: the spender must be active staff of the tenant even when the scene is for everyone.
    const placement = await staffPlacement(db, spend.tenantId, spend.userId);
    if (!placement || !inScope(scene, spend.userId, placement)) {
      return refusal(
        spend,
        scene.version,
        'scope',
        'OUT_OF_SCOPE',
        `您不在场景「${scene.name}」的适用范围内`,
      );
    }
    return decide(scene, spend, usage, DEFAULT_TIME_ZONE);
  },
};
