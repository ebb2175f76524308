import {
  BILL_TYPE_LABEL,
  FORM_STATUS_LABEL,
  type BillType,
  type FormField,
  type FormStatus,
} from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import { dictEnums } from '../../base/index.js';
import { isOwnUpload, isTenantKey } from '../../files/index.js';
import { ownInvoiceIds } from '../../invoice/index.js';
import { unusableProjects } from '../../project/index.js';
import type { FlowDeps } from '../design/index.js';
import { staffNames } from '../directory.js';
import { flowErrors } from '../flow.errors.js';
import { pageOf, parseJson } from '../flow.util.js';
import * as repo from './form.repo.js';
import { checkFormValues, type BoundLines } from './form.values.js';

/**
 * 自定义表单 (docs/decisions/0025-custom-forms.md): form templates per bill type, the same shape as flows
 * (design.service.ts): a draft (the designer's fields), published immutable versions, enable one per bill
 * type, copy, delete (refused while documents were created on it). A document is created on the bill type's
 * published form and keeps that version; its formValues are checked against it on save and submit.
 */

const statusOf = (r: { current_version: number; enabled: number }): FormStatus =>
  r.current_version === 0 ? 'draft' : r.enabled === 1 ? 'published' : 'disabled';

function fieldsOf(r: { draft_fields: string | null; published_fields: string | null }): FormField[] {
  return parseJson<FormField[]>(r.draft_fields ?? r.published_fields, []);
}

function rowOut(r: repo.FormRowDb, billCount: number) {
  const status = statusOf(r);
  return {
    id: r.id,
    name: r.name,
    billType: r.bill_type,
    billTypeText: BILL_TYPE_LABEL[r.bill_type as BillType] ?? r.bill_type,
    description: r.description,
    status,
    statusText: FORM_STATUS_LABEL[status],
    version: r.current_version,
    hasDraft: r.draft_fields !== null || r.current_version === 0,
    fieldCount: fieldsOf(r).length,
    publishedAt: r.published_at === null ? null : Number(r.published_at),
    publishedByName: r.published_by_name ?? '',
    billCount,
    createAt: Number(r.created_at),
    updateAt: Number(r.updated_at),
  };
}

function versionOut(v: repo.FormVersionDb) {
  return {
    formId: Number(v.form_id),
    version: v.version,
    name: v.name,
    billType: v.bill_type,
    description: v.description,
    fields: parseJson<FormField[]>(v.fields, []),
    publishedAt: Number(v.published_at),
  };
}
export type FormVersionOut = ReturnType<typeof versionOut>;

export async function pageForms(
  d: FlowDeps,
  caller: TenantCaller,
  q: { pageNum: number; pageSize: number } & repo.FormFilter,
) {
  const { items, total } = await repo.pageForms(d.db, caller.tenantId, q, q.pageNum, q.pageSize);
  const counts = await repo.billCounts(
    d.db,
    caller.tenantId,
    items.map((r) => r.id),
  );
  return pageOf(
    items.map((r) => rowOut(r, counts.get(r.id) ?? 0)),
    q.pageNum,
    q.pageSize,
    total,
  );
}

export async function formDetail(d: FlowDeps, caller: TenantCaller, id: number) {
  const r = await repo.getFormRow(d.db, caller.tenantId, id);
  if (!r) throw flowErrors.formNotFound();
  const counts = await repo.billCounts(d.db, caller.tenantId, [id]);
  const versions = await repo.formVersions.versions(d.db, caller.tenantId, id);
  const published =
    r.current_version > 0 ? await repo.getVersion(d.db, caller.tenantId, id, r.current_version) : undefined;
  return {
    ...rowOut(r, counts.get(id) ?? 0),
    fields: fieldsOf(r),
    published: published ? versionOut(published) : null,
    versions: versions.map((v) => ({
      version: v.version,
      publishedAt: Number(v.published_at),
      publishedByName: v.published_by_name ?? '',
    })),
  };
}

export interface FormSave {
  id?: number;
  name: string;
  billType: string;
  description: string;
  fields: FormField[];
}

export async function saveForm(d: FlowDeps, caller: TenantCaller, body: FormSave) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    if (await repo.formVersions.nameTaken(trx, caller.tenantId, body.name, body.id ?? 0))
      throw flowErrors.nameTaken('表单');
    const fields = JSON.stringify(body.fields);
    if (body.id === undefined) {
      const id = await repo.formVersions.create(
        trx,
        caller.tenantId,
        {
          name: body.name,
          bill_type: body.billType,
          description: body.description,
          draft_fields: fields,
          created_by: caller.staffId,
        },
        now,
      );
      return { id };
    }
    const form = await repo.formVersions.template(trx, caller.tenantId, body.id);
    if (!form) throw flowErrors.formNotFound();
    if (form.bill_type !== body.billType && form.current_version > 0)
      throw flowErrors.badInput('billType', '已发布的表单不能修改单据类型，请复制后修改');
    await repo.formVersions.update(
      trx,
      caller.tenantId,
      body.id,
      { name: body.name, bill_type: body.billType, description: body.description, draft_fields: fields },
      now,
    );
    return { id: body.id };
  });
}

/**
 * 发布: the draft becomes version current + 1 and the form becomes its bill type's form (others of the type
 * are disabled); documents created on earlier versions keep theirs.
 */
export async function publishForm(d: FlowDeps, caller: TenantCaller, id: number) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    const form = await repo.formVersions.template(trx, caller.tenantId, id);
    if (!form) throw flowErrors.formNotFound();
    if (form.draft_fields === null) throw flowErrors.billState('表单没有未发布的修改');
    const version = await repo.formVersions.publish(trx, caller.tenantId, id, {
      content: () => form.draft_fields ?? '[]',
      by: caller.staffId,
      now,
      enable: true,
    });
    return { id, version: version ?? form.current_version + 1 };
  });
}

export async function enableForm(d: FlowDeps, caller: TenantCaller, id: number, enabled: boolean) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    const form = await repo.formVersions.template(trx, caller.tenantId, id);
    if (!form) throw flowErrors.formNotFound();
    if (enabled && form.current_version === 0) throw flowErrors.formNeverPublished();
    await repo.formVersions.setEnabled(trx, caller.tenantId, id, enabled, now);
    return null;
  });
}

export async function copyForm(d: FlowDeps, caller: TenantCaller, body: { id: number; name?: string }) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    const id = await repo.formVersions.copy(trx, caller.tenantId, body.id, {
      name: body.name,
      by: caller.staffId,
      now,
    });
    if (id === undefined) throw flowErrors.formNotFound();
    if (id === null) throw flowErrors.nameTaken('表单');
    return { id };
  });
}

export async function deleteForm(d: FlowDeps, caller: TenantCaller, id: number) {
  const now = d.clock();
  return inTransaction(d.db, async (trx) => {
    if (!(await repo.formVersions.template(trx, caller.tenantId, id))) throw flowErrors.formNotFound();
    const used = (await repo.billCounts(trx, caller.tenantId, [id])).get(id) ?? 0;
    if (used > 0) throw flowErrors.inUse(`还有${used}张单据使用该表单，不能删除，可以停用`);
    await repo.formVersions.update(trx, caller.tenantId, id, { enabled: 0, deleted_at: now }, now);
    return null;
  });
}

// ---------- runtime ----------

/** One published version (version absent: the form's current one); any staff member of the tenant. */
export async function formVersion(d: FlowDeps, caller: TenantCaller, id: number, version?: number) {
  let v = version;
  if (v === undefined) {
    const form = await repo.formVersions.template(d.db, caller.tenantId, id);
    if (!form || form.current_version === 0) throw flowErrors.formNotFound();
    v = form.current_version;
  }
  const row = await repo.getVersion(d.db, caller.tenantId, id, v);
  if (!row) throw flowErrors.formNotFound();
  return versionOut(row);
}

/** The published form a new document of the type is created on (null: the type has none). */
export async function formForBillType(db: Db, tenantId: number, billType: string) {
  const f = await repo.enabledForm(db, tenantId, billType);
  if (!f) return null;
  const v = await repo.getVersion(db, tenantId, f.id, f.current_version);
  return v ? versionOut(v) : null;
}

/** One published version by its numbers (null when absent): what a document created on it shows. */
export async function formVersionOf(db: Db, tenantId: number, formId: number, version: number) {
  const v = await repo.getVersion(db, tenantId, formId, version);
  return v ? versionOut(v) : null;
}

/**
 * The form version a document is checked against: the one it was created on; a document without one (made
 * before its type had a form) takes the type's published form now. Null: no form, values are free.
 */
export async function formOfBill(
  db: Db,
  tenantId: number,
  b: { bill_type: string; form_id: number | null; form_version: number | null },
) {
  if (b.form_id !== null && b.form_version !== null)
    return formVersionOf(db, tenantId, b.form_id, b.form_version);
  return formForBillType(db, tenantId, b.bill_type);
}

/**
 * Checks a document's formValues against its form version: shapes and required fields (submit only), then
 * that every staff, department, company, attachment and invoice named is the tenant's (invoices and attachments:
 * the caller's).
 * Throws 11304400 with every issue (each names its field's label).
 */
export async function checkFormOfBill(
  d: FlowDeps,
  db: Db,
  caller: TenantCaller,
  form: FormVersionOut,
  values: Record<string, unknown>,
  opts: { submit: boolean; lines: BoundLines },
) {
  const { issues, refs } = checkFormValues(form.fields, values, opts);
  const names = await staffNames(db, caller.tenantId, [...refs.staff.keys()]);
  for (const [id, f] of refs.staff)
    if (!names.has(id)) issues.push({ key: f.key, message: `「${f.label}」员工（ID ${id}）不存在` });
  for (const [table, what, m] of [
    ['departments', '部门', refs.department],
    ['organizations', '公司', refs.company],
  ] as const) {
    const found = await repo.liveIds(db, caller.tenantId, table, [...m.keys()]);
    for (const [id, f] of m)
      if (!found.has(id)) issues.push({ key: f.key, message: `「${f.label}」${what}（ID ${id}）不存在` });
  }
  // 项目: a 进行中 project of the tenant (decision 0050).
  const refused = await unusableProjects(db, caller.tenantId, [...refs.project.keys()]);
  for (const [id, f] of refs.project) {
    const why = refused.get(id);
    if (why) issues.push({ key: f.key, message: `「${f.label}」${why}` });
  }
  // A file the caller uploaded, or one a document of theirs already holds (decision 0033); any other key,
  // existing or not, gets the same message.
  for (const [key, f] of refs.files) {
    const ok =
      isTenantKey(caller.tenantId, key) &&
      ((await isOwnUpload(db, caller, key)) ||
        (await repo.ownBillHoldsKey(db, caller.tenantId, caller.staffId, key))) &&
      (!d.storage || (await d.storage.stat(key)) !== null);
    if (!ok) issues.push({ key: f.key, message: `「${f.label}」附件不存在或不是本人上传的文件` });
  }
  // A select bound to a 数据字典: an enabled entry of the dictionary the tenant sees (base module).
  for (const { field: f, values: vs } of refs.dict) {
    const keys = new Set((await dictEnums(db, caller.tenantId, f.dictCode!)).map((i) => i.key));
    if (vs.some((x) => !keys.has(x)))
      issues.push({ key: f.key, message: `「${f.label}」选项不存在或已停用` });
  }
  const own = await ownInvoiceIds(db, caller.tenantId, caller.staffId, [...refs.invoices.keys()]);
  for (const [id, f] of refs.invoices)
    if (!own.has(id))
      issues.push({ key: f.key, message: `「${f.label}」发票（ID ${id}）不存在或不是本人的发票` });
  if (issues.length) throw flowErrors.badForm(issues);
}
