import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AnnouncementQuery,
  AnnouncementStatus,
  AnnouncementStatusLabel,
  formatDateTime,
  optionsOf,
} from '@feikong/contracts';
import { baseApi, type AnnouncementRow } from '@/api/base';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { EditDialog, useEditDialog } from '@/components/EditDialog/EditDialog';
import { ListSearch, ListTable, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';

const PERM = { view: 'announcement:view', edit: 'announcement:edit' } as const;
const KEY = ['base', 'announcements'] as const;
const STATUS_COLOR: Record<number, string> = { 1: 'default', 2: 'green', 3: 'orange' };

interface AnnouncementForm {
  title: string;
  content: string;
}

/**
 * 公告管理 (设置中心 › 公告管理, /setcenter/announcement; decision 0060): the tenant's announcements — 新增 / 编辑
 * a draft (or a withdrawn one), 发布 (staff see it on the workbench at once), 撤回, 删除 (not while published).
 */
export default function AnnouncementPage() {
  const { can } = useAccess();
  const { modal, message } = App.useApp();
  const canEdit = can([PERM.edit]);
  const qc = useQueryClient();
  const u = useListParams(AnnouncementQuery, SNAKE_PAGE);
  const list = useQuery({
    queryKey: [...KEY, 'admin', u.query],
    queryFn: ({ signal }) => baseApi.announcements(u.query, signal),
    placeholderData: keepPreviousData,
    select: (d) => ({ items: d.items, total: d.page.total }),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  const step = useMutation({
    mutationFn: (a: { id: number; run: (id: number) => Promise<unknown>; done: string }) => a.run(a.id),
    onSuccess: async (_d, a) => {
      void message.success(a.done);
      await refresh();
    },
  });
  const editor = useEditDialog<AnnouncementRow, AnnouncementForm>({
    initial: (item) => (item === 'new' ? undefined : { title: item.title, content: item.content }),
    submit: (v, item) =>
      baseApi.saveAnnouncement({
        ...(item === 'new' ? {} : { id: item.id }),
        title: v.title.trim(),
        content: v.content.trim(),
      }),
    fields: ['title', 'content'],
    createdText: '已保存为草稿',
    refresh,
  });

  const columns: ListColumn<AnnouncementRow>[] = [
    { title: '公告标题', role: 'key', dataIndex: 'title', width: 260, ellipsis: true },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'status',
      width: 80,
      render: (v: number, r) => <Tag color={STATUS_COLOR[v]}>{r.statusText}</Tag>,
    },
    {
      title: '发布时间',
      dataIndex: 'publish_time',
      width: 150,
      render: (ms: number) => (ms ? formatDateTime(ms, 'YYYY-MM-DD HH:mm') : '—'),
    },
    { title: '创建人', dataIndex: 'author_name', width: 100 },
    {
      title: '更新时间',
      dataIndex: 'updated_at',
      width: 150,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
  ];
  if (canEdit)
    columns.push({
      title: '操作',
      key: 'op',
      width: 190,
      fixed: 'right',
      render: (_: unknown, r) => {
        const published = r.status === AnnouncementStatus.published;
        return (
          <Space size={0}>
            {published ? (
              <Button
                type="link"
                size="small"
                aria-label={`撤回${r.title}`}
                onClick={() => step.mutate({ id: r.id, run: baseApi.withdrawAnnouncement, done: '已撤回' })}
              >
                撤回
              </Button>
            ) : (
              <>
                <Button
                  type="link"
                  size="small"
                  aria-label={`发布${r.title}`}
                  onClick={() =>
                    step.mutate({ id: r.id, run: baseApi.publishAnnouncement, done: '发布成功' })
                  }
                >
                  发布
                </Button>
                <Button type="link" size="small" aria-label={`编辑${r.title}`} onClick={() => editor.open(r)}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  aria-label={`删除${r.title}`}
                  onClick={() =>
                    void confirmDelete(
                      { modal, message },
                      {
                        content: `确定删除公告【${r.title}】吗？`,
                        remove: () => baseApi.deleteAnnouncement(r.id).then(refresh),
                      },
                    )
                  }
                >
                  删除
                </Button>
              </>
            )}
          </Space>
        );
      },
    });

  return (
    <Card
      title="公告管理"
      className="fk-panel"
      data-testid="announcement-list"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open('new')}>
            新增公告
          </Button>
        )
      }
    >
      <ListTable<AnnouncementRow>
        query={list}
        what="「公告」"
        columns={columns}
        paging={{ pageNum: u.pageNum, pageSize: u.pageSize, setPage: u.setPage, total: list.data?.total }}
        filters={
          <Space wrap>
            <ListSearch
              debounce
              value={u.query.keyword}
              placeholder="公告标题"
              style={{ width: 220 }}
              onSearch={(v) => u.set({ keyword: v })}
            />
            <Select
              allowClear
              placeholder="全部状态"
              style={{ width: 130 }}
              value={u.query.status}
              options={optionsOf(AnnouncementStatus, AnnouncementStatusLabel)}
              onChange={(v) => u.set({ status: v })}
            />
          </Space>
        }
      />
      <EditDialog state={editor} noun="公告" width={640} height={520}>
        <Form.Item
          name="title"
          label="公告标题"
          rules={[{ required: true, whitespace: true, message: '请输入公告标题' }]}
        >
          <Input maxLength={60} showCount placeholder="例如：国庆节放假安排" />
        </Form.Item>
        <Form.Item
          name="content"
          label="公告内容"
          rules={[{ required: true, whitespace: true, message: '请输入公告内容' }]}
        >
          <Input.TextArea rows={10} maxLength={5000} showCount placeholder="请输入公告内容" />
        </Form.Item>
        <Typography.Text type="secondary">保存后为草稿，点击「发布」后员工即可在工作台看到。</Typography.Text>
      </EditDialog>
    </Card>
  );
}
