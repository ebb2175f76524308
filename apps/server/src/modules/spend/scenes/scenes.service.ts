import {
  APPLY_TEMPLATE_CONTROLLED,
  CategoryLabel,
  RULE_KEY_LABEL,
  SceneContent,
  SceneStatusLabel,
  SceneTypeLabel,
  controlsDisabledByApplyTemplate,
  type Category,
  type MyScene,
  type RuleKey,
  type SceneAddBody,
  type SceneContent as SceneContentT,
  type SceneDetail,
  type SceneDraftBody,
  type SceneListQuery,
  type SceneRow,
  type SceneStatus,
  type SceneType,
} from '@feikong/contracts';
import type { Selectable } from 'kysely';
import type { ScenesTable } from '../../../db/schema.js';
import type { TenantCaller } from '../../../platform/context.js';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import { staffPlacement } from '../../org/index.js';
import { publishedScene } from './decider.js';
import { inScope } from './engine/compile.js';
import { defaultContent, ruleTypeCatalogue } from './presets.js';
import { scenesErrors } from './scenes.errors.js';
import { sceneStore } from './scenes.store.js';

/** 场景管理: list, add, detail, draft, publish, open/close, copy, delete; the staff member's own scenes. */

type Row = Selectable<ScenesTable>;

function toRow(r: Row): SceneRow {
  return {
    id: Number(r.id),
    name: r.name,
    scene_type: Number(r.scene_type),
    sceneTypeText: SceneTypeLabel[Number(r.scene_type) as SceneType] ?? '',
    category: Number(r.category),
    categoryText: CategoryLabel[Number(r.category) as Category] ?? '',
    status: Number(r.status),
    statusText: SceneStatusLabel[Number(r.status) as SceneStatus] ?? '',
    description: r.description,
    current_version: Number(r.current_version),
    hasDraft: r.draft !== null,
    updated_at: Number(r.updated_at),
  };
}

async function liveScene(db: Db, tenantId: number, id: number) {
  const r = await sceneStore.template(db, tenantId, id);
  if (!r) throw scenesErrors.sceneNotFound();
  return r;
}

export async function listScenes(db: Db, c: TenantCaller, q: SceneListQuery) {
  let base = db.selectFrom('scenes').where('tenant_id', '=', c.tenantId).where('deleted_at', 'is', null);
  if (q.name?.trim()) base = base.where('name', 'like', `%${q.name.trim().replace(/[%_\\]/g, '\\$&')}%`);
  if (q.category !== undefined) base = base.where('category', '=', q.category);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  if (q.scene_type !== undefined) base = base.where('scene_type', '=', q.scene_type);
  const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    // Custom scenes first, the last changed on top; then the presets in their seeded order.
    .orderBy('scene_type', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'asc')
    .limit(q.page_size)
    .offset((q.page_num - 1) * q.page_size)
    .execute();
  return { list: rows.map(toRow), total: Number(n) };
}

/**
 * The server side of the designer's rules: only the rule types the category offers; with a valid apply
 * template (spec 5) the controls it names stay off; a time-slot scene has its slots; scope ids are the
 * tenant's own.
 */
async function checkContent(db: Db, tenantId: number, category: number, content: SceneContentT) {
  const offered = new Map<string, number>();
  for (const g of ruleTypeCatalogue(category)) for (const t of g.types) offered.set(t.id, t.status);
  for (const key of Object.keys(content.rules) as RuleKey[]) {
    if (content.rules[key] === undefined) continue;
    if (offered.get(key) !== 1) {
      throw scenesErrors.badContent(
        `rules.${key}`,
        `${CategoryLabel[category as Category]}场景不支持${RULE_KEY_LABEL[key]}`,
      );
    }
  }
  if (controlsDisabledByApplyTemplate(content.info)) {
    const taken = APPLY_TEMPLATE_CONTROLLED.filter((k) => content.rules[k] !== undefined);
    if (taken.length) {
      throw scenesErrors.badContent(
        `rules.${taken[0]}`,
        `已关联申请模板，${taken.map((k) => RULE_KEY_LABEL[k]).join('、')}由申请单控制，不能在场景中设置`,
      );
    }
  }
  if (content.info.use_time === 1 && !content.rules.use_time) {
    throw scenesErrors.badContent('rules.use_time', '已开启可用时段，请填写时段');
  }
  for (const s of content.rules.use_time?.slots ?? []) {
    if (s.start === s.end)
      throw scenesErrors.badContent('rules.use_time', `时段 ${s.start}–${s.end} 的开始与结束不能相同`);
  }
  for (const r of content.rules.use_date?.ranges ?? []) {
    if (r.start > r.end) throw scenesErrors.badContent('rules.use_date', `日期 ${r.start} 晚于 ${r.end}`);
  }
  const s = content.scope;
  if (
    !s.all &&
    !s.orgIds.length &&
    !s.deptIds.length &&
    !s.gradeIds.length &&
    !s.groupIds.length &&
    !s.staffIds.length
  ) {
    throw scenesErrors.badContent('scope', '请选择适用人员');
  }
  const own = async (
    table: 'organizations' | 'departments' | 'job_grades' | 'user_groups' | 'staff',
    ids: number[],
    field: string,
    label: string,
  ) => {
    const unique = [...new Set(ids)];
    if (!unique.length) return;
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', unique)
      .execute();
    if (rows.length !== unique.length) throw scenesErrors.badContent(`scope.${field}`, `${label}不存在`);
  };
  await own('organizations', s.orgIds, 'orgIds', '适用组织');
  await own('departments', s.deptIds, 'deptIds', '适用部门');
  await own('job_grades', s.gradeIds, 'gradeIds', '适用职级');
  await own('user_groups', s.groupIds, 'groupIds', '适用用户组');
  await own('staff', s.staffIds, 'staffIds', '适用人员');
}

export async function addScene(db: Db, c: TenantCaller, body: SceneAddBody, now: number) {
  const content = body.content ?? defaultContent(body.category);
  await checkContent(db, c.tenantId, body.category, content);
  return inTransaction(db, async (trx) => {
    if (await sceneStore.nameTaken(trx, c.tenantId, body.name)) throw scenesErrors.nameTaken(body.name);
    const id = await sceneStore.create(
      trx,
      c.tenantId,
      {
        name: body.name,
        scene_type: 1,
        category: body.category,
        status: 1,
        description: body.description,
        draft: JSON.stringify(content),
        created_by: c.staffId,
      },
      now,
    );
    return sceneDetail(trx, c, id);
  });
}

export async function sceneDetail(db: Db, c: TenantCaller, id: number): Promise<SceneDetail> {
  const r = await liveScene(db, c.tenantId, id);
  const version = Number(r.current_version);
  const publishedText = version > 0 ? await sceneStore.content(db, c.tenantId, id, version) : undefined;
  const published = publishedText ? SceneContent.parse(JSON.parse(publishedText)) : null;
  const content = r.draft
    ? SceneContent.parse(JSON.parse(r.draft))
    : (published ?? defaultContent(Number(r.category)));
  return {
    ...toRow(r),
    content,
    published,
    versions: await sceneStore.versions(db, c.tenantId, id),
    controlsDisabled: controlsDisabledByApplyTemplate(content.info),
  };
}

export async function saveDraft(db: Db, c: TenantCaller, body: SceneDraftBody, now: number) {
  const r = await liveScene(db, c.tenantId, body.id);
  await checkContent(db, c.tenantId, Number(r.category), body.content);
  return inTransaction(db, async (trx) => {
    if (body.name !== undefined && body.name !== r.name) {
      if (await sceneStore.nameTaken(trx, c.tenantId, body.name, body.id))
        throw scenesErrors.nameTaken(body.name);
    }
    await sceneStore.update(
      trx,
      c.tenantId,
      body.id,
      {
        draft: JSON.stringify(body.content),
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
      },
      now,
    );
    return sceneDetail(trx, c, body.id);
  });
}

/**
 * Publishes the draft (or, with none, the current content again) as version n+1. Two publishes at once
 * queue on the scene row (the store's UPDATE … current_version + 1) and get n+1 and n+2.
 */
export async function publishScene(db: Db, c: TenantCaller, id: number, now: number) {
  const r = await liveScene(db, c.tenantId, id);
  let text = r.draft;
  if (text === null && Number(r.current_version) > 0) {
    text = (await sceneStore.content(db, c.tenantId, id, Number(r.current_version))) ?? null;
  }
  const content = text ? SceneContent.parse(JSON.parse(text)) : defaultContent(Number(r.category));
  await checkContent(db, c.tenantId, Number(r.category), content);
  const json = JSON.stringify(content);
  const version = await sceneStore.publish(db, c.tenantId, id, { content: () => json, by: c.staffId, now });
  if (version === null) throw scenesErrors.sceneNotFound();
  return { id, version };
}

/** 开启 / 关闭: only a published scene can be opened. */
export async function setSceneStatus(db: Db, c: TenantCaller, id: number, status: number, now: number) {
  const r = await liveScene(db, c.tenantId, id);
  if (status === 2 && Number(r.current_version) === 0) throw scenesErrors.notPublished();
  await sceneStore.update(db, c.tenantId, id, { status, enabled: status === 2 ? 1 : 0 }, now);
  return sceneDetail(db, c, id);
}

export async function copyScene(db: Db, c: TenantCaller, id: number, name: string | undefined, now: number) {
  const newId = await sceneStore.copy(db, c.tenantId, id, { name, by: c.staffId, now });
  if (newId === undefined) throw scenesErrors.sceneNotFound();
  if (newId === null) throw scenesErrors.nameTaken(name ?? '');
  return sceneDetail(db, c, newId);
}

/** Custom scenes only; presets are opened/closed and edited, never deleted. */
export async function deleteScene(db: Db, c: TenantCaller, id: number, now: number) {
  const r = await liveScene(db, c.tenantId, id);
  if (Number(r.scene_type) === 0) throw scenesErrors.presetNotDeletable();
  await sceneStore.update(db, c.tenantId, id, { deleted_at: now, status: 1, enabled: 0 }, now);
  return null;
}

/** The opened, published scenes whose scope holds the staff member, with their rules in words. */
export async function scenesForUser(db: Db, tenantId: number, staffId: number): Promise<MyScene[]> {
  const placement = await staffPlacement(db, tenantId, staffId);
  if (!placement) return [];
  const rows = await db
    .selectFrom('scenes')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 2)
    .where('current_version', '>', 0)
    .where('deleted_at', 'is', null)
    .orderBy('category')
    .orderBy('id')
    .execute();
  const out: MyScene[] = [];
  for (const { id } of rows) {
    const found = await publishedScene(db, tenantId, Number(id));
    if (!found.ok || !inScope(found.scene, staffId, placement)) continue;
    const s = found.scene;
    out.push({
      id: s.sceneId,
      name: s.name,
      category: s.category,
      categoryText: s.categoryText,
      version: s.version,
      summary: s.summary,
    });
  }
  return out;
}
