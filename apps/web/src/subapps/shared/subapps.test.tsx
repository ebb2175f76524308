import '../../test/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubServer } from '@/test/screenHarness';
import { subFormTarget } from '../../app/SubFormRedirect';
import { FormApp, printPageOf } from '../form/FormApp';
import { FormPrintApp } from '../formPrint/FormPrintApp';
import { readFormId } from './formId';
import type { BillPrintData } from '@/api/billPrint';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The print data of a document numbered BX<id>. */
const printData = (id: number): BillPrintData => ({
  billId: id,
  billNumber: `BX${id}`,
  flowName: '报销审批',
  template: { orgName: '演示集团', title: '报销单', billType: 'expense' },
  data: {
    title: '差旅',
    amount: 100,
    status: 'approved',
    statusText: '已通过',
    submitterName: '员工乙',
    deptName: '',
    orgName: '',
    remark: '',
    submitTime: null,
    finishTime: null,
    fees: [],
    trips: [],
  },
  formFields: [],
  approveNodeRecord: [],
  extendData: { createAt: 0, billNumber: `BX${id}` },
  attachments: [],
  printCount: 0,
  riskFlags: [],
  budgetLines: [],
  budgetPersonal: 0,
});

describe('readFormId', () => {
  it.each([
    ['/web-form/', '?id=42', '42'],
    ['/web-form/run/77', '', '77'],
    ['/web-form/run/77/0', '', '77'],
    ['/web-form-print/run/a%20b', '', 'a b'],
    ['/web-form/', '', null],
    ['/web-form/', '?id=', null],
    ['/web-form/run/0', '', null],
  ])('%s%s → %s', (pathname, search, id) => {
    expect(readFormId({ pathname, search })).toBe(id);
  });
});

describe('sub-app shells', () => {
  it('the form app says the form id is missing', () => {
    render(<FormApp location={{ pathname: '/web-form/', search: '' }} />);
    expect(screen.getByText('缺少表单编号')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '表单' })).toBeTruthy();
  });

  it('the form app shows the document of subForm/run/:id/0 on its own', async () => {
    stubServer({
      'GET /finobill/api/web/flow/print/data': (c) => ({
        items: [{ flowId: Number(c.query.get('id')), data: printData(Number(c.query.get('id'))) }],
      }),
    });
    render(<FormApp location={{ pathname: '/web-form/subForm/run/42/0', search: '' }} />);
    expect(await screen.findByText('单据编号：BX42', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('缺少表单编号')).toBeNull();
    expect(screen.getByRole('link', { name: '打开单据详情' }).getAttribute('href')).toBe(
      '/bill/detail?id=42',
    );
  });

  it('subForm/runStart fills the type’s form with its custom fields in the sub-app, then shows the document', async () => {
    const go = vi.fn();
    const server = stubServer({
      'GET /finobill/api/web/form/forBillType': () => ({
        formId: 3,
        version: 2,
        name: '差旅报销单',
        billType: 'apply',
        description: '',
        publishedAt: 0,
        fields: [
          {
            key: 'reason',
            label: '出差事由',
            kind: 'text',
            required: true,
            placeholder: '',
            help: '',
            options: [],
            precision: 0,
            multiple: false,
          },
        ],
      }),
      'GET /org-arch-center/api/v1/departments:list': () => [],
      'POST /finobill/api/web/flow/save': () => ({ id: 77, billNumber: 'BX77' }),
      'GET /finobill/api/web/flow/previewRoute': () => ({ chosenNodes: [], steps: [] }),
      'POST /finobill/api/web/flow/submit': () => ({ id: 77, status: 'approving', statusText: '审批中' }),
    });
    render(<FormApp location={{ pathname: '/web-form/subForm/runStart', search: '?type=apply' }} go={go} />);
    const reason = await screen.findByLabelText('出差事由', undefined, { timeout: 15_000 });
    fireEvent.change(screen.getByLabelText('事由'), { target: { value: '北京出差' } });
    const submit = () => screen.getAllByRole('button', { name: /提\s*交/ }).at(-1)!;
    fireEvent.click(submit());
    expect(await screen.findByText('请填写出差事由', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(server.to('POST /finobill/api/web/flow/save')).toHaveLength(0);
    fireEvent.change(reason, { target: { value: '客户拜访' } });
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(go).toHaveBeenCalledWith('/web-form/subForm/run/77/0'), { timeout: 15_000 });
    const saved = server.to('POST /finobill/api/web/flow/save')[0]!.body as { formValues: unknown };
    expect(saved.formValues).toEqual({ reason: '客户拜访' });
  });

  it('subForm/runStart without a type offers the types', () => {
    const go = vi.fn();
    render(<FormApp location={{ pathname: '/web-form/subForm/runStart', search: '' }} go={go} />);
    fireEvent.click(screen.getByRole('button', { name: '借款单' }));
    expect(go).toHaveBeenLastCalledWith('/web-form/subForm/runStart?type=loan');
  });

  it('the print app lays out at least 1200x600 and says the id is missing', () => {
    const { container } = render(<FormPrintApp location={{ pathname: '/web-form-print/', search: '' }} />);
    expect(screen.getByText('缺少表单编号')).toBeTruthy();
    const layout = container.querySelector('.ant-layout') as HTMLElement;
    expect(layout.style.minWidth).toBe('1200px');
    expect(layout.style.minHeight).toBe('600px');
  });
});

describe('the printable /subForm/ pages', () => {
  it('the main app sends /subForm/… to the form sub-app with its query', () => {
    expect(
      subFormTarget({
        pathname: '/subForm/efficiencyAnalysisBillDetail',
        search: '?billType=expense',
        hash: '',
      }),
    ).toBe('/web-form/efficiencyAnalysisBillDetail?billType=expense');
    expect(subFormTarget({ pathname: '/subForm/run/42/0', search: '', hash: '#x' })).toBe(
      '/web-form/run/42/0#x',
    );
  });

  it('the form app knows the two analysis pages by their last path segment', () => {
    expect(printPageOf('/web-form/efficiencyAnalysisBillDetail')).toBe('efficiencyAnalysisBillDetail');
    expect(printPageOf('/web-form/subForm/efficiencyDetailsBillDetail/')).toBe('efficiencyDetailsBillDetail');
    expect(printPageOf('/web-form/run/42/0')).toBeNull();
    expect(printPageOf('/web-form/toString')).toBeNull();
  });

  it('the form app knows the purchase task print by its name before the placeholder segments (0/0)', () => {
    expect(printPageOf('/web-form/purchaseTaskDetail/0/0')).toBe('purchaseTaskDetail');
    expect(printPageOf('/web-form/subForm/purchaseTaskDetail/0/0')).toBe('purchaseTaskDetail');
    expect(printPageOf('/web-form/purchaseTaskDetail')).toBe('purchaseTaskDetail');
    expect(printPageOf('/web-form/purchaseTaskDetail/1/2')).toBeNull();
  });
});
