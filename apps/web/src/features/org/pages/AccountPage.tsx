import { BankOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Select, Space } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatBankCard, formatDateTime, OrgAccountListQuery } from '@feikong/contracts';
import { orgApi, type Account, type AccountInput } from '@/api/org';
import { Access, useAccess } from '@/components/Access';
import { confirmDelete } from '@/components/confirmDelete';
import { actionColumn, EditDialog, useEditDialog } from '@/components/EditDialog/EditDialog';
import {
  ListSearch,
  ListTable,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
  ListSelect,
} from '@/components/ListPage';
import { orgKeys, ORG_PERM, useOrgOptions } from '../hooks/queries';
import '../org.css';

/** 账户管理 (设置中心 › 组织架构): the companies' bank accounts; add, edit, delete. Filters in the URL. */
export default function AccountPage() {
  const app = App.useApp();
  const client = useQueryClient();
  const { can } = useAccess();
  const editable = can([ORG_PERM.accountEdit]);
  const orgOptions = useOrgOptions();
  const u = useListParams(OrgAccountListQuery, SNAKE_PAGE);
  const q = u.query;
  const orgId = q.org_id;
  const list = useQuery({
    queryKey: orgKeys.accounts(q),
    queryFn: () => orgApi.accounts(q),
    placeholderData: keepPreviousData,
  });

  const refresh = () => client.invalidateQueries({ queryKey: ['org', 'accounts'] });

  const editor = useEditDialog<Account, AccountInput>({
    initial: (a) =>
      a === 'new'
        ? { org_id: orgId }
        : {
            org_id: a.org_id,
            account_name: a.account_name,
            bank_name: a.bank_name,
            account_no: formatBankCard(a.account_no),
          },
    submit: (v, a) => {
      const body = {
        org_id: v.org_id,
        account_name: v.account_name.trim(),
        bank_name: v.bank_name.trim(),
        account_no: v.account_no.replace(/\s+/g, ''),
      };
      return a === 'new' ? orgApi.createAccount(body) : orgApi.updateAccount({ id: a.id, ...body });
    },
    fields: ['org_id', 'account_name', 'bank_name', 'account_no'],
    refresh,
  });

  const remove = (a: Account) =>
    confirmDelete(app, {
      content: `确定删除账户【${a.account_name}】（${a.bank_name}）吗？`,
      remove: () => orgApi.deleteAccount(a.id),
      then: refresh,
    });

  const columns: ListColumn<Account>[] = [
    {
      title: '账户名称',
      dataIndex: 'account_name',
      width: 220,
      role: 'key',
      render: (n: string) => (
        <Space>
          <BankOutlined style={{ color: '#13a8a8' }} />
          {n}
        </Space>
      ),
    },
    { title: '开户银行', dataIndex: 'bank_name', width: 220, ellipsis: true },
    {
      title: '银行账号',
      dataIndex: 'account_no',
      width: 240,
      render: (n: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatBankCard(n)}</span>,
    },
    { title: '所属公司', dataIndex: 'org_name', width: 200, ellipsis: true },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (v: number) => formatDateTime(v) },
    ...(editable ? [actionColumn<Account>({ edit: editor.open, remove })] : []),
  ];

  return (
    <div className="fk-panel" data-testid="account-page">
      <div className="fk-page-title">账户管理</div>
      <ListTable<Account>
        query={list}
        what="「账户」"
        paging={u}
        columns={columns}
        filters={
          <>
            <ListSelect u={u} field="org_id" placeholder="全部公司" width={200} options={orgOptions} />
            <ListSearch
              value={q.keyword}
              placeholder="搜索账户名称、银行或账号"
              onSearch={(v) => u.set({ keyword: v })}
            />
          </>
        }
        actions={
          <Access perms={[ORG_PERM.accountEdit]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open('new')}>
              新增账户
            </Button>
          </Access>
        }
      />
      <EditDialog state={editor} noun="账户" width={520} height={440}>
        <Form.Item label="所属公司" name="org_id" rules={[{ required: true, message: '请选择所属公司' }]}>
          <Select placeholder="请选择公司" options={orgOptions} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item
          label="账户名称"
          name="account_name"
          rules={[
            { required: true, whitespace: true, message: '请输入账户名称' },
            { max: 100, message: '不能超过100个字符' },
          ]}
        >
          <Input maxLength={100} placeholder="一般为公司全称" />
        </Form.Item>
        <Form.Item
          label="开户银行"
          name="bank_name"
          rules={[
            { required: true, whitespace: true, message: '请输入开户银行' },
            { max: 100, message: '不能超过100个字符' },
          ]}
        >
          <Input maxLength={100} placeholder="例如：招商银行上海张江支行" />
        </Form.Item>
        <Form.Item
          label="银行账号"
          name="account_no"
          normalize={(v: string) => formatBankCard(v.replace(/[^\d\s]/g, ''))}
          rules={[
            { required: true, message: '请输入银行账号' },
            {
              validator: (_r, v: string | undefined) =>
                !v || /^\d{6,32}$/.test(v.replace(/\s+/g, ''))
                  ? Promise.resolve()
                  : Promise.reject(new Error('银行账号格式错误：6–32位数字')),
            },
          ]}
        >
          <Input maxLength={40} placeholder="6–32位数字" inputMode="numeric" />
        </Form.Item>
      </EditDialog>
    </div>
  );
}
