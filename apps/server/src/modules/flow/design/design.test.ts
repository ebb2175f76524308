import { FlowDetail, FlowGroupList, FlowSimulation, MatrixDetail } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import {
  type Call,
  flowApp,
  type FlowTenant,
  publishedFlow,
  submittedExpense,
  twoStepNodes,
} from '../flow.testkit.js';

/** 审批流设计: groups, flows and versions, publish validation, enable, copy, delete, matrix, simulate, agents. */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => ({ t, A, B, call } = await flowApp({ publish: false })));
afterAll(async () => t?.close());

describe('groups', () => {
  it('creates, renames, orders and deletes; refuses a duplicate name, a group in use, another tenant and no permission', async () => {
    const g1 = await call(A.admin.token, 'POST', 'group/save', { name: '费用类' });
    const g2 = await call(A.admin.token, 'POST', 'group/save', { name: '申请类' });
    expect(g1.body.status).toBe(0);
    expect((await call(A.admin.token, 'POST', 'group/save', { name: '费用类' })).code).toBe(409);
    expect((await call(A.admin.token, 'POST', 'group/save', { name: '' })).code).toBe(400);
    expect(
      (await call(A.admin.token, 'POST', 'group/save', { id: g1.body.data.id, name: '报销类' })).body.status,
    ).toBe(0);
    const ordered = await call(A.admin.token, 'POST', 'group/order', {
      ids: [g2.body.data.id, g1.body.data.id],
    });
    expect(ordered.body.data.map((g: any) => g.name)).toEqual(['申请类', '报销类']);
    expect((await call(B.admin.token, 'POST', 'group/delete', { id: g1.body.data.id })).code).toBe(404);
    expect((await call(A.boss.token, 'POST', 'group/save', { name: '无权限' })).code).toBe(403);
    await call(A.admin.token, 'POST', 'flowDesign/save', {
      name: '占用',
      groupId: g1.body.data.id,
      billType: 'apply',
      nodes: twoStepNodes(A.second.staffId),
    });
    expect((await call(A.admin.token, 'POST', 'group/delete', { id: g1.body.data.id })).code).toBe(409);
    expect((await call(A.admin.token, 'POST', 'group/delete', { id: g2.body.data.id })).body.status).toBe(0);
  });

  it('group/list: the tenant’s groups in order with their flow counts, as the database holds them; no permission 403', async () => {
    const g = await call(A.admin.token, 'POST', 'group/save', { name: '列表用' });
    await call(A.admin.token, 'POST', 'flowDesign/save', {
      name: '列表流程',
      groupId: g.body.data.id,
      billType: 'loan',
      nodes: twoStepNodes(A.second.staffId),
    });
    await call(B.admin.token, 'POST', 'group/save', { name: '他人分组' });
    const r = await call(A.admin.token, 'GET', 'group/list');
    expect(r.code).toBe(200);
    const list = FlowGroupList.parse(r.body.data);
    const rows = await t.db
      .selectFrom('flow_groups')
      .select(['id', 'name', 'sort_order'])
      .where('tenant_id', '=', A.tenantId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    expect(list.map((x) => [x.id, x.name, x.sort])).toEqual(rows.map((x) => [x.id, x.name, x.sort_order]));
    expect(list.map((x) => x.name)).not.toContain('他人分组');
    expect(list.find((x) => x.id === g.body.data.id)?.flowCount).toBe(1);
    // It needs flowGroup:view or flowList:view; staff with only the filing permissions get 403.
    expect((await call(A.nobody.token, 'GET', 'group/list')).code).toBe(403);
    expect((await call(A.boss.token, 'GET', 'group/list')).code).toBe(403);
  });
});

describe('flows', () => {
  it('saves a draft, publishes versions (in-flight documents keep theirs), enables one per type, copies, refuses delete while in use', async () => {
    const flowId = await publishedFlow(t, A);
    let d = FlowDetail.parse(
      (await call(A.admin.token, 'GET', 'flowDesign/detail', { id: flowId })).body.data,
    );
    expect(d).toMatchObject({ version: 1, enabled: true, hasDraft: false });
    const billId = await submittedExpense(t, A);

    const nodes = twoStepNodes(A.second.staffId).filter((n) => n.id !== 'a2');
    (nodes[1] as any).next = 'end';
    await call(A.admin.token, 'POST', 'flowDesign/save', {
      id: flowId,
      name: d.name,
      groupId: d.groupId,
      billType: 'expense',
      nodes,
    });
    const p2 = await call(A.admin.token, 'POST', 'flowDesign/publish', { id: flowId });
    expect(p2.body.data.version).toBe(2);
    // The document submitted on version 1 still has its two steps.
    await call(A.boss.token, 'POST', 'flow/approve', { id: billId });
    const doc = await call(A.second.token, 'GET', 'flow/detail', { id: billId });
    expect(doc.body.data).toMatchObject({ flowVersion: 1, currentNodeName: '财务审批' });

    const page = await call(A.admin.token, 'GET', 'flowDesign/pageList', { billType: 'expense' });
    expect(page.body.data.items.find((f: any) => f.id === flowId)).toMatchObject({
      version: 2,
      runningCount: 1,
    });
    expect((await call(A.admin.token, 'POST', 'flowDesign/delete', { id: flowId })).code).toBe(409);

    const copy = await call(A.admin.token, 'POST', 'flowDesign/copy', { id: flowId });
    d = FlowDetail.parse(
      (await call(A.admin.token, 'GET', 'flowDesign/detail', { id: copy.body.data.id })).body.data,
    );
    expect(d).toMatchObject({ version: 0, enabled: false, hasDraft: true });
    expect(
      (await call(A.admin.token, 'POST', 'flowDesign/enable', { id: copy.body.data.id, enabled: true })).code,
    ).toBe(400);
    await call(A.admin.token, 'POST', 'flowDesign/publish', { id: copy.body.data.id });
    await call(A.admin.token, 'POST', 'flowDesign/enable', { id: copy.body.data.id, enabled: true });
    const old = FlowDetail.parse(
      (await call(A.admin.token, 'GET', 'flowDesign/detail', { id: flowId })).body.data,
    );
    expect(old.enabled).toBe(false);
    expect(
      (await call(A.admin.token, 'POST', 'flowDesign/delete', { id: copy.body.data.id })).body.status,
    ).toBe(0);
    expect((await call(B.admin.token, 'GET', 'flowDesign/detail', { id: flowId })).code).toBe(404);
    expect((await call(A.boss.token, 'GET', 'flowDesign/pageList', {})).code).toBe(403);
  });

  it('publish refuses an invalid definition with Chinese issues naming the node', async () => {
    const g = await call(A.admin.token, 'POST', 'group/save', { name: '校验' });
    const nodes = twoStepNodes(999_999);
    const s = await call(A.admin.token, 'POST', 'flowDesign/save', {
      name: '坏流程',
      groupId: g.body.data.id,
      billType: 'apply',
      nodes,
    });
    const p = await call(A.admin.token, 'POST', 'flowDesign/publish', { id: s.body.data.id });
    expect(p.code).toBe(400);
    expect(p.body.msg).toContain('节点「财务审批」');
    const broken = await call(A.admin.token, 'POST', 'flowDesign/save', {
      name: '断开',
      groupId: g.body.data.id,
      billType: 'apply',
      nodes: [
        { id: 'start', name: '发起', type: 'start', next: 'nowhere' },
        { id: 'end', name: '结束', type: 'end' },
      ],
    });
    const p2 = await call(A.admin.token, 'POST', 'flowDesign/publish', { id: broken.body.data.id });
    expect(p2.code).toBe(400);
    expect(p2.body.msg).toMatch(/流程设计有误/);
    const badShape = await call(A.admin.token, 'POST', 'flowDesign/save', {
      name: 'x',
      groupId: g.body.data.id,
      billType: 'apply',
      nodes: [{ type: 'weird' }],
    });
    expect(badShape.code).toBe(400);
  });

  it('simulates a draft over the last documents: who approves each step and where it ends', async () => {
    const r = await call(A.admin.token, 'POST', 'flowDesign/simulate', {
      billType: 'expense',
      nodes: twoStepNodes(A.second.staffId),
      count: 50,
    });
    const sim = FlowSimulation.parse(r.body.data);
    expect(sim.issues).toEqual([]);
    expect(sim.rows.length).toBeGreaterThan(0);
    expect(sim.rows[0].steps.map((s) => s.name)).toEqual(['直属上级审批', '财务审批']);
    expect(sim.rows[0].steps[0].staff[0].id).toBe(A.boss.staffId);
    expect(sim.ends[0]).toMatchObject({ endNodeId: 'end' });
    const bad = await call(A.admin.token, 'POST', 'flowDesign/simulate', {
      billType: 'expense',
      nodes: twoStepNodes(A.second.staffId),
      count: 5000,
    });
    expect(bad.code).toBe(400);
  });
});

describe('matrix', () => {
  it('saves rows by department with amount bands, drives an approver node, refuses bad rows and deleting while used', async () => {
    const m = await call(A.admin.token, 'POST', 'matrix/save', {
      name: '部门矩阵',
      dimension: 'department',
      rows: [
        { departmentId: A.deptId, maxAmount: 100_000, approverIds: [A.boss.staffId] },
        { departmentId: A.deptId, minAmount: 100_000, approverIds: [A.second.staffId] },
      ],
    });
    expect(m.body.status).toBe(0);
    const detail = MatrixDetail.parse(
      (await call(A.admin.token, 'GET', 'matrix/detail', { id: m.body.data.id })).body.data,
    );
    expect(detail.rows).toHaveLength(2);
    expect(detail.rows[0].departmentName).toBe('测试部');
    const wrong = await call(A.admin.token, 'POST', 'matrix/save', {
      name: '错',
      dimension: 'department',
      rows: [{ companyId: A.companyId, approverIds: [A.boss.staffId] }],
    });
    expect(wrong.code).toBe(400);
    const band = await call(A.admin.token, 'POST', 'matrix/save', {
      name: '错2',
      dimension: 'company',
      rows: [{ minAmount: 5, maxAmount: 1, approverIds: [A.boss.staffId] }],
    });
    expect(band.code).toBe(400);
    expect((await call(B.admin.token, 'GET', 'matrix/detail', { id: m.body.data.id })).code).toBe(404);

    const nodes = twoStepNodes(A.second.staffId);
    (nodes[1] as any).sources = [{ kind: 'matrix', matrixId: String(m.body.data.id) }];
    const sim = await call(A.admin.token, 'POST', 'flowDesign/simulate', { billType: 'expense', nodes });
    expect(sim.body.data.rows[0].steps[0].staff[0].id).toBe(A.boss.staffId);
    const g = await call(A.admin.token, 'POST', 'group/save', { name: '矩阵组' });
    await call(A.admin.token, 'POST', 'flowDesign/save', {
      name: '矩阵流程',
      groupId: g.body.data.id,
      billType: 'custom',
      nodes,
    });
    expect((await call(A.admin.token, 'POST', 'matrix/delete', { id: m.body.data.id })).code).toBe(409);
    expect(
      (await call(A.admin.token, 'GET', 'matrix/list', { dimension: 'department' })).body.data.length,
    ).toBeGreaterThan(0);
  });
});

describe('agents', () => {
  it('lists mine and all (admin only), sets another’s window only with flowAgent:edit', async () => {
    const now = Date.now();
    expect(
      (
        await call(A.boss.token, 'POST', 'agent/save', {
          principalId: A.second.staffId,
          agentId: A.boss.staffId,
          startAt: now,
          endAt: now + 1000_000,
        })
      ).code,
    ).toBe(403);
    const w = await call(A.admin.token, 'POST', 'agent/save', {
      principalId: A.second.staffId,
      agentId: A.boss.staffId,
      startAt: now + 1000_000,
      endAt: now + 2000_000,
    });
    expect(w.body.status).toBe(0);
    expect(
      (
        await call(A.admin.token, 'POST', 'agent/save', {
          agentId: A.boss.staffId,
          startAt: now + 10,
          endAt: now,
        })
      ).code,
    ).toBe(400);
    const mine = await call(A.boss.token, 'GET', 'agent/pageList', { scope: 'mine' });
    expect(mine.body.data.items[0]).toMatchObject({
      status: 'upcoming',
      statusText: '未开始',
      canCancel: false,
    });
    expect((await call(A.boss.token, 'GET', 'agent/pageList', { scope: 'all' })).code).toBe(403);
    expect(
      (await call(A.admin.token, 'GET', 'agent/pageList', { scope: 'all' })).body.data.page.total,
    ).toBeGreaterThan(0);
    expect((await call(B.admin.token, 'POST', 'agent/cancel', { id: w.body.data.id })).code).toBe(404);
  });
});
