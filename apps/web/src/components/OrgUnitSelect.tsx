import { TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { orgApi, type UnitNode } from '@/api/org';

/** The whole architecture (companies with their departments), once per session. */
export const unitTreeQuery = {
  queryKey: ['org', 'unitTree'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => orgApi.deptTree(undefined, signal),
  staleTime: 5 * 60_000,
};

interface TreeItem {
  value: number;
  title: string;
  selectable: boolean;
  children: TreeItem[];
}

function toItems(nodes: UnitNode[], kind: 'dept' | 'company'): TreeItem[] {
  return nodes
    .filter((n) => kind === 'dept' || n.org_type !== 'dept')
    .map((n) => ({
      value: kind === 'dept' && n.org_type !== 'dept' ? -n.id : n.id,
      title: n.name,
      selectable: kind === 'dept' ? n.org_type === 'dept' : n.org_type !== 'dept',
      children: toItems(n.children ?? [], kind),
    }));
}

/** Finds the company a department belongs to. */
export function companyOfDept(nodes: UnitNode[] | undefined, deptId: number): number | undefined {
  for (const n of nodes ?? []) {
    if (n.org_type === 'dept' && n.id === deptId) return n.org_id;
    const inner = companyOfDept(n.children, deptId);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/**
 * 费用承担部门 / 费用承担公司: a tree of the organisation where only departments (or only companies) can be
 * picked; `multiple` (a custom form's 部门/公司 field) takes several.
 */
export function OrgUnitSelect<V extends number | number[] = number>({
  kind,
  value,
  onChange,
  id,
  multiple = false,
  placeholder,
}: {
  kind: 'dept' | 'company';
  value?: V | null;
  onChange?: (v: V | null) => void;
  id?: string;
  multiple?: boolean;
  placeholder?: string;
}) {
  const tree = useQuery(unitTreeQuery);
  return (
    <TreeSelect
      id={id}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      loading={tree.isPending}
      multiple={multiple}
      placeholder={placeholder || (kind === 'dept' ? '请选择部门' : '请选择公司')}
      value={value ?? undefined}
      treeData={toItems(tree.data ?? [], kind)}
      onChange={(v: V | undefined) => onChange?.(v ?? null)}
      style={{ width: '100%' }}
    />
  );
}
