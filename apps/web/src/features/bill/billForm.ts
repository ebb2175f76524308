import dayjs from 'dayjs';
import type { BillSave, Bill } from '@/api/bill';
import { shanghaiDate, type BillType } from '@feikong/contracts';
import { newKey, type FeeLineValue, type TripLineValue } from './types';
import type { RelatedBill } from './components/RelatedBillsTable';

/** What the document form holds (antd Form values). */
export interface BillFormValues {
  title: string;
  departmentId?: number | null;
  companyId?: number | null;
  /** 分: the amount of documents without fee lines (申请, 借款, 还款 …). */
  amount?: number | null;
  remark?: string;
  /** 还款单: the loan it repays. */
  loanId?: number | null;
  fees: FeeLineValue[];
  trips: TripLineValue[];
  related: RelatedBill[];
  /** The custom form's values (formRuntime.ts: wire format, by field key). */
  formValues?: Record<string, unknown>;
}

const day = (ms: number) => dayjs(ms).format('YYYY-MM-DD');
/**
 * The server's dates are the start of a China day (epoch ms); the form's are the start of the same day
 * in the browser's zone, so what the pickers show and send back is the day the user chose.
 */
export const localDay = (chinaDayMs: number) => dayjs(shanghaiDate(chinaDayMs)).valueOf();

/** The form's values from a saved document. */
export function formFromBill(b: Bill): BillFormValues {
  return {
    title: b.title,
    departmentId: b.departmentId,
    companyId: b.companyId,
    amount: b.amount,
    remark: b.remark,
    loanId: b.loanId,
    formValues: { ...b.formValues },
    fees: b.fees.map((f) => ({
      key: newKey('fee'),
      id: f.id,
      feeType: f.feeType,
      feeTypeText: f.feeTypeText,
      amount: f.amount,
      date: localDay(f.date),
      remark: f.remark,
      overReason: f.overReason,
      invoices: f.invoices.map((i) => ({
        id: i.id,
        number: i.number,
        sellerName: i.sellerName,
        amountTax: i.amountTax,
        typeText: i.typeText,
        billingDate: i.billingDate,
        recentStatusText: i.recentStatusText,
        edits: i.edits,
      })),
    })),
    trips: b.trips.map((t) => ({
      key: newKey('trip'),
      id: t.id,
      peers: t.peers,
      date: [localDay(t.date[0]), localDay(t.date[1])],
      locationCus: t.locationCus,
      budget_traffic: t.budget_traffic,
      budget_stay: t.budget_stay,
      budget_other: t.budget_other,
    })),
    related: b.relatedBills.map((r) => ({
      id: r.id,
      billNumber: r.billNumber,
      createType: '',
      name: r.title,
      time: null,
      submitterName: '',
      deptName: '',
      orgName: '',
    })),
  };
}

/** Problems the form finds before the server is asked (each names its line). */
export function lineProblems(v: BillFormValues): string[] {
  const out: string[] = [];
  v.fees.forEach((f, i) => {
    const missing = [!f.feeType && '费用类型', f.amount === null && '金额', !f.date && '发生日期'].filter(
      Boolean,
    );
    if (missing.length) out.push(`第${i + 1}条费用：请填写${missing.join('、')}`);
  });
  v.trips.forEach((t, i) => {
    const missing = [!t.date && '出行日期', !t.locationCus.trim() && '目的地'].filter(Boolean);
    if (missing.length) out.push(`第${i + 1}条行程：请填写${missing.join('、')}`);
  });
  return out;
}

/** The save request of the form (fee and trip lines replaced by the lists given). */
export function saveBody(billType: BillType, id: number | undefined, v: BillFormValues): BillSave {
  const hasFees = billType === 'expense' || v.fees.length > 0;
  return {
    id,
    billType,
    title: v.title.trim(),
    departmentId: v.departmentId ?? undefined,
    companyId: v.companyId ?? undefined,
    amount: hasFees ? v.fees.reduce((s, f) => s + (f.amount ?? 0), 0) : (v.amount ?? 0),
    remark: (v.remark ?? '').trim(),
    loanId: billType === 'repayment' ? (v.loanId ?? undefined) : undefined,
    relatedBillIds: v.related.map((r) => r.id),
    fees: v.fees.map((f) => ({
      id: f.id,
      feeType: f.feeType as NonNullable<BillSave['fees']>[number]['feeType'],
      amount: f.amount ?? 0,
      date: day(f.date ?? Date.now()),
      remark: f.remark.trim(),
      invoiceIds: f.invoices.map((i) => i.id),
      ...(f.overReason?.trim() ? { overReason: f.overReason.trim() } : {}),
    })),
    trips: v.trips.map((t) => ({
      id: t.id,
      peers: t.peers.trim(),
      date: [day(t.date?.[0] ?? Date.now()), day(t.date?.[1] ?? Date.now())],
      locationCus: t.locationCus.trim(),
      budget_traffic: t.budget_traffic ?? 0,
      budget_stay: t.budget_stay ?? 0,
      budget_other: t.budget_other ?? 0,
    })),
  };
}

const LINE_LABEL: Record<string, string> = { fees: '费用', trips: '行程', relatedBillIds: '关联单据' };

/** A refused field as the user reads it: fees.1.amount → 第2条费用：<msg>. */
export function fieldText(field: string, msg: string): string {
  const [head, index] = field.split('.');
  if (LINE_LABEL[head] && index !== undefined && /^\d+$/.test(index))
    return `第${Number(index) + 1}条${LINE_LABEL[head]}：${msg}`;
  return msg;
}
