import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { flowApi, type FlowGroup } from '@/api/flow';
import { RequestError } from '@/api/http/request';
import { useAccess } from '@/components/Access';
import { FLOW_PERM, groupsQuery, useFlowMutation } from '../hooks/queries';

/** 流程分组 (flow/FlowGroup): the tenant's flow groups in order; add, rename, move, delete (refused while it holds flows). */
export default function FlowGroupPage() {
  const { can } = useAccess();
  const canEdit = can([FLOW_PERM.groupEdit]);
  const { modal, message } = App.useApp();
  const groups = useQuery(groupsQuery);
  const save = useFlowMutation(flowApi.saveGroup);
  const order = useFlowMutation(flowApi.orderGroups);
  const remove = useFlowMutation(flowApi.deleteGroup);
  const [editing, setEditing] = useState<FlowGroup | 'new' | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const rows = groups.data ?? [];

  const move = (i: number, step: -1 | 1) => {
    const ids = rows.map((g) => g.id);
    [ids[i], ids[i + step]] = [ids[i + step]!, ids[i]!];
    order.mutate({ ids });
  };
  const open = (g: FlowGroup | 'new') => {
    form.setFieldsValue({ name: g === 'new' ? '' : g.name });
    setEditing(g);
  };
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const { name } = v;
    await save.mutateAsync({ id: editing === 'new' ? undefined : editing!.id, name });
    void message.success('保存成功');
    setEditing(null);
  };

  const columns: TableColumnsType<FlowGroup> = [
    { title: '分组名称', dataIndex: 'name' },
    { title: '流程数', dataIndex: 'flowCount', width: 100, align: 'right' },
    ...(canEdit
      ? ([
          {
            title: '操作',
            key: 'op',
            width: 240,
            render: (_: unknown, g: FlowGroup, i: number) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  aria-label="上移"
                  onClick={() => move(i, -1)}
                />
                <Button
                  type="link"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={i === rows.length - 1}
                  aria-label="下移"
                  onClick={() => move(i, 1)}
                />
                <Button type="link" size="small" onClick={() => open(g)}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: '系统提示',
                      content: `确定删除分组【${g.name}】吗？`,
                      okText: '删除',
                      okButtonProps: { danger: true },
                      onOk: async () => {
                        try {
                          await remove.mutateAsync(g.id);
                          void message.success('删除成功');
                        } catch (e) {
                          modal.warning({
                            title: '无法删除',
                            content: e instanceof RequestError ? e.msg : '删除失败',
                            okText: '知道了',
                          });
                        }
                      },
                    })
                  }
                >
                  删除
                </Button>
              </Space>
            ),
          },
        ] as TableColumnsType<FlowGroup>)
      : []),
  ];

  return (
    <Card
      title="流程分组"
      className="fk-panel"
      data-testid="flow-group"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            新建分组
          </Button>
        )
      }
    >
      <Table<FlowGroup>
        rowKey="id"
        size="middle"
        loading={groups.isFetching}
        columns={columns}
        dataSource={rows}
        pagination={false}
      />
      <Modal
        title={editing === 'new' ? '新建分组' : '编辑分组'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label="分组名称"
            rules={[
              { required: true, whitespace: true, message: '请填写分组名称' },
              { max: 50, message: '不能超过50个字符' },
            ]}
          >
            <Input placeholder="如：费用报销" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
