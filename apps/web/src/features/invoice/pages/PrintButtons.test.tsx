import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer, toasts } from '@/test/screenHarness';
import { page, row } from '../test/fixtures';
import InvoiceCenterPage from './InvoiceCenterPage';
import OrgListPage from './OrgListPage';

// 打印 / 导出 on 发票中心 (invoice:export, one's own invoices) and 组织发票 (orgInvoice:view: the
// export/custom route admits either permission).

vi.setConfig({ testTimeout: 60_000 });
const W = '/invoice/api/web/invoice';
const printButton = () => screen.queryByRole('button', { name: /^打\s*印$/ });

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root').forEach((n) => n.remove());
});

describe('打印 and 导出 on the invoice lists', () => {
  it('发票中心 shows them to invoice:export only; rows become selectable', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['invoiceCenter:view'] } });
    stubServer({ [`GET ${W}/pageList`]: () => page([row(1)]) });
    const first = renderAt(<InvoiceCenterPage />, '/scenes/invoiceCenter');
    await screen.findByText('兰溪市悦济舫餐厅', undefined, { timeout: 15_000 });
    expect(printButton()).toBeNull();
    first.unmount();

    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['invoiceCenter:view', 'invoice:export'] } });
    renderAt(<InvoiceCenterPage />, '/scenes/invoiceCenter');
    await screen.findByText('兰溪市悦济舫餐厅', undefined, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: /^导\s*出$/ }));
    await waitFor(() => expect(toasts()).toContain('请先选择数据！'));
    expect(document.querySelectorAll('.ant-table-row .ant-checkbox-input')).toHaveLength(1);
  });

  it('导出 downloads the file and names what was left out', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['invoiceCenter:view', 'invoice:export'] } });
    stubServer({
      [`GET ${W}/pageList`]: () => page([row(1)]),
      [`POST ${W}/export/custom`]: () => ({
        url: '/x.pdf',
        fileName: '发票打印.pdf',
        printed: 1,
        skipped: [
          { invoiceId: 9, number: '12235358', reason: '文件“发票12235358.ofd”页数超过500页，无法导出' },
          { invoiceId: 8, number: '99999951', reason: '没有发票文件（手工录入）' },
        ],
        notice:
          '2 张发票未能导出：12235358（文件“发票12235358.ofd”页数超过500页，无法导出）；99999951（没有发票文件（手工录入））',
        attached: 0,
        attachments: [{ invoiceId: 7, number: '1', fileName: '合同.docx', fileType: 'docx', url: '/f/1' }],
      }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt(<InvoiceCenterPage />, '/scenes/invoiceCenter');
    await screen.findByText('兰溪市悦济舫餐厅', undefined, { timeout: 15_000 });
    fireEvent.click(document.querySelector<HTMLInputElement>('.ant-table-row .ant-checkbox-input')!);
    fireEvent.click(screen.getByRole('button', { name: /^导\s*出$/ }));
    await screen.findByTestId('print-dialog');
    fireEvent.click(screen.getAllByRole('button', { name: /^导\s*出$/ }).at(-1)!);
    await waitFor(() => expect(toasts()).toContain('导出成功'));
    expect(click).toHaveBeenCalled();
    // one message for everything left out, not one per file
    const left = toasts().filter((t) => t.includes('未能导出'));
    expect(left).toEqual([
      '2 张发票未能导出：12235358（文件“发票12235358.ofd”页数超过500页，无法导出）；99999951（没有发票文件（手工录入））；1 个附件请单独下载：1 合同.docx',
    ]);
    click.mockRestore();
  });

  it('组织发票 prints the selected invoices with orgInvoice:view', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['orgInvoice:view'] } });
    const api = stubServer({
      [`GET ${W}/pageList`]: () => page([row(1), row(2)]),
      [`GET ${W}/enumList`]: () => ({ items: [] }),
      [`POST ${W}/export/custom`]: () => ({
        url: '/x.pdf',
        fileName: '发票打印.pdf',
        printed: 1,
        skipped: [],
        notice: '',
        attached: 0,
        attachments: [],
      }),
      'GET /x.pdf': () => new Response(new Uint8Array([1]), { status: 200 }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderAt(<OrgListPage />, '/invoice/orgList');
    await screen.findByLabelText('查看发票83089642', undefined, { timeout: 15_000 });
    fireEvent.click(document.querySelectorAll<HTMLInputElement>('.ant-table-row .ant-checkbox-input')[1]);
    fireEvent.click(printButton()!);
    await screen.findByTestId('print-dialog');
    fireEvent.click(screen.getByRole('button', { name: /打印预览/ }));
    await screen.findByTestId('print-preview');
    expect(api.to(`POST ${W}/export/custom`)[0].body).toMatchObject({ invoiceIds: [2], displayMode: 'TWO' });
  });
});
