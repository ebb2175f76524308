import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, OrderSource, OrderSourceLabel } from '@feikong/contracts';
import { spendOrdersApi, type Channel, type ChannelWithKey } from '@/api/spendOrders';
import { useAccess } from '@/components/Access';
import { ListTable, type ListColumn } from '@/components/ListPage';
import { channelsQuery, ORDER_PERM, orderKeys } from '../queries';

/**
 * 消费渠道 (scenesOrderChannel): the channels that place orders through the signed intake. An administrator
 * with edit creates one and sees its secret key once (and again only by resetting it), enables or disables it.
 */
export default function ChannelPage() {
  const { can } = useAccess();
  const canEdit = can([ORDER_PERM.channelEdit]);
  const client = useQueryClient();
  const { message } = App.useApp();
  const list = useQuery(channelsQuery);
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ChannelWithKey | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: orderKeys.channels });
  const enable = useMutation({
    mutationFn: (v: { id: number; enabled: boolean }) => spendOrdersApi.enableChannel(v.id, v.enabled),
    onSuccess: () => void refresh(),
  });
  const reset = useMutation({
    mutationFn: (id: number) => spendOrdersApi.resetKey(id),
    onSuccess: (c) => {
      setShown(c);
      void message.success('密钥已重置，旧密钥立即失效');
    },
  });

  const columns: ListColumn<Channel>[] = [
    { title: '渠道名称', dataIndex: 'name', width: 160, role: 'key' },
    { title: '渠道编码', dataIndex: 'code', width: 120 },
    {
      title: 'App ID',
      dataIndex: 'appId',
      width: 240,
      render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
    },
    { title: '订单来源', dataIndex: 'sourceText', width: 110 },
    {
      title: '启用',
      dataIndex: 'enabled',
      width: 80,
      role: 'status',
      render: (v: boolean, r) => (
        <Switch
          size="small"
          checked={v}
          disabled={!canEdit}
          loading={enable.isPending && enable.variables?.id === r.id}
          onChange={(enabled) => enable.mutate({ id: r.id, enabled })}
        />
      ),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 150,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'op',
            width: 110,
            fixed: 'right' as const,
            render: (_: unknown, r: Channel) => (
              <Popconfirm title="重置后旧密钥立即失效，确定重置？" onConfirm={() => reset.mutate(r.id)}>
                <Button type="link" size="small">
                  重置密钥
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title="消费渠道" className="fk-panel" data-testid="channel-list">
      <ListTable<Channel>
        rows={list.data?.items}
        loading={list.isLoading}
        what="渠道"
        columns={columns}
        actions={
          canEdit && (
            <Button type="primary" onClick={() => setAdding(true)} data-testid="channel-add">
              新增渠道
            </Button>
          )
        }
      />
      {adding && (
        <AddChannelDialog
          onClose={() => setAdding(false)}
          onCreated={(c) => {
            setAdding(false);
            setShown(c);
            void refresh();
          }}
        />
      )}
      <Modal
        open={shown !== null}
        title="渠道密钥"
        onCancel={() => setShown(null)}
        footer={
          <Button type="primary" onClick={() => setShown(null)}>
            我已保存
          </Button>
        }
      >
        {shown && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type="warning">密钥只显示这一次，请立即复制并交给渠道保存。</Typography.Text>
            <Typography.Text>
              App ID：<Typography.Text copyable>{shown.appId}</Typography.Text>
            </Typography.Text>
            <Typography.Text>
              密钥：
              <Typography.Text copyable code data-testid="channel-secret">
                {shown.secretKey}
              </Typography.Text>
            </Typography.Text>
          </Space>
        )}
      </Modal>
    </Card>
  );
}

function AddChannelDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (c: ChannelWithKey) => void;
}) {
  const [form] = Form.useForm<{ code: string; name: string; source: number }>();
  const add = useMutation({ mutationFn: spendOrdersApi.addChannel, onSuccess: onCreated });
  return (
    <Modal open title="新增渠道" onCancel={onClose} onOk={() => form.submit()} confirmLoading={add.isPending}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ source: OrderSource.THIRD }}
        onFinish={(v) => add.mutate(v)}
      >
        <Form.Item name="name" label="渠道名称" rules={[{ required: true, message: '请输入渠道名称' }]}>
          <Input maxLength={50} placeholder="如：滴滴企业版" />
        </Form.Item>
        <Form.Item
          name="code"
          label="渠道编码"
          rules={[
            { required: true, message: '请输入渠道编码' },
            { pattern: /^[a-z][a-z0-9_-]{1,31}$/, message: '以小写字母开头，只能包含小写字母、数字、_ 和 -' },
          ]}
        >
          <Input maxLength={32} placeholder="如：didi" />
        </Form.Item>
        <Form.Item name="source" label="订单来源">
          <Select
            options={Object.entries(OrderSourceLabel).map(([v, l]) => ({ value: Number(v), label: l }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
