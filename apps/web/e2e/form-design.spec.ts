import { expect, test } from '@playwright/test';
import { pickDay, submit as submitBill } from './support/bill';
import { passwordLogin, shot, sidebar, toast, topMenu } from './support/demo';

// 自定义表单 against the real built app and the demo seed: the administrator designs a 报销单 form with a
// required text field (出差事由) and a money field (预算金额) in 表单设计 — a bad key is shown beside its field
// before saving — and publishes it (已发布第 1 版); 员工乙's 填写单据 of a 报销单 then carries both fields,
// submitting without 出差事由 says so at the field, and once filled the document's 单据详情 shows the values
// under their titles. At the end the form is switched off (a used form cannot be deleted), so the other
// journeys' 报销单 are filled with the demo seed's 差旅报销单 form again (switched back on).
// Run: node scripts/build.mjs --force && bash scripts/e2e.sh e2e/form-design.spec.ts

const ADMIN = '13800000001'; // 演示管理员
const STAFF = '13800000003'; // 员工乙
const FORM = '差旅报销单（自定义表单）';

test('the administrator designs and publishes a 报销单 form; 员工乙 fills its fields; the detail shows them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await passwordLogin(page, ADMIN);
  await topMenu(page).getByText('审批流管理').click();
  await sidebar(page).getByText('表单管理').click();
  const list = page.getByTestId('form-list');
  await expect(list).toBeVisible({ timeout: 20_000 });
  await list.getByRole('button', { name: '新建表单' }).click();
  const edit = page.getByTestId('form-edit');
  await expect(edit).toBeVisible({ timeout: 20_000 });
  await edit.getByLabel('表单名称').fill(FORM);

  // 单行文本 → 出差事由, required; a key starting with a digit is refused beside the field.
  const palette = page.getByTestId('form-palette');
  const props = page.getByTestId('form-props');
  const canvas = page.getByTestId('form-canvas');
  await palette.getByRole('button', { name: '单行文本' }).click();
  await props.getByLabel('标题').fill('出差事由');
  await props.getByLabel('字段标识').fill('1reason');
  await expect(canvas.getByTestId('form-field-0')).toContainText('字段标识须以字母开头');
  await props.getByLabel('字段标识').fill('tripReason');
  await expect(canvas.getByTestId('form-field-0')).not.toContainText('字段标识须以字母开头');
  await props.getByText('必填').click();
  await props.getByLabel('提示文字').fill('写明拜访的客户');
  // 金额 → 预算金额
  await palette.getByRole('button', { name: '金额' }).click();
  await props.getByLabel('标题').fill('预算金额');
  await props.getByLabel('字段标识').fill('budget');
  const preview = page.getByTestId('form-preview');
  await expect(preview.getByLabel('出差事由')).toBeVisible();
  await expect(preview.getByLabel('预算金额')).toBeVisible();
  await expect(canvas.getByTestId('form-field-0')).toContainText('* 出差事由');
  await shot(page, 'form-designer.png');
  await edit.getByRole('button', { name: /^发\s*布$/ }).click();
  await expect(toast(page, '已发布第 1 版')).toBeVisible({ timeout: 20_000 });
  await expect(edit.getByTestId('form-version')).toHaveText('当前版本 V1', { timeout: 20_000 });

  // 员工乙 files a 报销单: the form's fields are on it.
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await staff.setViewportSize({ width: 1600, height: 1000 });
  await passwordLogin(staff, STAFF);
  await topMenu(staff).getByText('我的单据').click();
  await sidebar(staff).getByText('报销单').click();
  const bills = staff.getByTestId('bill-list');
  await expect(bills).toBeVisible({ timeout: 20_000 });
  await bills.getByRole('button', { name: /新建报销单/ }).click();
  const bill = staff.getByTestId('bill-edit');
  await expect(bill).toBeVisible({ timeout: 20_000 });
  const runtime = bill.getByTestId('form-runtime');
  await expect(runtime.getByLabel('出差事由')).toBeVisible({ timeout: 20_000 });
  await expect(runtime.getByPlaceholder('写明拜访的客户')).toBeVisible();
  await bill.getByLabel('事由', { exact: true }).fill('杭州客户拜访');
  await bill.getByLabel('费用类型1').click();
  await staff.getByTitle('办公费', { exact: true }).click();
  await pickDay(bill.getByLabel('发生日期1'), '2026-11-20');
  await bill.getByLabel('金额1').fill('88');
  await runtime.getByLabel('预算金额').fill('1234.56');
  await bill.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(runtime.getByText('请填写出差事由')).toBeVisible();
  await expect(staff.getByTestId('bill-detail')).toHaveCount(0);
  await runtime.getByLabel('出差事由').fill('拜访杭州客户，洽谈续约');
  await shot(staff, 'form-runtime.png');
  const detail = await submitBill(staff, bill);
  const custom = detail.getByTestId('bill-custom-fields');
  await expect(custom).toContainText('出差事由', { timeout: 20_000 });
  await expect(custom).toContainText('拜访杭州客户，洽谈续约');
  await expect(custom).toContainText('预算金额');
  await expect(custom).toContainText('¥1234.56');
  await shot(staff, 'form-bill-detail.png');
  // The /web-form/ sub-app: the document on its own lists the values under their titles; runStart fills
  // a new 报销单 with the same form.
  const id = new URL(staff.url()).searchParams.get('id');
  await staff.goto(`/web-form/subForm/run/${id}/0`);
  await expect(staff.getByText('拜访杭州客户，洽谈续约')).toBeVisible({ timeout: 20_000 });
  await expect(staff.getByText('¥1234.56')).toBeVisible();
  await shot(staff, 'form-subapp-document.png');
  await staff.goto('/web-form/subForm/runStart?type=expense');
  await expect(staff.getByTestId('form-runtime').getByLabel('出差事由')).toBeVisible({ timeout: 20_000 });
  await shot(staff, 'form-subapp-runstart.png');
  await staffContext.close();

  // Restore: the form is used by a document now, so 删除 is refused; 停用 takes it off new 报销单.
  await page.getByRole('button', { name: '返回表单列表' }).click();
  await expect(list).toBeVisible({ timeout: 20_000 });
  const row = list.getByRole('row', { name: new RegExp(FORM) });
  await expect(row).toContainText('V1');
  await row.getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  const refusal = page.getByRole('dialog', { name: '无法删除' });
  await expect(refusal).toBeVisible({ timeout: 20_000 });
  await refusal.getByRole('button', { name: '知道了' }).click();
  await row.getByRole('switch', { name: `启用${FORM}` }).click();
  await expect(toast(page, '已停用')).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('已停用');
  // Publishing ours switched off the demo seed's 差旅报销单 (one form per bill type): it is the 报销单 form again.
  const demo = list.getByRole('row').filter({ has: page.getByText('差旅报销单', { exact: true }) });
  await demo.getByRole('switch').click();
  await expect(toast(page, '已启用')).toBeVisible({ timeout: 20_000 });
  await expect(demo).toContainText('已发布');
});
