import { App, Button, Card, Descriptions, Empty, Space, Spin, Switch, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ApplyTypeLabel,
  BudgetExcessPayLabel,
  ControlModeLabel,
  formatDateTime,
  QuotaModeLabel,
  RULE_KEY_LABEL,
  type ApplyType,
  type BudgetExcessPay,
  type ControlMode,
  type QuotaMode,
  type RuleKey,
  type SceneContent,
} from '@feikong/contracts';
import { scenesApi } from '@/api/scenes';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { SCENE_PERM, sceneDetailQuery, useSceneMutation } from '../queries';

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** One rule component in words. */
export function ruleText(key: RuleKey, rules: SceneContent['rules']): string {
  const r = rules as Record<string, any>;
  const v = r[key];
  switch (key) {
    case 'use_time':
      return v.slots.map((s: { start: string; end: string }) => `${s.start}–${s.end}`).join('、');
    case 'use_date':
      return v.weekdays.length
        ? v.weekdays.map((d: number) => `周${'一二三四五六日'[d - 1]}`).join('、')
        : '每天';
    case 'order_number':
      return (
        [v.day ? `每日 ${v.day} 笔` : '', v.month ? `每月 ${v.month} 笔` : ''].filter(Boolean).join('，') ||
        '不限'
      );
    case 'order_amount':
    case 'day_amount':
    case 'month_amount':
    case 'year_amount':
    case 'avg_amount':
      return yuan(v.amount);
    case 'airplane':
      return (
        [
          v.discount_type === 1 && v.seat_classes.length ? `舱位 ${v.seat_classes.join('、')}` : '',
          v.is_low_price_control ? `起飞前后${v.low_price_control_time}小时内最低价` : '',
          v.preorder_time ? `提前${v.preorder_time}天` : '',
        ]
          .filter(Boolean)
          .join('；') || '默认'
      );
    case 'train':
      return v.seat_type.length ? `席别 ${v.seat_type.join('、')}` : '不限席别';
    case 'hotel':
      return v.hotel_city.length ? `城市 ${v.hotel_city.join('、')}` : '不限城市';
    case 'car':
      return (
        [
          v.car_model_limit_flag ? `车型 ${v.car_models.join('、')}` : '',
          v.cross_city_limit ? '禁止跨城' : '',
        ]
          .filter(Boolean)
          .join('；') || '默认'
      );
    default:
      return '已开启';
  }
}

/**
 * 场景详情 (scenes/SceneDetail, /scenes/rule/detail?id): the published rules, the draft waiting, and the version
 * history (each publish an immutable version); 开启/关闭, 编辑, 复制 and 删除 (custom scenes only).
 */
export default function SceneDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const navigate = useNavigate();
  const { can } = useAccess();
  const { modal, message } = App.useApp();
  const detail = useQuery({ ...sceneDetailQuery(id), enabled: id > 0 });
  const setStatus = useSceneMutation(scenesApi.status);
  const copy = useSceneMutation(scenesApi.copy);
  const remove = useSceneMutation(scenesApi.remove);
  const d = detail.data;
  if (!d)
    return detail.isError ? <Empty description="场景不存在或已被删除" /> : <Spin style={{ margin: 48 }} />;
  const shown = d.published ?? d.content;
  const info = shown.info;
  const keys = Object.keys(shown.rules) as RuleKey[];
  const scope = shown.scope;

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16} data-testid="scene-detail">
      <Card
        className="fk-panel"
        title={
          <Space>
            {d.name}
            <Tag color={d.scene_type === 0 ? 'purple' : undefined}>{d.sceneTypeText}</Tag>
            <Tag color={d.status === 2 ? 'green' : 'default'}>{d.statusText}</Tag>
            {d.current_version > 0 ? <Tag color="blue">V{d.current_version}</Tag> : <Tag>未发布</Tag>}
            {d.hasDraft && d.current_version > 0 && <Tag color="orange">有草稿</Tag>}
          </Space>
        }
        extra={
          <Space>
            <Button onClick={() => navigate('/scenes/rule/list')}>返回</Button>
            {can([SCENE_PERM.edit]) && d.current_version > 0 && (
              <Switch
                checked={d.status === 2}
                checkedChildren="开启"
                unCheckedChildren="关闭"
                aria-label="开启场景"
                loading={setStatus.isPending}
                onChange={(on) =>
                  setStatus.mutate(
                    { id, status: on ? 2 : 1 },
                    { onSuccess: () => void message.success(on ? '场景已开启' : '场景已关闭') },
                  )
                }
              />
            )}
            {can([SCENE_PERM.edit]) && (
              <Button type="primary" onClick={() => navigate(`/scenes/rule/edit?id=${id}`)}>
                编辑
              </Button>
            )}
            {can([SCENE_PERM.add]) && (
              <Button
                onClick={() =>
                  copy.mutate(
                    { id },
                    {
                      onSuccess: (c) => {
                        void message.success(`已复制为【${c.name}】`);
                        navigate(`/scenes/rule/edit?id=${c.id}`);
                      },
                    },
                  )
                }
              >
                复制
              </Button>
            )}
            {can([SCENE_PERM.remove]) && d.scene_type === 1 && (
              <Button
                danger
                onClick={() =>
                  void confirmDelete(
                    { modal, message },
                    {
                      content: `确定删除场景【${d.name}】吗？`,
                      remove: async () => {
                        await remove.mutateAsync(id);
                        navigate('/scenes/rule/list');
                      },
                      refusalAnswers: true,
                    },
                  )
                }
              >
                删除
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions
          column={3}
          size="small"
          title={d.published ? `已发布规则（V${d.current_version}）` : '草稿（未发布）'}
        >
          <Descriptions.Item label="消费类别">{d.categoryText}</Descriptions.Item>
          <Descriptions.Item label="额度模式">
            {QuotaModeLabel[info.quota_mode as QuotaMode]}
          </Descriptions.Item>
          <Descriptions.Item label="超额支付方式">
            {BudgetExcessPayLabel[info.excess_pay_type as BudgetExcessPay] ?? '未设置（超额拒绝）'}
          </Descriptions.Item>
          <Descriptions.Item label="申请方式">
            {ApplyTypeLabel[info.apply_type as ApplyType]}
          </Descriptions.Item>
          <Descriptions.Item label="管控方式">
            {ControlModeLabel[info.control_mode as ControlMode]}
          </Descriptions.Item>
          <Descriptions.Item label="适用人员">
            {scope.all
              ? '全员'
              : [
                  scope.orgIds.length ? `${scope.orgIds.length} 个组织` : '',
                  scope.deptIds.length ? `${scope.deptIds.length} 个部门` : '',
                  scope.gradeIds.length ? `${scope.gradeIds.length} 个职级` : '',
                  scope.groupIds.length ? `${scope.groupIds.length} 个用户组` : '',
                  scope.staffIds.length ? `${scope.staffIds.length} 人` : '',
                ]
                  .filter(Boolean)
                  .join('、')}
          </Descriptions.Item>
          {d.description && <Descriptions.Item label="说明">{d.description}</Descriptions.Item>}
        </Descriptions>
        <Descriptions column={2} size="small" bordered style={{ marginTop: 12 }}>
          {keys.length === 0 && <Descriptions.Item label="规则">未设置规则</Descriptions.Item>}
          {keys.map((k) => (
            <Descriptions.Item key={k} label={RULE_KEY_LABEL[k]}>
              {ruleText(k, shown.rules)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      <Card className="fk-panel" title="版本记录">
        <Table
          rowKey="version"
          size="small"
          pagination={false}
          dataSource={d.versions}
          locale={{ emptyText: '尚未发布' }}
          columns={[
            { title: '版本', dataIndex: 'version', render: (v: number) => <Tag color="blue">V{v}</Tag> },
            { title: '发布人', dataIndex: 'published_by_name', render: (n: string | null) => n ?? '系统' },
            { title: '发布时间', dataIndex: 'published_at', render: (ms: number) => formatDateTime(ms) },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          每次发布生成新版本，已发生的消费保留其决策时的版本。
        </Typography.Paragraph>
      </Card>
    </Space>
  );
}
