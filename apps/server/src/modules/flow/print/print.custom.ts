import type { FormField, PrintAttachment, PrintField } from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import { formVersionOf } from '../form/index.js';
import { formValueRows } from '../form/index.js';
import { dictEnums } from '../../base/index.js';
import { projectNames } from '../../project/index.js';
import { staffNames } from '../directory.repo.js';
import * as repo from './print.repo.js';

/**
 * A document's custom form values as its print data shows them (单据打印, 单据详情, the /web-form/ document
 * view): formValueRows (labels of the form version the document was created on, money, options, date
 * ranges), with the ids in words — staff, department, company and project names, invoice numbers — and each 附件
 * value as an attachment with a signed link (its remark names the field: 表单字段「X」).
 */

const isIds = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number');
const idsOf = (v: unknown): number[] => (typeof v === 'number' ? [v] : isIds(v) ? v : []);
const fileTypeOf = (key: string) => {
  const dot = key.lastIndexOf('.');
  return dot > key.lastIndexOf('/') ? key.slice(dot + 1).toLowerCase() : '';
};

export async function customPrintFields(
  db: Db,
  tenantId: number,
  bill: { form_id: number | null; form_version: number | null },
  values: Record<string, unknown>,
  sign: (key: string, fileName: string) => string,
): Promise<{ fields: PrintField[]; files: (PrintAttachment & { key: string })[] }> {
  const form =
    bill.form_id != null && bill.form_version != null
      ? await formVersionOf(db, tenantId, Number(bill.form_id), Number(bill.form_version))
      : null;
  const defs = new Map((form?.fields ?? []).map((f) => [f.key, f]));
  const of = (kind: FormField['kind']) =>
    [...defs.values()].filter((f) => f.kind === kind).flatMap((f) => idsOf(values[f.key]));
  const [staff, depts, orgs, invoices, projects] = await Promise.all([
    staffNames(db, tenantId, of('staff')),
    repo.unitNames(db, tenantId, 'departments', of('department')),
    repo.unitNames(db, tenantId, 'organizations', of('company')),
    repo.invoiceNumbers(db, tenantId, of('invoicePicker')),
    projectNames(db, tenantId, of('project')),
  ]);
  const names: Partial<Record<FormField['kind'], Map<number, string>>> = {
    staff,
    department: depts,
    company: orgs,
    invoicePicker: invoices,
    project: projects,
  };

  const files: (PrintAttachment & { key: string })[] = [];
  // A select bound to a 数据字典 (decision 0060) shows its entries' names: its options are the dictionary's
  // enabled entries now (a stopped entry shows its key).
  const withDict = form
    ? await Promise.all(
        form.fields.map(async (f) =>
          f.dictCode && f.key in values
            ? {
                ...f,
                options: (await dictEnums(db, tenantId, f.dictCode)).map((i) => ({
                  value: i.key,
                  label: i.value,
                })),
              }
            : f,
        ),
      )
    : null;
  const fields = formValueRows(withDict, values).map((row) => {
    const f = defs.get(row.key);
    const v = values[row.key];
    const known = f && names[f.kind];
    if (known)
      return {
        ...row,
        value: idsOf(v)
          .map((id) => known.get(id) ?? String(id))
          .join('、'),
      };
    if (f?.kind === 'attachments') {
      const keys = (Array.isArray(v) ? v : [v]).map(String);
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
      return { ...row, value: `${keys.length}个附件` };
    }
    return row;
  });
  return { fields, files };
}
