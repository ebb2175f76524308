import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BUDGET_PULL_INTERVALS,
  BudgetInterfacePageQuery,
  BudgetPullIntervalLabel,
  formatDateTime,
} from '@feikong/contracts';
import { integrationApi, type BudgetInterfaceRow, type BudgetProbe } from '@/api/integration';
import { RequestError } from '@/api/http/errors';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { EditDialog, useEditDialog } from '@/components/EditDialog/EditDialog';
import { ListSearch, ListTable, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { BudgetInterfaceDrawer } from './BudgetInterfaceDrawer';
import { ProbeResult } from './ProbeResult';
import { INTEGRATION_BUDGET_PERM, interfacePageQuery, useIntegrationMutation } from './queries';

const STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'green', 2: 'red' };
const PULL_OPTIONS = BUDGET_PULL_INTERVALS.map((v) => ({ value: v, label: BudgetPullIntervalLabel[v] }));

interface InterfaceForm {
  name: string;
  base_url: string;
  app_key: string;
  secret?: string;
  pull_interval: number;
}

/** What a 测试/连接 said, or why it could not ask (its errors are silent: shown here, not toasted). */
type Probe = { ok: boolean; msg: string; at: number | null; busy?: boolean };
const probeOf = (r: BudgetProbe): Probe => ({ ok: r.ok, msg: r.msg, at: r.tested_at });
const failed = (e: unknown): Probe => ({
  ok: false,
  msg: e instanceof RequestError ? e.msg : '请求失败，请稍后重试',
  at: null,
});

/**
 * 预算接口 (设置中心 › 集成中心, /setcenter/integration/budget; spec 7.5, decision 0056): the tenant's links to
 * external budget systems. 新增/编辑 (the secret is write-only), 测试 and 连接 (answers inline, no toast),
 * 删除, and 详情: the linked budgets (关联, 取消关联, 立即拉取) and the pushed events (待推送, 推送失败 with the
 * last error, 重试).
 */
export default function BudgetInterfacePage() {
  const app = App.useApp();
  const { can } = useAccess();
  const canEdit = can([INTEGRATION_BUDGET_PERM.edit]);
  const u = useListParams(BudgetInterfacePageQuery, SNAKE_PAGE);
  const list = useQuery({
    ...interfacePageQuery(u.query),
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.items, total: d.page.total }),
  });
  const [probes, setProbes] = useState<Record<number, Probe>>({});
  const [detail, setDetail] = useState<BudgetInterfaceRow | null>(null);
  const remove = useIntegrationMutation(integrationApi.remove);
  const test = useIntegrationMutation(integrationApi.test);
  const link = useIntegrationMutation(integrationApi.link);

  const editor = useEditDialog<BudgetInterfaceRow, InterfaceForm>({
    initial: (item) =>
      item === 'new'
        ? { pull_interval: 0 }
        : {
            name: item.name,
            base_url: item.base_url,
            app_key: item.app_key,
            secret: '',
            pull_interval: item.pull_interval,
          },
    submit: (v, item) => {
      const body = {
        name: v.name.trim(),
        base_url: v.base_url.trim(),
        app_key: v.app_key.trim(),
        pull_interval: v.pull_interval,
      };
      return item === 'new'
        ? integrationApi.add({ ...body, secret: v.secret ?? '' })
        : integrationApi.update({ id: item.id, ...body, secret: v.secret ?? '' });
    },
    fields: ['name', 'base_url', 'app_key', 'secret', 'pull_interval'],
    refresh: () => list.refetch(),
  });

  const probe = (r: BudgetInterfaceRow, how: 'test' | 'link') => {
    setProbes((p) => ({
      ...p,
      [r.id]: { ok: false, msg: how === 'test' ? '测试中…' : '连接中…', at: null, busy: true },
    }));
    (how === 'test' ? test : link).mutate(r.id, {
      onSuccess: (res) => setProbes((p) => ({ ...p, [r.id]: probeOf(res) })),
      onError: (e) => setProbes((p) => ({ ...p, [r.id]: failed(e) })),
    });
  };
  const onDelete = (r: BudgetInterfaceRow) =>
    void confirmDelete(app, {
      content: `确定删除预算接口【${r.name}】吗？删除后关联的预算不再推送与拉取。`,
      remove: () => remove.mutateAsync(r.id),
      refusalAnswers: true,
    });

  const columns: ListColumn<BudgetInterfaceRow>[] = [
    {
      title: '接口名称',
      role: 'key',
      dataIndex: 'name',
      width: 150,
      render: (v: string, r) => <Typography.Link onClick={() => setDetail(r)}>{v}</Typography.Link>,
    },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'status',
      width: 90,
      render: (s: number, r) => <Tag color={STATUS_COLOR[s]}>{r.statusText}</Tag>,
    },
    {
      title: '测试结果',
      dataIndex: 'last_test_msg',
      width: 240,
      render: (_: string, r) => {
        const p = probes[r.id];
        if (p?.busy) return <Typography.Text type="secondary">{p.msg}</Typography.Text>;
        return p ? (
          <ProbeResult {...p} />
        ) : (
          <ProbeResult ok={r.last_test_ok} msg={r.last_test_msg} at={r.last_test_at} />
        );
      },
    },
    { title: '关联预算', dataIndex: 'linked_budgets', width: 80, align: 'right' },
    {
      title: '推送',
      dataIndex: 'pending_events',
      width: 120,
      render: (_: number, r) => (
        <Space size={4}>
          {r.pending_events > 0 && <Tag color="processing">待推送 {r.pending_events}</Tag>}
          {r.failed_events > 0 && <Tag color="error">失败 {r.failed_events}</Tag>}
          {r.pending_events === 0 && r.failed_events === 0 && (
            <Typography.Text type="secondary">—</Typography.Text>
          )}
        </Space>
      ),
    },
    { title: '接口地址', dataIndex: 'base_url', width: 200, ellipsis: true },
    { title: 'AppKey', dataIndex: 'app_key', width: 110, ellipsis: true },
    { title: '拉取周期', dataIndex: 'pullIntervalText', width: 100 },
    {
      title: '更新时间',
      dataIndex: 'updated_at',
      width: 140,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'op',
      width: 230,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          {canEdit && (
            <>
              <Button type="link" size="small" disabled={probes[r.id]?.busy} onClick={() => probe(r, 'test')}>
                测试
              </Button>
              <Button type="link" size="small" disabled={probes[r.id]?.busy} onClick={() => probe(r, 'link')}>
                连接
              </Button>
            </>
          )}
          <Button type="link" size="small" onClick={() => setDetail(r)}>
            详情
          </Button>
          {canEdit && (
            <>
              <Button type="link" size="small" aria-label={`编辑${r.name}`} onClick={() => editor.open(r)}>
                编辑
              </Button>
              <Button
                type="link"
                size="small"
                danger
                aria-label={`删除${r.name}`}
                onClick={() => onDelete(r)}
              >
                删除
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  const creating = editor.editing === 'new';
  return (
    <Card
      title="预算接口"
      data-testid="budget-interface-page"
      className="fk-panel"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open('new')}>
            新增接口
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        连接外部预算系统：按周期拉取预算表并发布为预算的新版本；单据的预占、已用、释放实时推送给外部系统（带幂等键，失败自动重试）。
      </Typography.Paragraph>
      <ListTable<BudgetInterfaceRow>
        query={list}
        paging={{ ...u, total: list.data?.total }}
        what="「预算接口」"
        columns={columns}
        filters={
          <ListSearch
            value={u.query.keyword}
            placeholder="接口名称"
            onSearch={(v) => u.set({ keyword: v || undefined })}
          />
        }
      />
      <EditDialog state={editor} noun="预算接口" width={560} height={620}>
        <Form.Item
          name="name"
          label="接口名称"
          rules={[{ required: true, whitespace: true, message: '请输入接口名称' }]}
        >
          <Input maxLength={50} placeholder="例如：集团预算系统" />
        </Form.Item>
        <Form.Item
          name="base_url"
          label="接口地址"
          rules={[{ required: true, whitespace: true, message: '请输入接口地址' }]}
          extra="外部预算系统的 http(s) 地址，例如 https://budget.example.com/api"
        >
          <Input maxLength={300} placeholder="https://" />
        </Form.Item>
        <Form.Item
          name="app_key"
          label="AppKey"
          rules={[{ required: true, whitespace: true, message: '请输入AppKey' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="secret"
          label="密钥"
          rules={
            creating
              ? [
                  { required: true, message: '请输入密钥' },
                  { min: 8, message: '至少8个字符' },
                ]
              : [{ min: 8, message: '至少8个字符' }]
          }
          extra={creating ? '密钥加密保存，保存后不再显示' : '已设置密钥；留空则不修改'}
        >
          <Input.Password
            maxLength={200}
            autoComplete="new-password"
            placeholder={creating ? '' : '留空则不修改'}
          />
        </Form.Item>
        <Form.Item name="pull_interval" label="拉取周期">
          <Select options={PULL_OPTIONS} />
        </Form.Item>
      </EditDialog>
      {detail && <BudgetInterfaceDrawer row={detail} canEdit={canEdit} onClose={() => setDetail(null)} />}
    </Card>
  );
}
