import { z } from 'zod';
import { JumpPageType, JumpPageTypeLabel, type ValueOf } from '../enums.js';
import { pagedOf } from '../reply.js';
import { id, labelled, pageNum, pageSize, required, text } from '../requestFields.js';

export * from './enumRegistry.js';

/**
 * The base family (/finobase/api/v1/, spec 7.7 / 7.11 / §3; decision 0060): enumerations by name, tenant
 * dictionaries (数据字典: system ones read-only, tenant-defined ones editable) and 公告 (announcements written in
 * 设置中心, read on the workbench). Routes:
 * - GET enumList?keyWord=a,b / billEnumList?keyWord=… → EnumListReply (any staff)
 * - GET dictEnums?filter={"categoryCode":"x"} → DictEnumsReply: the enabled entries of a dictionary (any staff)
 * - GET dictTypes (DictTypeQuery → DictTypePage), POST dictType:create / dictType:update / dictType:delete
 * - GET dictItems (DictItemQuery → DictItemPage), POST dictItem:create / :update / :status / :delete
 * - GET announcements (AnnouncementQuery → AnnouncementPage, administrators), POST announcement:save /
 *   :publish / :withdraw / :delete; GET announcements:published (staff), GET announcement:detail?id=
 */

// ---------- enumerations ----------

export const EnumListQuery = z.object(
  labelled({ keyWord: required('枚举类型', 500).describe('枚举类型（keyWord，逗号分隔）') }),
);
const EnumItemSchema = z.object({ key: z.string(), value: z.string() });
export const EnumGroupSchema = z.object({ type: z.string(), items: z.array(EnumItemSchema) });
export const EnumListReply = z.object({ items: z.array(EnumGroupSchema) });
export type EnumListReply = z.infer<typeof EnumListReply>;

/** filter: a JSON string `{"categoryCode": "<code>"}` (spec 7.11). */
export const DictEnumsQuery = z.object(
  labelled({ filter: required('过滤条件', 500).describe('过滤条件（filter）') }),
);
export const DictEnumFilter = z.object({
  categoryCode: z.string('必须是文字').trim().min(1, '不能为空').max(40, '不能超过40个字符'),
});
/** dict_code / dict_desc as stored, and the same as key / value (spec §3). */
export const DictEnumItem = z.object({
  key: z.string(),
  value: z.string(),
  dict_code: z.string(),
  dict_desc: z.string(),
});
export type DictEnumItem = z.infer<typeof DictEnumItem>;
export const DictEnumsReply = z.object({ items: z.array(DictEnumItem) });
export type DictEnumsReply = z.infer<typeof DictEnumsReply>;

// ---------- dictionaries ----------

export const DICT_CODE_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{0,39}$/;
const categoryCode = z
  .string('不能为空')
  .trim()
  .regex(DICT_CODE_PATTERN, '须以字母开头，只含字母、数字和下划线，最多40个字符')
  .describe('字典编码');

/** 1 = system dictionary (seeded, read-only), 0 = defined by the tenant. */
export const DictSystem = { tenant: 0, system: 1 } as const;
export type DictSystem = ValueOf<typeof DictSystem>;
export const DictSystemLabel: Record<DictSystem, string> = { 0: '自定义', 1: '系统' };
export const DictEnabledLabel: Record<0 | 1, string> = { 0: '停用', 1: '启用' };

export const DictTypeQuery = z.object(
  labelled({ keyword: text('关键字', 50).optional(), page_num: pageNum, page_size: pageSize() }),
);
export const DictType = z.object({
  id: z.number(),
  category_code: z.string(),
  name: z.string(),
  system: z.number(),
  systemText: z.string(),
  item_count: z.number(),
  updated_at: z.number(),
});
export type DictType = z.infer<typeof DictType>;
export const DictTypePage = pagedOf(DictType);
export const DictTypeCreateBody = z.object(
  labelled({ category_code: categoryCode, name: required('字典名称', 30) }),
);
export const DictTypeUpdateBody = z.object(labelled({ id: id('字典ID'), name: required('字典名称', 30) }));
export const DictIdBody = (label: string) => z.object(labelled({ id: id(label) }));

export const DictItemQuery = z.object(
  labelled({
    type_id: id('字典ID'),
    keyword: text('关键字', 50).optional(),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export const DictItem = z.object({
  id: z.number(),
  type_id: z.number(),
  dict_code: z.string(),
  dict_desc: z.string(),
  sort: z.number(),
  enabled: z.number(),
  enabledText: z.string(),
  updated_at: z.number(),
});
export type DictItem = z.infer<typeof DictItem>;
export const DictItemPage = pagedOf(DictItem);
const sort = z.coerce
  .number('必须是数字')
  .int('必须是整数')
  .min(0, '不能为负数')
  .max(9999, '不能超过9999')
  .default(0)
  .describe('排序');
export const DictItemCreateBody = z.object(
  labelled({
    type_id: id('字典ID'),
    dict_code: required('字典项编码', 40),
    dict_desc: required('字典项名称', 50),
    sort,
  }),
);
export const DictItemUpdateBody = z.object(
  labelled({ id: id('字典项ID'), dict_desc: required('字典项名称', 50), sort }),
);
export const DictItemStatusBody = z.object(
  labelled({
    id: id('字典项ID'),
    enabled: z.union([z.literal(0), z.literal(1)], '取值为0或1').describe('状态'),
  }),
);
export const DictIdReply = z.object({ id: z.number() });

// ---------- 公告 ----------

export const AnnouncementStatus = { draft: 1, published: 2, withdrawn: 3 } as const;
export type AnnouncementStatus = ValueOf<typeof AnnouncementStatus>;
export const AnnouncementStatusLabel: Record<AnnouncementStatus, string> = {
  1: '草稿',
  2: '已发布',
  3: '已撤回',
};

export const AnnouncementQuery = z.object(
  labelled({
    keyword: text('关键字', 50).optional(),
    status: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(1, '取值为1、2或3')
      .max(3, '取值为1、2或3')
      .optional()
      .describe('状态'),
    page_num: pageNum,
    page_size: pageSize(),
  }),
);
export const PublishedAnnouncementQuery = z.object(
  labelled({ page_num: pageNum, page_size: pageSize(50, 10) }),
);
export const Announcement = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  status: z.number(),
  statusText: z.string(),
  /** epoch ms; 0 = never published. */
  publish_time: z.number(),
  author_name: z.string(),
  updated_at: z.number(),
});
export type Announcement = z.infer<typeof Announcement>;
export const AnnouncementPage = pagedOf(Announcement);
export const AnnouncementSaveBody = z.object(
  labelled({
    id: id('公告ID').optional(),
    title: required('公告标题', 60),
    content: required('公告内容', 5000),
  }),
);
export const AnnouncementIdQuery = z.object(labelled({ id: id('公告ID') }));

// ---------- 移动端设置 · 轮播图 ----------

const JUMP_TYPES = Object.values(JumpPageType);
/** A banner of the mobile home: image (a file key of the tenant), where a tap goes (spec §3 jump page type). */
export const MobileBanner = z.object({
  id: z.number(),
  title: z.string(),
  image_key: z.string(),
  /** A signed download URL of the image (short-lived). */
  image_url: z.string(),
  jump_type: z.number(),
  jumpTypeText: z.string(),
  jump_target: z.string(),
  sort: z.number(),
  enabled: z.number(),
  updated_at: z.number(),
});
export type MobileBanner = z.infer<typeof MobileBanner>;
export const MobileBannerList = z.object({ items: z.array(MobileBanner) });
export const MobileBannerSaveBody = z
  .object(
    labelled({
      id: id('轮播图ID').optional(),
      title: required('标题', 30),
      image_key: required('图片', 300),
      jump_type: z.coerce
        .number('必须是数字')
        .refine((v) => (JUMP_TYPES as number[]).includes(v), `取值为${JUMP_TYPES.join('、')}`)
        .describe('跳转页面类型'),
      jump_target: text('跳转目标', 200).default(''),
      sort: z.coerce
        .number('必须是数字')
        .int('必须是整数')
        .min(0, '不能为负数')
        .max(9999, '不能超过9999')
        .default(0)
        .describe('排序'),
      enabled: z
        .union([z.literal(0), z.literal(1)], '取值为0或1')
        .default(1)
        .describe('状态'),
    }),
  )
  .superRefine((b, ctx) => {
    // 展示页 may show the banner itself; the others need where to go.
    if (b.jump_type !== JumpPageType.showcase && !b.jump_target)
      ctx.addIssue({
        code: 'custom',
        path: ['jump_target'],
        message: `跳转到${JumpPageTypeLabel[b.jump_type as JumpPageType] ?? ''}时请填写跳转目标`,
      });
  });
export const MobileBannerStatusBody = z.object(
  labelled({
    id: id('轮播图ID'),
    enabled: z.union([z.literal(0), z.literal(1)], '取值为0或1').describe('状态'),
  }),
);
