import '@/test/sessionHarness';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERSONAL_NO_ORG } from '@feikong/contracts';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { fail, ok, renderRoutes, stubApi, toasts } from '@/test/sessionHarness';
import EmailDetailPage from './EmailDetailPage';
import EmailInvoicePage from './EmailInvoicePage';

vi.setConfig({ testTimeout: 60_000 });

const E = '/invoice/api/web/email';
const LIMITS = {
  max_message_bytes: 25 * 1024 * 1024,
  max_attachments: 10,
  max_attachment_bytes: 10 * 1024 * 1024,
  max_total_attachment_bytes: 20 * 1024 * 1024,
  file_types: ['pdf', 'ofd', 'xml'],
};
const MAIL = {
  id: 11,
  mail_from: 'fapiao@hulian365.example.com',
  from_name: '北京互联三六五',
  subject: '您收到一张电子发票',
  received_at: new Date(2026, 10, 25, 9, 30).getTime(),
  status: 4,
  status_name: '识别失败',
  attachment_count: 1,
  recognized_count: 0,
  failed_count: 1,
  failure_reason: '附件中没有识别到发票',
};
const DUP = '该发票已由员工乙于2026-11-25 08:00录入，不能重复录入';

const routes = [
  { path: '/emailInvoice', element: <EmailInvoicePage /> },
  { path: '/emailInvoice/emailDetail', element: <EmailDetailPage /> },
];

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('专属邮箱 page', () => {
  it('shows the address with the receiver limits, and the mails with their result; filters go to the URL and the list', async () => {
    setSession({ token: 't', userStatus: 2, top_org_id: 1 });
    const api = stubApi({
      [`GET ${E}/address`]: ok({
        address: 'abcdefghijklmnop@fp.feikong.local',
        created_at: 1,
        limits: LIMITS,
      }),
      [`POST ${E}/pageList`]: ok({ items: [MAIL], page: { page_num: 1, page_size: 20, total: 1 } }),
    });
    const { router } = renderRoutes(routes, '/emailInvoice');
    expect(await screen.findByText('abcdefghijklmnop@fp.feikong.local')).toBeTruthy();
    expect(screen.getByText('每封邮件不超过 25MB，最多 10 个附件')).toBeTruthy();
    expect(await screen.findByText('您收到一张电子发票')).toBeTruthy();
    expect(screen.getByText('北京互联三六五')).toBeTruthy();
    expect(screen.getByTestId('mail-result-11').textContent).toBe('导入失败');
    expect(screen.getByText('附件中没有识别到发票')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('发件人'), { target: { value: 'hulian' } });
    fireEvent.keyDown(screen.getByLabelText('发件人'), { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?sender=hulian'));
    await waitFor(() =>
      expect(api.called(`POST ${E}/pageList`).at(-1)?.body).toMatchObject({ sender: 'hulian', page_num: 1 }),
    );

    fireEvent.click(screen.getByText('您收到一张电子发票'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/emailInvoice/emailDetail?id=11',
      ),
    );
  });

  it('a personal account sees why it has no mailbox, and nothing is asked of the server', async () => {
    setSession({ token: 't', userStatus: 1 });
    const api = stubApi({});
    renderRoutes(routes, '/emailInvoice');
    expect(await screen.findByText(PERSONAL_NO_ORG)).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('a refused address (403) is explained on the page, not toasted', async () => {
    setSession({ token: 't', userStatus: 2, top_org_id: 1 });
    stubApi({
      [`GET ${E}/address`]: fail(10000403, PERSONAL_NO_ORG, 403),
      [`POST ${E}/pageList`]: ok({ items: [], page: { page_num: 1, page_size: 20, total: 0 } }),
    });
    renderRoutes(routes, '/emailInvoice');
    expect(await screen.findByText(PERSONAL_NO_ORG)).toBeTruthy();
    expect(toasts()).toEqual([]);
  });
});

describe('邮件详情 page', () => {
  it('shows the headers, the duplicate refusal naming who and when, and 重试 sends the attachment again', async () => {
    setSession({ token: 't', userStatus: 2, top_org_id: 1 });
    let status = 3;
    const api = stubApi({
      [`GET ${E}/detail`]: () =>
        ok({
          ...MAIL,
          failure_reason: status === 3 ? DUP : null,
          message_id: '<m1@example.com>',
          attachments: [
            {
              id: 21,
              file_name: '数电专票.ofd',
              file_type: 'ofd',
              content_type: 'application/ofd',
              size: 40960,
              status,
              status_name: status === 3 ? '识别失败' : '待识别',
              reason: status === 3 ? DUP : null,
              invoice_ids: [],
              url: '/files/x',
            },
          ],
        }),
      [`POST ${E}/attachment/retry`]: () => {
        status = 1;
        return ok({ id: 21 });
      },
    });
    renderRoutes(routes, '/emailInvoice/emailDetail?id=11');
    expect(await screen.findByText(DUP)).toBeTruthy();
    // the mail's result and the attachment's
    expect(screen.getAllByText('重复发票，已拒绝')).toHaveLength(2);
    expect(screen.getByText('北京互联三六五 <fapiao@hulian365.example.com>')).toBeTruthy();
    expect(screen.getByText('数电专票.ofd').getAttribute('href')).toBe('/files/x');
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() =>
      expect(api.called(`POST ${E}/attachment/retry`)[0]?.body).toEqual({ attachment_id: 21 }),
    );
    await waitFor(() => expect(screen.queryByText(DUP)).toBeNull());
    expect(screen.queryByRole('button', { name: /重\s*试/ })).toBeNull();
  });

  it('an imported attachment is not offered 重试', async () => {
    setSession({ token: 't', userStatus: 2, top_org_id: 1 });
    stubApi({
      [`GET ${E}/detail`]: ok({
        ...MAIL,
        status: 2,
        recognized_count: 1,
        failed_count: 0,
        failure_reason: null,
        message_id: null,
        attachments: [
          {
            id: 22,
            file_name: 'a.pdf',
            file_type: 'pdf',
            content_type: 'application/pdf',
            size: 2048,
            status: 2,
            status_name: '已识别',
            reason: null,
            invoice_ids: [5],
            url: '/files/y',
          },
        ],
      }),
    });
    renderRoutes(routes, '/emailInvoice/emailDetail?id=11');
    expect(await screen.findByText('已识别')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /重\s*试/ })).toBeNull();
  });
});
