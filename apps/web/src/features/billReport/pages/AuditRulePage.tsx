import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  TreeSelect,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AUDIT_ACTION_LABEL,
  AUDIT_RULE_KIND_LABEL,
  AUDIT_RULE_KINDS,
  AuditRuleListQuery,
  BILL_TYPE_LABEL,
  BILL_TYPES,
  formatDateTime,
  type AuditAction,
  type AuditRuleKind,
  type BillType,
  type FeeTypeCode,
} from '@feikong/contracts';
import { billReportApi, type AuditRule } from '@/api/billReport';
import { orgApi } from '@/api/org';
import { feeTypeOptionsQuery, feeTypeTreeData } from '@/features/settings';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { useDebouncedClick } from '@/components/directives';
import { applyFieldErrors } from '@/components/formErrors';
import { actionColumn } from '@/components/EditDialog/EditDialog';
import {
  ListSearch,
  ListTable,
  useListParams,
  useRowDialog,
  type ListColumn,
  ListSelect,
} from '@/components/ListPage';
import {
  auditRulesQuery,
  BILL_REPORT_PERM,
  billReportKeys,
  claimSettingQuery,
  toFen,
} from '../hooks/queries';

const KIND_OPTIONS = AUDIT_RULE_KINDS.map((k) => ({ value: k, label: AUDIT_RULE_KIND_LABEL[k] }));
const BILL_TYPE_OPTIONS = BILL_TYPES.map((t) => ({ value: t, label: BILL_TYPE_LABEL[t] }));
const HINT: Record<AuditRuleKind, string> = {
  invoiceOutsideTrip:
    '费用所附发票的开票日期不在单据任一行程的出发至返回日期之间时触发（单据无行程时不检查）',
  overStandard: '所选费用类型的每条费用金额超过标准时触发；选择城市组时，仅当行程目的地属于该城市组时检查',
  duplicateFee: '提交人其他未驳回的单据中有费用类型、金额、日期都相同的费用时触发',
  invoiceAge: '费用所附发票的开票日期距今超过所填天数时触发',
  billTotal: '单据金额超过上限时触发',
  overClaim: '费用金额超过所附发票的可报销余额时触发（仅在允许超额报销时可提交，须填写超额说明）',
  buyerNotOurs: '发票购买方的税号（无税号时为名称）不是本集团任一公司时触发',
  invoiceOtherYear: '发票开票年度与提交年度不同时触发',
  invoiceReused: '同一张发票还在其他审批中或已通过的单据上时触发（部分核销后报销剩余金额）',
  feeOutsideTrip: '费用日期不在单据任一行程的出发至返回日期之间时触发（单据无行程时不检查）',
  nearThreshold: '单据金额低于审批阈值且差距不超过所填比例时触发；不填阈值则取审批流程中按金额分支的条件',
};
const DEFAULT_MESSAGE: Record<AuditRuleKind, string> = {
  invoiceOutsideTrip: '发票日期不在行程期间，请核对发票',
  overStandard: '费用超过公司标准，请调整后提交',
  duplicateFee: '存在重复报销的费用，请核对',
  invoiceAge: '发票开具时间过早，请确认是否可以报销',
  billTotal: '单据金额超过上限，请确认',
  overClaim: '费用金额超过发票可报销余额（已填写超额说明）',
  buyerNotOurs: '发票购买方不是本集团的公司',
  invoiceOtherYear: '发票开票年度与提交年度不同',
  invoiceReused: '同一张发票已用于其他单据',
  feeOutsideTrip: '费用日期不在单据行程期间',
  nearThreshold: '单据金额略低于审批金额阈值',
};
const ACTION_COLOR: Record<AuditAction, string> = { block: 'red', warn: 'orange', flag: 'gold' };

interface Values {
  name: string;
  ruleKind: AuditRuleKind;
  action: AuditAction;
  message: string;
  billTypes?: BillType[];
  feeType?: FeeTypeCode;
  cityGroupId?: number;
  /** 元 in the form; 分 on the wire. */
  amountLimit?: number;
  days?: number;
  percent?: number;
  enabled: boolean;
  remark?: string;
}

const FIELDS = [
  'name',
  'ruleKind',
  'action',
  'message',
  'billTypes',
  'feeType',
  'cityGroupId',
  'amountLimit',
  'days',
  'percent',
  'remark',
];

function RuleDialog({ rule, onClose }: { rule: AuditRule | 'new' | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const qc = useQueryClient();
  const kind = Form.useWatch('ruleKind', form) as AuditRuleKind | undefined;
  const editing = rule !== null && rule !== 'new' ? rule : null;
  // Any type of the tenant's tree: a rule on 差旅费 covers 机票 and the rest under it.
  const feeTypes = useQuery(feeTypeOptionsQuery());
  const cityGroups = useQuery({
    queryKey: ['billReport', 'cityGroups'],
    queryFn: () => orgApi.cityGroups(),
    enabled: kind === 'overStandard',
    retry: false,
  });
  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = {
        name: v.name,
        ruleKind: v.ruleKind,
        action: v.action,
        message: v.message,
        billTypes: v.billTypes ?? [],
        feeType: v.feeType,
        cityGroupId: v.cityGroupId,
        amountLimit: toFen(v.amountLimit),
        days: v.days,
        percent: v.percent,
        enabled: v.enabled,
        remark: v.remark ?? '',
      };
      return editing ? billReportApi.ruleUpdate({ id: editing.id, ...body }) : billReportApi.ruleAdd(body);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: billReportKeys.rules }),
  });
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync(v);
      onClose();
    } catch (e) {
      applyFieldErrors(form, e, FIELDS);
    }
  };
  const submitOnce = useDebouncedClick(submit);
  const initial: Partial<Values> = editing
    ? {
        name: editing.name,
        ruleKind: editing.ruleKind as AuditRuleKind,
        action: editing.action as AuditAction,
        message: editing.message,
        billTypes: editing.billTypes as BillType[],
        feeType: (editing.feeType ?? undefined) as FeeTypeCode | undefined,
        cityGroupId: editing.cityGroupId ?? undefined,
        amountLimit: editing.amountLimit === null ? undefined : editing.amountLimit / 100,
        days: editing.days ?? undefined,
        percent: editing.percent ?? undefined,
        enabled: editing.enabled,
        remark: editing.remark,
      }
    : { ruleKind: 'overStandard', action: 'warn', enabled: true, message: DEFAULT_MESSAGE.overStandard };

  return (
    <Modal
      open={rule !== null}
      title={editing ? '编辑规则' : '新增规则'}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={submitOnce}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form
        form={form}
        name="auditRule"
        layout="vertical"
        preserve={false}
        initialValues={initial}
        onValuesChange={(changed: Partial<Values>) => {
          // a new kind brings its usual message, unless the administrator wrote one
          if (changed.ruleKind) {
            const msg = form.getFieldValue('message') as string | undefined;
            if (!msg || Object.values(DEFAULT_MESSAGE).includes(msg))
              form.setFieldValue('message', DEFAULT_MESSAGE[changed.ruleKind]);
          }
        }}
      >
        <Form.Item
          label="规则名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入规则名称' },
            { max: 50, message: '不能超过50个字符' },
          ]}
        >
          <Input placeholder="如：一线城市住宿标准" />
        </Form.Item>
        <Form.Item
          label="规则类型"
          name="ruleKind"
          extra={kind ? HINT[kind] : undefined}
          rules={[{ required: true, message: '请选择规则类型' }]}
        >
          <Select options={KIND_OPTIONS} aria-label="规则类型" virtual={false} listHeight={360} />
        </Form.Item>
        {kind === 'overStandard' && (
          <Space.Compact block style={{ gap: 12 }}>
            <Form.Item
              label="费用类型"
              name="feeType"
              style={{ flex: 1 }}
              rules={[{ required: true, message: '请选择费用类型' }]}
            >
              <TreeSelect<string>
                placeholder="请选择"
                aria-label="费用类型"
                treeData={feeTypeTreeData(feeTypes.data ?? [])}
                treeDefaultExpandAll
                showSearch
                treeNodeFilterProp="title"
                loading={feeTypes.isLoading}
              />
            </Form.Item>
            <Form.Item label="城市组" name="cityGroupId" style={{ flex: 1 }}>
              <Select
                allowClear
                placeholder="不限城市"
                aria-label="城市组"
                loading={cityGroups.isFetching}
                options={(cityGroups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              />
            </Form.Item>
          </Space.Compact>
        )}
        {(kind === 'overStandard' || kind === 'billTotal') && (
          <Form.Item
            label={kind === 'overStandard' ? '费用标准（元/笔）' : '金额上限（元）'}
            name="amountLimit"
            rules={[
              { required: true, message: '请输入金额' },
              { type: 'number', min: 0.01, message: '请填写大于0的金额' },
            ]}
          >
            <InputNumber min={0} precision={2} style={{ width: 220 }} aria-label="金额" />
          </Form.Item>
        )}
        {kind === 'nearThreshold' && (
          <Space.Compact block style={{ gap: 12 }}>
            <Form.Item
              label="审批阈值（元）"
              name="amountLimit"
              style={{ flex: 1 }}
              extra="不填则取审批流程中按金额分支的条件"
              rules={[{ type: 'number', min: 0.01, message: '请填写大于0的金额' }]}
            >
              <InputNumber min={0} precision={2} style={{ width: '100%' }} aria-label="审批阈值" />
            </Form.Item>
            <Form.Item
              label="接近比例（%）"
              name="percent"
              style={{ flex: 1 }}
              rules={[{ required: true, message: '请输入接近比例' }]}
            >
              <InputNumber min={1} max={50} precision={0} style={{ width: '100%' }} aria-label="接近比例" />
            </Form.Item>
          </Space.Compact>
        )}
        {kind === 'invoiceAge' && (
          <Form.Item label="超过天数" name="days" rules={[{ required: true, message: '请输入天数' }]}>
            <InputNumber min={1} max={3650} precision={0} style={{ width: 220 }} aria-label="天数" />
          </Form.Item>
        )}
        <Form.Item label="处理方式" name="action" rules={[{ required: true, message: '请选择处理方式' }]}>
          <Radio.Group>
            <Radio value="warn">提示（提交人确认后可继续提交）</Radio>
            <Radio value="block">禁止提交</Radio>
            <Radio value="flag">标记风险（不拦截提交，审批人在单据、待办和打印中看到）</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          label="提示信息"
          name="message"
          rules={[
            { required: true, whitespace: true, message: '请输入提示信息' },
            { max: 200, message: '不能超过200个字符' },
          ]}
        >
          <Input.TextArea rows={2} placeholder="提交人看到的提示" />
        </Form.Item>
        <Form.Item label="适用单据" name="billTypes" extra="不选则适用于全部单据">
          <Select
            mode="multiple"
            allowClear
            options={BILL_TYPE_OPTIONS}
            placeholder="全部单据"
            aria-label="适用单据"
          />
        </Form.Item>
        <Form.Item label="启用" name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[{ max: 200, message: '不能超过200个字符' }]}>
          <Input.TextArea rows={2} placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 超额报销: refused (default), or allowed with a 超额说明 on the fee line and flagged for the approvers. */
function ClaimSettingBar({ mayEdit }: { mayEdit: boolean }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const setting = useQuery(claimSettingQuery);
  const save = useMutation({
    mutationFn: (allow: boolean) => billReportApi.saveClaimSetting(allow),
    onSuccess: (r) => {
      qc.setQueryData(billReportKeys.claimSetting, r);
      void message.success(r.allowOverClaim ? '已允许超额报销（须填写超额说明）' : '已禁止超额报销');
    },
  });
  return (
    <Space style={{ marginBottom: 12 }} wrap data-testid="claim-setting">
      <Typography.Text strong>允许超额报销</Typography.Text>
      <Switch
        size="small"
        checked={setting.data?.allowOverClaim ?? false}
        loading={setting.isFetching || save.isPending}
        disabled={!mayEdit || setting.isError}
        onChange={(v) => save.mutate(v)}
        aria-label="允许超额报销"
      />
      <Typography.Text type="secondary">
        关闭时，费用金额超过发票可报销余额的单据不能保存或提交；开启时须在该条费用上填写超额说明，并按「超额报销」规则标记风险。
      </Typography.Text>
    </Space>
  );
}

/**
 * 智能规则集 (设置中心): audit rules checked when a document is submitted; each warns, blocks or flags. The
 * type and name filters live in the URL.
 */
export default function AuditRulePage() {
  const { modal, message } = App.useApp();
  const { can } = useAccess();
  const qc = useQueryClient();
  const mayEdit = can([BILL_REPORT_PERM.ruleEdit]);
  const u = useListParams(AuditRuleListQuery);
  const { ruleKind, keyword } = u.query;
  const dialog = useRowDialog<AuditRule>();
  const rules = useQuery({
    ...auditRulesQuery(ruleKind, keyword),
    placeholderData: keepPreviousData,
  });
  const enable = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => billReportApi.ruleEnable(id, enabled),
    onSuccess: (r) => {
      void message.success(r.enabled ? `已启用「${r.name}」` : `已停用「${r.name}」`);
      return qc.invalidateQueries({ queryKey: billReportKeys.rules });
    },
  });

  const remove = (r: AuditRule) =>
    void confirmDelete(
      { modal, message },
      {
        content: `确定删除规则【${r.name}】吗？`,
        remove: () => billReportApi.ruleDelete(r.id),
        then: () => qc.invalidateQueries({ queryKey: billReportKeys.rules }),
      },
    );

  const columns: ListColumn<AuditRule>[] = [
    { title: '规则名称', dataIndex: 'name', width: 170, role: 'key' },
    { title: '规则类型', dataIndex: 'ruleKindText', width: 130 },
    {
      title: '处理方式',
      dataIndex: 'action',
      width: 100,
      role: 'status',
      render: (a: AuditAction) => <Tag color={ACTION_COLOR[a]}>{AUDIT_ACTION_LABEL[a] ?? a}</Tag>,
    },
    {
      title: '启用',
      dataIndex: 'enabled',
      width: 70,
      role: 'status',
      render: (on: boolean, r) => (
        <Switch
          size="small"
          checked={on}
          disabled={!mayEdit}
          loading={enable.isPending && enable.variables?.id === r.id}
          onChange={(v) => enable.mutate({ id: r.id, enabled: v })}
          aria-label={`启用规则${r.name}`}
        />
      ),
    },
    { title: '检查条件', dataIndex: 'conditionText', width: 260 },
    { title: '提示信息', dataIndex: 'message', width: 220, ellipsis: true },
    {
      title: '适用单据',
      dataIndex: 'billTypes',
      width: 140,
      render: (types: string[]) =>
        types.length === 0 ? '全部' : types.map((t) => BILL_TYPE_LABEL[t as BillType] ?? t).join('、'),
    },
    {
      title: '更新时间',
      dataIndex: 'updateAt',
      width: 150,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    ...(mayEdit
      ? [actionColumn<AuditRule>({ edit: dialog.open, remove, name: (r) => `规则${r.name}` })]
      : []),
  ];

  return (
    <Card
      title="智能规则集"
      className="fk-panel"
      data-testid="audit-rules"
      extra={
        mayEdit && (
          <Button type="primary" onClick={() => dialog.open('new')}>
            新增规则
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        提交单据时按以下已启用的规则检查：「提示」的规则提交人确认后可继续提交，「禁止提交」的规则须修改单据后才能提交，「标记风险」的规则不拦截提交，审批人在单据详情、我的待办和打印中看到风险提示。
      </Typography.Paragraph>
      <ClaimSettingBar mayEdit={mayEdit} />
      <ListTable<AuditRule>
        query={rules}
        what="规则"
        columns={columns}
        filters={
          <>
            <ListSelect
              u={u}
              field="ruleKind"
              placeholder="全部规则类型"
              width={200}
              options={KIND_OPTIONS}
              aria-label="规则类型筛选"
            />
            <ListSearch
              value={keyword}
              placeholder="规则名称"
              style={{ width: 220 }}
              onSearch={(v) => u.set({ keyword: v })}
              aria-label="规则名称搜索"
            />
          </>
        }
      />
      <RuleDialog key={dialog.key} rule={dialog.row} onClose={dialog.close} />
    </Card>
  );
}
