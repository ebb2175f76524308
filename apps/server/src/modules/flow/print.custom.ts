import { FORM_BOUND_KINDS, type FormField, type PrintAttachment, type PrintField } from '@feikong/contracts';
import type { Db } from '../../platform/db/database.js';
import { formOfBill } from './form.service.js';
import * as repo from './print.repo.js';

/**
 * A document's custom form values as its print data shows them (单据打印, the /web-form/ document view):
 * each field of the document's form version with its label and its value in words (money ¥, option labels,
 * staff, department and company names, invoice numbers, days), in the form's order; 附件 values become
 * attachments with signed links. Values of keys the form does not have (or a document without a form) show
 * under their keys, as before forms existed.
 */

const isIds = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number');
const idsOf = (v: unknown): number[] => (typeof v === 'number' ? [v] : isIds(v) ? v : []);
const fileTypeOf = (key: string) => {
  const dot = key.lastIndexOf('.');
  return dot > key.lastIndexOf('/') ? key.slice(dot + 1).toLowerCase() : '';
};
const present = (v: unknown) =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

export async function customPrintFields(
  db: Db,
  tenantId: number,
  bill: { bill_type: string; form_id: number | null; form_version: number | null },
  values: Record<string, unknown>,
  sign: (key: string, fileName: string) => string,
): Promise<{ fields: PrintField[]; files: (PrintAttachment & { key: string })[] }> {
  const form = await formOfBill(db, tenantId, {
    bill_type: bill.bill_type,
    form_id: bill.form_id == null ? null : Number(bill.form_id),
    form_version: bill.form_version == null ? null : Number(bill.form_version),
  });
  const defs = (form?.fields ?? []).filter((f) => !FORM_BOUND_KINDS.includes(f.kind));
  const of = (kind: FormField['kind']) =>
    defs.filter((f) => f.kind === kind).flatMap((f) => idsOf(values[f.key]));
  const [staff, depts, orgs, invoices] = await Promise.all([
    repo.staffNames(db, tenantId, of('staff')),
    repo.unitNames(db, tenantId, 'departments', of('department')),
    repo.unitNames(db, tenantId, 'organizations', of('company')),
    repo.invoiceNumbers(db, tenantId, of('invoicePicker')),
  ]);
  const named = (m: Map<number, string>, v: unknown) =>
    idsOf(v)
      .map((id) => m.get(id) ?? String(id))
      .join('、');

  const fields: PrintField[] = [];
  const files: (PrintAttachment & { key: string })[] = [];
  for (const f of defs) {
    const v = values[f.key];
    if (!present(v)) continue;
    let text: string;
    switch (f.kind) {
      case 'money':
        text = `¥${(Number(v) / 100).toFixed(2)}`;
        break;
      case 'select':
      case 'multiSelect': {
        const label = (o: unknown) => f.options.find((x) => x.value === o)?.label ?? String(o);
        text = (Array.isArray(v) ? v : [v]).map(label).join('、');
        break;
      }
      case 'dateRange':
        text = Array.isArray(v) ? v.join(' 至 ') : String(v);
        break;
      case 'staff':
        text = named(staff, v);
        break;
      case 'department':
        text = named(depts, v);
        break;
      case 'company':
        text = named(orgs, v);
        break;
      case 'invoicePicker':
        text = named(invoices, v);
        break;
      case 'attachments': {
        const keys = Array.isArray(v) ? v.map(String) : [String(v)];
        keys.forEach((key, i) => {
          const ext = fileTypeOf(key);
          const fileName = `${f.label}${keys.length > 1 ? i + 1 : ''}${ext ? `.${ext}` : ''}`;
          files.push({
            key,
            fileType: ext,
            filePath: sign(key, fileName),
            fileName,
            remark: `表单字段「${f.label}」`,
          });
        });
        text = `${keys.length}个附件`;
        break;
      }
      default:
        text = Array.isArray(v) ? v.join('、') : String(v);
    }
    fields.push({ key: f.key, label: f.label, value: text });
  }
  // Keys the form does not name (no form, or values from before it): shown under their keys.
  const known = new Set(defs.map((f) => f.key));
  for (const [key, v] of Object.entries(values))
    if (!known.has(key) && present(v))
      fields.push({ key, label: key, value: Array.isArray(v) ? v.join('、') : String(v) });
  return { fields, files };
}
