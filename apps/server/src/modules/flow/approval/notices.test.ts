import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import {
  type Call,
  flowApp,
  type FlowTenant,
  flowTenant,
  publishedFlow,
  submittedExpense,
} from '../flow.testkit.js';

/**
 * Every approval step notifies the people it concerns through the notification centre (notices.ts): the
 * notice exists for the right person, says what happened, opens the document (action 201, ext_params.bid),
 * reaches nobody in another tenant, and a refused or lost step notifies nobody.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => ({ t, A, B, call } = await flowApp()));
afterAll(async () => t?.close());

type Who = { userId: number };
/** Notifications of a person written after `since` (notification ids grow), oldest first. */
async function noticesOf(who: Who, since = 0) {
  const rows = await t.db
    .selectFrom('notifications')
    .select(['id', 'tenant_id', 'title', 'content', 'action_code', 'ext_params', 'msg_name'])
    .where('user_id', '=', who.userId)
    .where('id', '>', since)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    tenantId: Number(r.tenant_id),
    title: r.title,
    content: r.content,
    action: Number(r.action_code),
    bid: (JSON.parse(r.ext_params) as { bid?: number }).bid,
    msgName: r.msg_name,
  }));
}
/** The highest notification id now: later notices are the step's. */
async function now() {
  const r = await t.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}
const titles = async (who: Who, since: number) => (await noticesOf(who, since)).map((n) => n.title);
const everyoneOf = (f: FlowTenant) => [f.admin, f.submitter, f.boss, f.second, f.nobody];

async function quietTenant(f: FlowTenant, since: number) {
  for (const p of everyoneOf(f)) expect(await noticesOf(p, since)).toEqual([]);
}

describe('approval notices', () => {
  it('提交 tells the first approver; 同意 the next one; the last 同意 tells the submitter 已通过', async () => {
    const since = await now();
    const id = await submittedExpense(t, A);
    const [todo] = await noticesOf(A.boss, since);
    expect(todo).toMatchObject({ tenantId: A.tenantId, action: 201, bid: id, msgName: '审批通知' });
    expect(todo.title).toMatch(/^待审批：/);
    expect(todo.content).toContain('出差报销');
    expect(todo.content).toContain('¥100.00');
    expect(todo.content).toContain('（直属上级审批）');
    expect(await noticesOf(A.submitter, since)).toEqual([]);
    expect(await noticesOf(A.second, since)).toEqual([]);

    const s2 = await now();
    expect((await call(A.boss.token, 'POST', 'flow/approve', { id, opinion: '同意' })).body.status).toBe(0);
    expect(await titles(A.second, s2)).toEqual([expect.stringMatching(/^待审批：/)]);
    expect(await noticesOf(A.submitter, s2)).toEqual([]);
    expect(await noticesOf(A.boss, s2)).toEqual([]);

    const s3 = await now();
    expect((await call(A.second.token, 'POST', 'flow/approve', { id, opinion: '' })).body.status).toBe(0);
    const [done] = await noticesOf(A.submitter, s3);
    expect(done).toMatchObject({ action: 201, bid: id, title: expect.stringMatching(/^已通过：/) });
    expect(done.content).toContain('已审批通过');
    expect(await noticesOf(A.second, s3)).toEqual([]);
    await quietTenant(B, since);
  });

  it('驳回 that ends the document tells the submitter 已驳回 with the opinion', async () => {
    const id = await submittedExpense(t, A);
    const since = await now();
    const r = await call(A.boss.token, 'POST', 'flow/reject', { id, opinion: '发票不全' });
    expect(r.body.data.status).toBe('rejected');
    const [n] = await noticesOf(A.submitter, since);
    expect(n).toMatchObject({ bid: id, title: expect.stringMatching(/^已驳回：/) });
    expect(n.content).toMatch(/已被测试员工\d+驳回：发票不全$/);
    expect(await noticesOf(A.boss, since)).toEqual([]);
    await quietTenant(B, since);
  });

  it('退回 to an earlier node tells its approver (待审批) and the submitter (已退回至…); to the submitter: 请修改', async () => {
    const id = await submittedExpense(t, A);
    await call(A.boss.token, 'POST', 'flow/approve', { id, opinion: '' });
    const since = await now();
    // 财务审批 rejects back to 直属上级审批 (its onReject).
    const r = await call(A.second.token, 'POST', 'flow/reject', { id, opinion: '请复核' });
    expect(r.body.data.status).toBe('approving');
    expect(await titles(A.boss, since)).toEqual([expect.stringMatching(/^待审批：/)]);
    const [back] = await noticesOf(A.submitter, since);
    expect(back.title).toMatch(/^已退回：/);
    expect(back.content).toContain('退回至「直属上级审批」：请复核');

    const s2 = await now();
    const home = await call(A.boss.token, 'POST', 'flow/reject', { id, opinion: '重填', backTo: 'start' });
    expect(home.body.data.status).toBe('returned');
    const [toMe] = await noticesOf(A.submitter, s2);
    expect(toMe.content).toContain('退回，请修改后重新提交：重填');
    expect(await noticesOf(A.boss, s2)).toEqual([]);
    await quietTenant(B, since);
  });

  it('转办 tells the new approver; 催办 the current approvers; 抄送 the cc’d people — never the actor', async () => {
    const id = await submittedExpense(t, A);
    const since = await now();
    const tr = await call(A.boss.token, 'POST', 'flow/transfer', {
      id,
      toStaffId: A.admin.staffId,
      opinion: '请代为审批',
    });
    expect(tr.body.status).toBe(0);
    const [handed] = await noticesOf(A.admin, since);
    expect(handed.title).toMatch(/^待审批：/);
    expect(handed.content).toMatch(
      /^测试员工\d+将测试员工\d+提交的报销单「出差报销」.*转办给您审批：请代为审批$/,
    );
    expect(await noticesOf(A.boss, since)).toEqual([]);

    const s2 = await now();
    const u = await call(A.submitter.token, 'POST', 'flow/urge', { id, message: '请尽快' });
    expect(u.body.msg).toBe('操作成功');
    const [urged] = await noticesOf(A.admin, s2);
    expect(urged.title).toMatch(/^催办：/);
    expect(urged.content).toContain('请尽快');
    expect(await noticesOf(A.submitter, s2)).toEqual([]);
    expect(await noticesOf(A.boss, s2)).toEqual([]);

    const s3 = await now();
    const ok = await call(A.admin.token, 'POST', 'flow/approve', {
      id,
      opinion: '',
      ccStaffIds: [A.nobody.staffId, A.admin.staffId],
    });
    expect(ok.body.status).toBe(0);
    expect(await titles(A.nobody, s3)).toEqual([expect.stringMatching(/^抄送：/)]);
    expect(await titles(A.admin, s3)).toEqual([]);
    expect(await titles(A.second, s3)).toEqual([expect.stringMatching(/^待审批：/)]);
    await quietTenant(B, since);
  });

  it('refused steps notify nobody: bad input, another tenant, not the approver, a colleague of another tenant as cc', async () => {
    const id = await submittedExpense(t, A);
    const since = await now();
    expect((await call(A.boss.token, 'POST', 'flow/reject', { id, opinion: '' })).code).toBe(400);
    expect((await call(B.boss.token, 'POST', 'flow/approve', { id, opinion: '' })).code).toBe(404);
    expect((await call(A.second.token, 'POST', 'flow/approve', { id, opinion: '' })).code).toBe(409);
    expect((await call(B.submitter.token, 'POST', 'flow/urge', { id })).code).toBe(404);
    const cc = await call(A.boss.token, 'POST', 'flow/approve', {
      id,
      opinion: '',
      ccStaffIds: [B.second.staffId],
    });
    expect(cc.body.status).not.toBe(0);
    for (const p of [...everyoneOf(A), ...everyoneOf(B)]) expect(await noticesOf(p, since)).toEqual([]);
  });
});

describe('approval notices under a race', () => {
  it('two approvers of one 或签 step approve at once: one step, one 已通过 notice, nothing doubled', async () => {
    const C = await flowTenant(t);
    const nodes = [
      { id: 'start', name: '发起', type: 'start', next: 'a1' },
      {
        id: 'a1',
        name: '会计或签',
        type: 'approver',
        next: 'end',
        sources: [{ kind: 'staff', staffIds: [String(C.boss.staffId), String(C.second.staffId)] }],
        mode: { kind: 'orSign' },
        whenEmpty: 'admin',
        onReject: { kind: 'end' },
        selfApprove: 'superior',
      },
      { id: 'end', name: '结束', type: 'end' },
    ];
    await publishedFlow(t, C, nodes);
    for (let round = 0; round < 3; round++) {
      const since = await now();
      const id = await submittedExpense(t, C);
      expect(await titles(C.boss, since)).toHaveLength(1);
      expect(await titles(C.second, since)).toHaveLength(1);
      const s2 = await now();
      const replies = await Promise.all([
        call(C.boss.token, 'POST', 'flow/approve', { id, opinion: '' }),
        call(C.second.token, 'POST', 'flow/approve', { id, opinion: '' }),
        call(C.boss.token, 'POST', 'flow/approve', { id, opinion: '' }),
      ]);
      expect(replies.filter((r) => r.body.status === 0)).toHaveLength(1);
      const logs = await t.db
        .selectFrom('flow_logs')
        .select('type')
        .where('bill_id', '=', id)
        .where('type', '=', 'approved')
        .execute();
      expect(logs).toHaveLength(1);
      expect(await titles(C.submitter, s2)).toEqual([expect.stringMatching(/^已通过：/)]);
      for (const p of [C.boss, C.second, C.admin]) expect(await noticesOf(p, s2)).toEqual([]);
    }
  });

  it('twenty parallel 催办 of one document: each answered, each notice to the approver only', async () => {
    const id = await submittedExpense(t, A);
    const since = await now();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => call(A.submitter.token, 'POST', 'flow/urge', { id })),
    );
    const okCount = replies.filter((r) => r.body.status === 0).length;
    expect(okCount).toBeGreaterThan(0);
    expect(await titles(A.boss, since)).toHaveLength(okCount);
    expect(await noticesOf(A.submitter, since)).toEqual([]);
  });
});
