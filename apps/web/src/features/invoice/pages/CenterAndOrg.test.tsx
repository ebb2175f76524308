import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer, toasts } from '@/test/screenHarness';
import { detail, page, row } from '../test/fixtures';
import InvoiceCenterPage from './InvoiceCenterPage';
import InvoiceDetailPage from './InvoiceDetailPage';
import OrgListPage from './OrgListPage';

vi.setConfig({ testTimeout: 60_000 });

const W = '/invoice/api/web/invoice';
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });
const th = (title: string) =>
  [...document.querySelectorAll('th')].find((h) => h.textContent?.includes(title))!;

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root, .ant-dropdown').forEach((n) => n.remove());
});

describe('发票中心', () => {
  it('lists the caller’s invoices by tab; a row opens the detail page', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['invoiceCenter:view'] } });
    const api = stubServer({ [`GET ${W}/pageList`]: () => page([row(1)]) });
    const { router } = renderAt(<InvoiceCenterPage />, '/scenes/invoiceCenter');
    await screen.findByText('兰溪市悦济舫餐厅', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull(); // the centre only reads
    fireEvent.click(screen.getByTestId('tab-finishing'));
    await waitFor(() =>
      expect(api.to(`GET ${W}/pageList`).some((c) => c.query.get('tab') === 'finishing')).toBe(true),
    );
    expect(api.to(`GET ${W}/pageList`).every((c) => c.query.get('scope') === 'person')).toBe(true);
    fireEvent.click(screen.getByLabelText('查看发票83089641'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scenes/invoiceCenter/invoiceDetail'));
    expect(router.state.location.search).toBe('?invoiceId=1');
  });
});

describe('发票详情 page', () => {
  it('shows the fields, the attachments and the operation log', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['invoiceCenter:view'] } });
    const api = stubServer({
      [`GET ${W}/detail`]: () =>
        detail(5, {
          attachments: [
            {
              id: 1,
              fileKey: 'invoice/t1/a.pdf',
              fileName: '发票原件.pdf',
              createAt: 1_795_000_000_000,
              createBy: '员工乙',
              url: '/pub-svc-center/api/v1/files/download?key=invoice%2Ft1%2Fa.pdf',
            },
          ],
        }),
      [`GET ${W}/logList`]: () => ({
        items: [
          {
            id: 1,
            invoiceId: 5,
            action: '录入',
            content: '扫码录入发票',
            operatorName: '员工乙',
            createAt: 1_795_000_000_000,
          },
        ],
      }),
    });
    renderAt(<InvoiceDetailPage />, '/scenes/invoiceCenter/invoiceDetail?invoiceId=5');
    expect(await screen.findByTestId('invoice-fields-vat', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('发票原件.pdf')).toBeTruthy();
    expect(within(await screen.findByTestId('invoice-logs')).getByText('扫码录入发票')).toBeTruthy();
    expect(api.to(`GET ${W}/detail`)[0].query.get('invoiceId')).toBe('5');
    expect(api.to(`GET ${W}/logList`)[0].query.get('invoiceId')).toBe('5');
  });

  it('an invoice that is gone says so with a retry; a missing id asks for none', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['invoiceCenter:view'] } });
    stubServer({
      [`GET ${W}/detail`]: () =>
        new Response(JSON.stringify({ status: 11200404, msg: '发票不存在或已被删除', data: null }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      [`GET ${W}/logList`]: () => ({ items: [] }),
    });
    renderAt(<InvoiceDetailPage />, '/scenes/invoiceCenter/invoiceDetail?invoiceId=5');
    expect(await screen.findByText('发票详情加载失败', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText('空空如也~')).toBeTruthy(); // the log list
    cleanup();
    const api = stubServer({});
    renderAt(<InvoiceDetailPage />, '/scenes/invoiceCenter/invoiceDetail');
    expect(await screen.findByText('缺少发票ID')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

describe('发票详情 attachments', () => {
  const att = (id: number, fileName: string) => ({
    id,
    fileKey: `invoice/t1/2026/11/25/${id}.pdf`,
    fileName,
    createAt: 1_795_000_000_000,
    createBy: '员工乙',
    url: `/pub-svc-center/api/v1/files/download?key=invoice%2Ft1%2F2026%2F11%2F25%2F${id}.pdf`,
  });

  it('the owner uploads an attachment (signed upload, then attachment/upload) and deletes one', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['invoiceCenter:view', 'invoice:add'] } });
    const api = stubServer({
      [`GET ${W}/detail`]: () => detail(5, { attachments: [att(1, '旧附件.pdf')] }),
      [`GET ${W}/logList`]: () => ({ items: [] }),
      'GET /pub-svc-center/api/v1/file:sign': () => ({
        dir: 'invoice/t1/',
        policy: 'p',
        access_id: 'a',
        signature: 's',
        host: '/pub-svc-center/api/v1/files/upload',
        expire: Math.floor(Date.now() / 1000) + 86_400,
        max_size: 1_000_000,
        fields: { policy: 'p', OSSAccessKeyId: 'a', signature: 's', success_action_status: '200' },
      }),
      'POST /pub-svc-center/api/v1/files/upload': () => ({
        key: 'k',
        size: 1,
        content_type: 'application/pdf',
      }),
      [`POST ${W}/attachment/upload`]: (c) => {
        const b = c.body as { fileName: string };
        return detail(5, { attachments: [att(1, '旧附件.pdf'), att(2, b.fileName)] });
      },
      [`POST ${W}/attachment/delete`]: () => detail(5, { attachments: [] }),
    });
    renderAt(<InvoiceDetailPage />, '/scenes/invoiceCenter/invoiceDetail?invoiceId=5');
    expect(await screen.findByText('旧附件.pdf', undefined, { timeout: 15_000 })).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], '行程单.pdf')] } });
    expect(await screen.findByText('行程单.pdf')).toBeTruthy();
    const body = api.to(`POST ${W}/attachment/upload`)[0].body as Record<string, unknown>;
    expect(body.invoiceId).toBe(5);
    expect(body.fileName).toBe('行程单.pdf');
    expect(String(body.fileKey)).toMatch(/^invoice\/t1\/.+\.pdf$/);

    fireEvent.click(screen.getByLabelText('删除附件旧附件.pdf'));
    await screen.findByText('确定删除附件【旧附件.pdf】吗？');
    fireEvent.click(
      [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm-btns .ant-btn-dangerous')].at(-1)!,
    );
    await waitFor(() => expect(screen.queryByText('旧附件.pdf')).toBeNull());
    expect(api.to(`POST ${W}/attachment/delete`)[0].body).toEqual({ invoiceId: 5, attachmentId: 1 });
  });

  it('without invoice:add the attachments are read only', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['invoiceCenter:view'] } });
    stubServer({
      [`GET ${W}/detail`]: () => detail(5, { attachments: [att(1, '旧附件.pdf')] }),
      [`GET ${W}/logList`]: () => ({ items: [] }),
    });
    renderAt(<InvoiceDetailPage />, '/scenes/invoiceCenter/invoiceDetail?invoiceId=5');
    expect(await screen.findByText('旧附件.pdf', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /上传附件/ })).toBeNull();
    expect(screen.queryByLabelText('删除附件旧附件.pdf')).toBeNull();
  });
});

describe('发票详情 preview', () => {
  it('an attachment’s 预览 opens the file preview on that file; 上一个 reaches the invoice’s own OFD', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['invoiceCenter:view'] } });
    stubServer({
      [`GET ${W}/detail`]: () =>
        detail(5, {
          fileKey: 'invoice/t1/demo/a.ofd',
          fileName: '发票83089647.ofd',
          fileUrl: '/pub-svc-center/api/v1/files/download?key=invoice%2Ft1%2Fdemo%2Fa.ofd',
          attachments: [
            {
              id: 1,
              fileKey: 'invoice/t1/demo/b.png',
              fileName: '小票.png',
              createAt: 1_795_000_000_000,
              createBy: '员工乙',
              url: '/pub-svc-center/api/v1/files/download?key=invoice%2Ft1%2Fdemo%2Fb.png',
            },
          ],
        }),
      [`GET ${W}/logList`]: () => ({ items: [] }),
    });
    renderAt(<InvoiceDetailPage />, '/scenes/invoiceCenter/invoiceDetail?invoiceId=5');
    fireEvent.click(await screen.findByLabelText('预览附件小票.png', undefined, { timeout: 15_000 }));
    const preview = await screen.findByTestId('file-preview', undefined, { timeout: 15_000 });
    expect(preview.dataset.viewer).toBe('image');
    expect(screen.getByTestId('file-preview-title').textContent).toContain('小票.png');
    fireEvent.click(button('上一个'));
    await waitFor(() => expect(screen.getByTestId('file-preview').dataset.viewer).toBe('ofd'));
    expect(screen.getByTestId('file-preview-title').textContent).toContain('发票83089647.ofd');
    expect(screen.getByTestId('preview-invoice-file').textContent).toContain('查看发票原件');
  });
});

describe('组织发票', () => {
  it('an organisation the caller may not read (a hand-made URL) shows the server’s reason', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['orgInvoice:view'] } });
    stubServer({
      [`GET ${W}/pageList`]: (c) =>
        c.query.get('userOrgId') === '9'
          ? new Response(
              JSON.stringify({
                status: 11200403,
                msg: '您没有该组织的单据权限',
                data: { fields: [{ field: 'userOrgId', msg: '您没有该组织的单据权限' }] },
              }),
              { status: 403, headers: { 'Content-Type': 'application/json' } },
            )
          : page([row(1)]),
      [`GET ${W}/enumList`]: () => ({ items: [{ type: 'userOrg', items: [] }] }),
    });
    renderAt(<OrgListPage />, '/invoice/orgList?userOrgId=9');
    expect(
      (await screen.findByTestId('invoice-list-error', undefined, { timeout: 15_000 })).textContent,
    ).toContain('您没有该组织的单据权限');
    fireEvent.click(button('清空筛选'));
    expect(await screen.findByText('兰溪市悦济舫餐厅')).toBeTruthy();
  });

  it('filters by the organisations the server offers and removes the selected invoices with orgRemove', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['orgInvoice:view', 'orgInvoice:delete'] } });
    const api = stubServer({
      [`GET ${W}/pageList`]: () => page([row(1), row(2, { sellerName: '杭州融运科技有限公司' })]),
      [`GET ${W}/enumList`]: () => ({
        items: [{ type: 'userOrg', items: [{ key: '2', value: '演示科技' }] }],
      }),
      [`POST ${W}/orgRemove`]: (c) => ({ removed: (c.body as { invoiceIds: number[] }).invoiceIds.length }),
    });
    const { router } = renderAt(<OrgListPage />, '/invoice/orgList');
    await screen.findByText('杭州融运科技有限公司', undefined, { timeout: 15_000 });
    expect(api.to(`GET ${W}/pageList`)[0].query.get('scope')).toBe('org');

    fireEvent.click(button('批量删除'));
    await waitFor(() => expect(toasts()).toContain('请选择要操作的数据'));
    expect(api.to(`POST ${W}/orgRemove`)).toHaveLength(0);

    // the organisation filter lists only the enumList organisations
    await waitFor(() => expect(api.to(`GET ${W}/enumList`)).toHaveLength(1));
    fireEvent.click(th('所属组织').querySelector('.ant-table-filter-trigger')!);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['演示科技']);
    fireEvent.click(within(menu).getByText('演示科技'));
    fireEvent.click(
      within(menu.closest('.ant-table-filter-dropdown')!).getByRole('button', { name: /确\s*定|OK/ }),
    );
    await waitFor(() => expect(router.state.location.search).toContain('userOrgId=2'));
    await waitFor(() =>
      expect(api.to(`GET ${W}/pageList`).some((c) => c.query.get('userOrgId') === '2')).toBe(true),
    );

    const check = (i: number) =>
      document.querySelectorAll<HTMLInputElement>('tbody tr.ant-table-row .ant-checkbox-input')[i];
    fireEvent.click(check(0));
    await waitFor(() => expect(document.querySelectorAll('tbody tr.ant-table-row-selected')).toHaveLength(1));
    fireEvent.click(check(1));
    await waitFor(() => expect(document.querySelectorAll('tbody tr.ant-table-row-selected')).toHaveLength(2));
    fireEvent.click(button('批量删除'));
    expect(await screen.findByText('确定删除选中的2张发票吗？')).toBeTruthy();
    fireEvent.click(
      [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm-btns .ant-btn-dangerous')].at(-1)!,
    );
    await waitFor(() => expect(api.to(`POST ${W}/orgRemove`)).toHaveLength(1));
    expect(api.to(`POST ${W}/orgRemove`)[0].body).toEqual({ invoiceIds: [1, 2] });
    expect(api.to(`POST ${W}/remove`)).toHaveLength(0);
  });
});
