import { PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, PlatformConfigListQuery, SYNC_INTERVALS } from '@feikong/contracts';
import { orgApi, type UnitNode } from '@/api/org';
import { platformApi, type PlatformCatalogueItem, type PlatformOrgConfigRow } from '@/api/integration';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { EditDialog, useEditDialog } from '@/components/EditDialog/EditDialog';
import { ListSearch, ListTable, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { DirectorySyncDrawer } from './DirectorySyncDrawer';
import {
  INTEGRATION_PLATFORM_PERM,
  platformCatalogueQuery,
  platformConfigsQuery,
  platformListQuery,
  usePlatformMutation,
} from './platformQueries';

const INTERVAL_LABEL: Record<number, string> = {
  0: '仅手动同步',
  60: '每小时',
  360: '每6小时',
  1440: '每天',
};
const INTERVAL_OPTIONS = SYNC_INTERVALS.map((v) => ({ value: v, label: INTERVAL_LABEL[v] }));

interface ConfigForm {
  org_id?: number;
  corp_id?: string;
  app_key?: string;
  agent_id?: string;
  app_secret?: string;
  auto_apply_threshold: number;
  grace_days: number;
  sync_interval: number;
}

type TreeOption = { value: number; title: string; children: TreeOption[] };
const orgOptions = (nodes: UnitNode[]): TreeOption[] =>
  nodes
    .filter((n) => n.org_type !== 'dept')
    .map((n) => ({ value: n.id, title: n.name, children: orgOptions(n.children ?? []) }));

/**
 * 第三方平台 (设置中心 › 集成中心, /setcenter/integration/platform; spec 7.5 platformConfig, decision 0061): the
 * platforms (钉钉、企业微信、飞书) the tenant added, whether each is running, and per organisation its app
 * credentials (the secret is write-only: shown masked), enabled or not, with the directory sync's settings.
 */
export default function PlatformConfigPage() {
  const app = App.useApp();
  const { can } = useAccess();
  const canEdit = can([INTEGRATION_PLATFORM_PERM.edit]);
  const catalogue = useQuery(platformCatalogueQuery());
  const platforms = useQuery(platformListQuery());
  const [chosen, setChosen] = useState<number | null>(null);
  const current = platforms.data?.find((p) => p.id === chosen) ?? platforms.data?.[0] ?? null;
  const add = usePlatformMutation(platformApi.add);
  const removePlatform = usePlatformMutation(platformApi.remove);

  const onRemovePlatform = (id: number, name: string) =>
    void confirmDelete(app, {
      content: `确定删除平台【${name}】吗？`,
      remove: () => removePlatform.mutateAsync(id),
      refusalAnswers: true,
    });

  return (
    <Card title="第三方平台" data-testid="platform-config-page" className="fk-panel">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        为各组织接入钉钉、企业微信或飞书：配置应用凭证（密钥加密保存，只显示后四位）后启用，即可使用第三方登录与通讯录同步。
      </Typography.Paragraph>
      <Space size={12} wrap style={{ marginBottom: 16 }}>
        {(catalogue.data ?? []).map((p: PlatformCatalogueItem) => {
          const mine = platforms.data?.find((x) => x.platform === p.platform);
          return (
            <Card
              key={p.platform}
              size="small"
              style={{ width: 260, borderColor: mine && mine.id === current?.id ? '#1677ff' : undefined }}
              data-testid={`platform-${p.platform}`}
              title={p.name}
              extra={
                mine ? (
                  <Tag color={mine.running ? 'green' : 'default'}>{mine.running ? '运行中' : '未启用'}</Tag>
                ) : (
                  <Tag>未添加</Tag>
                )
              }
            >
              {mine ? (
                <Space>
                  <Button size="small" type="link" onClick={() => setChosen(mine.id)}>
                    组织配置（{mine.config_num}）
                  </Button>
                  {canEdit && (
                    <Button size="small" type="link" danger onClick={() => onRemovePlatform(mine.id, p.name)}>
                      删除
                    </Button>
                  )}
                </Space>
              ) : (
                canEdit && (
                  <Button
                    size="small"
                    icon={<PlusOutlined />}
                    loading={add.isPending && add.variables === p.platform}
                    onClick={() => add.mutate(p.platform, { onSuccess: (r) => setChosen(r.id) })}
                  >
                    添加{p.name}
                  </Button>
                )
              )}
            </Card>
          );
        })}
      </Space>
      {current ? (
        <PlatformConfigs
          key={current.id}
          platformId={current.id}
          fields={catalogue.data?.find((c) => c.platform === current.platform)?.fields ?? []}
          name={current.name}
          canEdit={canEdit}
        />
      ) : (
        <Empty description="还没有添加平台" />
      )}
    </Card>
  );
}

function PlatformConfigs(props: {
  platformId: number;
  name: string;
  fields: PlatformCatalogueItem['fields'];
  canEdit: boolean;
}) {
  const app = App.useApp();
  const u = useListParams(PlatformConfigListQuery.omit({ platform_id: true }), SNAKE_PAGE);
  const list = useQuery({
    ...platformConfigsQuery({ ...u.query, platform_id: props.platformId }),
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.items, total: d.page.total }),
  });
  const orgs = useQuery({ queryKey: ['org', 'tree'], queryFn: ({ signal }) => orgApi.orgTree(signal) });
  const enable = usePlatformMutation((v: { id: number; enabled: 0 | 1 }) =>
    platformApi.enableConfig(v.id, v.enabled),
  );
  const remove = usePlatformMutation(platformApi.removeConfig);
  const [syncing, setSyncing] = useState<PlatformOrgConfigRow | null>(null);

  const editor = useEditDialog<PlatformOrgConfigRow, ConfigForm>({
    initial: (item) =>
      item === 'new'
        ? { auto_apply_threshold: 0, grace_days: 7, sync_interval: 0 }
        : {
            org_id: item.org_id,
            corp_id: item.corp_id,
            app_key: item.app_key,
            agent_id: item.agent_id,
            app_secret: '',
            auto_apply_threshold: item.auto_apply_threshold,
            grace_days: item.grace_days,
            sync_interval: item.sync_interval,
          },
    submit: (v, item) => {
      const body = {
        corp_id: v.corp_id?.trim() ?? '',
        app_key: v.app_key?.trim() ?? '',
        agent_id: v.agent_id?.trim() ?? '',
        auto_apply_threshold: v.auto_apply_threshold,
        grace_days: v.grace_days,
        sync_interval: v.sync_interval,
      };
      return item === 'new'
        ? platformApi.addConfigs({
            platform_id: props.platformId,
            items: [{ ...body, org_id: v.org_id ?? 0, app_secret: v.app_secret ?? '' }],
          })
        : platformApi.editConfig({ id: item.id, ...body, app_secret: v.app_secret ?? '' });
    },
    fields: ['org_id', 'corp_id', 'app_key', 'agent_id', 'app_secret', 'auto_apply_threshold', 'grace_days'],
    refresh: () => list.refetch(),
  });
  const creating = editor.editing === 'new';
  const label = (key: string) => props.fields.find((f) => f.key === key);

  const columns: ListColumn<PlatformOrgConfigRow>[] = [
    { title: '组织', role: 'key', dataIndex: 'org_name', width: 160 },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'enabled',
      width: 90,
      render: (on: boolean, r) =>
        props.canEdit ? (
          <Switch
            size="small"
            checked={on}
            aria-label={`启用${r.org_name}`}
            checkedChildren="启用"
            unCheckedChildren="停用"
            onChange={(v) => enable.mutate({ id: r.id, enabled: v ? 1 : 0 })}
          />
        ) : (
          <Tag color={on ? 'green' : 'default'}>{on ? '启用' : '停用'}</Tag>
        ),
    },
    { title: label('corp_id')?.label ?? 'CorpId', dataIndex: 'corp_id', width: 160, ellipsis: true },
    ...(label('app_key') && label('app_key')!.label !== label('corp_id')?.label
      ? [{ title: label('app_key')!.label, dataIndex: 'app_key', width: 140, ellipsis: true }]
      : []),
    { title: 'AgentId', dataIndex: 'agent_id', width: 100 },
    { title: '密钥', dataIndex: 'app_secret_mask', width: 100 },
    {
      title: '自动同步',
      dataIndex: 'sync_interval',
      width: 100,
      render: (v: number) => INTERVAL_LABEL[v] ?? `${v}分钟`,
    },
    {
      title: '最近同步',
      dataIndex: 'last_sync_at',
      width: 140,
      render: (ms: number | null) => (ms ? formatDateTime(ms, 'YYYY-MM-DD HH:mm') : '—'),
    },
    {
      title: '操作',
      key: 'op',
      width: 200,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            aria-label={`通讯录同步${r.org_name}`}
            onClick={() => setSyncing(r)}
          >
            通讯录同步
          </Button>
          {props.canEdit && (
            <>
              <Button
                type="link"
                size="small"
                aria-label={`编辑${r.org_name}`}
                onClick={() => editor.open(r)}
              >
                编辑
              </Button>
              <Button
                type="link"
                size="small"
                danger
                aria-label={`删除${r.org_name}`}
                onClick={() =>
                  void confirmDelete(app, {
                    content: `确定删除【${r.org_name}】的${props.name}配置吗？已同步的员工与部门保留。`,
                    remove: () => remove.mutateAsync(r.id),
                    refusalAnswers: true,
                  })
                }
              >
                删除
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListTable<PlatformOrgConfigRow>
        query={list}
        paging={{ ...u, total: list.data?.total }}
        what={`「${props.name}」组织配置`}
        columns={columns}
        filters={
          <Space>
            <ListSearch
              value={u.query.keyword}
              placeholder="组织名称、CorpId"
              onSearch={(v) => u.set({ keyword: v || undefined })}
            />
            {props.canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open('new')}>
                新增组织配置
              </Button>
            )}
          </Space>
        }
      />
      <EditDialog state={editor} noun={`${props.name}配置`} width={560} height={640}>
        <Form.Item name="org_id" label="组织" rules={[{ required: true, message: '请选择组织' }]}>
          <TreeSelect
            disabled={!creating}
            treeData={orgOptions(orgs.data ?? [])}
            treeDefaultExpandAll
            placeholder="请选择组织"
          />
        </Form.Item>
        {props.fields
          .filter((f) => !f.secret)
          .map((f) => (
            <Form.Item
              key={f.key}
              name={f.key}
              label={f.label}
              rules={f.required ? [{ required: true, whitespace: true, message: `请输入${f.label}` }] : []}
            >
              <Input maxLength={200} />
            </Form.Item>
          ))}
        <Form.Item
          name="app_secret"
          label={label('app_secret')?.label ?? '密钥'}
          rules={
            creating
              ? [
                  { required: true, message: '请输入密钥' },
                  { min: 8, message: '至少8个字符' },
                ]
              : [{ min: 8, message: '至少8个字符' }]
          }
          extra={creating ? '密钥加密保存，保存后只显示后四位' : '已设置密钥；留空则不修改'}
        >
          <Input.Password
            maxLength={200}
            autoComplete="new-password"
            placeholder={creating ? '' : '留空则不修改'}
          />
        </Form.Item>
        <Form.Item name="sync_interval" label="自动同步">
          <Select options={INTERVAL_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="auto_apply_threshold"
          label="自动应用阈值"
          extra="同步结果的变更条数不超过该值时自动应用；0 表示每次都需要确认"
        >
          <InputNumber min={0} max={100000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="grace_days"
          label="离开宽限天数"
          extra="上游不再返回的员工保留该天数后再标记给管理员处理"
        >
          <InputNumber min={0} max={365} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </EditDialog>
      {syncing && (
        <DirectorySyncDrawer row={syncing} canEdit={props.canEdit} onClose={() => setSyncing(null)} />
      )}
    </>
  );
}
