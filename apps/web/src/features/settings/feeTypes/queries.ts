import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { feeTypeApi, type FeeTypeChoice, type FeeTypeRow } from '@/api/feeType';

export const FEE_TYPE_PERM = {
  view: 'feeTypeList:view',
  edit: 'feeTypeList:edit',
} as const;

export const feeTypeKeys = {
  all: ['feeType'] as const,
  tree: () => ['feeType', 'tree'] as const,
  options: (billType?: string) => ['feeType', 'options', billType ?? ''] as const,
};

export const feeTypeTreeQuery = () =>
  queryOptions({ queryKey: feeTypeKeys.tree(), queryFn: ({ signal }) => feeTypeApi.tree(signal) });
/** Enabled fee types for a fee line's 费用类型 (every staff member may ask), for one bill type or all. */
export const feeTypeOptionsQuery = (billType?: string) =>
  queryOptions({
    queryKey: feeTypeKeys.options(billType),
    queryFn: ({ signal }) => feeTypeApi.options(billType, signal),
    staleTime: 60_000,
  });

/** Every fee-type mutation refetches the tree and the pickers. */
export function useFeeTypeMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: feeTypeKeys.all });
    },
  });
}

export type FeeTypeTreeRow = FeeTypeRow & { children?: FeeTypeTreeRow[] };

/** The server's flat list (parents before their children) nested for antd's tree table. */
export function nestFeeTypes(items: FeeTypeRow[]): FeeTypeTreeRow[] {
  const byId = new Map<number, FeeTypeTreeRow>(items.map((n) => [n.id, { ...n }]));
  const roots: FeeTypeTreeRow[] = [];
  for (const n of items) {
    const node = byId.get(n.id)!;
    const parent = byId.get(n.parent_id);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

export interface FeeTypeTreeOption {
  value: string;
  title: string;
  children?: FeeTypeTreeOption[];
}

/** Picker choices (flat, in tree order) as TreeSelect data keyed by code. */
export function feeTypeTreeData(items: FeeTypeChoice[]): FeeTypeTreeOption[] {
  const byId = new Map<number, FeeTypeTreeOption>();
  const roots: FeeTypeTreeOption[] = [];
  for (const o of items) {
    const node: FeeTypeTreeOption = { value: o.code, title: o.name };
    byId.set(o.id, node);
    const parent = byId.get(o.parent_id);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
