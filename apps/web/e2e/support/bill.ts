import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { passwordLogin, sidebar, topMenu } from './demo';

// What the 单据 journeys share: the expense flow they run on (published through the real API), filling and
// submitting an expense as 员工乙 does, and 同意 on the detail page.

export const FINOBILL = '/finobill/api/web';
const ADMIN = '13800000001'; // 演示管理员

/** The session token of the user signed in on `page`. */
export const sessionToken = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('feikong.session') ?? '{}') as { token?: string }).token ?? '',
  );

/** Calls the API as the user signed in on `page` (their session token); fails the journey on an error reply. */
export async function apiAs(page: Page) {
  const headers = { 'X-Session-Token': await sessionToken(page) };
  return async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const r =
      method === 'GET'
        ? await page.request.get(path, { headers })
        : await page.request.post(path, { headers, data: body });
    const env = (await r.json()) as { status: number; msg: string; data: T };
    expect(env.status, `${path}: ${env.msg}`).toBe(0);
    return env.data;
  };
}

/**
 * The administrator publishes the expense flow the journey runs on, through the real flow-design API (what
 * the designer saves): 部门审批 then 财务审批, both 审批人甲; 财务审批 rejects back to 部门审批 by default.
 * Any other enabled expense flow is switched off, so the documents take this one.
 */
export async function publishExpenseFlow(
  browser: Browser,
  baseURL: string | undefined,
  names: { group: string; flow: string } = { group: '报销流程（旅程）', flow: '差旅报销审批' },
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await passwordLogin(page, ADMIN);
  const call = await apiAs(page);
  const staff = await call<{ items: { id: number; real_name: string }[] }>(
    'GET',
    `/org-arch-center/api/v1/users?keyword=${encodeURIComponent('审批人甲')}&page_num=1&page_size=20&status=1`,
  );
  const approverId = String(staff.items.find((s) => s.real_name === '审批人甲')!.id);
  // A retried journey finds the group its first try made.
  const groups = await call<{ id: number; name: string }[]>('GET', `${FINOBILL}/group/list`);
  const group =
    groups.find((g) => g.name === names.group) ??
    (await call<{ id: number }>('POST', `${FINOBILL}/group/save`, { name: names.group }));
  const flows = await call<{ items: { id: number; name: string; enabled: boolean }[] }>(
    'GET',
    `${FINOBILL}/flowDesign/pageList?billType=expense&pageNum=1&pageSize=100`,
  );
  for (const f of flows.items.filter((x) => x.enabled))
    await call('POST', `${FINOBILL}/flowDesign/enable`, { id: f.id, enabled: false });
  // A retried journey finds the flow its first try published (names are unique): it is enabled again.
  const made = flows.items.find((f) => f.name === names.flow);
  if (made) {
    await call('POST', `${FINOBILL}/flowDesign/enable`, { id: made.id, enabled: true });
    await context.close();
    return { flowId: made.id, approverId };
  }
  const approverNode = (id: string, name: string, next: string, onReject: object) => ({
    id,
    name,
    type: 'approver',
    next,
    sources: [{ kind: 'staff', staffIds: [approverId] }],
    mode: { kind: 'orSign' },
    whenEmpty: 'admin',
    onReject,
    selfApprove: 'superior',
  });
  const flow = await call<{ id: number }>('POST', `${FINOBILL}/flowDesign/save`, {
    name: names.flow,
    groupId: group.id,
    billType: 'expense',
    nodes: [
      { id: 'start', name: '发起', type: 'start', next: 'dept' },
      approverNode('dept', '部门审批', 'finance', { kind: 'end' }),
      approverNode('finance', '财务审批', 'end', { kind: 'back', nodeId: 'dept' }),
      { id: 'end', name: '结束', type: 'end' },
    ],
  });
  await call('POST', `${FINOBILL}/flowDesign/publish`, { id: flow.id });
  await call('POST', `${FINOBILL}/flowDesign/enable`, { id: flow.id, enabled: true });
  await context.close();
  return { flowId: flow.id, approverId };
}

/** Types a day into an antd DatePicker input and confirms it. */
export async function pickDay(input: Locator, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

/**
 * Opens 我的单据 › 报销单 and starts a new one. The demo's 报销单 form (差旅报销单) asks for 出差事由: it is
 * filled with `reason`.
 */
export async function newExpense(page: Page, reason = '拜访客户') {
  await topMenu(page).getByText('我的单据').click();
  await sidebar(page).getByText('报销单').click();
  const list = page.getByTestId('bill-list');
  await expect(list).toBeVisible({ timeout: 20_000 });
  await list.getByRole('button', { name: /新建报销单/ }).click();
  const edit = page.getByTestId('bill-edit');
  await expect(edit).toBeVisible({ timeout: 20_000 });
  const why = edit.getByTestId('form-runtime').getByLabel('出差事由');
  await expect(why).toBeVisible({ timeout: 20_000 });
  await why.fill(reason);
  return edit;
}

/** Fills fee line `n` (1-based) with a fee type, an invoice of the caller (or an amount) and a day. */
export async function feeLine(
  page: Page,
  edit: Locator,
  n: number,
  feeType: string,
  invoice: string,
  day: string,
) {
  await edit.getByLabel(`费用类型${n}`).click();
  await page.getByTitle(feeType, { exact: true }).click();
  await pickDay(edit.getByLabel(`发生日期${n}`), day);
  if (/^¥/.test(invoice)) {
    await edit.getByLabel(`金额${n}`).fill(invoice.slice(1));
    return;
  }
  await edit
    .getByTestId('fee-lines')
    .getByRole('button', { name: '选择发票' })
    .nth(n - 1)
    .click();
  const picker = page.getByRole('dialog', { name: '选择发票' });
  await picker.getByRole('row', { name: new RegExp(invoice) }).click();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(picker).toBeHidden();
  await expect(edit.getByTestId(`line-invoice-${invoice}`)).toBeVisible();
}

/** Submits the form; when the flow asks for 自选 approvers, picks 审批人甲. Ends on the detail page. */
export async function submit(page: Page, edit: Locator) {
  await edit.getByRole('button', { name: /^提\s*交$/ }).click();
  const detail = page.getByTestId('bill-detail');
  const choose = page.getByTestId('choose-approvers');
  await expect(detail.or(choose)).toBeVisible({ timeout: 20_000 });
  if (await choose.isVisible()) {
    for (const box of await choose.getByRole('combobox').all()) {
      await box.fill('审批人');
      await page.getByText('审批人甲').last().click();
    }
    await page
      .getByRole('dialog', { name: '选择审批人' })
      .getByRole('button', { name: /提\s*交/ })
      .click();
  }
  await expect(detail).toBeVisible({ timeout: 20_000 });
  return detail;
}

/** 同意 on the open detail page, with an opinion; waits until the timeline holds it. */
export async function approveHere(page: Page, opinion: string) {
  const seen = page.getByTestId('bill-detail');
  await seen
    .getByTestId('bill-actions')
    .getByRole('button', { name: /^同\s*意$/ })
    .click();
  const agree = page.getByRole('dialog', { name: '同意' });
  await agree.getByLabel('审批意见').fill(opinion);
  await agree.getByRole('button', { name: /确\s*定/ }).click();
  await expect(agree).toBeHidden({ timeout: 20_000 });
  await expect(seen.getByTestId('approval-timeline')).toContainText(opinion, { timeout: 20_000 });
}
