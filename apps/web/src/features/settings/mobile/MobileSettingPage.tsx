import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Image, Input, InputNumber, Select, Space, Tag, Upload } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { JumpPageType, JumpPageTypeLabel, optionsOf } from '@feikong/contracts';
import { baseApi, type MobileBannerRow } from '@/api/base';
import { uploadFile } from '@/api/http/upload';
import { useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { EditDialog, useEditDialog } from '@/components/EditDialog/EditDialog';
import { ListTable, type ListColumn } from '@/components/ListPage';

const PERM = { view: 'mobileSetting:view', edit: 'mobileSetting:edit' } as const;
const KEY = ['base', 'mobileBanners'] as const;

interface BannerForm {
  title: string;
  image_key: string;
  jump_type: number;
  jump_target?: string;
  sort?: number;
}

/** The image of a banner: uploaded through the files module (dir attachment); the form holds its key. */
function ImageInput({ value, onChange }: { value?: string; onChange?: (key: string) => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept="image/png,image/jpeg"
      showUploadList={false}
      beforeUpload={(file) => {
        setBusy(true);
        uploadFile(file, 'attachment')
          .then((up) => onChange?.(up.key))
          .catch((e: Error) => void message.error(e.message))
          .finally(() => setBusy(false));
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy} aria-label="上传图片">
        {value ? '已上传，点击更换' : '上传图片'}
      </Button>
    </Upload>
  );
}

/**
 * 移动端设置 (设置中心 › 移动端设置, /setcenter/mobileSetting; decision 0060): the mobile home's 轮播图 — image,
 * title, where a tap goes (跳转页面类型 1 展示页, 2 应用, 3 企业码, 4 App, 5 门店, with its target), order, enabled.
 */
export default function MobileSettingPage() {
  const { can } = useAccess();
  const { modal, message } = App.useApp();
  const canEdit = can([PERM.edit]);
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => baseApi.mobileBanners(signal),
    select: (d) => ({ items: d.items }),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  const editor = useEditDialog<MobileBannerRow, BannerForm>({
    initial: (item) =>
      item === 'new'
        ? { jump_type: JumpPageType.showcase, sort: 0 }
        : {
            title: item.title,
            image_key: item.image_key,
            jump_type: item.jump_type,
            jump_target: item.jump_target,
            sort: item.sort,
          },
    submit: (v, item) =>
      baseApi.saveMobileBanner({
        ...(item === 'new' ? {} : { id: item.id, enabled: item.enabled as 0 | 1 }),
        title: v.title.trim(),
        image_key: v.image_key,
        jump_type: v.jump_type,
        jump_target: v.jump_target?.trim() ?? '',
        sort: v.sort ?? 0,
      }),
    fields: ['title', 'image_key', 'jump_type', 'jump_target', 'sort'],
    refresh,
  });

  const columns: ListColumn<MobileBannerRow>[] = [
    {
      title: '图片',
      dataIndex: 'image_url',
      width: 120,
      render: (url: string, r) => (
        <Image src={url} alt={r.title} width={96} height={40} style={{ objectFit: 'cover' }} />
      ),
    },
    { title: '标题', role: 'key', dataIndex: 'title', width: 160, ellipsis: true },
    { title: '跳转页面类型', dataIndex: 'jumpTypeText', width: 110 },
    {
      title: '跳转目标',
      dataIndex: 'jump_target',
      width: 160,
      ellipsis: true,
      render: (v: string) => v || '—',
    },
    {
      title: '状态',
      role: 'status',
      dataIndex: 'enabled',
      width: 70,
      render: (v: number) => <Tag color={v ? 'green' : 'default'}>{v ? '启用' : '停用'}</Tag>,
    },
    { title: '排序', dataIndex: 'sort', width: 60, align: 'right' },
  ];
  if (canEdit)
    columns.push({
      title: '操作',
      key: 'op',
      width: 160,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`编辑${r.title}`} onClick={() => editor.open(r)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            aria-label={`${r.enabled ? '停用' : '启用'}${r.title}`}
            onClick={() =>
              void baseApi.setMobileBannerStatus(r.id, r.enabled ? 0 : 1).then(() => {
                void message.success(r.enabled ? '已停用' : '已启用');
                return refresh();
              })
            }
          >
            {r.enabled ? '停用' : '启用'}
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
                  content: `确定删除轮播图【${r.title}】吗？`,
                  remove: () => baseApi.deleteMobileBanner(r.id).then(refresh),
                },
              )
            }
          >
            删除
          </Button>
        </Space>
      ),
    });

  return (
    <Card
      title="移动端设置 · 轮播图"
      className="fk-panel"
      data-testid="mobile-banners"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open('new')}>
            新增轮播图
          </Button>
        )
      }
    >
      <ListTable<MobileBannerRow> query={list} what="「轮播图」" columns={columns} />
      <EditDialog state={editor} noun="轮播图" width={560} height={560}>
        <Form.Item
          name="title"
          label="标题"
          rules={[{ required: true, whitespace: true, message: '请输入标题' }]}
        >
          <Input maxLength={30} placeholder="例如：新春福利" />
        </Form.Item>
        <Form.Item name="image_key" label="图片" rules={[{ required: true, message: '请上传图片' }]}>
          <ImageInput />
        </Form.Item>
        <Form.Item
          name="jump_type"
          label="跳转页面类型"
          rules={[{ required: true, message: '请选择跳转页面类型' }]}
        >
          <Select options={optionsOf(JumpPageType, JumpPageTypeLabel)} />
        </Form.Item>
        <Form.Item
          name="jump_target"
          label="跳转目标"
          extra="应用、企业码、App、门店需填写目标（如应用编码、门店编号）"
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="数字越小越靠前">
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </EditDialog>
    </Card>
  );
}
