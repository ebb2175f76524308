import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply } from '@/test/fetch';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer, toasts } from '@/test/screenHarness';
import { useInvoicePrint } from './useInvoicePrint';
import type { PrintableInvoice } from './InvoicePrintDialog';

vi.setConfig({ testTimeout: 30_000 });
const EXPORT = 'POST /invoice/api/web/invoice/export/custom';
const PDF_URL = '/finopublic/api/web/file/download/x.pdf';
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

const INVOICES: PrintableInvoice[] = [
  { id: 7, number: '83089647', billingDate: Date.UTC(2020, 6, 23) },
  { id: 8, number: '33207675', billingDate: Date.UTC(2019, 4, 8) },
];

function Harness({ invoices }: { invoices: PrintableInvoice[] }) {
  const print = useInvoicePrint();
  return (
    <>
      <Button onClick={() => print.start('print', invoices)}>开始打印</Button>
      {print.node}
    </>
  );
}

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, top_org_id: 1, userMenus: { perms: ['*'] } });
  URL.createObjectURL = vi.fn(() => 'blob:print');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root').forEach((n) => n.remove());
});

const exported = {
  url: PDF_URL,
  fileName: '发票打印.pdf',
  printed: 2,
  skipped: [],
  notice: '',
  attached: 0,
  attachments: [],
};

describe('print content selection dialog and preview (spec 2.5, 5)', () => {
  it('says 请先选择数据！ with nothing selected', async () => {
    const api = stubServer({});
    renderAt(<Harness invoices={[]} />);
    fireEvent.click(button('开始打印'));
    await waitFor(() => expect(toasts()).toContain('请先选择数据！'));
    expect(screen.queryByTestId('print-dialog')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('is 728×500; refuses no print type; prints 每页4张 with remarks, then the 打印预览 layer at z-index 20002', async () => {
    const api = stubServer({
      [EXPORT]: () => exported,
      [`GET ${PDF_URL}`]: () => new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200 }),
    });
    renderAt(<Harness invoices={INVOICES} />);
    fireEvent.click(button('开始打印'));
    await screen.findByTestId('print-dialog');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('728px');
    expect((document.querySelector('.ant-modal-container') as HTMLElement).style.height).toBe('500px');
    // 每页2张 is chosen to begin with, 发票 ticked, 附件 not
    expect((screen.getByLabelText('每页2张') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('发票') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('附件') as HTMLInputElement).checked).toBe(false);
    // the rows by billing date: 2019 first
    const numbers = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row td:first-child')].map(
      (c) => c.textContent,
    );
    expect(numbers).toEqual(['33207675', '83089647']);

    fireEvent.click(screen.getByLabelText('发票'));
    fireEvent.click(button('打印预览'));
    await waitFor(() => expect(toasts()).toContain('请选择打印类型'));
    expect(api.to(EXPORT)).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('发票'));
    fireEvent.click(screen.getByLabelText('每页4张'));
    fireEvent.change(screen.getByLabelText('备注83089647'), { target: { value: '出差杭州 餐费' } });
    fireEvent.click(button('打印预览'));
    const layer = await screen.findByTestId('print-preview');
    expect(api.to(EXPORT)[0].body).toEqual({
      invoiceIds: [7, 8],
      sort: 'BILL_DATE',
      format: 'PDF',
      attach: false,
      fileName: '发票打印',
      displayMode: 'FOUR',
      exportMode: 'LOCAL',
      preview: true,
      items: [{ invoiceId: 7, remark: '出差杭州 餐费' }],
    });
    expect(layer.style.zIndex).toBe('20002');
    expect(layer.textContent).toContain('打印预览');
    expect(screen.queryByTestId('print-notice')).toBeNull(); // nothing was left out
    const frame = (await screen.findByTestId('print-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('blob:print');
    expect(screen.getByRole('link', { name: /下\s*载/ }).getAttribute('href')).toBe(PDF_URL);

    // printing from the frame; a browser that refuses says 打印出错
    const print = vi.fn(() => {
      throw new Error('blocked');
    });
    Object.defineProperty(frame.contentWindow!, 'print', { value: print, configurable: true });
    fireEvent.click(within(layer).getByRole('button', { name: /^打\s*印$/ }));
    expect(print).toHaveBeenCalled();
    await waitFor(() => expect(toasts()).toContain('打印出错'));
    fireEvent.click(within(layer).getByRole('button', { name: /关\s*闭/ }));
    expect(screen.queryByTestId('print-preview')).toBeNull();
  });

  it('says what was left out in one line over the preview', async () => {
    const notice = '1 张发票未能打印：99999951（没有发票文件（手工录入））';
    stubServer({
      [EXPORT]: () => ({
        ...exported,
        skipped: [{ invoiceId: 8, number: '99999951', reason: '没有发票文件（手工录入）' }],
        notice,
      }),
      [`GET ${PDF_URL}`]: () => new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200 }),
    });
    renderAt(<Harness invoices={INVOICES} />);
    fireEvent.click(button('开始打印'));
    await screen.findByTestId('print-dialog');
    fireEvent.click(button('打印预览'));
    await screen.findByTestId('print-preview');
    expect(screen.getAllByTestId('print-notice').map((n) => n.textContent)).toEqual([notice]);
  });

  it('shows the server’s 暂无可打印内容 with its reasons, and 打印失败 when the call fails otherwise', async () => {
    const why = '暂无可打印内容：1 张发票未能打印：99999951（没有发票文件（手工录入））';
    let reply: Response = jsonReply({ status: 11220400, msg: why, data: null }, 400);
    stubServer({ [EXPORT]: () => reply });
    renderAt(<Harness invoices={INVOICES} />);
    fireEvent.click(button('开始打印'));
    await screen.findByTestId('print-dialog');
    fireEvent.click(button('打印预览'));
    await waitFor(() => expect(toasts()).toContain(why));
    reply = jsonReply({ status: 500, msg: '服务器错误', data: null }, 500);
    fireEvent.click(button('打印预览'));
    await waitFor(() => expect(toasts()).toContain('打印失败'));
    expect(screen.getByTestId('print-dialog')).toBeTruthy(); // stays open to try again
  });

  it('prints attachments alone through file/merge with each invoice’s attachments', async () => {
    const detail = (id: number, number: string, billingDate: number, files: string[]) => ({
      id,
      number,
      billingDate,
      attachments: files.map((f, i) => ({
        id: i + 1,
        fileKey: `k/${f}`,
        fileName: f,
        createAt: 0,
        createBy: '',
      })),
    });
    const api = stubServer({
      'GET /invoice/api/web/invoice/detail': (c) =>
        c.query.get('invoiceId') === '7'
          ? detail(7, '83089647', INVOICES[0].billingDate, ['行程单.pdf'])
          : detail(8, '33207675', INVOICES[1].billingDate, ['水单.jpg']),
      'POST /finopublic/api/web/file/merge': () => ({ url: PDF_URL, merged: 2, items: [] }),
      [`GET ${PDF_URL}`]: () => new Response(new Uint8Array([1]), { status: 200 }),
    });
    renderAt(<Harness invoices={INVOICES} />);
    fireEvent.click(button('开始打印'));
    await screen.findByTestId('print-dialog');
    fireEvent.click(screen.getByLabelText('发票'));
    fireEvent.click(screen.getByLabelText('附件'));
    fireEvent.click(button('打印预览'));
    await screen.findByTestId('print-preview');
    const body = api.to('POST /finopublic/api/web/file/merge')[0].body as { items: { fileName: string }[] };
    expect(body).toMatchObject({ preview: true, direction: 'VERTICAL' });
    expect(body.items.map((i) => i.fileName)).toEqual(['水单.jpg', '行程单.pdf']);
    expect(api.to(EXPORT)).toHaveLength(0);
  });
});
