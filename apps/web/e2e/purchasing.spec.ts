import { expect, test } from '@playwright/test';
import { apiAs, approveHere, submit } from './support/bill';
import { passwordLogin, shot, sidebar, toast, topMenu } from './support/demo';

// 采购管理 (issue 23, decision 0058) against the real built app and the demo seed: 员工乙 files a 采购申请 with
// two lines (采购管理 › 我的采购申请); 审批人甲 (their direct superior, the demo's 采购审批 flow) unticks one line
// (逐行审批) and approves; the 采购任务 holds only the approved line; 审批人甲 (also the buyer) places two orders
// against it and the task's 实际金额 follows; a second approved application's task and this one are merged into one
// order (合并下单), each order line keeping its task and application; the task is stopped (下单 is gone); the
// printable task detail is titled 演示集团采购单. Screenshots at 1440×900 and 1280×720 (the approval screen also 390×844) go to
// $E2E_SHOTS_DIR as purchasing-*.png.
// Run: npm run -s build && E2E_PORT=8372 MAIL_PORT=2672 bash scripts/e2e.sh e2e/purchasing.spec.ts

const APPROVER = '13800000002'; // 审批人甲: 员工乙's superior; 财务审批 group (buys too)
const STAFF = '13800000003'; // 员工乙: 普通员工 group (files 采购申请)
const RUN = Date.now() % 100000;
const TITLE = `采购旅程${RUN}`;

test.use({ viewport: { width: 1440, height: 900 } });

test('a 采购申请 approved line by line becomes a task; two orders move its amount; stopped; printed', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);

  // ---- 员工乙 files a 采购申请 with two lines
  await passwordLogin(page, STAFF);
  await topMenu(page).getByText('采购管理').click();
  await sidebar(page).getByText('我的采购申请').click();
  const list = page.getByTestId('bill-list');
  await expect(list).toBeVisible({ timeout: 20_000 });
  await list.getByRole('button', { name: /新建采购申请/ }).click();
  const edit = page.getByTestId('bill-edit');
  await expect(edit).toBeVisible({ timeout: 20_000 });
  await edit.getByLabel('事由', { exact: true }).fill(TITLE);
  const lines = edit.getByTestId('purchase-lines-editor');
  await lines.getByLabel('品名1').fill('笔记本电脑');
  await lines.getByLabel('规格1').fill('14寸 16G');
  await lines.getByLabel('数量1').fill('3');
  await lines.getByLabel('单价1').fill('6500');
  // 费用类型: the line occupies the 办公费 budget when the application is submitted.
  await lines.getByLabel('费用类型1').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('办公费').click();
  await lines.getByRole('button', { name: /添加明细/ }).click();
  await lines.getByLabel('品名2').fill('显示器');
  await lines.getByLabel('规格2').fill('27寸');
  await lines.getByLabel('数量2').fill('2');
  await lines.getByLabel('单价2').fill('1500');
  await expect(lines.getByTestId('purchase-total')).toContainText('22500.00');
  await shot(page, 'purchasing-apply-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'purchasing-apply-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  const bill = await submit(page, edit);
  await expect(bill.getByTestId('purchase-lines-panel')).toContainText('显示器', { timeout: 20_000 });
  await expect(
    bill.getByTestId('purchase-lines-panel').getByRole('row', { name: /笔记本电脑/ }),
  ).toContainText('办公费');
  await expect(page).toHaveURL(/\/bill\/detail\?id=\d+/);
  const billId = Number(new URL(page.url()).searchParams.get('id'));

  // ---- 审批人甲 unticks 显示器 (逐行审批) and approves
  const approverContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const approver = await approverContext.newPage();
  await passwordLogin(approver, APPROVER);
  await approver.goto(`/bill/detail?id=${billId}`);
  const panel = approver.getByTestId('purchase-lines-panel');
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await panel.getByLabel('同意-显示器').uncheck();
  await panel.getByRole('button', { name: /保存逐行审批/ }).click();
  await expect(toast(approver, '逐行审批已保存')).toBeVisible();
  await expect(panel).toContainText('同意 ¥19500.00');
  await shot(approver, 'purchasing-approve-1440.png');
  await approver.setViewportSize({ width: 1280, height: 720 });
  await shot(approver, 'purchasing-approve-1280.png');
  await approver.setViewportSize({ width: 390, height: 844 });
  await shot(approver, 'purchasing-approve-390.png');
  await approver.setViewportSize({ width: 1440, height: 900 });
  await approveHere(approver, '同意采购笔记本');
  await expect(panel.getByText('不同意')).toBeVisible({ timeout: 20_000 });

  // ---- the 采购任务 holds the approved line only
  const call = await apiAs(approver);
  const info = await call<{ purchase_task_id: number | null; bill_number: string }>(
    'GET',
    `/finobill/api/web/purchaseApply/info?bill_id=${billId}`,
  );
  expect(info.purchase_task_id).not.toBeNull();
  const taskId = info.purchase_task_id!;
  await topMenu(approver).getByText('采购管理').click();
  await sidebar(approver).getByText('采购任务', { exact: true }).click();
  await expect(approver).toHaveURL(/\/purchasing\/purchaseTask\/list/);
  const tasks = approver.getByTestId('purchase-task-list');
  await expect(tasks.getByTestId(`task-${taskId}`)).toBeVisible({ timeout: 20_000 });
  await shot(approver, 'purchasing-tasks-1440.png');
  await approver.setViewportSize({ width: 1280, height: 720 });
  await shot(approver, 'purchasing-tasks-1280.png');
  await approver.setViewportSize({ width: 1440, height: 900 });
  await tasks.getByTestId(`task-${taskId}`).click();
  const drawer = approver.getByTestId('purchase-task-drawer');
  await expect(drawer.getByTestId('task-lines')).toContainText('笔记本电脑', { timeout: 20_000 });
  await expect(drawer.getByTestId('task-lines')).not.toContainText('显示器');
  await expect(drawer.getByTestId('task-amount')).toHaveText('¥19500.00');
  await expect(drawer.getByTestId('task-real-amount')).toHaveText('¥0.00');

  // ---- two orders: 1 × ¥6,400.00, then 1 × ¥6,300.00; the task's 实际金额 follows
  const order = async (price: string, supplier: string) => {
    await drawer.getByRole('button', { name: /^下\s*单$/ }).click();
    const dialog = approver.getByRole('dialog', { name: '下采购订单' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('供应商').fill(supplier);
    await dialog.getByLabel('下单数量-笔记本电脑').fill('1');
    await dialog.getByLabel('单价-笔记本电脑').fill(price);
    await expect(dialog.getByTestId('order-total')).toContainText(`${price}.00`);
    await dialog.getByRole('button', { name: /确定下单/ }).click();
    await expect(toast(approver, '订单已创建').first()).toBeVisible(); // the previous order's may still show
    await expect(dialog).toBeHidden();
  };
  await order('6400', '京东企业购');
  await expect(drawer.getByTestId('task-real-amount')).toHaveText('¥6400.00', { timeout: 20_000 });
  await order('6300', '苏宁易购');
  await expect(drawer.getByTestId('task-real-amount')).toHaveText('¥12700.00', { timeout: 20_000 });
  await expect(drawer.getByTestId('task-orders').locator('.ant-table-row')).toHaveCount(2);
  await shot(approver, 'purchasing-task-orders-1440.png');
  await approver.setViewportSize({ width: 1280, height: 720 });
  await shot(approver, 'purchasing-task-orders-1280.png');
  await approver.setViewportSize({ width: 1440, height: 900 });

  // ---- 合并下单: a second approved 采购申请 (filed and approved through the API), then one order over the open
  // lines of both tasks; each order line keeps its task and application
  const asStaff = await apiAs(page);
  const second = await asStaff<{ id: number }>('POST', '/finobill/api/web/flow/save', {
    billType: 'purchase',
    title: `${TITLE}-2`,
  });
  await asStaff('POST', '/finobill/api/web/purchaseApply/lines', {
    bill_id: second.id,
    lines: [
      { name: '打印机', spec: 'A4', quantity: 1, price: 120_000, expect_date: Date.now() + 86_400_000 },
    ],
  });
  await asStaff('POST', '/finobill/api/web/flow/submit', { id: second.id });
  await call('POST', '/finobill/api/web/flow/approve', { id: second.id, opinion: '同意' });
  const secondTask = (
    await call<{ purchase_task_id: number }>(
      'GET',
      `/finobill/api/web/purchaseApply/info?bill_id=${second.id}`,
    )
  ).purchase_task_id;
  await approver.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await approver.reload();
  await expect(tasks.getByTestId(`task-${secondTask}`)).toBeVisible({ timeout: 20_000 });
  for (const id of [taskId, secondTask])
    await tasks
      .locator('.ant-table-row')
      .filter({ has: approver.getByTestId(`task-${id}`) })
      .getByRole('checkbox')
      .check();
  await tasks.getByRole('button', { name: /合并下单/ }).click();
  const merged = approver.getByRole('dialog', { name: '下采购订单' });
  await expect(merged).toContainText('打印机', { timeout: 20_000 });
  await merged.getByLabel('供应商').fill('得力办公');
  await merged.getByLabel('下单数量-笔记本电脑').fill('1');
  await merged.getByLabel('下单数量-打印机').fill('1');
  await expect(merged.getByTestId('order-total')).toContainText('7700.00');
  await shot(approver, 'purchasing-merge-1440.png');
  await merged.getByRole('button', { name: /确定下单/ }).click();
  await expect(toast(approver, '订单已创建').first()).toBeVisible();
  const mergedOrders = await call<{ items: { id: number; supplier: string }[] }>(
    'POST',
    '/lcb-purchase-center/api/v1/web/purchase-order/list',
    { purchase_task_id: secondTask },
  );
  const mergedOrder = await call<{ lines: { purchase_task_id: number; bill_id: number }[] }>(
    'GET',
    `/lcb-purchase-center/api/v1/web/purchase-order/info?purchase_order_id=${mergedOrders.items[0]!.id}`,
  );
  expect(mergedOrder.lines.map((l) => [l.purchase_task_id, l.bill_id])).toEqual([
    [taskId, billId],
    [secondTask, second.id],
  ]);
  await tasks.getByTestId(`task-${taskId}`).click();
  await expect(drawer.getByTestId('task-real-amount')).toHaveText('¥19200.00', { timeout: 20_000 });

  // ---- 终止: the task refuses new orders (下单 is gone)
  await drawer.getByRole('button', { name: /^终\s*止$/ }).click();
  await approver.getByRole('button', { name: /^确\s*定$|^OK$/ }).click();
  await expect(toast(approver, '采购任务已终止')).toBeVisible();
  await expect(drawer.getByTestId('task-status')).toHaveText('已终止', { timeout: 20_000 });
  await expect(drawer.getByRole('button', { name: /^下\s*单$/ })).toHaveCount(0);

  // ---- 采购订单 lists both
  await approver.keyboard.press('Escape');
  await sidebar(approver).getByText('采购订单', { exact: true }).click();
  const orders = approver.getByTestId('purchase-order-list');
  await expect(orders.getByText('苏宁易购')).toBeVisible({ timeout: 20_000 });
  await expect(orders.getByText('京东企业购')).toBeVisible();
  await expect(orders.getByText('得力办公')).toBeVisible();
  await shot(approver, 'purchasing-orders-1440.png');

  // ---- the printable task detail: 演示集团采购单
  await approver.goto(`/subForm/purchaseTaskDetail/0/0?id=${taskId}`);
  const sheet = approver.getByTestId('purchase-task-print');
  await expect(sheet).toBeVisible({ timeout: 20_000 });
  await expect(sheet.getByRole('heading', { level: 1 })).toHaveText('演示集团采购单');
  await expect(sheet).toContainText('笔记本电脑');
  await expect(sheet).toContainText('19200.00');
  await shot(approver, 'purchasing-print-1440.png');
  await approver.setViewportSize({ width: 1280, height: 720 });
  await shot(approver, 'purchasing-print-1280.png');
  await approverContext.close();
});
