import type {
  FeeTypeAddBody,
  FeeTypeIdReply,
  FeeTypeNode,
  FeeTypeOptionList,
  FeeTypeStatusReply,
  FeeTypeTree,
  FeeTypeUpdateBody,
} from '@feikong/contracts';
import type { z } from 'zod';
import { http } from './http/request';

// Typed calls of 费用类型 (/finobill/api/web/feeType/*, docs/decisions/0051).

export const FEE_TYPES_PATH = '/finobill/api/web/feeType';
const P = (p: string) => `${FEE_TYPES_PATH}/${p}`;
type Out<T extends z.ZodType> = z.output<T>;
const fields = { handleFieldErrors: true } as const;

export type FeeTypeRow = Out<typeof FeeTypeNode>;
export type FeeTypeChoice = Out<typeof FeeTypeOptionList>[number];
type IdReply = Out<typeof FeeTypeIdReply>;

export const feeTypeApi = {
  tree: (signal?: AbortSignal) => http.get<Out<typeof FeeTypeTree>>(P('tree'), undefined, { signal }),
  add: (body: FeeTypeAddBody) => http.post<IdReply>(P('add'), body, fields),
  update: (body: FeeTypeUpdateBody) => http.post<IdReply>(P('update'), body, fields),
  status: (body: { id: number; enabled: number }) =>
    http.post<Out<typeof FeeTypeStatusReply>>(P('status'), body),
  remove: (id: number) => http.post<IdReply>(P('delete'), { id }, { silent: true }),
  options: (billType?: string, signal?: AbortSignal) =>
    http.get<FeeTypeChoice[]>(P('options'), billType ? { bill_type: billType } : undefined, { signal }),
};
