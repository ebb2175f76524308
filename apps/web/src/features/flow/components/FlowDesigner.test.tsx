import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { AppProviders } from '@/platform/providers';
import { createQueryClient } from '@/platform/queryClient';
import '@/test/layoutDom';
import { newDefinition } from '../rules/ops';
import type { ConditionNode, FlowDefinition } from '../rules/types';
import { FlowDesigner } from './FlowDesigner';
import type { DesignerOptions } from './NodePanel';

vi.setConfig({ testTimeout: 60_000 });

const OPTIONS: DesignerOptions = {
  groups: [{ value: '2', label: '财务组' }],
  matrices: [],
  departments: [{ value: '3', label: '研发部' }],
  companies: [],
  feeTypes: [],
  projects: [],
  customFields: [
    { value: 'reason', label: '出差事由（reason）' },
    { value: 'customer', label: '客户名称（customer）' },
  ],
  formName: '差旅报销单',
};

function Harness({ onDef }: { onDef: (d: FlowDefinition) => void }) {
  const [def, setDef] = useState(newDefinition('f1', '报销审批'));
  return (
    <FlowDesigner
      value={def}
      onChange={(d) => {
        setDef(d);
        onDef(d);
      }}
      options={OPTIONS}
    />
  );
}

async function mount() {
  let last: FlowDefinition = newDefinition('f1', '报销审批');
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Harness onDef={(d) => (last = d)} />
    </AppProviders>,
  );
  await screen.findByTestId('flow-node-approver_1');
  return () => last;
}

async function addAfter(source: string, label: string) {
  fireEvent.click(await screen.findByTestId(`flow-plus-${source}`));
  fireEvent.click(await screen.findByText(label, { selector: '.ant-dropdown-menu-title-content' }));
}

afterEach(cleanup);

describe('FlowDesigner', () => {
  it('adds a condition and a 会签 approver from the edges and edits them in the panel', async () => {
    const def = await mount();
    expect(screen.getByTestId('flow-node-approver_1').textContent).toContain('直属上级 · 或签');

    await addAfter('start', '条件分支');
    const cond = def().nodes.find((n) => n.type === 'condition') as ConditionNode;
    expect(cond.branches.map((b) => b.name)).toEqual(['条件1', '默认条件']);
    expect(await screen.findByTestId(`flow-branch-${cond.branches[0]!.id}`)).toBeTruthy();

    // The first branch: 金额 ≥ 5000 元 is stored as 500000 分.
    fireEvent.click(screen.getByTestId(`flow-branch-${cond.branches[0]!.id}`));
    const panel = await screen.findByTestId('branch-panel');
    const amount = within(panel).getByLabelText('金额（元）');
    fireEvent.change(amount, { target: { value: '5000' } });
    fireEvent.blur(amount);
    const when = (def().nodes.find((n) => n.id === cond.id) as ConditionNode).branches[0]!.when;
    expect(when).toEqual({ all: [{ field: 'amount', op: 'gte', value: 500000 }] });
    expect(screen.getByTestId(`flow-branch-${cond.branches[0]!.id}`).textContent).toContain(
      '金额 大于等于 5,000.00元',
    );

    // An approver inside the conditional branch, set to 会签 with 60%.
    await addAfter(`${cond.id}::${cond.branches[0]!.id}`, '审批人');
    const added = def().nodes.find((n) => n.type === 'approver' && n.id !== 'approver_1')!;
    const nodePanel = await screen.findByTestId('node-panel');
    fireEvent.click(within(nodePanel).getByLabelText(/会签/));
    const ratio = within(nodePanel).getByLabelText('通过比例');
    fireEvent.change(ratio, { target: { value: '60' } });
    fireEvent.blur(ratio);
    const a = def().nodes.find((n) => n.id === added.id)!;
    expect(a.type === 'approver' && a.mode).toEqual({ kind: 'countersign', passRatio: 0.6 });
    expect(screen.getByTestId(`flow-node-${added.id}`).textContent).toContain('会签（60%同意）');

    // 驳回 → 退回到指定节点 offers the start (no approver lies before it).
    fireEvent.click(within(nodePanel).getByLabelText('退回到指定节点'));
    const b = def().nodes.find((n) => n.id === added.id)!;
    expect(b.type === 'approver' && b.onReject).toEqual({ kind: 'back', nodeId: 'start' });
  });

  it('a condition on a custom field picks it from the bill type’s published form', async () => {
    const def = await mount();
    await addAfter('start', '条件分支');
    const cond = def().nodes.find((n) => n.type === 'condition') as ConditionNode;
    fireEvent.click(screen.getByTestId(`flow-branch-${cond.branches[0]!.id}`));
    const panel = await screen.findByTestId('branch-panel');
    fireEvent.mouseDown(within(panel).getByLabelText('条件字段'));
    fireEvent.click(await screen.findByTitle('自定义字段'));
    const formField = within(panel).getByLabelText('表单字段');
    expect(within(panel).getByText('从表单「差旅报销单」选择字段')).toBeTruthy();
    fireEvent.mouseDown(formField);
    fireEvent.click(await screen.findByTitle('客户名称（customer）'));
    const when = (def().nodes.find((n) => n.id === cond.id) as ConditionNode).branches[0]!.when;
    expect(when).toEqual({ all: [expect.objectContaining({ field: 'customer' })] });
    expect((within(panel).getByLabelText('自定义字段编码') as HTMLInputElement).value).toBe('customer');
  });

  it('deletes a node after confirmation', async () => {
    const def = await mount();
    await addAfter('approver_1', '抄送人');
    expect(def().nodes.some((n) => n.type === 'cc')).toBe(true);
    const card = await screen.findByTestId('flow-node-cc_1');
    fireEvent.click(within(card).getByLabelText('删除节点'));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /删\s*除/ }));
    });
    expect(def().nodes.some((n) => n.type === 'cc')).toBe(false);
  });
});
