import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode, SESSION_MISSING } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makePersonal, makeStaff, makeTenant } from '../../../test/factories.js';
import { createSession } from '../../platform/sessions.js';
import { DEMO, seedDemoTenant } from '../../seed/demo.js';
import {
  buildAdminTree,
  functionPermTree,
  permCatalogue,
  toMenuNodes,
  visibleMenus,
  type CatalogueEntry,
} from './menuTree.js';
import { PrivilegeCode } from './privileges.errors.js';
import { FLOW_STAFF_PERMS } from '../../db/migrations/20261127T0141_flow_bill.js';
import {
  PURCHASE_APPLICANT_PERMS,
  PURCHASE_BUYER_PERMS,
} from '../../db/migrations/20261130T0200_purchasing.js';
import { caller, count, makeAdminTenant, shape } from './privileges.testkit.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

/** Invoice permissions every demo staff member holds (seed/privileges.ts). */
const INVOICE_STAFF = [
  'invoice:view',
  'invoice:add',
  'invoice:delete',
  'invoice:export',
  'invoiceCenter:view',
];
const INVOICE_SHAPE = {
  invoiceManage: [
    { invoice: ['invoiceEntry', 'repairInvoice', 'invoiceTaskCheck'] },
    'orgInvoice',
    { invoiceCenter: ['invoiceDetail'] },
    'invoiceDueIn',
    'invoiceVoucher',
  ] as unknown[],
};
/** 付款管理 (issue 21, migration 20261128T0640_payment): 财务审批's in the demo; the detail borrows paymentBatch:view. */
const PAYMENT_SHAPE = { payment: ['paymentWaiting', 'paymentBatch', 'paymentBatchDetail'] };
/** Issue 13's areas (migration 20261127T0141_flow_bill). */
const FLOW_SHAPES = [
  { todo: ['todoList', 'submittedList'] },
  {
    bill: [
      'billExpense',
      'billApply',
      'billRequestNote',
      'billLoan',
      'billRepayment',
      'billCustom',
      'billEdit',
      'billDetail',
      'billAnalysis',
      'spendAnalysis',
    ],
  },
  PAYMENT_SHAPE,
  {
    flowManage: [
      { flowList: ['flowEdit'] },
      'flowGroup',
      'flowMatrix',
      'flowAgent',
      'flowIntervene',
      // 自定义表单 (decision 0025): borrow flowList:*, so the staff groups do not see them.
      'formList',
      'formEdit',
    ],
  },
];
/** What the demo staff groups see of them: their documents (no 单据分析), to-dos and their own agent windows. */
const STAFF_FLOW_SHAPES = [
  FLOW_SHAPES[0],
  {
    bill: (FLOW_SHAPES[1] as { bill: string[] }).bill.filter(
      (n) => n !== 'billAnalysis' && n !== 'spendAnalysis',
    ),
  },
  { flowManage: ['flowAgent'] },
];
/** 消费管控 (issue 21) and its areas' entries, in their menu order. */
const SCENES_SHAPE = {
  scenes: [
    { scenesRule: ['scenesRuleEdit', 'scenesRuleDetail'] },
    { quotaRelease: ['quotaReleaseList', 'quotaPlanList', 'quotaReleaseDetail', 'quotaReleaseIssue'] },
    { quota: ['quotaList', 'quotaByUser', 'quotaOperateRecord', 'quotaChangeRecord', 'quotaUserDetail'] },
    { scenesOrderCenterOrderList: ['scenesOrderCenterOrderDetail'] },
    'scenesOrderChannel',
    {
      orgAccount: [
        'orgAccountOverview',
        'orgAccountRecharge',
        'orgAccountRechargeDetail',
        'orgAccountFlow',
        'orgAccountBill',
        'orgAccountServiceFee',
      ],
    },
  ],
};
const FULL_SHAPE = [
  { home: ['homeIndex', 'noticeList', 'noticeDetail', 'announcementDetail'] },
  INVOICE_SHAPE,
  FLOW_SHAPES[0],
  FLOW_SHAPES[1],
  FLOW_SHAPES[2],
  SCENES_SHAPE,
  // 企业卡 (issue 23, migration 20261130T0100_cards, order 38)
  { cardPay: ['cardList', 'cardDetail', 'cardRelease', 'cardOperate'] },
  // 采购管理 (issue 23, migration 20261130T0200_purchasing, order 39)
  { purchasing: ['billPurchase', 'purchaseApply', 'purchaseTask', 'purchaseOrder'] },
  FLOW_SHAPES[3],
  {
    setcenter: [
      { permission: ['functionPermission', 'memberManagement', 'permissionGroup'] },
      'menuSetting',
      {
        orgStructure: [
          { orgStaff: ['orgImportFile', 'staffImportFile'] },
          'companyInfo',
          'jobGrade',
          'title',
          'cityGroup',
          'userGroup',
          'account',
          'operationLog',
          'syncConflict',
        ],
      },
      'invoiceCompliance',
      {
        rightRecharge: [
          'productVersion',
          'cashier',
          'tenantOrder',
          'tenantInvoice',
          'tenantInvoiceApply',
          'tenantInvoiceDetail',
        ],
      },
      'auditRule',
      { spendStandards: ['tripStandard', 'costStandard', 'controlSetting', 'standardSetting'] },
      // 项目 (issue 22, migration 20261129T1300_projects); the detail borrows 项目管理's permissions
      'projectList',
      'projectDetail',
      // 费用类型 (issue 22, migration 20261129T1600_fee_types)
      'feeTypeList',
      // 预算 (issue 22, migration 20261129T1610_budgets): 预算管理 with 预算列表 and the hidden 预算详情;
      // 预算分析 (migration 20261129T1710_budget_analysis) borrows 预算列表's permissions
      { budgetManage: ['budgetList', 'budgetDetail', 'budgetAnalysis'] },
      // 集成中心 (issue 22, migration 20261129T1720_budget_link): 预算接口; 第三方平台 (issue 24, 20261201T0300_platforms)
      { integrationCenter: ['integrationBudget', 'integrationPlatform'] },
      // 数据字典 and 公告管理 (issue 24, migration 20261201T0200_dictionaries, orders 41 and 42)
      'dictionary',
      'announcement',
      // 移动端设置 (migration 20261201T0210_mobile_banners, order 43)
      'mobileSetting',
    ],
  },
  { personal: ['userInfo', 'orgInfo', 'downloadcenter', { emailInvoice: ['emailDetail'] }] },
];
/** The catalogue (menu settings) lists the same tree. */
const CATALOGUE_SHAPE = FULL_SHAPE;
const PLAIN_SHAPE = [
  { home: ['homeIndex', 'noticeList', 'noticeDetail', 'announcementDetail'] },
  { personal: ['userInfo', 'orgInfo', 'downloadcenter', { emailInvoice: ['emailDetail'] }] },
];

/** name → { path, component, redirect } over the whole tree. */
function flat(nodes: any[], out: Record<string, any> = {}) {
  for (const n of nodes) {
    out[n.name] = { path: n.path, component: n.component, redirect: n.redirect, meta: n.meta };
    flat(n.children, out);
  }
  return out;
}

describe('GET privileges/user/menus', () => {
  it('gives an admin (*) the whole seeded tree with routes, meta and perms exactly as declared', async () => {
    const { admin } = await makeAdminTenant(t);
    const res = await call(admin.token, 'GET', '/user/menus');
    expect(res.code).toBe(200);
    expect(res.body.data.rules).toEqual({ perms: ['*'] });
    expect(shape(res.body.data.menus)).toEqual(FULL_SHAPE);
    const m = flat(res.body.data.menus);
    expect(m.home).toEqual({
      path: '/home',
      component: 'Layout',
      redirect: '/home/index',
      meta: { title: '工作台', icon: 'workbench', order: 1 },
    });
    expect(m.homeIndex).toEqual({
      path: '/home/index',
      component: 'home/Home',
      redirect: null,
      meta: { title: '工作台', icon: 'workbench', hide_sidebar: true, keepAlive: true, order: 1 },
    });
    expect(m.personal.meta).toEqual({ title: '个人中心', hidden: true, order: 90 });
    expect(m.userInfo).toMatchObject({
      path: '/userInfo',
      component: 'common/UserInfo',
      meta: { title: '用户信息', hide_sidebar: true },
    });
    expect(m.orgInfo).toMatchObject({
      path: '/orgInfo',
      component: 'common/OrgInfo',
      meta: { title: '企业信息', hide_sidebar: true },
    });
    // 专属邮箱 (spec §2.3/§2.4): the user menu's page and its mail detail, for everyone.
    expect(m.emailInvoice).toMatchObject({ path: '/emailInvoice', component: 'common/EmailInvoice' });
    expect(m.emailDetail).toMatchObject({
      path: '/emailInvoice/emailDetail',
      component: 'common/EmailDetail',
      meta: { title: '邮件详情', hidden: true, hide_sidebar: true },
    });
    expect(m.setcenter).toEqual({
      path: '/setcenter',
      component: 'Layout',
      redirect: '/setcenter/permission/function',
      meta: { title: '设置中心', icon: 'settings', order: 80 },
    });
    expect(m.permission).toMatchObject({
      path: '/setcenter/permission',
      component: 'RouterView',
      meta: { title: '权限管理', icon: 'permission', isRouterView: true },
    });
    expect(m.functionPermission).toMatchObject({
      path: '/setcenter/permission/function',
      component: 'settings/FunctionPermission',
      meta: { title: '功能权限', perms: ['functionPermission:view', 'functionPermission:edit'] },
    });
    expect(m.memberManagement).toMatchObject({
      path: '/setcenter/permission/member',
      component: 'settings/MemberManagement',
      meta: { title: '成员管理', perms: ['memberManagement:view', 'memberManagement:edit'] },
    });
    expect(m.permissionGroup).toMatchObject({
      path: '/setcenter/permission/group',
      component: 'settings/PermissionGroup',
      meta: {
        title: '权限组',
        perms: [
          'permissionGroup:view',
          'permissionGroup:add',
          'permissionGroup:edit',
          'permissionGroup:delete',
        ],
      },
    });
    expect(m.menuSetting).toMatchObject({
      path: '/setcenter/menus',
      component: 'settings/MenuSetting',
      meta: { title: '菜单管理', icon: 'menu', perms: ['menuSetting:view', 'menuSetting:edit'] },
    });
    // Entries without perms carry none.
    expect(m.home.meta.perms).toBeUndefined();
  });

  it('gives a staff member without settings permissions fewer entries: no setcenter', async () => {
    const { tenantId } = await makeTenant(t.db);
    const plain = await makeStaff(t.db, tenantId);
    const res = await call(plain.token, 'GET', '/user/menus');
    expect(shape(res.body.data.menus)).toEqual(PLAIN_SHAPE);
    expect(res.body.data.rules).toEqual({ perms: [] });
  });

  it('shows one settings screen, and its containers, for one permission', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId, ['memberManagement:view']);
    const res = await call(s.token, 'GET', '/user/menus');
    expect(shape(res.body.data.menus)).toEqual([
      { home: ['homeIndex', 'noticeList', 'noticeDetail', 'announcementDetail'] },
      { setcenter: [{ permission: ['memberManagement'] }] },
      { personal: ['userInfo', 'orgInfo', 'downloadcenter', { emailInvoice: ['emailDetail'] }] },
    ]);
    expect(res.body.data.rules.perms).toEqual(['memberManagement:view']);
  });

  it('gives a personal account (no organisation) only the entries without perms', async () => {
    const p = await makePersonal(t.db);
    const res = await call(p.token, 'GET', '/user/menus');
    expect(res.code).toBe(200);
    expect(shape(res.body.data.menus)).toEqual(PLAIN_SHAPE);
    expect(res.body.data.rules).toEqual({ perms: [] });
  });

  it('refuses a caller without a session', async () => {
    const res = await call(null, 'GET', '/user/menus');
    expect(res.code).toBe(401);
    expect(res.body.status).toBe(SESSION_MISSING);
  });
});

describe('GET and PUT privileges/menus', () => {
  it('lists the tenant tree with each entry’s permission values and defaults', async () => {
    const { admin } = await makeAdminTenant(t);
    const res = await call(admin.token, 'GET', '/menus');
    expect(res.code).toBe(200);
    expect(shape(res.body.data.items)).toEqual(CATALOGUE_SHAPE);
    const m = flat(res.body.data.items);
    expect(m.permissionGroup.meta.perms).toHaveLength(4);
    const pg = res.body.data.items.find((n: any) => n.name === 'setcenter').children[0].children[2];
    expect(pg.perm_values).toEqual(['view', 'add', 'edit', 'delete']);
    expect(pg.defaults).toEqual({ title: '权限组', order: 3, hidden: false });
    expect(pg.overrides).toEqual({ title: null, order: null, hidden: null });
  });

  it('saves title, order and hidden per tenant, shows them to users, and resets with null', async () => {
    const a = await makeAdminTenant(t);
    const b = await makeAdminTenant(t);
    const put = await call(a.admin.token, 'PUT', '/menus', {
      items: [
        { name: 'home', title: '首页', order: 95 },
        { name: 'menuSetting', hidden: true },
      ],
    });
    expect(put.code).toBe(200);
    const home = put.body.data.items.find((n: any) => n.name === 'home');
    expect(home.meta).toMatchObject({ title: '首页', order: 95 });
    expect(home.overrides).toEqual({ title: '首页', order: 95, hidden: null });

    // Users of tenant A see the new title and order (home now after personal); hidden entries stay.
    const menusA = await call(a.admin.token, 'GET', '/user/menus');
    expect(menusA.body.data.menus.map((n: any) => n.name)).toEqual([
      'invoiceManage',
      'todo',
      'bill',
      'payment',
      'scenes',
      'cardPay',
      'purchasing',
      'flowManage',
      'setcenter',
      'personal',
      'home',
    ]);
    expect(flat(menusA.body.data.menus).menuSetting.meta.hidden).toBe(true);
    expect(flat(menusA.body.data.menus).home.meta.title).toBe('首页');

    // Tenant B is untouched.
    const menusB = await call(b.admin.token, 'GET', '/user/menus');
    expect(flat(menusB.body.data.menus).home.meta).toEqual({ title: '工作台', icon: 'workbench', order: 1 });
    expect(flat(menusB.body.data.menus).menuSetting.meta.hidden).toBeUndefined();

    // A partial update keeps the other fields; null goes back to the catalogue value.
    await call(a.admin.token, 'PUT', '/menus', { items: [{ name: 'home', title: null }] });
    const again = flat((await call(a.admin.token, 'GET', '/menus')).body.data.items);
    expect(again.home.meta).toMatchObject({ title: '工作台', order: 95 });
    await call(a.admin.token, 'PUT', '/menus', {
      items: [
        { name: 'home', order: null },
        { name: 'menuSetting', hidden: null },
      ],
    });
    const rows = await t.db
      .selectFrom('menu_overrides')
      .selectAll()
      .where('tenant_id', '=', a.tenantId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses unknown, duplicate and malformed items with Chinese messages and writes nothing', async () => {
    const { admin } = await makeAdminTenant(t);
    const before = await count(t, 'menu_overrides');

    const unknown = await call(admin.token, 'PUT', '/menus', {
      items: [{ name: 'home', title: '首页' }, { name: 'nope' }, { name: 'ghost' }],
    });
    expect(unknown.code).toBe(400);
    expect(unknown.body).toMatchObject({ status: PrivilegeCode.menuUnknown, msg: '菜单不存在：nope、ghost' });

    const dup = await call(admin.token, 'PUT', '/menus', { items: [{ name: 'home' }, { name: 'home' }] });
    expect(dup.code).toBe(400);
    expect(dup.body.msg).toBe('菜单重复提交：home');

    const emptyTitle = await call(admin.token, 'PUT', '/menus', { items: [{ name: 'home', title: '' }] });
    expect(emptyTitle.code).toBe(400);
    expect(emptyTitle.body.status).toBe(PlatformCode.validation);
    expect(emptyTitle.body.msg).toBe('菜单名称：不能为空');

    const badOrder = await call(admin.token, 'PUT', '/menus', { items: [{ name: 'home', order: -1 }] });
    expect(badOrder.body.msg).toBe('排序：不能小于0');
    const badHidden = await call(admin.token, 'PUT', '/menus', { items: [{ name: 'home', hidden: 'yes' }] });
    expect(badHidden.body.msg).toMatch(/^是否隐藏：/);
    const none = await call(admin.token, 'PUT', '/menus', { items: [] });
    expect(none.body.msg).toBe('菜单：请至少提交一个菜单');

    expect(await count(t, 'menu_overrides')).toBe(before);
  });

  it('needs menuSetting:view to read and menuSetting:edit to change', async () => {
    const { tenantId } = await makeTenant(t.db);
    const viewer = await makeStaff(t.db, tenantId, ['menuSetting:view']);
    const plain = await makeStaff(t.db, tenantId);
    expect((await call(plain.token, 'GET', '/menus')).code).toBe(403);
    expect((await call(viewer.token, 'GET', '/menus')).code).toBe(200);
    const put = await call(viewer.token, 'PUT', '/menus', { items: [{ name: 'home', title: '首页' }] });
    expect(put.code).toBe(403);
    expect(put.body).toMatchObject({ status: PlatformCode.forbidden, msg: '您没有该操作的权限' });
    expect(
      await t.db.selectFrom('menu_overrides').selectAll().where('tenant_id', '=', tenantId).execute(),
    ).toEqual([]);
  });
});

describe('GET privileges/user/grade:check', () => {
  it('answers for each asked permission whether the caller holds it', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId, ['menuSetting:view']);
    const res = await call(
      s.token,
      'GET',
      '/user/grade:check?perms=menuSetting:view,%20menuSetting:edit,,menuSetting:view',
    );
    expect(res.code).toBe(200);
    expect(res.body.data).toEqual({ allowed: { 'menuSetting:view': true, 'menuSetting:edit': false } });
    const { admin } = await makeAdminTenant(t);
    const all = await call(admin.token, 'GET', '/user/grade:check?perms=anything:at_all');
    expect(all.body.data.allowed).toEqual({ 'anything:at_all': true });
  });

  it('refuses an empty list with a Chinese message naming the field', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    const empty = await call(s.token, 'GET', '/user/grade:check?perms=,,');
    expect(empty.code).toBe(400);
    expect(empty.body.msg).toBe('权限：不能为空');
    const missing = await call(s.token, 'GET', '/user/grade:check');
    expect(missing.code).toBe(400);
    expect(missing.body.msg).toMatch(/^权限：/);
  });

  it('is for staff only: a personal account is refused', async () => {
    const p = await makePersonal(t.db);
    const res = await call(p.token, 'GET', '/user/grade:check?perms=menuSetting:view');
    expect(res.code).toBe(403);
    expect(res.body.msg).toBe('您还未加入到任何组织，请先加入组织');
  });
});

describe('menu tree rules', () => {
  const entry = (
    name: string,
    parent: string | null,
    component: string,
    perms: string[] = [],
  ): CatalogueEntry => ({
    name,
    parent_name: parent,
    path: `/${name}`,
    redirect: null,
    component,
    sort_order: 1,
    meta: { title: name },
    perm_values: perms,
    ui_types: null,
    ui_titles: null,
  });

  it('keeps a child without perms under a visible parent with perms, drops empty containers, keeps leaves', () => {
    const tree = toMenuNodes(
      buildAdminTree(
        [
          entry('box', null, 'Layout'),
          entry('guarded', 'box', 'x/Guarded', ['view']),
          entry('free', 'guarded', 'x/Free'),
          entry('emptyBox', null, 'Layout'),
          entry('lonely', null, 'x/Lonely'),
          entry('orphan', 'missing', 'x/Orphan'),
        ],
        new Map(),
      ),
    );
    expect(shape(visibleMenus(tree, ['guarded:view']))).toEqual([{ box: [{ guarded: ['free'] }] }, 'lonely']);
    expect(shape(visibleMenus(tree, []))).toEqual(['lonely']);
  });

  it('shows an entry that borrows other entries’ permissions to their holders only, and grants them at the owner', () => {
    const entries = [
      entry('box', null, 'Layout'),
      entry('mine', 'box', 'x/Mine', ['view', 'add']),
      entry('org', 'box', 'x/Org', ['view']),
      entry('both', 'box', 'x/Both', ['mine:view', 'org:view']),
    ];
    const tree = toMenuNodes(buildAdminTree(entries, new Map()));
    expect(shape(visibleMenus(tree, ['mine:view']))).toEqual([{ box: ['both', 'mine'] }]); // same order: by name
    expect(shape(visibleMenus(tree, ['org:view']))).toEqual([{ box: ['both', 'org'] }]);
    expect(shape(visibleMenus(tree, ['mine:add']))).toEqual([{ box: ['mine'] }]);
    expect(shape(visibleMenus(tree, []))).toEqual([]);
    expect(flat(tree).both.meta.perms).toEqual(['mine:view', 'org:view']);
    expect([...permCatalogue(entries)].sort()).toEqual(['mine:add', 'mine:view', 'org:view']);
    const fp = functionPermTree(buildAdminTree(entries, new Map()), ['mine:view']);
    expect(fp[0]!.children.map((c) => c.name)).toEqual(['mine', 'org']);
  });
});

describe('demo seed', () => {
  it('gives 演示集团 its groups: admin (*), 财务审批, 普通员工 (the default group, the multi-organisation user in it)', async () => {
    const ids = await t.db.transaction().execute((trx) => seedDemoTenant(trx));
    const groups = await t.db
      .selectFrom('privilege_groups as g')
      .leftJoin('privilege_group_members as m', 'm.group_id', 'g.id')
      .leftJoin('staff as s', 's.id', 'm.staff_id')
      .select(['g.name', 'g.perms', 'g.is_builtin', 's.phone'])
      .where('g.tenant_id', '=', ids.group)
      .orderBy('g.id')
      .execute();
    expect(groups).toEqual([
      { name: '系统管理员', perms: '["*"]', is_builtin: 1, phone: DEMO.admin },
      {
        name: '财务审批',
        perms: JSON.stringify([
          'memberManagement:view',
          'permissionGroup:view',
          ...INVOICE_STAFF,
          'orgInvoice:view',
          'invoiceCompliance:view',
          ...FLOW_STAFF_PERMS,
          'paymentWaiting:view',
          'paymentWaiting:pay',
          'paymentBatch:view',
          'paymentBatch:pay',
          'paymentBatch:export',
          // 采购管理 (decision 0058)
          ...PURCHASE_APPLICANT_PERMS,
          ...PURCHASE_BUYER_PERMS,
        ]),
        is_builtin: 0,
        phone: DEMO.approver,
      },
      {
        name: '普通员工',
        perms: JSON.stringify([...INVOICE_STAFF, ...FLOW_STAFF_PERMS, ...PURCHASE_APPLICANT_PERMS]),
        is_builtin: 0,
        phone: DEMO.staff,
      },
      // New and group-less staff join the default group, so 多组织用户 can file documents (decision 0039).
      {
        name: '普通员工',
        perms: JSON.stringify([...INVOICE_STAFF, ...FLOW_STAFF_PERMS, ...PURCHASE_APPLICANT_PERMS]),
        is_builtin: 0,
        phone: DEMO.multiOrg,
      },
    ]);

    const session = async (phone: string) => {
      const s = await t.db
        .selectFrom('staff')
        .select(['id', 'user_id'])
        .where('tenant_id', '=', ids.group)
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow();
      return (await createSession(t.db, { userId: s.user_id, tenantId: ids.group, staffId: s.id }, 60_000))
        .token;
    };
    const menusOf = async (phone: string) =>
      shape((await call(await session(phone), 'GET', '/user/menus')).body.data.menus);
    expect(await menusOf(DEMO.admin)).toEqual(FULL_SHAPE);
    // 发票凭证 (invoiceVoucher) is the administrator's only.
    expect(await menusOf(DEMO.approver)).toEqual([
      { home: ['homeIndex', 'noticeList', 'noticeDetail', 'announcementDetail'] },
      { invoiceManage: INVOICE_SHAPE.invoiceManage.filter((e) => e !== 'invoiceVoucher') },
      ...STAFF_FLOW_SHAPES.slice(0, 2),
      PAYMENT_SHAPE,
      // 采购管理 (decision 0058): 财务审批 applies and buys
      { purchasing: ['billPurchase', 'purchaseApply', 'purchaseTask', 'purchaseOrder'] },
      STAFF_FLOW_SHAPES[2],
      { setcenter: [{ permission: ['memberManagement', 'permissionGroup'] }, 'invoiceCompliance'] },
      { personal: ['userInfo', 'orgInfo', 'downloadcenter', { emailInvoice: ['emailDetail'] }] },
    ]);
    const staffShape = [
      PLAIN_SHAPE[0],
      {
        invoiceManage: INVOICE_SHAPE.invoiceManage.filter(
          (e) => e !== 'orgInvoice' && e !== 'invoiceVoucher',
        ),
      },
      ...STAFF_FLOW_SHAPES.slice(0, 2),
      // 采购管理: staff file 采购申请 only
      { purchasing: ['billPurchase'] },
      STAFF_FLOW_SHAPES[2],
      PLAIN_SHAPE[1],
    ];
    expect(await menusOf(DEMO.staff)).toEqual(staffShape);
    // In the default group, 多组织用户 sees what ordinary staff see (issue 20 part 7).
    expect(await menusOf(DEMO.multiOrg)).toEqual(staffShape);
  });
});
