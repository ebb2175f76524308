import { describe, expect, it } from 'vitest';
import { diffVersions } from './budgets.versions.js';

const root = { id: 1, parent_id: null, dimension: 'root', value: '', label: '全部', amounts: {} };
const dept = (over: object = {}) => ({
  id: 2,
  parent_id: 1,
  dimension: 'department',
  value: '7',
  label: '研发部',
  amounts: { '2026-11': 120_000 } as Record<string, number>,
  ...over,
});

describe('变更记录: diffVersions', () => {
  it('names each setting, node property and period amount that changed, in words', () => {
    const before = {
      name: '研发预算',
      control: 3,
      overrun_pct: 0,
      cumulative: false,
      remark: '',
      nodes: [root, dept()],
    };
    const after = {
      name: '研发预算2026',
      control: 1,
      overrun_pct: 10,
      cumulative: true,
      remark: '',
      nodes: [root, dept({ control: 2, amounts: { '2026-11': 150_000, '2026-12': 50_000 } })],
    };
    expect(diffVersions(before, after)).toEqual([
      { kind: 'setting', target: '预算名称', before: '研发预算', after: '研发预算2026' },
      { kind: 'setting', target: '超支控制', before: '禁止超支', after: '超支合并（允许并标记）' },
      { kind: 'setting', target: '超支比例%', before: '0', after: '10' },
      { kind: 'setting', target: '累计', before: '否', after: '是' },
      { kind: 'node', target: '研发部 超支控制', before: '同预算', after: '个人承担超支' },
      { kind: 'amount', target: '研发部 2026年11月', before: '¥1,200.00', after: '¥1,500.00' },
      { kind: 'amount', target: '研发部 2026年12月', before: '未编制', after: '¥500.00' },
    ]);
  });

  it('a moved node names its old and new parent; versions older than per-node control read as 同预算', () => {
    const sales = { id: 3, parent_id: 1, dimension: 'department', value: '8', label: '销售部', amounts: {} };
    const travel = {
      id: 4,
      parent_id: 2,
      dimension: 'fee_type',
      value: 'travel',
      label: '差旅费',
      amounts: {},
    };
    const changes = diffVersions(
      { nodes: [root, dept(), sales, travel] },
      { nodes: [root, dept({ control: null }), sales, { ...travel, parent_id: 3 }] },
    );
    expect(changes).toEqual([{ kind: 'node', target: '差旅费 上级节点', before: '研发部', after: '销售部' }]);
  });
});
