import type { Kysely } from 'kysely';
import {
  Category,
  CategoryLabel,
  SceneContent,
  SceneRuleTypeStatus,
  visibleRuleTypeGroups,
  type RuleKey,
  type SceneContent as SceneContentT,
  type SceneRuleTypeGroup,
} from '@feikong/contracts';

/**
 * The rule components each category offers (spec 3 "Scene rule type group": group, name, types(id, status)),
 * the "Rule defaults" a new rule starts from, and the preset scenes (scene_type 0) every tenant has.
 */

const BUSINESS: Partial<Record<number, RuleKey>> = {
  [Category.mall]: 'store',
  [Category.takeout]: 'takeout',
  [Category.store]: 'store',
  [Category.groupMeal]: 'takeout',
  [Category.car]: 'car',
  [Category.airplane]: 'airplane',
  [Category.train]: 'train',
  [Category.hotel]: 'hotel',
  [Category.medical]: 'medical',
};
const TRAVEL = new Set<number>([Category.car, Category.airplane, Category.train, Category.hotel]);

const E = SceneRuleTypeStatus.enabled;
const D = SceneRuleTypeStatus.disabled;

/** The full catalogue of a category, with the types it does not offer marked status 2 (hidden, spec 5). */
export function ruleTypeCatalogue(category: number): SceneRuleTypeGroup[] {
  const business = BUSINESS[category];
  const travel = TRAVEL.has(category);
  const t = (id: RuleKey, name: string, status: number = E) => ({ id, name, status });
  return [
    {
      group: 'base',
      name: '基础规则',
      types: [
        t('use_time', '可用时段', travel ? D : E),
        t('use_date', '可用日期'),
        t('order_number', '订单笔数'),
      ],
    },
    {
      group: 'amount',
      name: '金额规则',
      types: [
        t('order_amount', '单笔限额'),
        t('avg_amount', '人均限额', category === Category.groupMeal ? E : D),
        t('day_amount', '每日限额'),
        t('month_amount', '每月限额'),
        t('year_amount', '每年限额'),
      ],
    },
    {
      group: 'business',
      name: '业务规则',
      types: [
        t('takeout', '外卖规则', business === 'takeout' ? E : D),
        t('store', '到店规则', business === 'store' ? E : D),
        t('car', '用车规则', business === 'car' ? E : D),
        t('airplane', '机票规则', business === 'airplane' ? E : D),
        t('train', '火车票规则', business === 'train' ? E : D),
        t('hotel', '酒店规则', business === 'hotel' ? E : D),
        t('medical', '医疗规则', business === 'medical' ? E : D),
        t('bus', '公交规则', category === Category.traffic ? E : D),
        t('subway', '地铁规则', category === Category.traffic ? E : D),
      ],
    },
    {
      group: 'control',
      name: '管控规则',
      types: [t('apply', '申请规则'), t('report', '报销规则'), t('control_mode', '管控方式', travel ? E : D)],
    },
    {
      group: 'notify',
      name: '消息通知',
      types: [t('notify_message', '消息通知'), t('notify_email', '邮件通知')],
    },
  ];
}

/** What the rule-type picker shows: status 2 hidden, empty groups dropped. */
export function visibleRuleTypes(category: number) {
  return visibleRuleTypeGroups(ruleTypeCatalogue(category));
}

/** A new scene's content: the category's business rule at its defaults, for everyone, no limits. */
export function defaultContent(category: number): SceneContentT {
  const business = BUSINESS[category];
  return SceneContent.parse({
    info: {},
    rules: business ? { [business]: {} } : {},
    scope: { all: true },
  });
}

export const PRESETS: { name: string; category: number }[] = [
  { name: '外卖', category: Category.takeout },
  { name: '用车', category: Category.car },
  { name: '机票', category: Category.airplane },
  { name: '火车票', category: Category.train },
  { name: '酒店', category: Category.hotel },
  { name: '商城', category: Category.mall },
  { name: '到店', category: Category.store },
  { name: '医疗健康', category: Category.medical },
];
export const presetDescription = (category: number) => `系统预置的${CategoryLabel[category as Category]}场景`;

/**
 * The preset scenes (scene_type 0) of one tenant: published as version 1 at their defaults, closed, for
 * everyone; a name the tenant already uses is left alone. Called by the tenant-creation path and, for the
 * tenants that existed before, by migration 20261128T0600_scenes_presets.
 */
export async function seedPresetScenes(db: Kysely<any>, tenantId: number, by: number, now: number) {
  const taken = new Set(
    (
      await db
        .selectFrom('scenes')
        .select('name')
        .where('tenant_id', '=', tenantId)
        .where('deleted_at', 'is', null)
        .execute()
    ).map((r) => r.name as string),
  );
  for (const p of PRESETS) {
    if (taken.has(p.name)) continue;
    const row = await db
      .insertInto('scenes')
      .values({
        tenant_id: tenantId,
        name: p.name,
        scene_type: 0,
        category: p.category,
        status: 1,
        description: presetDescription(p.category),
        enabled: 0,
        draft: null,
        current_version: 1,
        created_by: by,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('scene_versions')
      .values({
        tenant_id: tenantId,
        scene_id: Number(row.id),
        version: 1,
        content: JSON.stringify(defaultContent(p.category)),
        published_at: now,
        published_by: by,
      })
      .execute();
  }
}
