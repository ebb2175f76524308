import {
  AnnouncementIdQuery,
  AnnouncementPage,
  AnnouncementQuery,
  AnnouncementSaveBody,
  Announcement,
  DictEnumsQuery,
  DictEnumsReply,
  DictIdBody,
  DictIdReply,
  DictItemCreateBody,
  DictItemPage,
  DictItemQuery,
  DictItemStatusBody,
  DictItemUpdateBody,
  DictTypeCreateBody,
  DictTypePage,
  DictTypeQuery,
  DictTypeUpdateBody,
  EnumListQuery,
  MobileBannerList,
  MobileBannerSaveBody,
  MobileBannerStatusBody,
  EnumListReply,
  PublishedAnnouncementQuery,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import { STAFF, hasPermission } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { appServices, type AppDeps, type ZodApp } from '../../platform/types.js';
import * as ann from './announcement.service.js';
import * as banner from './banner.service.js';
import * as dict from './dict.service.js';

export const BASE_PREFIX = '/finobase/api/v1';
/** Fastify reads `:` as a parameter; the family's paths have literal colons (`dictItem:create`). */
const P = (p: string) => `${BASE_PREFIX}/${p.replace(/:/g, '::')}`;
const tags = ['base'];
const IdReply = { 200: envelopeOf(DictIdReply) };

export const BasePerm = {
  dictView: 'dictionary:view',
  dictEdit: 'dictionary:edit',
  annView: 'announcement:view',
  annEdit: 'announcement:edit',
  mobileView: 'mobileSetting:view',
  mobileEdit: 'mobileSetting:edit',
} as const;
const DICT_READ = [BasePerm.dictView, BasePerm.dictEdit] as const;
/** The dictionaries are also listed to the form designer (a select takes its options from one). */
const DICT_PICK = [...DICT_READ, 'flowList:add', 'flowList:edit'] as const;
const ANN_READ = [BasePerm.annView, BasePerm.annEdit] as const;
const MOBILE_READ = [BasePerm.mobileView, BasePerm.mobileEdit] as const;

/**
 * /finobase/api/v1/ (decision 0060): enumerations (enumList, billEnumList), dictionary entries by code
 * (dictEnums) for every staff member; 数据字典 administration; 公告 administration and the workbench's reads.
 * GET users (staff lookup) is the org module's (staff.routes.ts), registered under the same prefix.
 */
export function registerBaseRoutes(app: ZodApp, deps: AppDeps) {
  const db = deps.db;
  const clock = deps.clock ?? Date.now;

  for (const [p, run, summary] of [
    ['enumList', dict.enumList, '枚举列表'],
    ['billEnumList', dict.billEnumList, '单据枚举列表'],
  ] as const)
    app.get(
      P(p),
      {
        config: { permission: STAFF },
        schema: { querystring: EnumListQuery, response: { 200: envelopeOf(EnumListReply) }, tags, summary },
      },
      async (req) => ok(run(req.query.keyWord)),
    );
  app.get(
    P('dictEnums'),
    {
      config: { permission: STAFF },
      schema: {
        querystring: DictEnumsQuery,
        response: { 200: envelopeOf(DictEnumsReply) },
        tags,
        summary: '数据字典项',
      },
    },
    async (req) => {
      const caller = tenantCaller(req);
      const code = dict.categoryCodeOf(req.query.filter);
      return ok({ items: await dict.dictEnums(db, caller.tenantId, code) });
    },
  );

  // ---- 数据字典 ----
  app.get(
    P('dictTypes'),
    {
      config: { permission: DICT_PICK },
      schema: {
        querystring: DictTypeQuery,
        response: { 200: envelopeOf(DictTypePage) },
        tags,
        summary: '数据字典列表',
      },
    },
    async (req) => ok(await dict.listDictTypes(db, tenantCaller(req), req.query)),
  );
  const post = <B>(
    p: string,
    perm: string,
    body: import('zod').ZodType<B>,
    summary: string,
    run: (caller: ReturnType<typeof tenantCaller>, b: B, now: number) => Promise<{ id: number }>,
  ) =>
    app.post(
      P(p),
      {
        config: { permission: perm as `${string}:${string}` },
        schema: { body, response: IdReply, tags, summary },
      },
      async (req) => ok(await run(tenantCaller(req), req.body as B, clock())),
    );
  post('dictType:create', BasePerm.dictEdit, DictTypeCreateBody, '新增数据字典', (c, b, now) =>
    dict.createDictType(db, c, b, now),
  );
  post('dictType:update', BasePerm.dictEdit, DictTypeUpdateBody, '修改数据字典', (c, b, now) =>
    dict.renameDictType(db, c, b, now),
  );
  post('dictType:delete', BasePerm.dictEdit, DictIdBody('字典ID'), '删除数据字典', (c, b, now) =>
    dict.deleteDictType(db, c, b.id, now),
  );
  app.get(
    P('dictItems'),
    {
      config: { permission: DICT_READ },
      schema: {
        querystring: DictItemQuery,
        response: { 200: envelopeOf(DictItemPage) },
        tags,
        summary: '字典项列表',
      },
    },
    async (req) => ok(await dict.listDictItems(db, tenantCaller(req), req.query)),
  );
  post('dictItem:create', BasePerm.dictEdit, DictItemCreateBody, '新增字典项', (c, b, now) =>
    dict.createDictItem(db, c, b, now),
  );
  post('dictItem:update', BasePerm.dictEdit, DictItemUpdateBody, '修改字典项', (c, b, now) =>
    dict.updateDictItem(db, c, b, now),
  );
  post('dictItem:status', BasePerm.dictEdit, DictItemStatusBody, '启用/停用字典项', (c, b, now) =>
    dict.setDictItemStatus(db, c, b, now),
  );
  post('dictItem:delete', BasePerm.dictEdit, DictIdBody('字典项ID'), '删除字典项', (c, b, now) =>
    dict.deleteDictItem(db, c, b.id, now),
  );

  // ---- 公告 ----
  app.get(
    P('announcements'),
    {
      config: { permission: ANN_READ },
      schema: {
        querystring: AnnouncementQuery,
        response: { 200: envelopeOf(AnnouncementPage) },
        tags,
        summary: '公告列表',
      },
    },
    async (req) => ok(await ann.listAnnouncements(db, tenantCaller(req), req.query)),
  );
  app.get(
    P('announcements:published'),
    {
      config: { permission: STAFF },
      schema: {
        querystring: PublishedAnnouncementQuery,
        response: { 200: envelopeOf(AnnouncementPage) },
        tags,
        summary: '已发布的公告（工作台）',
      },
    },
    async (req) => ok(await ann.publishedAnnouncements(db, tenantCaller(req), req.query)),
  );
  app.get(
    P('announcement:detail'),
    {
      config: { permission: STAFF },
      schema: {
        querystring: AnnouncementIdQuery,
        response: { 200: envelopeOf(Announcement) },
        tags,
        summary: '公告详情',
      },
    },
    async (req) => {
      const caller = tenantCaller(req);
      return ok(
        await ann.announcementDetail(db, caller, req.query.id, hasPermission(caller.perms, ANN_READ)),
      );
    },
  );
  post('announcement:save', BasePerm.annEdit, AnnouncementSaveBody, '保存公告（草稿）', (c, b, now) =>
    ann.saveAnnouncement(db, c, b, now),
  );
  post('announcement:publish', BasePerm.annEdit, AnnouncementIdQuery, '发布公告', (c, b, now) =>
    ann.publishAnnouncement(db, c, b.id, now),
  );
  post('announcement:withdraw', BasePerm.annEdit, AnnouncementIdQuery, '撤回公告', (c, b, now) =>
    ann.withdrawAnnouncement(db, c, b.id, now),
  );
  post('announcement:delete', BasePerm.annEdit, AnnouncementIdQuery, '删除公告', (c, b, now) =>
    ann.deleteAnnouncement(db, c, b.id, now),
  );

  // ---- 移动端设置 · 轮播图 ----
  const services = () => appServices(deps);
  for (const [p, perm, enabledOnly, summary] of [
    ['mobileBanners', MOBILE_READ, false, '轮播图列表'],
    ['mobileBanners:enabled', STAFF, true, '启用的轮播图（移动端首页）'],
  ] as const)
    app.get(
      P(p),
      {
        config: { permission: perm },
        schema: { response: { 200: envelopeOf(MobileBannerList) }, tags, summary },
      },
      async (req) => ok(await banner.listBanners(services(), tenantCaller(req), enabledOnly)),
    );
  post('mobileBanner:save', BasePerm.mobileEdit, MobileBannerSaveBody, '保存轮播图', (c, b, now) =>
    banner.saveBanner(services(), c, b as banner.BannerInput, now),
  );
  post('mobileBanner:status', BasePerm.mobileEdit, MobileBannerStatusBody, '启用/停用轮播图', (c, b, now) =>
    banner.setBannerStatus(db, c, b, now),
  );
  post('mobileBanner:delete', BasePerm.mobileEdit, DictIdBody('轮播图ID'), '删除轮播图', (c, b, now) =>
    banner.deleteBanner(db, c, b.id, now),
  );
}
