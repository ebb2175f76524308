import { BankOutlined, EditOutlined, EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Checkbox,
  Descriptions,
  Empty,
  Form,
  Input,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { formatDateTime } from '@feikong/contracts';
import { orgApi, type Address, type AddressInput } from '@/api/org';
import { Access, useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { actionColumn, EditDialog, useEditDialog } from '@/components/EditDialog/EditDialog';
import { ListTable, type ListColumn } from '@/components/ListPage';
import { orgInfoQuery, orgKeys, ORG_PERM, unitsQuery } from '../hooks/queries';
import { findNode, flattenOrgs } from '../rules/tree';
import { UnitDialog, type UnitEdit } from '../components/UnitDialog';
import '../org.css';

const TYPE_LABEL: Record<string, string> = { group: '集团（顶级组织）', company: '公司', dept: '部门' };

/** 公司信息 (设置中心 › 组织架构): a company's details and its addresses (add, edit, default, delete). */
export default function CompanyInfoPage() {
  const app = App.useApp();
  const { message } = app;
  const client = useQueryClient();
  const { can } = useAccess();
  const addressEditable = can([ORG_PERM.companyEdit]);
  const units = useQuery(unitsQuery);
  const orgs = useMemo(() => flattenOrgs(units.data ?? []), [units.data]);
  const [orgId, setOrgId] = useState<number | null>(null);
  const [unitEdit, setUnitEdit] = useState<UnitEdit | null>(null);

  useEffect(() => {
    if (orgId === null && orgs[0]) setOrgId(orgs[0].node.id);
  }, [orgId, orgs]);
  const info = useQuery({ ...orgInfoQuery(orgId ?? 0), enabled: orgId !== null });
  const data = info.data;

  const refresh = () => client.invalidateQueries({ queryKey: orgKeys.all });

  const editor = useEditDialog<Address, AddressInput>({
    initial: (a) =>
      a === 'new'
        ? undefined
        : { name: a.name, address: a.address, contact: a.contact, phone: a.phone, is_default: a.is_default },
    submit: (v, a) => {
      const body = {
        name: v.name.trim(),
        address: v.address.trim(),
        contact: v.contact.trim(),
        phone: v.phone.trim(),
        is_default: !!v.is_default,
      };
      return a === 'new'
        ? orgApi.createAddress({ org_id: orgId!, ...body })
        : orgApi.updateAddress({ id: a.id, ...body });
    },
    fields: ['name', 'address', 'contact', 'phone', 'is_default'],
    refresh,
  });

  const makeDefault = async (a: Address) => {
    await orgApi.updateAddress({ id: a.id, is_default: true });
    void message.success(`已将「${a.name}」设为默认地址`);
    void refresh();
  };

  const remove = (a: Address) =>
    confirmDelete(app, {
      content: `确定删除地址【${a.name}】吗？`,
      remove: () => orgApi.deleteAddress(a.id),
      then: refresh,
    });

  const columns: ListColumn<Address>[] = [
    {
      title: '地址名称',
      dataIndex: 'name',
      width: 160,
      role: 'key',
      render: (n: string, a) => (
        <Space size={6}>
          <span>{n}</span>
          {a.is_default && <Tag color="blue">默认</Tag>}
        </Space>
      ),
    },
    { title: '详细地址', dataIndex: 'address', width: 280, ellipsis: true },
    { title: '联系人', dataIndex: 'contact', width: 120 },
    { title: '联系电话', dataIndex: 'phone', width: 140 },
    ...(addressEditable
      ? [
          actionColumn<Address>({
            edit: editor.open,
            remove,
            width: 190,
            extra: (a) =>
              !a.is_default && (
                <Button type="link" size="small" onClick={() => void makeDefault(a).catch(() => undefined)}>
                  设为默认
                </Button>
              ),
          }),
        ]
      : []),
  ];

  const node = orgId !== null && units.data ? findNode(units.data, `org-${orgId}`) : undefined;

  return (
    <div className="fk-split" data-testid="company-info-page">
      <div className="fk-panel fk-group-list">
        <div className="fk-page-title">公司</div>
        {units.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <ul className="fk-group-items" role="listbox" aria-label="公司">
            {orgs.map(({ node: o, depth }) => (
              <li key={o.key} role="option" aria-selected={o.id === orgId}>
                <button
                  type="button"
                  className={o.id === orgId ? 'fk-group-item fk-group-item-active' : 'fk-group-item'}
                  style={{ paddingLeft: 10 + depth * 14 }}
                  onClick={() => setOrgId(o.id)}
                >
                  <BankOutlined />
                  <span className="fk-group-name">{o.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="fk-split-main" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <div className="fk-panel">
          <div className="fk-toolbar">
            <div className="fk-page-title" style={{ margin: 0 }}>
              基本信息
            </div>
            {node && (
              <Access perms={[ORG_PERM.staffEdit]}>
                <Button icon={<EditOutlined />} onClick={() => setUnitEdit({ mode: 'edit', node })}>
                  编辑
                </Button>
              </Access>
            )}
          </div>
          {!data ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : (
            <Descriptions column={2} size="middle" bordered>
              <Descriptions.Item label="公司名称">{data.name}</Descriptions.Item>
              <Descriptions.Item label="公司全称">{data.full_name || '-'}</Descriptions.Item>
              <Descriptions.Item label="税号">
                {data.tax_id ? <Typography.Text copyable>{data.tax_id}</Typography.Text> : '-'}
              </Descriptions.Item>
              <Descriptions.Item label="类型">
                {TYPE_LABEL[data.org_type] ?? data.org_type}
                {data.source !== 0 && (
                  <Tag style={{ marginLeft: 8 }} color="purple">
                    第三方同步
                  </Tag>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="上级组织">{data.parent_name || '-'}</Descriptions.Item>
              <Descriptions.Item label="创建时间">{formatDateTime(data.created_at)}</Descriptions.Item>
              <Descriptions.Item label="部门数">{data.department_count}</Descriptions.Item>
              <Descriptions.Item label="在职 / 离职员工">
                {data.active_staff_count} / {data.resigned_staff_count}
              </Descriptions.Item>
            </Descriptions>
          )}
        </div>
        <div className="fk-panel">
          <div className="fk-toolbar">
            <div className="fk-page-title" style={{ margin: 0 }}>
              <EnvironmentOutlined style={{ color: '#1f6fff', marginRight: 6 }} />
              公司地址
            </div>
            <Access perms={[ORG_PERM.companyEdit]}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!data}
                onClick={() => editor.open('new')}
              >
                新增地址
              </Button>
            </Access>
          </div>
          <ListTable<Address>
            rows={data?.addresses ?? []}
            loading={info.isFetching}
            columns={columns}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有地址，收货、开票时会用到" />
              ),
            }}
          />
        </div>
      </div>
      <UnitDialog
        edit={unitEdit}
        onClose={() => setUnitEdit(null)}
        onDone={() => {
          setUnitEdit(null);
          void refresh();
        }}
      />
      <EditDialog
        state={editor}
        noun="地址"
        createTitle={`新增地址 · ${data?.name ?? ''}`}
        width={560}
        height={500}
      >
        <Form.Item
          label="地址名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入地址名称' },
            { max: 100, message: '不能超过100个字符' },
          ]}
        >
          <Input maxLength={100} placeholder="例如：总部、北京办公室" />
        </Form.Item>
        <Form.Item
          label="详细地址"
          name="address"
          rules={[
            { required: true, whitespace: true, message: '请输入详细地址' },
            { max: 300, message: '不能超过300个字符' },
          ]}
        >
          <Input.TextArea rows={2} maxLength={300} placeholder="省市区 + 街道门牌" />
        </Form.Item>
        <div className="fk-form-grid">
          <Form.Item
            label="联系人"
            name="contact"
            rules={[
              { required: true, whitespace: true, message: '请输入联系人' },
              { max: 50, message: '不能超过50个字符' },
            ]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            label="联系电话"
            name="phone"
            rules={[
              { required: true, whitespace: true, message: '请输入联系电话' },
              { pattern: /^[\d+\-() ]{7,20}$/, message: '联系电话格式错误' },
            ]}
          >
            <Input maxLength={20} placeholder="手机或座机" />
          </Form.Item>
        </div>
        <Form.Item name="is_default" valuePropName="checked">
          <Checkbox>设为默认地址</Checkbox>
        </Form.Item>
      </EditDialog>
    </div>
  );
}
