import { Alert, App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BILL_TYPE_LABEL, formatMoney, type BillType } from '@feikong/contracts';
import { billApi, type Bill } from '@/api/bill';
import type { AuditResult } from '@/api/billReport';
import { parseReplyError } from '@/api/http/request';
import { useUnsavedChanges } from '@/platform/unsaved';
import { AuditResultAlert } from '@/features/billReport';
import { BudgetPreviewAlert, useBudgetPreview } from '@/features/budget';
import { draftProblems, draftTotal, PurchaseLinesEditor, usePurchaseLines } from '@/features/purchasing';
import { formFromBill, fieldText, lineProblems, saveBody, type BillFormValues } from '../billForm';
import { boundProblems, formValuesBody, isBound } from '../formRuntime';
import { FormRuntime } from './FormRuntime';
import { ChooseApproversDialog } from './ChooseApproversDialog';
import { FeeLinesEditor } from './FeeLinesEditor';
import { LoanSelect } from './LoanSelect';
import { OrgUnitSelect, companyOfDept, unitTreeQuery } from '@/components/OrgUnitSelect';
import { RelatedBillsField } from './RelatedBillsField';
import { TripLinesEditor } from './TripLinesEditor';
import { YuanInput } from './YuanInput';
import { billFormQuery, billKeys } from '../hooks/queries';
import { emptyFeeLine, feeTotal } from '../types';

const TOP_FIELDS = ['title', 'departmentId', 'companyId', 'amount', 'remark', 'loanId'];
/** 智能规则集 on submit (billReport.errors.ts): a 禁止提交 rule hit, or 提示 rules the submitter must confirm. */
const RULE_BLOCKED = 11351409;
const RULE_NEEDS_CONFIRM = 11352409;
const auditOf = (e: unknown): AuditResult | undefined => {
  const { code, data } = (e ?? {}) as { code?: number; data?: unknown };
  if (code !== RULE_BLOCKED && code !== RULE_NEEDS_CONFIRM) return undefined;
  const r = data as Partial<AuditResult> | null | undefined;
  return Array.isArray(r?.blocks) && Array.isArray(r?.warnings) ? (r as AuditResult) : undefined;
};

/** Types whose documents carry fee lines and trips (an expense always; 申请/事前申请 plan a trip). */
const HAS_FEES: readonly BillType[] = ['expense', 'custom'];
const HAS_TRIPS: readonly BillType[] = ['expense', 'apply', 'requestNote', 'custom'];

const fresh = (type: BillType): BillFormValues => ({
  title: '',
  fees: HAS_FEES.includes(type) ? [emptyFeeLine()] : [],
  trips: [],
  related: [],
  formValues: {},
});

/**
 * The document form of 填写单据: title, department, company, amount or fee lines with invoices, trips,
 * 关联单据, and the custom fields of the bill type's published form (FormRuntime; a saved document keeps
 * the form version it was created on); 保存草稿 and 提交. A flow that lets the submitter choose approvers
 * asks for them in a dialog; the server's refusals (validation, audit rules, flow) are shown on the form,
 * a custom field's by its input. Used by the main app's /bill/edit and the /web-form/ sub-app's runStart,
 * each telling it where to go (`onCreated`, `onSubmitted`, `onBack`).
 */
export function BillFiller({
  id: initialId,
  type,
  bill,
  onCreated,
  onSubmitted,
  onBack,
  onNotEditable,
}: {
  id?: number;
  type: BillType;
  bill?: Bill;
  /** A new document's first save: its id. */
  onCreated: (id: number) => void;
  /** Submitted: where the document is shown next. */
  onSubmitted: (id: number) => void;
  onBack?: () => void;
  /** The document given can no longer be edited (in approval or done). */
  onNotEditable?: (bill: Bill) => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<BillFormValues>();
  const [id, setId] = useState(initialId);
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [audit, setAudit] = useState<AuditResult | undefined>(undefined);
  const { modal } = App.useApp();
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [choosing, setChoosing] = useState<{ nodeId: string; name: string }[] | null>(null);
  const tree = useQuery(unitTreeQuery);
  const label = BILL_TYPE_LABEL[type];
  const fees = Form.useWatch('fees', form) ?? [];
  useUnsavedChanges(dirty ? '单据有未保存的修改，确定离开吗？' : null);
  const customForm = useQuery(billFormQuery(type, bill));
  const formFields = customForm.data?.fields ?? [];
  const placed = new Set(formFields.filter((f) => isBound(f.kind)).map((f) => f.kind));
  const hasFees = HAS_FEES.includes(type) || placed.has('feeLines');
  const departmentId = Form.useWatch('departmentId', form);
  // 预算预览 as the lines are typed (and after 保存草稿, of the saved document): before anything is submitted.
  const budget = useBudgetPreview({ billId: id, lines: hasFees ? fees : [], departmentId });
  // 采购申请 (decision 0058): its purchase lines are the purchasing module's, saved after the document.
  const isPurchase = type === 'purchase';
  const purchase = usePurchaseLines(id, isPurchase);
  useEffect(() => {
    if (bill && !(['draft', 'returned', 'withdrawn', 'rejected'] as string[]).includes(bill.status))
      onNotEditable?.(bill);
  }, [bill, onNotEditable]);

  /** Shows a refusal: field messages by their inputs, the rest (and every line's) above the form. */
  const showRefusal = (e: unknown) => {
    const d = parseReplyError(e);
    if (d.action === 'ignore' || d.action === 'logout') return;
    if (d.action === 'fields') {
      // A custom value's refusal shows under its input; a fee/trip section's (no input) above the form.
      const custom = (field: string) =>
        formFields.some((f) => !isBound(f.kind) && `formValues.${f.key}` === field);
      const own = d.fields.filter((f) => TOP_FIELDS.includes(f.field) || custom(f.field));
      form.setFields(
        own.map((f) => ({
          name: (custom(f.field) ? f.field.split('.') : f.field) as keyof BillFormValues,
          errors: [f.msg],
        })),
      );
      const rest = d.fields.filter((f) => !own.includes(f)).map((f) => fieldText(f.field, f.msg));
      setProblems(rest.length ? rest : [d.message]);
      return;
    }
    const data = (e as { data?: unknown }).data as { messages?: unknown } | null | undefined;
    const extra = Array.isArray(data?.messages) ? data.messages.map(String) : [];
    setProblems([d.message, ...extra.filter((m) => m !== d.message)]);
  };

  /** Saves the draft; answers its id (or null when refused). */
  const save = async (mode: 'save' | 'submit' = 'save'): Promise<number | null> => {
    setProblems([]);
    let values: BillFormValues;
    try {
      // validateFields answers only the fields with an input; the lists a type shows no section for
      // (fees of an 申请单) and formValues keys stay in the store: take the whole store.
      values = { ...(form.getFieldsValue(true) as BillFormValues), ...(await form.validateFields()) };
    } catch {
      return null;
    }
    if (isPurchase) values = { ...values, amount: draftTotal(purchase.lines) };
    const local = [
      ...(isPurchase ? draftProblems(purchase.lines) : []),
      ...lineProblems(values),
      ...(mode === 'submit'
        ? boundProblems(formFields, {
            fees: values.fees.length,
            trips: values.trips.length,
            related: values.related.length,
          })
        : []),
    ];
    if (local.length) {
      setProblems(local);
      return null;
    }
    try {
      const saved = await billApi.save({
        ...saveBody(type, id, values),
        formValues: formValuesBody(formFields, values.formValues),
      });
      setId(saved.id);
      if (isPurchase) await purchase.persist(saved.id);
      setDirty(false);
      await qc.invalidateQueries({ queryKey: billKeys.all });
      if (!id) onCreated(saved.id);
      return saved.id;
    } catch (e) {
      showRefusal(e);
      return null;
    }
  };

  const submit = async (billId: number, chosen: Record<string, string[]> = {}, confirm = false) => {
    try {
      const done = await billApi.submit({ id: billId, chosen, confirm });
      await qc.invalidateQueries({ queryKey: billKeys.all });
      await qc.invalidateQueries({ queryKey: ['invoice'] });
      void message.success(`已提交，${done.statusText}`);
      setChoosing(null);
      onSubmitted(billId);
    } catch (e) {
      setChoosing(null);
      const found = auditOf(e);
      setAudit(found);
      if (found && (e as { code?: number }).code === RULE_NEEDS_CONFIRM) {
        // 提示 rules only: the submitter reads them and may submit anyway.
        modal.confirm({
          title: '单据触发了提示规则，确定仍要提交吗？',
          width: 560,
          content: <AuditResultAlert result={found} />,
          okText: '仍要提交',
          cancelText: '返回修改',
          onOk: () => submit(billId, chosen, true),
        });
        return;
      }
      if (found) return; // 禁止提交: the alert above the form says which rules and why
      showRefusal(e);
    }
  };

  const onSubmit = async () => {
    setBusy('submit');
    setAudit(undefined);
    try {
      const billId = await save('submit');
      if (billId === null) return;
      let route;
      try {
        route = await billApi.previewRoute(billId);
      } catch (e) {
        showRefusal(e);
        return;
      }
      if (route.chosenNodes.length > 0) setChoosing(route.chosenNodes);
      else await submit(billId);
    } finally {
      setBusy(null);
    }
  };

  const initial = bill ? formFromBill(bill) : fresh(type);
  return (
    <Card
      className="fk-panel"
      data-testid="bill-edit"
      title={
        <Space>
          {id ? `编辑${label}` : `新建${label}`}
          {bill && <Typography.Text type="secondary">{bill.billNumber}</Typography.Text>}
        </Space>
      }
      extra={
        <Space>
          {onBack && <Button onClick={onBack}>返回</Button>}
          <Button
            loading={busy === 'save'}
            disabled={busy !== null}
            onClick={async () => {
              setBusy('save');
              try {
                const savedId = await save();
                if (savedId !== null) void message.success('草稿已保存');
              } finally {
                setBusy(null);
              }
            }}
          >
            保存草稿
          </Button>
          <Button type="primary" loading={busy === 'submit'} disabled={busy !== null} onClick={onSubmit}>
            提交
          </Button>
        </Space>
      }
    >
      {bill?.status === 'returned' || bill?.status === 'rejected' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`单据${bill.statusText}，修改后可重新提交`}
          description={bill.approvalRecord.at(-1)?.opinion || undefined}
        />
      ) : null}
      <AuditResultAlert result={audit} />
      {/* A refused submit names the budget line itself (below): the preview does not say it twice. */}
      {!(budget?.refusal && problems.includes(budget.refusal)) && <BudgetPreviewAlert check={budget} />}
      {problems.length > 0 && (
        <Alert
          data-testid="bill-problems"
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={problems.length === 1 ? problems[0] : '单据未通过校验'}
          description={
            problems.length > 1 ? (
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
      <Form<BillFormValues>
        form={form}
        name="bill"
        layout="vertical"
        initialValues={initial}
        onValuesChange={(changed: Partial<BillFormValues>) => {
          setDirty(true);
          if (changed.departmentId) {
            const company = companyOfDept(tree.data, changed.departmentId);
            if (company) form.setFieldValue('companyId', company);
          }
        }}
      >
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: 16 }}>
          <Form.Item
            name="title"
            label="事由"
            rules={[{ required: true, whitespace: true, message: '请填写事由' }]}
            style={{ gridColumn: 'span 3' }}
          >
            <Input maxLength={100} showCount placeholder="如：上海客户拜访差旅报销" />
          </Form.Item>
          <Form.Item name="departmentId" label="费用承担部门">
            <OrgUnitSelect kind="dept" />
          </Form.Item>
          <Form.Item name="companyId" label="费用承担公司">
            <OrgUnitSelect kind="company" />
          </Form.Item>
          {hasFees || isPurchase ? (
            <Form.Item label="金额合计（元）">
              <Typography.Text strong data-testid="bill-amount">
                ¥{formatMoney(isPurchase ? draftTotal(purchase.lines) : feeTotal(fees))}
              </Typography.Text>
            </Form.Item>
          ) : (
            <Form.Item
              name="amount"
              label={
                type === 'loan' ? '借款金额（元）' : type === 'repayment' ? '还款金额（元）' : '金额（元）'
              }
            >
              <YuanInput />
            </Form.Item>
          )}
          {type === 'repayment' && (
            <Form.Item
              name="loanId"
              label="借款单"
              rules={[{ required: true, message: '请选择要归还的借款单' }]}
              style={{ gridColumn: 'span 3' }}
            >
              <LoanSelect />
            </Form.Item>
          )}
          <Form.Item name="remark" label="备注" style={{ gridColumn: 'span 3' }}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        </div>
        {formFields.length > 0 && <FormRuntime fields={formFields} billId={id} billType={type} />}
        {isPurchase && (
          <Form.Item label="采购明细" required>
            <PurchaseLinesEditor
              value={purchase.lines}
              onChange={(lines) => {
                purchase.setLines(lines);
                setDirty(true);
              }}
            />
          </Form.Item>
        )}
        {HAS_FEES.includes(type) && !placed.has('feeLines') && (
          <Form.Item name="fees" label="费用明细">
            <FeeLinesEditor billType={type} />
          </Form.Item>
        )}
        {HAS_TRIPS.includes(type) && !placed.has('tripLines') && (
          <Form.Item name="trips" label="行程">
            <TripLinesEditor />
          </Form.Item>
        )}
        {!placed.has('relatedBills') && (
          <Form.Item name="related" label="关联单据">
            <RelatedBillsField excludeId={id} />
          </Form.Item>
        )}
      </Form>
      {choosing && id && (
        <ChooseApproversDialog
          nodes={choosing}
          onClose={() => setChoosing(null)}
          onOk={(c) => submit(id, c)}
        />
      )}
    </Card>
  );
}
