import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditRule } from '@/api/billReport';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { jsonReply } from '@/test/fetch';
import { renderAt, stubServer, toasts } from '@/test/screenHarness';
import AuditRulePage from './AuditRulePage';

vi.setConfig({ testTimeout: 60_000 });

const R = '/finobill/api/web/auditRule';
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });
const rule = (id: number, over: Partial<AuditRule> = {}): AuditRule => ({
  id,
  name: '一线城市住宿标准',
  ruleKind: 'overStandard',
  ruleKindText: '费用超标准',
  action: 'block',
  actionText: '禁止提交',
  message: '住宿费超过公司标准，请调整后提交',
  billTypes: ['expense'],
  feeType: 'hotel',
  cityGroupId: 3,
  cityGroupName: '一线城市',
  amountLimit: 60000,
  days: null,
  percent: null,
  enabled: true,
  remark: '',
  conditionText: '住宿费每笔超过¥600.00（行程目的地属于一线城市）',
  createAt: 1_795_000_000_000,
  updateAt: 1_795_000_000_000,
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, userMenus: { perms: ['auditRule:view', 'auditRule:edit'] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message, .ant-modal-root').forEach((n) => n.remove());
});

async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const items = await screen.findAllByTitle(option);
  fireEvent.click(items.at(-1)!);
}

describe('智能规则集', () => {
  it('lists the rules with their condition and adds a 发票超期 warning rule in 元/天', async () => {
    let items = [rule(1)];
    const api = stubServer({
      [`GET ${R}/list`]: () => ({ items }),
      [`POST ${R}/add`]: (c) => {
        const b = c.body as Record<string, unknown>;
        const r = rule(2, {
          name: b.name as string,
          ruleKind: 'invoiceAge',
          ruleKindText: '发票超期',
          action: 'warn',
          actionText: '提示',
          days: b.days as number,
          conditionText: `发票开票日期距今超过${String(b.days)}天`,
        });
        items = [...items, r];
        return r;
      },
    });
    renderAt(<AuditRulePage />, '/setcenter/auditRule');
    expect(await screen.findByText('一线城市住宿标准', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('住宿费每笔超过¥600.00（行程目的地属于一线城市）')).toBeTruthy();
    expect(screen.getByText('禁止提交')).toBeTruthy();

    fireEvent.click(button('新增规则'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('如：一线城市住宿标准'), {
      target: { value: '发票超过180天' },
    });
    await pick('规则类型', '发票超期');
    // the kind's usual message replaces the previous kind's
    await waitFor(() =>
      expect((within(dialog).getByPlaceholderText('提交人看到的提示') as HTMLTextAreaElement).value).toBe(
        '发票开具时间过早，请确认是否可以报销',
      ),
    );
    fireEvent.change(within(dialog).getByLabelText('天数'), { target: { value: '180' } });
    fireEvent.click(button('保存'));
    await waitFor(() => expect(api.to(`POST ${R}/add`)).toHaveLength(1));
    expect(api.to(`POST ${R}/add`)[0].body).toEqual({
      name: '发票超过180天',
      ruleKind: 'invoiceAge',
      action: 'warn',
      message: '发票开具时间过早，请确认是否可以报销',
      billTypes: [],
      days: 180,
      enabled: true,
      remark: '',
    });
    expect(await screen.findByText('发票开票日期距今超过180天')).toBeTruthy();
  });

  it('edits a rule (amounts shown in 元, sent in 分); a server field error shows at its input', async () => {
    const api = stubServer({
      [`GET ${R}/list`]: () => ({ items: [rule(1)] }),
      [`GET /org-arch-center/api/v1/city-group:list`]: () => [{ id: 3, name: '一线城市', sort_order: 0 }],
      [`POST ${R}/update`]: (c) => {
        const b = c.body as { amountLimit: number };
        if (b.amountLimit > 100_000_00)
          return jsonReply(
            {
              status: 10000400,
              msg: '请求参数错误',
              data: { fields: [{ field: 'amountLimit', msg: '超出范围' }] },
            },
            400,
          );
        return rule(1, { amountLimit: b.amountLimit });
      },
    });
    renderAt(<AuditRulePage />, '/setcenter/auditRule');
    fireEvent.click(await screen.findByLabelText('编辑规则一线城市住宿标准', undefined, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    // The amount field follows the rule kind (Form.useWatch), which is known one render after the dialog.
    const amount = (await within(dialog).findByLabelText('金额')) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('600.00'));
    fireEvent.change(amount, { target: { value: '2000000' } });
    fireEvent.click(button('保存'));
    expect(await within(dialog).findByText('超出范围')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '650.5' } });
    await new Promise((r) => setTimeout(r, 2100));
    fireEvent.click(button('保存'));
    await waitFor(() => expect(api.to(`POST ${R}/update`)).toHaveLength(2));
    expect(api.to(`POST ${R}/update`)[1].body).toMatchObject({
      id: 1,
      ruleKind: 'overStandard',
      feeType: 'hotel',
      cityGroupId: 3,
      amountLimit: 65050,
      action: 'block',
      billTypes: ['expense'],
    });
  });

  it('switches a rule off and deletes it; without :edit it is read-only', async () => {
    const api = stubServer({
      [`GET ${R}/list`]: () => ({ items: [rule(1)] }),
      [`POST ${R}/enable`]: (c) => rule(1, { enabled: (c.body as { enabled: boolean }).enabled }),
      [`POST ${R}/delete`]: () => null,
    });
    renderAt(<AuditRulePage />, '/setcenter/auditRule');
    fireEvent.click(await screen.findByLabelText('启用规则一线城市住宿标准', undefined, { timeout: 15_000 }));
    await waitFor(() => expect(api.to(`POST ${R}/enable`)[0]?.body).toEqual({ id: 1, enabled: false }));
    await waitFor(() => expect(toasts()).toContain('已停用「一线城市住宿标准」'));
    fireEvent.click(screen.getByLabelText('删除规则一线城市住宿标准'));
    expect(await screen.findByText('确定删除规则【一线城市住宿标准】吗？')).toBeTruthy();
    fireEvent.click(
      [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm-btns .ant-btn-dangerous')].at(-1)!,
    );
    await waitFor(() => expect(api.to(`POST ${R}/delete`)[0]?.body).toEqual({ id: 1 }));
    cleanup();

    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['auditRule:view'] } });
    stubServer({ [`GET ${R}/list`]: () => ({ items: [rule(1)] }) });
    renderAt(<AuditRulePage />, '/setcenter/auditRule');
    await screen.findByText('一线城市住宿标准', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: /新增规则/ })).toBeNull();
    expect(screen.queryByLabelText('编辑规则一线城市住宿标准')).toBeNull();
    expect((screen.getByLabelText('启用规则一线城市住宿标准') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('智能规则集: 超额报销 and 标记风险', () => {
  it('switches 允许超额报销 on; adds a 金额接近审批阈值 rule that flags', async () => {
    let allow = false;
    const api = stubServer({
      [`GET ${R}/list`]: () => ({ items: [rule(1)] }),
      [`GET ${R}/setting`]: () => ({ allowOverClaim: allow }),
      [`POST ${R}/setting`]: (c) => {
        allow = (c.body as { allowOverClaim: boolean }).allowOverClaim;
        return { allowOverClaim: allow };
      },
      [`POST ${R}/add`]: () => rule(2, { action: 'flag', actionText: '标记风险' }),
    });
    renderAt(<AuditRulePage />, '/setcenter/auditRule');
    const sw = await screen.findByRole('switch', { name: '允许超额报销' }, { timeout: 15_000 });
    await waitFor(() => expect(api.to(`GET ${R}/setting`)).toHaveLength(1));
    fireEvent.click(sw);
    await waitFor(() => expect(api.to(`POST ${R}/setting`)[0]?.body).toEqual({ allowOverClaim: true }));
    await waitFor(() => expect(toasts().join()).toContain('已允许超额报销（须填写超额说明）'));
    expect(sw.getAttribute('aria-checked')).toBe('true');

    fireEvent.click(button('新增规则'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('如：一线城市住宿标准'), {
      target: { value: '临界金额' },
    });
    await pick('规则类型', '金额接近审批阈值');
    fireEvent.change(await within(dialog).findByLabelText('接近比例'), { target: { value: '8' } });
    fireEvent.click(within(dialog).getByLabelText(/标记风险/));
    fireEvent.click(button('保存'));
    await waitFor(() => expect(api.to(`POST ${R}/add`)).toHaveLength(1));
    expect(api.to(`POST ${R}/add`)[0].body).toEqual({
      name: '临界金额',
      ruleKind: 'nearThreshold',
      action: 'flag',
      message: '单据金额略低于审批金额阈值',
      billTypes: [],
      percent: 8,
      enabled: true,
      remark: '',
    });
  });
});
