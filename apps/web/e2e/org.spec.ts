import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { pickStaff } from './support/demo';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// 设置中心 › 组织架构 and the download centre against the real built app and the demo seed:
// build a small org (a department), add staff, export members and download the file from the
// download centre (read back with exceljs), import a member file with 2 bad rows, and look at
// every org screen. Screenshots go to $E2E_SHOTS_DIR (default: shots/ in the temp dir) as org-*.png.

const PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'Demo@123456';
const ADMIN = '13800000001';
const SHOTS = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'shots');
const SESSION_KEY = 'feikong.session'; // stores/session.ts SESSION_STORAGE_KEY
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `${SHOTS}/${name}`, fullPage });

/** A phone number nobody in the seed has (the run's clock makes it unique per run). */
const RUN = String(Date.now()).slice(-7);
const phone = (n: number) =>
  `139${String(Number(RUN) + n * 1_000_003)
    .slice(-8)
    .padStart(8, '0')}`;

async function apiLogin(request: APIRequestContext, phoneNo: string) {
  const res = await request.post('/auth-center/api/v1/users:login', {
    data: { phone: phoneNo, password: PASSWORD },
  });
  const body = await res.json();
  expect(body.status, body.msg).toBe(0);
  return body.data as Record<string, unknown>;
}

/** Signs in through the API and stores the session the way the client does. */
async function signIn(page: Page, phoneNo: string, to: string) {
  const d = await apiLogin(page.request, phoneNo);
  await page.goto('/login');
  await page.evaluate(
    ([key, data]) =>
      localStorage.setItem(
        key,
        JSON.stringify({
          token: data.token,
          username: data.username,
          phone: data.phone,
          userStatus: data.userStatus,
          last_logged_org: data.last_logged_org,
          top_org_id: data.top_org_id,
          top_org_name: data.top_org_name,
          ui_type: data.ui_type,
          agreement_accepted: true,
        }),
      ),
    [SESSION_KEY, d] as const,
  );
  await page.goto(to);
  await expect(page.getByTestId('app-header')).toBeVisible({ timeout: 20_000 });
}

async function readXlsx(download: Download): Promise<ExcelJS.Worksheet> {
  const file = path.join(os.tmpdir(), `org-e2e-${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  const head = fs.readFileSync(file).subarray(0, 2).toString('latin1');
  expect(head, 'an .xlsx is a zip file').toBe('PK');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb.worksheets[0];
}

const rowValues = (sheet: ExcelJS.Worksheet, n: number) =>
  (sheet.getRow(n).values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)));

const treeNode = (page: Page, name: string) =>
  page.getByTestId('org-tree').locator('.fk-org-node-name', { hasText: new RegExp(`^${name}$`) });
const sidebar = (page: Page) => page.getByTestId('app-sidebar');

test.use({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
test.setTimeout(120_000);

test.describe.serial('organisation, background tasks and the download centre', () => {
  const DEPT = `测试部${RUN.slice(-3)}`;
  const STAFF_NAME = `测试员工${RUN.slice(-3)}`;
  const STAFF_PHONE = phone(1);

  test('admin builds a department, adds staff, exports members and downloads the file', async ({ page }) => {
    await signIn(page, ADMIN, '/setcenter/org/staff');
    await expect(page.getByTestId('org-staff-page')).toBeVisible();
    await expect(page.getByTestId('breadcrumb')).toHaveText('设置中心/组织架构/组织与员工');
    await expect(sidebar(page).getByText('组织与员工')).toBeVisible();
    await expect(page.getByRole('cell', { name: '演示管理员' }).first()).toBeVisible();

    // a department under 演示科技有限公司
    await treeNode(page, '演示科技有限公司').click();
    await expect(page.locator('.fk-org-head .fk-page-title')).toHaveText('演示科技有限公司');
    await page
      .getByTestId('org-tree')
      .getByRole('button', { name: /新\s*增/ })
      .click();
    await page.getByRole('menuitem', { name: '在「演示科技有限公司」下新增部门' }).click();
    const deptDialog = page.getByRole('dialog', { name: /新增部门/ });
    await expect(deptDialog.locator('input[disabled]')).toHaveValue('演示科技有限公司');
    await deptDialog.getByLabel('部门名称').fill(DEPT);
    await deptDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('新增成功')).toBeVisible();
    await expect(treeNode(page, DEPT)).toBeVisible();
    // the new department is selected: its (empty) staff list
    await expect(page.locator('.fk-org-head .fk-page-title')).toHaveText(DEPT);
    await expect(page.locator('.fk-org-crumb')).toHaveText(`演示集团 / 演示科技有限公司 / ${DEPT}`);

    // 编辑 the department: 部门负责人 审批人甲 (what a flow's "department head" approver reads); the dialog
    // shows the saved head when opened again.
    const editDept = async () => {
      await treeNode(page, DEPT).hover();
      await page.getByRole('button', { name: `${DEPT}的操作` }).click();
      await page.getByRole('menuitem', { name: '编辑' }).click();
      const d = page.getByRole('dialog', { name: '编辑部门' });
      await expect(d.getByLabel('部门名称')).toHaveValue(DEPT);
      return d;
    };
    let headDialog = await editDept();
    await pickStaff(
      page,
      headDialog.getByTestId('staff-picker'),
      '审批人',
      '审批人甲',
      headDialog.getByText('部门负责人', { exact: true }),
    );
    await headDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(headDialog).toBeHidden();
    headDialog = await editDept();
    await expect(headDialog.getByTestId('staff-picker')).toContainText('审批人甲');
    await shot(page, 'org-dept-head-dialog.png');
    await headDialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect(headDialog).toBeHidden();

    // deleting 研发部 is refused with the server's reason (it has staff)
    await treeNode(page, '研发部').hover();
    await page.getByRole('button', { name: '研发部的操作' }).click();
    await expect(page.getByRole('menuitem', { name: '新增子部门' })).toBeVisible();
    await shot(page, 'org-tree-menu.png');
    await page.getByRole('menuitem', { name: '删除' }).click();
    await expect(page.getByText(/该部门下还有\d+名在职员工，不能删除/)).toBeVisible();
    await page.getByRole('button', { name: '知道了' }).click();
    await treeNode(page, DEPT).click();

    // staff in the new department: company and department come preselected
    await page.getByRole('button', { name: /新增员工/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增员工' });
    await dialog.getByLabel('姓名').fill(STAFF_NAME);
    await dialog.getByLabel('手机号').fill('2380013800');
    await dialog.getByLabel('邮箱').fill('bad@mail');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.getByText('手机号格式错误')).toBeVisible();
    await expect(dialog.getByText('邮箱格式错误')).toBeVisible();
    // a phone already in the organisation (员工乙's): the server's refusal shows under 手机号, not as a toast
    await dialog.getByLabel('手机号').fill('13800000003');
    await dialog.getByLabel('邮箱').fill('tester@example.com');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.getByText('该手机号已存在于本组织')).toBeVisible();
    await expect(page.getByText('该手机号已存在于本组织')).toHaveCount(1);
    await shot(page, 'org-staff-phone-taken.png');
    await dialog.getByLabel('手机号').fill(STAFF_PHONE);
    await dialog.getByLabel('工号').fill(`E${RUN}`);
    await expect(dialog.locator('.ant-select-selection-item', { hasText: DEPT })).toBeVisible();
    await dialog.getByLabel('职级').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="P3"]').click();
    await shot(page, 'org-staff-dialog.png');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(STAFF_NAME) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(STAFF_PHONE);
    await expect(row).toContainText('P3');

    // batch update: nothing selected is refused; then the new staff member gets a job
    await page.getByRole('button', { name: /批量修改/ }).click();
    await expect(page.getByText('请至少选择一条数据！')).toBeVisible();
    await row.getByRole('checkbox').check();
    await expect(page.getByTestId('selection-bar')).toContainText('已选择 1 人');
    await page
      .getByRole('button', { name: /批量修改/ })
      .first()
      .click();
    const batch = page.getByRole('dialog', { name: /批量修改/ });
    await batch.getByLabel('职位').check();
    await batch.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="后端工程师"]').click();
    await shot(page, 'org-batch.png');
    await batch.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('已修改1名员工')).toBeVisible();
    await expect(row).toContainText('后端工程师');

    await treeNode(page, '演示集团').click();
    await expect(page.getByRole('row', { name: new RegExp(STAFF_NAME) })).toBeVisible();
    await shot(page, 'org-staff.png');

    // export the members of the new department: a background task, polled, the file opens itself
    await treeNode(page, DEPT).click();
    await expect(page.getByRole('row', { name: new RegExp(STAFF_NAME) })).toBeVisible();
    const autoDownload = page.waitForEvent('download');
    await page.getByTestId('export-button').click();
    await page.getByRole('menuitem', { name: '导出成员（按当前筛选）' }).click();
    await expect(page.getByText('导出任务已创建，完成后将自动下载，也可在下载中心查看')).toBeVisible();
    await expect(page.getByText('成员导出成功')).toBeVisible({ timeout: 30_000 });
    const auto = await readXlsx(await autoDownload);
    expect(rowValues(auto, 2)).toContain(STAFF_NAME);

    // the header's download icon leads to the download centre; the file downloads from there too
    await page.getByRole('button', { name: '下载中心' }).click();
    await expect(page).toHaveURL(/\/downloadcenter$/);
    const center = page.getByTestId('download-center-page');
    await expect(center).toBeVisible();
    const taskRow = center.getByRole('row', { name: /成员导出/ }).first();
    await expect(taskRow).toContainText('成功');
    await expect(taskRow).toContainText('共 1 条');
    await expect(center.locator('.ant-spin-blur')).toHaveCount(0);
    await page.waitForTimeout(400);
    await shot(page, 'org-downloadcenter.png');
    const downloadEvent = page.waitForEvent('download');
    await taskRow.getByRole('link', { name: /下载/ }).click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const sheet = await readXlsx(download);
    const header = rowValues(sheet, 1);
    expect(header.slice(0, 6)).toEqual(['姓名', '手机号', '邮箱', '工号', '所属公司', '所属部门']);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => rowValues(sheet, i + 2));
    const mine = rows.find((r) => r[0] === STAFF_NAME);
    expect(mine, 'the new staff member is in the export').toBeTruthy();
    expect(mine!.slice(1, 6)).toEqual([
      STAFF_PHONE,
      'tester@example.com',
      `E${RUN}`,
      '演示科技有限公司',
      DEPT,
    ]);
    expect(rows).toHaveLength(1); // filtered to the department

    // a finished task can be deleted (after a confirmation); other journeys may have left export tasks too
    const exportRows = center.getByRole('row', { name: /成员导出/ });
    const before = await exportRows.count();
    await taskRow.getByRole('button', { name: /删\s*除/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(exportRows).toHaveCount(before - 1);
  });

  test('imports a member file with 2 bad rows: counts, failure file and records', async ({ page }) => {
    await signIn(page, ADMIN, '/setcenter/org/staff');
    await page.getByRole('button', { name: /导入/ }).click();
    await page.getByRole('menuitem', { name: '成员导入' }).click();
    await expect(page).toHaveURL(/\/setcenter\/org\/staffImportFile$/);
    const importPage = page.getByTestId('staff-import-page');
    await expect(importPage).toBeVisible();
    await expect(page.getByTestId('breadcrumb')).toHaveText('设置中心/组织架构/组织与员工/成员导入');

    // step 1: the template (fetched with the session header, saved from memory)
    const templateEvent = page.waitForEvent('download');
    await importPage.getByRole('button', { name: /下载模板/ }).click();
    const template = await templateEvent;
    expect(template.suggestedFilename()).toBe('成员导入模板.xlsx');
    const header = rowValues(await readXlsx(template), 1);
    expect(header).toEqual(['姓名', '手机号', '邮箱', '工号', '所属公司', '所属部门', '职级', '职位']);

    // a file from the template's header: 3 good rows, 2 bad ones
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('导入数据');
    ws.addRow(header);
    const good = [
      ['导入甲', phone(11), 'jia@example.com', 'I001', '演示科技有限公司', '研发部', 'P2', '前端工程师'],
      ['导入乙', phone(12), '', 'I002', '演示科技有限公司', '财务部', '', ''],
      ['导入丙', phone(13), '', '', '演示贸易有限公司', '销售部', 'P1', '销售经理'],
    ];
    const bad = [
      ['坏手机号', '12345', '', '', '演示科技有限公司', '研发部', '', ''],
      ['坏公司', phone(14), '', '', '不存在的公司', '研发部', '', ''],
    ];
    for (const r of [...good, ...bad]) ws.addRow(r);
    const file = path.join(os.tmpdir(), `成员导入-${RUN}.xlsx`);
    await wb.xlsx.writeFile(file);

    // a wrong file type is refused before upload
    const wrong = path.join(os.tmpdir(), `成员导入-${RUN}.csv`);
    fs.writeFileSync(wrong, 'a,b\n');
    await importPage.locator('input[type=file]').setInputFiles(wrong);
    await expect(page.getByText('仅支持 .xlsx 格式的 Excel 文件').first()).toBeVisible();

    // a CSV saved with an .xlsx name passes the picker; the import task fails with the reason
    const disguised = path.join(os.tmpdir(), `伪装-${RUN}.xlsx`);
    fs.writeFileSync(disguised, '姓名,手机号\n张三,13800138000\n');
    await importPage.locator('input[type=file]').setInputFiles(disguised);
    await importPage.getByRole('button', { name: /开始导入/ }).click();
    await expect(page.getByTestId('import-result')).toContainText('导入文件不是有效的 Excel（.xlsx）文件', {
      timeout: 30_000,
    });
    await shot(page, 'org-import-invalid.png', true);

    // step 2: upload and start
    await importPage.locator('input[type=file]').setInputFiles(file);
    await expect(page.getByTestId('import-file')).toContainText(`成员导入-${RUN}.xlsx`);
    await importPage.getByRole('button', { name: /开始导入/ }).click();

    // step 3: polled result (spec §4.3, §8)
    await expect(page.getByTestId('import-result-text')).toHaveText('成功 3 条，失败 2 条!', {
      timeout: 30_000,
    });
    await expect(page.locator('.ant-message-notice', { hasText: '成功 3 条，失败 2 条!' })).toBeVisible();
    const failLink = page.getByTestId('failure-file');
    await expect(failLink).toBeVisible();
    await shot(page, 'org-import.png', true);
    const failEvent = page.waitForEvent('download');
    await failLink.click();
    const failSheet = await readXlsx(await failEvent);
    const failHeader = rowValues(failSheet, 1);
    expect(failHeader).toContain('失败原因');
    const reasons = [rowValues(failSheet, 2), rowValues(failSheet, 3)].map((r) => r[r.length - 1]);
    expect(reasons.join('|')).toContain('手机号格式错误');
    expect(reasons.join('|')).toContain('不存在');

    // the import records refresh: the newest row is this import
    const records = page.getByTestId('import-records');
    await expect(records.getByRole('row').nth(1)).toContainText(`成员导入-${RUN}.xlsx`);
    await expect(records.getByRole('row').nth(1)).toContainText('成功');

    // the imported staff are in the list
    await page.getByRole('button', { name: '返回' }).click();
    await page.getByPlaceholder('搜索姓名、手机号或工号').fill('导入甲');
    await expect(page.getByRole('row', { name: /导入甲/ })).toBeVisible();
  });

  test('the other organisation screens', async ({ page }) => {
    await signIn(page, ADMIN, '/setcenter/org/company');
    await expect(page.getByTestId('company-info-page')).toBeVisible();
    await expect(page.locator('.ant-descriptions')).toContainText('演示集团');
    await page.getByRole('option', { name: /演示科技有限公司/ }).click();
    await expect(page.locator('.ant-descriptions')).toContainText('91310115MA1K4QXX1B');
    await expect(page.getByText('上海市浦东新区张江高科技园区博云路2号')).toBeVisible();
    await shot(page, 'org-company.png');

    await sidebar(page).getByText('职级职位').click();
    await expect(page.getByTestId('job-grade-page')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'P5', exact: true })).toBeVisible();
    // P3 is held by staff: deleting it is refused with the reason
    await page.getByRole('row', { name: /^P3/ }).getByRole('button', { name: '删除' }).click();
    await expect(page.getByText(/该职级下还有\d+名员工，不能删除/)).toBeVisible();
    await page.getByRole('button', { name: '知道了' }).click();
    await shot(page, 'org-grade.png');

    await sidebar(page).getByText('职称').click();
    await expect(page.getByTestId('title-page')).toBeVisible();
    await expect(page.getByRole('cell', { name: '会计师' })).toBeVisible();
    await shot(page, 'org-title.png');

    await sidebar(page).getByText('城市维护').click();
    await expect(page.getByTestId('city-group-page')).toBeVisible();
    await expect(page.getByText('上海市').first()).toBeVisible();
    await page.getByRole('button', { name: /选择城市/ }).click();
    await expect(page.getByTestId('city-picker')).toBeVisible();
    await page.getByTestId('city-picker').getByPlaceholder('搜索省份或城市').fill('杭州');
    await page.getByTestId('city-picker').getByText('杭州市').click();
    await expect(page.getByTestId('city-picker').getByText('已选 5 个城市')).toBeVisible();
    // one of 浙江省's cities is chosen: the province is half-checked, not checked, though the search shows only 杭州市
    const zhejiang = page.getByTestId('city-picker').locator('.ant-tree-treenode', { hasText: '浙江省' });
    await expect(zhejiang.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
    await shot(page, 'org-city.png');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText('已保存，共 5 个城市')).toBeVisible();

    await sidebar(page).getByText('用户组').click();
    await expect(page.getByTestId('user-group-page')).toBeVisible();
    await shot(page, 'org-usergroup.png');

    await sidebar(page).getByText('账户管理').click();
    await expect(page.getByTestId('account-page')).toBeVisible();
    await expect(page.getByRole('cell', { name: '招商银行上海张江支行' })).toBeVisible();
    await shot(page, 'org-account.png');

    await sidebar(page).getByText('操作日志').click();
    await expect(page.getByTestId('operation-log-page')).toBeVisible();
    await expect(page.getByRole('row', { name: /新增部门「测试部/ }).first()).toBeVisible();
    const batchRow = page.getByRole('row', { name: /批量修改员工「测试员工/ }).first();
    await batchRow.getByText('查看').click();
    const drawer = page.getByTestId('log-detail');
    await expect(drawer.getByText('变更明细')).toBeVisible();
    // ids are shown as names; the changed field is highlighted
    await expect(drawer.locator('tr.fk-diff-changed')).toContainText('后端工程师');
    await expect(drawer.getByRole('row', { name: /所属公司/ })).toContainText('演示科技有限公司');
    await page.waitForTimeout(400);
    await shot(page, 'org-log.png');
  });

  test('moves a department by drag: under 研发部, then before 财务部', async ({ page }) => {
    await signIn(page, ADMIN, '/setcenter/org/staff');
    const tree = page.getByTestId('org-tree');
    const row = (name: string) =>
      tree.locator('.ant-tree-treenode', {
        has: page.locator('.fk-org-node-name', { hasText: new RegExp(`^${name}$`) }),
      });
    const drag = async (name: string, target: string, where: 'into' | 'before') => {
      const from = (await row(name).boundingBox())!;
      const to = (await row(target).boundingBox())!;
      await page.mouse.move(from.x + 120, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + 130, from.y + from.height / 2 - 8, { steps: 4 });
      // antd nests by horizontal offset: right of the start and low on the target = into it;
      // back at the start's x and high on the target = the gap before it.
      if (where === 'into') await page.mouse.move(from.x + 200, to.y + to.height * 0.75, { steps: 8 });
      else await page.mouse.move(from.x + 120, to.y + 3, { steps: 8 });
      await page.mouse.up();
      await expect(page.locator('.ant-message-notice', { hasText: '调整成功' }).last()).toBeVisible();
    };

    await drag(DEPT, '研发部', 'into');
    await treeNode(page, DEPT).click();
    await expect(page.locator('.fk-org-crumb')).toHaveText(`演示集团 / 演示科技有限公司 / 研发部 / ${DEPT}`);
    await shot(page, 'org-tree-dragged.png');

    await drag(DEPT, '财务部', 'before');
    await expect(page.locator('.fk-org-crumb')).toHaveText(`演示集团 / 演示科技有限公司 / ${DEPT}`);
    const names = await tree.locator('.fk-org-node-name').allTextContents();
    expect(names.indexOf(DEPT)).toBe(names.indexOf('财务部') - 1);

    await sidebar(page).getByText('操作日志').click();
    await expect(page.getByRole('row', { name: /调整部门排序/ }).first()).toBeVisible();
  });
});
