import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { passwordLogin } from './support/demo';

// Every list screen on the list frame (components/ListPage, decision 0029), signed in as the demo
// administrator, at 1280×720 and 1440×900: the key column, the amounts and the statuses (headers the frame
// marks data-col-role) lie inside the table's visible area without scrolling, left of the fixed 操作
// column; where the rest does not fit, a scroll bar is drawn. Screenshots of 我的待办, 我的单据, 流程干预,
// 我的发票, 待收发票, 组织与员工, 订单记录 and 下载中心 go to the temp dir's feikong-list-shots
// (E2E_LIST_SHOTS) to read as a user would.
// Run: npm run -s build && E2E_PORT=8104 MAIL_PORT=2604 bash scripts/e2e.sh e2e/list-columns.spec.ts

const ADMIN = '13800000001';
const SHOTS = process.env.E2E_LIST_SHOTS ?? path.join(os.tmpdir(), 'feikong-list-shots');
fs.mkdirSync(SHOTS, { recursive: true });

const LISTS: { path: string; name: string; shot?: string }[] = [
  { path: '/todo/list', name: '我的待办', shot: 'todo' },
  { path: '/todo/list?tab=done', name: '我的待办 已审批' },
  { path: '/todo/submitted', name: '我发起的' },
  { path: '/bill/expense', name: '我的单据', shot: 'bill' },
  { path: '/flow/intervene', name: '流程干预', shot: 'intervene' },
  { path: '/invoice/personList', name: '我的发票', shot: 'invoice' },
  { path: '/invoice/orgList', name: '组织发票' },
  { path: '/scenes/invoiceCenter', name: '发票中心' },
  { path: '/invoice/taskCheck', name: '查验记录' },
  { path: '/invoice/repairInvoice', name: '补录发票' },
  { path: '/invoice/voucher', name: '发票凭证' },
  { path: '/flow/list', name: '审批流程' },
  { path: '/flow/formList', name: '表单管理' },
  { path: '/flow/agent', name: '审批代理' },
  { path: '/flow/matrix', name: '审批矩阵' },
  { path: '/setcenter/auditRule', name: '智能规则集' },
  { path: '/setcenter/invoiceCompliance', name: '发票合规' },
  { path: '/invoice/dueIn', name: '待收发票', shot: 'due' },
  { path: '/invoice/dueIn?view=org', name: '组织待收' },
  { path: '/setcenter/org/staff', name: '组织与员工', shot: 'staff' },
  { path: '/setcenter/org/log', name: '操作日志' },
  { path: '/setcenter/org/syncConflict?status=all', name: '同步冲突处理' },
  { path: '/setcenter/org/userGroup', name: '用户组' },
  { path: '/setcenter/org/account', name: '账户管理' },
  { path: '/setcenter/org/title', name: '职称' },
  { path: '/setcenter/org/grade', name: '职级' },
  { path: '/setcenter/org/grade?tab=jobs', name: '职位' },
  { path: '/setcenter/org/company', name: '公司地址' },
  { path: '/setcenter/dictionary', name: '数据字典' },
  { path: '/setcenter/announcement', name: '公告管理' },
  { path: '/setcenter/mobileSetting', name: '移动端设置' },
  { path: '/setcenter/rightRecharge/tenantOrder', name: '订单记录', shot: 'orders' },
  { path: '/setcenter/rightRecharge/tenantInvoice', name: '开票记录' },
  { path: '/setcenter/permission/member', name: '成员管理' },
  { path: '/setcenter/permission/group', name: '权限组' },
  { path: '/scenes/quotaRelease/list', name: '发放列表' },
  { path: '/scenes/quotaRelease/plan', name: '发放规则' },
  { path: '/scenes/quota/list', name: '额度列表' },
  { path: '/scenes/quota/byUser', name: '按员工查看' },
  { path: '/scenes/quota/operateRecord', name: '额度操作记录' },
  { path: '/scenes/quota/changeRecord', name: '额度变动记录' },
  { path: '/project/projectList', name: '项目列表' },
  { path: '/setcenter/feeTypes', name: '费用类型', shot: 'feeTypes' },
  { path: '/budget/budgetList', name: '预算列表' },
  { path: '/downloadcenter', name: '下载中心', shot: 'downloads' },
  { path: '/emailInvoice', name: '专属邮箱' },
];

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];

/** Each marked header's box against the table's visible box and the fixed right column; '' when all fit. */
async function hiddenColumns(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    document.querySelectorAll<HTMLElement>('.fk-list').forEach((list) => {
      const container = list.querySelector<HTMLElement>('.ant-table-container');
      if (!container || container.offsetParent === null) return;
      const area = container.getBoundingClientRect();
      const fixedRight = [...list.querySelectorAll<HTMLElement>('thead th.ant-table-cell-fix-right')]
        .map((th) => th.getBoundingClientRect().left)
        .filter((x) => x > 0);
      const right = Math.min(area.right, ...fixedRight);
      list.querySelectorAll<HTMLElement>('thead th[data-col-role]').forEach((th) => {
        const box = th.getBoundingClientRect();
        if (box.left < area.left - 1 || box.right > right + 1)
          out.push(
            `${th.textContent?.trim()} (${th.dataset.colRole}) at ${Math.round(box.left)}–${Math.round(box.right)}, visible up to ${Math.round(right)}`,
          );
      });
      if (list.querySelectorAll('thead th[data-col-role]').length === 0) out.push('no marked columns');
    });
    return out;
  });
}

/**
 * Opens a list as the menu does: in the running app (the router follows history), not by reloading it — a
 * reload per list was most of this journey's time. The frames on screen are marked first, so the checks wait
 * for the new list's frame, never the one being left. A list reached by a change of query alone (the same
 * screen, which may keep its frame) is loaded afresh instead.
 */
async function openList(page: Page, to: string, from: string) {
  if (!from || to.split('?')[0] === from.split('?')[0]) {
    await page.goto(to);
    return;
  }
  await page.evaluate((url) => {
    document.querySelectorAll('.fk-list').forEach((el) => el.setAttribute('data-left', ''));
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await expect(page).toHaveURL(to);
}

// One test a size: each visits every list once, signed in once.
for (const size of SIZES) {
  test(`every list shows its key, amount and status columns without scrolling at ${size.width}×${size.height}`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(600_000);
    const context = await browser.newContext({ baseURL, viewport: size });
    const page = await context.newPage();
    await passwordLogin(page, ADMIN);
    let shown = '';
    for (const list of LISTS) {
      await openList(page, list.path, shown);
      shown = list.path;
      const frame = page.locator('.fk-list:not([data-left])').first();
      await expect(frame, list.name).toBeVisible({ timeout: 20_000 });
      await expect(frame.locator('.ant-table-tbody')).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Reached in the running app, the page's network went idle long ago: wait for the list's own fetch.
      await expect(frame.locator('.ant-spin-spinning')).toHaveCount(0);
      expect(await hiddenColumns(page), `${list.name} at ${size.width}×${size.height}`).toEqual([]);
      // A table wider than its area scrolls, with the frame's always-drawn bar (classic, not an overlay:
      // antd's scrollbar-color reset). Headless Chromium runs with --hide-scrollbars, so the bar itself
      // cannot be measured here; the styles that draw it can.
      const scroll = await frame.evaluate((el) => {
        const body = el.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
        const table = el.querySelector<HTMLElement>('.ant-table');
        return {
          overflow: body ? body.scrollWidth - body.clientWidth : 0,
          overflowX: body ? getComputedStyle(body).overflowX : '',
          color: table ? getComputedStyle(table).scrollbarColor : '',
        };
      });
      if (scroll.overflow > 0) {
        expect(['auto', 'scroll'], `${list.name} scrolls`).toContain(scroll.overflowX);
        expect(scroll.color, `${list.name}: the bar is not an overlay`).toBe('auto');
      }
      if (list.shot)
        await page.screenshot({ path: `${SHOTS}/${list.shot}-${size.width}x${size.height}.png` });
    }
    await context.close();
  });
}
