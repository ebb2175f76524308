import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLICK_DEBOUNCE_MS } from '@feikong/contracts';
import type { ComplianceRule } from '@/api/invoice';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer, toasts } from '@/test/screenHarness';
import { refusal } from '../test/fixtures';
import CompliancePage from './CompliancePage';

vi.setConfig({ testTimeout: 60_000 });
const clickWait = () => new Promise((r) => setTimeout(r, CLICK_DEBOUNCE_MS + 50));

const C = '/invoice/api/web/compliance';
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });
const rule = (id: number, over: Partial<ComplianceRule> = {}): ComplianceRule => ({
  id,
  ruleKind: 'goods_keyword',
  ruleKindText: '商品名称关键字黑名单',
  value: '烟草',
  remark: '公司规定不可报销',
  createAt: 1_795_000_000_000,
  updateAt: 1_795_000_000_000,
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({
    token: 't',
    userStatus: 2,
    userMenus: { perms: ['invoiceCompliance:view', 'invoiceCompliance:edit'] },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root').forEach((n) => n.remove());
});

describe('发票合规', () => {
  it('lists the rules and adds one; a duplicate rule’s error shows next to 匹配内容', async () => {
    let items = [rule(1)];
    const api = stubServer({
      [`GET ${C}/list`]: () => ({ items }),
      [`POST ${C}/add`]: (c) => {
        const b = c.body as { ruleKind: string; value: string; remark: string };
        if (b.value === '烟草')
          return refusal(409, 11203409, '规则【商品名称关键字黑名单：烟草】已存在', [
            { field: 'value', msg: '规则【商品名称关键字黑名单：烟草】已存在' },
          ]);
        const r = rule(2, {
          ruleKind: b.ruleKind,
          ruleKindText: '销售方名称黑名单',
          value: b.value,
          remark: b.remark,
        });
        items = [...items, r];
        return r;
      },
    });
    renderAt(<CompliancePage />, '/setcenter/invoiceCompliance');
    expect(await screen.findByText('烟草', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('公司规定不可报销')).toBeTruthy();

    fireEvent.click(button('新增规则'));
    const value = await screen.findByPlaceholderText('请输入匹配内容');
    fireEvent.change(value, { target: { value: '烟草' } });
    fireEvent.click(button('保存'));
    expect(await screen.findByText('规则【商品名称关键字黑名单：烟草】已存在')).toBeTruthy();
    expect(api.to(`POST ${C}/add`)[0].body).toEqual({ ruleKind: 'seller_name', value: '烟草', remark: '' });

    fireEvent.change(value, { target: { value: '某某餐厅' } });
    await clickWait(); // 保存 takes one click per CLICK_DEBOUNCE_MS ms (spec §5)
    fireEvent.click(button('保存'));
    expect(await screen.findByText('某某餐厅')).toBeTruthy();
  });

  it('edits and deletes a rule', async () => {
    const api = stubServer({
      [`GET ${C}/list`]: () => ({ items: [rule(1)] }),
      [`POST ${C}/update`]: (c) => rule(1, c.body as Partial<ComplianceRule>),
      [`POST ${C}/delete`]: () => null,
    });
    renderAt(<CompliancePage />, '/setcenter/invoiceCompliance');
    fireEvent.click(await screen.findByLabelText('编辑规则烟草', undefined, { timeout: 15_000 }));
    const value = await screen.findByPlaceholderText('请输入匹配内容');
    expect((value as HTMLInputElement).value).toBe('烟草');
    fireEvent.change(value, { target: { value: '香烟' } });
    fireEvent.click(button('保存'));
    await waitFor(() => expect(api.to(`POST ${C}/update`)).toHaveLength(1));
    expect(api.to(`POST ${C}/update`)[0].body).toEqual({
      id: 1,
      ruleKind: 'goods_keyword',
      value: '香烟',
      remark: '公司规定不可报销',
    });

    fireEvent.click(screen.getByLabelText('删除规则烟草'));
    expect(await screen.findByText('确定删除规则【商品名称关键字黑名单：烟草】吗？')).toBeTruthy();
    fireEvent.click(
      [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm-btns .ant-btn-dangerous')].at(-1)!,
    );
    await waitFor(() => expect(toasts()).toContain('删除成功'));
    expect(api.to(`POST ${C}/delete`)[0].body).toEqual({ id: 1 });
  });

  it('filters by rule kind; without :edit nothing can be changed', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['invoiceCompliance:view'] } });
    const api = stubServer({ [`GET ${C}/list`]: () => ({ items: [rule(1)] }) });
    renderAt(<CompliancePage />, '/setcenter/invoiceCompliance');
    await screen.findByText('烟草', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: /新增规则/ })).toBeNull();
    expect(screen.queryByLabelText('编辑规则烟草')).toBeNull();
    fireEvent.mouseDown(screen.getByLabelText('规则类型筛选'));
    fireEvent.click(await screen.findByTitle('销售方税号黑名单'));
    await waitFor(() =>
      expect(api.to(`GET ${C}/list`).some((c) => c.query.get('ruleKind') === 'seller_tax_id')).toBe(true),
    );
  });
});
