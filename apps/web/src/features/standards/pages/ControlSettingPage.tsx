import { App, Button, Card, Radio, Skeleton, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  CONTROL_ACTION_LABEL,
  CONTROL_ACTIONS,
  formatDateTime,
  STANDARD_KINDS,
  type ControlAction,
  type StandardKind,
} from '@feikong/contracts';
import { standardsApi } from '@/api/standards';
import { useAccess } from '@/components/Access';
import { settingQuery, STANDARD_PERM, standardKeys } from '../hooks/queries';

const KIND_TEXT: Record<StandardKind, string> = {
  hotel: '住宿标准',
  air: '机票标准',
  train: '火车标准',
  car: '用车标准',
  allowance: '差旅补贴标准',
  fee: '费用标准',
};
const HINT: Record<ControlAction, string> = {
  refuse: '超出标准的消费或费用不允许',
  approval: '员工填写超标原因，审批通过后可继续',
  excess: '公司按标准支付，超出部分由员工自付（舱位、席别、车型超标时需审批）',
};

/** 管控设置 (设置中心 › 差旅与费用标准): what happens over each standard — 禁止, 审批, or 员工自付. */
export default function ControlSettingPage() {
  const { message } = App.useApp();
  const { can } = useAccess();
  const qc = useQueryClient();
  const setting = useQuery(settingQuery);
  const [controls, setControls] = useState<Record<StandardKind, ControlAction> | null>(null);
  useEffect(() => {
    if (setting.data)
      setControls(
        Object.fromEntries(setting.data.controls.map((c) => [c.kind, c.action])) as Record<
          StandardKind,
          ControlAction
        >,
      );
  }, [setting.data]);
  const save = useMutation({
    mutationFn: (c: Record<StandardKind, ControlAction>) => standardsApi.saveControls(c),
    onSuccess: (data) => {
      qc.setQueryData(standardKeys.setting, data);
      void message.success('已保存');
    },
  });
  const editable = can([STANDARD_PERM.controlEdit]);
  return (
    <Card title="管控设置" className="fk-panel" data-testid="control-settings">
      <Typography.Paragraph type="secondary">
        消费或报销超出差旅标准、费用标准时的处理方式。场景规则和单据检查都按这里的设置给出结论。
      </Typography.Paragraph>
      {!controls ? (
        <Skeleton active />
      ) : (
        <>
          <Table
            rowKey="kind"
            size="middle"
            pagination={false}
            dataSource={STANDARD_KINDS.map((k) => ({ kind: k }))}
            columns={[
              { title: '标准', dataIndex: 'kind', width: 160, render: (k: StandardKind) => KIND_TEXT[k] },
              {
                title: '超标后',
                key: 'action',
                render: (_: unknown, r: { kind: StandardKind }) => (
                  <Radio.Group
                    aria-label={`${KIND_TEXT[r.kind]}超标后`}
                    disabled={!editable}
                    value={controls[r.kind]}
                    onChange={(e) => setControls({ ...controls, [r.kind]: e.target.value as ControlAction })}
                    options={CONTROL_ACTIONS.map((a) => ({
                      value: a,
                      label: CONTROL_ACTION_LABEL[a],
                      title: HINT[a],
                    }))}
                  />
                ),
              },
            ]}
          />
          <div className="fk-toolbar" style={{ marginTop: 12 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {setting.data?.updatedAt
                ? `最近修改：${setting.data.updatedByName || '—'} ${formatDateTime(setting.data.updatedAt)}`
                : '尚未设置，超标时默认需填写原因并审批'}
            </Typography.Text>
            {editable && (
              <Button type="primary" loading={save.isPending} onClick={() => save.mutate(controls)}>
                保存
              </Button>
            )}
          </div>
        </>
      )}
    </Card>
  );
}
