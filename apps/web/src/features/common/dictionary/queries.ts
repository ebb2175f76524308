import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { baseApi } from '@/api/base';

export const DICT_PERM = { view: 'dictionary:view', edit: 'dictionary:edit' } as const;

export const dictKeys = {
  all: ['base', 'dict'] as const,
  types: (q: object) => ['base', 'dict', 'types', q] as const,
  items: (q: object) => ['base', 'dict', 'items', q] as const,
};

export const dictTypesQuery = (q: { keyword?: string; page_num: number; page_size: number }) =>
  queryOptions({ queryKey: dictKeys.types(q), queryFn: ({ signal }) => baseApi.dictTypes(q, signal) });

export const dictItemsQuery = (q: {
  type_id: number;
  keyword?: string;
  page_num: number;
  page_size: number;
}) => queryOptions({ queryKey: dictKeys.items(q), queryFn: ({ signal }) => baseApi.dictItems(q, signal) });

/** Every dictionary change refetches both tables and the selects that read dictionaries (dictEnums). */
export function useDictMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: dictKeys.all }),
        qc.invalidateQueries({ queryKey: ['base', 'dictEnums'] }),
      ]);
    },
  });
}
