import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormRow } from '@/api/form';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { B, pageOf, refusal } from '../test/fixtures';
import FormEditPage from './FormEditPage';
import FormListPage from './FormListPage';

vi.setConfig({ testTimeout: 60_000 });

const T = { timeout: 15_000 };
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^${name.split('').join('\\s*')}$`) });
const perms = (list: string[]) => setSession({ token: 't', userStatus: 2, userMenus: { perms: list } });
const formRow = (id: number, over: Partial<FormRow> = {}): FormRow => ({
  id,
  name: '差旅报销单',
  billType: 'expense',
  billTypeText: '报销单',
  description: '',
  status: 'published',
  statusText: '已发布',
  version: 2,
  hasDraft: false,
  fieldCount: 3,
  publishedAt: 0,
  publishedByName: '演示管理员',
  billCount: 4,
  createAt: 0,
  updateAt: Date.UTC(2026, 10, 27, 2, 0),
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  perms(['*']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root').forEach((n) => n.remove());
});

describe('表单管理', () => {
  it('lists forms with bill type, status and version; a refused delete shows the server’s reason; 停用', async () => {
    const api = stubServer({
      [`GET ${B}/form/pageList`]: () =>
        pageOf([
          formRow(1),
          formRow(2, { name: '借款单表单', status: 'draft', statusText: '未发布', version: 0 }),
        ]),
      [`POST ${B}/form/delete`]: () => refusal(400, 11306400, '表单已被4张单据使用，不能删除，可以停用'),
      [`POST ${B}/form/enable`]: () => null,
    });
    renderAt(<FormListPage />, '/flow/formList?billType=expense');
    const row = (await screen.findByText('差旅报销单', undefined, T)).closest('tr')!;
    expect(within(row).getByText('报销单')).toBeTruthy();
    expect(within(row).getByText('V2')).toBeTruthy();
    expect(within(row).getByText('已发布')).toBeTruthy();
    expect(api.to(`GET ${B}/form/pageList`)[0]!.query.get('billType')).toBe('expense');
    // A form never published has no 启用 switch.
    expect(within(screen.getByText('借款单表单').closest('tr')!).queryByRole('switch')).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const confirm = await screen.findByRole('dialog', undefined, T);
    fireEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('表单已被4张单据使用，不能删除，可以停用', undefined, T)).toBeTruthy();

    fireEvent.click(within(row).getByRole('switch', { name: '启用差旅报销单' }));
    await waitFor(() => expect(api.to(`POST ${B}/form/enable`)).toHaveLength(1), T);
    expect(api.to(`POST ${B}/form/enable`)[0]!.body).toEqual({ id: 1, enabled: false });
  });
});

describe('表单设计', () => {
  it('shows a bad key beside its field and sends nothing; then saves and publishes (已发布第 N 版)', async () => {
    const api = stubServer({
      [`POST ${B}/form/save`]: () => ({ id: 9 }),
      [`POST ${B}/form/publish`]: () => ({ id: 9, version: 1 }),
      [`GET ${B}/form/detail`]: () => ({
        ...formRow(9, { version: 1 }),
        fields: [],
        published: null,
        versions: [],
      }),
    });
    renderAt(<FormEditPage />, '/flow/formEdit');
    await screen.findByTestId('form-designer', undefined, T);
    fireEvent.change(screen.getByLabelText('表单名称'), { target: { value: '差旅报销单' } });
    const palette = screen.getByTestId('form-palette');
    fireEvent.click(within(palette).getByRole('button', { name: /单行文本/ }));
    const props = screen.getByTestId('form-props');
    fireEvent.change(within(props).getByLabelText('标题'), { target: { value: '出差事由' } });
    fireEvent.change(within(props).getByLabelText('字段标识'), { target: { value: 'amount' } });
    expect(within(screen.getByTestId('form-field-0')).getByRole('alert').textContent).toBe(
      '字段标识 amount 为系统保留字',
    );
    fireEvent.click(button('发布'));
    expect(
      await screen.findByText('第1个字段「出差事由」：字段标识 amount 为系统保留字', undefined, T),
    ).toBeTruthy();
    expect(api.to(`POST ${B}/form/save`)).toHaveLength(0);

    fireEvent.change(within(props).getByLabelText('字段标识'), { target: { value: 'reason' } });
    fireEvent.click(within(props).getByText('必填'));
    fireEvent.click(within(palette).getByRole('button', { name: /金额/ }));
    // The preview renders the runtime's inputs.
    expect(within(screen.getByTestId('form-preview')).getByLabelText('出差事由')).toBeTruthy();
    fireEvent.click(button('发布'));
    expect(await screen.findByText('已发布第 1 版', undefined, T)).toBeTruthy();
    const saved = api.to(`POST ${B}/form/save`)[0]!.body as {
      name: string;
      billType: string;
      fields: unknown[];
    };
    expect(saved).toMatchObject({ name: '差旅报销单', billType: 'expense' });
    expect(saved.fields).toEqual([
      expect.objectContaining({ key: 'reason', label: '出差事由', kind: 'text', required: true }),
      expect.objectContaining({ key: 'money_1', label: '金额', kind: 'money', required: false }),
    ]);
    expect(api.to(`POST ${B}/form/publish`)[0]!.body).toEqual({ id: 9 });
  });
});
