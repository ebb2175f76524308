import {
  App,
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  TreeSelect,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  allRuleDefaults,
  APPLY_TEMPLATE_CONTROLLED,
  ApplyType,
  ApplyTypeLabel,
  BudgetExcessPay,
  BudgetExcessPayLabel,
  Category,
  CategoryLabel,
  ControlMode,
  ControlModeLabel,
  controlsDisabledByApplyTemplate,
  optionsOf,
  QuotaMode,
  QuotaModeLabel,
  RULE_KEY_LABEL,
  type RuleKey,
  type SceneContent,
  type SceneRules,
} from '@feikong/contracts';
import { orgApi, type UnitNode } from '@/api/org';
import { scenesApi } from '@/api/scenes';
import { StaffPicker } from '@/components/StaffPicker';
import { RuleFields } from '../components/RuleFields';
import { ruleTypesQuery, sceneDetailQuery, useSceneMutation } from '../queries';

interface FormValues {
  name: string;
  category: number;
  description: string;
  info: SceneContent['info'];
  enabled: RuleKey[];
  rules: Required<SceneRules>;
  scope: SceneContent['scope'] & { units?: string[] };
}

const DEFAULT_INFO: SceneContent['info'] = {
  quota_mode: 2,
  report_type: 0,
  report_template_id: 0,
  excess_pay_type: 0,
  excess_reimbursement_type: 0,
  use_time: 0,
  front_show: 1,
  control_mode: 0,
  scene_rule_type: 0,
  apply_type: 2,
  apply_template_id: 0,
  billType: '',
};
const EMPTY_SCOPE = { all: true, orgIds: [], deptIds: [], gradeIds: [], groupIds: [], staffIds: [] };

interface TreeNode {
  value: string;
  title: string;
  children?: TreeNode[];
}
function treeData(nodes: UnitNode[]): TreeNode[] {
  return nodes.map((n) => ({
    value: n.key,
    title: n.name,
    children: n.children?.length ? treeData(n.children as UnitNode[]) : undefined,
  }));
}

/**
 * 新增/编辑场景 (scenes/SceneEdit, /scenes/rule/edit[?id]): the scene info (quota mode, excess pay, apply type and
 * template, control mode…), the rule components its category offers (hidden types are not offered; a
 * component starts at its defaults), and to whom it applies. With an apply type other than 无需申请 and a
 * valid apply template (spec 5) the amount and time components are the form's and stay disabled.
 * 保存草稿 keeps a draft; 保存并发布 publishes it as a new version.
 */
export default function SceneEditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const detail = useQuery({ ...sceneDetailQuery(id), enabled: id > 0 });
  const category = Form.useWatch('category', form) ?? detail.data?.category ?? Category.takeout;
  const info = Form.useWatch('info', form);
  const enabled = Form.useWatch('enabled', form) ?? [];
  const scopeAll = Form.useWatch(['scope', 'all'], form);
  const types = useQuery(ruleTypesQuery(category));
  const units = useQuery({
    queryKey: ['scenes', 'units'],
    queryFn: ({ signal }) => orgApi.deptTree(undefined, signal),
  });
  const add = useSceneMutation(scenesApi.add);
  const draft = useSceneMutation(scenesApi.draft);
  const publish = useSceneMutation(scenesApi.publish);
  const controlled = info ? controlsDisabledByApplyTemplate(info) : false;

  const initial = useMemo<FormValues | undefined>(() => {
    if (id > 0 && !detail.data) return undefined;
    const d = detail.data;
    const content = d?.content;
    const scope = content?.scope ?? EMPTY_SCOPE;
    return {
      name: d?.name ?? '',
      category: d?.category ?? Category.takeout,
      description: d?.description ?? '',
      info: { ...DEFAULT_INFO, ...content?.info },
      enabled: Object.keys(content?.rules ?? {}) as RuleKey[],
      rules: { ...allRuleDefaults(), ...content?.rules },
      scope: {
        ...scope,
        units: [...scope.orgIds.map((i) => `org-${i}`), ...scope.deptIds.map((i) => `dept-${i}`)],
      },
    };
  }, [id, detail.data]);

  if (!initial) return <Spin style={{ margin: 48 }} />;

  const toContent = (v: FormValues): SceneContent => {
    const keys = v.enabled.filter((k) => !(controlled && APPLY_TEMPLATE_CONTROLLED.includes(k)));
    const all = form.getFieldValue('rules') as Required<SceneRules>;
    const rules = Object.fromEntries(keys.map((k) => [k, all[k] ?? allRuleDefaults()[k]])) as SceneRules;
    const unitsChosen = v.scope.units ?? [];
    return {
      info: { ...DEFAULT_INFO, ...v.info, use_time: keys.includes('use_time') ? 1 : 0 },
      rules,
      scope: {
        all: v.scope.all,
        orgIds: v.scope.all
          ? []
          : unitsChosen.filter((k) => k.startsWith('org-')).map((k) => Number(k.slice(4))),
        deptIds: v.scope.all
          ? []
          : unitsChosen.filter((k) => k.startsWith('dept-')).map((k) => Number(k.slice(5))),
        gradeIds: v.scope.all ? [] : (initial.scope.gradeIds ?? []),
        groupIds: v.scope.all ? [] : (initial.scope.groupIds ?? []),
        staffIds: v.scope.all ? [] : (v.scope.staffIds ?? []),
      },
    };
  };

  const save = async (andPublish: boolean) => {
    const v = await form.validateFields();
    const content = toContent({ ...form.getFieldsValue(true), ...v });
    let sceneId = id;
    if (id > 0) await draft.mutateAsync({ id, name: v.name, description: v.description, content });
    else
      sceneId = (
        await add.mutateAsync({ name: v.name, category: v.category, description: v.description, content })
      ).id;
    if (andPublish) {
      const p = await publish.mutateAsync(sceneId);
      void message.success(`已发布版本 V${p.version}`);
      navigate(`/scenes/rule/detail?id=${sceneId}`);
    } else {
      void message.success('草稿已保存');
      if (id === 0) navigate(`/scenes/rule/edit?id=${sceneId}`, { replace: true });
    }
  };
  const busy = add.isPending || draft.isPending || publish.isPending;

  return (
    <Form<FormValues> form={form} layout="vertical" initialValues={initial} data-testid="scene-edit">
      <Card
        className="fk-panel"
        title={id > 0 ? `编辑场景：${initial.name}` : '新增场景'}
        extra={
          <Space>
            <Button onClick={() => navigate('/scenes/rule/list')}>返回</Button>
            <Button loading={busy} onClick={() => void save(false)}>
              保存草稿
            </Button>
            <Button type="primary" loading={busy} onClick={() => void save(true)}>
              保存并发布
            </Button>
          </Space>
        }
      >
        <Typography.Title level={5}>基本信息</Typography.Title>
        <Row gutter={24}>
          <Col span={8}>
            <Form.Item
              label="场景名称"
              name="name"
              rules={[{ required: true, whitespace: true, message: '请输入场景名称' }, { max: 50 }]}
            >
              <Input placeholder="如 工作餐" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="消费类别" name="category" rules={[{ required: true }]}>
              <Select
                disabled={id > 0}
                options={optionsOf(Category, CategoryLabel)}
                onChange={() => form.setFieldValue('enabled', [])}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="场景说明" name="description">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="额度模式" name={['info', 'quota_mode']}>
              <Select options={optionsOf(QuotaMode, QuotaModeLabel)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label="超额支付方式"
              name={['info', 'excess_pay_type']}
              extra="组合支付、个人支付：超出部分由员工支付"
            >
              <Select
                options={[
                  { value: 0, label: '未设置（超额拒绝）' },
                  ...optionsOf(BudgetExcessPay, BudgetExcessPayLabel),
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="管控方式" name={['info', 'control_mode']}>
              <Select options={optionsOf(ControlMode, ControlModeLabel)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="申请方式" name={['info', 'apply_type']}>
              <Select options={optionsOf(ApplyType, ApplyTypeLabel)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label="申请模板"
              name={['info', 'apply_template_id']}
              extra="填写申请模板编号；0 或不填为不关联"
            >
              <Input placeholder="0" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label="在员工端展示"
              name={['info', 'front_show']}
              getValueProps={(v) => ({ checked: v === 1 })}
              normalize={(v) => (v ? 1 : 0)}
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>场景规则</Typography.Title>
        {controlled && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={`已关联申请模板：${APPLY_TEMPLATE_CONTROLLED.map((k) => RULE_KEY_LABEL[k]).join('、')}由申请单控制，不在场景中设置`}
          />
        )}
        <Form.Item name="enabled" noStyle>
          <Checkbox.Group style={{ display: 'block' }}>
            {(types.data ?? []).map((g) => (
              <div key={g.group} style={{ marginBottom: 8 }}>
                <Typography.Text strong style={{ marginRight: 12 }}>
                  {g.name}
                </Typography.Text>
                {g.types.map((t) => (
                  <Checkbox
                    key={t.id}
                    value={t.id}
                    disabled={controlled && APPLY_TEMPLATE_CONTROLLED.includes(t.id)}
                  >
                    {t.name}
                  </Checkbox>
                ))}
              </div>
            ))}
          </Checkbox.Group>
        </Form.Item>
        {enabled
          .filter((k) => !(controlled && APPLY_TEMPLATE_CONTROLLED.includes(k)))
          .map((k) => {
            const fields = (
              <RuleFields ruleKey={k} disabled={controlled && APPLY_TEMPLATE_CONTROLLED.includes(k)} />
            );
            return (
              <Card
                key={k}
                size="small"
                title={RULE_KEY_LABEL[k]}
                style={{ marginTop: 12 }}
                data-testid={`rule-${k}`}
              >
                {fields ?? (
                  <Typography.Text type="secondary">按上方「申请方式」「管控方式」执行</Typography.Text>
                )}
              </Card>
            );
          })}

        <Typography.Title level={5} style={{ marginTop: 24 }}>
          适用人员
        </Typography.Title>
        <Form.Item label="全员适用" name={['scope', 'all']} valuePropName="checked">
          <Switch />
        </Form.Item>
        {!scopeAll && (
          <Row gutter={24}>
            <Col span={12}>
              <Form.Item label="组织/部门" name={['scope', 'units']}>
                <TreeSelect
                  multiple
                  treeCheckable
                  showCheckedStrategy={TreeSelect.SHOW_PARENT}
                  treeData={treeData(units.data ?? [])}
                  placeholder="选择组织或部门"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="人员" name={['scope', 'staffIds']}>
                <StaffPicker onChange={(ids) => form.setFieldValue(['scope', 'staffIds'], ids)} />
              </Form.Item>
            </Col>
          </Row>
        )}
      </Card>
    </Form>
  );
}
