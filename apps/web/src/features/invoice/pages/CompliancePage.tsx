import { App, Button, Card, Form, Input, Modal, Select, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMPLIANCE_RULE_KINDS,
  COMPLIANCE_RULE_LABEL,
  ComplianceListQuery,
  formatDateTime,
  type ComplianceRuleKind,
} from '@feikong/contracts';
import { invoiceApi, type ComplianceRule } from '@/api/invoice';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { useDebouncedClick } from '@/components/directives';
import { applyFieldErrors } from '@/components/formErrors';
import { actionColumn } from '@/components/EditDialog/EditDialog';
import { ListTable, useListParams, useRowDialog, type ListColumn, ListSelect } from '@/components/ListPage';
import { complianceQuery, INVOICE_PERM } from '../hooks/queries';

const KIND_OPTIONS = COMPLIANCE_RULE_KINDS.map((k) => ({ value: k, label: COMPLIANCE_RULE_LABEL[k] }));
const HINT: Record<ComplianceRuleKind, string> = {
  seller_name: '销售方名称完全一致时拒绝录入',
  seller_tax_id: '销售方税号完全一致时拒绝录入（不区分大小写）',
  goods_tax_code: '商品税收分类编码以此开头时拒绝录入（如 30402 含 3040201）',
  goods_keyword: '商品名称包含此关键字时拒绝录入',
};

interface Values {
  ruleKind: ComplianceRuleKind;
  value: string;
  remark?: string;
}

function RuleDialog({ rule, onClose }: { rule: ComplianceRule | 'new' | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const qc = useQueryClient();
  const kind = Form.useWatch('ruleKind', form);
  const editing = rule !== null && rule !== 'new' ? rule : null;
  const save = useMutation({
    mutationFn: (v: Values) =>
      editing
        ? invoiceApi.complianceUpdate({ id: editing.id, ...v, remark: v.remark ?? '' })
        : invoiceApi.complianceAdd({ ...v, remark: v.remark ?? '' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['invoice', 'compliance'] }),
  });
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync(v);
      onClose();
    } catch (e) {
      applyFieldErrors(form, e, ['ruleKind', 'value', 'remark']);
    }
  };
  const submitOnce = useDebouncedClick(submit);

  return (
    <Modal
      open={rule !== null}
      title={editing ? '编辑合规规则' : '新增合规规则'}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={submitOnce}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        name="complianceRule"
        layout="vertical"
        preserve={false}
        initialValues={
          editing
            ? { ruleKind: editing.ruleKind, value: editing.value, remark: editing.remark }
            : { ruleKind: 'seller_name' }
        }
      >
        <Form.Item label="规则类型" name="ruleKind" rules={[{ required: true, message: '请选择规则类型' }]}>
          <Select options={KIND_OPTIONS} />
        </Form.Item>
        <Form.Item
          label="匹配内容"
          name="value"
          extra={kind ? HINT[kind] : undefined}
          rules={[
            { required: true, whitespace: true, message: '请输入匹配内容' },
            { max: 100, message: '不能超过100个字符' },
          ]}
        >
          <Input placeholder="请输入匹配内容" />
        </Form.Item>
        <Form.Item label="说明" name="remark" rules={[{ max: 200, message: '不能超过200个字符' }]}>
          <Input.TextArea rows={3} placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 发票合规 (设置中心): seller and goods blacklists; a matching invoice is refused at entry. */
export default function CompliancePage() {
  const { modal, message } = App.useApp();
  const { can } = useAccess();
  const qc = useQueryClient();
  const mayEdit = can([INVOICE_PERM.complianceEdit]);
  const u = useListParams(ComplianceListQuery);
  const { ruleKind } = u.query;
  const dialog = useRowDialog<ComplianceRule>();
  const rules = useQuery({ ...complianceQuery(ruleKind), placeholderData: keepPreviousData });

  const remove = (r: ComplianceRule) =>
    void confirmDelete(
      { modal, message },
      {
        content: `确定删除规则【${r.ruleKindText}：${r.value}】吗？`,
        remove: () => invoiceApi.complianceDelete(r.id),
        then: () => qc.invalidateQueries({ queryKey: ['invoice', 'compliance'] }),
      },
    );

  const columns: ListColumn<ComplianceRule>[] = [
    { title: '匹配内容', dataIndex: 'value', width: 220, role: 'key' },
    { title: '规则类型', dataIndex: 'ruleKindText', width: 200 },
    { title: '说明', dataIndex: 'remark', width: 280, render: (v: string) => v || '—' },
    {
      title: '更新时间',
      dataIndex: 'updateAt',
      width: 170,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    ...(mayEdit
      ? [actionColumn<ComplianceRule>({ edit: dialog.open, remove, name: (r) => `规则${r.value}` })]
      : []),
  ];

  return (
    <Card
      title="发票合规"
      className="fk-panel"
      data-testid="invoice-compliance"
      extra={
        mayEdit && (
          <Button type="primary" onClick={() => dialog.open('new')}>
            新增规则
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        录入发票时，销售方或商品命中以下黑名单规则的发票将被拒绝录入。
      </Typography.Paragraph>
      <ListTable<ComplianceRule>
        query={rules}
        what="合规规则"
        columns={columns}
        filters={
          <ListSelect
            u={u}
            field="ruleKind"
            placeholder="全部规则类型"
            width={220}
            options={KIND_OPTIONS}
            aria-label="规则类型筛选"
          />
        }
      />
      <RuleDialog key={dialog.key} rule={dialog.row} onClose={dialog.close} />
    </Card>
  );
}
