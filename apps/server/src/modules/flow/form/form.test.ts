import { FormDetail, FormVersion } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesTestApp, grantedDir } from '../../files/files.testkit.js';
import { api, flowTenant, makeInvoice, publishedFlow, type FlowTenant } from '../flow.testkit.js';

/** 自定义表单: designer routes, versions, the runtime reads, and formValues checked on bill save/submit. */
let env: Awaited<ReturnType<typeof createFilesTestApp>>;
let call: ReturnType<typeof api>;
let A: FlowTenant;
let B: FlowTenant;
const tenantB = () => B;
beforeAll(async () => {
  env = await createFilesTestApp();
  call = api(env.t);
  A = await flowTenant(env.t);
  B = await flowTenant(env.t);
});
afterAll(async () => env?.t.close());

const TRIP_FORM = [
  { key: 'reason', label: '出差事由', kind: 'text', required: true },
  { key: 'customer', label: '客户名称', kind: 'text' },
  { key: 'budget', label: '预计金额', kind: 'money', min: 0, max: 1_000_000 },
  { key: 'period', label: '出差期间', kind: 'dateRange' },
  {
    key: 'level',
    label: '紧急程度',
    kind: 'select',
    options: [
      { value: 'normal', label: '一般' },
      { value: 'urgent', label: '紧急' },
    ],
  },
  { key: 'peer', label: '同行人', kind: 'staff', multiple: true },
  { key: 'dept', label: '协办部门', kind: 'department' },
  { key: 'files', label: '附件', kind: 'attachments' },
  { key: 'invoices', label: '发票', kind: 'invoicePicker' },
  { key: 'trips', label: '行程', kind: 'tripLines', required: true },
];

/** Saves and publishes a form for the bill type; returns its id. */
async function publishedForm(f: FlowTenant, fields: unknown[] = TRIP_FORM, billType = 'expense') {
  const s = await call(f.admin.token, 'POST', 'form/save', {
    name: `表单${Math.random()}`.slice(0, 20),
    billType,
    fields,
  });
  if (s.body.status !== 0) throw new Error(JSON.stringify(s.body));
  const p = await call(f.admin.token, 'POST', 'form/publish', { id: s.body.data.id });
  if (p.body.status !== 0) throw new Error(JSON.stringify(p.body));
  return s.body.data.id as number;
}

const trip = { date: ['2026-11-20', '2026-11-22'], locationCus: '北京' };
const fee = { feeType: 'travel', amount: 10_000, date: '2026-11-20' };
const saveExpense = (f: FlowTenant, extra: Record<string, unknown>) =>
  call(f.submitter.token, 'POST', 'flow/save', {
    billType: 'expense',
    title: '出差报销',
    fees: [fee],
    ...extra,
  });

describe('form designer', () => {
  it('saves a draft, refuses bad fields, publishes versions, enables one per type, copies and deletes', async () => {
    const s = await call(A.admin.token, 'POST', 'form/save', {
      name: '差旅申请表',
      billType: 'apply',
      description: '出差前填写',
      fields: TRIP_FORM,
    });
    expect(s.body.status).toBe(0);
    const id = s.body.data.id as number;
    let d = FormDetail.parse((await call(A.admin.token, 'GET', 'form/detail', { id })).body.data);
    expect(d).toMatchObject({
      status: 'draft',
      statusText: '未发布',
      version: 0,
      hasDraft: true,
      fieldCount: 10,
    });
    expect(d.fields[0]).toMatchObject({ key: 'reason', label: '出差事由', required: true, placeholder: '' });
    expect(d.published).toBeNull();

    // Bad input: each names the field; nothing is saved.
    const bad = async (fields: unknown[], text: string) => {
      const r = await call(A.admin.token, 'POST', 'form/save', {
        id,
        name: '差旅申请表',
        billType: 'apply',
        fields,
      });
      expect(r.code).toBe(400);
      expect(r.body.msg).toContain(text);
    };
    await bad([{ key: '1abc', label: '甲', kind: 'text' }], '字段标识须以字母开头');
    await bad([{ key: 'amount', label: '甲', kind: 'text' }], '系统保留字');
    await bad([{ key: 'a', label: '甲', kind: 'select' }], '「甲」请至少添加一个选项');
    await bad([{ key: 'a', label: '甲', kind: 'money', min: 1.5 }], '以分为单位');
    await bad([{ key: 'a', label: '甲', kind: 'number', min: 5, max: 1 }], '最小值不能大于最大值');
    await bad([{ key: 'a', label: '甲', kind: 'color' }], '字段类型不正确');
    await bad(
      [
        { key: 'a', label: '甲', kind: 'text' },
        { key: 'a', label: '乙', kind: 'text' },
      ],
      '字段标识「a」重复',
    );
    expect(
      (await call(A.admin.token, 'POST', 'form/save', { name: '', billType: 'apply', fields: [] })).code,
    ).toBe(400);
    expect(
      (await call(A.admin.token, 'POST', 'form/save', { name: '差旅申请表', billType: 'apply', fields: [] }))
        .code,
    ).toBe(409);
    d = FormDetail.parse((await call(A.admin.token, 'GET', 'form/detail', { id })).body.data);
    expect(d.fieldCount).toBe(10);

    // Publish: version 1, published, the bill type's form.
    expect((await call(A.admin.token, 'POST', 'form/publish', { id })).body.data).toEqual({ id, version: 1 });
    expect((await call(A.admin.token, 'POST', 'form/publish', { id })).code).toBe(409); // nothing new
    const rt = FormVersion.parse(
      (await call(A.submitter.token, 'GET', 'form/forBillType', { billType: 'apply' })).body.data,
    );
    expect(rt).toMatchObject({ formId: id, version: 1, billType: 'apply', name: '差旅申请表' });
    expect(rt.fields.map((f) => f.key)).toEqual(TRIP_FORM.map((f) => f.key));
    expect(
      (await call(A.submitter.token, 'GET', 'form/forBillType', { billType: 'loan' })).body.data,
    ).toBeNull();

    // Edit → draft; republish → version 2; version 1 stays readable and unchanged.
    await call(A.admin.token, 'POST', 'form/save', {
      id,
      name: '差旅申请表',
      billType: 'apply',
      fields: TRIP_FORM.slice(0, 2),
    });
    d = FormDetail.parse((await call(A.admin.token, 'GET', 'form/detail', { id })).body.data);
    expect(d).toMatchObject({ hasDraft: true, version: 1, fieldCount: 2 });
    expect(d.published?.fields).toHaveLength(10);
    expect(
      (
        await call(A.admin.token, 'POST', 'form/save', {
          id,
          name: '差旅申请表',
          billType: 'loan',
          fields: [],
        })
      ).code,
    ).toBe(400);
    expect((await call(A.admin.token, 'POST', 'form/publish', { id })).body.data.version).toBe(2);
    const v1 = await call(A.nobody.token, 'GET', 'form/version', { id, version: 1 });
    expect(v1.body.data.fields).toHaveLength(10);
    expect((await call(A.nobody.token, 'GET', 'form/version', { id })).body.data).toMatchObject({
      version: 2,
    });
    expect((await call(A.nobody.token, 'GET', 'form/version', { id, version: 3 })).code).toBe(404);
    d = FormDetail.parse((await call(A.admin.token, 'GET', 'form/detail', { id })).body.data);
    expect(d.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(d.versions[0].publishedByName).not.toBe('');

    // Copy: a new draft with the fields; publishing it disables the first (one form per bill type).
    const c = await call(A.admin.token, 'POST', 'form/copy', { id });
    expect(c.body.status).toBe(0);
    const copy = FormDetail.parse(
      (await call(A.admin.token, 'GET', 'form/detail', { id: c.body.data.id })).body.data,
    );
    expect(copy).toMatchObject({ name: '差旅申请表-副本', status: 'draft', fieldCount: 2 });
    await call(A.admin.token, 'POST', 'form/publish', { id: copy.id });
    const list = await call(A.admin.token, 'GET', 'form/pageList', { billType: 'apply' });
    expect(list.body.data.items.map((r: any) => [r.id, r.status])).toEqual([
      [copy.id, 'published'],
      [id, 'disabled'],
    ]);
    expect(
      (await call(A.admin.token, 'GET', 'form/pageList', { status: 'disabled' })).body.data.page.total,
    ).toBe(1);
    expect(
      (await call(A.admin.token, 'GET', 'form/pageList', { name: '副本' })).body.data.items,
    ).toHaveLength(1);
    // Enable the first again: the copy is disabled.
    expect((await call(A.admin.token, 'POST', 'form/enable', { id, enabled: true })).body.status).toBe(0);
    expect(
      (await call(A.submitter.token, 'GET', 'form/forBillType', { billType: 'apply' })).body.data.formId,
    ).toBe(id);
    // A never-published form cannot be enabled.
    const fresh = await call(A.admin.token, 'POST', 'form/save', {
      name: '空表单',
      billType: 'custom',
      fields: [],
    });
    expect(
      (await call(A.admin.token, 'POST', 'form/enable', { id: fresh.body.data.id, enabled: true })).code,
    ).toBe(400);
    // Delete (unused): gone from the list and detail.
    expect((await call(A.admin.token, 'POST', 'form/delete', { id: copy.id })).body.status).toBe(0);
    expect((await call(A.admin.token, 'GET', 'form/detail', { id: copy.id })).code).toBe(404);
  });

  it("refuses another tenant's ids and callers without the flow design permission", async () => {
    const id = await publishedForm(A, TRIP_FORM.slice(0, 1), 'requestNote');
    for (const [m, path, body] of [
      ['GET', 'form/detail', { id }],
      ['GET', 'form/version', { id, version: 1 }],
      ['GET', 'form/version', { id }],
      ['POST', 'form/save', { id, name: '他人的', billType: 'requestNote', fields: [] }],
      ['POST', 'form/publish', { id }],
      ['POST', 'form/enable', { id, enabled: false }],
      ['POST', 'form/copy', { id }],
      ['POST', 'form/delete', { id }],
    ] as const) {
      const r = await call(B.admin.token, m, path, body);
      expect(r.code, path).toBe(404);
    }
    expect(
      (await call(B.admin.token, 'GET', 'form/pageList', {})).body.data.items.every((r: any) => r.id !== id),
    ).toBe(true);
    expect(
      (await call(B.submitter.token, 'GET', 'form/forBillType', { billType: 'requestNote' })).body.data,
    ).toBeNull();
    // A staff member without flowList:* may read the runtime but not design.
    for (const [m, path, body] of [
      ['GET', 'form/pageList', {}],
      ['GET', 'form/detail', { id }],
      ['POST', 'form/save', { name: '无权限', billType: 'apply', fields: [] }],
      ['POST', 'form/publish', { id }],
      ['POST', 'form/enable', { id, enabled: false }],
      ['POST', 'form/copy', { id }],
      ['POST', 'form/delete', { id }],
    ] as const) {
      const r = await call(A.submitter.token, m, path, body);
      expect(r.code, path).toBe(403);
    }
    expect(
      (await call(A.nobody.token, 'GET', 'form/forBillType', { billType: 'requestNote' })).body.data.formId,
    ).toBe(id);
    expect((await call(A.nobody.token, 'GET', 'form/forBillType', { billType: 'nope' })).code).toBe(400);
  });
});

describe('form values on bill save and submit', () => {
  it('checks kinds and references on save, required fields on submit; documents keep their version; delete refused while used', async () => {
    await publishedFlow(env.t, A);
    const formId = await publishedForm(A);
    const other = await makeInvoice(env.t, A.tenantId, A.boss.staffId);
    const mine = await makeInvoice(env.t, A.tenantId, A.submitter.staffId);
    // Files as file:sign hands them out: under a random directory granted to their uploader.
    const put = async (tenantId: number, staffId: number, name: string) => {
      const k = `${await grantedDir(env.t.db, tenantId, staffId, 'attachment')}2026/11/27/${Date.now()}_${name}.pdf`;
      await env.storage.put(k, Buffer.from('%PDF-1.4'), { contentType: 'application/pdf' });
      return k;
    };
    const key = await put(A.tenantId, A.submitter.staffId, 'a');
    const foreignKey = await put(B.tenantId, B.submitter.staffId, 'b');
    const colleaguesKey = await put(A.tenantId, A.boss.staffId, 'c');

    // A draft may be incomplete; it is created on the form's version.
    const draft = await saveExpense(A, { formValues: { customer: '华为' } });
    expect(draft.body.status).toBe(0);
    const id = draft.body.data.id as number;
    let doc = await call(A.submitter.token, 'GET', 'flow/detail', { id });
    expect(doc.body.data).toMatchObject({ formId, formVersion: 1, formValues: { customer: '华为' } });

    // Bad values: 400 naming the label; nothing saved.
    const bad = async (
      formValues: Record<string, unknown>,
      text: string,
      extra: Record<string, unknown> = {},
    ) => {
      const r = await saveExpense(A, { id, formValues, ...extra });
      expect(r.code, text).toBe(400);
      expect(r.body.msg).toContain(text);
    };
    await bad({ unknown: 'x' }, '表单没有字段「unknown」');
    await bad({ budget: 12.5 }, '「预计金额」须为以分为单位的非负整数');
    await bad({ budget: -1 }, '「预计金额」须为以分为单位的非负整数');
    await bad({ budget: 2_000_000 }, '「预计金额」不能大于10000.00元');
    await bad({ period: ['2026-11-22', '2026-11-20'] }, '「出差期间」结束日期不能早于开始日期');
    await bad({ period: ['2026-02-30', '2026-03-01'] }, '「出差期间」应为[开始日期, 结束日期]');
    await bad({ level: 'vip' }, '「紧急程度」选项不存在');
    await bad({ peer: [B.submitter.staffId] }, '「同行人」员工');
    await bad({ peer: A.boss.staffId }, '「同行人」须为ID列表');
    await bad({ dept: B.deptId }, '「协办部门」部门');
    // Another tenant's file, a colleague's and one that does not exist: the same answer.
    const missingKey = `${key.slice(0, key.lastIndexOf('/'))}/1_missing.pdf`;
    for (const k of [foreignKey, colleaguesKey, missingKey]) {
      const r = await saveExpense(A, { id, formValues: { files: [k] } });
      expect([r.code, r.body.msg, r.body.data], k).toEqual([
        400,
        '「附件」附件不存在或不是本人上传的文件',
        { fields: [{ field: 'formValues.files', msg: '「附件」附件不存在或不是本人上传的文件' }] },
      ]);
    }
    await bad({ invoices: [other.id] }, '「发票」发票');
    await bad({ trips: [1] }, '「行程」由单据的行程填写');
    doc = await call(A.submitter.token, 'GET', 'flow/detail', { id });
    expect(doc.body.data.formValues).toEqual({ customer: '华为' });

    // Submit: required fields (a text value, the bound trip lines).
    let sub = await call(A.submitter.token, 'POST', 'flow/submit', { id });
    expect(sub.code).toBe(400);
    expect(sub.body.msg).toBe('「出差事由」为必填项；「行程」至少填写一条');
    expect(sub.body.data.fields.map((f: any) => f.field)).toEqual(['formValues.reason', 'formValues.trips']);
    const good = {
      reason: '拜访客户',
      customer: '华为',
      budget: 500_000,
      period: ['2026-11-20', '2026-11-22'],
      level: 'urgent',
      peer: [A.boss.staffId],
      dept: A.deptId,
      files: [key],
      invoices: [mine.id],
    };
    expect((await saveExpense(A, { id, formValues: good, trips: [trip] })).body.status).toBe(0);
    // A copy keeps the file: a document of the caller's already holds it.
    const copy = await call(A.submitter.token, 'POST', 'flow/copy', { id });
    expect(copy.body.status, copy.body.msg).toBe(0);
    expect(
      (await call(A.submitter.token, 'GET', 'flow/detail', { id: copy.body.data.id })).body.data.formValues
        .files,
    ).toEqual([key]);
    await call(A.submitter.token, 'POST', 'flow/delete', { id: copy.body.data.id });

    // Republish with a new required field: the document keeps version 1 and submits without it.
    await call(A.admin.token, 'POST', 'form/save', {
      id: formId,
      name: '报销表单',
      billType: 'expense',
      fields: [...TRIP_FORM, { key: 'project2', label: '项目编号', kind: 'text', required: true }],
    });
    expect((await call(A.admin.token, 'POST', 'form/publish', { id: formId })).body.data.version).toBe(2);
    sub = await call(A.submitter.token, 'POST', 'flow/submit', { id });
    expect(sub.body.status, sub.body.msg).toBe(0);
    doc = await call(A.submitter.token, 'GET', 'flow/detail', { id });
    expect(doc.body.data).toMatchObject({ formVersion: 1, status: 'approving', formValues: good });
    // The print sheet names the values by the labels of the document's version.
    const printed = await call(A.submitter.token, 'GET', `flow/print/data?id=${id}&flowIds=${id}`);
    expect(printed.body.data.items[0].data.formFields).toEqual(
      expect.arrayContaining([
        { key: 'reason', label: '出差事由', value: '拜访客户' },
        { key: 'budget', label: '预计金额', value: '¥5000.00' },
        { key: 'period', label: '出差期间', value: '2026-11-20 至 2026-11-22' },
        { key: 'level', label: '紧急程度', value: '紧急' },
      ]),
    );
    // A new document is created on version 2 and needs the new field.
    const next = await saveExpense(A, { formValues: { reason: '培训' }, trips: [trip] });
    expect(
      (await call(A.submitter.token, 'GET', 'flow/detail', { id: next.body.data.id })).body.data.formVersion,
    ).toBe(2);
    sub = await call(A.submitter.token, 'POST', 'flow/submit', { id: next.body.data.id });
    expect(sub.code).toBe(400);
    expect(sub.body.msg).toBe('「项目编号」为必填项');

    // Delete refused while documents use the form; the list counts them.
    const del = await call(A.admin.token, 'POST', 'form/delete', { id: formId });
    expect(del.code).toBe(409);
    expect(del.body.msg).toBe('还有2张单据使用该表单，不能删除，可以停用');
    const row = (await call(A.admin.token, 'GET', 'form/pageList', { billType: 'expense' })).body.data
      .items[0];
    expect(row).toMatchObject({ id: formId, billCount: 2 });
    // Disabled: new documents are free of it again, existing ones keep theirs.
    await call(A.admin.token, 'POST', 'form/enable', { id: formId, enabled: false });
    const free = await saveExpense(A, { formValues: { anything: 1 } });
    expect(free.body.status).toBe(0);
    expect(
      (await call(A.submitter.token, 'GET', 'flow/detail', { id: free.body.data.id })).body.data.formId,
    ).toBeNull();
  });
});

describe('selects bound to a 数据字典 (decision 0060)', () => {
  const BASE = '/finobase/api/v1';
  it("stores the dictionary's code; a value must be an enabled entry of the tenant's dictionary", async () => {
    const type = await call(A.admin.token, 'POST', `${BASE}/dictType:create`, {
      category_code: 'trip_reason',
      name: '出差事由',
    });
    const item = await call(A.admin.token, 'POST', `${BASE}/dictItem:create`, {
      type_id: type.body.data.id,
      dict_code: 'meet',
      dict_desc: '会议',
    });
    expect(item.body.status).toBe(0);
    for (const [fields, msg] of [
      [
        [{ key: 'r', label: '事由', kind: 'text', dictCode: 'trip_reason' }],
        '「事由」该类型不能引用数据字典',
      ],
      [
        [
          {
            key: 'r',
            label: '事由',
            kind: 'select',
            dictCode: 'trip_reason',
            options: [{ value: 'a', label: 'a' }],
          },
        ],
        '「事由」引用数据字典时不能再添加选项',
      ],
      [[{ key: 'r', label: '事由', kind: 'select', dictCode: '中文' }], '数据字典编码不正确'],
    ] as const) {
      const r = await call(A.admin.token, 'POST', 'form/save', {
        name: '字典表单',
        billType: 'expense',
        fields,
      });
      expect(r.code).toBe(400);
      expect(r.body.msg).toContain(msg);
    }
    const field = { key: 'reason2', label: '事由', kind: 'select', dictCode: 'trip_reason' };
    await publishedForm(A, [field]);
    const version = await call(A.submitter.token, 'GET', 'form/forBillType', { billType: 'expense' });
    expect(FormVersion.parse(version.body.data).fields[0]).toMatchObject({
      dictCode: 'trip_reason',
      options: [],
    });
    const saved = await saveExpense(A, { formValues: { reason2: 'meet' } });
    expect(saved.body.status).toBe(0);
    // 单据详情 and print name the entry (the print data's formFields)
    const id = saved.body.data.id;
    const printed = await call(A.submitter.token, 'GET', `flow/print/data?id=${id}&flowIds=${id}`);
    expect(printed.body.data.items[0].data.formFields).toContainEqual({
      key: 'reason2',
      label: '事由',
      value: '会议',
    });
    const bad = await saveExpense(A, { formValues: { reason2: 'nope' } });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('「事由」选项不存在或已停用');
    await call(A.admin.token, 'POST', `${BASE}/dictItem:status`, { id: item.body.data.id, enabled: 0 });
    expect((await saveExpense(A, { formValues: { reason2: 'meet' } })).body.msg).toContain(
      '选项不存在或已停用',
    );
    // another tenant's dictionary of the same code is not read: B has none
    await publishedForm(tenantB(), [field]);
    expect((await saveExpense(tenantB(), { formValues: { reason2: 'meet' } })).body.msg).toContain(
      '选项不存在或已停用',
    );
  });
});
