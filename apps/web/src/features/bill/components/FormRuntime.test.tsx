import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormField } from '@feikong/contracts';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { boundProblems, fieldRules, formValuesBody, fromDay, requiredMessage, toDay } from '../formRuntime';
import { FormRuntime } from './FormRuntime';

vi.setConfig({ testTimeout: 60_000 });

const field = (over: Partial<FormField> & Pick<FormField, 'key' | 'kind' | 'label'>): FormField => ({
  required: false,
  placeholder: '',
  help: '',
  options: [],
  precision: 0,
  multiple: false,
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, userMenus: { perms: [] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('form runtime rules', () => {
  it('keeps only the form’s value fields, trimmed, empty ones left out; fee/trip sections carry no value', () => {
    const fields = [
      field({ key: 'reason', kind: 'text', label: '事由' }),
      field({ key: 'budget', kind: 'money', label: '预算' }),
      field({ key: 'tags', kind: 'multiSelect', label: '标签' }),
      field({ key: 'fees', kind: 'feeLines', label: '费用' }),
    ];
    expect(
      formValuesBody(fields, { reason: '  拜访 ', budget: 1234, tags: [], fees: 'x', stray: 'y' }),
    ).toEqual({ reason: '拜访', budget: 1234 });
  });

  it('days convert at the picker’s edge; required messages fit the kind; required sections need a line', () => {
    expect(toDay(fromDay('2026-11-27'))).toBe('2026-11-27');
    expect(fromDay('2026-02-30')).toBeNull();
    expect(requiredMessage({ kind: 'text', label: '事由' })).toBe('请填写事由');
    expect(requiredMessage({ kind: 'date', label: '出发日期' })).toBe('请选择出发日期');
    expect(requiredMessage({ kind: 'attachments', label: '行程单' })).toBe('请上传行程单');
    const fees = field({ key: 'f', kind: 'feeLines', label: '费用明细', required: true });
    expect(boundProblems([fees], { fees: 0, trips: 0, related: 0 })).toEqual(['请至少添加一条费用明细']);
    expect(boundProblems([fees], { fees: 1, trips: 0, related: 0 })).toEqual([]);
  });

  it('min and max of money are checked in 分 and said in 元', async () => {
    const rules = fieldRules(field({ key: 'b', kind: 'money', label: '预算', min: 10000, max: 500000 }));
    const check = (v: number) =>
      (rules[0] as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, v);
    await expect(check(9999)).rejects.toThrow('预算不能小于¥100.00');
    await expect(check(500001)).rejects.toThrow('预算不能大于¥5000.00');
    await expect(check(20000)).resolves.toBeUndefined();
  });
});

/** The runtime inside a form, the form instance readable. */
function Harness({ fields, formRef }: { fields: FormField[]; formRef: { current?: FormInstance } }) {
  const [form] = Form.useForm();
  formRef.current = form;
  return (
    <Form form={form} layout="vertical" initialValues={{ formValues: {}, fees: [], trips: [], related: [] }}>
      <FormRuntime fields={fields} />
    </Form>
  );
}

describe('FormRuntime', () => {
  it('takes money in 元 and holds 分; a required field says so; an optional one may stay empty', async () => {
    stubServer({});
    const formRef: { current?: FormInstance } = {};
    renderAt(
      <Harness
        formRef={formRef}
        fields={[
          field({ key: 'reason', kind: 'text', label: '出差事由', required: true, placeholder: '写明客户' }),
          field({ key: 'budget', kind: 'money', label: '预算金额' }),
          field({
            key: 'level',
            kind: 'select',
            label: '紧急程度',
            options: [{ value: 'high', label: '紧急' }],
          }),
        ]}
      />,
      '/bill/edit',
    );
    expect(screen.getByPlaceholderText('写明客户')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('预算金额'), { target: { value: '1234.56' } });
    fireEvent.blur(screen.getByLabelText('预算金额'));
    expect(formRef.current!.getFieldValue(['formValues', 'budget'])).toBe(123456);

    await act(async () => {
      await formRef.current!.validateFields().catch(() => undefined);
    });
    expect(await screen.findByText('请填写出差事由')).toBeTruthy();
    expect(screen.queryByText('请选择紧急程度')).toBeNull();

    fireEvent.change(screen.getByLabelText('出差事由'), { target: { value: '客户拜访' } });
    await waitFor(() => expect(screen.queryByText('请填写出差事由')).toBeNull());
    const values = await formRef.current!.validateFields();
    expect(values.formValues).toMatchObject({ reason: '客户拜访', budget: 123456 });
  });

  it('offers the tenant’s 进行中 projects for a 项目 field and holds the chosen id', async () => {
    const server = stubServer({
      'GET /finobill/api/web/project/options': () => [
        { id: 7, code: 'XM-1', name: '华东推广' },
        { id: 9, code: 'XM-2', name: '西南渠道' },
      ],
    });
    const formRef: { current?: FormInstance } = {};
    renderAt(
      <Harness formRef={formRef} fields={[field({ key: 'proj', kind: 'project', label: '所属项目' })]} />,
      '/bill/edit',
    );
    await waitFor(() => expect(server.to('GET /finobill/api/web/project/options')).toHaveLength(1));
    fireEvent.mouseDown(screen.getByLabelText('所属项目'));
    fireEvent.click(await screen.findByText('西南渠道（XM-2）'));
    expect(formRef.current!.getFieldValue(['formValues', 'proj'])).toBe(9);
  });

  it('offers a 数据字典’s enabled entries for a select bound to it, read fresh, and holds the key (decision 0060)', async () => {
    const server = stubServer({
      'GET /finobase/api/v1/dictEnums': () => ({
        items: [
          { key: 'meet', value: '参加会议', dict_code: 'meet', dict_desc: '参加会议' },
          { key: 'train', value: '培训', dict_code: 'train', dict_desc: '培训' },
        ],
      }),
    });
    // what the session held from before is not what is offered: the server's answer is
    setSession({ dictData: { trip_reason: [{ key: 'old', value: '旧项' }] } });
    const formRef: { current?: FormInstance } = {};
    renderAt(
      <Harness
        formRef={formRef}
        fields={[field({ key: 'why', kind: 'select', label: '出差事由', dictCode: 'trip_reason' })]}
      />,
      '/bill/edit',
    );
    await waitFor(() => expect(server.to('GET /finobase/api/v1/dictEnums')).toHaveLength(1));
    fireEvent.mouseDown(screen.getByLabelText('出差事由'));
    fireEvent.click(await screen.findByText('参加会议'));
    expect(formRef.current!.getFieldValue(['formValues', 'why'])).toBe('meet');
    expect(screen.queryByText('旧项')).toBeNull();
  });

  it('shows a saved value in 元 and a form’s fee section with its title', () => {
    stubServer({});
    const formRef: { current?: FormInstance } = {};
    renderAt(
      <Harness
        formRef={formRef}
        fields={[
          field({ key: 'budget', kind: 'money', label: '预算金额' }),
          field({ key: 'fees', kind: 'feeLines', label: '报销明细' }),
        ]}
      />,
      '/bill/edit',
    );
    act(() => formRef.current!.setFieldValue(['formValues', 'budget'], 5000));
    expect((screen.getByLabelText('预算金额') as HTMLInputElement).value).toBe('50.00');
    expect(screen.getByText('报销明细')).toBeTruthy();
  });
});
