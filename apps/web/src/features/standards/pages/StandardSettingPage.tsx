import { App, Button, Card, Descriptions, Form, Radio, Skeleton, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CITY_MODE_LABEL,
  CITY_MODES,
  formatDateTime,
  STANDARD_DIMENSION_LABEL,
  STANDARD_DIMENSIONS,
  type StandardSettingBody,
} from '@feikong/contracts';
import { standardsApi } from '@/api/standards';
import { useAccess } from '@/components/Access';
import { dimensionsQuery, settingQuery, STANDARD_PERM, standardKeys } from '../hooks/queries';

/**
 * 标准设置 (设置中心 › 差旅与费用标准): whether standards follow 职级 or 职位, and whether they differ by 城市组
 * (cities in no group count as 其他城市). Each dimension keeps its own tables.
 */
export default function StandardSettingPage() {
  const { message } = App.useApp();
  const { can } = useAccess();
  const qc = useQueryClient();
  const setting = useQuery(settingQuery);
  const dims = useQuery(dimensionsQuery);
  const [form] = Form.useForm<StandardSettingBody>();
  const save = useMutation({
    mutationFn: (v: StandardSettingBody) => standardsApi.saveSetting(v),
    onSuccess: async (data) => {
      qc.setQueryData(standardKeys.setting, data);
      await qc.invalidateQueries({ queryKey: standardKeys.all });
      void message.success('已保存');
    },
  });
  const editable = can([STANDARD_PERM.settingEdit]);
  if (!setting.data) return <Skeleton active />;
  const groups = dims.data?.cityGroups ?? [];
  return (
    <Card title="标准设置" className="fk-panel" data-testid="standard-setting">
      <Form
        form={form}
        layout="vertical"
        disabled={!editable}
        initialValues={{ dimension: setting.data.dimension, cityMode: setting.data.cityMode }}
        onFinish={(v) => save.mutate(v)}
        style={{ maxWidth: 720 }}
      >
        <Form.Item
          name="dimension"
          label="标准维度"
          extra="差旅标准和费用标准按员工的职级或职位区分；两种维度的标准分别保存，切换后按新维度生效。"
        >
          <Radio.Group
            options={STANDARD_DIMENSIONS.map((d) => ({
              value: d,
              label: `按${STANDARD_DIMENSION_LABEL[d]}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="cityMode"
          label="城市维度"
          extra="按城市组时，未归入任何城市组的城市按「其他城市」的标准；城市组在 设置中心 › 组织架构 › 城市维护 中维护。"
        >
          <Radio.Group options={CITY_MODES.map((m) => ({ value: m, label: CITY_MODE_LABEL[m] }))} />
        </Form.Item>
        {editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        )}
      </Form>
      <Descriptions
        title="当前维度"
        size="small"
        column={1}
        style={{ marginTop: 24, maxWidth: 720 }}
        items={[
          {
            key: 'grades',
            label: '职级',
            children: dims.data?.grades.map((g) => g.name).join('、') || '暂无',
          },
          {
            key: 'jobs',
            label: '职位',
            children: dims.data?.jobs.map((g) => g.name).join('、') || '暂无',
          },
          ...groups.map((g) => ({
            key: `g${g.id}`,
            label: g.name,
            children: g.id === 0 ? '未归入任何城市组的城市' : g.cityNames.join('、') || '（未选择城市）',
          })),
        ]}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {setting.data.updatedAt
          ? `最近修改：${setting.data.updatedByName || '—'} ${formatDateTime(setting.data.updatedAt)}`
          : ''}
      </Typography.Text>
    </Card>
  );
}
