import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstXmlForbidden } from '@feikong/contracts';
import { PDFDocument } from 'pdf-lib';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { caller, qs } from '../../invoice/invoice.testkit.js';
import { createSession } from '../../../platform/sessions.js';
import { DEMO_PRINT_BILL_NUMBER } from '../../../seed/billPrint.js';
import { DEMO } from '../../../seed/demo.js';
import { seedDemoIfEmpty } from '../../../seed/index.js';
import { printPagesSvg, wrap } from './print.render.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const P = '/finobill/api/web/flow/print';
const T0 = Date.UTC(2026, 10, 20, 2, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

/** A flow version with one approver node, as the engine stores it. */
const DEF = {
  flowId: '1',
  version: 1,
  name: '报销审批',
  nodes: [
    { id: 'start', type: 'start', name: '发起', next: 'n1' },
    {
      id: 'n1',
      type: 'approver',
      name: '部门审批',
      next: 'end',
      sources: [{ kind: 'supervisor', levels: 1 }],
      mode: { kind: 'orSign' },
      whenEmpty: 'autoPass',
      onReject: { kind: 'end' },
      selfApprove: 'superior',
    },
    { id: 'end', type: 'end', name: '结束' },
  ],
};

/**
 * A tenant with a submitter, an approver who acted as agent of a principal, a cc'd member, a stranger
 * with the list permission, a 流程干预 admin, a member without any bill permission; one approved document.
 */
async function setup() {
  const tenant = await makeTenant(t.db);
  const staffPerms = ['billExpense:view', 'todoList:view'];
  const submitter = await makeStaff(t.db, tenant.tenantId, staffPerms);
  const approver = await makeStaff(t.db, tenant.tenantId, staffPerms);
  const principal = await makeStaff(t.db, tenant.tenantId, staffPerms);
  const cc = await makeStaff(t.db, tenant.tenantId, staffPerms);
  const stranger = await makeStaff(t.db, tenant.tenantId, staffPerms);
  const admin = await makeStaff(t.db, tenant.tenantId, ['flowIntervene:view']);
  const noPerm = await makeStaff(t.db, tenant.tenantId, ['org:view']);
  const names = await t.db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenant.tenantId)
    .execute();
  const nameOf = (id: number) => names.find((n) => Number(n.id) === id)!.name;
  const flow = await t.db
    .insertInto('flows')
    .values({
      tenant_id: tenant.tenantId,
      group_id: 1,
      name: '报销审批',
      bill_type: 'expense',
      enabled: 1,
      remark: '',
      draft_nodes: null,
      current_version: 1,
      created_by: submitter.staffId,
      created_at: T0,
      updated_at: T0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const flowId = Number(flow.id);
  await t.db
    .insertInto('flow_versions')
    .values({
      tenant_id: tenant.tenantId,
      flow_id: flowId,
      version: 1,
      definition: JSON.stringify({ ...DEF, flowId: String(flowId) }),
      published_at: T0,
      published_by: submitter.staffId,
    })
    .execute();
  const bill = await t.db
    .insertInto('bills')
    .values({
      tenant_id: tenant.tenantId,
      bill_type: 'expense',
      bill_number: `BX20261120${String(tenant.tenantId).padStart(4, '0')}`,
      title: '上海出差报销',
      submitter_id: submitter.staffId,
      submitter_name: nameOf(submitter.staffId),
      dept_name: '测试部',
      org_name: '测试子公司',
      amount: 52600,
      status: 'approved',
      create_type: 1,
      remark: '客户拜访',
      form_values: JSON.stringify({ 项目编号: 'P-01' }),
      flow_id: flowId,
      flow_version: 1,
      flow_name: '报销审批',
      current_node_name: '',
      current_approvers: '[]',
      submit_time: T0,
      finish_time: T0 + 3_600_000,
      created_at: T0 - 60_000,
      updated_at: T0 + 3_600_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const billId = Number(bill.id);
  await t.db
    .insertInto('bill_fees')
    .values({
      tenant_id: tenant.tenantId,
      bill_id: billId,
      fee_type: 'meal',
      amount: 52600,
      fee_date: T0,
      remark: '客户接待',
      sort_order: 0,
    })
    .execute();
  await t.db
    .insertInto('bill_trips')
    .values({
      tenant_id: tenant.tenantId,
      bill_id: billId,
      peers: '张三',
      start_date: T0,
      end_date: T0 + 86_400_000,
      location_cus: '上海',
      budget_traffic: 10000,
      budget_stay: 20000,
      budget_other: 0,
      budget_total: 30000,
      sort_order: 0,
    })
    .execute();
  const log = (type: string, at: number, actor: number | null, extra: Record<string, unknown> = {}) =>
    t.db
      .insertInto('flow_logs')
      .values({
        tenant_id: tenant.tenantId,
        bill_id: billId,
        instance_id: null,
        type,
        at,
        node_id: (extra.nodeId as string) ?? null,
        actor_id: actor,
        on_behalf_of: (extra.onBehalfOf as number) ?? null,
        event: JSON.stringify({
          type,
          at: iso(at),
          instanceId: '1',
          ...(actor ? { actor: String(actor) } : {}),
          ...extra,
          ...(extra.onBehalfOf ? { onBehalfOf: String(extra.onBehalfOf) } : {}),
        }),
      })
      .execute();
  await log('submitted', T0, submitter.staffId);
  await log('approved', T0 + 3_000_000, approver.staffId, {
    nodeId: 'n1',
    onBehalfOf: principal.staffId,
    opinion: '同意，费用合理',
  });
  await log('finished', T0 + 3_600_000, null, { outcome: 'approved' });
  await t.db
    .insertInto('flow_ccs')
    .values({
      tenant_id: tenant.tenantId,
      bill_id: billId,
      staff_id: cc.staffId,
      from_id: approver.staffId,
      node_id: 'n1',
      node_name: '部门审批',
      created_at: T0 + 3_000_000,
    })
    .execute();
  return { ...tenant, submitter, approver, principal, cc, stranger, admin, noPerm, billId, nameOf };
}

describe('单据打印 routes', () => {
  it('each print route names its permission', () => {
    const mine = t.app.builtRoutes.filter((r) => r.url.startsWith(`${P}/`) && r.method !== 'HEAD');
    expect(mine.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      `GET ${P}/data`,
      `GET ${P}/design`,
      `GET ${P}/details`,
      `POST ${P}/pdf`,
      `POST ${P}/record`,
    ]);
  });

  it('data: fields, fee lines, trips, the approval record with 代 <name> 审批, extendData', async () => {
    const s = await setup();
    const res = await call(
      s.submitter.token,
      'GET',
      `${P}/data${qs({ id: s.billId, flowIds: String(s.billId) })}`,
    );
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    const [item] = res.body.data.items;
    expect(item.flowId).toBe(s.billId);
    const d = item.data;
    expect(d.billNumber).toMatch(/^BX2026/);
    expect(d.flowName).toBe('报销审批');
    expect(d.template).toMatchObject({ title: '报销单', billType: 'expense' });
    // the header names the bearing company (费用承担公司), not the group
    expect(d.template.orgName).toBe('测试子公司');
    expect(d.extendData).toEqual({ createAt: T0 - 60_000, billNumber: d.billNumber });
    expect(d.formFields).toEqual(
      expect.arrayContaining([
        { key: 'title', label: '事由', value: '上海出差报销' },
        { key: 'amount', label: '金额', value: '¥526.00' },
        { key: '项目编号', label: '项目编号', value: 'P-01' },
      ]),
    );
    expect(d.data.fees).toEqual([
      expect.objectContaining({ feeType: 'meal', feeTypeText: '餐饮费', amount: 52600, invoices: [] }),
    ]);
    expect(d.data.trips[0]).toMatchObject({ locationCus: '上海', budget_total: 30000 });
    const approved = d.approveNodeRecord.find((r: any) => r.action === 'approved');
    expect(approved).toMatchObject({
      nodeName: '部门审批',
      actorName: s.nameOf(s.approver.staffId),
      onBehalfOfText: `代 ${s.nameOf(s.principal.staffId)} 审批`,
      opinion: '同意，费用合理',
    });
    expect(d.approveNodeRecord.map((r: any) => r.action)).toEqual(['submitted', 'approved']);
    expect(d.printCount).toBe(0);
  });

  it('data: a custom form’s values under their labels, in words, and its 附件 as signed links', async () => {
    const s = await setup();
    const dept = await t.db
      .selectFrom('departments')
      .select(['id', 'name'])
      .where('tenant_id', '=', s.tenantId)
      .executeTakeFirst();
    const fields = [
      { key: 'reason', label: '出差事由', kind: 'text' },
      { key: 'budget', label: '预算金额', kind: 'money' },
      {
        key: 'level',
        label: '紧急程度',
        kind: 'select',
        options: [
          { value: 'high', label: '紧急' },
          { value: 'low', label: '一般' },
        ],
      },
      { key: 'buddy', label: '同行人', kind: 'staff' },
      { key: 'files', label: '行程单', kind: 'attachments' },
      { key: 'fees', label: '费用', kind: 'feeLines' },
      ...(dept ? [{ key: 'dept', label: '受益部门', kind: 'department' }] : []),
    ].map((f) => ({
      required: false,
      placeholder: '',
      help: '',
      options: [],
      precision: 0,
      multiple: false,
      ...f,
    }));
    const form = await t.db
      .insertInto('form_templates')
      .values({
        tenant_id: s.tenantId,
        name: '差旅报销单',
        bill_type: 'expense',
        description: '',
        enabled: 1,
        draft_fields: null,
        current_version: 1,
        created_by: s.submitter.staffId,
        created_at: T0,
        updated_at: T0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('form_versions')
      .values({
        tenant_id: s.tenantId,
        form_id: Number(form.id),
        version: 1,
        name: '差旅报销单',
        description: '',
        fields: JSON.stringify(fields),
        published_at: T0,
        published_by: s.submitter.staffId,
      })
      .execute();
    const key = `attachment/t${s.tenantId}/2026/11/20/1_abc.pdf`;
    await t.db
      .updateTable('bills')
      .set({
        form_id: Number(form.id),
        form_version: 1,
        form_values: JSON.stringify({
          reason: '客户拜访',
          budget: 123456,
          level: 'high',
          buddy: s.approver.staffId,
          files: [key],
          ...(dept ? { dept: Number(dept.id) } : {}),
          legacy: 'L-1',
        }),
      })
      .where('id', '=', s.billId)
      .execute();
    const res = await call(
      s.submitter.token,
      'GET',
      `${P}/data${qs({ id: s.billId, flowIds: String(s.billId) })}`,
    );
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data.items[0].data;
    const custom = d.formFields.slice(-(dept ? 7 : 6));
    expect(custom).toEqual([
      { key: 'reason', label: '出差事由', value: '客户拜访' },
      { key: 'budget', label: '预算金额', value: '¥1234.56' },
      { key: 'level', label: '紧急程度', value: '紧急' },
      { key: 'buddy', label: '同行人', value: s.nameOf(s.approver.staffId) },
      { key: 'files', label: '行程单', value: '1个附件' },
      ...(dept ? [{ key: 'dept', label: '受益部门', value: dept.name }] : []),
      { key: 'legacy', label: 'legacy', value: 'L-1' },
    ]);
    const att = d.attachments.find((a: any) => a.remark === '表单字段「行程单」');
    expect(att).toMatchObject({ fileName: '行程单.pdf', fileType: 'pdf' });
    expect(att.filePath).toMatch(/^\/|^http/);
  });

  it('design: the document’s flow version', async () => {
    const s = await setup();
    const res = await call(s.submitter.token, 'GET', `${P}/design${qs({ id: s.billId })}`);
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.flowName).toBe('报销审批');
    expect(res.body.data.definition.nodes.map((n: any) => n.name)).toEqual(['发起', '部门审批', '结束']);
  });

  it('submitter, approver (and the principal), cc and 流程干预 may print; a stranger gets 404', async () => {
    const s = await setup();
    for (const who of [s.submitter, s.approver, s.principal, s.cc, s.admin]) {
      const res = await call(who.token, 'GET', `${P}/details${qs({ flowIds: String(s.billId) })}`);
      expect(res.code, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.items[0]).toMatchObject({ id: s.billId, statusText: '已通过', printCount: 0 });
    }
    const res = await call(s.stranger.token, 'GET', `${P}/data${qs({ id: s.billId })}`);
    expect(res.code).toBe(404);
    expect(res.body.msg).toBe('单据不存在');
  });

  it('without any bill permission: 403', async () => {
    const s = await setup();
    const res = await call(s.noPerm.token, 'GET', `${P}/data${qs({ id: s.billId })}`);
    expect(res.code).toBe(403);
    const rec = await call(s.noPerm.token, 'POST', `${P}/record`, { flowIds: [s.billId] });
    expect(rec.code).toBe(403);
  });

  it('another tenant’s document: 404, even for its 流程干预 admin', async () => {
    const a = await setup();
    const b = await setup();
    for (const [method, url, body] of [
      ['GET', `${P}/data${qs({ id: b.billId })}`, undefined],
      ['GET', `${P}/design${qs({ id: b.billId })}`, undefined],
      ['GET', `${P}/details${qs({ flowIds: `${a.billId},${b.billId}` })}`, undefined],
      ['POST', `${P}/record`, { flowIds: [b.billId] }],
      ['POST', `${P}/pdf`, { flowIds: [b.billId] }],
    ] as const) {
      const res = await call(a.admin.token, method, url, body);
      expect(res.code, url).toBe(404);
    }
    const stats = await t.db.selectFrom('bill_prints').selectAll().where('bill_id', '=', b.billId).execute();
    expect(stats).toEqual([]);
  });

  it('bad input: clear Chinese messages', async () => {
    const s = await setup();
    const noId = await call(s.submitter.token, 'GET', `${P}/data`);
    expect(noId.code).toBe(400);
    const badIds = await call(s.submitter.token, 'GET', `${P}/details${qs({ flowIds: '1,abc' })}`);
    expect(badIds.code).toBe(400);
    expect(badIds.body.msg).toMatch(/单据ID/);
    const empty = await call(s.submitter.token, 'POST', `${P}/record`, { flowIds: [] });
    expect(empty.code).toBe(400);
    expect(empty.body.msg).toMatch(/至少选择一条数据/);
    const tooMany = await call(s.submitter.token, 'POST', `${P}/pdf`, {
      flowIds: Array.from({ length: 51 }, (_, i) => i + 1),
    });
    expect(tooMany.code).toBe(400);
  });

  it('record: who and when, counted per document', async () => {
    const s = await setup();
    const one = await call(s.submitter.token, 'POST', `${P}/record`, { flowIds: [s.billId] });
    expect(one.code, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data.items).toEqual([{ flowId: s.billId, printCount: 1 }]);
    const two = await call(s.approver.token, 'POST', `${P}/record`, { flowIds: [s.billId, s.billId] });
    expect(two.body.data.items).toEqual([{ flowId: s.billId, printCount: 2 }]);
    const rows = await t.db.selectFrom('bill_prints').selectAll().where('bill_id', '=', s.billId).execute();
    expect(rows.map((r) => Number(r.staff_id)).sort()).toEqual(
      [s.submitter.staffId, s.approver.staffId].sort(),
    );
    const details = await call(s.submitter.token, 'GET', `${P}/details${qs({ flowIds: String(s.billId) })}`);
    expect(details.body.data.items[0].printCount).toBe(2);
    expect(details.body.data.items[0].lastPrintAt).toBeGreaterThan(0);
  });

  it('pdf: the documents’ pages in one PDF behind a signed link, the bill numbers written as text', async () => {
    const a = await setup();
    // a second document of the same submitter
    const second = await t.db
      .insertInto('bills')
      .values({
        tenant_id: a.tenantId,
        bill_type: 'apply',
        bill_number: `SQ20261120${String(a.tenantId).padStart(4, '0')}`,
        title: '采购申请',
        submitter_id: a.submitter.staffId,
        submitter_name: a.nameOf(a.submitter.staffId),
        amount: 10000,
        status: 'draft',
        form_values: '{}',
        dept_name: '',
        org_name: '',
        remark: '',
        create_type: 1,
        flow_name: '',
        current_node_name: '',
        current_approvers: '[]',
        created_at: T0,
        updated_at: T0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await call(a.submitter.token, 'POST', `${P}/pdf`, { flowIds: [a.billId, Number(second.id)] });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ printed: 2, attached: 0, attachments: [] });
    expect(res.body.data.fileName).toBe('单据打印（2份）.pdf');
    const pdf = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(pdf.statusCode).toBe(200);
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getTitle()).toContain(`BX20261120${String(a.tenantId).padStart(4, '0')}`);
    // the bill number is text on the page (Helvetica)
    expect(Buffer.from(pdf.rawPayload).includes('/Helvetica')).toBe(true);
  });
});

describe('characters XML forbids (issue 19)', () => {
  it('a title holding U+FFFE, U+FFFF and control characters prints, alone and in a batch; they are dropped', async () => {
    const a = await setup();
    // Written before the edge refused such characters (or by an import): the print must not fail on them.
    // (No U+0000: PostgreSQL text cannot hold it.)
    await t.db
      .updateTable('bills')
      .set({ title: 'ctl\uFFFE\uFFFFend\u0001', remark: '备注\u0008\u001B' })
      .where('id', '=', a.billId)
      .execute();
    const data = await call(
      a.submitter.token,
      'GET',
      `${P}/data${qs({ id: a.billId, flowIds: String(a.billId) })}`,
    );
    expect(data.code).toBe(200);
    for (const flowIds of [[a.billId], [a.billId, a.billId]]) {
      const res = await call(a.submitter.token, 'POST', `${P}/pdf`, { flowIds });
      expect(res.code, JSON.stringify(res.body)).toBe(200);
      const pdf = await t.app.inject({ method: 'GET', url: res.body.data.url });
      expect(pdf.statusCode).toBe(200);
      expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(1);
    }
    const item = data.body.data.items[0].data;
    expect(item.data.title).toBe('ctl\uFFFE\uFFFFend\u0001');
    const svg = printPagesSvg(item, T0)[0]!;
    expect(svg).toContain('ctlend');
    expect(firstXmlForbidden(svg)).toBeNull();
  });

  it('the edge refuses them in a plain-text field, naming it in Chinese', async () => {
    const a = await setup();
    const filer = await makeStaff(t.db, a.tenantId, ['billExpense:add', 'billExpense:view']);
    const res = await call(filer.token, 'POST', '/finobill/api/web/flow/save', {
      billType: 'expense',
      title: 'ctl\uFFFE\uFFFFend',
      amount: 0,
      fees: [],
      trips: [],
    });
    expect(res.code).toBe(400);
    expect(res.body.msg).toBe('事由：不能包含特殊字符 U+FFFE');
    expect(res.body.data.fields).toEqual([{ field: 'title', msg: '事由：不能包含特殊字符 U+FFFE' }]);
    // Nested values too (a custom form's text), and a key.
    const nested = await call(filer.token, 'POST', '/finobill/api/web/flow/save', {
      billType: 'expense',
      title: '差旅',
      amount: 0,
      fees: [],
      trips: [],
      formValues: { reason: 'a\u0007b' },
    });
    expect(nested.code).toBe(400);
    expect(nested.body.data.fields[0].field).toBe('formValues.reason');
    expect(nested.body.msg).toContain('不能包含特殊字符 U+0007');
  });
});

describe('print pages', () => {
  it('wraps Chinese wider than ASCII and cuts long text', () => {
    expect(wrap('一二三四五', 40, 20)).toEqual(['一二', '三四', '五']);
    expect(wrap('abcdefgh', 50, 20)).toEqual(['abcd', 'efgh']);
    expect(wrap('一'.repeat(50), 20, 20, 3)).toHaveLength(3);
  });

  it('a long approval record runs onto a second page with the header repeated', () => {
    const row = {
      at: T0,
      nodeId: 'n1',
      nodeName: '部门审批',
      actorId: 1,
      actorName: '员工<甲>',
      onBehalfOfText: '',
      action: 'approved',
      actionLabel: '通过',
      toNames: [],
      opinion: '同意',
      reason: '',
    };
    const pages = printPagesSvg(
      {
        billId: 1,
        billNumber: 'BX1',
        flowName: 'f',
        template: { orgName: '集团', title: '报销单', billType: 'expense' },
        data: {
          title: 't',
          amount: 1,
          status: 'approved',
          statusText: '已通过',
          submitterName: 'a',
          deptName: '',
          orgName: '',
          remark: '',
          submitTime: null,
          finishTime: null,
          fees: [],
          trips: [],
        },
        formFields: [{ key: 'title', label: '事由', value: 't' }],
        approveNodeRecord: Array.from({ length: 60 }, () => row),
        extendData: { createAt: T0, billNumber: 'BX1' },
        attachments: [],
        printCount: 0,
        riskFlags: [
          {
            ruleId: 1,
            ruleName: '跨年发票',
            ruleKind: 'invoiceOtherYear',
            action: 'flag',
            message: '发票开票年度与提交年度不同',
            detail: '第1条费用（差旅费）的发票123开票日期2024-12-30',
          },
        ],
        budgetLines: [
          {
            fee_id: 1,
            fee_type: 'travel',
            amount: 150_000,
            period: '2026-11',
            hits: [
              {
                budget_id: 1,
                budget_name: '2026年市场部',
                node_id: 2,
                node_label: '差旅费',
                period: '2026-11',
                control: 2,
                available: 100_000,
                occupy: 150_000,
                over: 50_000,
              },
            ],
            over: 50_000,
            personal: 50_000,
            flagged: false,
            refusal: null,
          },
        ],
        budgetPersonal: 50_000,
      },
      T0,
    );
    expect(pages[0]).toContain('风险提示');
    expect(pages[0]).toContain('发票开票年度与提交年度不同：第1条费用（差旅费）的发票123开票日期2024-12-30');
    // 预算 (decision 0052): the line's budget, its excess and the employee's share.
    expect(pages[0]).toContain('>预算<');
    expect(pages[0]).toContain('2026年市场部 差旅费');
    expect(pages[0]).toContain('个人承担合计');
    // 60 records, the risk table, 大写金额 and the signature lines: more than one page; the records' header repeats.
    const n = pages.length;
    expect(n).toBeGreaterThanOrEqual(2);
    expect(pages[1]).toContain('审批人');
    expect(pages[0]).toContain('员工&lt;甲&gt;'); // escaped
    expect(pages[1]).toContain(`第 2 页 / 共 ${n} 页`);
    expect(pages[n - 1]).toContain('领款人：');
  });

  it('prints 大写金额, the agent column only where an agent acted, and the signature lines', () => {
    const row = (onBehalfOfText: string) => ({
      at: T0,
      nodeId: 'n1',
      nodeName: '部门审批',
      actorId: 1,
      actorName: '审批人甲',
      onBehalfOfText,
      action: 'approved',
      actionLabel: '通过',
      toNames: [],
      opinion: '同意',
      reason: '',
    });
    const data = (amount: number, rows: ReturnType<typeof row>[]) => ({
      billId: 1,
      billNumber: 'BX1',
      flowName: 'f',
      template: { orgName: '演示科技有限公司', title: '报销单', billType: 'expense' },
      data: {
        title: 't',
        amount,
        status: 'approved',
        statusText: '已通过',
        submitterName: 'a',
        deptName: '',
        orgName: '演示科技有限公司',
        remark: '',
        submitTime: null,
        finishTime: null,
        fees: [],
        trips: [],
      },
      formFields: [{ key: 'title', label: '事由', value: 't' }],
      approveNodeRecord: rows,
      extendData: { createAt: T0, billNumber: 'BX1' },
      attachments: [],
      printCount: 0,
      riskFlags: [],
      budgetLines: [],
      budgetPersonal: 0,
    });
    const [agent] = printPagesSvg(data(444900, [row('代 王五 审批')]), T0);
    expect(agent).toContain('>演示科技有限公司<');
    expect(agent).toContain('金额合计（大写）：人民币肆仟肆佰肆拾玖元整');
    expect(agent).toContain('（小写）¥4449.00');
    expect(agent).toContain('>代理审批<');
    expect(agent).toContain('>代 王五 审批<');
    expect(agent).not.toContain('代 X 审批');
    for (const role of ['制单：', '审核：', '审批：', '出纳：', '领款人：'])
      expect(agent).toContain(`>${role}<`);
    const [plain] = printPagesSvg(data(1000505, [row('')]), T0);
    expect(plain).not.toContain('代理审批');
    expect(plain).toContain('人民币壹万零伍元零伍分');
  });
});

describe('the demo’s printed document', () => {
  it('员工乙 prints BX202610310001 with 审批人甲’s approval; 审批人甲 may print it too', async () => {
    const fresh = await createTestApp();
    try {
      expect(await seedDemoIfEmpty(fresh.db)).toBe(true);
      const session = async (phone: string) => {
        const s = await fresh.db
          .selectFrom('staff')
          .select(['id', 'user_id', 'tenant_id'])
          .where('phone', '=', phone)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        return (
          await createSession(
            fresh.db,
            { userId: s.user_id, tenantId: Number(s.tenant_id), staffId: Number(s.id) },
            60_000,
          )
        ).token;
      };
      const bill = await fresh.db
        .selectFrom('bills')
        .select('id')
        .where('bill_number', '=', DEMO_PRINT_BILL_NUMBER)
        .executeTakeFirstOrThrow();
      const c = caller(fresh);
      const res = await c(await session(DEMO.staff), 'GET', `${P}/data${qs({ id: Number(bill.id) })}`);
      expect(res.code, JSON.stringify(res.body)).toBe(200);
      const d = res.body.data.items[0].data;
      expect(d.template).toMatchObject({ orgName: '演示科技有限公司', title: '报销单' });
      expect(d.data.submitterName).toBe('员工乙');
      expect(d.data.fees).toHaveLength(2);
      expect(
        d.approveNodeRecord.map((r: any) => [r.nodeName, r.actorName, r.actionLabel, r.opinion]),
      ).toEqual([
        ['提交', '员工乙', '提交', ''],
        ['部门审批', '审批人甲', '通过', '同意，票据齐全'],
      ]);
      // 单据详情 opens it too, with 打印 offered
      const detail = await c(
        await session(DEMO.staff),
        'GET',
        `/finobill/api/web/flow/detail${qs({ id: Number(bill.id) })}`,
      );
      expect(detail.code, JSON.stringify(detail.body)).toBe(200);
      expect(detail.body.data.actions.canPrint).toBe(true);
      expect(detail.body.data.printCount).toBe(0);
      const approver = await c(
        await session(DEMO.approver),
        'GET',
        `${P}/details${qs({ flowIds: String(bill.id) })}`,
      );
      expect(approver.code).toBe(200);
      // the seeded flow is kept out of the lists: deleted, disabled
      const flow = await fresh.db
        .selectFrom('flows')
        .selectAll()
        .where('name', '=', '差旅报销审批（示例）')
        .executeTakeFirstOrThrow();
      expect([flow.enabled, flow.deleted_at != null]).toEqual([0, true]);
    } finally {
      await fresh.close();
    }
  });
});
