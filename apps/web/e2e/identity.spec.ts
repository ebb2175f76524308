import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Identity and session journeys (spec §2.2–2.5, §4.1) against the real built app and the demo seed.
// Run: npm run build -w @feikong/web && bash scripts/e2e.sh e2e/identity.spec.ts

const SHOTS = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'shots');
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, name), fullPage: true });

const PASSWORD = 'Demo@123456';
const DEMO = {
  admin: '13800000001',
  approver: '13800000002',
  staff: '13800000003',
  personal: '13800000004',
  multiOrg: '13800000005',
};
const SESSION_KEY = 'feikong.session';
const KEPT = ['agreement_accepted', 'balance_warning_shown', 'remembered_device_token', 'remembered_phone'];
const API = '/auth-center/api/v1';

const dataDir = process.env.E2E_DATA_DIR;
function db(readonly = true) {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (run through scripts/e2e.sh)');
  return new Database(path.join(dataDir, 'feikong.db'), { readonly, fileMustExist: true });
}

/** The newest SMS code sent to `phone` for `purpose` after outbox row `afterId`, read from the outbox. */
async function smsCode(phone: string, purpose: string, afterId: number): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const conn = db();
    try {
      const row = conn
        .prepare(
          'select id, content from sms_outbox where phone = ? and purpose = ? and id > ? order by id desc limit 1',
        )
        .get(phone, purpose, afterId) as { id: number; content: string } | undefined;
      const code = row && /(\d{6})/.exec(row.content)?.[1];
      if (code) return code;
    } finally {
      conn.close();
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${phone}`);
}

function lastOutboxId(): number {
  const conn = db();
  try {
    return (conn.prepare('select coalesce(max(id), 0) as id from sms_outbox').get() as { id: number }).id;
  } finally {
    conn.close();
  }
}

const session = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>,
    SESSION_KEY,
  );

async function acceptAgreement(page: Page) {
  const box = page.getByRole('checkbox', { name: /我已阅读并同意/ });
  if (!(await box.isChecked())) await box.check();
}

async function passwordLogin(
  page: Page,
  phone: string,
  password = PASSWORD,
  opts: { remember?: boolean } = {},
) {
  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').first().fill(phone);
  await page.getByPlaceholder('请输入密码').fill(password);
  if (opts.remember) await page.getByRole('checkbox', { name: '记住密码' }).check();
  await acceptAgreement(page);
  await page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
}

async function expectSignedIn(page: Page) {
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('app-header')).toBeVisible();
}

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

test.describe('identity and session', () => {
  test('password login lands on home with the session of spec §4.1', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '密码登录' })).toBeVisible();
    await shot(page, 'login.png');

    await passwordLogin(page, DEMO.admin);
    await expectSignedIn(page);
    const s = await session(page);
    expect(s.token).toBeTruthy();
    // The store writes only values that differ from its defaults (ui_type fee_control is the default).
    expect(s).toMatchObject({ userStatus: 2, register_status: 2, top_org_name: '演示集团' });
    expect(s.ui_type ?? 'fee_control').toBe('fee_control');
    expect(s.daily_login_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.stringify(s)).not.toContain(PASSWORD);
    await shot(page, 'home-after-login.png');
  });

  test('SMS-code login with the code from the outbox', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: '验证码登录' }).click();
    const pane = page.getByRole('tabpanel', { name: '验证码登录' });
    await pane.getByPlaceholder('请输入手机号').fill(DEMO.staff);
    const before = lastOutboxId();
    await pane.getByRole('button', { name: '获取验证码' }).click();
    await expect(pane.getByRole('button', { name: /重新发送\(\d+s\)/ })).toBeDisabled();
    const code = await smsCode(DEMO.staff, 'login', before);
    await pane.getByPlaceholder('请输入验证码').fill(code);
    await acceptAgreement(page);
    await shot(page, 'login-sms.png');
    await pane.getByRole('button', { name: /登\s*录/ }).click();
    await expectSignedIn(page);
    expect(await session(page)).toMatchObject({ username: '员工乙', userStatus: 2 });
  });

  test('login is refused without the agreement, and a bad phone is flagged', async ({ page }) => {
    await page.goto('/login');
    await page.getByPlaceholder('请输入手机号').first().fill('2380000');
    await page
      .getByRole('button', { name: /登\s*录/ })
      .first()
      .click();
    await expect(page.getByText('手机号格式错误')).toBeVisible();
    await page.getByPlaceholder('请输入手机号').first().fill(DEMO.admin);
    await page.getByPlaceholder('请输入密码').fill(PASSWORD);
    await page
      .getByRole('button', { name: /登\s*录/ })
      .first()
      .click();
    await expect(toast(page, '请先阅读并同意用户协议和隐私政策')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await passwordLogin(page, DEMO.approver, 'Wrong12345');
    await expect(toast(page, '手机号或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect((await session(page)).token).toBeUndefined();
  });

  test('a wrong SMS code shows the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: '验证码登录' }).click();
    const pane = page.getByRole('tabpanel', { name: '验证码登录' });
    await pane.getByPlaceholder('请输入手机号').fill(DEMO.approver);
    const before = lastOutboxId();
    await pane.getByRole('button', { name: '获取验证码' }).click();
    const code = await smsCode(DEMO.approver, 'login', before);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await pane.getByPlaceholder('请输入验证码').fill(wrong);
    await acceptAgreement(page);
    await pane.getByRole('button', { name: /登\s*录/ }).click();
    await expect(toast(page, '验证码错误或已失效')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the agreement pages are public and readable', async ({ page }) => {
    await page.goto('/agreement/user');
    await expect(page.getByRole('heading', { name: '费控用户服务协议' })).toBeVisible();
    await expect(page.getByText('二、账号注册与使用')).toBeVisible();
    await page.goto('/agreement/privacy');
    await expect(page.getByRole('heading', { name: '费控隐私政策' })).toBeVisible();
    await shot(page, 'agreement-privacy.png');
  });

  test('记住密码 keeps a device token, never the password, and logs in with it next time', async ({
    page,
  }) => {
    await passwordLogin(page, DEMO.admin, PASSWORD, { remember: true });
    await expectSignedIn(page);
    const first = await session(page);
    expect(first.remembered_device_token).toBeTruthy();
    expect(first.remembered_phone).toBe(DEMO.admin);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page).toHaveURL(/\/login$/);

    // Every storage of the origin: no password, plain or base64.
    const storage = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(storage).not.toContain(PASSWORD);
    expect(storage).not.toContain(Buffer.from(PASSWORD).toString('base64'));
    expect(storage.toLowerCase()).not.toContain('password');

    await expect(page.getByPlaceholder('请输入手机号').first()).toHaveValue(DEMO.admin);
    await expect(page.getByPlaceholder('请输入密码')).not.toHaveValue('');
    await expect(page.getByRole('checkbox', { name: '记住密码' })).toBeChecked();
    const sent = page.waitForRequest((r) => r.url().includes(`${API}/users:login`) && r.method() === 'POST');
    await page
      .getByRole('button', { name: /登\s*录/ })
      .first()
      .click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({ phone: DEMO.admin, device_token: first.remembered_device_token });
    await expectSignedIn(page);
  });

  test('switch organisation (13800000005): tags 已过期 and 当前所在, the confirm text, then 切换成功！', async ({
    page,
  }) => {
    markOrganisationExpired('过期示例公司');
    await passwordLogin(page, DEMO.multiOrg);
    await expectSignedIn(page);
    const before = await session(page);
    await page.getByTestId('org-switcher').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '切换组织' });
    await expect(dialog).toBeVisible();
    const current = dialog.locator('label').filter({ hasText: '演示集团' });
    const expired = dialog.locator('label').filter({ hasText: '过期示例公司' });
    await expect(current.getByText('当前所在')).toBeVisible();
    await expect(expired.getByText('已过期')).toBeVisible();
    await shot(page, 'switch-org-dialog.png');

    await expired.click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定要切换到组织【过期示例公司】吗？' });
    await expect(confirm).toBeVisible();
    await shot(page, 'switch-org-confirm.png');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(toast(page, '切换成功！')).toBeVisible();
    await expect.poll(async () => (await session(page)).top_org_name).toBe('过期示例公司');
    const after = await session(page);
    expect(after.token).not.toBe(before.token);
    // The old token was revoked by the switch.
    const old = await page.request.get(`${API}/users/staff`, {
      headers: { 'X-Session-Token': String(before.token) },
    });
    expect([98002005, 98002006]).toContain(((await old.json()) as { status: number }).status);
  });

  test('personal account 13800000004: signs in, no organisation to bind, sensible personal pages', async ({
    page,
  }) => {
    await passwordLogin(page, DEMO.personal);
    await expectSignedIn(page);
    await expect(page.getByText('请选择您所在的组织')).toHaveCount(0);
    expect(await session(page)).toMatchObject({ userStatus: 1, register_status: 2 });
    expect((await session(page)).need_bind_org ?? false).toBe(false);
    expect((await session(page)).last_logged_org ?? null).toBeNull();

    await page.goto('/orgInfo');
    await expect(page.getByText('您还未加入到任何组织，请先加入组织')).toBeVisible();
    await page.goto('/userInfo');
    await expect(page.locator('.ant-tag').filter({ hasText: '个人账号' })).toBeVisible();
    await expect(page.getByText('您当前为个人账号，尚未加入任何组织')).toBeVisible();
    await expect(page.getByText('未加入组织').first()).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 1000 });
    await shot(page, 'user-info-personal.png');
  });

  test('a person added as staff after signing up gets the bind dialog and binds', async ({ page }) => {
    const phone = '13900000077';
    // Sign up by SMS: a personal account with no organisation.
    await page.goto('/login');
    await page.getByRole('tab', { name: '验证码登录' }).click();
    const pane = page.getByRole('tabpanel', { name: '验证码登录' });
    await pane.getByPlaceholder('请输入手机号').fill(phone);
    const before = lastOutboxId();
    await pane.getByRole('button', { name: '获取验证码' }).click();
    await pane.getByPlaceholder('请输入验证码').fill(await smsCode(phone, 'login', before));
    await acceptAgreement(page);
    await pane.getByRole('button', { name: /登\s*录/ }).click();
    await expectSignedIn(page);
    expect(await session(page)).toMatchObject({ userStatus: 0 });

    // An administrator adds the phone as staff of 演示集团 (through the org API when it is there).
    await addStaff(page, phone, '新员工丙');

    // The person sets a password (as /setPassword does) so the next sign-in needs no second SMS.
    const { token } = await session(page);
    const set = await page.request.post(`${API}/users:password`, {
      headers: { 'X-Session-Token': String(token) },
      data: { password: 'Bind@12345' },
    });
    expect(((await set.json()) as { status: number }).status).toBe(0);

    // Next sign-in: no last organisation, one to choose → the bind dialog (not closable).
    await page.evaluate((key) => localStorage.removeItem(key), SESSION_KEY);
    await passwordLogin(page, phone, 'Bind@12345');
    const bind = page.getByRole('dialog').filter({ hasText: '请选择您所在的组织' });
    await expect(bind).toBeVisible();
    await expect(bind.getByText('演示科技有限公司')).toBeVisible();
    await expect(bind.getByText('税号：91310115MA1K4QXX1B')).toBeVisible();
    await expect(bind.getByRole('button', { name: /取\s*消/ })).toHaveCount(0);
    await shot(page, 'bind-org-dialog.png');
    await bind.getByRole('button', { name: /确\s*定/ }).click();
    await expect(toast(page, '请选择要绑定的组织！')).toBeVisible();
    await bind.locator('label').filter({ hasText: '演示集团' }).first().click();
    await bind.getByRole('button', { name: /确\s*定/ }).click();
    await expect(toast(page, '绑定成功！')).toBeVisible();
    await expectSignedIn(page);
    expect(await session(page)).toMatchObject({ userStatus: 2, top_org_name: '演示集团' });
    expect((await session(page)).need_bind_org ?? false).toBe(false);
  });

  test('logout asks 确定退出当前账号？ and keeps only the kept keys', async ({ page }) => {
    await passwordLogin(page, DEMO.approver);
    await expectSignedIn(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定退出当前账号？' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page).toHaveURL(/\/login$/);
    const s = await session(page);
    expect(Object.keys(s).every((k) => KEPT.includes(k))).toBe(true);
    expect(s).toMatchObject({ remembered_phone: DEMO.approver, agreement_accepted: true });
    expect(s.token).toBeUndefined();
  });

  test('an expired token ends on /login with 登录过期，请重新登录 shown once', async ({ page }) => {
    await passwordLogin(page, DEMO.staff);
    await expectSignedIn(page);
    const { token } = await session(page);
    // Revoke the session on the server, as an expiry or a sign-out elsewhere would.
    const res = await page.request.post(`${API}/users:logout`, {
      headers: { 'X-Session-Token': String(token) },
      data: {},
    });
    expect(res.ok()).toBe(true);
    await page.goto('/userInfo'); // several calls fail together with 98002005/98002006
    await expect(page).toHaveURL(/\/login/);
    await expect(toast(page, '登录过期，请重新登录')).toHaveCount(1);
    await page.waitForTimeout(800);
    await expect(toast(page, '登录过期，请重新登录')).toHaveCount(1);
    expect((await session(page)).token).toBeUndefined();
  });

  test('a link with token and orgId signs in with them and lands on /', async ({ page }) => {
    const login = await page.request.post(`${API}/users:login`, {
      data: { phone: DEMO.multiOrg, password: PASSWORD },
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const orgs = await page.request.get(`${API}/users:view/organizations`, {
      headers: { 'X-Session-Token': token },
    });
    const list = (
      (await orgs.json()) as { data: { org_id: number; org_name: string; is_current: boolean }[] }
    ).data;
    const other = list.find((o) => !o.is_current)!;
    await page.goto(`/userInfo?token=${encodeURIComponent(token)}&orgId=${other.org_id}`);
    await expect(page).not.toHaveURL(/token=/);
    await expect.poll(async () => (await session(page)).top_org_name).toBe(other.org_name);
  });

  test('user info shows masked data and edits go through dialogs', async ({ page }) => {
    test.setTimeout(90_000); // five dialogs and two pages: over 30 s on a busy machine
    await passwordLogin(page, DEMO.admin);
    await expectSignedIn(page);
    await page.goto('/userInfo');
    await expect(page.getByText('138****0001').first()).toBeVisible();

    await page.getByRole('button', { name: /编辑资料/ }).click();
    const account = page.getByRole('dialog').filter({ hasText: '编辑个人资料' });
    await account.getByPlaceholder('请输入18位身份证号').fill('110101199003074518');
    await account.getByRole('button', { name: /确\s*定/ }).click();
    await expect(toast(page, '个人资料已保存')).toBeVisible();
    await expect(page.getByText('110101********4518')).toBeVisible();

    await page.getByRole('button', { name: /添加银行卡/ }).click();
    const bank = page.getByRole('dialog').filter({ hasText: '添加银行卡' });
    await bank.getByRole('combobox', { name: '开户银行' }).fill('招商银行');
    await bank.getByPlaceholder('请输入银行卡号').fill('6225880112345678');
    await bank.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('6225 8801 1234 5678')).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 1000 }); // the shell scrolls inside: show the whole page
    await shot(page, 'user-info.png');
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole('button', { name: /修改密码/ }).click();
    const pwd = page.getByRole('dialog').filter({ hasText: '修改密码' });
    await expect(pwd.getByPlaceholder('请输入原密码')).toBeVisible();
    await pwd.getByRole('button', { name: /取\s*消/ }).click();

    await page.goto('/orgInfo');
    await expect(page.getByText('91310000MA1FL0001X')).toBeVisible();
    await expect(page.getByText('演示科技有限公司')).toBeVisible();
    await shot(page, 'org-info.png');
  });
});

/** Gives an organisation an expired product version (the demo seed has none yet). */
function markOrganisationExpired(name: string) {
  const conn = db(false);
  try {
    const org = conn.prepare('select id from organizations where name = ? and pid = 0').get(name) as
      { id: number } | undefined;
    if (!org) throw new Error(`no organisation ${name}`);
    const now = Date.now();
    const latest = conn
      .prepare(
        'select expired_at from tenant_product_versions where tenant_id = ? order by activated_at desc, id desc limit 1',
      )
      .get(org.id) as { expired_at: number } | undefined;
    if (latest && latest.expired_at < now) return;
    const columns = (
      conn.prepare('pragma table_info(tenant_product_versions)').all() as { name: string }[]
    ).map((c) => c.name);
    const row: Record<string, unknown> = {
      tenant_id: org.id,
      product_version_name: '标准版',
      activated_at: now - 400 * 86_400_000,
      expired_at: now - 30 * 86_400_000,
      is_test_version: 0,
      charging_mode: 1,
      created_at: now,
    };
    const keys = Object.keys(row).filter((k) => columns.includes(k));
    conn
      .prepare(
        `insert into tenant_product_versions (${keys.join(',')}) values (${keys.map((k) => '@' + k).join(',')})`,
      )
      .run(Object.fromEntries(keys.map((k) => [k, row[k]])));
  } finally {
    conn.close();
  }
}

/** Adds `phone` as active staff of 演示集团: by the org API as the demo admin, else straight into the database. */
async function addStaff(page: Page, phone: string, name: string) {
  const login = await page.request.post(`${API}/users:login`, {
    data: { phone: DEMO.admin, password: PASSWORD },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await page.request.post('/org-arch-center/api/v1/users:post', {
    headers: { 'X-Session-Token': token },
    data: { name, phone, org_id: 2, dept_ids: [] },
  });
  const reply = (await res.json().catch(() => ({ status: -1 }))) as { status: number };
  if (reply.status === 0) return;
  const conn = db(false);
  try {
    const user = conn.prepare('select id from users where phone = ?').get(phone) as { id: number };
    const group = conn.prepare("select id from organizations where name = '演示集团' and pid = 0").get() as {
      id: number;
    };
    const company = conn.prepare("select id from organizations where name = '演示科技有限公司'").get() as {
      id: number;
    };
    const now = Date.now();
    conn
      .prepare(
        `insert into staff (tenant_id, user_id, org_id, name, phone, email, job_no, status, grade_id, job_id, title_id,
          show_guide_group, created_at, updated_at, resigned_at)
         values (?, ?, ?, ?, ?, null, null, 1, null, null, null, 1, ?, ?, null)`,
      )
      .run(group.id, user.id, company.id, name, phone, now, now);
  } finally {
    conn.close();
  }
}
