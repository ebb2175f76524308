import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makePersonal, makeStaff, makeTenant } from '../../../../test/factories.js';
import { runOps } from '../../../ops.js';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { seedWelfareTenants, WELFARE_DEMO } from '../../../seed/welfare.js';
import { OrgCode } from '../org.errors.js';
import { payerTypeOf, setTenantModeByOperator, tenantModeOf, uiTypeOf } from '../index.js';

/**
 * Benefit modes (issue 21, decision 0046): a tenant's interface type and payer type — stored on the tenant,
 * answered in the session, changed only at creation or by the platform operator; menus by interface type.
 */
const AUTH = '/auth-center/api/v1';
const PRIV = '/auth-center/api/v1/privileges';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function call(token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? { 'x-session-token': token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
}

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

/** Names of every entry of a menu tree, depth first. */
const names = (nodes: any[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);
const find = (nodes: any[], name: string): any =>
  nodes.map((n) => (n.name === name ? n : find(n.children, name))).find(Boolean);

describe('the mode is stored per tenant and answered in the session', () => {
  it('answers the defaults (fee_control, 企业自付) and the operator’s change in users/staff and user menus', async () => {
    const a = await makeTenant(t.db);
    const b = await makeTenant(t.db);
    const sa = await makeStaff(t.db, a.tenantId);
    const sb = await makeStaff(t.db, b.tenantId);
    expect(await tenantModeOf(t.db, a.tenantId)).toEqual({ ui_type: 'fee_control', orgcode_payer_type: 1 });

    const r = await setTenantModeByOperator(t.db, a.tenantId, { ui_type: 'welfare', orgcode_payer_type: 0 });
    expect(r).toMatchObject({
      tenant_id: a.tenantId,
      before: { ui_type: 'fee_control', orgcode_payer_type: 1 },
      after: { ui_type: 'welfare', orgcode_payer_type: 0 },
    });
    const me = await call(sa.token, 'GET', `${AUTH}/users/staff`);
    expect(me.body.data).toMatchObject({ ui_type: 'welfare', orgcode_payer_type: 0 });
    expect(await payerTypeOf(t.db, a.tenantId)).toBe(0);
    expect(await uiTypeOf(t.db, a.tenantId)).toBe('welfare');
    // The other tenant is untouched.
    const other = await call(sb.token, 'GET', `${AUTH}/users/staff`);
    expect(other.body.data).toMatchObject({ ui_type: 'fee_control', orgcode_payer_type: 1 });
    expect(await payerTypeOf(t.db, b.tenantId)).toBe(1);
    // A personal account has no tenant: the defaults.
    expect(await uiTypeOf(t.db, null)).toBe('fee_control');
  });

  it('the operator changes one field alone; refuses an unknown tenant, a company id and bad values', async () => {
    const a = await makeTenant(t.db);
    await setTenantModeByOperator(t.db, a.tenantId, { orgcode_payer_type: 0 });
    expect(await tenantModeOf(t.db, a.tenantId)).toEqual({ ui_type: 'fee_control', orgcode_payer_type: 0 });
    await expect(setTenantModeByOperator(t.db, 987_654_321, { ui_type: 'welfare' })).rejects.toMatchObject({
      code: OrgCode.orgNotFound,
    });
    // A company is not a tenant: its id does not reach the mode.
    await expect(setTenantModeByOperator(t.db, a.companyId, { ui_type: 'welfare' })).rejects.toMatchObject({
      code: OrgCode.orgNotFound,
    });
    await expect(
      setTenantModeByOperator(t.db, a.tenantId, { ui_type: 'shop' as never }),
    ).rejects.toMatchObject({ code: OrgCode.tenantModeInvalid });
    await expect(
      setTenantModeByOperator(t.db, a.tenantId, { orgcode_payer_type: 2 as never }),
    ).rejects.toMatchObject({ code: OrgCode.tenantModeInvalid });
    expect(await tenantModeOf(t.db, a.tenantId)).toEqual({ ui_type: 'fee_control', orgcode_payer_type: 0 });
  });

  it('ops set-tenant-mode prints before and after; bad usage exits 2, an unknown tenant 1', async () => {
    const a = await makeTenant(t.db);
    const ok = io();
    expect(
      await runOps(
        ['set-tenant-mode', String(a.tenantId), '--ui', 'shop_welfare', '--payer', '0'],
        t.db,
        ok.io,
      ),
    ).toBe(0);
    expect(ok.out.join('\n')).toContain('原设置：费控（fee_control），企业自付');
    expect(ok.out.join('\n')).toContain('新设置：商城福利（shop_welfare），服务商支付');
    expect(await tenantModeOf(t.db, a.tenantId)).toEqual({ ui_type: 'shop_welfare', orgcode_payer_type: 0 });

    for (const argv of [
      ['set-tenant-mode', String(a.tenantId), '--ui', 'benefit'],
      ['set-tenant-mode', String(a.tenantId), '--payer', '2'],
      ['set-tenant-mode', String(a.tenantId)],
      ['set-tenant-mode', 'abc', '--ui', 'welfare'],
    ]) {
      const bad = io();
      expect(await runOps(argv, t.db, bad.io)).toBe(2);
      expect(bad.err[0]).toMatch(/^错误：/);
    }
    const unknown = io();
    expect(await runOps(['set-tenant-mode', '987654321', '--ui', 'welfare'], t.db, unknown.io)).toBe(1);
    expect(unknown.err[0]).toContain('不存在');
    expect(await tenantModeOf(t.db, a.tenantId)).toEqual({ ui_type: 'shop_welfare', orgcode_payer_type: 0 });
  });

  it('no tenant route changes it: organizations:update ignores ui_type and orgcode_payer_type', async () => {
    const a = await makeTenant(t.db);
    const admin = await makeStaff(t.db, a.tenantId, ['*']);
    const res = await call(admin.token, 'PUT', '/org-arch-center/api/v1/organizations:update', {
      id: a.companyId,
      name: '改名子公司',
      ui_type: 'welfare',
      orgcode_payer_type: 0,
    });
    expect(res.code).toBe(200);
    const rows = await t.db
      .selectFrom('organizations')
      .select(['id', 'ui_type', 'orgcode_payer_type'])
      .where('tenant_id', '=', a.tenantId)
      .execute();
    expect(rows.every((r) => r.ui_type === 'fee_control' && Number(r.orgcode_payer_type) === 1)).toBe(true);
  });
});

describe('creating a tenant chooses its mode', () => {
  it('users:create/organization takes ui_type and orgcode_payer_type and answers them in the session', async () => {
    const p = await makePersonal(t.db);
    const r = await call(p.token, 'POST', `${AUTH}/users:create/organization`, {
      name: '福利新创有限公司',
      ui_type: 'welfare',
      orgcode_payer_type: 0,
    });
    expect(r.code).toBe(200);
    expect(r.body.data).toMatchObject({ ui_type: 'welfare', orgcode_payer_type: 0 });
    expect(await tenantModeOf(t.db, r.body.data.top_org_id)).toEqual({
      ui_type: 'welfare',
      orgcode_payer_type: 0,
    });
  });

  it('defaults to fee_control and 企业自付; refuses an unknown interface or payer type', async () => {
    const p = await makePersonal(t.db);
    for (const body of [
      { name: '坏参数公司', ui_type: 'benefit' },
      { name: '坏参数公司', orgcode_payer_type: 3 },
    ]) {
      const bad = await call(p.token, 'POST', `${AUTH}/users:create/organization`, body);
      expect(bad.code).toBe(400);
      expect(bad.body.msg).toMatch(/界面类型|支付方式/);
    }
    const r = await call(p.token, 'POST', `${AUTH}/users:create/organization`, { name: '默认模式公司' });
    expect(r.body.data).toMatchObject({ ui_type: 'fee_control', orgcode_payer_type: 1 });
  });
});

describe('menus follow the interface type', () => {
  it('a welfare tenant has 福利首页 and no 费控 document or approval areas; fee_control is unchanged', async () => {
    const fee = await makeTenant(t.db);
    const wel = await makeTenant(t.db);
    const shop = await makeTenant(t.db);
    await setTenantModeByOperator(t.db, wel.tenantId, { ui_type: 'welfare' });
    await setTenantModeByOperator(t.db, shop.tenantId, { ui_type: 'shop_welfare' });
    const [feeAdmin, welAdmin, shopAdmin] = await Promise.all(
      [fee, wel, shop].map((x) => makeStaff(t.db, x.tenantId, ['*'])),
    );
    const menus = async (token: string) => (await call(token, 'GET', `${PRIV}/user/menus`)).body.data.menus;

    const feeMenus = await menus(feeAdmin.token);
    expect(names(feeMenus)).toEqual(
      expect.arrayContaining(['todo', 'bill', 'flowManage', 'auditRule', 'billAnalysis']),
    );
    expect(names(feeMenus)).not.toContain('store');
    expect(find(feeMenus, 'home').meta.title).toBe('工作台');

    const welMenus = await menus(welAdmin.token);
    for (const gone of [
      'todo',
      'todoList',
      'bill',
      'billEdit',
      'billAnalysis',
      'flowManage',
      'formList',
      'auditRule',
      'store',
    ])
      expect(names(welMenus)).not.toContain(gone);
    expect(names(welMenus)).toEqual(
      expect.arrayContaining(['home', 'homeIndex', 'invoiceManage', 'setcenter']),
    );
    expect(find(welMenus, 'home').meta.title).toBe('福利首页');
    expect(find(welMenus, 'homeIndex').meta.title).toBe('福利首页');

    const shopMenus = await menus(shopAdmin.token);
    expect(names(shopMenus)).toEqual(expect.arrayContaining(['store', 'storeIndex', 'home']));
    expect(names(shopMenus)).not.toContain('bill');
    expect(find(shopMenus, 'storeIndex')).toMatchObject({ path: '/store/index', component: 'welfare/Store' });
  });

  it('菜单管理 edits the tenant’s own tree; a title override still wins; without menuSetting:view it is 403', async () => {
    const wel = await makeTenant(t.db);
    await setTenantModeByOperator(t.db, wel.tenantId, { ui_type: 'welfare' });
    const admin = await makeStaff(t.db, wel.tenantId, ['*']);
    const plain = await makeStaff(t.db, wel.tenantId);
    const tree = await call(admin.token, 'GET', `${PRIV}/menus`);
    expect(tree.code).toBe(200);
    expect(names(tree.body.data.items)).not.toContain('bill');
    expect(find(tree.body.data.items, 'home').defaults.title).toBe('福利首页');
    const put = await call(admin.token, 'PUT', `${PRIV}/menus`, {
      items: [{ name: 'home', title: '我的福利' }],
    });
    expect(put.code).toBe(200);
    expect(find(put.body.data.items, 'home').meta.title).toBe('我的福利');
    expect(
      find((await call(plain.token, 'GET', `${PRIV}/user/menus`)).body.data.menus, 'home').meta.title,
    ).toBe('我的福利');
    const denied = await call(plain.token, 'GET', `${PRIV}/menus`);
    expect(denied.code).toBe(403);
    expect(denied.body.status).toBe(PlatformCode.forbidden);
  });

  it('a personal account gets the default interface’s menus', async () => {
    const p = await makePersonal(t.db);
    const res = await call(p.token, 'GET', `${PRIV}/user/menus`);
    expect(names(res.body.data.menus)).not.toContain('store');
    expect(find(res.body.data.menus, 'home').meta.title).toBe('工作台');
  });
});

describe('the seeded benefit tenants', () => {
  it('seeds a welfare and a shop_welfare tenant whose admin and staff sign in with the mode in the session', async () => {
    const ids = await seedWelfareTenants(t.db);
    const login = async (phone: string) => {
      const res = await call(null, 'POST', `${AUTH}/users:login`, { phone, password: DEMO_PASSWORD });
      expect(res.code).toBe(200);
      return res.body.data;
    };
    const ws = await login(WELFARE_DEMO.welfareStaff);
    expect(ws).toMatchObject({ ui_type: 'welfare', orgcode_payer_type: 0, top_org_name: '福利演示企业' });
    const sa = await login(WELFARE_DEMO.shopAdmin);
    expect(sa).toMatchObject({
      ui_type: 'shop_welfare',
      orgcode_payer_type: 1,
      top_org_id: ids.shop.tenantId,
    });
    // The admin may buy, and the tenant's 短信包 is used up: still no product-type notice (spec §6).
    const notices = await call(sa.token, 'GET', '/right-recharge/api/v1/tenant:notify');
    expect(notices.code).toBe(200);
    expect(notices.body.data.filter((n: any) => n.product_type === 1)).toEqual([]);
    // Their benefits went through the ledger: 中秋 claimed (¥200), 元旦 open to claim; the shop has 商城福利.
    const home = (await call(ws.token, 'GET', '/app-ctrl/api/v1/home/benefit')).body.data;
    expect(home.balances).toEqual([expect.objectContaining({ scene_name: '节日福利', balance: 20000 })]);
    // 中秋's window ended weeks ago: only 元旦 is listed.
    expect(home.festivals.map((f: any) => [f.title, f.claimed])).toEqual([['元旦节福利', false]]);
    const shop = (await call(sa.token, 'GET', '/app-ctrl/api/v1/home/benefit')).body.data;
    expect(shop.balances.map((b: any) => [b.scene_name, b.balance])).toEqual([
      ['节日福利', 20000],
      ['商城福利', 30000],
    ]);
    const wa = await login(WELFARE_DEMO.welfareAdmin);
    const waMenus = (await call(wa.token, 'GET', `${PRIV}/user/menus`)).body.data.menus;
    expect(names(waMenus)).not.toContain('bill');
    expect(names(waMenus)).not.toContain('store');
  });
});
