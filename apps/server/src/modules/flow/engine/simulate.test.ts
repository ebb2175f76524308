/** 流程模拟 over generated past documents. */
import { describe, expect, it } from 'vitest';
import { approver, directory, flow, staff } from './engine.testkit.js';
import { simulate, type SimulatedDocument } from './simulate.js';
import type { FlowDefinition } from './types.js';

const def: FlowDefinition = flow('cond', [
  {
    id: 'cond',
    type: 'condition',
    name: '金额判断',
    branches: [
      { id: 'big', name: '大额', when: { field: 'amount', op: 'gte', value: 100000 }, next: 'mgr' },
      { id: 'def', name: '其他', isDefault: true, next: 'fin' },
    ],
  },
  approver('mgr', [{ kind: 'supervisor', levels: 1 }], 'fin'),
  approver('fin', [{ kind: 'matrix', matrixId: 'm' }], 'cc', {
    mode: { kind: 'countersign', passRatio: 0.5 },
  }),
  { id: 'cc', type: 'cc', name: '抄送出纳', next: 'end', sources: staff('erin') },
]);

describe('simulate', () => {
  it('tells who would approve each step of 1,000 documents and where each ends', () => {
    const submitters = ['alice', 'bob', 'mgr', 'carol'];
    const docs: SimulatedDocument[] = Array.from({ length: 1000 }, (_, i) => ({
      documentId: `doc${i}`,
      submitter: submitters[i % 4],
      values: { amount: (i % 10) * 25000, departmentId: i % 7 === 0 ? 'd2' : 'd1' },
    }));
    const r = simulate(def, docs, directory);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.rows).toHaveLength(1000);
    expect(r.rows.every((x) => x.endNodeId === 'end' && x.endNodeName === '结束')).toBe(true);
    for (const [i, row] of r.rows.entries()) {
      const doc = docs[i];
      const amount = doc.values.amount as number;
      const matrixFin = doc.values.departmentId === 'd2' ? ['dave'] : amount >= 100000 ? ['cfo'] : ['carol'];
      // carol has no superior and nothing follows: her own 财务 step goes to the administrators.
      const expectedFin = matrixFin[0] === doc.submitter ? ['admin'] : matrixFin;
      const steps = row.steps.map((s) => s.nodeId);
      expect(steps).toEqual(amount >= 100000 ? ['mgr', 'fin', 'cc'] : ['fin', 'cc']);
      expect(row.steps.find((s) => s.nodeId === 'fin')?.staff).toEqual(expectedFin);
      const mgrStep = row.steps.find((s) => s.nodeId === 'mgr');
      if (mgrStep && doc.submitter === 'carol')
        expect(mgrStep).toMatchObject({ staff: [], autoPass: 'ASSIGN_EMPTY_APPROVE' });
      if (mgrStep && doc.submitter === 'alice') expect(mgrStep.staff).toEqual(['mgr']);
    }
    expect(r.rows[0].steps.at(-1)).toMatchObject({ kind: 'cc', staff: ['erin'] });
  });

  it('shows where a step whose approver is the submitter goes: never to the submitter', () => {
    const selfDef = flow('a1', [approver('a1', staff('alice'), 'end')]);
    const r = simulate(selfDef, [{ documentId: 'd', submitter: 'alice', values: {} }], directory);
    expect(r.ok && r.rows[0].steps[0]).toMatchObject({ staff: ['mgr'], selfRoute: 'superior' });
    expect(r.ok && r.rows[0].steps[0].autoPass).toBeUndefined();
  });

  it('refuses a draft that does not validate, with its messages', () => {
    const bad = flow('a1', [
      approver('a1', staff('carol'), 'end', { mode: { kind: 'countersign', passRatio: 0 } }),
    ]);
    expect(simulate(bad, [], directory)).toEqual({
      ok: false,
      issues: [{ nodeId: 'a1', message: '会签通过比例须在0到1之间' }],
    });
  });
});
