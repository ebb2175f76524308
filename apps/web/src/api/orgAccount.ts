import type {
  OrgAccountOverview,
  OrgCompanyBill,
  OrgLedgerQuery,
  OrgLedgerRow,
  Paged,
  Recharge,
  RechargeDetail,
  RechargeListQuery,
  RechargeReceipt,
  RechargeSubmitBody,
} from '@feikong/contracts';
import { http } from './http/request';

// Typed calls of the organisation account (企业账户, /consume-quota-center/api/v1/orgAccount, issue 21).
// Reply shapes are the contracts' (packages/contracts/src/spend/orgAccount.ts). Money is in 分.

const BASE = '/consume-quota-center/api/v1/orgAccount';

export type { OrgAccountOverview, OrgCompanyBill, OrgLedgerRow, Recharge, RechargeDetail, RechargeReceipt };

export const orgAccountApi = {
  overview: (signal?: AbortSignal) => http.get<OrgAccountOverview>(`${BASE}/overview`, undefined, { signal }),
  setThreshold: (warn_threshold: number) =>
    http.put<OrgAccountOverview>(`${BASE}/threshold`, { warn_threshold }),
  flow: (q: Partial<OrgLedgerQuery>, signal?: AbortSignal) =>
    http.get<Paged<OrgLedgerRow>>(`${BASE}/flow`, q, { signal }),
  bill: (month: string, signal?: AbortSignal) =>
    http.get<OrgCompanyBill>(`${BASE}/bill`, { month }, { signal }),
  serviceFee: (
    q: { page_num: number; page_size: number; start_time?: number; end_time?: number },
    signal?: AbortSignal,
  ) => http.get<Paged<OrgLedgerRow> & { total_amount: number }>(`${BASE}/serviceFee`, q, { signal }),
  recharges: (q: Partial<RechargeListQuery>, signal?: AbortSignal) =>
    http.get<Paged<Recharge>>(`${BASE}/recharge/list`, q, { signal }),
  recharge: (id: number, signal?: AbortSignal) =>
    http.get<RechargeDetail>(`${BASE}/recharge/detail`, { id }, { signal }),
  submitRecharge: (body: RechargeSubmitBody) => http.post<RechargeDetail>(`${BASE}/recharge`, body),
  uploadReceipt: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<RechargeReceipt>(`${BASE}/recharge/receipt:upload`, form);
  },
  deleteReceipt: (receiptId: number) =>
    http.post<null>(`${BASE}/recharge/receipt:delete`, { receipt_id: receiptId }, { silent: true }),
};
